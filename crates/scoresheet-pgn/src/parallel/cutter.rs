//! Where the input may be cut into chunks of whole games for the workers.
//!
//! The quick way ([`Cutter`]): at a line starting with `[` that follows a blank line, when the
//! last line before it that a tag section skips over (blank lines, byte order marks, `%` lines)
//! is no tag line (no `[` after blanks and byte order marks): the lexer's own statement of
//! which lines a tag section goes on through ([`scan::tag_section_line`]), so that a blank
//! line inside a tag section (whose end depends on the tag names) is never cut. The reader ends a game there whatever came before (see
//! the [reader's rules](crate::reader)): movetext ends at a line starting with `[`, and a brace
//! comment still open is cut at a blank line followed by such a line. So this needs no brace
//! tracking and agrees with the reader by construction; the tests check it against the reader on
//! every case. A blank line inside a tag section is left alone (whether it ends the game depends
//! on the tag names).
//!
//! The sure way ([`reader_cut`]), when the quick way finds nothing in [`FALLBACK_AFTER`] bytes
//! (bare movetext, files of tag sections, games without blank lines between them): read the
//! games with the reader itself and cut where it ended one. That costs a second reading of the
//! chunk, so it is kept for such files, and it keeps a chunk's size bounded whatever the input.

use std::ops::ControlFlow;

use crate::buffer::PAST_LIMIT;
use crate::scan::{self, Resync, TagSectionLine};
use crate::{Location, ReadOptions, Reader, Skip, Visitor};

/// The quick way finds no cut in this many bytes past the chunk size: cut the sure way.
pub(crate) const FALLBACK_AFTER: usize = 256 << 10;

/// How far before the end of the bytes read (when more may follow) a game must end for its end
/// to be a sure cut: more than the reader ever looks ahead to decide where a game ends.
const LOOKAHEAD_MARGIN: usize = 128 << 10;

/// Finds where a chunk may end, remembering how far it has looked so that each byte is
/// scanned about once.
#[derive(Default)]
pub(crate) struct Cutter {
    /// Bytes before this offset hold no cut.
    scanned: usize,
}

impl Cutter {
    /// After the first `end` bytes were cut off the buffer: what was scanned of the rest stays
    /// scanned (the input without quick cuts is not searched again for each chunk).
    pub(crate) fn cut_off(&mut self, end: usize) {
        self.scanned = self.scanned.saturating_sub(end);
    }

    /// The offset of a line that may start the next chunk, at or after `from`, in `buf`
    /// (which holds the chunk's bytes from its start).
    pub(crate) fn find(&mut self, buf: &[u8], from: usize) -> Option<usize> {
        // From the newline before `from`, so that a line starting at `from` is found too.
        let mut at = from.saturating_sub(1).max(self.scanned);
        while at < buf.len() {
            let Some(found) = memchr::memmem::find(&buf[at..], b"\n[") else {
                // A `\n` at the very end may start a cut once more bytes come.
                self.scanned = buf.len().saturating_sub(1).max(self.scanned);
                return None;
            };
            let newline = at + found;
            let start = newline + 1;
            at = start;
            if after_blank_line(buf, newline) {
                return Some(start);
            }
            self.scanned = start;
        }
        None
    }
}

/// What [`reader_cut`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ReaderCut {
    /// The end of a whole game: a sure cut.
    At(usize),
    /// No game ends in time: read on, to at least this many bytes (`.0`), and room for as many
    /// as deciding the game in progress may take (`.1`).
    ReadTo(usize, usize),
    /// A game over the size cap, which the reader gave up and skipped to the end of `buf`: the
    /// whole of `buf` is a chunk (its reader finds the same error), and the rest of the game is
    /// skipped from this state of the reader's rule ([`Resync`]), without keeping it.
    Oversized(Resync),
    /// Nothing whole (at the end of the input).
    Nothing,
}

/// The end of the first game that ends at or after `from` in `buf` (which starts with a game or
/// text between games), or of its `games`-th game, as the reader sees it: a sure cut. When more input may follow
/// (`at_eof` false) only ends far enough from the end of `buf` count, and the game must be
/// whole: else how far to read for the game in progress to end or be too large. Such a game
/// reaches past the size cap and [`PAST_LIMIT`] within `buf`: so that `buf` decides it as the
/// whole input would, and no more than that is held.
///
/// At the end of the input (`at_eof`; after an I/O error, or for the input's last chunk) the
/// last game counts only if its result marker was read, and `from` does not count: the end of
/// the `games`-th game, else of the last whole game, is returned.
///
/// `buf` is read in place (taken and put back unchanged), not copied: it may hold a game of up
/// to the size cap.
pub(crate) fn reader_cut(
    buf: &mut Vec<u8>,
    bounds: (usize, usize),
    at_eof: bool,
    options: ReadOptions,
) -> ReaderCut {
    let len = buf.len();
    // Only its cuts are wanted: the input's first chunk is refused (UTF-16, binary) by the
    // worker that reads it.
    let mut reader = Reader::in_memory(std::mem::take(buf), options).within_input();
    let cut = cut_in(&mut reader, len, bounds, at_eof, options);
    *buf = reader.into_bytes();
    cut
}

/// [`reader_cut`] of the `len` bytes `reader` reads.
fn cut_in(
    reader: &mut Reader<&[u8]>,
    len: usize,
    (from, games): (usize, usize),
    at_eof: bool,
    options: ReadOptions,
) -> ReaderCut {
    let limit = match at_eof {
        true => len,
        false => len.saturating_sub(LOOKAHEAD_MARGIN),
    };
    let mut ends = Ends::default();
    let mut last = None;
    // Where the game that does not end in time starts.
    let mut unended = None;
    for read in 1.. {
        let failed = match reader.read_game(&mut ends) {
            Ok(Some(())) => false,
            Err(_) => true,
            Ok(None) => break,
        };
        let end = usize::try_from(reader.location().byte).unwrap_or(usize::MAX);
        let whole = end < len || reader.last_game_had_result();
        if end > limit || !whole {
            unended = Some(ends.start);
            if let (true, false, Some(skip)) = (failed, at_eof, reader.resync_end()) {
                if last.is_none() && decided(len, ends.start, options) {
                    return ReaderCut::Oversized(skip);
                }
            }
            break;
        }
        last = Some(end);
        let bound = match at_eof {
            // At the end of the input only the games' bound cuts before the last game.
            true => read >= games && end < len,
            false => end >= from || read >= games,
        };
        if bound && end > 0 {
            return ReaderCut::At(end);
        }
    }
    match (last, unended) {
        (Some(end), _) if end > 0 || at_eof => ReaderCut::At(end),
        _ if at_eof => ReaderCut::Nothing,
        (_, Some(start)) => {
            let (len, room) = read_to(len, start, options);
            ReaderCut::ReadTo(len, room)
        }
        // Games that end too near the end of `buf`, or text between games: read on, doubling.
        (_, None) => ReaderCut::ReadTo(2 * len, 2 * len),
    }
}

/// Whether `len` bytes reach far enough past the size cap of a game starting at `start` that
/// the reader of them finds the game too large as a reader of the whole input does.
fn decided(len: usize, start: u64, options: ReadOptions) -> bool {
    let start = usize::try_from(start).unwrap_or(usize::MAX);
    len > start.saturating_add(options.game_cap() + PAST_LIMIT)
}

/// How many bytes to read for a game starting at `start` that does not end in the `len` read:
/// twice as many, but no more than decide it (see [`decided`]), with a read's margin; and that
/// most.
fn read_to(len: usize, start: u64, options: ReadOptions) -> (usize, usize) {
    let start = usize::try_from(start).unwrap_or(usize::MAX);
    let enough = start.saturating_add(options.game_cap() + PAST_LIMIT + (64 << 10));
    let len = (2 * len).min(enough).max(len + LOOKAHEAD_MARGIN);
    (len, enough.max(len))
}

/// Reads games to their end (so that the reader knows whether each had a result marker),
/// skipping variations; remembers where the last game started.
#[derive(Default)]
struct Ends {
    start: u64,
}

impl Visitor for Ends {
    type Tags = ();
    type Movetext = ();
    type Output = ();

    fn begin_game(&mut self, at: Location) -> ControlFlow<(), ()> {
        self.start = at.byte;
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _tags: (), _at: Location) -> ControlFlow<(), ()> {
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, _: &mut (), _at: Location) -> ControlFlow<(), Skip> {
        ControlFlow::Continue(Skip(true))
    }

    fn end_game(&mut self, _movetext: ()) {}
}

/// Whether the lines before the `\n` at `newline` end with a blank line (as a brace comment
/// is cut there: [`scan::blank_then_tag`]), and the reader cannot be in a tag section there:
/// the last line before it that a tag section does not skip is no tag line
/// ([`scan::tag_section_line`], lines ending at `\n` or `\r` as the lexer counts them).
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
    let mut end = last + 1;
    loop {
        let start = memchr::memrchr2(b'\n', b'\r', &before[..end]).map_or(0, |n| n + 1);
        match scan::tag_section_line(&before[start..end]) {
            TagSectionLine::Bracket => return false,
            TagSectionLine::Other => return true,
            // Only skipped lines back to the chunk's start, where the reader is between games.
            TagSectionLine::Skipped if start == 0 => return true,
            TagSectionLine::Skipped => end = start - 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ops::ControlFlow;

    use crate::{Location, RawComment, RawTag, RawToken, Reader, Visitor};

    /// Records what the reader makes of each game, without locations.
    struct Record;

    impl Visitor for Record {
        type Tags = Vec<String>;
        type Movetext = Vec<String>;
        type Output = String;

        fn begin_game(&mut self, _at: Location) -> ControlFlow<String, Vec<String>> {
            ControlFlow::Continue(Vec::new())
        }
        fn tag(
            &mut self,
            tags: &mut Vec<String>,
            name: &[u8],
            value: RawTag<'_>,
        ) -> ControlFlow<String> {
            tags.push(format!(
                "[{}={}]",
                String::from_utf8_lossy(name),
                value.decode()
            ));
            ControlFlow::Continue(())
        }
        fn begin_movetext(
            &mut self,
            tags: Vec<String>,
            _at: Location,
        ) -> ControlFlow<String, Vec<String>> {
            ControlFlow::Continue(tags)
        }
        fn san(&mut self, game: &mut Vec<String>, san: RawToken<'_>) -> ControlFlow<String> {
            game.push(san.decode().into_owned());
            ControlFlow::Continue(())
        }
        fn comment(
            &mut self,
            game: &mut Vec<String>,
            comment: RawComment<'_>,
        ) -> ControlFlow<String> {
            game.push(format!("{{{}}}", comment.decode()));
            ControlFlow::Continue(())
        }
        fn end_game(&mut self, game: Vec<String>) -> String {
            game.join(" ")
        }
    }

    fn read(bytes: &[u8]) -> Vec<String> {
        let mut reader = Reader::new(bytes);
        let mut games = Vec::new();
        loop {
            match reader.read_game(&mut Record) {
                Ok(None) => return games,
                Ok(Some(game)) => games.push(game),
                Err(e) => games.push(format!("error {:?}", e.kind())),
            }
        }
    }

    /// Cuts `text` at every cut the cutter finds from the start.
    fn cuts(text: &str) -> Vec<usize> {
        let mut cutter = Cutter::default();
        let mut cuts = Vec::new();
        let mut from = 0;
        while let Some(cut) = cutter.find(text.as_bytes(), from + 1) {
            cuts.push(cut);
            from = cut;
        }
        cuts
    }

    /// Inputs: why, text, and the lines (their first bytes) the cuts are at.
    const CASES: &[(&str, &str, &[&str])] = &[
        (
            "two games: the second game's first tag",
            "[Event \"1\"]\n[Site \"a\"]\n\n1. e4 e5 *\n\n[Event \"2\"]\n[Site \"b\"]\n\n1. d4 *\n",
            &["[Event \"2\"]"],
        ),
        (
            "CRLF line endings",
            "[Event \"1\"]\r\n[Site \"a\"]\r\n\r\n1. e4 e5 *\r\n\r\n[Event \"2\"]\r\n\r\n1. d4 *\r\n",
            &["[Event \"2\"]"],
        ),
        (
            "a blank line of spaces and tabs",
            "[Event \"1\"]\n\n1. e4 *\n \t \n[Event \"2\"]\n\n1. d4 *\n",
            &["[Event \"2\"]"],
        ),
        (
            "an open comment ends at a blank line and a tag line, as the reader cuts it",
            "[Event \"1\"]\n\n1. e4 { quoted:\n\n[Event \"x\"]\n\n1. d4 } e5 *\n\n[Event \"2\"]\n\n1. d4 *\n",
            &["[Event \"x\"]", "[Event \"2\"]"],
        ),
        (
            "nested braces",
            "[Event \"1\"]\n\n1. e4 { a { b } c } e5 *\n\n[Event \"2\"]\n\n1. d4 *\n",
            &["[Event \"2\"]"],
        ),
        (
            "a `{` in a tag value or after `;`",
            "[Event \"1\"]\n[Annotator \"{x\"]\n\n1. e4 ; a { here\ne5 *\n\n[Event \"2\"]\n\n1. d4 *\n",
            &["[Event \"2\"]"],
        ),
        (
            "a `%` escape line",
            "%{ escaped\n[Event \"1\"]\n\n1. e4\n%x { y\ne5 *\n\n[Event \"2\"]\n\n1. d4 *\n",
            &["[Event \"2\"]"],
        ),
        (
            "the last line before the blank one starts with `[`: no cut (it could be a tag)",
            "[Event \"1\"]\n\n1. e4 {a\n[b} e5 *\n\n[Event \"2\"]\n",
            &[],
        ),
        (
            "a blank line between tags is no cut",
            "[Event \"1\"]\n\n[Site \"a\"]\n\n1. e4 *\n\n[Event \"2\"]\n\n1. d4 *\n",
            &["[Event \"2\"]"],
        ),
        (
            "tag sections only: no cut",
            "[Event \"1\"]\n\n[Event \"2\"]\n\n[Event \"3\"]\n",
            &[],
        ),
        (
            "forum delimiters and text between games",
            "[pgn]\n[Event \"1\"]\n\n1. e4 *\n[/pgn]\n\nsome text\n\n[Event \"2\"]\n\n1. d4 *\n",
            &["[Event \"2\"]"],
        ),
        (
            "no blank line before the tag: no cut",
            "[Event \"1\"]\n\n1. e4 *\n[Event \"2\"]\n\n1. d4 *\n",
            &[],
        ),
        (
            "issue 28: an indented tag, a blank line and a new tag: one tag section",
            "[Event \"f\"]\n\n1. e4 *\n\n\n\n [Event \"A\"]\n\n[Site \"B\"]\n\n1. d4 *\n",
            &[],
        ),
        (
            "issue 28: a `%` line after a tag, a blank line and a new tag",
            "[Event \"1\"]\n\n1. e4 *\n\n[Event \"A\"]\n%x\n\n[Site \"B\"]\n\n1. d4 *\n",
            &["[Event \"A\"]"],
        ),
        (
            "issue 28: a byte order mark before a tag, a blank line and a new tag",
            "[Event \"1\"]\n\n1. e4 *\n\n[Event \"A\"]\n\u{feff}[Round \"2\"]\n\n[Site \"B\"]\n\n1. d4 *\n",
            &["[Event \"A\"]"],
        ),
        (
            "issue 28: a tab and a vertical tab before a tag, blank lines of `\\x0b`",
            "1. e4 *\n\n\t\x0b[Event \"A\"]\n\x0b\n\n[Site \"B\"]\n\n1. d4 *\n",
            &[],
        ),
        (
            "issue 28: a tag after a lone `\\r` on a movetext line",
            "[Event \"1\"]\n\n1. e4 *\r[Event \"A\"]\n\n[Site \"B\"]\n\n1. d4 *\n",
            &[],
        ),
        (
            "issue 28: a result, then a `[` on its line, starts a tag section mid-line",
            "[Event \"1\"]\n\n1. e4 *\n\n[Event \"2\"]\n\n1. d4 1-0 [Round \"3\"]\n\n[Site \"B\"]\n\n1. c4 *\n\n[Event \"4\"]\n",
            &["[Event \"2\"]", "[Event \"4\"]"],
        ),
        (
            "a `[` before the result (a clock comment) does not keep the cut away",
            "[Event \"1\"]\n\n1. e4 { [%clk 0:03:00] } 1-0\n\n[Event \"2\"]\n\n1. d4 *\n",
            &["[Event \"2\"]"],
        ),
        ("empty", "", &[]),
    ];

    /// Every cut is where the reader ends a game: the chunks read apart give the games of the
    /// whole.
    #[test]
    fn ok_cuts_agree_with_the_reader() {
        for &(why, text, want) in CASES {
            let got = cuts(text);
            let want: Vec<usize> = want
                .iter()
                .map(|line| text.find(line).expect("in text"))
                .collect();
            assert_eq!(got, want, "{why}");
            let mut chunks = Vec::new();
            let mut start = 0;
            for &cut in got.iter().chain(std::iter::once(&text.len())) {
                chunks.extend(read(&text.as_bytes()[start..cut]));
                start = cut;
            }
            assert_eq!(chunks, read(text.as_bytes()), "{why}");
        }
    }

    /// The buffer grows between calls: whatever the first call saw, the second finds the cut a
    /// fresh cutter finds.
    #[test]
    fn ok_find_incremental() {
        let text = "[Event \"1\"]\n\n1. e4 { a { b }\n c } e5 ; {\n*\n\n[Event \"2\"]\n\n1. d4 *\n";
        let want = text.find("[Event \"2\"]").expect("in text");
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
}
