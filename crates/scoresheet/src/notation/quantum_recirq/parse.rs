//! The ReCirq quantum chess move parser (grammar and checks in the module docs).

use std::fmt;

use super::{Label, MoveType, RecirqMove, RecirqSquares, NAME};
use crate::notation::quantum::Variant;
use crate::notation::{EscapedByte, ParseError};
use crate::types::{file_from_ascii, rank_from_ascii, Rank, Role, Square};

/// What the ReCirq parser expected, or which board-free rule a move breaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParseRecirqErrorKind {
    /// The input is empty.
    Empty,
    /// Expected a square.
    Square,
    /// Expected a second square or `^` after the first square.
    AfterSource,
    /// Expected `.m` and an outcome without leading zeros.
    Measurement,
    /// The measurement outcome is larger than 4294967295.
    MeasurementRange,
    /// Expected `:` and a move type name (`JUMP`, `SLIDE`, ...).
    MoveType,
    /// Expected `:` and a variant name (`BASIC`, `EXCLUDED`, `CAPTURE`).
    Variant,
    /// Something follows the move.
    TrailingInput,
    /// A control byte (other than whitespace), which no move contains; holds the byte.
    UnexpectedByte(u8),
    /// A target square equals a source square.
    SameSquare,
    /// The two targets of a split, or the two sources of a merge, are the same square.
    DuplicateSquare,
    /// The move type does not fit the squares: `SPLIT_*` for a split, `MERGE_*` for a merge,
    /// any other for one source and one target.
    TypeShape,
    /// A promotion that is not a standard move to the first or last rank.
    Promotion,
    /// Strict parser: the promotion letter's case is not its colour (upper case, White, on
    /// the eighth rank; lower case, Black, on the first).
    PromotionCase,
}

impl fmt::Display for ParseRecirqErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ParseRecirqErrorKind::*;
        if let UnexpectedByte(b) = self {
            return write!(f, "unexpected byte {}", EscapedByte(*b));
        }
        f.write_str(match self {
            Empty => "empty input",
            Square => "expected a square (a1-h8)",
            AfterSource => "expected a square or '^' after the source",
            Measurement => "expected a measurement '.m' and an outcome without leading zeros",
            MeasurementRange => "measurement outcome larger than 4294967295",
            MoveType => "expected ':' and a move type (JUMP, SLIDE, SPLIT_JUMP, ...)",
            Variant => "expected ':' and a variant (BASIC, EXCLUDED or CAPTURE)",
            TrailingInput | UnexpectedByte(_) => "unexpected input after the move",
            SameSquare => "a target square equals a source square",
            DuplicateSquare => "split targets and merge sources must be different squares",
            TypeShape => {
                "the move type does not fit the squares (SPLIT_* for a split, MERGE_* for a merge)"
            }
            Promotion => "only a standard move to the first or last rank promotes",
            PromotionCase => {
                "promotion letter in upper case on the eighth rank (White), lower case on the first (Black)"
            }
        })
    }
}

/// A ReCirq quantum chess move syntax error.
pub type ParseRecirqError = ParseError<ParseRecirqErrorKind>;

/// Parses `s`, whose first byte is at offset `base` of the caller's input; `strict` demands
/// the promotion letter's case.
pub(super) fn parse(s: &[u8], base: usize, strict: bool) -> Result<RecirqMove, ParseRecirqError> {
    let p = Parser { s, base, strict };
    match s {
        [] => p.err(ParseRecirqErrorKind::Empty, 0),
        _ => p.parse_move(),
    }
}

struct Parser<'a> {
    s: &'a [u8],
    base: usize,
    strict: bool,
}

type Parsed<T> = Result<(T, usize), ParseRecirqError>;

impl Parser<'_> {
    fn err<T>(&self, kind: ParseRecirqErrorKind, at: usize) -> Result<T, ParseRecirqError> {
        Err(ParseError::new(NAME, kind, self.base + at))
    }

    fn parse_move(&self) -> Result<RecirqMove, ParseRecirqError> {
        let (squares, at) = self.squares(0)?;
        let (promotion, at) = self.promotion(at, &squares)?;
        let (measurement, at) = self.measurement(at)?;
        let (label, at) = self.label(at, &squares)?;
        if at != self.s.len() {
            return self.err(ParseRecirqErrorKind::TrailingInput, at);
        }
        Ok(RecirqMove {
            squares,
            promotion,
            measurement,
            label,
        })
    }

    fn square(&self, at: usize) -> Parsed<Square> {
        let file = self.s.get(at).and_then(|c| file_from_ascii(*c));
        let rank = self.s.get(at + 1).and_then(|c| rank_from_ascii(*c));
        match (file, rank) {
            (Some(file), Some(rank)) => Ok((Square::new(file, rank), at + 2)),
            (Some(_), None) => self.err(ParseRecirqErrorKind::Square, at + 1),
            (None, _) => self.err(ParseRecirqErrorKind::Square, at),
        }
    }

    fn is_square_at(&self, at: usize) -> bool {
        matches!(self.s.get(at..at + 2), Some([b'a'..=b'h', b'1'..=b'8']))
    }

    fn squares(&self, at: usize) -> Parsed<RecirqSquares> {
        let (from, at) = self.square(at)?;
        match self.s.get(at) {
            Some(b'^') => self.after_caret(from, at + 1),
            Some(b'a'..=b'h') => {
                let (second, end) = self.square(at)?;
                match self.s.get(end) {
                    Some(b'^') => self.merge([from, second], at, end + 1),
                    _ => self.standard(from, second, end),
                }
            }
            _ => self.err(ParseRecirqErrorKind::AfterSource, at),
        }
    }

    fn standard(&self, from: Square, to: Square, end: usize) -> Parsed<RecirqSquares> {
        if to == from {
            return self.err(ParseRecirqErrorKind::SameSquare, end - 2);
        }
        Ok((RecirqSquares::Standard { from, to }, end))
    }

    /// `s^t1t2` (a split) or `s^t` (one target: ReCirq reads it as a standard move).
    fn after_caret(&self, from: Square, at: usize) -> Parsed<RecirqSquares> {
        let (a, mid) = self.square(at)?;
        if !self.is_square_at(mid) {
            return self.standard(from, a, mid);
        }
        let (b, end) = self.square(mid)?;
        if a == from {
            return self.err(ParseRecirqErrorKind::SameSquare, mid - 2);
        }
        if b == from {
            return self.err(ParseRecirqErrorKind::SameSquare, end - 2);
        }
        if a == b {
            return self.err(ParseRecirqErrorKind::DuplicateSquare, end - 2);
        }
        Ok((RecirqSquares::Split { from, to: [a, b] }, end))
    }

    /// `from[1]` starts at `second`; the target at `at`.
    fn merge(&self, from: [Square; 2], second: usize, at: usize) -> Parsed<RecirqSquares> {
        if from[0] == from[1] {
            return self.err(ParseRecirqErrorKind::DuplicateSquare, second);
        }
        let (to, end) = self.square(at)?;
        if from.contains(&to) {
            return self.err(ParseRecirqErrorKind::SameSquare, end - 2);
        }
        Ok((RecirqSquares::Merge { from, to }, end))
    }

    fn promotion(&self, at: usize, squares: &RecirqSquares) -> Parsed<Option<Role>> {
        let Some(&c) = self.s.get(at) else {
            return Ok((None, at));
        };
        let Some(role) = Role::from_char_any_case(c).filter(|r| r.is_promotion_target()) else {
            return Ok((None, at));
        };
        let rank = match squares {
            RecirqSquares::Standard { to, .. } => to.rank(),
            _ => return self.err(ParseRecirqErrorKind::Promotion, at),
        };
        let white = match rank {
            Rank::Eighth => true,
            Rank::First => false,
            _ => return self.err(ParseRecirqErrorKind::Promotion, at),
        };
        if self.strict && c.is_ascii_uppercase() != white {
            return self.err(ParseRecirqErrorKind::PromotionCase, at);
        }
        Ok((Some(role), at + 1))
    }

    fn measurement(&self, at: usize) -> Parsed<Option<u32>> {
        match self.s.get(at..at + 2) {
            Some(b".m") => {}
            _ if self.s.get(at) == Some(&b'.') => {
                return self.err(ParseRecirqErrorKind::Measurement, at + 1)
            }
            _ => return Ok((None, at)),
        }
        let start = at + 2;
        let digits = self.s[start..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .count();
        if digits == 0 || (digits > 1 && self.s[start] == b'0') {
            return self.err(ParseRecirqErrorKind::Measurement, start);
        }
        let mut outcome: u32 = 0;
        for &c in &self.s[start..start + digits] {
            outcome = match outcome
                .checked_mul(10)
                .and_then(|n| n.checked_add(u32::from(c - b'0')))
            {
                Some(n) => n,
                None => return self.err(ParseRecirqErrorKind::MeasurementRange, start),
            };
        }
        Ok((Some(outcome), start + digits))
    }

    /// A name of upper-case letters and underscores starting at `at`, and where it ends.
    fn name(&self, at: usize) -> (&[u8], usize) {
        let start = at.min(self.s.len());
        let len = self.s[start..]
            .iter()
            .take_while(|c| c.is_ascii_uppercase() || **c == b'_')
            .count();
        (&self.s[start..start + len], start + len)
    }

    /// `":" type ":" variant`, if a `:` follows.
    fn label(&self, at: usize, squares: &RecirqSquares) -> Parsed<Option<Label>> {
        if self.s.get(at) != Some(&b':') {
            return Ok((None, at));
        }
        let (name, end) = self.name(at + 1);
        let Some(move_type) = MoveType::from_name(name) else {
            let names = MoveType::ALL.map(MoveType::name);
            let at = at + 1 + known_prefix(name, &names);
            return self.err(ParseRecirqErrorKind::MoveType, at);
        };
        if move_type.shape() != squares.shape() {
            return self.err(ParseRecirqErrorKind::TypeShape, at + 1);
        }
        if self.s.get(end) != Some(&b':') {
            return self.err(ParseRecirqErrorKind::Variant, end);
        }
        let (name, stop) = self.name(end + 1);
        let variant = match name {
            b"BASIC" => Variant::Basic,
            b"EXCLUDED" => Variant::Excluded,
            b"CAPTURE" => Variant::Capture,
            _ => {
                let at = end + 1 + known_prefix(name, &["BASIC", "EXCLUDED", "CAPTURE"]);
                return self.err(ParseRecirqErrorKind::Variant, at);
            }
        };
        Ok((Some(Label { move_type, variant }), stop))
    }
}

/// How many leading bytes of `name` some of `names` begin with: where an unknown name stops
/// being a known one (`SPLIT` stops at its end, `SPLIT_JUMP` and `SPLIT_SLIDE` go on).
fn known_prefix(name: &[u8], names: &[&str]) -> usize {
    names
        .iter()
        .map(|known| known.bytes().zip(name).take_while(|(a, b)| a == *b).count())
        .max()
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ok_canonical_round_trip() {
        for (input, canonical) in [
            ("a1a2:JUMP:BASIC", "a1a2:JUMP:BASIC"),
            ("b1^a3c3:SPLIT_JUMP:BASIC", "b1^a3c3:SPLIT_JUMP:BASIC"),
            ("b1^a3c3.m1:SPLIT_JUMP:BASIC", "b1^a3c3.m1:SPLIT_JUMP:BASIC"),
            ("a3b1^c3:MERGE_JUMP:BASIC", "a3b1^c3:MERGE_JUMP:BASIC"),
            ("d8d5:SLIDE:CAPTURE", "d8d5:SLIDE:CAPTURE"),
            ("e2f1q:PAWN_CAPTURE:CAPTURE", "e2f1q:PAWN_CAPTURE:CAPTURE"),
            ("c7c8Q.m0", "c7c8Q.m0"),
            ("f2^h6:JUMP:CAPTURE", "f2h6:JUMP:CAPTURE"),
            ("a1b1^b4.m0", "a1b1^b4.m0"),
            ("e2e4", "e2e4"),
            ("h2h3:PAWN_STEP:EXCLUDED", "h2h3:PAWN_STEP:EXCLUDED"),
            ("a2a3:NULL_TYPE:BASIC", "a2a3:NULL_TYPE:BASIC"),
            ("a2a4.m4294967295", "a2a4.m4294967295"),
        ] {
            let q = parse(input.as_bytes(), 0, true).expect("valid ReCirq move");
            assert_eq!(q.to_string(), canonical, "{input}");
            assert_eq!(parse(canonical.as_bytes(), 0, true), Ok(q), "{input}");
        }
    }

    #[test]
    fn err_parse() {
        use ParseRecirqErrorKind::*;
        for (input, kind, offset) in [
            ("", Empty, 0),
            ("a1", AfterSource, 2),
            ("a1-a2", AfterSource, 2),
            ("a1a9", Square, 3),
            ("a1a1:JUMP:BASIC", SameSquare, 2),
            ("b1^a3a3:SPLIT_JUMP:BASIC", DuplicateSquare, 5),
            ("b1^b1c3:SPLIT_JUMP:BASIC", SameSquare, 3),
            ("a3a3^c3:MERGE_JUMP:BASIC", DuplicateSquare, 2),
            ("a3c3^c3:MERGE_JUMP:BASIC", SameSquare, 5),
            ("a1a2:HOP:BASIC", MoveType, 5),
            ("a1a2:SPLIT:BASIC", MoveType, 10),
            ("a1a2:JUMP:BASE", Variant, 13),
            ("a1a2:jump:BASIC", MoveType, 5),
            ("a1a2:", MoveType, 5),
            ("a1a2:JUMP", Variant, 9),
            ("a1a2:JUMP:", Variant, 10),
            ("a1a2:JUMP:UNSPECIFIED", Variant, 10),
            ("a1a2:JUMP:BASIC:", TrailingInput, 15),
            ("b1^a3c3:JUMP:BASIC", TypeShape, 8),
            ("a1a2:SPLIT_JUMP:BASIC", TypeShape, 5),
            ("a3b1^c3:SPLIT_JUMP:BASIC", TypeShape, 8),
            ("a6a7q", Promotion, 4),
            ("b1^a8c8q", Promotion, 7),
            ("a7a8q:PAWN_STEP:BASIC", PromotionCase, 4),
            ("e2e1Q", PromotionCase, 4),
            ("a7a8k", TrailingInput, 4),
            ("b1c3.m", Measurement, 6),
            ("b1c3.m01", Measurement, 6),
            ("b1c3.x0", Measurement, 5),
            ("b1c3.m4294967296", MeasurementRange, 6),
            ("b1^a3c3d5", TrailingInput, 7),
            ("g1f3h3:SPLIT_JUMP:BASIC", TrailingInput, 4),
            ("b1a3c3:SPLIT_JUMP:BASIC", TrailingInput, 4),
            ("a3b1--c3:MERGE_JUMP:BASIC", TrailingInput, 4),
            ("0000", Square, 0),
            (" a2a4", Square, 0),
        ] {
            let e = parse(input.as_bytes(), 0, true).expect_err("invalid ReCirq move");
            assert_eq!((*e.kind(), e.offset()), (kind, offset), "{input}");
        }
    }

    #[test]
    fn ok_lenient_promotion_case_and_whitespace() {
        let q = RecirqMove::from_ascii_lenient(b" a7a8q:PAWN_STEP:BASIC\n").expect("lenient");
        assert_eq!(q.to_string(), "a7a8Q:PAWN_STEP:BASIC");
        let e = RecirqMove::from_ascii_lenient(b"  a2a9").expect_err("bad square");
        assert_eq!(e.offset(), 5);
    }
}
