//! A small JSON object writer for the CLI's one-object outputs (`parse`).

use std::fmt::Write;

/// A JSON value the CLI prints.
pub enum Value {
    /// `null`
    Null,
    /// `true` / `false`
    Bool(bool),
    /// A number.
    Number(u64),
    /// A string (escaped on output).
    Str(String),
    /// An array of values.
    Array(Vec<Value>),
}

impl Value {
    /// A string value, or `null` when absent.
    pub fn opt_str(value: Option<impl ToString>) -> Value {
        value.map_or(Value::Null, |v| Value::Str(v.to_string()))
    }

    /// An array of strings.
    pub fn strings<T: ToString>(items: impl IntoIterator<Item = T>) -> Value {
        Value::Array(
            items
                .into_iter()
                .map(|i| Value::Str(i.to_string()))
                .collect(),
        )
    }

    fn write(&self, out: &mut String) {
        match self {
            Value::Null => out.push_str("null"),
            Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Value::Number(n) => {
                let _ = write!(out, "{n}");
            }
            Value::Str(s) => write_str(out, s),
            Value::Array(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    item.write(out);
                }
                out.push(']');
            }
        }
    }
}

/// Writes a JSON string (the library's one escaping, that of every JSON output).
pub fn write_str(out: &mut String, s: &str) {
    scoresheet_pgn::egd::json::push_json_string(out, s);
}

/// A JSON object with keys in insertion order.
pub fn object(fields: Vec<(&str, Value)>) -> String {
    let mut out = String::from("{");
    for (i, (key, value)) in fields.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        write_str(&mut out, key);
        out.push(':');
        value.write(&mut out);
    }
    out.push('}');
    out
}
