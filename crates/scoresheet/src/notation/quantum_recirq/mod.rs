//! Quantum chess moves as Google's ReCirq writes them (`quantumlib/ReCirq`,
//! `recirq/quantum_chess/move.py`): the squares of [`quantum`](crate::quantum) notation
//! without variant letters, then the move type and the variant, `d8d5:SLIDE:CAPTURE`,
//! `b1^a3c3.m1:SPLIT_JUMP:BASIC`, `a3b1^c3:MERGE_JUMP:BASIC`. The notation's name is
//! `quantum-recirq`.
//!
//! ```
//! use scoresheet::quantum_recirq::{Label, MoveType, RecirqMove, RecirqSquares};
//! use scoresheet::quantum::Variant;
//! use scoresheet::{Position, Square};
//! let split: RecirqMove = "b1^a3c3.m1:SPLIT_JUMP:BASIC".parse()?;
//! assert_eq!(split.squares, RecirqSquares::Split { from: Square::B1, to: [Square::A3, Square::C3] });
//! assert_eq!(split.label, Some(Label { move_type: MoveType::SplitJump, variant: Variant::Basic }));
//! assert_eq!(split.to_quantum().to_string(), "b1^a3c3.m1");
//!
//! let pos = Position::new();
//! let mv = "g1f3:JUMP:BASIC".parse::<RecirqMove>()?.to_move_strict(&pos)?;
//! assert_eq!(RecirqMove::from_move(&pos, mv).to_string(), "g1f3:JUMP:BASIC");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! # Grammar
//! ReCirq's `Move.from_string` made exact ([`RecirqMove::from_ascii`], `FromStr`):
//! ```text
//! move        = squares [promotion] [measurement] [label]
//! squares     = square square                 ; standard: source, target
//!             | square "^" square             ; standard, as ReCirq reads it (written without "^")
//!             | square "^" square square      ; split: source, two targets
//!             | square square "^" square      ; merge: two sources, target
//! promotion   = "Q" | "R" | "B" | "N"         ; White, on a move to the eighth rank
//!             | "q" | "r" | "b" | "n"         ; Black, on a move to the first rank
//! measurement = ".m" ("0" | [1-9] [0-9]*)     ; at most 4294967295
//! label       = ":" type ":" variant
//! type        = "NULL_TYPE" | "UNSPECIFIED_STANDARD" | "JUMP" | "SLIDE"
//!             | "SPLIT_JUMP" | "SPLIT_SLIDE" | "MERGE_JUMP" | "MERGE_SLIDE"
//!             | "PAWN_STEP" | "PAWN_TWO_STEP" | "PAWN_CAPTURE" | "PAWN_EP"
//!             | "KS_CASTLE" | "QS_CASTLE"
//! variant     = "BASIC" | "EXCLUDED" | "CAPTURE"
//! square      = [a-h] [1-8]
//! ```
//! The types are ReCirq's `MoveType` names, all fourteen; the variants are its `MoveVariant`
//! names but `UNSPECIFIED`, which no move is played with. The parser also checks what needs no
//! board: the squares of a move differ, split targets and merge sources differ, a split has a
//! `SPLIT_*` type, a merge a `MERGE_*` type and a standard move any other, and only a standard
//! move to the first or last rank promotes. The label is optional, as ReCirq's `str(move)`
//! writes moves without it (and its interactive board reads a move without it as
//! `JUMP:BASIC`). [`Display`](fmt::Display) writes the canonical form, which parses back to the
//! same value: a standard move without `^`, the promotion letter in its colour's case.
//!
//! # Lenient parsing
//! [`RecirqMove::from_ascii_lenient`] also trims surrounding ASCII whitespace and takes a
//! promotion letter in either case (`a7a8q`): the target rank tells the colour, so the value
//! is the same as with the right case.
//!
//! # Type and variant of a classical move
//! ReCirq's board reads the type and variant a game engine assigns. [`RecirqMove::from_move`]
//! assigns them as its documentation defines them ("jump type moves indicate there is no path
//! to consider, like when knights move; slide type moves must consider the squares along the
//! sliding path"; "the variant of a move is determined by the state of the target square"):
//!
//! | move | type | variant |
//! |---|---|---|
//! | castling (`e1g1`, `e8c8`; king takes rook, `e1h1`, in Chess960) | `KS_CASTLE`, `QS_CASTLE` | `BASIC` |
//! | en passant | `PAWN_EP` | `BASIC` (the target square is empty) |
//! | pawn to the same file, one or two squares | `PAWN_STEP`, `PAWN_TWO_STEP` | `BASIC` |
//! | pawn to another file | `PAWN_CAPTURE` | `CAPTURE` |
//! | another piece, with a square between source and target | `SLIDE` | `CAPTURE` on a capture, else `BASIC` |
//! | another piece, no square between (knight, king, one step) | `JUMP` | `CAPTURE` on a capture, else `BASIC` |
//!
//! A split is a `SPLIT_SLIDE` when a square lies between its source and one of its targets (not
//! counting the other target, as ReCirq's board does not), else a `SPLIT_JUMP`; a merge is a
//! `MERGE_SLIDE` or `MERGE_JUMP` by the same rule over its sources. `EXCLUDED` (a target held by
//! a piece of the mover's side in superposition) has no classical meaning.
//!
//! [`RecirqMove::to_move_strict`] demands exactly that label; [`RecirqMove::to_move`] reads any
//! move ReCirq's board plays as the same classical move: no label, the assigned type or `JUMP`
//! (its default, which ReCirq's tests also use for slides) for any move but castling and en
//! passant, `SLIDE` for a one-step move of a king, queen, rook or bishop (the board turns a
//! slide without a path into a jump), and `BASIC` for a capture (as ReCirq's example
//! `e4d5:PAWN_CAPTURE:BASIC` writes one). Both refuse splits, merges, `EXCLUDED`, `NULL_TYPE`
//! and `UNSPECIFIED_STANDARD`, and `CAPTURE` for a move that does not capture. A measurement
//! is not checked.
//!
//! # The `quantum` dialect
//! [`RecirqMove::to_quantum`] writes the same move in [`quantum`](crate::quantum) notation
//! without a board: squares, promotion and measurement as they are, the variant as the
//! target's symbol (a split's variant on both targets), the type dropped.
//! [`RecirqMove::from_quantum`] reads splits and merges without a board (their type from the
//! squares, as above); a standard move's type depends on the piece, so
//! [`RecirqMove::from_quantum_in`] reads it in a position.

mod parse;
mod resolve;

use std::fmt;
use std::str::FromStr;

pub use parse::{ParseRecirqError, ParseRecirqErrorKind};
pub use resolve::FromQuantumError;

use crate::notation::quantum::{QuantumKind, QuantumMove, Target, Variant};
use crate::types::{Rank, Role, Square};

/// The notation's name, in errors and on the command line.
pub(crate) const NAME: &str = "quantum-recirq";

/// A quantum chess move in ReCirq's notation, not checked against a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RecirqMove {
    /// The squares.
    pub squares: RecirqSquares,
    /// The promotion role (`a7a8Q`); its colour is the target rank's.
    pub promotion: Option<Role>,
    /// The measurement outcome (`.m1`).
    pub measurement: Option<u32>,
    /// The move type and variant (`:JUMP:BASIC`), when written.
    pub label: Option<Label>,
}

/// The squares of a [`RecirqMove`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RecirqSquares {
    /// One source, one target: `a2a4`.
    Standard {
        /// The source square.
        from: Square,
        /// The target square.
        to: Square,
    },
    /// One source, two targets: `b1^a3c3`.
    Split {
        /// The source square.
        from: Square,
        /// The targets, in the written order.
        to: [Square; 2],
    },
    /// Two sources, one target: `a3c3^b1`.
    Merge {
        /// The sources, in the written order.
        from: [Square; 2],
        /// The target square.
        to: Square,
    },
}

/// How many sources and targets a move has; each [`MoveType`] fits one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Shape {
    /// One source, one target.
    Standard,
    /// One source, two targets.
    Split,
    /// Two sources, one target.
    Merge,
}

impl RecirqSquares {
    /// Standard, split or merge.
    pub const fn shape(&self) -> Shape {
        match self {
            RecirqSquares::Standard { .. } => Shape::Standard,
            RecirqSquares::Split { .. } => Shape::Split,
            RecirqSquares::Merge { .. } => Shape::Merge,
        }
    }
}

/// The `:TYPE:VARIANT` part of a [`RecirqMove`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Label {
    /// The move type.
    pub move_type: MoveType,
    /// The variant (ReCirq's `BASIC`, `CAPTURE`, `EXCLUDED`).
    pub variant: Variant,
}

/// ReCirq's move types (its `MoveType` enumeration, in its order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum MoveType {
    NullType,
    UnspecifiedStandard,
    Jump,
    Slide,
    SplitJump,
    SplitSlide,
    MergeJump,
    MergeSlide,
    PawnStep,
    PawnTwoStep,
    PawnCapture,
    PawnEp,
    KsCastle,
    QsCastle,
}

impl MoveType {
    /// Every type, in ReCirq's order (its number is the index).
    pub const ALL: [MoveType; 14] = [
        MoveType::NullType,
        MoveType::UnspecifiedStandard,
        MoveType::Jump,
        MoveType::Slide,
        MoveType::SplitJump,
        MoveType::SplitSlide,
        MoveType::MergeJump,
        MoveType::MergeSlide,
        MoveType::PawnStep,
        MoveType::PawnTwoStep,
        MoveType::PawnCapture,
        MoveType::PawnEp,
        MoveType::KsCastle,
        MoveType::QsCastle,
    ];

    /// The name as written: `JUMP`, `SPLIT_SLIDE`, ...
    pub const fn name(self) -> &'static str {
        match self {
            MoveType::NullType => "NULL_TYPE",
            MoveType::UnspecifiedStandard => "UNSPECIFIED_STANDARD",
            MoveType::Jump => "JUMP",
            MoveType::Slide => "SLIDE",
            MoveType::SplitJump => "SPLIT_JUMP",
            MoveType::SplitSlide => "SPLIT_SLIDE",
            MoveType::MergeJump => "MERGE_JUMP",
            MoveType::MergeSlide => "MERGE_SLIDE",
            MoveType::PawnStep => "PAWN_STEP",
            MoveType::PawnTwoStep => "PAWN_TWO_STEP",
            MoveType::PawnCapture => "PAWN_CAPTURE",
            MoveType::PawnEp => "PAWN_EP",
            MoveType::KsCastle => "KS_CASTLE",
            MoveType::QsCastle => "QS_CASTLE",
        }
    }

    /// The type of a [`MoveType::name`].
    pub fn from_name(name: &[u8]) -> Option<MoveType> {
        MoveType::ALL
            .into_iter()
            .find(|t| t.name().as_bytes() == name)
    }

    /// The squares this type moves between.
    pub const fn shape(self) -> Shape {
        match self {
            MoveType::SplitJump | MoveType::SplitSlide => Shape::Split,
            MoveType::MergeJump | MoveType::MergeSlide => Shape::Merge,
            _ => Shape::Standard,
        }
    }
}

/// ReCirq's name of a variant: `BASIC`, `CAPTURE` or `EXCLUDED`.
pub const fn variant_name(variant: Variant) -> &'static str {
    match variant {
        Variant::Basic => "BASIC",
        Variant::Capture => "CAPTURE",
        Variant::Excluded => "EXCLUDED",
    }
}

impl RecirqMove {
    /// Parses ReCirq's notation (see the module docs).
    ///
    /// # Errors
    /// [`ParseRecirqError`] with the byte offset and what was expected or is wrong.
    pub fn from_ascii(s: &[u8]) -> Result<RecirqMove, ParseRecirqError> {
        parse::parse(s, 0, true)
            .map_err(|e| e.or_control_byte(s, ParseRecirqErrorKind::UnexpectedByte))
    }

    /// Parses leniently: like [`RecirqMove::from_ascii`] after trimming surrounding ASCII
    /// whitespace (offsets still count in the untrimmed input), with a promotion letter in
    /// either case.
    ///
    /// # Errors
    /// [`ParseRecirqError`] with the byte offset and what was expected or is wrong.
    pub fn from_ascii_lenient(s: &[u8]) -> Result<RecirqMove, ParseRecirqError> {
        let base = s.len() - s.trim_ascii_start().len();
        parse::parse(s.trim_ascii(), base, false)
            .map_err(|e| e.or_control_byte(s, ParseRecirqErrorKind::UnexpectedByte))
    }

    /// The same move in [`quantum`](crate::quantum) notation (see the module docs).
    pub fn to_quantum(&self) -> QuantumMove {
        let variant = self.label.map_or(Variant::Basic, |l| l.variant);
        let target = |square| Target { variant, square };
        let kind = match self.squares {
            RecirqSquares::Standard { from, to } => QuantumKind::Standard {
                from,
                to: target(to),
            },
            RecirqSquares::Split { from, to: [a, b] } => QuantumKind::Split {
                from,
                to: [target(a), target(b)],
            },
            RecirqSquares::Merge { from, to } => QuantumKind::Merge {
                from,
                to: target(to),
            },
        };
        QuantumMove {
            promotion: self.promotion,
            measurement: self.measurement,
            ..QuantumMove::new(kind)
        }
    }
}

impl FromStr for RecirqMove {
    type Err = ParseRecirqError;

    fn from_str(s: &str) -> Result<RecirqMove, ParseRecirqError> {
        RecirqMove::from_ascii(s.as_bytes())
    }
}

impl fmt::Display for RecirqMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.squares {
            RecirqSquares::Standard { from, to } => write!(f, "{from}{to}")?,
            RecirqSquares::Split { from, to: [a, b] } => write!(f, "{from}^{a}{b}")?,
            RecirqSquares::Merge { from: [a, b], to } => write!(f, "{a}{b}^{to}")?,
        }
        if let Some(role) = self.promotion {
            let white = matches!(self.squares,
                RecirqSquares::Standard { to, .. } if to.rank() == Rank::Eighth);
            match white {
                true => write!(f, "{}", role.upper_char())?,
                false => write!(f, "{}", role.char())?,
            }
        }
        if let Some(outcome) = self.measurement {
            write!(f, ".m{outcome}")?;
        }
        match self.label {
            Some(label) => write!(f, "{label}"),
            None => Ok(()),
        }
    }
}

impl fmt::Display for Label {
    /// `:TYPE:VARIANT`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            ":{}:{}",
            self.move_type.name(),
            variant_name(self.variant)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ok_type_names_round_trip() {
        for (index, t) in MoveType::ALL.into_iter().enumerate() {
            assert_eq!(MoveType::from_name(t.name().as_bytes()), Some(t));
            assert_eq!(t as usize, index);
        }
        assert_eq!(MoveType::from_name(b"Jump"), None);
    }

    #[test]
    fn ok_to_quantum() {
        for (recirq, quantum) in [
            ("a1a2:JUMP:BASIC", "a1a2"),
            ("d8d5:SLIDE:CAPTURE", "d8xd5"),
            ("h2h3:PAWN_STEP:EXCLUDED", "h2wh3"),
            ("b1^a3c3.m1:SPLIT_JUMP:BASIC", "b1^a3c3.m1"),
            ("a3b1^c3:MERGE_JUMP:EXCLUDED", "a3b1^wc3"),
            ("e2f1q:PAWN_CAPTURE:CAPTURE", "e2xf1q"),
            ("c7c8Q.m0", "c7c8q.m0"),
            ("f2^h6:JUMP:CAPTURE", "f2xh6"),
        ] {
            let r: RecirqMove = recirq.parse().expect("valid ReCirq move");
            assert_eq!(r.to_quantum().to_string(), quantum, "{recirq}");
        }
    }
}
