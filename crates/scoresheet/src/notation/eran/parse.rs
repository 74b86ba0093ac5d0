//! The ERAN parser: the grammar of the module docs, byte by byte.

use std::fmt;

use super::Eran;
use crate::notation::{EscapedByte, ParseError};
use crate::types::{file_from_ascii, rank_from_ascii, CastlingSide, Role, Square};

/// What the ERAN parser expected.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParseEranErrorKind {
    /// The input is empty or only whitespace.
    Empty,
    /// Expected a piece name, castling or en passant.
    Move,
    /// Expected one of the special moves `ck`, `cq`, `ep` and their long forms.
    Special,
    /// Expected a space or tab (after the piece, before the promotion).
    Separator,
    /// Expected the origin square.
    From,
    /// Expected `-` or `x` between the squares.
    MoveType,
    /// Expected the destination square.
    To,
    /// Expected `->` or `>` to start the promotion.
    Promotion,
    /// Expected a promotion piece.
    PromotionPiece,
    /// Something follows the move.
    TrailingInput,
    /// A control byte (other than whitespace), which no move contains; holds the byte.
    UnexpectedByte(u8),
}

impl fmt::Display for ParseEranErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ParseEranErrorKind::*;
        if let UnexpectedByte(b) = self {
            return write!(f, "unexpected byte {}", EscapedByte(*b));
        }
        f.write_str(match self {
            Empty => "empty input",
            Move => "expected a piece (P, N, B, R, Q, K or Pawn, ..., King), castling (ck, cq) or en passant (ep)",
            Special => "expected ck, cq, ep, castling-kingside, castling-queenside or en-passant",
            Separator => "expected a space or tab",
            From => "expected the origin square (a1-h8)",
            MoveType => "expected '-' or 'x' between the squares",
            To => "expected the destination square (a1-h8)",
            Promotion => "expected a promotion '->' or '>' after the squares",
            PromotionPiece => "expected a promotion piece (Q, R, B, N or Queen, Rook, Bishop, Knight)",
            TrailingInput | UnexpectedByte(_) => "unexpected input after the move",
        })
    }
}

/// An ERAN syntax error.
pub type ParseEranError = ParseError<ParseEranErrorKind>;

const SPECIALS: [(&[u8], Eran); 6] = [
    (b"ck", Eran::Castle(CastlingSide::KingSide)),
    (b"cq", Eran::Castle(CastlingSide::QueenSide)),
    (b"ep", Eran::EnPassant),
    (b"castling-kingside", Eran::Castle(CastlingSide::KingSide)),
    (b"castling-queenside", Eran::Castle(CastlingSide::QueenSide)),
    (b"en-passant", Eran::EnPassant),
];

const LONG_PIECES: [(&[u8], Role); 6] = [
    (b"pawn", Role::Pawn),
    (b"knight", Role::Knight),
    (b"bishop", Role::Bishop),
    (b"rook", Role::Rook),
    (b"queen", Role::Queen),
    (b"king", Role::King),
];

/// Parses a whole ERAN, trimming surrounding ASCII whitespace.
pub(super) fn parse(input: &[u8]) -> Result<Eran, ParseEranError> {
    parse_unchecked(input).map_err(|e| e.or_control_byte(input, ParseEranErrorKind::UnexpectedByte))
}

fn parse_unchecked(input: &[u8]) -> Result<Eran, ParseEranError> {
    let base = input.len() - input.trim_ascii_start().len();
    let p = Parser {
        s: input.trim_ascii(),
        base,
    };
    match p.s.first() {
        None => p.err(ParseEranErrorKind::Empty, 0),
        Some(b'c' | b'C' | b'e' | b'E') => p.special(),
        Some(_) => p.regular(),
    }
}

/// The trimmed input and its offset in the original input.
struct Parser<'a> {
    s: &'a [u8],
    base: usize,
}

impl Parser<'_> {
    fn err<T>(&self, kind: ParseEranErrorKind, at: usize) -> Result<T, ParseEranError> {
        Err(ParseError::new("eran", kind, self.base + at))
    }

    /// `ck`, `cq`, `ep` or a long form; no piece name starts with `c` or `e`.
    fn special(&self) -> Result<Eran, ParseEranError> {
        let mut longest = 0;
        for (token, eran) in SPECIALS {
            let n = common_prefix_len(self.s, token);
            if n == token.len() {
                return match self.s.len() == n {
                    true => Ok(eran),
                    false => self.err(ParseEranErrorKind::TrailingInput, n),
                };
            }
            longest = longest.max(n);
        }
        match longest {
            0 | 1 => self.err(ParseEranErrorKind::Move, 0),
            n => self.err(ParseEranErrorKind::Special, n),
        }
    }

    fn regular(&self) -> Result<Eran, ParseEranError> {
        let (role, at) = self.piece()?;
        let at = self.separator(at)?;
        let from = self.square(at, ParseEranErrorKind::From)?;
        let capture = match self.s.get(at + 2) {
            Some(b'-') => false,
            Some(b'x' | b'X') => true,
            _ => return self.err(ParseEranErrorKind::MoveType, at + 2),
        };
        let to = self.square(at + 3, ParseEranErrorKind::To)?;
        let promotion = self.promotion(at + 5)?;
        Ok(Eran::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        })
    }

    fn piece(&self) -> Result<(Role, usize), ParseEranError> {
        if let Some(found) = long_name(self.s, &LONG_PIECES) {
            return Ok(found);
        }
        match self.s[0].to_ascii_lowercase() {
            c @ (b'p' | b'n' | b'b' | b'r' | b'q' | b'k') => {
                Ok((Role::from_char_any_case(c).unwrap_or(Role::Pawn), 1))
            }
            _ => self.err(ParseEranErrorKind::Move, 0),
        }
    }

    /// Skips `[ \t]+` starting at `at`.
    fn separator(&self, at: usize) -> Result<usize, ParseEranError> {
        let n = self.s[at.min(self.s.len())..]
            .iter()
            .take_while(|c| matches!(c, b' ' | b'\t'))
            .count();
        match n {
            0 => self.err(ParseEranErrorKind::Separator, at),
            n => Ok(at + n),
        }
    }

    fn square(&self, at: usize, kind: ParseEranErrorKind) -> Result<Square, ParseEranError> {
        let file = self
            .s
            .get(at)
            .and_then(|c| file_from_ascii(c.to_ascii_lowercase()));
        let rank = self.s.get(at + 1).and_then(|c| rank_from_ascii(*c));
        match (file, rank) {
            (Some(file), Some(rank)) => Ok(Square::new(file, rank)),
            (Some(_), None) => self.err(kind, at + 1),
            (None, _) => self.err(kind, at),
        }
    }

    /// The optional promotion field from `at` (right after the destination square) to the end.
    fn promotion(&self, at: usize) -> Result<Option<Role>, ParseEranError> {
        match self.s.get(at) {
            None => return Ok(None),
            Some(b' ' | b'\t') => {}
            Some(b'>' | b'-') => return self.err(ParseEranErrorKind::Separator, at),
            Some(_) => return self.err(ParseEranErrorKind::TrailingInput, at),
        }
        let at = self.separator(at)?;
        let at = match self.s.get(at..at + 2) {
            Some(b"->") => at + 2,
            _ if self.s.get(at) == Some(&b'>') => at + 1,
            _ => return self.err(ParseEranErrorKind::Promotion, at),
        };
        let (role, end) = self.promotion_piece(at)?;
        match end == self.s.len() {
            true => Ok(Some(role)),
            false => self.err(ParseEranErrorKind::TrailingInput, end),
        }
    }

    fn promotion_piece(&self, at: usize) -> Result<(Role, usize), ParseEranError> {
        let rest = &self.s[at..];
        if let Some((role, n)) = long_name(rest, &LONG_PIECES[1..5]) {
            return Ok((role, at + n));
        }
        match rest.first().map(u8::to_ascii_lowercase) {
            Some(c @ (b'n' | b'b' | b'r' | b'q')) => {
                Ok((Role::from_char_any_case(c).unwrap_or(Role::Queen), at + 1))
            }
            _ => self.err(ParseEranErrorKind::PromotionPiece, at),
        }
    }
}

/// The role of a long piece name `s` starts with (case-insensitive), and its length.
fn long_name(s: &[u8], names: &[(&[u8], Role)]) -> Option<(Role, usize)> {
    names
        .iter()
        .find(|(name, _)| common_prefix_len(s, name) == name.len())
        .map(|(name, role)| (*role, name.len()))
}

/// How many leading bytes of `s` equal `token`, ignoring ASCII case.
fn common_prefix_len(s: &[u8], token: &[u8]) -> usize {
    s.iter()
        .zip(token)
        .take_while(|(a, b)| a.eq_ignore_ascii_case(b))
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ok_parse() {
        let normal = |role, from, capture, to, promotion| Eran::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        };
        use Square::*;
        for (input, expected) in [
            ("Pawn e2-e4", normal(Role::Pawn, E2, false, E4, None)),
            ("RooK B1Xa8", normal(Role::Rook, B1, true, A8, None)),
            ("P\t e2-e4", normal(Role::Pawn, E2, false, E4, None)),
            (
                "  P   g7-g8   >Q   ",
                normal(Role::Pawn, G7, false, G8, Some(Role::Queen)),
            ),
            (
                "P a7-a8 >Queen",
                normal(Role::Pawn, A7, false, A8, Some(Role::Queen)),
            ),
            (
                "P a7-a8 ->n",
                normal(Role::Pawn, A7, false, A8, Some(Role::Knight)),
            ),
            ("K e1xe1", normal(Role::King, E1, true, E1, None)),
            (
                "Knight b1-c3 ->Q",
                normal(Role::Knight, B1, false, C3, Some(Role::Queen)),
            ),
            ("P e2-e4\n", normal(Role::Pawn, E2, false, E4, None)),
            ("\tep\r\n", Eran::EnPassant),
            ("CASTLING-QUEENSIDE", Eran::Castle(CastlingSide::QueenSide)),
        ] {
            assert_eq!(parse(input.as_bytes()), Ok(expected), "{input:?}");
        }
    }

    #[test]
    fn err_parse() {
        use ParseEranErrorKind::*;
        for (input, kind, offset) in [
            ("", Empty, 0),
            (" \t", Empty, 2),
            ("Pe2-e4", Separator, 1),
            ("Pawns e2-e4", Separator, 4),
            ("P e2e4", MoveType, 4),
            ("P e2 e4", MoveType, 4),
            ("P e2--e4", To, 5),
            ("Pawn e2-", To, 8),
            ("Pawn e2-e9", To, 9),
            ("Pawn z9-e4", From, 5),
            ("P a7-a8>Q", Separator, 7),
            ("P a7-a8 -> Q", PromotionPiece, 10),
            ("P a7-a8 > Q", PromotionPiece, 9),
            ("P a7-a8 - >Q", Promotion, 8),
            ("P a7-a8 =Q", Promotion, 8),
            ("P a7-a8 >K", PromotionPiece, 9),
            ("P a7-a8 ->Pawn", PromotionPiece, 10),
            ("P a7-a8 >QQ", TrailingInput, 10),
            ("Pawn e2-e4 ->", PromotionPiece, 13),
            (">K", Move, 0),
            ("O-O", Move, 0),
            ("e4", Move, 0),
            ("e2-e4", Move, 0),
            ("Pawn e2-e4+", TrailingInput, 10),
            ("N b1-c3#", TrailingInput, 7),
            ("Pawn e2-e4!", TrailingInput, 10),
            ("ep!", TrailingInput, 2),
            ("ep ep", TrailingInput, 2),
            ("castling kingside", Special, 8),
            ("castling-kingsid", Special, 16),
            ("CASTL\u{130}NG-KINGSIDE", Special, 5),
            ("P\ne2-e4", Separator, 1),
            ("P e5xf6 en-passant", Promotion, 8),
            ("Pawn e2-e4\0", UnexpectedByte(0), 10),
            ("  Pe2", Separator, 3),
        ] {
            let e = parse(input.as_bytes()).expect_err("invalid eran");
            assert_eq!((*e.kind(), e.offset()), (kind, offset), "{input:?}");
        }
    }

    #[test]
    fn err_display() {
        let e = parse(b"P a7-a8>Q").expect_err("invalid eran");
        assert_eq!(
            e.to_string(),
            "invalid eran at byte 7: expected a space or tab"
        );
    }
}
