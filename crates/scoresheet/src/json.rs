//! JSON strings: the one escaping of every JSON the project writes (the syntax trees of
//! [`notation::syntax_tree`](crate::notation::syntax_tree) here; EGD, the database's JSON
//! columns, the export's CSV and the command-line tool's JSON through `scoresheet-pgn`), that
//! of `serde_json`: `\"`, `\\`, `\n`, `\r`, `\t`, `\b`, `\f`, other control characters as
//! `\u00XX` (lower-case hex); everything else as it is.
//!
//! ```
//! let mut out = String::new();
//! scoresheet::json::push_json_string(&mut out, "a\"b\\c\nd\u{8}e\u{1}é");
//! assert_eq!(out, r#""a\"b\\c\nd\be\u0001é""#);
//! ```

/// Appends `text` to `out` as a JSON string, quotes included.
pub fn push_json_string(out: &mut String, text: &str) {
    out.push('"');
    escape_json(text, |part| out.push_str(part));
    out.push('"');
}

/// Hands `emit` the inside of `text` as a JSON string, in pieces: runs of text that need no
/// escape, and escapes.
pub fn escape_json(text: &str, mut emit: impl FnMut(&str)) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let bytes = text.as_bytes();
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        let escape = match b {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            0x08 => "\\b",
            0x0c => "\\f",
            0..=0x1f => "",
            _ => continue,
        };
        // `i` is at an ASCII byte, so both slices end on character boundaries.
        emit(text.get(start..i).unwrap_or_default());
        start = i + 1;
        if escape.is_empty() {
            let code = [
                b'\\',
                b'u',
                b'0',
                b'0',
                HEX[usize::from(b >> 4)],
                HEX[usize::from(b & 15)],
            ];
            emit(std::str::from_utf8(&code).unwrap_or_default());
        } else {
            emit(escape);
        }
    }
    emit(text.get(start..).unwrap_or_default());
}
