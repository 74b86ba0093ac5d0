//! The quantum chess notation parser (grammar and checks in the module docs).

use std::fmt;

use super::{QuantumKind, QuantumMove, Target, Variant};
use crate::notation::{EscapedByte, ParseError};
use crate::types::{file_from_ascii, rank_from_ascii, Color, Piece, Rank, Role, Square};

/// What the quantum notation parser expected, or which board-free rule a move breaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParseQuantumErrorKind {
    /// The input is empty.
    Empty,
    /// Expected a square.
    Square,
    /// Expected a second square, a variant `x` / `w` or `^` after the first square.
    AfterSource,
    /// Expected `.m` and an outcome without leading zeros.
    Measurement,
    /// The measurement outcome is larger than 4294967295.
    MeasurementRange,
    /// Something follows the move.
    TrailingInput,
    /// A control byte (other than whitespace), which no move contains; holds the byte.
    UnexpectedByte(u8),
    /// A target square equals a source square.
    SameSquare,
    /// The two targets of a split, or the two sources of a merge, are the same square.
    DuplicateSquare,
    /// A pawn splits or merges.
    PawnSplitMerge,
    /// A promotion that is not a pawn's standard move to its last rank.
    Promotion,
}

impl fmt::Display for ParseQuantumErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ParseQuantumErrorKind::*;
        if let UnexpectedByte(b) = self {
            return write!(f, "unexpected byte {}", EscapedByte(*b));
        }
        f.write_str(match self {
            Empty => "empty input",
            Square => "expected a square (a1-h8)",
            AfterSource => "expected a square, a variant ('x' or 'w') or '^' after the source",
            Measurement => "expected a measurement '.m' and an outcome without leading zeros",
            MeasurementRange => "measurement outcome larger than 4294967295",
            TrailingInput | UnexpectedByte(_) => "unexpected input after the move",
            SameSquare => "a target square equals a source square",
            DuplicateSquare => "split targets and merge sources must be different squares",
            PawnSplitMerge => "pawns cannot split or merge",
            Promotion => "only a pawn's standard move to its last rank promotes",
        })
    }
}

/// A quantum chess notation syntax error.
pub type ParseQuantumError = ParseError<ParseQuantumErrorKind>;

/// Parses `s`, whose first byte is at offset `base` of the caller's input.
pub(super) fn parse(s: &[u8], base: usize) -> Result<QuantumMove, ParseQuantumError> {
    let p = Parser { s, base };
    match s {
        [] => p.err(ParseQuantumErrorKind::Empty, 0),
        b"0000" => Ok(QuantumMove::new(QuantumKind::Null)),
        _ => p.parse_move(),
    }
}

struct Parser<'a> {
    s: &'a [u8],
    base: usize,
}

type Parsed<T> = Result<(T, usize), ParseQuantumError>;

impl Parser<'_> {
    fn err<T>(&self, kind: ParseQuantumErrorKind, at: usize) -> Result<T, ParseQuantumError> {
        Err(ParseError::new("quantum", kind, self.base + at))
    }

    fn parse_move(&self) -> Result<QuantumMove, ParseQuantumError> {
        let (piece, at) = self.piece();
        let (kind, at) = self.squares(at)?;
        if piece.is_some_and(|p| p.role == Role::Pawn)
            && !matches!(kind, QuantumKind::Standard { .. })
        {
            return self.err(ParseQuantumErrorKind::PawnSplitMerge, 0);
        }
        let (promotion, at) = self.promotion(at, piece, &kind)?;
        let (measurement, at) = self.measurement(at)?;
        if at != self.s.len() {
            return self.err(ParseQuantumErrorKind::TrailingInput, at);
        }
        Ok(QuantumMove {
            piece,
            kind,
            promotion,
            measurement,
        })
    }

    /// A piece letter followed by a file letter.
    fn piece(&self) -> (Option<Piece>, usize) {
        match self.s {
            [c, b'a'..=b'h', ..] => match Piece::from_char(*c) {
                Some(piece) => (Some(piece), 1),
                None => (None, 0),
            },
            _ => (None, 0),
        }
    }

    fn square(&self, at: usize) -> Parsed<Square> {
        let file = self.s.get(at).and_then(|c| file_from_ascii(*c));
        let rank = self.s.get(at + 1).and_then(|c| rank_from_ascii(*c));
        match (file, rank) {
            (Some(file), Some(rank)) => Ok((Square::new(file, rank), at + 2)),
            (Some(_), None) => self.err(ParseQuantumErrorKind::Square, at + 1),
            (None, _) => self.err(ParseQuantumErrorKind::Square, at),
        }
    }

    /// An optional variant symbol and a square.
    fn target(&self, at: usize) -> Parsed<Target> {
        let (variant, at) = match self.s.get(at) {
            Some(b'x') => (Variant::Capture, at + 1),
            Some(b'w') => (Variant::Excluded, at + 1),
            _ => (Variant::Basic, at),
        };
        let (square, end) = self.square(at)?;
        Ok((Target { variant, square }, end))
    }

    fn squares(&self, at: usize) -> Parsed<QuantumKind> {
        let (from, at) = self.square(at)?;
        match self.s.get(at) {
            Some(b'^') => self.split(from, at + 1),
            Some(b'x' | b'w') => self.standard(from, at),
            Some(b'a'..=b'h') => {
                let (second, end) = self.square(at)?;
                match self.s.get(end) {
                    Some(b'^') => self.merge([from, second], at, end + 1),
                    _ => self.standard(from, at),
                }
            }
            _ => self.err(ParseQuantumErrorKind::AfterSource, at),
        }
    }

    fn standard(&self, from: Square, at: usize) -> Parsed<QuantumKind> {
        let (to, end) = self.target(at)?;
        if to.square == from {
            return self.err(ParseQuantumErrorKind::SameSquare, end - 2);
        }
        Ok((QuantumKind::Standard { from, to }, end))
    }

    fn split(&self, from: Square, at: usize) -> Parsed<QuantumKind> {
        let (a, mid) = self.target(at)?;
        let (b, end) = self.target(mid)?;
        if a.square == from {
            return self.err(ParseQuantumErrorKind::SameSquare, mid - 2);
        }
        if b.square == from {
            return self.err(ParseQuantumErrorKind::SameSquare, end - 2);
        }
        if a.square == b.square {
            return self.err(ParseQuantumErrorKind::DuplicateSquare, end - 2);
        }
        Ok((QuantumKind::Split { from, to: [a, b] }, end))
    }

    /// `from[1]` starts at `second`; the target at `at`.
    fn merge(&self, from: [Square; 2], second: usize, at: usize) -> Parsed<QuantumKind> {
        if from[0] == from[1] {
            return self.err(ParseQuantumErrorKind::DuplicateSquare, second);
        }
        let (to, end) = self.target(at)?;
        if from.contains(&to.square) {
            return self.err(ParseQuantumErrorKind::SameSquare, end - 2);
        }
        Ok((QuantumKind::Merge { from, to }, end))
    }

    fn promotion(
        &self,
        at: usize,
        piece: Option<Piece>,
        kind: &QuantumKind,
    ) -> Parsed<Option<Role>> {
        let role = match self.s.get(at).map(u8::to_ascii_lowercase) {
            Some(c @ (b'q' | b'r' | b'b' | b'n')) => Role::from_char_any_case(c),
            _ => return Ok((None, at)),
        };
        let last_rank = match piece {
            Some(Piece {
                role: Role::Pawn,
                color: Color::White,
            }) => Some(Rank::Eighth),
            Some(Piece {
                role: Role::Pawn,
                color: Color::Black,
            }) => Some(Rank::First),
            Some(_) => return self.err(ParseQuantumErrorKind::Promotion, at),
            None => None,
        };
        let rank_ok = |square: Square| match last_rank {
            Some(rank) => square.rank() == rank,
            None => matches!(square.rank(), Rank::First | Rank::Eighth),
        };
        match kind {
            QuantumKind::Standard { to, .. } if rank_ok(to.square) => Ok((role, at + 1)),
            _ => self.err(ParseQuantumErrorKind::Promotion, at),
        }
    }

    fn measurement(&self, at: usize) -> Parsed<Option<u32>> {
        match self.s.get(at..at + 2) {
            Some(b".m") => {}
            _ if self.s.get(at) == Some(&b'.') => {
                return self.err(ParseQuantumErrorKind::Measurement, at + 1)
            }
            _ => return Ok((None, at)),
        }
        let start = at + 2;
        let digits = self.s[start..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .count();
        let leading_zero = digits > 1 && self.s[start] == b'0';
        if digits == 0 || leading_zero {
            return self.err(ParseQuantumErrorKind::Measurement, start);
        }
        let mut outcome: u32 = 0;
        for &c in &self.s[start..start + digits] {
            outcome = match outcome
                .checked_mul(10)
                .and_then(|n| n.checked_add(u32::from(c - b'0')))
            {
                Some(n) => n,
                None => return self.err(ParseQuantumErrorKind::MeasurementRange, start),
            };
        }
        Ok((Some(outcome), start + digits))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ok_canonical_round_trip() {
        for (input, canonical) in [
            ("a2a4", "a2a4"),
            ("Pa2a4", "Pa2a4"),
            ("b1^a3c3", "b1^a3c3"),
            ("a3c3^b5", "a3c3^b5"),
            ("b1xc3", "b1xc3"),
            ("b1wc3.m0", "b1wc3.m0"),
            ("b1^xa3wc3", "b1^xa3wc3"),
            ("a3c3^wb5", "a3c3^wb5"),
            ("e7e8Q", "e7e8q"),
            ("c7c8q.m0", "c7c8q.m0"),
            ("Pc7c8q", "Pc7c8q"),
            ("pc2c1n", "pc2c1n"),
            ("bb1^a2c2", "bb1^a2c2"),
            ("a2a4.m4294967295", "a2a4.m4294967295"),
            ("0000", "0000"),
        ] {
            let q = parse(input.as_bytes(), 0).expect("valid quantum move");
            assert_eq!(q.to_string(), canonical, "{input}");
            assert_eq!(parse(canonical.as_bytes(), 0), Ok(q), "{input}");
        }
    }

    #[test]
    fn err_parse() {
        use ParseQuantumErrorKind::*;
        for (input, kind, offset) in [
            ("", Empty, 0),
            ("b1wc3.m", Measurement, 7),
            ("b1wc3.m99999999999999999999", MeasurementRange, 7),
            ("b1wc3.m4294967296", MeasurementRange, 7),
            ("b1wc3.m01", Measurement, 7),
            ("b1wc3.x0", Measurement, 6),
            ("b1^a3a3", DuplicateSquare, 5),
            ("b1^a3c3d5", TrailingInput, 7),
            ("a3a3^b5", DuplicateSquare, 2),
            ("a3c3^c3", SameSquare, 5),
            ("a2a2", SameSquare, 2),
            ("b1^b1c3", SameSquare, 3),
            ("Pa2^a3a4", PawnSplitMerge, 0),
            ("pa3c3^b5", PawnSplitMerge, 0),
            ("a6a7q", Promotion, 4),
            ("Na7a8q", Promotion, 5),
            ("Pa2a1q", Promotion, 5),
            ("b1^a8c8q", Promotion, 7),
            ("e7e8k", TrailingInput, 4),
            ("e2", AfterSource, 2),
            ("e2-e4", AfterSource, 2),
            ("e2xe9", Square, 4),
            ("g1f3h3", TrailingInput, 4),
            ("a1b4:JUMP:BASIC", TrailingInput, 4),
            ("0000.m0", Square, 0),
            ("E2e4", Square, 0),
            (" a2a4", Square, 0),
            ("a2a4 ", TrailingInput, 4),
            ("b1x^a3c3", Square, 3),
        ] {
            let e = parse(input.as_bytes(), 0).expect_err("invalid quantum move");
            assert_eq!((*e.kind(), e.offset()), (kind, offset), "{input}");
        }
    }

    #[test]
    fn ok_lenient_trims() {
        let q = QuantumMove::from_ascii_lenient(b" \tb1^a3c3\n").expect("lenient");
        assert_eq!(q.to_string(), "b1^a3c3");
        let e = QuantumMove::from_ascii_lenient(b"  a2a9").expect_err("bad square");
        assert_eq!(e.offset(), 5);
    }
}
