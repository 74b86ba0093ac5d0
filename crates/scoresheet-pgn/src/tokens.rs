//! The values the reader hands to a [`Visitor`](crate::Visitor): raw tokens borrowed from the
//! reader's buffer, each with its [`Location`], plus [`Oddity`] reports.
//!
//! Raw tokens are bytes exactly as they are in the file (valid only during the callback); the
//! `decode` helpers turn them into text (UTF-8, else Latin-1, see [`crate::decode`]).
//!
//! ```
//! use scoresheet_pgn::{Outcome, RawTag};
//!
//! assert_eq!(Outcome::from_ascii(b"1/2-1/2"), Some(Outcome::Draw));
//! assert_eq!(Outcome::WhiteWins.to_string(), "1-0");
//! ```

use std::{borrow::Cow, fmt};

use crate::{decode, Location};

/// A game result as written in movetext.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
}

impl Outcome {
    /// All outcomes.
    pub const ALL: [Outcome; 3] = [Outcome::WhiteWins, Outcome::BlackWins, Outcome::Draw];

    /// Parses exactly `1-0`, `0-1` or `1/2-1/2`.
    pub fn from_ascii(bytes: &[u8]) -> Option<Outcome> {
        Outcome::ALL
            .into_iter()
            .find(|o| o.as_str().as_bytes() == bytes)
    }

    /// The standard PGN marker.
    pub const fn as_str(self) -> &'static str {
        match self {
            Outcome::WhiteWins => "1-0",
            Outcome::BlackWins => "0-1",
            Outcome::Draw => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Whether [`Visitor::begin_variation`](crate::Visitor::begin_variation) wants the variation
/// skipped (`Skip(true)`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Skip(pub bool);

/// A tag value as written between the quotes, escapes not yet removed.
#[derive(Debug, Clone, Copy)]
pub struct RawTag<'a> {
    pub(crate) bytes: &'a [u8],
    pub(crate) position: Location,
}

impl<'a> RawTag<'a> {
    /// The bytes between the quotes, as written (with `\"` and `\\` escapes).
    pub fn as_bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// The value with `\"` and `\\` unescaped.
    pub fn unescape(&self) -> Cow<'a, [u8]> {
        decode::unescape_tag(self.bytes)
    }

    /// The unescaped value as text (UTF-8, else Latin-1).
    pub fn decode(&self) -> Cow<'a, str> {
        match self.unescape() {
            Cow::Borrowed(bytes) => decode::decode(bytes),
            Cow::Owned(bytes) => Cow::Owned(decode::decode(&bytes).into_owned()),
        }
    }

    /// Where the tag (its `[`) starts.
    pub fn location(&self) -> Location {
        self.position
    }
}

/// Bytes of one token plus where it starts: a move token, a NAG, or the subject of an
/// [`Oddity`].
#[derive(Debug, Clone, Copy)]
pub struct RawToken<'a> {
    pub(crate) bytes: &'a [u8],
    pub(crate) position: Location,
}

impl<'a> RawToken<'a> {
    /// The token as written.
    pub fn as_bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// The token as text (UTF-8, else Latin-1).
    pub fn decode(&self) -> Cow<'a, str> {
        decode::decode(self.bytes)
    }

    /// Where the token starts.
    pub fn location(&self) -> Location {
        self.position
    }
}

/// How a comment was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CommentKind {
    /// `{ ... }`.
    Brace,
    /// `; ...` up to the end of the line.
    Line,
}

/// A comment's text, without its `{` `}` or `;`, with `[%clk ...]`-style commands kept as text.
#[derive(Debug, Clone, Copy)]
pub struct RawComment<'a> {
    pub(crate) bytes: &'a [u8],
    pub(crate) kind: CommentKind,
    pub(crate) position: Location,
}

impl<'a> RawComment<'a> {
    /// The text as written.
    pub fn as_bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// The text (UTF-8, else Latin-1).
    pub fn decode(&self) -> Cow<'a, str> {
        decode::decode(self.bytes)
    }

    /// Brace or line comment.
    pub fn kind(&self) -> CommentKind {
        self.kind
    }

    /// Where the comment (its `{` or `;`) starts.
    pub fn location(&self) -> Location {
        self.position
    }
}

/// Something accepted but noteworthy, or skipped; see [`OddityKind`].
#[derive(Debug, Clone, Copy)]
pub struct Oddity<'a> {
    pub(crate) kind: OddityKind,
    pub(crate) token: RawToken<'a>,
}

impl<'a> Oddity<'a> {
    /// What is odd.
    pub fn kind(&self) -> OddityKind {
        self.kind
    }

    /// The bytes concerned (may be empty, for example for a missing result).
    pub fn as_bytes(&self) -> &'a [u8] {
        self.token.bytes
    }

    /// Where it is.
    pub fn location(&self) -> Location {
        self.token.position
    }
}

impl fmt::Display for Oddity<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "pgn: {}: {}", self.location(), self.kind)?;
        if !self.token.bytes.is_empty() {
            let text = self.token.decode();
            let mut short: String = text.chars().take(40).collect();
            if short.len() < text.len() {
                short.push('…');
            }
            write!(f, " {short:?}")?;
        }
        Ok(())
    }
}

/// The kinds of [`Oddity`]. Each names what the reader did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum OddityKind {
    /// Text before a game that looks like no movetext (its first word is no move, and it holds no
    /// move number or result): skipped.
    TextBeforeGame,
    /// Text between games that is no game although it looks like part of one: a lone bracketed
    /// word on its line (forum markup like `[pgn]`, `[/pgn]`), or comments with nothing after
    /// them but the next tag section or the end of the input: skipped.
    NotAGame,
    /// A byte order mark (U+FEFF) at the start of a line after the first, or inside movetext:
    /// skipped.
    ByteOrderMark,
    /// A line starting with `%` (PGN escape): skipped.
    EscapedLine,
    /// A blank line between tags, followed by a tag whose name the section does not hold yet:
    /// the tag section goes on.
    BlankLineInTags,
    /// A tag without a quoted value, like `[Event S ]`: the value is the trimmed text after the
    /// name (`S`).
    UnquotedTagValue,
    /// A tag value without closing quote: the value runs to the end of the line, less a final `]`.
    UnterminatedTagValue,
    /// Unescaped `"` inside a tag value: the value runs to the last `"` before `]`.
    UnescapedQuoteInTag,
    /// A tag value ending in a backslash, like `[TimeControl "40/5400+30\"]`: the `\"` closes
    /// the value instead of escaping the quote, and the backslash is dropped (`40/5400+30`).
    BackslashEndsTagValue,
    /// A tag whose name is not letters, digits and `_` starting with a letter.
    NonstandardTagName,
    /// Missing or extra spaces in a tag pair, like `[Event"x"]` or `[ Site "y" ]`.
    TagSpacing,
    /// A tag line without `]`.
    UnterminatedTag,
    /// Text after a tag's `]` on its line that is neither a tag nor movetext.
    JunkAfterTag,
    /// A `{` inside a brace comment. With [`BraceNesting::Counted`](crate::BraceNesting) the
    /// comment runs to the balancing `}`.
    NestedComment,
    /// With [`BraceNesting::FirstCloses`](crate::BraceNesting), the text after a nested comment
    /// up to its balancing `}`: skipped.
    JunkAfterNestedComment,
    /// No longer reported: a comment still open at the end of the input or before the next
    /// game's tags is [`ReadErrorKind::UnterminatedComment`](crate::ReadErrorKind).
    UnterminatedComment,
    /// A `}` outside a comment: skipped.
    StrayCloseBrace,
    /// A token that is no move, number, result, NAG or glyph (starts with punctuation or a
    /// control byte): skipped.
    UnknownToken,
    /// A `[...]` inside movetext (not at the start of a line): skipped.
    BracketInMovetext,
    /// A move number in a non-standard form: `2..`, `3....`, a lone `...`, or `12` without a dot.
    MoveNumberForm,
    /// A glyph like `!!!`, or a NAG above 255 like `$256`, that maps to no NAG: skipped.
    UnknownGlyph,
    /// A Unicode glyph like `□` or `±`: reported as its NAG.
    UnicodeGlyph,
    /// U+00A0 (no-break space) between tokens: read as a space.
    NonAsciiWhitespace,
    /// A result written as `½-½`, `+--` (white wins by forfeit) or
    /// with a Unicode dash (`1–0`, `0—1`, `½–½`, `1/2–1/2`): read as that result.
    NonstandardResult,
    /// A game that ends without `1-0`, `0-1`, `1/2-1/2` or `*`.
    MissingResult,
    /// Tokens after the game's result on the same line: skipped.
    AfterResult,
    /// A `)` without an open variation: skipped.
    UnmatchedCloseParen,
    /// `( )` with nothing inside: dropped (no variation callbacks).
    EmptyVariation,
    /// A variation still open at the end of the game: closed there.
    UnclosedVariation,
    /// A move in a variation that is not legal there (or not a move): the rest of that
    /// variation is dropped; the game is kept. Reported by the replay layer, for outputs that
    /// keep variations.
    IllegalMoveInVariation,
    /// A command in a comment (`[%clk ...]`, `[%eval ...]`) that is malformed, out of range or
    /// repeated: kept as comment text (or, repeated, the last one wins). Reported by the
    /// replay layer for outputs that read the commands (EGD `--extended`, the database).
    MalformedCommand,
    /// A `FEN` tag read leniently with a repair (castling rights the position cannot have
    /// dropped, a fullmove number of 0 read as 1, ...): the text says what was changed.
    /// Reported by the replay layer.
    RepairedFenTag,
    /// A `(` before the game's first move (nothing to vary from): skipped, so that the moves
    /// after it are the mainline.
    VariationBeforeFirstMove,
    /// Castling written in lower case (`o-o`, `o-o-o`): read as `O-O`, `O-O-O`. Reported by
    /// the replay layer.
    LowercaseCastling,
    /// A game marked as set up (`[SetUp "1"]`, `[Variant "From Position"]`) without a `FEN`
    /// tag: replayed from the standard start position. Reported by the replay layer.
    SetUpWithoutFen,
    /// A repair asked for (`select --fix-result`): the `Result` tag set (or added) from the
    /// game's result marker, which it did not match.
    RepairedResultTag,
    /// A repair asked for (`select --fix-result`): a game without result marker given the
    /// one its `Result` tag names (`*` when it names none).
    AddedResultMarker,
    /// A repair asked for (`select --fix-ply-count`): the `PlyCount` tag set (or added) to
    /// the mainline's number of plies.
    RepairedPlyCount,
    /// A repair asked for (`select --fill-roster`): a missing tag of the seven-tag roster
    /// added with the standard's value for unknown (`?`, `????.??.??`, `*`).
    FilledRosterTag,
}

impl OddityKind {
    fn as_str(self) -> &'static str {
        use OddityKind::*;
        match self {
            TextBeforeGame => "text before game skipped",
            NotAGame => "text between games that is no game skipped",
            ByteOrderMark => "byte order mark skipped",
            EscapedLine => "escaped line (%) skipped",
            BlankLineInTags => "blank line between tags",
            UnquotedTagValue => "tag value without quotes",
            UnterminatedTagValue => "tag value without closing quote",
            UnescapedQuoteInTag => "unescaped quote in tag value",
            BackslashEndsTagValue => "backslash before closing quote dropped from tag value",
            NonstandardTagName => "non-standard tag name",
            TagSpacing => "missing or extra spaces in tag",
            UnterminatedTag => "tag without closing bracket",
            JunkAfterTag => "text after tag skipped",
            NestedComment => "brace inside comment",
            JunkAfterNestedComment => "rest of nested comment skipped",
            UnterminatedComment => "comment not closed before end of input",
            StrayCloseBrace => "closing brace outside comment skipped",
            UnknownToken => "unknown token skipped",
            BracketInMovetext => "bracketed text in movetext skipped",
            MoveNumberForm => "non-standard move number",
            UnknownGlyph => "unknown glyph skipped",
            UnicodeGlyph => "unicode glyph read as nag",
            NonAsciiWhitespace => "no-break space read as space",
            NonstandardResult => "non-standard result marker",
            MissingResult => "game ends without result marker",
            AfterResult => "token after result skipped",
            UnmatchedCloseParen => "closing parenthesis without variation skipped",
            EmptyVariation => "empty variation dropped",
            UnclosedVariation => "variation not closed before end of game",
            IllegalMoveInVariation => "illegal move in variation: rest of variation dropped",
            MalformedCommand => "malformed, out-of-range or repeated comment command kept as text",
            RepairedFenTag => "FEN tag repaired",
            VariationBeforeFirstMove => "parenthesis before first move skipped",
            LowercaseCastling => "lower-case castling read as castling",
            SetUpWithoutFen => "set-up game without FEN tag replayed from the standard start",
            RepairedResultTag => "Result tag set from the result marker (repair)",
            AddedResultMarker => "result marker added from the Result tag (repair)",
            RepairedPlyCount => "PlyCount tag set to the mainline's plies (repair)",
            FilledRosterTag => "missing roster tag filled (repair)",
        }
    }
}

impl fmt::Display for OddityKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ok_outcome() {
        for outcome in Outcome::ALL {
            assert_eq!(
                Outcome::from_ascii(outcome.as_str().as_bytes()),
                Some(outcome)
            );
        }
        let cases: [&[u8]; 5] = [b"", b"*", b"1-0 ", b"1/2", b"0-0"];
        for input in cases {
            assert_eq!(Outcome::from_ascii(input), None, "{input:?}");
        }
    }

    #[test]
    fn ok_raw_tag_decode() {
        let position = Location::default();
        let cases: [(&[u8], &str); 4] = [
            (b"Kasparov", "Kasparov"),
            (br#"hello\" \\ world"#, r#"hello" \ world"#),
            (b"M\xfcller", "Müller"),
            (b"M\xfcller \\\"X\\\"", r#"Müller "X""#),
        ];
        for (bytes, want) in cases {
            assert_eq!(RawTag { bytes, position }.decode(), want, "{bytes:?}");
        }
    }

    #[test]
    fn ok_oddity_display() {
        let position = Location {
            game_index: 0,
            game_first_line: 1,
            line: 2,
            column: 3,
            byte: 9,
        };
        let token = RawToken {
            bytes: b"^5blergh",
            position,
        };
        let oddity = Oddity {
            kind: OddityKind::UnknownToken,
            token,
        };
        assert_eq!(
            oddity.to_string(),
            "pgn: game 1 (from line 1), line 2, column 3: unknown token skipped \"^5blergh\""
        );
    }
}
