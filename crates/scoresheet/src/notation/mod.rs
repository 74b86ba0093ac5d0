//! Chess notations. Each has a board-free syntax type with `from_ascii` / `FromStr` /
//! `Display`, and (where it names real moves) `to_move(&pos)` / `from_move(&pos, mv)`.
//!
//! | notation | example | type |
//! |---|---|---|
//! | SAN | `Nxf3+`, `O-O`, `e8=Q#` | [`san::San`], [`san::SanPlus`] |
//! | figurine SAN | `♘xf3+`, `♞c6`, `e8=♕#` | [`figurine::FigurineSan`] |
//! | localized SAN | `Sf3` (de), `Cf3` (fr), `Кf3` (ru), `馬f3` (zh) | [`localized::LocalizedSan`] |
//! | LAN | `Ng1-f3`, `e7xd8=Q+` | [`lan::Lan`] |
//! | localized LAN | `Sg1-f3` (de) | [`localized::LocalizedLan`] |
//! | UCI | `g1f3`, `e7e8q`, `0000` | [`uci::UciMove`] |
//! | ICCF numeric | `7163`, `57581`, `5171` | [`iccf::IccfMove`] |
//! | Smith | `g1f3`, `e4d5p`, `e1g1c`, `a7a8Q` | [`smith::SmithMove`] |
//! | English descriptive | `P-K4`, `N-KB3`, `PxP e.p.`, `B-N5ch` | [`descriptive::DescriptivePlus`] |
//! | FEN | `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1` | [`fen::Fen`] |
//! | ERAN | `Knight g1-f3`, `P g7-g8 >Q`, `ck`, `en-passant` | [`eran::Eran`] |
//! | quantum chess | `b1^a3c3`, `a3c3^b5`, `b1wc3.m0`, `Pa2a4` | [`quantum::QuantumMove`] |
//! | quantum chess, ReCirq | `d8d5:SLIDE:CAPTURE`, `b1^a3c3.m1:SPLIT_JUMP:BASIC` | [`quantum_recirq::RecirqMove`] |
//!
//! [`Notation`] chooses among the move notations at run time: `parse_move` (lenient),
//! `parse_move_strict` and `write_move`/`format_move`; [`detect`] tells which notation a move
//! list is written in.

pub mod descriptive;
pub mod detect;
mod dispatch;
pub mod eran;
mod excerpt;
pub mod fen;
pub mod figurine;
pub mod iccf;
pub mod lan;
pub mod localized;
pub mod quantum;
pub mod quantum_recirq;
mod rewrite;
pub mod san;
pub mod smith;
pub mod syntax_tree;
pub mod uci;

use std::fmt;

pub use dispatch::{Notation, NotationError, ParseNotationError};
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

/// Why a well-formed move string does not denote a legal move in a position (the reason of a
/// [`MoveError`]). `Display` gives the reason alone, without move or position.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum MoveErrorKind {
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
    /// The move type (ReCirq's `:JUMP:`, `:PAWN_STEP:`, ...) is not one that plays the move
    /// (strict mode: not the one assigned to it).
    MoveTypeMismatch(Move),
}

impl fmt::Display for MoveErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveErrorKind::Illegal => f.write_str("illegal move: no legal move matches"),
            MoveErrorKind::Ambiguous(c) => {
                write!(f, "ambiguous move: {} legal moves match", c.len())
            }
            MoveErrorKind::Null => f.write_str("null move is not a legal move"),
            MoveErrorKind::CaptureMismatch(_) => {
                f.write_str("capture marker does not match the move")
            }
            MoveErrorKind::SuffixMismatch(_) => {
                f.write_str("check or mate suffix does not match the position")
            }
            MoveErrorKind::NotCanonical(_) => f.write_str("move is not in canonical form"),
            MoveErrorKind::PieceMismatch(Some(p)) => {
                write!(
                    f,
                    "the named piece is not the one on the origin square ({p})"
                )
            }
            MoveErrorKind::PieceMismatch(None) => f.write_str("no piece on the origin square"),
            MoveErrorKind::MoveTypeMismatch(_) => f.write_str("move type does not match the move"),
        }
    }
}

/// A well-formed move that denotes no single legal move in its position. Holds the notation,
/// the move as its syntax type writes it, the position (as FEN) and the reason
/// ([`MoveError::kind`]), so the message needs no context:
/// `san: illegal move 'Nf6' in 4k3/8/8/8/8/8/8/4K3 w - - 0 1: no legal move matches`.
///
/// ```
/// use scoresheet::{san::San, MoveErrorKind, Position};
/// let err = "Nf6".parse::<San>()?.to_move(&Position::new()).unwrap_err();
/// assert_eq!(err.kind(), &MoveErrorKind::Illegal);
/// assert_eq!((err.notation(), err.text()), ("san", "Nf6"));
/// assert_eq!(
///     err.to_string(),
///     "san: illegal move 'Nf6' in rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1: no legal move matches"
/// );
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MoveError(Box<MoveErrorInner>);

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct MoveErrorInner {
    notation: &'static str,
    text: String,
    fen: String,
    kind: MoveErrorKind,
}

impl MoveError {
    /// The error of `text` (a syntax value, written with its `Display`) in `pos`.
    pub(crate) fn new(
        notation: &'static str,
        text: &dyn fmt::Display,
        pos: &crate::Position,
        kind: MoveErrorKind,
    ) -> MoveError {
        MoveError(Box::new(MoveErrorInner {
            notation,
            text: text.to_string(),
            fen: pos.fen(crate::EnPassantMode::Always),
            kind,
        }))
    }

    /// Why the move was refused.
    pub fn kind(&self) -> &MoveErrorKind {
        &self.0.kind
    }

    /// The reason, giving up the rest.
    pub fn into_kind(self) -> MoveErrorKind {
        self.0.kind
    }

    /// The notation's name (`san`, `lan`, `uci`, `eran`, `quantum`).
    pub fn notation(&self) -> &'static str {
        self.0.notation
    }

    /// The move, as its syntax type writes it (canonical spelling of what was parsed).
    pub fn text(&self) -> &str {
        &self.0.text
    }

    /// The position the move was refused in, as FEN (en-passant square after every double
    /// push).
    pub fn fen(&self) -> &str {
        &self.0.fen
    }
}

impl MoveErrorKind {
    /// The head of a [`MoveError`]'s message: what kind of move was refused.
    fn headline(&self) -> &'static str {
        match self {
            MoveErrorKind::Illegal => "illegal move",
            MoveErrorKind::Ambiguous(_) => "ambiguous move",
            MoveErrorKind::Null => "null move",
            _ => "move",
        }
    }

    /// The reason, without the headline.
    fn detail(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveErrorKind::Illegal => f.write_str("no legal move matches"),
            MoveErrorKind::Ambiguous(c) => write!(f, "{} legal moves match", c.len()),
            MoveErrorKind::Null => f.write_str("not a legal move"),
            other => fmt::Display::fmt(other, f),
        }
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let e = &self.0;
        write!(
            f,
            "{}: {} '{}' in {}: ",
            e.notation,
            e.kind.headline(),
            e.text,
            e.fen
        )?;
        e.kind.detail(f)
    }
}

impl std::error::Error for MoveError {}

#[cfg(test)]
mod tests {
    use crate::eran::Eran;
    use crate::lan::Lan;
    use crate::quantum::QuantumMove;
    use crate::san::{San, SanPlus};
    use crate::uci::UciMove;
    use crate::{CastlingMode, MoveError, MoveErrorKind, Position};

    const KINGS: &str = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";

    fn errors(pos: &Position) -> Vec<MoveError> {
        let refused = "refused in the test position";
        vec![
            San::from_ascii(b"Nf6")
                .expect("san")
                .to_move(pos)
                .expect_err(refused),
            SanPlus::from_ascii(b"Ke2+")
                .expect("san")
                .to_move_strict(pos)
                .expect_err(refused),
            Lan::from_ascii(b"Ng1-f3")
                .expect("lan")
                .to_move(pos)
                .expect_err(refused),
            UciMove::from_ascii(b"0000")
                .expect("uci")
                .to_move(pos)
                .expect_err(refused),
            Eran::from_ascii(b"Pawn a2-a3")
                .expect("eran")
                .to_move(pos)
                .expect_err(refused),
            QuantumMove::from_ascii(b"b1^a3c3")
                .expect("quantum")
                .to_move(pos)
                .expect_err(refused),
        ]
    }

    #[test]
    fn err_move_error_names_move_and_position() {
        let pos = Position::from_fen(KINGS, CastlingMode::Standard).expect("legal fen");
        let want = [
            ("san", "Nf6", MoveErrorKind::Illegal, "san: illegal move 'Nf6' in 4k3/8/8/8/8/8/8/4K3 w - - 0 1: no legal move matches"),
            (
                "san",
                "Ke2+",
                MoveErrorKind::SuffixMismatch(crate::Move::Normal {
                    role: crate::Role::King,
                    from: crate::Square::E1,
                    capture: None,
                    to: crate::Square::E2,
                    promotion: None,
                }),
                "san: move 'Ke2+' in 4k3/8/8/8/8/8/8/4K3 w - - 0 1: check or mate suffix does not match the position",
            ),
            ("lan", "Ng1-f3", MoveErrorKind::Illegal, "lan: illegal move 'Ng1-f3' in 4k3/8/8/8/8/8/8/4K3 w - - 0 1: no legal move matches"),
            ("uci", "0000", MoveErrorKind::Null, "uci: null move '0000' in 4k3/8/8/8/8/8/8/4K3 w - - 0 1: not a legal move"),
            ("eran", "Pawn a2-a3", MoveErrorKind::PieceMismatch(None), "eran: move 'Pawn a2-a3' in 4k3/8/8/8/8/8/8/4K3 w - - 0 1: no piece on the origin square"),
            ("quantum", "b1^a3c3", MoveErrorKind::Illegal, ""),
        ];
        for (err, (notation, text, kind, message)) in errors(&pos).into_iter().zip(want) {
            assert_eq!(
                (err.notation(), err.text(), err.kind()),
                (notation, text, &kind)
            );
            assert_eq!(err.fen(), KINGS);
            if !message.is_empty() {
                assert_eq!(err.to_string(), message);
            }
            assert_eq!(err.into_kind(), kind);
        }
    }

    #[test]
    fn err_strict_san_mismatch_message() {
        let pos = Position::new();
        let err = SanPlus::from_ascii(b"Nf3+")
            .expect("san")
            .to_move_strict(&pos)
            .expect_err("no check");
        assert!(matches!(err.kind(), MoveErrorKind::SuffixMismatch(_)));
        assert_eq!(
            err.to_string(),
            "san: move 'Nf3+' in rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1: check or mate suffix does not match the position"
        );
    }
}
