//! EGD (Extended Game Description): a PGN game denormalized into one record per ply, with the
//! position before and after, the move in several forms, and position features.
//!
//! ```
//! use scoresheet_pgn::egd::{EgdOptions, EgdVisitor, JsonVisitor, MoveType, PieceCode};
//! use scoresheet_pgn::Reader;
//!
//! let pgn = b"[White \"Anderssen\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 1-0\n";
//!
//! // As Rust values.
//! let game = Reader::new(&pgn[..]).read_game(&mut EgdVisitor::new(EgdOptions::new()))?
//!     .expect("one game")?;
//! assert_eq!(game.game_tags[0], ("Result".to_string(), "1-0".to_string()));
//! let ply = &game.moves[6];
//! assert_eq!(ply.key.to_string(), "4w");
//! assert_eq!(ply.mv.lran, "Bb5xNc6");
//! assert_eq!(ply.mv.piece, PieceCode::LightBishop);
//! assert_eq!(ply.mv.move_type, MoveType::Capture);
//!
//! // As JSON Lines, one object per game (see the `json` module for the format).
//! let mut visitor = JsonVisitor::new(EgdOptions::new());
//! let mut reader = Reader::new(&pgn[..]);
//! let plies = reader.read_game(&mut visitor)?.expect("one game")?;
//! assert_eq!(plies, 8);
//! assert!(visitor.output().starts_with(br#"{"game_tags":{"Result":"1-0","White":"Anderssen"},"moves":{"1w":"#));
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! # What is converted
//!
//! - Every game of the input, mainline only: variations are skipped.
//! - Each move token is read leniently ([`SanPlus::from_ascii_lenient`], then
//!   [`San::to_move`]): `0-0`, `exd6e.p.`, `Ng1-f3`, `e8Q` are fine. The record's `san` is the
//!   canonical SAN of the move, with `+`/`#` from the position (not as written).
//! - Check and checkmate come from the position after the move, never from the suffix written.
//! - A `FEN` tag sets the start position (with or without `SetUp "1"`), and the ply keys start at
//!   its move number and side to move (`12b` first when Black moves at move 12). Castling rights
//!   on other files than a and h make the game Chess960.
//! - `Result` is the `Result` tag when decided (`1-0`, `0-1`, `1/2-1/2`), else the
//!   game-termination marker when decided, else `*` ([`crate::replay::game_result`]). It comes first in
//!   `game_tags`, then the other tags in file order; a repeated tag keeps its first place and its
//!   last value.
//! - Tag values are unescaped (`\"`, `\\`) and decoded (UTF-8, else Latin-1). A malformed tag
//!   like `[Event S ]` keeps the value the reader gives it (`"S"`, reported by the reader as
//!   [`OddityKind::UnquotedTagValue`](crate::OddityKind::UnquotedTagValue)); the `egd` Ruby gem
//!   gives `""`.
//!
//! # Errors
//!
//! A game is converted whole or not at all. It ends with an [`EgdError`], naming the game, the
//! line and column, the token and the reason, when a move does not parse
//! ([`EgdErrorKind::Syntax`]), is illegal or ambiguous ([`EgdErrorKind::Move`]), is a null move
//! (`--`, `Z0`, `0000`: EGD has no record for one, [`EgdErrorKind::NullMove`]), or when the `FEN` tag is bad
//! ([`EgdErrorKind::Fen`]) or the `Variant` tag names something other than standard chess or
//! Chess960 ([`EgdErrorKind::Variant`]).
//!
//! # Piece codes, move types, LRAN
//!
//! See [`PieceCode`], [`MoveType`] and [`MoveRecord::lran`].
//!
//! [`SanPlus::from_ascii_lenient`]: scoresheet::san::SanPlus::from_ascii_lenient
//! [`San::to_move`]: scoresheet::san::San::to_move

mod game_tags;
pub mod json;
mod repetition;
#[cfg(feature = "json")]
mod serde_impls;
mod visitor;

use crate::replay::ReplayOptions;
use std::fmt;

use scoresheet::{Color, Position, Square};

use crate::annotation::{
    parse_comment, Arrow, ClockTime, CommandName, CommentIssue, CommentIssueKind, Eval,
    SquareHighlight,
};

pub use crate::codes::{MoveType, PieceCode};
pub use game_tags::GameTags;
pub use json::JsonVisitor;
pub use repetition::Repetitions;
pub use visitor::{EgdSink, EgdVisitor};

/// Settings of the EGD visitors, with chaining setters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct EgdOptions {
    pub(crate) extended: bool,
    pub(crate) pretty: bool,
    pub(crate) replay: ReplayOptions,
}

impl EgdOptions {
    /// The defaults: the base format, compact JSON.
    pub const fn new() -> EgdOptions {
        EgdOptions {
            extended: false,
            pretty: false,
            replay: ReplayOptions::new(),
        }
    }

    /// Adds the extended position features and the move `meta` (see the `json` module docs).
    pub const fn extended(mut self, yes: bool) -> EgdOptions {
        self.extended = yes;
        self
    }

    /// Indents the JSON (two spaces); only [`JsonVisitor`] looks at this.
    pub const fn pretty(mut self, yes: bool) -> EgdOptions {
        self.pretty = yes;
        self
    }

    /// How move tokens are read (a movetext language: `Sf3` in German).
    pub const fn replay(mut self, options: ReplayOptions) -> EgdOptions {
        self.replay = options;
        self
    }

    /// Whether the extended features are on.
    pub const fn is_extended(&self) -> bool {
        self.extended
    }
}

/// One game as EGD.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
pub struct DenormalizedGame {
    /// The tags: `Result` first, then the others in file order.
    #[cfg_attr(feature = "json", serde(with = "serde_impls::tags"))]
    pub game_tags: Vec<(String, String)>,
    /// One record per mainline ply, in game order.
    #[cfg_attr(feature = "json", serde(with = "serde_impls::plies"))]
    pub moves: Vec<EgdPly>,
}

impl DenormalizedGame {
    /// The value of a tag.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.game_tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Reads one EGD JSON object (a line of [`JsonVisitor`] output).
    ///
    /// # Errors
    /// The `serde_json` error when the text is not an EGD object.
    #[cfg(feature = "json")]
    pub fn from_json(json: &[u8]) -> Result<DenormalizedGame, serde_json::Error> {
        serde_json::from_slice(json)
    }
}

/// The key of a ply: move number and side, written `1w`, `1b`, `2w`, ...
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PlyKey {
    /// The fullmove number of the position before the move.
    pub fullmove: u32,
    /// The side that moves.
    pub player: Color,
}

impl fmt::Display for PlyKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.fullmove, player_char(self.player))
    }
}

impl PlyKey {
    /// Parses `12b`.
    pub fn from_ascii(text: &[u8]) -> Option<PlyKey> {
        let (&side, digits) = text.split_last()?;
        let player = match side {
            b'w' => Color::White,
            b'b' => Color::Black,
            _ => return None,
        };
        let fullmove = std::str::from_utf8(digits).ok()?.parse().ok()?;
        Some(PlyKey { fullmove, player })
    }
}

/// `w` or `b`.
pub(crate) const fn player_char(color: Color) -> char {
    match color {
        Color::White => 'w',
        Color::Black => 'b',
    }
}

/// One ply: the position before, the move, the position after.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
pub struct EgdPly {
    /// `1w`, `1b`, ... (the key of the record in the JSON `moves` object).
    #[cfg_attr(feature = "json", serde(skip, default = "serde_impls::dummy_key"))]
    pub key: PlyKey,
    /// The position before the move.
    pub start_position: PositionRecord,
    /// The move.
    #[cfg_attr(feature = "json", serde(rename = "move"))]
    pub mv: MoveRecord,
    /// The position after the move.
    pub end_position: PositionRecord,
}

/// A position: its FEN and features.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
pub struct PositionRecord {
    /// The FEN; the en-passant square is set after every double pawn push.
    pub fen: String,
    /// What is notable about the position.
    pub features: Features,
}

/// Location features. In the base format only `check` and `checkmate`, each present only when
/// true, and a start position has none.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
pub struct Features {
    /// The side to move is in check.
    #[cfg_attr(
        feature = "json",
        serde(default, skip_serializing_if = "std::ops::Not::not")
    )]
    pub check: bool,
    /// The side to move is checkmated.
    #[cfg_attr(
        feature = "json",
        serde(default, skip_serializing_if = "std::ops::Not::not")
    )]
    pub checkmate: bool,
    /// With [`EgdOptions::extended`]: the rest.
    #[cfg_attr(
        feature = "json",
        serde(flatten, default, skip_serializing_if = "Option::is_none")
    )]
    pub extended: Option<ExtendedFeatures>,
}

/// The features [`EgdOptions::extended`] adds; see the `json` module docs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
pub struct ExtendedFeatures {
    /// Plies since the last capture or pawn move.
    pub halfmove_clock: u32,
    /// How often this position has occurred in the game so far, this time included (equal
    /// pieces, side to move, castling rights and capturable en-passant square).
    pub repetition: u32,
    /// `halfmove_clock` is at least 100: a draw may be claimed.
    pub fifty_move_claimable: bool,
    /// `halfmove_clock` is at least 150 and the side to move is not mated: the game is drawn.
    pub seventy_five_move: bool,
    /// `repetition` is at least 5: the game is drawn.
    pub fivefold: bool,
    /// The side to move has no legal move and is not in check.
    pub stalemate: bool,
    /// Neither side can ever mate (see `Location::is_insufficient_material`).
    pub insufficient_material: bool,
}

impl ExtendedFeatures {
    /// The features of `pos`, reached with this halfmove clock, its `repetition`-th
    /// occurrence ([`Repetitions`]), in check or mated as given: the one place of the
    /// fifty- and seventy-five-move, fivefold, stalemate and material rules' flags.
    pub fn after(
        pos: &Position,
        halfmove_clock: u32,
        repetition: u32,
        check: bool,
        checkmate: bool,
    ) -> ExtendedFeatures {
        ExtendedFeatures {
            halfmove_clock,
            repetition,
            fifty_move_claimable: halfmove_clock >= 100,
            seventy_five_move: halfmove_clock >= 150 && !checkmate,
            fivefold: repetition >= 5,
            stalemate: !check && !pos.has_legal_moves(),
            insufficient_material: pos.is_insufficient_material(),
        }
    }
}

/// A move.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
pub struct MoveRecord {
    /// The side that moves.
    #[cfg_attr(feature = "json", serde(with = "serde_impls::player"))]
    pub player: Color,
    /// The canonical SAN, with `+` or `#`.
    pub san: String,
    /// Long reversible algebraic notation: the piece letter (none for a pawn), the from-square,
    /// `-` or `x`, the captured piece's letter (none for a pawn), the to-square, `=` and the
    /// promotion letter: `e2-e4`, `Nh4xBf5`, `f7xg6`, `a7xQb8=B`, `e5xd6` (en passant); castling
    /// is `O-O` or `O-O-O`. Letters are `N B R Q K`, without light/dark.
    pub lran: String,
    /// Where the piece (the king, for castling) comes from.
    #[cfg_attr(feature = "json", serde(with = "serde_impls::square"))]
    pub from_square: Square,
    /// Where it goes (the king's destination, for castling).
    #[cfg_attr(feature = "json", serde(with = "serde_impls::square"))]
    pub to_square: Square,
    /// What moves.
    pub piece: PieceCode,
    /// What kind of move.
    pub move_type: MoveType,
    /// What is captured, for captures.
    #[cfg_attr(
        feature = "json",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub captured_piece: Option<PieceCode>,
    /// What the pawn becomes, for promotions.
    #[cfg_attr(
        feature = "json",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub promotion: Option<PieceCode>,
    /// With [`EgdOptions::extended`]: annotations that follow the move.
    #[cfg_attr(
        feature = "json",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub meta: Option<MoveMeta>,
}

/// Annotations following a move (with [`EgdOptions::extended`]): NAGs, comments, and the
/// comment commands as typed values ([`MoveMeta::add_comment`]).
///
/// In JSON (see the `json` module docs) the values are flat keys: `clock_seconds`,
/// `emt_seconds`, `eval_cp` or `eval_mate`, `eval_depth`, `squares`, `arrows`, each absent when
/// the move's comments hold none.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "json",
    serde(into = "serde_impls::MetaWire", try_from = "serde_impls::MetaWire")
)]
pub struct MoveMeta {
    /// Every NAG, in order: `$n` and glyphs (`!` is 1, `+/-` is 16, ...).
    pub nags: Vec<u16>,
    /// The glyphs as written (`!?`, `+/-`), in order; `$n` NAGs are not repeated here.
    pub glyphs: Vec<String>,
    /// The comments' text without their commands, trimmed, in order. A comment that held
    /// commands and nothing else adds nothing; an empty comment `{}` adds `""`.
    pub comments: Vec<String>,
    /// `[%clk]`: the mover's clock after the move (JSON `clock_seconds`).
    pub clock: Option<ClockTime>,
    /// `[%emt]`: the time the move took (JSON `emt_seconds`).
    pub emt: Option<ClockTime>,
    /// `[%eval]`: the evaluation after the move, from White's point of view (JSON `eval_cp`
    /// or `eval_mate`, and `eval_depth`).
    pub eval: Option<Eval>,
    /// `[%csl]`: coloured squares, in order.
    pub squares: Vec<SquareHighlight>,
    /// `[%cal]`: arrows, in order.
    pub arrows: Vec<Arrow>,
}

impl MoveMeta {
    /// Empties every field for the next move, keeping the buffers (as a new
    /// `MoveMeta::default()`, without allocating again).
    ///
    /// ```
    /// use scoresheet_pgn::egd::MoveMeta;
    /// let mut meta = MoveMeta::default();
    /// meta.add_comment(b"[%clk 0:01:00] [%eval 0.3] [%cal Ge2e4] good");
    /// meta.nags.push(1);
    /// assert_ne!(meta, MoveMeta::default());
    /// meta.clear();
    /// assert_eq!(meta, MoveMeta::default());
    /// ```
    pub fn clear(&mut self) {
        let MoveMeta {
            nags,
            glyphs,
            comments,
            clock,
            emt,
            eval,
            squares,
            arrows,
        } = self;
        nags.clear();
        glyphs.clear();
        comments.clear();
        squares.clear();
        arrows.clear();
        (*clock, *emt, *eval) = (None, None, None);
    }

    /// Adds a comment that follows the move (its text between `{` and `}`, or after `;`):
    /// the text without the commands goes to [`comments`](MoveMeta::comments), the commands
    /// to their fields (see [`annotation`](crate::annotation) for what is read).
    ///
    /// A clock, elapsed time or evaluation that the move already has is replaced (the last
    /// one wins, here as within one comment) and reported as
    /// [`Repeated`](CommentIssueKind::Repeated); squares and arrows are added. The issues are
    /// returned, with offsets within `raw`.
    ///
    /// ```
    /// use scoresheet_pgn::egd::MoveMeta;
    /// use scoresheet_pgn::annotation::EvalScore;
    ///
    /// let mut meta = MoveMeta::default();
    /// assert!(meta.add_comment(b" [%eval -0.35] [%clk 0:02:58] ").is_empty());
    /// assert!(meta.add_comment(b"Better was Nf3. [%csl Gf3]").is_empty());
    /// assert_eq!(meta.comments, ["Better was Nf3."]);
    /// assert_eq!(meta.eval.map(|e| e.score), Some(EvalScore::Centipawns(-35)));
    /// assert_eq!(meta.clock.map(|c| c.as_millis()), Some(178_000));
    /// assert_eq!(meta.squares.len(), 1);
    /// ```
    pub fn add_comment(&mut self, raw: &[u8]) -> Vec<CommentIssue> {
        // The common comment (`[%clk ...]`, `[%eval ...]` and nothing else, none repeating
        // an earlier comment's) without building a parsed comment: the same values, and no
        // text or issue to add.
        if let Some(values) = crate::annotation::commands_only(raw) {
            let repeats = (values.clock.is_some() && self.clock.is_some())
                || (values.emt.is_some() && self.emt.is_some())
                || (values.eval.is_some() && self.eval.is_some());
            if !repeats {
                self.clock = values.clock.or(self.clock);
                self.emt = values.emt.or(self.emt);
                self.eval = values.eval.or(self.eval);
                return Vec::new();
            }
        }
        let mut parsed = parse_comment(raw);
        let text = parsed.text();
        let text = text.trim();
        if !text.is_empty() || !parsed.has_commands() {
            self.comments.push(text.to_owned());
        }
        let mut issues = parsed.take_issues();
        // The first of each single-valued command here repeats one of an earlier comment; the
        // later ones here were reported by the parser.
        let mut first = [true; 3];
        for (command, span) in parsed.commands() {
            let (slot, had) = match command {
                CommandName::Clk => (0, self.clock.is_some()),
                CommandName::Emt => (1, self.emt.is_some()),
                CommandName::Eval => (2, self.eval.is_some()),
                CommandName::Csl | CommandName::Cal => continue,
            };
            if std::mem::replace(&mut first[slot], false) && had {
                issues.push(CommentIssue {
                    command: *command,
                    kind: CommentIssueKind::Repeated,
                    offset: span.start,
                    span: span.clone(),
                });
            }
        }
        self.clock = parsed.clock().or(self.clock);
        self.emt = parsed.emt().or(self.emt);
        self.eval = parsed.eval().or(self.eval);
        self.squares.extend_from_slice(parsed.squares());
        self.arrows.extend_from_slice(parsed.arrows());
        issues.sort_by_key(|i| i.offset);
        issues
    }
}

/// A game that could not be converted: the replay layer's [`GameError`](crate::replay::GameError),
/// under the name this module had for it.
pub type EgdError = crate::replay::GameError;

/// Why a game could not be converted: [`GameErrorKind`](crate::replay::GameErrorKind).
pub type EgdErrorKind = crate::replay::GameErrorKind;
