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
        let mut at = from.max(self.scanned);
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
