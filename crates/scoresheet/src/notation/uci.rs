//! UCI move notation: `e2e4`, `e7e8q`, null move `0000`.
//!
//! ```
//! use scoresheet::{uci::UciMove, Position};
//! let pos = Position::new();
//! let uci: UciMove = "g1f3".parse()?;
//! let mv = uci.to_move(&pos)?;
//! assert_eq!(UciMove::from_move(&pos, mv).to_string(), "g1f3");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! # Grammar
//! `from to [promotion]`: two squares (`a`-`h`, `1`-`8`, lower case) and an optional lower-case
//! promotion letter `n`, `b`, `r`, `q`; or `0000` for the null move. Castling is the king's
//! two-square move (`e1g1`) in standard chess and king-takes-rook (`e1h1`) in Chess960; both
//! forms are accepted when resolving a move in either mode.
//!
//! The lenient parser also trims surrounding ASCII whitespace and accepts upper-case letters
//! (`E2E4`). Neither accepts drops (`P@e4`).

use std::fmt;
use std::str::FromStr;

use crate::chess_move::Move;
use crate::notation::{EscapedByte, MoveError, MoveErrorKind, ParseError};
use crate::position::{CastlingMode, Position};
use crate::types::{square_from_ascii, Role, Square};

/// A move in UCI notation, not yet checked against a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UciMove {
    /// A move from one square to another, with an optional promotion.
    Normal {
        /// Origin square.
        from: Square,
        /// Destination square (the rook's square for Chess960 castling).
        to: Square,
        /// Promotion role.
        promotion: Option<Role>,
    },
    /// The null move `0000`.
    Null,
}

/// What a UCI parser expected.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParseUciErrorKind {
    /// The input is empty.
    Empty,
    /// Expected the origin square.
    From,
    /// Expected the destination square.
    To,
    /// Expected a promotion letter `n`, `b`, `r` or `q`.
    Promotion,
    /// Something follows the move.
    TrailingInput,
    /// A control byte (other than whitespace), which no move contains; holds the byte.
    UnexpectedByte(u8),
}

impl fmt::Display for ParseUciErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let ParseUciErrorKind::UnexpectedByte(b) = self {
            return write!(f, "unexpected byte {}", EscapedByte(*b));
        }
        f.write_str(match self {
            ParseUciErrorKind::Empty => "empty input",
            ParseUciErrorKind::From => "expected origin square (a1-h8)",
            ParseUciErrorKind::To => "expected destination square (a1-h8)",
            ParseUciErrorKind::Promotion => "expected promotion letter n, b, r or q",
            ParseUciErrorKind::TrailingInput | ParseUciErrorKind::UnexpectedByte(_) => {
                "unexpected input after the move"
            }
        })
    }
}

/// A UCI syntax error.
pub type ParseUciError = ParseError<ParseUciErrorKind>;

impl UciMove {
    /// Parses strict UCI.
    ///
    /// # Errors
    /// [`ParseUciError`] with the byte offset and what was expected.
    pub fn from_ascii(uci: &[u8]) -> Result<UciMove, ParseUciError> {
        UciMove::parse(uci).map_err(|e| e.or_control_byte(uci, ParseUciErrorKind::UnexpectedByte))
    }

    fn parse(uci: &[u8]) -> Result<UciMove, ParseUciError> {
        let err = |kind, offset| Err(ParseError::new("uci", kind, offset));
        match uci {
            [] => err(ParseUciErrorKind::Empty, 0),
            b"0000" => Ok(UciMove::Null),
            _ => {
                let Some(from) = uci.get(0..2).and_then(square_from_ascii) else {
                    return err(ParseUciErrorKind::From, 0);
                };
                let Some(to) = uci.get(2..4).and_then(square_from_ascii) else {
                    return err(ParseUciErrorKind::To, 2);
                };
                let promotion = match uci.get(4) {
                    None => None,
                    Some(b'n' | b'b' | b'r' | b'q') => Role::from_char_any_case(uci[4]),
                    Some(_) => return err(ParseUciErrorKind::Promotion, 4),
                };
                if uci.len() > 4 + usize::from(promotion.is_some()) {
                    return err(ParseUciErrorKind::TrailingInput, 5);
                }
                Ok(UciMove::Normal {
                    from,
                    to,
                    promotion,
                })
            }
        }
    }

    /// Parses UCI leniently: trims whitespace, accepts upper case.
    ///
    /// # Errors
    /// [`ParseUciError`] with the byte offset (in the trimmed input) and what was expected.
    pub fn from_ascii_lenient(uci: &[u8]) -> Result<UciMove, ParseUciError> {
        let trimmed = uci.trim_ascii();
        if trimmed.len() > 5 {
            return UciMove::from_ascii(trimmed);
        }
        let mut lower = [0u8; 5];
        lower[..trimmed.len()].copy_from_slice(trimmed);
        lower.make_ascii_lowercase();
        UciMove::from_ascii(&lower[..trimmed.len()])
    }

    /// The UCI form of a legal move in a position (castling as the position's mode writes it).
    pub fn from_move(pos: &Position, mv: Move) -> UciMove {
        UciMove::from_move_in(pos.castling_mode(), mv)
    }

    /// The UCI form of a move in the given castling mode.
    pub fn from_move_in(mode: CastlingMode, mv: Move) -> UciMove {
        match (mv, mode) {
            (Move::Castle { king, rook }, CastlingMode::Chess960) => UciMove::Normal {
                from: king,
                to: rook,
                promotion: None,
            },
            _ => UciMove::Normal {
                from: mv.from(),
                to: mv.to(),
                promotion: mv.promotion(),
            },
        }
    }

    /// The legal move this denotes in a position.
    ///
    /// # Errors
    /// [`MoveError`] with the reason [`MoveErrorKind::Illegal`] when no legal move matches,
    /// [`MoveErrorKind::Null`] for `0000`.
    pub fn to_move(self, pos: &Position) -> Result<Move, MoveError> {
        self.find(pos)
            .map_err(|kind| MoveError::new("uci", &self, pos, kind))
    }

    fn find(self, pos: &Position) -> Result<Move, MoveErrorKind> {
        let UciMove::Normal {
            from,
            to,
            promotion,
        } = self
        else {
            return Err(MoveErrorKind::Null);
        };
        let standard = pos.castling_mode() == CastlingMode::Standard;
        let mut found = None;
        pos.legal_moves_for(from.bitboard(), |mv| {
            let castle_match = match mv {
                Move::Castle { rook, .. } => to == rook || standard && to == mv.to(),
                _ => false,
            };
            let hit =
                (mv.to() == to && !mv.is_castle() || castle_match) && mv.promotion() == promotion;
            if hit {
                found = Some(mv);
            }
            hit
        });
        found.ok_or(MoveErrorKind::Illegal)
    }
}

impl FromStr for UciMove {
    type Err = ParseUciError;

    fn from_str(s: &str) -> Result<UciMove, ParseUciError> {
        UciMove::from_ascii(s.as_bytes())
    }
}

impl UciMove {
    /// Appends the move's text (`e2e4`, `e7e8q`, `0000`) to `out`: what [`Display`] writes,
    /// without the formatting machinery, for callers that write one per ply of millions of
    /// games.
    ///
    /// [`Display`]: fmt::Display
    pub fn push_to(&self, out: &mut String) {
        let (bytes, len) = self.ascii();
        out.extend(bytes[..len].iter().map(|&b| b as char));
    }

    /// The text as ASCII bytes and their count (4, or 5 with a promotion).
    fn ascii(&self) -> ([u8; 5], usize) {
        match *self {
            UciMove::Normal {
                from,
                to,
                promotion,
            } => {
                let square = |sq: Square| [b'a' + sq.file() as u8, b'1' + sq.rank() as u8];
                let ([a, b], [c, d]) = (square(from), square(to));
                match promotion {
                    Some(role) => ([a, b, c, d, role.char() as u8], 5),
                    None => ([a, b, c, d, 0], 4),
                }
            }
            UciMove::Null => (*b"0000\0", 4),
        }
    }
}

impl fmt::Display for UciMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (bytes, len) = self.ascii();
        bytes[..len]
            .iter()
            .try_for_each(|&b| fmt::Write::write_char(f, b as char))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::CastlingMode;

    #[test]
    fn ok_push_to_writes_what_display_names() {
        // Every from/to pair and promotion, against the squares' and roles' own names.
        for from in Square::ALL {
            for to in Square::ALL {
                for promotion in [None, Some(Role::Queen), Some(Role::Knight)] {
                    let uci = UciMove::Normal {
                        from,
                        to,
                        promotion,
                    };
                    let mut text = String::new();
                    uci.push_to(&mut text);
                    let want = format!(
                        "{from}{to}{}",
                        promotion.map_or(String::new(), |r| r.char().to_string())
                    );
                    assert_eq!(text, want);
                }
            }
        }
        let mut text = String::from("x");
        UciMove::Null.push_to(&mut text);
        assert_eq!(text, "x0000");
    }

    #[test]
    fn ok_parse_and_print() {
        for s in ["e2e4", "e7e8q", "0000", "a1h8"] {
            let uci: UciMove = s.parse().expect("valid uci");
            assert_eq!(uci.to_string(), s);
        }
    }

    #[test]
    fn err_parse() {
        use ParseUciErrorKind::*;
        for (s, kind, offset) in [
            ("", Empty, 0),
            ("e9e4", From, 0),
            ("e2", To, 2),
            ("e7e8k", Promotion, 4),
            ("e2e4 ", Promotion, 4),
            ("e7e8qq", TrailingInput, 5),
            ("E2E4", From, 0),
            ("P@e4", From, 0),
        ] {
            let err = UciMove::from_ascii(s.as_bytes()).expect_err("invalid uci");
            assert_eq!((*err.kind(), err.offset()), (kind, offset), "{s}");
        }
    }

    #[test]
    fn ok_castling_forms() {
        let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        let pos = Position::from_fen(fen, CastlingMode::Standard).expect("valid fen");
        for s in ["e1g1", "e1h1"] {
            let mv = s
                .parse::<UciMove>()
                .expect("uci")
                .to_move(&pos)
                .expect("legal");
            assert!(mv.is_castle(), "{s}");
            assert_eq!(UciMove::from_move(&pos, mv).to_string(), "e1g1");
            assert_eq!(
                UciMove::from_move_in(CastlingMode::Chess960, mv).to_string(),
                "e1h1"
            );
        }
    }

    #[test]
    fn ok_chess960_king_step_is_not_castling() {
        let pos = Position::from_fen("rk6/8/8/8/8/8/8/RK6 w Aa - 0 1", CastlingMode::Chess960)
            .expect("valid fen");
        let mv = "b1c1"
            .parse::<UciMove>()
            .expect("uci")
            .to_move(&pos)
            .expect("legal");
        assert!(!mv.is_castle());
        let castle = "b1a1"
            .parse::<UciMove>()
            .expect("uci")
            .to_move(&pos)
            .expect("legal");
        assert!(castle.is_castle());
    }
}
