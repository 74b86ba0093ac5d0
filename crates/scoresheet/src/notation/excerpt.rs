//! Showing untrusted input in messages: control and invalid UTF-8 bytes escaped, long inputs
//! cut to a window around the offset of interest.

use std::fmt::{self, Write};

/// Bytes of input shown at most, around the offset.
const WINDOW: usize = 80;

/// A piece of untrusted input fit for an error message: at most 80 bytes around an offset
/// (`…` marks what is cut), with control characters and invalid UTF-8 escaped (`\0`, `\t`,
/// `\x01`, `\u{85}`), so that no raw control byte reaches a terminal.
///
/// ```
/// use scoresheet::notation::Excerpt;
/// assert_eq!(Excerpt::new(b"e4\0", 2).to_string(), r"e4\0");
/// let long = "a".repeat(1000);
/// assert_eq!(Excerpt::new(long.as_bytes(), 500).to_string().chars().count(), 82);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Excerpt<'a> {
    input: &'a [u8],
    offset: usize,
}

/// An [`Excerpt`] on one line and a caret under its offset on the next, each indented by two
/// spaces, as the CLI prints under a syntax error (like regex-syntax's error formatter).
///
/// ```
/// use scoresheet::notation::Caret;
/// assert_eq!(Caret::new(b"e4\0", 2).to_string(), "  e4\\0\n    ^");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Caret<'a> {
    excerpt: Excerpt<'a>,
}

impl<'a> Excerpt<'a> {
    /// The input shown around byte `offset` (clamped to the input's length).
    pub const fn new(input: &'a [u8], offset: usize) -> Excerpt<'a> {
        Excerpt { input, offset }
    }

    /// The byte range shown: at most [`WINDOW`] bytes around the offset, on character
    /// boundaries where the input is UTF-8.
    fn window(&self) -> (usize, usize) {
        let len = self.input.len();
        let offset = self.offset.min(len);
        let mut start = offset
            .saturating_sub(WINDOW / 2)
            .min(len.saturating_sub(WINDOW));
        let mut end = (start + WINDOW).min(len);
        while start < offset && is_continuation(self.input[start]) {
            start += 1;
        }
        while end > offset && end < len && is_continuation(self.input[end]) {
            end -= 1;
        }
        (start, end)
    }

    /// The number of characters written before the offset (the caret's column).
    fn column(&self) -> usize {
        let (start, _) = self.window();
        let offset = self.offset.min(self.input.len());
        let mut counter = Counter(0);
        if start > 0 {
            counter.0 += 1;
        }
        let _ = write_escaped(&mut counter, &self.input[start..offset]);
        counter.0
    }
}

impl<'a> Caret<'a> {
    /// The input with a caret under byte `offset`.
    pub const fn new(input: &'a [u8], offset: usize) -> Caret<'a> {
        Caret {
            excerpt: Excerpt::new(input, offset),
        }
    }
}

const fn is_continuation(b: u8) -> bool {
    b & 0xC0 == 0x80
}

impl fmt::Display for Excerpt<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (start, end) = self.window();
        if start > 0 {
            f.write_char('…')?;
        }
        write_escaped(f, &self.input[start..end])?;
        if end < self.input.len() {
            f.write_char('…')?;
        }
        Ok(())
    }
}

impl fmt::Display for Caret<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "  {}\n  ", self.excerpt)?;
        for _ in 0..self.excerpt.column() {
            f.write_char(' ')?;
        }
        f.write_char('^')
    }
}

/// Counts the characters written.
struct Counter(usize);

impl Write for Counter {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0 += s.chars().count();
        Ok(())
    }
}

/// Writes bytes as text: valid UTF-8 as is except control characters, which are escaped,
/// and every other byte as `\xNN`.
fn write_escaped(f: &mut dyn Write, bytes: &[u8]) -> fmt::Result {
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            if c.is_control() {
                write_escaped_char(f, c)?;
            } else {
                f.write_char(c)?;
            }
        }
        for b in chunk.invalid() {
            write!(f, "\\x{b:02x}")?;
        }
    }
    Ok(())
}

fn write_escaped_char(f: &mut dyn Write, c: char) -> fmt::Result {
    match c {
        '\0' => f.write_str("\\0"),
        '\t' => f.write_str("\\t"),
        '\n' => f.write_str("\\n"),
        '\r' => f.write_str("\\r"),
        c if c.is_ascii() => write!(f, "\\x{:02x}", c as u32),
        c => write!(f, "\\u{{{:x}}}", c as u32),
    }
}

/// One byte as an error message shows it: printable ASCII as is, anything else escaped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct EscapedByte(pub(crate) u8);

impl fmt::Display for EscapedByte {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            b @ 0x20..=0x7e => f.write_char(char::from(b)),
            b if b.is_ascii() => write_escaped_char(f, char::from(b)),
            b => write!(f, "\\x{b:02x}"),
        }
    }
}

/// The offset of the first byte that no notation accepts anywhere: an ASCII control byte
/// other than the whitespace `\t`, `\n`, `\x0c`, `\r`.
pub(crate) fn first_control_byte(input: &[u8]) -> Option<(usize, u8)> {
    input
        .iter()
        .position(|b| b.is_ascii_control() && !b.is_ascii_whitespace())
        .map(|at| (at, input[at]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ok_excerpts() {
        let long = format!("{}X{}", "a".repeat(100), "b".repeat(100));
        let cases: &[(&[u8], usize, &str)] = &[
            (b"e4\0", 2, "  e4\\0\n    ^"),
            (b"\x01Nf3", 0, "  \\x01Nf3\n  ^"),
            (b"e4\n\t\x7f", 4, "  e4\\n\\t\\x7f\n        ^"),
            (b"\xff\xfeab", 2, "  \\xff\\xfeab\n          ^"),
            (
                "\u{2658}f3\u{85}".as_bytes(),
                3,
                "  \u{2658}f3\\u{85}\n   ^",
            ),
            (b"", 0, "  \n  ^"),
            (b"abc", 10, "  abc\n     ^"),
        ];
        for (input, offset, want) in cases {
            assert_eq!(Caret::new(input, *offset).to_string(), *want, "{input:?}");
        }
        let shown = Caret::new(long.as_bytes(), 100).to_string();
        let want = format!(
            "  …{}X{}…\n  {}^",
            "a".repeat(40),
            "b".repeat(39),
            " ".repeat(41)
        );
        assert_eq!(shown, want);
        let tail = Excerpt::new(long.as_bytes(), 201).to_string();
        assert_eq!(tail, format!("…{}", "b".repeat(80)));
    }

    #[test]
    fn ok_window_keeps_characters_whole() {
        let input = "\u{2658}".repeat(100);
        let shown = Excerpt::new(input.as_bytes(), 150).to_string();
        assert!(!shown.contains("\\x"), "{shown}");
        assert!(shown.chars().count() <= 82, "{shown}");
    }

    #[test]
    fn ok_escaped_bytes() {
        for (b, want) in [
            (0, "\\0"),
            (1, "\\x01"),
            (b'a', "a"),
            (0x7f, "\\x7f"),
            (0xc3, "\\xc3"),
        ] {
            assert_eq!(EscapedByte(b).to_string(), want);
        }
    }
}
