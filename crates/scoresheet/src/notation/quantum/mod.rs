//! Quantum chess notation (Quantum Realm Games): standard moves `a2a4`, splits `b1^a3c3`,
//! merges `a3c3^b5`, capture and excluded variants `b1xc3` / `b1wc3`, measurements `.m0`.
//!
//! ```
//! use scoresheet::quantum::{QuantumKind, QuantumMove, Target, Variant};
//! use scoresheet::{Position, Square};
//! let split: QuantumMove = "b1^a3c3".parse()?;
//! assert_eq!(split.kind, QuantumKind::Split {
//!     from: Square::B1,
//!     to: [Target::basic(Square::A3), Target::basic(Square::C3)],
//! });
//! assert_eq!(split.to_string(), "b1^a3c3");
//!
//! let pos = Position::new();
//! let mv = "Ng1f3".parse::<QuantumMove>()?.to_move(&pos)?;
//! assert_eq!(QuantumMove::from_move(&pos, mv).to_string(), "g1f3");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! | string | meaning |
//! |---|---|
//! | `a2a4`, `e1g1` | standard move (castling is the king's move) |
//! | `Pa2a4`, `nb8c6` | with the piece: FEN letter, upper case White, lower case Black |
//! | `b1^a3c3` | split: one source, two targets |
//! | `a3c3^b5` | merge: two sources, one target |
//! | `b1xc3`, `b1wc3` | capture and excluded variants |
//! | `b1^xa3wc3`, `a3c3^wb5` | variants of split and merge, left of the target they define |
//! | `b1wc3.m0`, `a2xa4.m1` | measurement outcome |
//! | `e7e8q`, `c7c8q.m0` | promotion (before the measurement) |
//! | `0000` | null move |
//!
//! # Grammar
//! ```text
//! move        = "0000" | [piece] squares [promotion] [measurement]
//! piece       = "P" | "N" | "B" | "R" | "Q" | "K" | "p" | "n" | "b" | "r" | "q" | "k"
//! squares     = square [variant] square                          ; standard
//!             | square "^" [variant] square [variant] square     ; split
//!             | square square "^" [variant] square               ; merge
//! variant     = "x" | "w"                                        ; capture, excluded
//! promotion   = "q" | "r" | "b" | "n" | "Q" | "R" | "B" | "N"
//! measurement = ".m" ("0" | [1-9] [0-9]*)                        ; at most 4294967295
//! square      = [a-h] [1-8]
//! ```
//! A piece letter is a prefix only when a file letter follows it (`bb1^a3c3` is a black bishop,
//! `b1^a3c3` a square). The parser also checks what needs no board: the squares of a move
//! differ, split targets and merge sources differ, pawns do not split or merge, and only a
//! pawn's standard move to the first or last rank promotes (a white pawn to the eighth, a
//! black pawn to the first). [`Display`](fmt::Display) writes the canonical form, which parses
//! back to the same value: promotion in lower case, measurement without leading zeros.
//!
//! Decisions where the notation docs are silent or only suggest (the issue decides, see the
//! project's `bad_inputs.tsv` notes): promotions (`e7e8q`) are accepted in the UCI style of the
//! engine's protocol docs, either case; a measurement may follow any move, basic ones included;
//! the per-target variant form (`b1^xa3wc3`), which the docs reserve for future rule sets, is
//! accepted.
//!
//! # Lenient parsing
//! [`QuantumMove::from_ascii_lenient`] also trims surrounding ASCII whitespace; nothing else.
//!
//! # Against a position
//! [`QuantumMove::from_move`] writes a classical move: a capture as the capture variant,
//! castling as the king's move (`e1g1`; king takes rook, `e1h1`, in Chess960), promotions
//! with their letter. [`QuantumMove::to_move`] reads back standard moves: a piece prefix must
//! match the board, the capture variant must capture (the basic variant may, as ReCirq writes
//! classical captures), the excluded variant, splits and merges have no classical meaning, and
//! a measurement is not checked.

mod parse;

use std::fmt;
use std::str::FromStr;

pub use parse::{ParseQuantumError, ParseQuantumErrorKind};

use crate::chess_move::Move;
use crate::notation::{MoveError, MoveErrorKind};
use crate::position::{CastlingMode, Position};
use crate::types::{Piece, Role, Square};

/// A move in quantum chess notation, not checked against a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct QuantumMove {
    /// The moving piece, when written as a prefix (`Pa2a4`).
    pub piece: Option<Piece>,
    /// The squares and variants.
    pub kind: QuantumKind,
    /// The promotion piece (`e7e8q`).
    pub promotion: Option<Role>,
    /// The measurement outcome (`.m0`).
    pub measurement: Option<u32>,
}

/// The squares of a [`QuantumMove`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum QuantumKind {
    /// One source, one target: `a2a4`, `b1xc3`.
    Standard {
        /// The source square.
        from: Square,
        /// The target and its variant.
        to: Target,
    },
    /// One source, two targets: `b1^a3c3`.
    Split {
        /// The source square.
        from: Square,
        /// The targets, in the written order.
        to: [Target; 2],
    },
    /// Two sources, one target: `a3c3^b5`.
    Merge {
        /// The sources, in the written order.
        from: [Square; 2],
        /// The target and its variant.
        to: Target,
    },
    /// The null move `0000`.
    Null,
}

impl QuantumKind {
    /// `standard`, `split`, `merge` or `null`.
    pub const fn name(&self) -> &'static str {
        match self {
            QuantumKind::Standard { .. } => "standard",
            QuantumKind::Split { .. } => "split",
            QuantumKind::Merge { .. } => "merge",
            QuantumKind::Null => "null",
        }
    }
}

/// A target square and the variant written before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Target {
    /// The variant.
    pub variant: Variant,
    /// The square.
    pub square: Square,
}

impl Target {
    /// A target of the basic variant.
    pub const fn basic(square: Square) -> Target {
        Target {
            variant: Variant::Basic,
            square,
        }
    }
}

/// A move variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Variant {
    /// No symbol.
    Basic,
    /// `x`.
    Capture,
    /// `w`.
    Excluded,
}

impl Variant {
    /// `basic`, `capture` or `excluded`.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Basic => "basic",
            Variant::Capture => "capture",
            Variant::Excluded => "excluded",
        }
    }

    /// The symbol: none, `x` or `w`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Variant::Basic => "",
            Variant::Capture => "x",
            Variant::Excluded => "w",
        }
    }
}

impl QuantumMove {
    /// A move with only squares: no piece, promotion or measurement.
    pub const fn new(kind: QuantumKind) -> QuantumMove {
        QuantumMove {
            piece: None,
            kind,
            promotion: None,
            measurement: None,
        }
    }

    /// Parses quantum chess notation (see the module docs).
    ///
    /// # Errors
    /// [`ParseQuantumError`] with the byte offset and what was expected or is wrong.
    pub fn from_ascii(s: &[u8]) -> Result<QuantumMove, ParseQuantumError> {
        parse::parse(s, 0).map_err(|e| e.or_control_byte(s, ParseQuantumErrorKind::UnexpectedByte))
    }

    /// Parses leniently: like [`QuantumMove::from_ascii`] after trimming surrounding ASCII
    /// whitespace (offsets still count in the untrimmed input).
    ///
    /// # Errors
    /// [`ParseQuantumError`] with the byte offset and what was expected or is wrong.
    pub fn from_ascii_lenient(s: &[u8]) -> Result<QuantumMove, ParseQuantumError> {
        let base = s.len() - s.trim_ascii_start().len();
        parse::parse(s.trim_ascii(), base)
            .map_err(|e| e.or_control_byte(s, ParseQuantumErrorKind::UnexpectedByte))
    }

    /// The source squares: one, or two for a merge (none for the null move).
    pub fn sources(&self) -> &[Square] {
        match &self.kind {
            QuantumKind::Standard { from, .. } | QuantumKind::Split { from, .. } => {
                std::slice::from_ref(from)
            }
            QuantumKind::Merge { from, .. } => from,
            QuantumKind::Null => &[],
        }
    }

    /// The targets: one, or two for a split (none for the null move).
    pub fn targets(&self) -> &[Target] {
        match &self.kind {
            QuantumKind::Standard { to, .. } | QuantumKind::Merge { to, .. } => {
                std::slice::from_ref(to)
            }
            QuantumKind::Split { to, .. } => to,
            QuantumKind::Null => &[],
        }
    }

    /// A classical legal move written in quantum notation (see the module docs).
    pub fn from_move(pos: &Position, mv: Move) -> QuantumMove {
        let to = match (mv, pos.castling_mode()) {
            (Move::Castle { rook, .. }, CastlingMode::Chess960) => rook,
            _ => mv.to(),
        };
        let variant = match mv.is_capture() {
            true => Variant::Capture,
            false => Variant::Basic,
        };
        QuantumMove {
            promotion: mv.promotion(),
            ..QuantumMove::new(QuantumKind::Standard {
                from: mv.from(),
                to: Target {
                    variant,
                    square: to,
                },
            })
        }
    }

    /// The classical legal move a standard quantum move denotes (see the module docs).
    ///
    /// # Errors
    /// [`MoveError`] with the reason:
    /// - [`MoveErrorKind::Null`] for `0000`;
    /// - [`MoveErrorKind::PieceMismatch`]: the piece prefix is not the piece on the source square;
    /// - [`MoveErrorKind::CaptureMismatch`]: the capture variant for a quiet move;
    /// - [`MoveErrorKind::Illegal`]: no legal move matches, or a split, merge or excluded variant.
    pub fn to_move(self, pos: &Position) -> Result<Move, MoveError> {
        self.find(pos)
            .map_err(|kind| MoveError::new("quantum", &self, pos, kind))
    }

    fn find(self, pos: &Position) -> Result<Move, MoveErrorKind> {
        let (from, to) = match self.kind {
            QuantumKind::Null => return Err(MoveErrorKind::Null),
            QuantumKind::Standard { from, to } if to.variant != Variant::Excluded => (from, to),
            _ => return Err(MoveErrorKind::Illegal),
        };
        if let Some(piece) = self.piece {
            let found = pos.piece_at(from);
            if found != Some(piece) {
                return Err(MoveErrorKind::PieceMismatch(found));
            }
        }
        let mv = find_standard(pos, from, to.square, self.promotion)?;
        if to.variant == Variant::Capture && !mv.is_capture() {
            return Err(MoveErrorKind::CaptureMismatch(mv));
        }
        Ok(mv)
    }
}

/// The legal move from `from` to `to`: a normal move first, else castling written as the
/// king's move or as king takes rook.
pub(crate) fn find_standard(
    pos: &Position,
    from: Square,
    to: Square,
    promotion: Option<Role>,
) -> Result<Move, MoveErrorKind> {
    if let Some(mv) = pos.normal_move(from, to, promotion) {
        return Ok(mv);
    }
    let mut castle = None;
    if promotion.is_none() && from == pos.king(pos.turn()) {
        pos.legal_moves_for(from.bitboard(), |mv| {
            let hit = matches!(mv, Move::Castle { rook, .. } if to == rook || to == mv.to());
            if hit {
                castle = Some(mv);
            }
            hit
        });
    }
    castle.ok_or(MoveErrorKind::Illegal)
}

impl FromStr for QuantumMove {
    type Err = ParseQuantumError;

    fn from_str(s: &str) -> Result<QuantumMove, ParseQuantumError> {
        QuantumMove::from_ascii(s.as_bytes())
    }
}

impl fmt::Display for QuantumMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(piece) = self.piece {
            write!(f, "{piece}")?;
        }
        match self.kind {
            QuantumKind::Standard { from, to } => write!(f, "{from}{to}")?,
            QuantumKind::Split { from, to: [a, b] } => write!(f, "{from}^{a}{b}")?,
            QuantumKind::Merge { from: [a, b], to } => write!(f, "{a}{b}^{to}")?,
            QuantumKind::Null => f.write_str("0000")?,
        }
        if let Some(role) = self.promotion {
            write!(f, "{}", role.char())?;
        }
        match self.measurement {
            Some(outcome) => write!(f, ".m{outcome}"),
            None => Ok(()),
        }
    }
}

impl fmt::Display for Target {
    /// The variant symbol and the square: `xc3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.variant.as_str(), self.square)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        match fen {
            "startpos" => Position::new(),
            _ => Position::from_fen(fen, CastlingMode::Standard).expect("test fen is legal"),
        }
    }

    #[test]
    fn ok_to_move_and_back() {
        let castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        let promo = "k7/4P3/8/8/8/8/8/4K3 w - - 0 1";
        let capture = "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1";
        for (fen, input, uci, canonical) in [
            ("startpos", "a2a4", "a2a4", "a2a4"),
            ("startpos", "Pa2a4", "a2a4", "a2a4"),
            (castle, "e1g1", "e1g1", "e1g1"),
            (castle, "e1a1", "e1c1", "e1c1"),
            (promo, "e7e8q", "e7e8q", "e7e8q"),
            (promo, "e7e8N.m1", "e7e8n", "e7e8n"),
            (capture, "e4xd5", "e4d5", "e4xd5"),
            (capture, "e4d5", "e4d5", "e4xd5"),
        ] {
            let pos = pos(fen);
            let q: QuantumMove = input.parse().expect("valid quantum move");
            let mv = q.to_move(&pos).unwrap_or_else(|e| panic!("{input}: {e}"));
            assert_eq!(
                crate::uci::UciMove::from_move(&pos, mv).to_string(),
                uci,
                "{input}"
            );
            assert_eq!(
                QuantumMove::from_move(&pos, mv).to_string(),
                canonical,
                "{input}"
            );
        }
    }

    #[test]
    fn err_to_move() {
        for (input, expected) in [
            ("0000", MoveErrorKind::Null),
            ("b1^a3c3", MoveErrorKind::Illegal),
            ("b1wc3", MoveErrorKind::Illegal),
            ("a2a5", MoveErrorKind::Illegal),
            (
                "pa2a4",
                MoveErrorKind::PieceMismatch(pos("startpos").piece_at(Square::A2)),
            ),
            (
                "Na2a4",
                MoveErrorKind::PieceMismatch(pos("startpos").piece_at(Square::A2)),
            ),
        ] {
            let q: QuantumMove = input.parse().expect("valid quantum move");
            let err = q.to_move(&pos("startpos")).expect_err("refused");
            assert_eq!(err.kind(), &expected, "{input}");
        }
        let q: QuantumMove = "b1xc3".parse().expect("valid quantum move");
        let err = q.to_move(&pos("startpos")).expect_err("quiet move");
        assert!(matches!(err.kind(), MoveErrorKind::CaptureMismatch(_)));
    }
}
