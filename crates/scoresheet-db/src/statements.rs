//! Counting the statements of a SQL text, so that a query of the user's that holds several is
//! refused instead of running only its first (SQLite) or failing at the server (PostgreSQL).
//!
//! A statement is the text between semicolons that holds more than blanks and comments.
//! Semicolons do not count inside quotes (`'...'` with `''`, `E'...'` with backslash escapes,
//! `"..."`, dollar quotes `$tag$...$tag$`) or comments (`-- ...`, nested `/* ... */`). A
//! semicolon inside a `CREATE TRIGGER` body is counted (a query does not create triggers).

/// How many statements `sql` holds.
pub(crate) fn count_statements(sql: &str) -> usize {
    let b = sql.as_bytes();
    let (mut i, mut count, mut content) = (0, 0, false);
    while i < b.len() {
        let next = b.get(i + 1).copied();
        i = match (b[i], next) {
            (b'-', Some(b'-')) => line_end(b, i),
            (b'/', Some(b'*')) => block_end(b, i),
            (b';', _) => {
                count += usize::from(content);
                content = false;
                i + 1
            }
            (c, _) if c.is_ascii_whitespace() => i + 1,
            (c, _) => {
                content = true;
                match c {
                    b'\'' => quote_end(b, i, b'\'', is_escape_string(b, i)),
                    b'"' => quote_end(b, i, b'"', false),
                    b'$' => dollar_end(b, i).unwrap_or(i + 1),
                    _ => i + 1,
                }
            }
        };
    }
    count + usize::from(content)
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80
}

/// Whether the quote at `i` opens an `E'...'` string (backslash escapes).
fn is_escape_string(b: &[u8], i: usize) -> bool {
    i >= 1 && matches!(b[i - 1], b'E' | b'e') && (i < 2 || !is_ident(b[i - 2]))
}

/// After the end of the line comment at `i`.
fn line_end(b: &[u8], i: usize) -> usize {
    b[i..]
        .iter()
        .position(|&c| c == b'\n')
        .map_or(b.len(), |n| i + n + 1)
}

/// After the (nested) block comment at `i`.
fn block_end(b: &[u8], mut i: usize) -> usize {
    let mut depth = 0usize;
    while i < b.len() {
        match (b[i], b.get(i + 1)) {
            (b'/', Some(b'*')) => (depth, i) = (depth + 1, i + 2),
            (b'*', Some(b'/')) => {
                (depth, i) = (depth - 1, i + 2);
                if depth == 0 {
                    return i;
                }
            }
            _ => i += 1,
        }
    }
    b.len()
}

/// After the string quoted by `quote` at `i` (a doubled quote is part of it).
fn quote_end(b: &[u8], mut i: usize, quote: u8, backslash: bool) -> usize {
    i += 1;
    while i < b.len() {
        match b[i] {
            b'\\' if backslash => i += 2,
            c if c == quote => {
                if b.get(i + 1) == Some(&quote) {
                    i += 2;
                } else {
                    return i + 1;
                }
            }
            _ => i += 1,
        }
    }
    b.len()
}

/// After the dollar-quoted string at `i`, if `$` opens one (`$$` or `$tag$`, the tag not
/// starting with a digit: `$1` is a parameter).
fn dollar_end(b: &[u8], i: usize) -> Option<usize> {
    if i > 0 && is_ident(b[i - 1]) {
        return None;
    }
    let len = b[i + 1..].iter().position(|&c| !is_ident(c) || c == b'$')?;
    let tag_end = i + 1 + len;
    if b.get(tag_end) != Some(&b'$') || b.get(i + 1).is_some_and(u8::is_ascii_digit) {
        return None;
    }
    let tag = &b[i..=tag_end];
    let body = tag_end + 1;
    let close = b[body..].windows(tag.len()).position(|w| w == tag);
    Some(close.map_or(b.len(), |n| body + n + tag.len()))
}

#[cfg(test)]
mod tests {
    use super::count_statements;

    #[test]
    fn ok_count_statements() {
        let cases = [
            ("", 0),
            ("  -- only a comment\n /* and another */ ;; ", 0),
            ("SELECT 1", 1),
            ("SELECT 1;", 1),
            ("SELECT 1; -- done\n", 1),
            ("SELECT 1; SELECT 2", 2),
            ("SELECT ';' AS a, 'it''s;' AS b;", 1),
            ("SELECT \"a;b\" FROM t", 1),
            ("SELECT E'\\';' ; SELECT 2", 2),
            ("SELECT $$a;b$$, $q$ $$; $q$", 1),
            ("SELECT $1; SELECT 2", 2),
            ("/* a /* nested; */ comment; */ SELECT 1", 1),
            ("SELECT 1 -- a; b\n; SELECT 2", 2),
            ("SELECT 'unterminated; SELECT 2", 1),
            ("SELECT 1 /* unterminated;", 1),
        ];
        for (sql, want) in cases {
            assert_eq!(count_statements(sql), want, "{sql:?}");
        }
    }
}
