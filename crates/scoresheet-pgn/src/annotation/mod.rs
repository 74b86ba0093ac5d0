//! Comment commands: the `[%clk 0:03:00]`, `[%eval 0.17]`, `[%cal Ge2e4]` that lichess,
//! chess.com, ChessBase and others put inside PGN comments, as typed values.
//!
//! ```
//! use scoresheet_pgn::annotation::{parse_comment, ClockTime, EvalScore, ShapeColor};
//! use scoresheet::Square;
//!
//! let parsed = parse_comment(b"Good move. [%eval 0.24,18] [%clk 0:01:59.5] [%cal Ge2e4]");
//! assert_eq!(parsed.text(), "Good move.");
//! assert_eq!(parsed.clock(), Some(ClockTime::from_millis(119_500)));
//! assert_eq!(parsed.clock().map(ClockTime::as_secs_f64), Some(119.5));
//! let eval = parsed.eval().expect("an eval");
//! assert_eq!((eval.score, eval.depth), (EvalScore::Centipawns(24), Some(18)));
//! let arrow = parsed.arrows()[0];
//! assert_eq!((arrow.color, arrow.from, arrow.to), (ShapeColor::Green, Square::E2, Square::E4));
//! assert!(parsed.issues().is_empty());
//!
//! // Unknown commands stay in the text; malformed known ones too, and are reported.
//! let parsed = parse_comment(b"[%timestamp 5] [%clk abc]");
//! assert_eq!(parsed.text(), "[%timestamp 5] [%clk abc]");
//! assert_eq!(parsed.issues()[0].to_string(), "comment command %clk: malformed value at byte 21");
//! ```
//!
//! The parser is board-free and reads bytes: the text around the commands may be in any
//! encoding (commands are ASCII, so cutting them out never splits a UTF-8 sequence), and
//! [`ParsedComment::text`] decodes it like the rest of the crate (UTF-8, else Latin-1).
//!
//! # Grammar
//!
//! ```text
//! command  = "[%" name value-part "]"     ; everything up to the first "]"
//! name     = 1*(ALPHA / DIGIT / "_")      ; case-sensitive
//! value-part = 1*WS value *WS             ; WS: space, tab, CR, LF, form feed
//!
//! clk, emt = hours ":" minutes ":" seconds ["." *3DIGIT]
//! hours    = 1*DIGIT                      ; at most 999999
//! minutes  = 1*2DIGIT                     ; below 60
//! seconds  = 1*2DIGIT                     ; below 60
//!
//! eval     = (pawns / mate) ["," depth]
//! pawns    = ["+" / "-"] (1*DIGIT ["." *DIGIT] / "." 1*DIGIT)
//! mate     = "#" ["+" / "-"] 1*DIGIT
//! depth    = 1*DIGIT                      ; at most 4294967295
//!
//! csl      = color square *("," color square)
//! cal      = color square square *("," color square square)
//! color    = "R" / "G" / "Y" / "B"
//! square   = "a"-"h" "1"-"8"
//! ```
//!
//! | command | example | value |
//! |---|---|---|
//! | `%clk` | `[%clk 0:03:00]` (lichess), `[%clk 0:02:59.9]` (chess.com) | [`ClockTime`]: the mover's clock after the move |
//! | `%emt` | `[%emt 0:00:05]` | [`ClockTime`]: the time the move took |
//! | `%eval` | `[%eval 0.17]`, `[%eval -1.5]`, `[%eval #-3]`, `[%eval 0.17,20]` | [`Eval`]: centipawns or mate, optional depth |
//! | `%csl` | `[%csl Ra1,Gb2]` | [`SquareHighlight`]s |
//! | `%cal` | `[%cal Ge2e4,Rd7d5]` | [`Arrow`]s |
//!
//! The rules, exactly:
//!
//! - **A command** runs from `[%` to the first `]` after it; commands do not nest. A known
//!   command (`clk`, `emt`, `eval`, `csl`, `cal`) whose value does not follow the grammar stays
//!   in the text and is reported as a [`CommentIssue`]: a value that is missing or
//!   malformed ([`CommentIssueKind::Malformed`]), a number too large
//!   ([`CommentIssueKind::OutOfRange`]), or no `]` before the end or before another `[`
//!   ([`CommentIssueKind::Unterminated`]). Nothing is guessed: `[%csl Ra1,Zz9]` gives no
//!   square at all.
//! - **Unknown commands** (`[%timestamp 5]`, `[%CLK 0:00:01]`, `[%evalx 1]`) and any other text
//!   stay in the text untouched, without an issue.
//! - **Clock and elapsed time** are kept exactly, in milliseconds. Hours are not limited to
//!   two digits (correspondence clocks) but to 999,999 (so that seconds with three decimals
//!   are exact as an `f64`); more than three decimals of a second is malformed.
//! - **Evaluations** are from White's point of view, as the comment writes them (lichess and
//!   python-chess write them so). Pawns become centipawns exactly when there are at most two
//!   decimals (`0.17` is 17, `-1.5` is -150, `3` is 300, `-0.00` is 0); further decimals round
//!   half away from zero (`0.125` is 13, `-0.125` is -13, `0.1249` is 12). The result must fit
//!   an `i32`. A mate is a move count, signed as written (`#-3`: Black mates in 3); `#0`,
//!   written by some engines for a mated position, is kept as mate 0 (it does not say which
//!   side is mated).
//! - **Colours** are ChessBase's `R` (red), `G` (green) and `Y` (yellow), plus lichess's `B`
//!   (blue); python-chess and chessops accept the same four. Any other letter, lowercase
//!   included, is malformed. `%csl` takes squares only and `%cal` arrows only; an arrow from
//!   a square to itself (`Ge2e2`) is kept as written.
//! - **Repeated commands**: `clk`, `emt` and `eval` hold one value, so when one comes again the
//!   last one wins and the later one is reported ([`CommentIssueKind::Repeated`]); both are
//!   cut from the text. `csl` and `cal` add to the lists, in order, without an issue.
//! - **The text** is the comment with every recognised command cut out, each with the
//!   whitespace that follows it when whitespace (or the start) precedes it; a command between
//!   two non-whitespace bytes becomes one space. The result is trimmed of ASCII whitespace, so
//!   a comment of commands only has an empty text. Other whitespace is kept as written.
//!
//! The text never holds a recognised, well-formed command: parsing it again gives the same
//! text and no value. Work is linear in the comment's length (no recursion, no
//! backtracking), and nothing is allocated per command beyond the result vectors.

mod parse;

use std::borrow::Cow;
use std::ops::Range;
use std::{error, fmt};

use scoresheet::Square;

pub(crate) use parse::commands_only;
pub use parse::parse_comment;

/// [`parse_comment`] on text.
pub fn parse_comment_str(comment: &str) -> ParsedComment {
    parse_comment(comment.as_bytes())
}

/// A comment read for commands: the text without them, their values, and what was wrong.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ParsedComment {
    text: Vec<u8>,
    clock: Option<ClockTime>,
    emt: Option<ClockTime>,
    eval: Option<Eval>,
    squares: Vec<SquareHighlight>,
    arrows: Vec<Arrow>,
    commands: Vec<(CommandName, Range<usize>)>,
    issues: Vec<CommentIssue>,
}

impl ParsedComment {
    /// The text without the recognised commands, decoded (UTF-8, else Latin-1).
    pub fn text(&self) -> Cow<'_, str> {
        crate::decode::decode(&self.text)
    }

    /// The text without the recognised commands, as bytes.
    pub fn text_bytes(&self) -> &[u8] {
        &self.text
    }

    /// `[%clk]`: the clock after the move.
    pub fn clock(&self) -> Option<ClockTime> {
        self.clock
    }

    /// `[%emt]`: the time the move took.
    pub fn emt(&self) -> Option<ClockTime> {
        self.emt
    }

    /// `[%eval]`: the evaluation.
    pub fn eval(&self) -> Option<Eval> {
        self.eval
    }

    /// `[%csl]`: the highlighted squares, in order.
    pub fn squares(&self) -> &[SquareHighlight] {
        &self.squares
    }

    /// `[%cal]`: the arrows, in order.
    pub fn arrows(&self) -> &[Arrow] {
        &self.arrows
    }

    /// Each recognised command and where it stood in the comment (from `[` to `]`), in order.
    pub fn commands(&self) -> &[(CommandName, Range<usize>)] {
        &self.commands
    }

    /// What was wrong, in order of the comment.
    pub fn issues(&self) -> &[CommentIssue] {
        &self.issues
    }

    /// Whether any command was recognised.
    pub fn has_commands(&self) -> bool {
        !self.commands.is_empty()
    }

    /// Takes the issues out, leaving none.
    pub fn take_issues(&mut self) -> Vec<CommentIssue> {
        std::mem::take(&mut self.issues)
    }
}

/// Each value as a command (`%csl`, `%cal`, `%eval`, `%emt`, `%clk`), then the text, separated
/// by spaces: parsing it again gives the same text and values. (The commands come first
/// because the text may end in an unterminated command, which would take in what follows.)
impl fmt::Display for ParsedComment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut gap = "";
        if !self.squares.is_empty() {
            f.write_str("[%csl ")?;
            write_list(f, &self.squares)?;
            f.write_str("]")?;
            gap = " ";
        }
        if !self.arrows.is_empty() {
            write!(f, "{gap}[%cal ")?;
            write_list(f, &self.arrows)?;
            f.write_str("]")?;
            gap = " ";
        }
        if let Some(eval) = self.eval {
            write!(f, "{gap}[%eval {eval}]")?;
            gap = " ";
        }
        if let Some(emt) = self.emt {
            write!(f, "{gap}[%emt {emt}]")?;
            gap = " ";
        }
        if let Some(clock) = self.clock {
            write!(f, "{gap}[%clk {clock}]")?;
            gap = " ";
        }
        match self.text.is_empty() {
            true => Ok(()),
            false => write!(f, "{gap}{}", self.text()),
        }
    }
}

fn write_list<T: fmt::Display>(f: &mut fmt::Formatter<'_>, items: &[T]) -> fmt::Result {
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            f.write_str(",")?;
        }
        write!(f, "{item}")?;
    }
    Ok(())
}

/// A time of `[%clk]` or `[%emt]`, exact to the millisecond.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct ClockTime {
    millis: u64,
}

impl ClockTime {
    /// A time of this many milliseconds.
    pub const fn from_millis(millis: u64) -> ClockTime {
        ClockTime { millis }
    }

    /// The time in milliseconds.
    pub const fn as_millis(self) -> u64 {
        self.millis
    }

    /// The time in seconds: the nearest `f64`, whose shortest decimal form is the exact
    /// time for any time a comment can hold (below a million hours).
    pub fn as_secs_f64(self) -> f64 {
        self.millis as f64 / 1000.0
    }
}

/// `H:MM:SS`, with as many decimals as needed (up to three): `0:03:00`, `0:02:59.9`,
/// `100:00:00.125`.
impl fmt::Display for ClockTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let seconds = self.millis / 1000;
        let (hours, minutes, seconds) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
        write!(f, "{hours}:{minutes:02}:{seconds:02}")?;
        match self.millis % 1000 {
            0 => Ok(()),
            ms if ms % 100 == 0 => write!(f, ".{}", ms / 100),
            ms if ms % 10 == 0 => write!(f, ".{:02}", ms / 10),
            ms => write!(f, ".{ms:03}"),
        }
    }
}

/// An `[%eval]`: the score and, when written, the search depth.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Eval {
    /// Centipawns or mate, from White's point of view.
    pub score: EvalScore,
    /// The depth after the comma (`[%eval 0.17,20]`).
    pub depth: Option<u32>,
}

/// `0.17`, `-1.50`, `#-3`, with `,depth` when there is one.
impl fmt::Display for Eval {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.score)?;
        match self.depth {
            Some(depth) => write!(f, ",{depth}"),
            None => Ok(()),
        }
    }
}

/// The score of an evaluation, from White's point of view as the comment writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EvalScore {
    /// Hundredths of a pawn: `0.17` is 17.
    Centipawns(i32),
    /// Mate in this many moves: positive when White mates, negative when Black does (`#-3` is
    /// -3); 0 for `#0`.
    Mate(i32),
}

/// The one split of a score into the two columns every output writes (`eval_cp`, `eval_mate`,
/// in EGD JSON, datasets, databases and the bindings), and its inverse.
impl EvalScore {
    /// Centipawns, or `None` for a mate score.
    pub fn centipawns(self) -> Option<i32> {
        match self {
            EvalScore::Centipawns(cp) => Some(cp),
            EvalScore::Mate(_) => None,
        }
    }

    /// Mate in n, or `None` for a centipawn score.
    pub fn mate(self) -> Option<i32> {
        match self {
            EvalScore::Mate(n) => Some(n),
            EvalScore::Centipawns(_) => None,
        }
    }

    /// `(eval_cp, eval_mate)` of an evaluation or of none: at most one is set.
    pub fn columns(score: Option<EvalScore>) -> (Option<i32>, Option<i32>) {
        (
            score.and_then(EvalScore::centipawns),
            score.and_then(EvalScore::mate),
        )
    }

    /// The score written as the two columns, or why they cannot be one: both set.
    pub fn from_columns(
        cp: Option<i32>,
        mate: Option<i32>,
    ) -> Result<Option<EvalScore>, &'static str> {
        match (cp, mate) {
            (Some(cp), None) => Ok(Some(EvalScore::Centipawns(cp))),
            (None, Some(n)) => Ok(Some(EvalScore::Mate(n))),
            (None, None) => Ok(None),
            (Some(_), Some(_)) => Err("both eval_cp and eval_mate"),
        }
    }
}

/// Pawns with two decimals (`0.17`, `-1.50`) or `#n`.
impl fmt::Display for EvalScore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            EvalScore::Centipawns(cp) => {
                let sign = if cp < 0 { "-" } else { "" };
                let abs = cp.unsigned_abs();
                write!(f, "{sign}{}.{:02}", abs / 100, abs % 100)
            }
            EvalScore::Mate(n) => write!(f, "#{n}"),
        }
    }
}

/// The colour of a highlighted square or an arrow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ShapeColor {
    /// `R`
    Red,
    /// `G`
    Green,
    /// `Y`
    Yellow,
    /// `B` (lichess)
    Blue,
}

impl ShapeColor {
    /// Every colour, in the order above.
    pub const ALL: [ShapeColor; 4] = [
        ShapeColor::Red,
        ShapeColor::Green,
        ShapeColor::Yellow,
        ShapeColor::Blue,
    ];

    /// The colour of a letter `R`, `G`, `Y` or `B`.
    pub const fn from_ascii(letter: u8) -> Option<ShapeColor> {
        match letter {
            b'R' => Some(ShapeColor::Red),
            b'G' => Some(ShapeColor::Green),
            b'Y' => Some(ShapeColor::Yellow),
            b'B' => Some(ShapeColor::Blue),
            _ => None,
        }
    }

    /// The letter: `R`, `G`, `Y` or `B`.
    pub const fn as_char(self) -> char {
        match self {
            ShapeColor::Red => 'R',
            ShapeColor::Green => 'G',
            ShapeColor::Yellow => 'Y',
            ShapeColor::Blue => 'B',
        }
    }

    /// The name: `red`, `green`, `yellow` or `blue`.
    pub const fn as_str(self) -> &'static str {
        match self {
            ShapeColor::Red => "red",
            ShapeColor::Green => "green",
            ShapeColor::Yellow => "yellow",
            ShapeColor::Blue => "blue",
        }
    }

    /// The colour of a name `red`, `green`, `yellow` or `blue`.
    pub fn from_name(name: &str) -> Option<ShapeColor> {
        ShapeColor::ALL.into_iter().find(|c| c.as_str() == name)
    }
}

/// A coloured square of `[%csl]`, written `Ra1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SquareHighlight {
    /// The colour.
    pub color: ShapeColor,
    /// The square.
    pub square: Square,
}

impl fmt::Display for SquareHighlight {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.color.as_char(), self.square)
    }
}

/// A coloured arrow of `[%cal]`, written `Ge2e4`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Arrow {
    /// The colour.
    pub color: ShapeColor,
    /// Where the arrow starts.
    pub from: Square,
    /// Where it points.
    pub to: Square,
}

impl fmt::Display for Arrow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}{}", self.color.as_char(), self.from, self.to)
    }
}

/// A command this module reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CommandName {
    /// `%clk`
    Clk,
    /// `%emt`
    Emt,
    /// `%eval`
    Eval,
    /// `%csl`
    Csl,
    /// `%cal`
    Cal,
}

impl CommandName {
    /// The command of a name as written after `[%` (case-sensitive).
    pub fn from_ascii(name: &[u8]) -> Option<CommandName> {
        match name {
            b"clk" => Some(CommandName::Clk),
            b"emt" => Some(CommandName::Emt),
            b"eval" => Some(CommandName::Eval),
            b"csl" => Some(CommandName::Csl),
            b"cal" => Some(CommandName::Cal),
            _ => None,
        }
    }

    /// The name: `clk`, `emt`, `eval`, `csl` or `cal`.
    pub const fn as_str(self) -> &'static str {
        match self {
            CommandName::Clk => "clk",
            CommandName::Emt => "emt",
            CommandName::Eval => "eval",
            CommandName::Csl => "csl",
            CommandName::Cal => "cal",
        }
    }
}

impl fmt::Display for CommandName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What was wrong with a known command; see [`CommentIssue`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum CommentIssueKind {
    /// No `]` before the end of the comment or before another `[`. The command stays in the
    /// text.
    Unterminated,
    /// The value is missing or does not follow the grammar. The command stays in the text.
    Malformed,
    /// A number is too large. The command stays in the text.
    OutOfRange,
    /// A command holding one value came again: this later one wins.
    Repeated,
}

/// A known command that was malformed, or repeated: which, what, and where.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CommentIssue {
    pub(crate) command: CommandName,
    pub(crate) kind: CommentIssueKind,
    pub(crate) offset: usize,
    pub(crate) span: Range<usize>,
}

impl CommentIssue {
    /// The command concerned.
    pub fn command(&self) -> CommandName {
        self.command
    }

    /// What was wrong.
    pub fn kind(&self) -> CommentIssueKind {
        self.kind
    }

    /// The byte offset within the comment where reading stopped (for
    /// [`Repeated`](CommentIssueKind::Repeated), the `[` of the later command).
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// Where the command stands in the comment, from `[` to its `]` (or to where reading
    /// stopped, when unterminated).
    pub fn span(&self) -> Range<usize> {
        self.span.clone()
    }
}

impl fmt::Display for CommentIssue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.kind {
            CommentIssueKind::Unterminated => "no closing bracket",
            CommentIssueKind::Malformed => "malformed value",
            CommentIssueKind::OutOfRange => "number out of range",
            CommentIssueKind::Repeated => "repeated, this one wins",
        };
        write!(
            f,
            "comment command %{}: {what} at byte {}",
            self.command, self.offset
        )
    }
}

impl error::Error for CommentIssue {}
