//! Pure scanning functions over byte slices: word boundaries, word classification (move
//! numbers, results, glyphs, moves), brace comments, paragraphs. No buffering, no state.
//! Tag lines are in [`crate::tag_line`].

use crate::{OddityKind, Outcome};

/// Whether a byte may be part of a movetext word.
static WORD: [bool; 256] = word_table();

const fn word_table() -> [bool; 256] {
    let mut table = [true; 256];
    let mut b = 0;
    while b < 0x20 {
        table[b] = false;
        b += 1;
    }
    table[0x7f] = false;
    // May start a no-break space; checked by `word_len`.
    table[0xc2] = false;
    let delimiters = b" {}();$[]";
    let mut i = 0;
    while i < delimiters.len() {
        table[delimiters[i] as usize] = false;
        i += 1;
    }
    table
}

/// Length of the word at the start of `bytes` (possibly 0). Stops at whitespace, control bytes,
/// `{ } ( ) ; $ [ ]` and a UTF-8 no-break space.
#[inline(always)]
pub(crate) fn word_len(bytes: &[u8]) -> usize {
    let mut i = 0;
    loop {
        while i < bytes.len() && WORD[usize::from(bytes[i])] {
            i += 1;
        }
        if i < bytes.len() && bytes[i] == 0xc2 && bytes.get(i + 1) != Some(&0xa0) {
            i += 1;
        } else {
            return i;
        }
    }
}

/// Whether a byte may end a plain move token (one without glyphs): a letter, a digit or `#`.
static PLAIN_END: [bool; 256] = alphanumeric_or(b'#');

/// A table of the bytes that are ASCII letters, digits or `extra`.
pub(crate) const fn alphanumeric_or(extra: u8) -> [bool; 256] {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = (b as u8).is_ascii_alphanumeric() || b == extra as usize;
        b += 1;
    }
    table
}

/// Whether `last`, the last byte of a movetext word starting with a letter, makes it a plain
/// move token (a letter, digit or `#`: no glyph to split off).
#[cfg_attr(not(target_family = "wasm"), inline(always))]
pub(crate) fn ends_plain_move(last: u8) -> bool {
    PLAIN_END[usize::from(last)]
}

/// The length of the move token without glyphs ([`ends_move`]) that `bytes` start with (its
/// first byte a letter, and at least eight bytes buffered): the word [`word_len`] finds, its
/// first bytes looked at one by one without a loop (most moves are short). `None` for
/// anything else, left to the general reading: a word with a glyph to split off, a word
/// reaching the end of `bytes`, or one stopped by a `0xc2` byte (which `word_len` may read on
/// past).
#[cfg_attr(not(target_family = "wasm"), inline(always))]
pub(crate) fn plain_move_len(bytes: &[u8]) -> Option<usize> {
    let head = bytes.get(..8)?;
    let word = |k: usize| WORD[usize::from(head[k])];
    let len = if !word(1) {
        1
    } else if !word(2) {
        2
    } else if !word(3) {
        3
    } else if !word(4) {
        4
    } else if !word(5) {
        5
    } else {
        word_len(bytes)
    };
    let whole = len < bytes.len() && bytes[len] != 0xc2 && ends_move(&bytes[..len]);
    whole.then_some(len)
}

/// Whether a word starting with a letter is a move token without glyphs: it ends in a letter,
/// digit or `#`, or in a check sign after a letter or digit (`Bxf7+`, which
/// [`split_suffix`] keeps whole).
#[cfg_attr(not(target_family = "wasm"), inline(always))]
fn ends_move(word: &[u8]) -> bool {
    match *word {
        [.., before, b'+'] => before.is_ascii_alphanumeric(),
        [.., last] => ends_plain_move(last),
        [] => false,
    }
}

/// What a movetext word starts with. `len` is how many bytes the lexer consumes; the rest of
/// the word (after a move number, a result or a glyph) is lexed again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Word {
    /// A move number like `12.` or `12...`; `odd` for non-standard forms.
    Number { len: usize, odd: bool },
    /// A result marker; `None` is `*`.
    Outcome {
        outcome: Option<Outcome>,
        len: usize,
        odd: bool,
    },
    /// A glyph with its NAG.
    Glyph { nag: u16, len: usize, unicode: bool },
    /// A move token (the whole word, glyph suffix included).
    Move,
    /// Something else, skipped (`len` bytes).
    Unknown { kind: OddityKind, len: usize },
}

/// Result markers. `--+` (black wins by forfeit in some exports) is not one: it is a null move
/// with a check sign, as pgn-reader and python-chess read it; its mirror `+--` stays a result.
const RESULTS: [(&[u8], Option<Outcome>, bool); 5] = [
    (b"1-0", Some(Outcome::WhiteWins), false),
    (b"0-1", Some(Outcome::BlackWins), false),
    (b"1/2-1/2", Some(Outcome::Draw), false),
    ("½-½".as_bytes(), Some(Outcome::Draw), true),
    (b"+--", Some(Outcome::WhiteWins), true),
];

const MOVE_GLYPHS: [(&[u8], u16); 6] = [
    (b"!", 1),
    (b"?", 2),
    (b"!!", 3),
    (b"??", 4),
    (b"!?", 5),
    (b"?!", 6),
];

/// Positional glyphs, longest first so that suffix stripping prefers `+/-` over `-`.
const POSITION_GLYPHS: [(&[u8], u16); 9] = [
    (b"+/-", 16),
    (b"-/+", 17),
    (b"+/=", 14),
    (b"=/+", 15),
    (b"+-", 18),
    (b"-+", 19),
    (b"+=", 14),
    (b"=+", 15),
    (b"=", 10),
];

const UNICODE_GLYPHS: [(&str, u16); 10] = [
    ("‼", 3),
    ("⁇", 4),
    ("⁉", 5),
    ("⁈", 6),
    ("□", 7),
    ("∞", 13),
    ("⩲", 14),
    ("⩱", 15),
    ("±", 16),
    ("∓", 17),
];

fn lookup(table: &[(&[u8], u16)], word: &[u8]) -> Option<u16> {
    table
        .iter()
        .find(|(glyph, _)| *glyph == word)
        .map(|&(_, nag)| nag)
}

/// Classifies a non-empty word.
pub(crate) fn classify(word: &[u8]) -> Word {
    let first = word[0];
    if first.is_ascii_alphabetic() {
        return Word::Move;
    }
    if first.is_ascii_digit() && !matches!(word.get(1), Some(b'-' | b'/' | 0xe2)) {
        return classify_digits(word);
    }
    if let Some(result) = classify_result(word) {
        return result;
    }
    match word[0] {
        b'0'..=b'9' => classify_digits(word),
        b'!' | b'?' => classify_move_glyph(word),
        b'.' => Word::Number {
            len: word.iter().take_while(|&&b| b == b'.').count(),
            odd: true,
        },
        b'+' | b'-' | b'=' => classify_sign(word),
        b'A'..=b'Z' | b'a'..=b'z' | b'@' => Word::Move,
        0x80.. => classify_unicode(word),
        _ => Word::Unknown {
            kind: OddityKind::UnknownToken,
            len: word.len(),
        },
    }
}

/// A result marker at the start of the word, not followed by a letter or digit.
fn classify_result(word: &[u8]) -> Option<Word> {
    if word == b"*" || (word[0] == b'*' && !word[1].is_ascii_alphanumeric()) {
        return Some(Word::Outcome {
            outcome: None,
            len: 1,
            odd: false,
        });
    }
    let ends = |len: usize| word.get(len).is_none_or(|b| !b.is_ascii_alphanumeric());
    let standard = RESULTS.iter().find_map(|&(text, outcome, odd)| {
        (word.starts_with(text) && ends(text.len())).then_some(Word::Outcome {
            outcome,
            len: text.len(),
            odd,
        })
    });
    standard.or_else(|| {
        let (outcome, len) = dash_result(word)?;
        ends(len).then_some(Word::Outcome {
            outcome: Some(outcome),
            len,
            odd: true,
        })
    })
}

/// The two sides of each result, for results written with a Unicode dash.
const RESULT_SIDES: [(&[u8], &[u8], Outcome); 4] = [
    (b"1", b"0", Outcome::WhiteWins),
    (b"0", b"1", Outcome::BlackWins),
    (b"1/2", b"1/2", Outcome::Draw),
    ("½".as_bytes(), "½".as_bytes(), Outcome::Draw),
];

/// Dashes read as `-` in a result: hyphen, non-breaking hyphen, figure dash, en dash, em dash,
/// minus sign.
const DASHES: [&str; 6] = [
    "\u{2010}", "\u{2011}", "\u{2012}", "\u{2013}", "\u{2014}", "\u{2212}",
];

/// A result written with a Unicode dash (`1–0`, `½–½`) at the start of `word`, and its length.
fn dash_result(word: &[u8]) -> Option<(Outcome, usize)> {
    RESULT_SIDES.iter().find_map(|&(left, right, outcome)| {
        let rest = word.strip_prefix(left)?;
        let dash = DASHES
            .iter()
            .find(|dash| rest.starts_with(dash.as_bytes()))?;
        let rest = &rest[dash.len()..];
        rest.starts_with(right)
            .then_some((outcome, left.len() + dash.len() + right.len()))
    })
}

fn classify_digits(word: &[u8]) -> Word {
    let digits = word.iter().take_while(|b| b.is_ascii_digit()).count();
    let dots = word[digits..].iter().take_while(|&&b| b == b'.').count();
    if dots > 0 {
        Word::Number {
            len: digits + dots,
            odd: dots == 2 || dots > 3,
        }
    } else if digits == word.len() && word[0] != b'0' {
        Word::Number {
            len: digits,
            odd: true,
        }
    } else {
        Word::Move
    }
}

fn classify_move_glyph(word: &[u8]) -> Word {
    let run = word.iter().take_while(|&&b| b == b'!' || b == b'?').count();
    match lookup(&MOVE_GLYPHS, &word[..run]) {
        Some(nag) => Word::Glyph {
            nag,
            len: run,
            unicode: false,
        },
        None => Word::Unknown {
            kind: OddityKind::UnknownGlyph,
            len: run,
        },
    }
}

fn classify_sign(word: &[u8]) -> Word {
    if is_null_move(word) {
        return Word::Move;
    }
    match lookup(&POSITION_GLYPHS, word) {
        Some(nag) => Word::Glyph {
            nag,
            len: word.len(),
            unicode: false,
        },
        None => Word::Unknown {
            kind: OddityKind::UnknownToken,
            len: word.len(),
        },
    }
}

/// A null move `--`, with a check or mate sign (`--+`, `--#`) and move glyphs after it.
fn is_null_move(word: &[u8]) -> bool {
    let Some(rest) = word.strip_prefix(b"--") else {
        return false;
    };
    let rest = rest
        .strip_prefix(b"+")
        .or(rest.strip_prefix(b"#"))
        .unwrap_or(rest);
    rest.iter().all(|&b| b == b'!' || b == b'?')
}

fn classify_unicode(word: &[u8]) -> Word {
    for (glyph, nag) in UNICODE_GLYPHS {
        if word.starts_with(glyph.as_bytes()) {
            return Word::Glyph {
                nag,
                len: glyph.len(),
                unicode: true,
            };
        }
    }
    Word::Move
}

/// A glyph split off the end of a move token: NAG and byte range within the word.
pub(crate) type Suffix = Option<(u16, usize, usize)>;

/// Splits trailing glyphs off a move word: `Nf3!?` is `Nf3` plus `!?`, `g4+/-` is `g4` plus
/// `+/-`, `Qh5?!+-` is `Qh5` plus `?!` plus `+-`. Returns the move length and the glyphs in
/// file order. A lone trailing `=` is kept (it may be a cut promotion).
pub(crate) fn split_suffix(word: &[u8]) -> (usize, [Suffix; 2]) {
    let mut end = word.len();
    match word[end - 1] {
        b'+' | b'-' | b'=' | b'!' | b'?' => {}
        _ => return (end, [None, None]),
    }
    // A check sign after a square or piece (`Bxf7+`, `e8=Q+`) is no glyph: every glyph ending
    // in `+` has `/`, `-` or `=` before it.
    if end >= 2 && word[end - 1] == b'+' && word[end - 2].is_ascii_alphanumeric() {
        return (end, [None, None]);
    }
    // Nor after a null move (`--+`), whose move glyphs (`--+!`) come off as usual.
    if word.starts_with(b"--+") {
        let run = end - 3;
        let glyph = lookup(&MOVE_GLYPHS, &word[3..]).map(|nag| (nag, 3, end));
        return match (run, glyph) {
            (0, _) | (_, None) => (end, [None, None]),
            (_, glyph) => (3, [glyph, None]),
        };
    }
    let mut position = None;
    for &(glyph, nag) in &POSITION_GLYPHS[..8] {
        if end > glyph.len() && word.ends_with(glyph) {
            position = Some((nag, end - glyph.len(), end));
            end -= glyph.len();
            break;
        }
    }
    let run = word[..end]
        .iter()
        .rev()
        .take_while(|&&b| b == b'!' || b == b'?')
        .count();
    let mut moves = None;
    if run > 0 && run < end {
        if let Some(nag) = lookup(&MOVE_GLYPHS, &word[end - run..end]) {
            moves = Some((nag, end - run, end));
            end -= run;
        }
    }
    (end, [moves, position])
}

/// A standard move number (`12.` or `12...`) at the start of `bytes`: its length. `None` for
/// anything else, including `1-0`, `1/2-1/2` and the odd forms, which [`classify`] handles.
#[inline(always)]
pub(crate) fn move_number(bytes: &[u8]) -> Option<usize> {
    let mut i = 0;
    while i < bytes.len() && bytes[i].is_ascii_digit() {
        i += 1;
    }
    let dot = |at: usize| bytes.get(at) == Some(&b'.');
    if i == 0 || !dot(i) {
        return None;
    }
    if !dot(i + 1) {
        return Some(i + 1);
    }
    (dot(i + 2) && !dot(i + 3)).then_some(i + 3)
}

/// The NAG after a `$`: digits only, at most 255 (the NAGs of the standard). Returns the value
/// and the digit count.
pub(crate) fn nag_digits(bytes: &[u8]) -> Option<(u16, usize)> {
    let digits = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 || digits > 3 {
        return None;
    }
    let nag = bytes[..digits]
        .iter()
        .fold(0u16, |nag, &b| nag * 10 + u16::from(b - b'0'));
    (nag <= 255).then_some((nag, digits))
}

/// Resumable scan of a brace comment body (the bytes after `{`).
#[derive(Debug, Clone, Default)]
pub(crate) struct BraceScan {
    /// Bytes already scanned.
    pub searched: usize,
    /// Open braces, counting the comment's own.
    pub depth: u32,
    /// Whether a `{` was found inside.
    pub nested: bool,
    /// `\n` bytes found so far.
    pub lines: u64,
    /// Index just after the last `\n` found, if any.
    pub line_start: Option<usize>,
    /// Whether the comment was cut: it reached a blank line followed by a tag line, and the
    /// index [`BraceScan::find_end`] returned is that of the `\n` ending its last line.
    pub cut: bool,
}

impl BraceScan {
    pub(crate) fn new() -> BraceScan {
        BraceScan {
            searched: 0,
            depth: 1,
            nested: false,
            lines: 0,
            line_start: None,
            cut: false,
        }
    }

    /// Scans `body` from `self.searched`. Returns the index of the `}` ending the comment: the
    /// first `}` unless `counted`, else the one balancing the opening brace. `None`: read more.
    /// A comment that reaches a blank line followed by a line starting with `[` is cut there
    /// (see [`BraceScan::cut`]).
    #[inline]
    pub(crate) fn find_end(&mut self, body: &[u8], counted: bool) -> Option<usize> {
        while let Some(at) = comment_stop(body, self.searched) {
            self.searched = at + 1;
            if body[at] == b'\n' {
                if let Some(stop) = self.line_break(body, at) {
                    return stop;
                }
            } else if body[at] == b'{' {
                self.nested = true;
                self.depth += 1;
            } else {
                self.depth -= 1;
                if self.depth == 0 || !counted {
                    return Some(at);
                }
            }
        }
        self.searched = body.len();
        None
    }

    /// The `\n` at `at`: counted, or it cuts the comment (`Some(Some(at))`), or what follows it
    /// is not read yet (`Some(None)`, to be scanned again from `at`).
    #[cold]
    #[inline(never)]
    fn line_break(&mut self, body: &[u8], at: usize) -> Option<Option<usize>> {
        match blank_then_tag(&body[at + 1..]) {
            Some(true) => {
                self.cut = true;
                return Some(Some(at));
            }
            None => {
                self.searched = at;
                return Some(None);
            }
            Some(false) => {}
        }
        self.lines += 1;
        self.line_start = Some(at + 1);
        None
    }
}

/// After a line break: whether a blank line (only spaces, tabs, `\r`) and then a line starting
/// with `[` follow. `None` if `rest` ends before that is known.
pub(crate) fn blank_then_tag(rest: &[u8]) -> Option<bool> {
    let mut blank = false;
    let mut i = 0;
    loop {
        match rest.get(i)? {
            b' ' | b'\t' | b'\r' => i += 1,
            b'\n' => {
                blank = true;
                i += 1;
            }
            b'[' => return Some(blank),
            _ => return Some(false),
        }
    }
}

/// What a line is to a tag section, as the lexer reads one (`next_tag`, `tag_line_break`):
/// the one statement of it that the parallel cutter asks before cutting after a blank line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TagSectionLine {
    /// Only blanks (spaces, tabs, `\x0b`, `\x0c`) and byte order marks, or a `%` escape line
    /// (`%` in column 1, after byte order marks only, as the lexer reads one): a tag section
    /// goes on past it. A `%` after blanks is text (the `threads` fuzz target's third finding:
    /// such a line holding `*` and then `[` was taken as skipped, and the cutter cut after it).
    Skipped,
    /// `[` after blanks and byte order marks: a tag line, after which a blank line and a tag
    /// with a new name keep the same section going (rule 3 of the reader). Also a line with
    /// a result marker followed by a `[`: after a result, a `[` starts the next game's tags
    /// on the same line (rule 6); and a line closing a brace comment with a `[` after it (the
    /// comment may have started on a result's line).
    Bracket,
    /// Anything else: a tag section ends at such a line (its movetext starts there).
    Other,
}

/// How a tag section reads `line` (without its line break, which is `\n` or `\r`).
pub(crate) fn tag_section_line(line: &[u8]) -> TagSectionLine {
    let mut i = 0;
    // Whether `i` is in column 1 as the lexer counts columns (a byte order mark at a line's
    // start starts the line after it).
    let mut column_one = true;
    loop {
        match line.get(i) {
            None => return TagSectionLine::Skipped,
            Some(b'%') if column_one => return TagSectionLine::Skipped,
            Some(b' ' | b'\t' | b'\x0b' | b'\x0c') => {
                i += 1;
                column_one = false;
            }
            Some(0xef) if line[i..].starts_with(BOM) => i += BOM.len(),
            Some(b'[') => return TagSectionLine::Bracket,
            Some(_) if result_then_bracket(&line[i..]) || comment_end_then_bracket(&line[i..]) => {
                return TagSectionLine::Bracket
            }
            Some(_) => return TagSectionLine::Other,
        }
    }
}

/// Whether `line` closes a brace comment and holds a `[` after it outside comments: the
/// comment may have started on a result's line (its line then ends where the comment does),
/// and a `[` after it there starts the next game's tags (rule 6; the `threads` fuzz target's
/// fourth finding: `1.*{...` over lines, then `...} [Round` and a blank line). Read without
/// looking back, so any such line counts: it only makes the cutter look further.
fn comment_end_then_bracket(line: &[u8]) -> bool {
    let Some(close) = memchr::memchr(b'}', line) else {
        return false;
    };
    let mut inside = false;
    for &b in &line[close + 1..] {
        match (inside, b) {
            (false, b'{') => inside = true,
            (true, b'}') => inside = false,
            (false, b';') => return false,
            (false, b'[') => return true,
            _ => {}
        }
    }
    false
}

/// Whether a word of `line` is a result marker with a `[` after it on the line (words as the
/// lexer cuts them: after a move number, a glyph or an unknown token that starts a word, the
/// rest of the word is read again, so `.*` is a result, and so is `*` after a byte order mark
/// at a word's start; a `$` takes its digits, or else the word after it, as the lexer's glyphs
/// do, so `$1½-½` is a glyph and a result; one inside a comment counts too,
/// which only makes the cutter look further back).
fn result_then_bracket(line: &[u8]) -> bool {
    let Some(last_bracket) = memchr::memrchr(b'[', line) else {
        return false;
    };
    let mut i = 0;
    while i < last_bracket {
        // The lexer skips a byte order mark at a word's start and reads the word after it.
        if line[i..].starts_with(BOM) {
            i += BOM.len();
            continue;
        }
        if line[i] == b'$' {
            i += 1 + glyph_len(&line[i + 1..]);
            continue;
        }
        i += match word_len(&line[i..]) {
            0 => 1,
            len => match classify(&line[i..i + len]) {
                Word::Outcome { .. } => return true,
                Word::Number { len, .. } | Word::Glyph { len, .. } | Word::Unknown { len, .. } => {
                    len.max(1)
                }
                Word::Move => len,
            },
        };
    }
    false
}

/// How many bytes after a `$` the lexer takes into its glyph: the NAG's digits, or else the
/// word after it (an unknown glyph).
fn glyph_len(after: &[u8]) -> usize {
    nag_digits(after).map_or_else(|| word_len(after), |(_, digits)| digits)
}

/// Where reading goes on after a game given up (over the size cap, variations too deep): the
/// next line whose first byte other than whitespace is `[` (not the rest of the line where the
/// skipping starts: a game given up at its own tag line is not read again). A left fold over
/// the bytes, so that the reader (whatever its reads) and the parallel cutter (which skips the
/// rest of an oversized game without keeping it) stop at the same byte.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Resync {
    /// Whether the bytes since the last `\n` (or since the skipping started) are whitespace.
    line_start: bool,
}

impl Resync {
    /// Skipping from the current position: the rest of its line is skipped.
    pub(crate) const fn new() -> Resync {
        Resync { line_start: false }
    }

    /// The index of the `[` where the next game starts, if it is in `bytes`; else all of
    /// `bytes` is skipped and the state is kept for the bytes that follow.
    pub(crate) fn find(&mut self, bytes: &[u8]) -> Option<usize> {
        let mut at = 0;
        loop {
            if !self.line_start {
                at += memchr::memchr(b'\n', &bytes[at..])? + 1;
                self.line_start = true;
            }
            at += bytes[at..].iter().position(|b| !b.is_ascii_whitespace())?;
            if bytes[at] == b'[' {
                return Some(at);
            }
            self.line_start = false;
        }
    }
}

/// The UTF-8 byte order mark, U+FEFF.
pub(crate) const BOM: &[u8] = b"\xef\xbb\xbf";

/// How far into the input the lexer looks for a NUL byte before reading it as PGN.
pub(crate) const BINARY_WINDOW: usize = 8 << 10;

/// How many NUL bytes in the first [`BINARY_WINDOW`] bytes make an input binary.
pub(crate) const BINARY_NULS: usize = 4;

/// The index of the first NUL byte in the first [`BINARY_WINDOW`] bytes of the input, when
/// that window holds at least [`BINARY_NULS`] of them: such a file is binary (an image, an
/// archive, random bytes: a PNG's first 16 bytes hold five), never PGN text, whose encodings
/// the reader takes (UTF-8, Latin-1; UTF-16 is refused by its byte order mark before this is
/// asked) have no NUL. A stray NUL or two in a text file (inside a tag value, say) is read as
/// an odd byte, as before: the database replaces it and counts it.
pub(crate) fn binary_at(start: &[u8]) -> Option<usize> {
    let window = &start[..start.len().min(BINARY_WINDOW)];
    let mut nuls = memchr::memchr_iter(0, window);
    let first = nuls.next()?;
    (nuls.take(BINARY_NULS - 1).count() == BINARY_NULS - 1).then_some(first)
}

/// The index of the next `{`, `}` or `\n` in `body` from `from`.
#[inline]
fn comment_stop(body: &[u8], from: usize) -> Option<usize> {
    memchr::memchr3(b'{', b'}', b'\n', body.get(from..)?).map(|offset| from + offset)
}

/// The index of the `}` ending a brace comment's `body` (the bytes after its `{`) when no `{`
/// or `\n` comes before it: a comment on one line, nothing nested, which [`BraceScan`] would
/// end there too. `None` for any other comment (or one not wholly in `body`).
#[cfg_attr(not(target_family = "wasm"), inline(always))]
pub(crate) fn one_line_comment(body: &[u8]) -> Option<usize> {
    memchr::memchr3(b'{', b'}', b'\n', body).filter(|&at| body[at] == b'}')
}

/// After a nested comment closed at its first `}` (with `depth` braces still open): the length
/// of `rest_of_line` up to and including the `}` balancing them, if it is on this line.
pub(crate) fn nested_junk(rest_of_line: &[u8], mut depth: u32) -> Option<usize> {
    for (i, &b) in rest_of_line.iter().enumerate() {
        match b {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
    }
    None
}

/// Whether a word looks like a move, by its shape only: SAN (`Nf3`, `exd5`, `e8=Q+`, `R1e2`),
/// LAN (`e2-e4`, `Ng1xf3`), UCI (`e2e4`, `e7e8q`), a drop (`N@f3`), castling (`O-O`, `0-0-0`)
/// or a null move (`--`, `Z0`), with check signs and glyphs (`+ # ! ?`) after it.
pub(crate) fn looks_like_move(word: &[u8]) -> bool {
    let mut w = word;
    while let [rest @ .., b'+' | b'#' | b'!' | b'?'] = w {
        w = rest;
    }
    if matches!(w, b"--" | b"Z0" | b"O-O" | b"O-O-O" | b"0-0" | b"0-0-0") {
        return true;
    }
    let promotion = |p: &u8| b"QRBNqrbn".contains(p);
    match w {
        [rest @ .., b'=', p] if promotion(p) => w = rest,
        [rest @ .., b'1' | b'8', p] if promotion(p) => w = &w[..rest.len() + 1],
        _ => {}
    }
    let [head @ .., file, rank] = w else {
        return false;
    };
    if !matches!((file, rank), (b'a'..=b'h', b'1'..=b'8')) {
        return false;
    }
    let mut i = usize::from(matches!(
        head.first(),
        Some(b'K' | b'Q' | b'R' | b'B' | b'N' | b'P')
    ));
    if head.get(i) == Some(&b'@') {
        return i + 1 == head.len();
    }
    i += usize::from(matches!(head.get(i), Some(b'a'..=b'h')));
    i += usize::from(matches!(head.get(i), Some(b'1'..=b'8')));
    i += usize::from(matches!(head.get(i), Some(b'x' | b':' | b'-')));
    i == head.len()
}

/// Whether the first word of a paragraph starts movetext: a move number (`1.`), a result
/// marker or a word that [looks like a move](looks_like_move).
pub(crate) fn starts_movetext(word: &[u8]) -> bool {
    starts_next_game(word) || is_result(word)
}

/// Whether a word on a result's line starts the next game: a move number or a move.
pub(crate) fn starts_next_game(word: &[u8]) -> bool {
    looks_like_move(word) || is_move_number(word)
}

/// Whether a word is a standard move number, alone (`12.`, `12...`) or before a move (`1.e4`).
fn is_move_number(word: &[u8]) -> bool {
    match word.first().map(|_| classify(word)) {
        Some(Word::Number { len, odd: false }) => {
            len == word.len() || looks_like_move(&word[len..])
        }
        _ => false,
    }
}

/// Whether `bytes` start with White's move number 1 (`1.`, `1.e4`, not `1...`): after a blank
/// line in a game's movetext, the start of the next game. Other numbers continue the game
/// (annotated output that puts each move on its own paragraph).
pub(crate) fn is_first_move_number(bytes: &[u8]) -> bool {
    bytes.starts_with(b"1.") && bytes.get(2) != Some(&b'.')
}

/// Whether a word starts with a result marker.
fn is_result(word: &[u8]) -> bool {
    !word.is_empty() && matches!(classify(word), Word::Outcome { .. })
}

/// Whether a line (from its `[`) is a lone bracketed word like `[pgn]` or `[/pgn]` (forum
/// markup), with nothing but blanks after it: no tag. `None` if `bytes` end first.
pub(crate) fn bare_bracket_line(bytes: &[u8], at_eof: bool) -> Option<bool> {
    let word = bytes[1..]
        .iter()
        .take_while(|&&b| !matches!(b, b']' | b'"' | b' ' | b'\t' | b'\n' | b'\r'))
        .count();
    let close = 1 + word;
    match bytes.get(close) {
        Some(b']') if word > 0 => {}
        None if !at_eof => return None,
        _ => return Some(false),
    }
    let blanks = bytes[close + 1..]
        .iter()
        .take_while(|&&b| b == b' ' || b == b'\t')
        .count();
    match bytes.get(close + 1 + blanks) {
        Some(b'\n' | b'\r') => Some(true),
        None if at_eof => Some(true),
        None => None,
        Some(_) => Some(false),
    }
}

/// Length of a run of comments (`{...}`, `; ...` lines) and whitespace at the start of `bytes`
/// that is followed by a line starting with `[` or by the end of the input: text that is no
/// game. `None` if anything else follows (moves: the comments belong to a game), if a brace
/// comment is cut (see [`BraceScan::cut`]) or if `bytes` end before that is known.
pub(crate) fn comments_only(bytes: &[u8], at_eof: bool, counted: bool) -> Option<usize> {
    let mut i = 0;
    let mut end = 0;
    loop {
        match bytes.get(i) {
            Some(b' ' | b'\t' | b'\n' | b'\r' | b'\x0b' | b'\x0c') => i += 1,
            Some(b';') => match memchr::memchr2(b'\n', b'\r', &bytes[i..]) {
                Some(len) => {
                    i += len;
                    end = i;
                }
                None if at_eof => return Some(bytes.len()),
                None => return None,
            },
            Some(b'{') => {
                let mut scan = BraceScan::new();
                let close = scan.find_end(&bytes[i + 1..], counted)?;
                if scan.cut {
                    return None;
                }
                i += close + 2;
                end = i;
            }
            Some(b'[') if i == 0 || matches!(bytes[i - 1], b'\n' | b'\r') => return Some(end),
            None if at_eof => return Some(end),
            _ => return None,
        }
    }
}

/// Whether a paragraph of text that starts a game without tags looks like movetext: it starts
/// with `{`, `(` or `;`, or its first word [starts movetext](starts_movetext), or it has a word
/// that is a move number (`1.`, `1.e4`, not `2.1`) or a result marker.
pub(crate) fn looks_like_movetext(paragraph: &[u8]) -> bool {
    if matches!(paragraph.first(), Some(b'{' | b'(' | b';')) {
        return true;
    }
    let first = word_len(paragraph);
    if starts_movetext(&paragraph[..first]) {
        return true;
    }
    paragraph
        .split(|b| b.is_ascii_whitespace())
        .any(|w| is_move_number(w) || is_result(w))
}

/// Length of the paragraph at the start of `bytes`: up to and including the line break before
/// a blank line or a line starting with `[`. `None` if `bytes` ends first and more may come.
pub(crate) fn paragraph_len(bytes: &[u8], at_eof: bool) -> Option<usize> {
    for newline in memchr::memchr_iter(b'\n', bytes) {
        let next = &bytes[newline + 1..];
        let blanks = next
            .iter()
            .take_while(|&&b| matches!(b, b' ' | b'\t' | b'\r'))
            .count();
        match next.get(blanks) {
            Some(b'\n' | b'[') => return Some(newline + 1),
            None if !at_eof => return None,
            _ => {}
        }
    }
    at_eof.then_some(bytes.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use OddityKind as K;

    /// The unrolled plain move length is what `word_len` gives for a word that `split_suffix`
    /// leaves whole (no glyph to split off), or `None` where it leaves the word to the general
    /// reading.
    #[test]
    fn ok_plain_move_len_as_word_len() {
        let alphabet = [
            b'e', b'4', b'x', b'+', b'!', b'=', b' ', b'{', b')', 0xc2, 0xa0, b'\n',
        ];
        let mut bytes = [b'.'; 12];
        for n in 0..alphabet.len().pow(6) {
            let mut m = n;
            bytes[0] = b'N';
            for b in &mut bytes[1..7] {
                *b = alphabet[m % alphabet.len()];
                m /= alphabet.len();
            }
            let len = word_len(&bytes);
            let plain = len < bytes.len() && split_suffix(&bytes[..len]) == (len, [None, None]);
            if let Some(got) = plain_move_len(&bytes) {
                assert_eq!(Some(got), plain.then_some(len), "{bytes:?}");
            }
        }
    }

    #[test]
    fn ok_word_len() {
        let cases: [(&[u8], usize); 8] = [
            (b"Nf3 e5", 3),
            (b"e4{x}", 2),
            (b"d5$5", 2),
            (b"1.\xc2\xa0e4", 2),
            ("Müller".as_bytes(), 7),
            (b"(e4)", 0),
            (b"a\x01b", 1),
            (b"exd6e.p.", 8),
        ];
        for (input, want) in cases {
            assert_eq!(word_len(input), want, "{input:?}");
        }
    }

    #[test]
    fn ok_classify() {
        use Word::*;
        let cases: [(&[u8], Word); 26] = [
            (b"12.", Number { len: 3, odd: false }),
            (b"12...", Number { len: 5, odd: false }),
            (b"1.e4", Number { len: 2, odd: false }),
            (b"2..", Number { len: 3, odd: true }),
            (b"2", Number { len: 1, odd: true }),
            (b"...", Number { len: 3, odd: true }),
            (b"..", Number { len: 2, odd: true }),
            (
                b"1-0",
                Outcome {
                    outcome: Some(crate::Outcome::WhiteWins),
                    len: 3,
                    odd: false,
                },
            ),
            (
                b"0-1",
                Outcome {
                    outcome: Some(crate::Outcome::BlackWins),
                    len: 3,
                    odd: false,
                },
            ),
            (
                b"1/2-1/2`",
                Outcome {
                    outcome: Some(crate::Outcome::Draw),
                    len: 7,
                    odd: false,
                },
            ),
            (
                b"*",
                Outcome {
                    outcome: None,
                    len: 1,
                    odd: false,
                },
            ),
            (
                "½-½".as_bytes(),
                Outcome {
                    outcome: Some(crate::Outcome::Draw),
                    len: 5,
                    odd: true,
                },
            ),
            (
                b"+--",
                Outcome {
                    outcome: Some(crate::Outcome::WhiteWins),
                    len: 3,
                    odd: true,
                },
            ),
            (
                b"!?",
                Glyph {
                    nag: 5,
                    len: 2,
                    unicode: false,
                },
            ),
            (
                b"??",
                Glyph {
                    nag: 4,
                    len: 2,
                    unicode: false,
                },
            ),
            (
                b"+/-",
                Glyph {
                    nag: 16,
                    len: 3,
                    unicode: false,
                },
            ),
            (
                b"=",
                Glyph {
                    nag: 10,
                    len: 1,
                    unicode: false,
                },
            ),
            (
                "□".as_bytes(),
                Glyph {
                    nag: 7,
                    len: 3,
                    unicode: true,
                },
            ),
            (b"0-0", Move),
            (b"0000", Move),
            (b"--", Move),
            (b"Z0", Move),
            ("♘f3".as_bytes(), Move),
            (
                b"!!!",
                Unknown {
                    kind: K::UnknownGlyph,
                    len: 3,
                },
            ),
            (
                b"^5blergh",
                Unknown {
                    kind: K::UnknownToken,
                    len: 8,
                },
            ),
            (
                b"-",
                Unknown {
                    kind: K::UnknownToken,
                    len: 1,
                },
            ),
        ];
        for (input, want) in cases {
            assert_eq!(classify(input), want, "{input:?}");
        }
    }

    #[test]
    fn ok_split_suffix() {
        let cases: [(&[u8], usize, [Suffix; 2]); 8] = [
            (b"Nf3", 3, [None, None]),
            (b"Nf3!?", 3, [Some((5, 3, 5)), None]),
            (b"d4?!", 2, [Some((6, 2, 4)), None]),
            (b"g4+/-", 2, [None, Some((16, 2, 5))]),
            (b"Qh5?!+-", 3, [Some((6, 3, 5)), Some((18, 5, 7))]),
            (b"e8=Q+", 5, [None, None]),
            (b"O-O-O", 5, [None, None]),
            (b"e8=", 3, [None, None]),
        ];
        for (input, len, suffix) in cases {
            assert_eq!(split_suffix(input), (len, suffix), "{input:?}");
        }
    }

    #[test]
    fn ok_nag_digits() {
        type Case = (&'static [u8], Option<(u16, usize)>);
        let cases: [Case; 6] = [
            (b"5 ", Some((5, 1))),
            (b"255", Some((255, 3))),
            (b"x", None),
            (b"99999", None),
            (b"256", None),
            (b"", None),
        ];
        for (input, want) in cases {
            assert_eq!(nag_digits(input), want, "{input:?}");
        }
    }

    #[test]
    fn ok_brace_scan() {
        let cases: [(&[u8], bool, Option<usize>, bool); 5] = [
            (b" plain } e5", false, Some(7), false),
            (b" a { b } c } e5", false, Some(7), true),
            (b" a { b } c } e5", true, Some(11), true),
            (b" open", false, None, false),
            (b" a { b }", true, None, true),
        ];
        for (body, counted, end, nested) in cases {
            let mut scan = BraceScan::new();
            assert_eq!(scan.find_end(body, counted), end, "{body:?}");
            assert_eq!(scan.nested, nested, "{body:?}");
        }
    }

    #[test]
    fn ok_brace_scan_cut() {
        let cases: [(&[u8], Option<usize>, bool); 5] = [
            (b" open\n\n[Event", Some(5), true),
            (b" open\r\n \r\n\n[Event", Some(6), true),
            (b" a\n\nb } e5", Some(6), false),
            (b" a\n[%clk 1] }", Some(12), false),
            (b" a\n\n", None, false),
        ];
        for (body, end, cut) in cases {
            let mut scan = BraceScan::new();
            assert_eq!(scan.find_end(body, false), end, "{body:?}");
            assert_eq!(scan.cut, cut, "{body:?}");
        }
    }

    #[test]
    fn ok_looks_like_move() {
        let moves: [&[u8]; 18] = [
            b"e4", b"Nf3", b"exd5", b"e8=Q+", b"R1e2", b"Qh4xe1#", b"e2-e4", b"Ng1-f3", b"e2e4",
            b"e7e8q", b"N@f3", b"O-O", b"0-0-0", b"O-O-O+", b"--", b"Z0", b"Nf3!?", b"a1",
        ];
        for word in moves {
            assert!(looks_like_move(word), "{word:?}");
        }
        let words: [&[u8]; 10] = [
            b"",
            b"Generated",
            b"The",
            b"B2",
            b"e9",
            b"i4",
            b"Nf3x",
            b"1.",
            b"e4e5e6",
            b"O-",
        ];
        for word in words {
            assert!(!looks_like_move(word), "{word:?}");
        }
    }

    #[test]
    fn ok_bare_bracket_line() {
        let cases: [(&[u8], bool, Option<bool>); 7] = [
            (b"[pgn]\n[White", false, Some(true)),
            (b"[/pgn]  \r\n", false, Some(true)),
            (b"[/pgn]", true, Some(true)),
            (b"[pgn] 1. e4", false, Some(false)),
            (b"[Event \"x\"]\n", false, Some(false)),
            (b"[Event S]\n", false, Some(false)),
            (b"[pgn", false, None),
        ];
        for (input, at_eof, want) in cases {
            assert_eq!(bare_bracket_line(input, at_eof), want, "{input:?}");
        }
    }

    #[test]
    fn ok_comments_only() {
        let cases: [(&[u8], bool, Option<usize>); 8] = [
            (b"; a\n; b\n", true, Some(7)),
            (b"; a", true, Some(3)),
            (b"{ a } \n\n[Event", false, Some(5)),
            (b"{ a }\n1. e4", false, None),
            (b"{ a }\n e4", true, None),
            (b"{ a } [Event", false, None),
            (b"{ a\n\n[Event", false, None),
            (b"; a\n", false, None),
        ];
        for (input, at_eof, want) in cases {
            assert_eq!(comments_only(input, at_eof, false), want, "{input:?}");
        }
    }

    #[test]
    fn ok_dash_results() {
        let cases: [(&str, crate::Outcome, usize); 5] = [
            ("1\u{2013}0", crate::Outcome::WhiteWins, 5),
            ("0\u{2014}1", crate::Outcome::BlackWins, 5),
            ("1/2\u{2212}1/2", crate::Outcome::Draw, 9),
            ("\u{bd}\u{2012}\u{bd}", crate::Outcome::Draw, 7),
            ("1\u{2010}0 ", crate::Outcome::WhiteWins, 5),
        ];
        for (word, outcome, len) in cases {
            let want = Word::Outcome {
                outcome: Some(outcome),
                len,
                odd: true,
            };
            assert_eq!(classify(word.as_bytes()), want, "{word}");
        }
        assert_eq!(classify("1\u{2013}0x".as_bytes()), Word::Move);
    }

    #[test]
    fn ok_brace_scan_resumes() {
        let body = b" a { b } c } e5";
        let mut scan = BraceScan::new();
        assert_eq!(scan.find_end(&body[..9], true), None);
        assert_eq!(scan.find_end(body, true), Some(11));
    }

    #[test]
    fn ok_nested_junk() {
        assert_eq!(nested_junk(b" c } e5", 1), Some(4));
        assert_eq!(nested_junk(b" ) and (x) }", 1), Some(12));
        assert_eq!(nested_junk(b" which should be", 1), None);
    }

    #[test]
    fn ok_paragraph_len() {
        let cases: [(&[u8], bool, Option<usize>); 6] = [
            (b"intro\n\n[Event", false, Some(6)),
            (b"intro\r\n \r\n", false, Some(7)),
            (b"intro\nmore\n[Event", false, Some(11)),
            (b"intro\nmore", false, None),
            (b"intro\nmore", true, Some(10)),
            (b"intro\n", false, None),
        ];
        for (input, at_eof, want) in cases {
            assert_eq!(paragraph_len(input, at_eof), want, "{input:?}");
        }
    }

    #[test]
    fn ok_looks_like_movetext() {
        let cases: [(&[u8], bool); 10] = [
            (b"1. e4 e5", true),
            (b"e4 e5 *", true),
            (b"{ intro } e4", true),
            (b"e4 { x } 1-0", true),
            (b"Generated by a tool, version 2", false),
            (b"e4 e5", true),
            (b"O-O-O !! 0-0-0# ??", true),
            (b"Played in the club, e4 e5", false),
            (b"Generated by SomeTool 2.1", false),
            (b"Notes: 1.e4 is best", true),
        ];
        for (input, want) in cases {
            assert_eq!(looks_like_movetext(input), want, "{input:?}");
        }
    }
}
