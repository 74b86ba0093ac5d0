//! Where the input may be cut into chunks of whole games for the workers: at a line starting
//! with `[` that follows a blank line, which follows a line not starting with `[`, outside any
//! brace comment. [`Cutter`] tracks `{`/`}` with `memchr2`, scanning each byte once.

/// Finds where a chunk may end: its brace depth is tracked from the chunk's start, and kept
/// between calls so that each byte is scanned once.
#[derive(Default)]
pub struct Cutter {
    /// Bytes before this offset have been scanned for braces.
    scanned: usize,
    /// Brace comment depth at `scanned`.
    depth: u32,
    /// Where the depth last became 0 (after a `}`), or 0.
    zero_since: usize,
}

impl Cutter {
    /// The offset of a line that may start the next chunk, at or after `from`, in `buf`
    /// (which holds the chunk's bytes from its start).
    pub fn find(&mut self, buf: &[u8], from: usize) -> Option<usize> {
        // From the newline before `from`, so that a line starting at `from` is found too.
        let mut at = from.saturating_sub(1).max(self.scanned);
        while at < buf.len() {
            let newline = at + memchr::memmem::find(&buf[at..], b"\n[")?;
            let start = newline + 1;
            self.braces(buf, start);
            at = start;
            if self.depth == 0 && after_blank_line(buf, newline) {
                return Some(start);
            }
        }
        None
    }

    /// Tracks the brace depth up to `end`.
    fn braces(&mut self, buf: &[u8], end: usize) {
        let mut at = self.scanned;
        while let Some(i) = memchr::memchr2(b'{', b'}', &buf[at..end]) {
            let i = at + i;
            match (buf[i], self.depth) {
                (b'}', 0) => {}
                (b'}', 1) => {
                    self.depth = 0;
                    self.zero_since = i + 1;
                }
                (b'}', _) => self.depth -= 1,
                (_, 0) if !self.opens_comment(buf, i) => {}
                _ => self.depth += 1,
            }
            at = i + 1;
        }
        self.scanned = end;
    }

    /// Whether the `{` at `i`, outside any brace comment, opens one: not on a tag line or an
    /// escape line, nor after a `;` comment. Only the bytes since the last comment closed, on
    /// the same line, are looked at (a `;` before a comment on a line stops it opening).
    fn opens_comment(&self, buf: &[u8], i: usize) -> bool {
        let since = self.zero_since;
        let line_start = match memchr::memrchr(b'\n', &buf[since..i]) {
            Some(n) => Some(since + n + 1),
            None if since == 0 => Some(0),
            // The line holds a comment that closed: it is movetext.
            None => None,
        };
        let from = line_start.unwrap_or(since);
        if line_start.is_some() && matches!(buf[from], b'[' | b'%') {
            return false;
        }
        memchr::memchr(b';', &buf[from..i]).is_none()
    }
}

/// Whether the lines before the `\n` at `newline` end with a blank line, and the last line
/// that is not blank is not a tag line.
fn after_blank_line(buf: &[u8], newline: usize) -> bool {
    let before = &buf[..newline];
    let Some(last) = before
        .iter()
        .rposition(|b| !matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
    else {
        return false;
    };
    if !before[last..].contains(&b'\n') {
        return false;
    }
    let line_start = memchr::memrchr(b'\n', &before[..last]).map_or(0, |n| n + 1);
    before[line_start] != b'['
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The offset of `needle` in `text`: offsets are taken from the text, never from `find`.
    fn at(text: &str, needle: &str) -> usize {
        text.find(needle).expect("the needle is in the text")
    }

    /// Cases: why, input, `from` (the offset of a needle plus a delta; `""` is offset 0), and
    /// the needle the cut must be at.
    const CUTS: &[(&str, &str, (&str, usize), &str)] = &[
        (
            "two games: the second game's first tag",
            "[Event \"1\"]\n[Site \"a\"]\n\n1. e4 e5 *\n\n[Event \"2\"]\n[Site \"b\"]\n\n1. d4 *\n",
            ("", 0),
            "[Event \"2\"]",
        ),
        (
            "CRLF line endings",
            "[Event \"1\"]\r\n[Site \"a\"]\r\n\r\n1. e4 e5 *\r\n\r\n[Event \"2\"]\r\n\r\n1. d4 *\r\n",
            ("", 0),
            "[Event \"2\"]",
        ),
        (
            "a blank line of spaces and tabs",
            "[Event \"1\"]\n\n1. e4 *\n \t \n[Event \"2\"]\n\n1. d4 *\n",
            ("", 0),
            "[Event \"2\"]",
        ),
        (
            "a game boundary inside a brace comment is not one",
            "[Event \"1\"]\n\n1. e4 { quoted:\n\n[Event \"x\"]\n\n1. d4 } e5 *\n\n[Event \"2\"]\n\n1. d4 *\n",
            ("", 0),
            "[Event \"2\"]",
        ),
        (
            "nested braces: the comment goes on after the inner `}`",
            "[Event \"1\"]\n\n1. e4 { a { b }\n\n[Event \"x\"]\n\nc } e5 *\n\n[Event \"2\"]\n\n1. d4 *\n",
            ("", 0),
            "[Event \"2\"]",
        ),
        (
            "a `{` in a tag value opens no comment",
            "[Event \"1\"]\n[Annotator \"{x\"]\n\n1. e4 *\n\n[Event \"2\"]\n\n1. d4 *\n",
            ("", 0),
            "[Event \"2\"]",
        ),
        (
            "a `{` after `;` opens no comment",
            "[Event \"1\"]\n\n1. e4 ; a { here\ne5 *\n\n[Event \"2\"]\n\n1. d4 *\n",
            ("", 0),
            "[Event \"2\"]",
        ),
        (
            "a `{` after `;`, after a comment closed on the same line, opens no comment",
            "[Event \"1\"]\n\n1. e4 {a\nb} e5 ; c { d\n*\n\n[Event \"2\"]\n\n1. d4 *\n",
            ("", 0),
            "[Event \"2\"]",
        ),
        (
            "a `{` on a `%` escape line opens no comment",
            "%{ escaped\n[Event \"1\"]\n\n1. e4\n%x { y\ne5 *\n\n[Event \"2\"]\n\n1. d4 *\n",
            ("", 0),
            "[Event \"2\"]",
        ),
        (
            "a `{` after a comment closed on the same line opens one",
            "[Event \"1\"]\n\n1. e4 {a} {b\n\n[Event \"x\"]\n\n} e5 *\n\n[Event \"2\"]\n\n1. d4 *\n",
            ("", 0),
            "[Event \"2\"]",
        ),
        (
            "a `;` inside a comment closed on the same line does not stop a `{` opening one",
            "[Event \"1\"]\n\n1. e4 {a ; b} {c\n\n[Event \"x\"]\n\n} e5 *\n\n[Event \"2\"]\n\n1. d4 *\n",
            ("", 0),
            "[Event \"2\"]",
        ),
        (
            "a `[` right after a closed comment is movetext: a `{` after it opens one",
            "[Event \"1\"]\n\n1. e4 {a}[%cal Ge2e4] {b\n\n[Event \"x\"]\n\n} e5 *\n\n[Event \"2\"]\n",
            ("", 0),
            "[Event \"2\"]",
        ),
        (
            "a line starting with `[` inside a comment is movetext once the comment closes",
            "[Event \"1\"]\n\n1. e4 {a\n[b} {c\n\n[Event \"x\"]\n\n} e5 *\n\n[Event \"2\"]\n",
            ("", 0),
            "[Event \"2\"]",
        ),
        (
            "a `}` outside any comment is ignored",
            "[Event \"1\"]\n\n1. e4 } e5 *\n\n[Event \"2\"]\n\n1. d4 { c } *\n\n[Event \"3\"]\n",
            ("", 0),
            "[Event \"2\"]",
        ),
        (
            "a blank line between tags of the same game is no cut",
            "[Event \"1\"]\n\n[Site \"a\"]\n\n1. e4 *\n\n[Event \"2\"]\n\n1. d4 *\n",
            ("", 0),
            "[Event \"2\"]",
        ),
        (
            "from beyond the first cut: the next one",
            "[Event \"1\"]\n\n1. e4 *\n\n[Event \"2\"]\n\n1. d4 *\n\n[Event \"3\"]\n\n1. c4 *\n",
            ("[Event \"2\"]", 1),
            "[Event \"3\"]",
        ),
        (
            "from just after the newline before a cut",
            "[Event \"1\"]\n\n1. e4 *\n\n[Event \"2\"]\n\n1. d4 *\n\n[Event \"3\"]\n\n1. c4 *\n",
            ("[Event \"2\"]", 0),
            "[Event \"2\"]",
        ),
        (
            "from inside a comment: braces before it are counted all the same",
            "[Event \"1\"]\n\n1. e4 { a\n\n[Event \"x\"]\n\n} *\n\n[Event \"2\"]\n\n1. d4 *\n",
            ("[Event \"x\"]", 0),
            "[Event \"2\"]",
        ),
    ];

    #[test]
    fn ok_find() {
        for &(why, text, (from, delta), want) in CUTS {
            let from = at(text, from) + delta;
            let got = Cutter::default().find(text.as_bytes(), from);
            assert_eq!(got, Some(at(text, want)), "{why}");
        }
    }

    #[test]
    fn err_find_no_cut() {
        let cases: &[(&str, &str, usize)] = &[
            ("empty", "", 0),
            ("one game", "[Event \"1\"]\n[Site \"a\"]\n\n1. e4 e5 *\n", 0),
            (
                "a tag at the start is no cut",
                "[Event \"1\"]\n\n1. e4 *\n",
                0,
            ),
            (
                "blank lines only before the first tag",
                "\n\n\r\n[Event \"1\"]\n\n1. e4 *\n",
                0,
            ),
            (
                "no blank line before the tag",
                "[Event \"1\"]\n\n1. e4 *\n[Event \"2\"]\n\n1. d4 *\n",
                0,
            ),
            (
                "an unclosed comment runs to the end",
                "[Event \"1\"]\n\n1. e4 { a\n\n[Event \"2\"]\n\n1. d4 *\n",
                0,
            ),
            (
                "nested braces not all closed",
                "[Event \"1\"]\n\n1. e4 { a { b } c\n\n[Event \"2\"]\n\n1. d4 *\n",
                0,
            ),
            (
                "tag sections without movetext",
                "[Event \"1\"]\n\n[Event \"2\"]\n\n[Event \"3\"]\n",
                0,
            ),
            (
                "from beyond the last cut",
                "[Event \"1\"]\n\n1. e4 *\n\n[Event \"2\"]\n\n1. d4 *\n",
                30,
            ),
            (
                "from beyond the end",
                "[Event \"1\"]\n\n1. e4 *\n\n[Event \"2\"]\n",
                1000,
            ),
        ];
        for &(why, text, from) in cases {
            assert_eq!(Cutter::default().find(text.as_bytes(), from), None, "{why}");
        }
    }

    /// The buffer grows between calls: whatever the first call saw, the second finds the cut a
    /// fresh cutter finds, and the brace depth of the bytes seen first is kept.
    #[test]
    fn ok_find_incremental() {
        let text = "[Event \"1\"]\n\n1. e4 { a { b }\n\n[Event \"x\"]\n\nc } e5 ; {\n*\n\n\
                    [Event \"2\"]\n\n1. d4 *\n";
        let want = at(text, "[Event \"2\"]");
        let buf = text.as_bytes();
        for end in 0..=buf.len() {
            let mut cutter = Cutter::default();
            let first = cutter.find(&buf[..end], 0);
            let expect_first = (end > want).then_some(want);
            assert_eq!(first, expect_first, "prefix of {end} bytes");
            if first.is_none() {
                assert_eq!(cutter.find(buf, 0), Some(want), "prefix of {end} bytes");
            }
        }
    }

    /// A cutter that has found a cut finds the next one from there on.
    #[test]
    fn ok_find_again_after_a_cut() {
        let text = "[Event \"1\"]\n\n1. e4 *\n\n[Event \"2\"]\n\n1. d4 {\n\n[Event \"x\"]\n} *\n\n\
                    [Event \"3\"]\n\n1. c4 *\n";
        let mut cutter = Cutter::default();
        let first = cutter.find(text.as_bytes(), 0);
        assert_eq!(first, Some(at(text, "[Event \"2\"]")));
        let from = first.expect("a first cut");
        let second = cutter.find(text.as_bytes(), from);
        assert_eq!(second, Some(at(text, "[Event \"3\"]")));
    }
}
