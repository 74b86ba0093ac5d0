//! Smith notation: coordinates plus what the move captured, so that a move can be taken back
//! without the position before it (`e2e4`, `e4d5p`, `e1g1c`, `e1c1C`, `e5d6E`, `a7a8Q`,
//! `f7g8nQ`).
//!
//! ```
//! use scoresheet::{smith::SmithMove, Position};
//! let pos = Position::new();
//! let mv = "g1f3".parse::<SmithMove>()?.to_move_strict(&pos)?;
//! assert_eq!(SmithMove::from_move(mv).to_string(), "g1f3");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! # Definition
//! From Warren D. Smith's description on the Internet Chess Club's pages
//! (chessclub.com/chessviewer/smith.html, "Smith Notation"), repeated by the Chess Programming
//! Wiki ("Algebraic Chess Notation", section "Smith notation"):
//! `<from square><to square>[<capture indicator>][<promoted to>]`. "The capture indicator is one
//! of pnbrqkEcC. It indicates the type of piece captured. "c" indicates a short castling move
//! (in which case the coordinates are for the king's movements), and C indicates a long
//! castling move. An "E" indicates an enpassant capture." "The promotion information is one of
//! "NBRQ"." Its examples: `e4g5p` (a knight takes a pawn), `f7f8Q`, `f7g8nQ`.
//!
//! # Grammar (strict, [`SmithMove::from_ascii`] and `FromStr`)
//! ```text
//! move      = square square [indicator] [promotion]
//! square    = "a"-"h" "1"-"8"
//! indicator = "p" | "n" | "b" | "r" | "q" | "k" | "E" | "c" | "C"
//! promotion = "N" | "B" | "R" | "Q"         ; only on a move to the first or last rank
//! ```
//! Castling in Chess960 is written with the king's squares too (`f1g1c`); where a plain king
//! move lands on the same square, the indicator `c`/`C` tells castling from it.
//!
//! # What the lenient parser ([`SmithMove::from_ascii_lenient`]) also accepts
//! - surrounding ASCII whitespace;
//! - an upper-case capture indicator, as the Chess Programming Wiki's grammar allows
//!   (`'Pp' | 'Nn' | ...`): `P` always, and `N`, `B`, `R`, `Q` where they cannot be the
//!   promotion: on a move that does not reach the first or last rank (`e4d5N`), or when a
//!   promotion letter follows (`f7g8NQ`). A single `N`, `B`, `R` or `Q` after a move to the
//!   first or last rank is the promotion, as in the definition. `K` is never a capture
//!   indicator (no move takes a king), and `e`/`c`-lower-case en passant is not read (`c` is
//!   short castling).
//!
//! # Resolving
//! [`SmithMove::to_move`] finds the legal move with these squares and promotion and ignores
//! the indicator; [`SmithMove::to_move_strict`] also demands the indicator the move calls for
//! (none for a quiet move), refusing a wrong one with
//! [`MoveErrorKind::CaptureMismatch`].

use std::fmt;
use std::str::FromStr;

use super::{EscapedByte, MoveError, MoveErrorKind, ParseError};
use crate::chess_move::Move;
use crate::position::Position;
use crate::types::{square_from_ascii, CastlingSide, Rank, Role, Square};

const NAME: &str = "smith";

/// What a Smith move says it captured (or that it castles).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SmithIndicator {
    /// The role captured on the destination square (`p`, `n`, `b`, `r`, `q`, `k`).
    Capture(Role),
    /// `E`: an en-passant capture.
    EnPassant,
    /// `c` (king side) or `C` (queen side): castling.
    Castle(CastlingSide),
}

/// A move in Smith notation, not yet checked against a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SmithMove {
    /// Origin square.
    pub from: Square,
    /// Destination square (the king's destination for castling).
    pub to: Square,
    /// What the move captured, or castling.
    pub indicator: Option<SmithIndicator>,
    /// Promotion role.
    pub promotion: Option<Role>,
}

/// What the Smith parser expected.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParseSmithErrorKind {
    /// The input is empty.
    Empty,
    /// Expected the origin square.
    From,
    /// Expected the destination square.
    To,
    /// Expected a capture indicator (`pnbrqkEcC`) or a promotion (`NBRQ`).
    Indicator,
    /// A promotion on a move that does not reach the first or last rank.
    PromotionRank,
    /// Something follows the move.
    TrailingInput,
    /// A control byte (other than whitespace), which no move contains; holds the byte.
    UnexpectedByte(u8),
}

impl fmt::Display for ParseSmithErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ParseSmithErrorKind::*;
        if let UnexpectedByte(b) = self {
            return write!(f, "unexpected byte {}", EscapedByte(*b));
        }
        f.write_str(match self {
            Empty => "empty input",
            From => "expected the origin square (a1-h8)",
            To => "expected the destination square (a1-h8)",
            Indicator => {
                "expected a capture indicator (p, n, b, r, q, k, E, c, C) or a promotion (N, B, R, Q)"
            }
            PromotionRank => "only a move to the first or last rank promotes",
            TrailingInput | UnexpectedByte(_) => "unexpected input after the move",
        })
    }
}

/// A Smith notation syntax error.
pub type ParseSmithError = ParseError<ParseSmithErrorKind>;

fn indicator_of(byte: u8, lenient: bool) -> Option<SmithIndicator> {
    Some(match byte {
        b'E' => SmithIndicator::EnPassant,
        b'c' => SmithIndicator::Castle(CastlingSide::KingSide),
        b'C' => SmithIndicator::Castle(CastlingSide::QueenSide),
        b'p' | b'n' | b'b' | b'r' | b'q' | b'k' => {
            SmithIndicator::Capture(Role::from_char_any_case(byte)?)
        }
        b'P' | b'N' | b'B' | b'R' | b'Q' if lenient => {
            SmithIndicator::Capture(Role::from_upper_char(byte)?)
        }
        _ => return None,
    })
}

fn promotion_of(byte: u8) -> Option<Role> {
    Role::from_upper_char(byte).filter(|r| r.is_promotion_target())
}

impl SmithMove {
    /// Parses strict Smith notation.
    ///
    /// # Errors
    /// [`ParseSmithError`] with the byte offset and what was expected.
    pub fn from_ascii(smith: &[u8]) -> Result<SmithMove, ParseSmithError> {
        SmithMove::parse(smith, false)
            .map_err(|e| e.or_control_byte(smith, ParseSmithErrorKind::UnexpectedByte))
    }

    /// Parses Smith notation leniently (see the module docs).
    ///
    /// # Errors
    /// [`ParseSmithError`] with the byte offset (in the original input) and what was expected.
    pub fn from_ascii_lenient(smith: &[u8]) -> Result<SmithMove, ParseSmithError> {
        let trimmed = smith.trim_ascii_start();
        let start = smith.len() - trimmed.len();
        let trimmed = trimmed.trim_ascii_end();
        SmithMove::parse(trimmed, true)
            .map_err(|e| e.or_control_byte(trimmed, ParseSmithErrorKind::UnexpectedByte))
            .map_err(|e| ParseError::new(NAME, e.kind, e.offset + start))
    }

    fn parse(s: &[u8], lenient: bool) -> Result<SmithMove, ParseSmithError> {
        let err = |kind, offset| Err(ParseError::new(NAME, kind, offset));
        if s.is_empty() {
            return err(ParseSmithErrorKind::Empty, 0);
        }
        let Some(from) = s.get(0..2).and_then(square_from_ascii) else {
            return err(ParseSmithErrorKind::From, 0);
        };
        let Some(to) = s.get(2..4).and_then(square_from_ascii) else {
            return err(ParseSmithErrorKind::To, 2);
        };
        let last_rank = matches!(to.rank(), Rank::First | Rank::Eighth);
        let (indicator, promotion) = match s[4..] {
            [] => (None, None),
            [p] if last_rank && promotion_of(p).is_some() => (None, promotion_of(p)),
            [i] => match indicator_of(i, lenient) {
                Some(i) => (Some(i), None),
                None if promotion_of(i).is_some() => {
                    return err(ParseSmithErrorKind::PromotionRank, 4)
                }
                None => return err(ParseSmithErrorKind::Indicator, 4),
            },
            [i, p, ..] => {
                let Some(indicator) = indicator_of(i, lenient) else {
                    return err(ParseSmithErrorKind::Indicator, 4);
                };
                let Some(promotion) = promotion_of(p) else {
                    return err(ParseSmithErrorKind::Indicator, 5);
                };
                if !last_rank {
                    return err(ParseSmithErrorKind::PromotionRank, 5);
                }
                (Some(indicator), Some(promotion))
            }
        };
        let used = 4 + usize::from(indicator.is_some()) + usize::from(promotion.is_some());
        if s.len() > used {
            return err(ParseSmithErrorKind::TrailingInput, used);
        }
        Ok(SmithMove {
            from,
            to,
            indicator,
            promotion,
        })
    }

    /// The Smith form of a move: captured role, `E`, `c` or `C`, and the promotion.
    pub fn from_move(mv: Move) -> SmithMove {
        let indicator = match mv {
            Move::Castle { .. } => mv.castling_side().map(SmithIndicator::Castle),
            Move::EnPassant { .. } => Some(SmithIndicator::EnPassant),
            Move::Normal { capture, .. } => capture.map(SmithIndicator::Capture),
        };
        SmithMove {
            from: mv.from(),
            to: mv.to(),
            indicator,
            promotion: mv.promotion(),
        }
    }

    /// The legal move with these squares and promotion; the indicator is not checked. A king
    /// moving to its castling square is castling.
    ///
    /// # Errors
    /// [`MoveError`] with the reason [`MoveErrorKind::Illegal`] when no legal move matches.
    pub fn to_move(self, pos: &Position) -> Result<Move, MoveError> {
        self.find(pos)
            .map_err(|kind| MoveError::new(NAME, &self, pos, kind))
    }

    /// As [`SmithMove::to_move`], and the indicator must be the one the move calls for.
    ///
    /// # Errors
    /// [`MoveError`]: `Illegal`, or `CaptureMismatch` with the move.
    pub fn to_move_strict(self, pos: &Position) -> Result<Move, MoveError> {
        self.find(pos)
            .and_then(|mv| {
                let want = SmithMove::from_move(mv).indicator;
                if want == self.indicator {
                    Ok(mv)
                } else {
                    Err(MoveErrorKind::CaptureMismatch(mv))
                }
            })
            .map_err(|kind| MoveError::new(NAME, &self, pos, kind))
    }

    fn find(self, pos: &Position) -> Result<Move, MoveErrorKind> {
        let castle = matches!(self.indicator, Some(SmithIndicator::Castle(_)));
        super::iccf::find(pos, self.from, self.to, self.promotion, castle)
            .ok_or(MoveErrorKind::Illegal)
    }
}

impl FromStr for SmithMove {
    type Err = ParseSmithError;

    fn from_str(s: &str) -> Result<SmithMove, ParseSmithError> {
        SmithMove::from_ascii(s.as_bytes())
    }
}

impl fmt::Display for SmithMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        match self.indicator {
            Some(SmithIndicator::Capture(role)) => write!(f, "{}", role.char())?,
            Some(SmithIndicator::EnPassant) => f.write_str("E")?,
            Some(SmithIndicator::Castle(CastlingSide::KingSide)) => f.write_str("c")?,
            Some(SmithIndicator::Castle(CastlingSide::QueenSide)) => f.write_str("C")?,
            None => {}
        }
        match self.promotion {
            Some(role) => write!(f, "{}", role.upper_char()),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::CastlingMode;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen, CastlingMode::Standard).expect("legal test fen")
    }

    /// The definition's examples and the brief's, with the SAN of the move they name.
    #[test]
    fn ok_examples() {
        let castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        for (fen, smith, san) in [
            (None, "e2e4", "e4"),
            (Some("4k3/8/8/6p1/4N3/8/8/4K3 w - - 0 1"), "e4g5p", "Nxg5"),
            (Some("k7/5P2/8/8/8/8/8/4K3 w - - 0 1"), "f7f8Q", "f8=Q+"),
            (
                Some("k5n1/5P2/8/8/8/8/8/4K3 w - - 0 1"),
                "f7g8nQ",
                "fxg8=Q+",
            ),
            (Some("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1"), "e4d5p", "exd5"),
            (Some(castle), "e1g1c", "O-O"),
            (Some(castle), "e1c1C", "O-O-O"),
            (Some("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"), "e5d6E", "exd6"),
            (Some("7k/P7/8/8/8/8/8/4K3 w - - 0 1"), "a7a8Q", "a8=Q+"),
        ] {
            let p = fen.map_or_else(Position::new, pos);
            let parsed = smith.parse::<SmithMove>().expect("strict smith");
            let mv = parsed.to_move_strict(&p).expect("legal");
            assert_eq!(
                crate::san::SanPlus::from_move(&p, mv).to_string(),
                san,
                "{smith}"
            );
            assert_eq!(SmithMove::from_move(mv).to_string(), smith);
        }
    }

    #[test]
    fn ok_lenient_upper_case_indicators() {
        for (text, canonical) in [
            (" e4d5P ", "e4d5p"),
            ("e4d5N", "e4d5n"),
            ("f7g8NQ", "f7g8nQ"),
            ("f7f8N", "f7f8N"),
        ] {
            let smith = SmithMove::from_ascii_lenient(text.as_bytes()).expect("lenient");
            assert_eq!(smith.to_string(), canonical, "{text}");
        }
    }

    #[test]
    fn err_syntax() {
        use ParseSmithErrorKind::*;
        for (text, kind, offset) in [
            ("", Empty, 0),
            ("e9e4", From, 0),
            ("e2e", To, 2),
            ("e4d5P", Indicator, 4),
            ("e4d5N", PromotionRank, 4),
            ("f7g8nK", Indicator, 5),
            ("e6e7nQ", PromotionRank, 5),
            ("e2e4pp", Indicator, 5),
            ("e7e8QQ", Indicator, 4),
            ("f7g8nQx", TrailingInput, 6),
            ("e2e4 ", Indicator, 4),
        ] {
            let e = SmithMove::from_ascii(text.as_bytes()).expect_err("strict refuses");
            assert_eq!(
                (*e.kind(), e.offset(), e.notation()),
                (kind, offset, "smith"),
                "{text}"
            );
        }
        let e = SmithMove::from_ascii_lenient(b"  e2e9").expect_err("lenient refuses");
        assert_eq!((*e.kind(), e.offset()), (To, 4));
    }

    #[test]
    fn err_strict_indicator_mismatch() {
        let p = pos("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
        for text in ["e4d5", "e4d5n", "e4e5p"] {
            let smith: SmithMove = text.parse().expect("syntax");
            let strict = smith.to_move_strict(&p);
            match smith.to_move(&p) {
                Ok(mv) => assert_eq!(
                    strict.expect_err("wrong indicator").kind(),
                    &MoveErrorKind::CaptureMismatch(mv)
                ),
                Err(e) => assert_eq!(e.kind(), &MoveErrorKind::Illegal, "{text}"),
            }
        }
    }
}
