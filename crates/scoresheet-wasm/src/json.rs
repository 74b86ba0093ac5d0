//! A small JSON text builder: objects and arrays written in order, strings escaped by the
//! library's EGD writer (`scoresheet_pgn::egd::push_json_string`).

use std::fmt::Write;

use scoresheet_pgn::egd::json::push_json_string;

/// JSON text under construction. Keys and values are appended in order; the caller opens
/// and closes objects and arrays.
#[derive(Debug, Default)]
pub(crate) struct Json {
    out: String,
    /// Whether the next item of the open container needs a comma before it.
    comma: bool,
}

impl Json {
    pub(crate) fn new() -> Json {
        Json::default()
    }

    fn sep(&mut self) {
        if self.comma {
            self.out.push(',');
        }
        self.comma = true;
    }

    /// `{`, as the next value.
    pub(crate) fn open(&mut self) -> &mut Json {
        self.sep();
        self.out.push('{');
        self.comma = false;
        self
    }

    /// `[`, as the next value.
    pub(crate) fn open_array(&mut self) -> &mut Json {
        self.sep();
        self.out.push('[');
        self.comma = false;
        self
    }

    /// `}`.
    pub(crate) fn close(&mut self) -> &mut Json {
        self.out.push('}');
        self.comma = true;
        self
    }

    /// `]`.
    pub(crate) fn close_array(&mut self) -> &mut Json {
        self.out.push(']');
        self.comma = true;
        self
    }

    /// `"name":`, the key of the next value.
    pub(crate) fn key(&mut self, name: &str) -> &mut Json {
        self.sep();
        push_json_string(&mut self.out, name);
        self.out.push(':');
        self.comma = false;
        self
    }

    /// A string value.
    pub(crate) fn str(&mut self, value: &str) -> &mut Json {
        self.sep();
        push_json_string(&mut self.out, value);
        self
    }

    /// A number (integers and finite floats; anything else is `null`).
    pub(crate) fn num(&mut self, value: impl Into<f64>) -> &mut Json {
        let value = value.into();
        self.sep();
        if value.is_finite() {
            let _ = write!(self.out, "{value}");
        } else {
            self.out.push_str("null");
        }
        self
    }

    /// `true` or `false`.
    pub(crate) fn bool(&mut self, value: bool) -> &mut Json {
        self.sep();
        self.out.push_str(if value { "true" } else { "false" });
        self
    }

    /// `null`.
    pub(crate) fn null(&mut self) -> &mut Json {
        self.sep();
        self.out.push_str("null");
        self
    }

    /// Already written JSON, as the next value.
    pub(crate) fn raw(&mut self, json: &str) -> &mut Json {
        self.sep();
        self.out.push_str(json);
        self
    }

    /// The text.
    pub(crate) fn finish(self) -> String {
        self.out
    }
}
