//! Chess notations. Each has a board-free syntax type with `from_ascii` / `FromStr` /
//! `Display`, and (where it names real moves) `to_move(&pos)` / `from_move(&pos, mv)`.
//!
//! | notation | example | type |
//! |---|---|---|
//! | SAN | `Nxf3+`, `O-O`, `e8=Q#` | [`san::San`], [`san::SanPlus`] |
//! | LAN | `Ng1-f3`, `e7xd8=Q+` | [`lan::Lan`] |
//! | UCI | `g1f3`, `e7e8q`, `0000` | [`uci::UciMove`] |
//! | FEN | `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1` | [`fen::Fen`] |
//! | ERAN | `Knight g1-f3`, `P g7-g8 >Q`, `ck`, `en-passant` | [`eran::Eran`] |
//! | quantum chess | `b1^a3c3`, `a3c3^b5`, `b1wc3.m0`, `Pa2a4` | [`quantum::QuantumMove`] |

pub mod eran;
mod excerpt;
pub mod fen;
pub mod lan;
pub mod quantum;
pub mod san;
pub mod uci;

use std::fmt;

pub(crate) use excerpt::{first_control_byte, EscapedByte};
pub use excerpt::{Caret, Excerpt};

use crate::chess_move::Move;
use crate::types::Piece;

/// A syntax error: the notation, what was expected (`K`), and the byte offset where parsing
/// stopped.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ParseError<K> {
    notation: &'static str,
    kind: K,
    offset: usize,
}

impl<K> ParseError<K> {
    pub(crate) const fn new(notation: &'static str, kind: K, offset: usize) -> Self {
        ParseError {
            notation,
            kind,
            offset,
        }
    }

    /// What went wrong.
    pub const fn kind(&self) -> &K {
        &self.kind
    }

    /// The byte offset in the input where the problem was found.
    pub const fn offset(&self) -> usize {
        self.offset
    }

    /// The notation's name (`san`, `uci`, ...).
    pub const fn notation(&self) -> &'static str {
        self.notation
    }

    /// This error, or an unexpected control byte of `input` (the input the offsets refer to)
    /// found no later than it: a control byte always stops a parser, often with a misleading
    /// expectation. Checked only on the error path, so valid input costs nothing.
    pub(crate) fn or_control_byte(self, input: &[u8], kind: fn(u8) -> K) -> Self {
        match first_control_byte(input) {
            Some((at, byte)) if at <= self.offset => ParseError {
                kind: kind(byte),
                offset: at,
                notation: self.notation,
            },
            _ => self,
        }
    }
}

impl<K: fmt::Display> fmt::Display for ParseError<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid {} at byte {}: {}",
            self.notation, self.offset, self.kind
        )
    }
}

impl<K: fmt::Display + fmt::Debug> std::error::Error for ParseError<K> {}

/// Why a well-formed move string does not denote a legal move in a position.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum MoveError {
    /// No legal move matches.
    Illegal,
    /// Several legal moves match; the candidates.
    Ambiguous(Vec<Move>),
    /// The null move, which is not a legal move.
    Null,
    /// Strict mode: the capture marker does not match the move (missing or spurious `x`).
    CaptureMismatch(Move),
    /// Strict mode: the `+`/`#` suffix does not match the position after the move.
    SuffixMismatch(Move),
    /// Strict mode: more disambiguation than needed, or not the canonical one.
    NotCanonical(Move),
    /// The move names a piece (ERAN `Knight b1-c3`, quantum `Nb1c3`) that is not the piece on
    /// its origin square; holds what is there.
    PieceMismatch(Option<Piece>),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Illegal => f.write_str("illegal move: no legal move matches"),
            MoveError::Ambiguous(c) => write!(f, "ambiguous move: {} legal moves match", c.len()),
            MoveError::Null => f.write_str("null move is not a legal move"),
            MoveError::CaptureMismatch(_) => f.write_str("capture marker does not match the move"),
            MoveError::SuffixMismatch(_) => {
                f.write_str("check or mate suffix does not match the position")
            }
            MoveError::NotCanonical(_) => f.write_str("move is not in canonical form"),
            MoveError::PieceMismatch(Some(p)) => {
                write!(
                    f,
                    "the named piece is not the one on the origin square ({p})"
                )
            }
            MoveError::PieceMismatch(None) => f.write_str("no piece on the origin square"),
        }
    }
}

impl std::error::Error for MoveError {}
