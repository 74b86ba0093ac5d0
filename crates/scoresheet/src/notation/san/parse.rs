//! The SAN parser: strict and lenient (see the module docs for both grammars).

use std::fmt;

use super::{Annotation, San, SanPlus, Suffix, MAX_LEN};
use crate::notation::{EscapedByte, ParseError};
use crate::types::{
    file_from_ascii, rank_from_ascii, square_from_ascii, CastlingSide, Rank, Role, Square,
};

/// What the SAN parser expected.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParseSanErrorKind {
    /// The input is empty.
    Empty,
    /// The input is longer than [`MAX_LEN`] bytes.
    TooLong,
    /// Expected a piece letter, a file, or castling.
    Move,
    /// Expected the destination square.
    Square,
    /// Expected a file and/or rank before the destination.
    Disambiguation,
    /// A pawn move names its origin file and `x` only (`exd5`).
    PawnForm,
    /// Expected a promotion piece `N`, `B`, `R` or `Q`.
    Promotion,
    /// A promotion of a piece other than a pawn, or not on the first or last rank.
    PromotionRank,
    /// A pawn move to the first or last rank without a promotion piece.
    PromotionRequired,
    /// Expected `O-O` or `O-O-O`.
    Castling,
    /// LAN: expected `-` or `x` between the two squares.
    Separator,
    /// Expected an annotation `!`, `?`, `!!`, `??`, `!?` or `?!`.
    Annotation,
    /// Something follows the move.
    TrailingInput,
    /// A control byte (other than whitespace), which no move contains; holds the byte.
    UnexpectedByte(u8),
    /// Figurine SAN: a piece letter, a pawn figurine, or figurines of both colours where the
    /// strict grammar wants figurines of one colour.
    Figurine,
    /// Localized SAN or LAN: an upper-case or non-ASCII letter that is not a piece letter of
    /// the language.
    PieceLetter,
}

impl fmt::Display for ParseSanErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ParseSanErrorKind::*;
        if let UnexpectedByte(b) = self {
            return write!(f, "unexpected byte {}", EscapedByte(*b));
        }
        f.write_str(match self {
            Empty => "empty input",
            TooLong => "input longer than 64 bytes",
            Move => "expected a piece letter (N, B, R, Q, K), a file (a-h) or castling (O-O)",
            Square => "expected a destination square (a1-h8)",
            Disambiguation => "expected an origin file and/or rank before the destination",
            PawnForm => "a pawn move names only its origin file, followed by 'x'",
            Promotion => "expected a promotion piece N, B, R or Q after '='",
            PromotionRank => "only a pawn reaching the first or last rank promotes",
            PromotionRequired => {
                "a pawn reaching the first or last rank must promote (=N, =B, =R, =Q)"
            }
            Castling => "expected castling O-O or O-O-O",
            Separator => "expected '-' or 'x' between the origin and destination squares",
            Annotation => "expected an annotation !, ?, !!, ??, !? or ?!",
            TrailingInput | UnexpectedByte(_) => "unexpected input after the move",
            Figurine => "expected a figurine of one colour (♔♕♖♗♘ or ♚♛♜♝♞)",
            PieceLetter => "not a piece letter of the language",
        })
    }
}

/// A SAN syntax error.
pub type ParseSanError = ParseError<ParseSanErrorKind>;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Strict,
    Lenient,
}

fn err<T>(kind: ParseSanErrorKind, offset: usize) -> Result<T, ParseSanError> {
    Err(ParseError::new("san", kind, offset))
}

impl SanPlus {
    /// Parses strict SAN with optional suffix and annotation (see the module docs).
    ///
    /// # Errors
    /// [`ParseSanError`] with the byte offset and what was expected.
    pub fn from_ascii(san: &[u8]) -> Result<SanPlus, ParseSanError> {
        if san.len() > MAX_LEN {
            return err(ParseSanErrorKind::TooLong, MAX_LEN);
        }
        parse(san, Mode::Strict)
    }

    /// Parses SAN leniently: everything real PGN files contain (see the module docs).
    ///
    /// # Errors
    /// [`ParseSanError`] with the byte offset (in the trimmed input) and what was expected.
    #[inline]
    pub fn from_ascii_lenient(san: &[u8]) -> Result<SanPlus, ParseSanError> {
        // Small enough to inline where moves are read; the rest out of line.
        match parse_common(san) {
            Some(common) => Ok(common),
            None => parse_lenient(san),
        }
    }
}

/// [`SanPlus::from_ascii_lenient`] of what its common shapes do not cover.
#[inline(never)]
fn parse_lenient(san: &[u8]) -> Result<SanPlus, ParseSanError> {
    if san.len() > MAX_LEN {
        return err(ParseSanErrorKind::TooLong, MAX_LEN);
    }
    let san = san.trim_ascii();
    if san.is_ascii() {
        // No figurine or Unicode dash to replace.
        return parse(san, Mode::Lenient);
    }
    let mut buf = [0u8; MAX_LEN];
    let len = normalize(san, &mut buf);
    parse(&buf[..len], Mode::Lenient)
}

/// Replaces figurines by letters and Unicode dashes by `-`; returns the length written.
fn normalize(input: &[u8], out: &mut [u8; MAX_LEN]) -> usize {
    let (mut i, mut n) = (0, 0);
    while i < input.len() {
        let (byte, used) = match input[i..] {
            [0xe2, 0x99, c @ 0x94..=0x9f, ..] => (b"KQRBNP"[usize::from(c - 0x94) % 6], 3),
            [0xe2, 0x80, 0x90..=0x95, ..] | [0xe2, 0x88, 0x92, ..] => (b'-', 3),
            _ => (input[i], 1),
        };
        out[n] = byte;
        n += 1;
        i += used;
    }
    n
}

fn parse(s: &[u8], mode: Mode) -> Result<SanPlus, ParseSanError> {
    if let Some(common) = parse_common(s) {
        return Ok(common);
    }
    parse_unchecked(s, mode).map_err(|e| e.or_control_byte(s, ParseSanErrorKind::UnexpectedByte))
}

/// The shapes most moves of a game take, read directly: a pawn push to ranks 2 to 7 (`e4`),
/// a pawn capture (`exd5`), a piece move or capture without an origin (`Nf3`, `Bxc6`) and
/// castling (`O-O`, `O-O-O`), each with an optional `+` or `#`. Anything else is `None` and
/// goes through the general parser, which reads these shapes the same way in both modes (the
/// tests `ok_common_shapes_as_the_general_parser`, on every short string, and
/// `ok_common_castling_as_the_general_parser`).
#[cfg_attr(not(target_family = "wasm"), inline(always))]
fn parse_common(s: &[u8]) -> Option<SanPlus> {
    let (body, suffix) = match s.split_last() {
        Some((b'+', body)) => (body, Some(Suffix::Check)),
        Some((b'#', body)) => (body, Some(Suffix::Checkmate)),
        _ => (s, None),
    };
    let (role, file, capture, to) = match *body {
        [f, r] => (Role::Pawn, None, false, pawn_square(f, r)?),
        [from @ b'a'..=b'h', b'x', f, r] => {
            (Role::Pawn, file_from_ascii(from), true, pawn_square(f, r)?)
        }
        [piece @ (b'N' | b'B' | b'R' | b'Q' | b'K'), f, r] => {
            (piece_role(piece)?, None, false, square(f, r)?)
        }
        [piece @ (b'N' | b'B' | b'R' | b'Q' | b'K'), b'x', f, r] => {
            (piece_role(piece)?, None, true, square(f, r)?)
        }
        [b'O', b'-', b'O'] => return Some(castle(CastlingSide::KingSide, suffix)),
        [b'O', b'-', b'O', b'-', b'O'] => return Some(castle(CastlingSide::QueenSide, suffix)),
        _ => return None,
    };
    let san = San::Normal {
        role,
        file,
        rank: None,
        capture,
        to,
        promotion: None,
    };
    Some(SanPlus {
        san,
        suffix,
        annotation: None,
    })
}

/// Castling written `O-O` or `O-O-O`, with its suffix.
#[cfg_attr(not(target_family = "wasm"), inline(always))]
fn castle(side: CastlingSide, suffix: Option<Suffix>) -> SanPlus {
    SanPlus {
        san: San::Castle(side),
        suffix,
        annotation: None,
    }
}

/// The square named by a file and a rank byte, by arithmetic (the common shapes' hot path).
#[cfg_attr(not(target_family = "wasm"), inline(always))]
fn square(file: u8, rank: u8) -> Option<Square> {
    let (file, rank) = (file.wrapping_sub(b'a'), rank.wrapping_sub(b'1'));
    (file < 8 && rank < 8).then(|| Square::index_const(usize::from(rank * 8 + file)))
}

/// A pawn's destination without promotion: ranks 2 to 7.
#[cfg_attr(not(target_family = "wasm"), inline(always))]
fn pawn_square(file: u8, rank: u8) -> Option<Square> {
    match rank {
        b'2'..=b'7' => square(file, rank),
        _ => None,
    }
}

/// The role of a piece letter other than a pawn's.
#[cfg_attr(not(target_family = "wasm"), inline(always))]
fn piece_role(letter: u8) -> Option<Role> {
    match letter {
        b'N' => Some(Role::Knight),
        b'B' => Some(Role::Bishop),
        b'R' => Some(Role::Rook),
        b'Q' => Some(Role::Queen),
        b'K' => Some(Role::King),
        _ => None,
    }
}

fn parse_unchecked(s: &[u8], mode: Mode) -> Result<SanPlus, ParseSanError> {
    if s.is_empty() {
        return err(ParseSanErrorKind::Empty, 0);
    }
    let tail = split_tail(s, mode)?;
    let body = &s[..tail.body_end];
    if body.is_empty() {
        return err(ParseSanErrorKind::Move, 0);
    }
    let san = parse_body(body, mode)?;
    Ok(SanPlus {
        san,
        suffix: tail.suffix,
        annotation: tail.annotation,
    })
}

struct Tail {
    body_end: usize,
    suffix: Option<Suffix>,
    annotation: Option<Annotation>,
}

/// Splits off the suffix and annotation (and, leniently, `e.p.`) from the end.
fn split_tail(s: &[u8], mode: Mode) -> Result<Tail, ParseSanError> {
    let mut tail = Tail {
        body_end: s.len(),
        suffix: None,
        annotation: None,
    };
    // Fast path: most moves end in a rank digit or a piece letter, with nothing to split off.
    if s.last()
        .is_some_and(|b| b.is_ascii_digit() || b.is_ascii_uppercase())
    {
        return Ok(tail);
    }
    let mut ep = false;
    loop {
        let rest = &s[..tail.body_end];
        if tail.annotation.is_none() && (mode == Mode::Lenient || tail.suffix.is_none()) {
            let n = rest
                .iter()
                .rev()
                .take_while(|b| matches!(b, b'!' | b'?'))
                .count();
            if n > 0 {
                let at = rest.len() - n;
                let annotation = Annotation::from_ascii(&rest[at..]);
                tail.annotation = Some(annotation.ok_or(ParseError::new(
                    "san",
                    ParseSanErrorKind::Annotation,
                    at,
                ))?);
                tail.body_end = at;
                continue;
            }
        }
        if tail.suffix.is_none() {
            if let Some((suffix, len)) = suffix_at_end(rest, mode) {
                tail.suffix = Some(suffix);
                tail.body_end -= len;
                continue;
            }
        }
        if mode == Mode::Lenient && !ep {
            if let Some(len) = ep_at_end(rest) {
                ep = true;
                tail.body_end -= len;
                continue;
            }
        }
        return Ok(tail);
    }
}

fn suffix_at_end(rest: &[u8], mode: Mode) -> Option<(Suffix, usize)> {
    match (rest, mode) {
        ([.., b'+', b'+'], Mode::Lenient) => Some((Suffix::Checkmate, 2)),
        ([.., b'+'], _) => Some((Suffix::Check, 1)),
        ([.., b'#'], _) => Some((Suffix::Checkmate, 1)),
        _ => None,
    }
}

fn ep_at_end(rest: &[u8]) -> Option<usize> {
    let trimmed = rest.trim_ascii_end();
    let spaces = rest.len() - trimmed.len();
    for form in [&b"e.p."[..], b"e.p", b"ep"] {
        if trimmed.len() > form.len() + 1 && trimmed.ends_with(form) {
            let before = trimmed.len() - form.len();
            let body = trimmed[..before].trim_ascii_end();
            if body.last().is_some_and(u8::is_ascii_digit) {
                return Some(rest.len() - body.len()).filter(|_| spaces < rest.len());
            }
        }
    }
    None
}

fn parse_body(body: &[u8], mode: Mode) -> Result<San, ParseSanError> {
    match (body, mode) {
        (b"--" | b"Z0" | b"0000", Mode::Lenient) => return Ok(San::Null),
        ([b'O', ..], _) | ([b'0' | b'o', ..], Mode::Lenient) => return parse_castling(body),
        _ => {}
    }
    let (role, start) = match (body[0], mode) {
        (b'P', Mode::Lenient) => (Role::Pawn, 1),
        (c @ (b'N' | b'B' | b'R' | b'Q' | b'K'), _) => {
            (Role::from_upper_char(c).unwrap_or(Role::Pawn), 1)
        }
        (b'a'..=b'h', _) => (Role::Pawn, 0),
        _ => return err(ParseSanErrorKind::Move, 0),
    };
    let run = body[start..]
        .iter()
        .take_while(|b| matches!(b, b'a'..=b'h' | b'1'..=b'8' | b'x') || is_lenient_sep(**b, mode))
        .count();
    let mut core_end = start + run;
    // `e8b` (lenient): the trailing `b` is a promotion, not a file.
    let last_two = body[start..core_end].last_chunk::<2>();
    let trailing_b = run >= 3 && matches!(last_two, Some(b"8b" | b"1b"));
    if mode == Mode::Lenient && role == Role::Pawn && trailing_b {
        core_end -= 1;
    }
    let mut san = parse_core(body, start, core_end, role, mode)?;
    let promotion = parse_promotion(&body[core_end..], core_end, mode)?;
    if let (
        Some(p),
        San::Normal {
            role,
            to,
            promotion: slot,
            ..
        },
    ) = (promotion, &mut san)
    {
        let last_rank = matches!(to.rank(), Rank::First | Rank::Eighth);
        if *role != Role::Pawn || !last_rank {
            return err(ParseSanErrorKind::PromotionRank, core_end);
        }
        *slot = Some(p);
    }
    if let San::Normal {
        role: Role::Pawn,
        to,
        promotion: None,
        ..
    } = san
    {
        if matches!(to.rank(), Rank::First | Rank::Eighth) {
            return err(ParseSanErrorKind::PromotionRequired, core_end);
        }
    }
    Ok(san)
}

const fn is_lenient_sep(b: u8, mode: Mode) -> bool {
    matches!(mode, Mode::Lenient) && matches!(b, b'-' | b':')
}

/// Parses `[file][rank][x]square` between `start` and `end`.
fn parse_core(
    body: &[u8],
    start: usize,
    end: usize,
    role: Role,
    mode: Mode,
) -> Result<San, ParseSanError> {
    if end < start + 2 {
        return err(ParseSanErrorKind::Square, end);
    }
    let Some(to) = square_from_ascii(&body[end - 2..end]) else {
        return err(ParseSanErrorKind::Square, end - 2);
    };
    let mut prefix = &body[start..end - 2];
    let mut capture = false;
    if let Some((&last, rest)) = prefix.split_last() {
        if last == b'x' || last == b':' || last == b'-' && mode == Mode::Lenient {
            capture = last != b'-';
            prefix = rest;
        }
    }
    let (file, rank) = match *prefix {
        [] => (None, None),
        [f @ b'a'..=b'h'] => (file_from_ascii(f), None),
        [r @ b'1'..=b'8'] => (None, rank_from_ascii(r)),
        [f @ b'a'..=b'h', r @ b'1'..=b'8'] => (file_from_ascii(f), rank_from_ascii(r)),
        _ => return err(ParseSanErrorKind::Disambiguation, start),
    };
    if role == Role::Pawn && file.is_none() && (rank.is_some() || capture) {
        // `1f4` and `xf5` name no origin file: no pawn move fits, and they cannot be printed.
        return err(ParseSanErrorKind::PawnForm, start);
    }
    let strict_pawn_ok = file.is_some() == capture && rank.is_none();
    if role == Role::Pawn && mode == Mode::Strict && !strict_pawn_ok {
        return err(ParseSanErrorKind::PawnForm, start);
    }
    Ok(San::Normal {
        role,
        file,
        rank,
        capture,
        to,
        promotion: None,
    })
}

fn parse_promotion(rest: &[u8], at: usize, mode: Mode) -> Result<Option<Role>, ParseSanError> {
    let letter = match (rest, mode) {
        ([], _) => return Ok(None),
        ([b'=', c], _) => *c,
        ([b'=', ..], _) => return err(ParseSanErrorKind::Promotion, at + 1),
        ([c], Mode::Lenient) | ([b'(', c, b')'] | [b'/', c], Mode::Lenient) => *c,
        _ => return err(ParseSanErrorKind::TrailingInput, at),
    };
    let role = match mode {
        Mode::Strict => Role::from_upper_char(letter),
        Mode::Lenient => Role::from_char_any_case(letter),
    };
    match role {
        Some(role) if role.is_promotion_target() => Ok(Some(role)),
        _ => err(ParseSanErrorKind::Promotion, at + rest.len() - 1),
    }
}

fn parse_castling(body: &[u8]) -> Result<San, ParseSanError> {
    let c = body[0];
    let side = match body {
        [a, b'-', b] if *a == c && *b == c => CastlingSide::KingSide,
        [a, b'-', b, b'-', d] if *a == c && *b == c && *d == c => CastlingSide::QueenSide,
        _ => {
            let at = body
                .iter()
                .zip(b"O-O-O")
                .take_while(|(x, _)| **x == c || **x == b'-')
                .count();
            return err(ParseSanErrorKind::Castling, at);
        }
    };
    Ok(San::Castle(side))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The direct reading of common shapes gives what the general parser gives, in both
    /// modes, on every string of up to five bytes over the bytes SAN's short forms use (and
    /// some that break them): 2.6 million strings, of which the fast path takes 378.
    #[test]
    fn ok_common_shapes_as_the_general_parser() {
        let alphabet = b"aeh12378NBKPxX+#=-!";
        let mut taken = 0;
        let mut s = Vec::with_capacity(5);
        for len in 1..=5u32 {
            for mut n in 0..alphabet.len().pow(len) {
                s.clear();
                for _ in 0..len {
                    s.push(alphabet[n % alphabet.len()]);
                    n /= alphabet.len();
                }
                let Some(common) = parse_common(&s) else {
                    continue;
                };
                taken += 1;
                for mode in [Mode::Strict, Mode::Lenient] {
                    let general = parse_unchecked(&s, mode);
                    assert_eq!(general, Ok(common), "{:?}", String::from_utf8_lossy(&s));
                }
            }
        }
        assert_eq!(taken, 378);
    }

    /// Castling read directly is what the general parser reads, in both modes.
    #[test]
    fn ok_common_castling_as_the_general_parser() {
        for s in ["O-O", "O-O-O", "O-O+", "O-O-O+", "O-O#", "O-O-O#"] {
            let common = parse_common(s.as_bytes()).expect("common castling");
            for mode in [Mode::Strict, Mode::Lenient] {
                assert_eq!(parse_unchecked(s.as_bytes(), mode), Ok(common), "{s}");
            }
        }
        for s in ["O-", "O-O-", "O-O-O-O", "OO", "O-O++", "O-O!"] {
            assert_eq!(parse_common(s.as_bytes()), None, "{s}");
        }
    }

    #[test]
    fn ok_strict_round_trip() {
        for s in [
            "e4", "exd5", "Nf3", "Nbd7", "R1e2", "Qh4xe1", "e8=Q", "bxa1=N+", "O-O", "O-O-O#",
            "Kxe2!", "Nf3??", "Bb5!?", "a3?!", "Qd1+!!",
        ] {
            let san = SanPlus::from_ascii(s.as_bytes()).expect("strict san");
            assert_eq!(san.to_string(), s);
        }
    }

    #[test]
    fn ok_lenient_forms() {
        for (input, canonical) in [
            ("0-0", "O-O"),
            ("o-o-o", "O-O-O"),
            ("O\u{2013}O", "O-O"),
            ("\u{2658}f3", "Nf3"),
            ("Pe4", "e4"),
            ("Ng1-f3", "Ng1f3"),
            ("e2e4", "e2e4"),
            ("e8Q", "e8=Q"),
            ("e8=q", "e8=Q"),
            ("e8(Q)", "e8=Q"),
            ("e8b", "e8=B"),
            ("dxe1b", "dxe1=B"),
            ("exf6e.p.", "exf6"),
            ("exf6 ep", "exf6"),
            ("Qh5++", "Qh5#"),
            ("Nf3 \n", "Nf3"),
            ("e4:d5", "e4xd5"),
            ("Nf3!+", "Nf3+!"),
            ("--", "--"),
            ("Z0", "--"),
        ] {
            let san = SanPlus::from_ascii_lenient(input.as_bytes()).expect("lenient san");
            assert_eq!(san.to_string(), canonical, "{input}");
        }
    }

    #[test]
    fn err_strict_and_lenient() {
        use ParseSanErrorKind::*;
        for (input, kind, offset) in [
            ("", Empty, 0),
            ("e9", Square, 1),
            ("e8=K", Promotion, 3),
            ("e8=P", Promotion, 3),
            ("Qa1h8=K#", Promotion, 6),
            ("Qa1h8=Q#", PromotionRank, 5),
            ("??a1=B", Move, 0),
            ("Nf3!!!", Annotation, 3),
            ("bc4x", Square, 2),
            ("nf3", Move, 0),
            ("O-O-", Castling, 4),
            ("e4 e5", TrailingInput, 2),
            ("N", Square, 1),
            ("P1f4", PawnForm, 1),
            ("Pxf5", PawnForm, 1),
            ("e8", PromotionRequired, 2),
            ("exd1", PromotionRequired, 4),
            ("K+", Square, 1),
            ("x", Move, 0),
        ] {
            let e = SanPlus::from_ascii_lenient(input.as_bytes()).expect_err("lenient rejects");
            assert_eq!((*e.kind(), e.offset()), (kind, offset), "{input}");
        }
        for (input, kind) in [
            ("0-0", Move),
            ("e2e4", PawnForm),
            ("Pe4", Move),
            ("e8Q", TrailingInput),
            ("e8=q", Promotion),
            ("Nf3\n", TrailingInput),
            ("--", Move),
        ] {
            let e = SanPlus::from_ascii(input.as_bytes()).expect_err("strict rejects");
            assert_eq!(*e.kind(), kind, "{input}");
        }
        let long = "N".repeat(100_000) + "f3";
        assert_eq!(
            *SanPlus::from_ascii_lenient(long.as_bytes())
                .expect_err("too long")
                .kind(),
            TooLong
        );
    }
}
