//! ICCF numeric notation: the correspondence-chess notation that names squares by two digits
//! (`5254` is e2-e4, `57581` is e7-e8 promoting to a queen, `5171` is White's short castling).
//!
//! ```
//! use scoresheet::{iccf::IccfMove, Position};
//! let pos = Position::new();
//! let mv = "5254".parse::<IccfMove>()?.to_move(&pos)?;
//! assert_eq!(IccfMove::from_move(mv).to_string(), "5254");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! # Definition
//! From the ICCF's guide to numeric notation ("Your guide to numeric notation", iccf.com) and
//! Wikipedia's "ICCF numeric notation": "each square has a unique, two digit number"; the
//! first digit is the file (1 to 8 from White's left, a to h), the second the rank (1 to 8
//! from White's side). "Each move is represented by a set of two, two-digit numbers the from
//! and the to square, written together." Check and capture are not marked. Castling is the
//! king's move: "for white, 5131 (long) and 5171 (short); for black, 5838 (long) and 5878
//! (short)". A promotion adds a fifth digit: "1" for queen, "2" for rook, "3" for bishop and
//! "4" for knight (`37381` is c7-c8=Q).
//!
//! # Grammar (strict, [`IccfMove::from_ascii`] and `FromStr`)
//! ```text
//! move      = square square [promotion]
//! square    = digit1-8 digit1-8        ; file, then rank
//! promotion = "1" | "2" | "3" | "4"    ; queen, rook, bishop, knight
//! ```
//! The lenient parser ([`IccfMove::from_ascii_lenient`]) also trims surrounding ASCII
//! whitespace. Neither reads the four-digit promotion some players write (`6762` for f7-f8,
//! rank left out), which Wikipedia calls "confusing and against the standard": it is the move
//! f7-f2 in the grammar above, and resolving it that way would be a guess.
//!
//! A promotion digit is only read on a move to the first or last rank, and a move from or to
//! those ranks by a pawn must have one: both are checked when resolving, not parsing (the
//! digits do not say which piece moves). In Chess960 castling is written as the king's move to
//! its castling square (g- or c-file), as in standard chess; where a plain king move lands on
//! the same square (king f1, rook h1), the digits name the plain move and castling cannot be
//! written: ICCF numeric notation has no Chess960 form.

use std::fmt;
use std::str::FromStr;

use super::{EscapedByte, MoveError, MoveErrorKind, ParseError};
use crate::chess_move::Move;
use crate::position::Position;
use crate::types::{Role, Square};

const NAME: &str = "iccf";

/// A move in ICCF numeric notation, not yet checked against a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct IccfMove {
    /// Origin square.
    pub from: Square,
    /// Destination square (the king's destination for castling).
    pub to: Square,
    /// Promotion role.
    pub promotion: Option<Role>,
}

/// What the ICCF parser expected.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParseIccfErrorKind {
    /// The input is empty.
    Empty,
    /// Expected the origin square (two digits 1-8).
    From,
    /// Expected the destination square (two digits 1-8).
    To,
    /// Expected a promotion digit 1 (queen), 2 (rook), 3 (bishop) or 4 (knight).
    Promotion,
    /// Something follows the move.
    TrailingInput,
    /// A control byte (other than whitespace), which no move contains; holds the byte.
    UnexpectedByte(u8),
}

impl fmt::Display for ParseIccfErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let ParseIccfErrorKind::UnexpectedByte(b) = self {
            return write!(f, "unexpected byte {}", EscapedByte(*b));
        }
        f.write_str(match self {
            ParseIccfErrorKind::Empty => "empty input",
            ParseIccfErrorKind::From => "expected the origin square as two digits 1-8 (52)",
            ParseIccfErrorKind::To => "expected the destination square as two digits 1-8 (54)",
            ParseIccfErrorKind::Promotion => {
                "expected a promotion digit 1 (queen), 2 (rook), 3 (bishop) or 4 (knight)"
            }
            ParseIccfErrorKind::TrailingInput | ParseIccfErrorKind::UnexpectedByte(_) => {
                "unexpected input after the move"
            }
        })
    }
}

/// An ICCF numeric notation syntax error.
pub type ParseIccfError = ParseError<ParseIccfErrorKind>;

/// The square of two digits `file rank`, each 1-8.
fn square(digits: Option<&[u8]>) -> Option<Square> {
    match digits? {
        [f @ b'1'..=b'8', r @ b'1'..=b'8'] => {
            let file = crate::File::index(usize::from(f - b'1'));
            let rank = crate::Rank::index(usize::from(r - b'1'));
            Some(Square::new(file, rank))
        }
        _ => None,
    }
}

impl IccfMove {
    /// Parses strict ICCF numeric notation.
    ///
    /// # Errors
    /// [`ParseIccfError`] with the byte offset and what was expected.
    pub fn from_ascii(iccf: &[u8]) -> Result<IccfMove, ParseIccfError> {
        IccfMove::parse(iccf)
            .map_err(|e| e.or_control_byte(iccf, ParseIccfErrorKind::UnexpectedByte))
    }

    /// Parses leniently: surrounding ASCII whitespace is trimmed.
    ///
    /// # Errors
    /// [`ParseIccfError`] with the byte offset (in the original input) and what was expected.
    pub fn from_ascii_lenient(iccf: &[u8]) -> Result<IccfMove, ParseIccfError> {
        let trimmed = iccf.trim_ascii_start();
        let start = iccf.len() - trimmed.len();
        IccfMove::from_ascii(trimmed.trim_ascii_end())
            .map_err(|e| ParseError::new(NAME, e.kind, e.offset + start))
    }

    fn parse(iccf: &[u8]) -> Result<IccfMove, ParseIccfError> {
        let err = |kind, offset| Err(ParseError::new(NAME, kind, offset));
        if iccf.is_empty() {
            return err(ParseIccfErrorKind::Empty, 0);
        }
        let Some(from) = square(iccf.get(0..2)) else {
            return err(ParseIccfErrorKind::From, 0);
        };
        let Some(to) = square(iccf.get(2..4)) else {
            return err(ParseIccfErrorKind::To, 2);
        };
        let promotion = match iccf.get(4) {
            None => None,
            Some(b'1') => Some(Role::Queen),
            Some(b'2') => Some(Role::Rook),
            Some(b'3') => Some(Role::Bishop),
            Some(b'4') => Some(Role::Knight),
            Some(_) => return err(ParseIccfErrorKind::Promotion, 4),
        };
        if iccf.len() > 5 {
            return err(ParseIccfErrorKind::TrailingInput, 5);
        }
        Ok(IccfMove {
            from,
            to,
            promotion,
        })
    }

    /// The ICCF form of a move: castling as the king's move to its castling square.
    pub fn from_move(mv: Move) -> IccfMove {
        IccfMove {
            from: mv.from(),
            to: mv.to(),
            promotion: mv.promotion(),
        }
    }

    /// The legal move this denotes: the move from `from` to `to` with this promotion; a king
    /// moving to its castling square is castling.
    ///
    /// # Errors
    /// [`MoveError`] with the reason [`MoveErrorKind::Illegal`] when no legal move matches.
    pub fn to_move(self, pos: &Position) -> Result<Move, MoveError> {
        find(pos, self.from, self.to, self.promotion, false)
            .ok_or_else(|| MoveError::new(NAME, &self, pos, MoveErrorKind::Illegal))
    }
}

/// The legal move from `from` to `to` with this promotion. In Chess960 a king's move and
/// castling can land on the same square (king f1, rook h1: both reach g1); the plain move is
/// taken unless `castle` asks for castling.
pub(crate) fn find(
    pos: &Position,
    from: Square,
    to: Square,
    promotion: Option<Role>,
    castle: bool,
) -> Option<Move> {
    let (mut plain, mut castling) = (None, None);
    pos.legal_moves_for(from.bitboard(), |mv| {
        if mv.to() == to && mv.promotion() == promotion {
            if mv.is_castle() {
                castling = Some(mv);
            } else {
                plain = Some(mv);
            }
        }
        false
    });
    if castle {
        castling.or(plain)
    } else {
        plain.or(castling)
    }
}

impl FromStr for IccfMove {
    type Err = ParseIccfError;

    fn from_str(s: &str) -> Result<IccfMove, ParseIccfError> {
        IccfMove::from_ascii(s.as_bytes())
    }
}

impl fmt::Display for IccfMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for sq in [self.from, self.to] {
            write!(f, "{}{}", sq.file() as u8 + 1, sq.rank() as u8 + 1)?;
        }
        match self.promotion {
            Some(Role::Queen) => f.write_str("1"),
            Some(Role::Rook) => f.write_str("2"),
            Some(Role::Bishop) => f.write_str("3"),
            Some(Role::Knight) => f.write_str("4"),
            _ => Ok(()),
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

    /// The examples of the ICCF guide and Wikipedia, with the SAN they name.
    #[test]
    fn ok_documented_examples() {
        let castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        let black_castle = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1";
        for (fen, iccf, san) in [
            (None, "5254", "e4"),
            (
                Some("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"),
                "5756",
                "e6",
            ),
            (Some(castle), "5131", "O-O-O"),
            (Some(castle), "5171", "O-O"),
            (Some(black_castle), "5838", "O-O-O"),
            (Some(black_castle), "5878", "O-O"),
            (Some("k7/2P5/8/8/8/8/8/4K3 w - - 0 1"), "37381", "c8=Q+"),
            (Some("k7/5P2/8/8/8/8/8/4K3 w - - 0 1"), "67682", "f8=R+"),
            (Some("4k3/8/8/8/4pP2/8/8/4K3 b - f3 0 1"), "5463", "exf3"),
        ] {
            let p = fen.map_or_else(Position::new, pos);
            let mv = iccf
                .parse::<IccfMove>()
                .expect("iccf")
                .to_move(&p)
                .expect("legal");
            assert_eq!(crate::san::SanPlus::from_move(&p, mv).to_string(), san);
            assert_eq!(IccfMove::from_move(mv).to_string(), iccf);
        }
    }

    #[test]
    fn err_syntax_and_moves() {
        use ParseIccfErrorKind::*;
        for (text, kind, offset) in [
            ("", Empty, 0),
            ("5", From, 0),
            ("9254", From, 0),
            ("5204", To, 2),
            ("525", To, 2),
            ("52545", Promotion, 4),
            ("525410", TrailingInput, 5),
            (" 5254", From, 0),
            ("5254\0", UnexpectedByte(0), 4),
            ("e2e4", From, 0),
        ] {
            let e = IccfMove::from_ascii(text.as_bytes()).expect_err("strict refuses");
            assert_eq!(
                (*e.kind(), e.offset(), e.notation()),
                (kind, offset, "iccf"),
                "{text}"
            );
        }
        let e = IccfMove::from_ascii_lenient(b"  52x4").expect_err("lenient refuses");
        assert_eq!((*e.kind(), e.offset()), (To, 4));
        assert!(IccfMove::from_ascii_lenient(b" 5254\n").is_ok());
        // The non-standard four-digit promotion is the move f7-f2, which is illegal here.
        let p = pos("k7/5P2/8/8/8/8/8/4K3 w - - 0 1");
        let e = IccfMove::from_ascii(b"6762").expect("syntax").to_move(&p);
        assert_eq!(e.expect_err("illegal").kind(), &MoveErrorKind::Illegal);
        let e = IccfMove::from_ascii(b"6768").expect("syntax").to_move(&p);
        assert_eq!(
            e.expect_err("needs a promotion digit").kind(),
            &MoveErrorKind::Illegal
        );
    }
}
