//! FEN: Forsyth–Edwards Notation, with X-FEN and Shredder-FEN castling.
//!
//! ```
//! use scoresheet::fen::Fen;
//! let fen: Fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1".parse()?;
//! assert_eq!(fen.to_string(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
//! # Ok::<_, scoresheet::fen::ParseFenError>(())
//! ```
//!
//! # Grammar (strict)
//! Six fields separated by one space: piece placement (eight ranks from 8 to 1 separated by
//! `/`, each a run of piece letters `PNBRQKpnbrqk` and digits `1`-`8` covering exactly eight
//! files, never two digits in a row), side to move `w` or `b`, castling `-` or one or more of `KQkq` (the outermost rook on
//! that side of the king, X-FEN) and file letters `A`-`H`/`a`-`h` (Shredder-FEN: the rook's
//! file), en-passant square `-` or a square on rank 3 or 6, halfmove clock and fullmove number
//! (decimal, at most 9 digits).
//!
//! # What the lenient parser also accepts
//! The lenient parser repairs what real files get wrong and can still be read safely, and
//! reports each repair as a [`FenRepair`] ([`Fen::from_ascii_repaired`]):
//! - surrounding whitespace, and runs of spaces or tabs between fields;
//! - digits in a row in the placement (`44`), read as their sum when it still fits the rank;
//! - an upper-case side to move (`W`, `B`);
//! - castling rights the placement cannot have (no king on the back rank, or no rook on that
//!   side of it): dropped;
//! - a castling right written twice (`KKqq`, at most eight letters): the repeat dropped
//!   (`Kq`);
//! - the four-field EPD form: clocks default to `0 1`;
//! - a fullmove number of 0: read as 1.
//!
//! [`crate::Position::from_setup_repaired`] further drops an impossible en-passant square.
//! The lenient parser never accepts non-ASCII or control bytes, a trailing `;`, extra fields,
//! or a rank covering more or fewer than eight files. Offsets of errors and repairs are in the
//! input with its surrounding whitespace removed.
//!
//! A FEN is board-free syntax: [`Fen`] holds a [`Setup`] that may be illegal;
//! [`crate::Position::from_setup`] decides legality.

use std::fmt;
use std::str::FromStr;

use crate::position::{CastleRights, Setup};
use crate::types::{
    file_char, file_from_ascii, rank_from_ascii, Color, File, Piece, Rank, Role, Square,
};

/// A parsed FEN: a [`Setup`] (not yet checked for legality).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Fen(pub Setup);

/// What went wrong while parsing a FEN.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParseFenErrorKind {
    /// The input is empty.
    Empty,
    /// The input is longer than [`Fen::MAX_LEN`] bytes.
    TooLong,
    /// A byte that is not ASCII.
    NonAscii,
    /// A control byte (other than a tab between fields, leniently); holds the byte.
    UnexpectedByte(u8),
    /// The placement does not have exactly eight ranks.
    RankCount,
    /// A rank does not cover exactly eight files.
    RankLength,
    /// A byte that is neither a piece letter, a digit 1-8 nor `/`.
    PlacementChar,
    /// Strict: a digit right after another digit (`44` for `8`).
    AdjacentDigits,
    /// A field is missing.
    MissingField,
    /// The side to move is not `w` or `b`.
    Turn,
    /// A castling character is not `-`, `KQkq` or a file letter, or is repeated.
    Castling,
    /// A castling right names no rook (no king on the back rank, or no rook on that side).
    CastlingRook,
    /// The en-passant field is not `-` or a square on rank 3 or 6.
    EnPassant,
    /// The halfmove clock is not a number of at most 9 digits.
    HalfmoveClock,
    /// The fullmove number is not a number of at most 9 digits.
    FullmoveNumber,
    /// Something follows the last field.
    TrailingInput,
}

impl ParseFenErrorKind {
    fn message(self) -> &'static str {
        use ParseFenErrorKind::*;
        match self {
            Empty => "empty input",
            TooLong => "input too long",
            NonAscii => "non-ascii byte",
            UnexpectedByte(_) => "unexpected control byte",
            RankCount => "expected eight ranks separated by '/'",
            RankLength => "expected a rank of exactly eight squares",
            PlacementChar => "expected a piece letter, a digit 1-8 or '/'",
            AdjacentDigits => "expected a piece letter or '/' after a digit (write 8, not 44)",
            MissingField => "missing field",
            Turn => "expected side to move 'w' or 'b'",
            Castling => "expected castling '-' or letters from KQkq and A-H/a-h, each once",
            CastlingRook => {
                "castling right without a king on the back rank and a rook on that side"
            }
            EnPassant => "expected en-passant square '-' or a square on rank 3 or 6",
            HalfmoveClock => "expected halfmove clock (a number)",
            FullmoveNumber => "expected fullmove number (a number)",
            TrailingInput => "unexpected input after the last field",
        }
    }
}

/// A FEN syntax error: what was expected and the byte offset where parsing stopped.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ParseFenError {
    kind: ParseFenErrorKind,
    offset: usize,
}

impl ParseFenError {
    /// What went wrong.
    pub const fn kind(&self) -> ParseFenErrorKind {
        self.kind
    }

    /// The byte offset in the input where the problem was found.
    pub const fn offset(&self) -> usize {
        self.offset
    }
}

impl fmt::Display for ParseFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid fen at byte {}: ", self.offset)?;
        match self.kind {
            ParseFenErrorKind::UnexpectedByte(b) => {
                write!(f, "unexpected byte {}", crate::notation::EscapedByte(b))
            }
            kind => f.write_str(kind.message()),
        }
    }
}

impl std::error::Error for ParseFenError {}

/// A change the lenient FEN parser made to read its input (see the module docs). `Display`
/// says what was changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FenRepair {
    /// Whitespace before or after the FEN was removed.
    Trimmed,
    /// The separator before the field at this offset was not one space (several, or tabs).
    Separator {
        /// Byte offset of the field after the separator.
        offset: usize,
    },
    /// Digits in a row in the placement were read as their sum.
    AdjacentDigits {
        /// Byte offset of the first digit.
        offset: usize,
        /// The sum of the digits: the number of empty squares read.
        sum: u8,
    },
    /// The side to move was written in upper case.
    UpperCaseTurn,
    /// A castling right the placement cannot have (no king on the back rank, or no rook on
    /// that side of it) was dropped.
    CastlingDropped {
        /// Byte offset of the castling character.
        offset: usize,
        /// The castling character as written.
        right: u8,
    },
    /// A castling right written again (`KKqq`): the repeat was dropped.
    CastlingRepeated {
        /// Byte offset of the repeated castling character.
        offset: usize,
        /// The castling character as written.
        right: u8,
    },
    /// The halfmove clock and fullmove number were missing (EPD form): `0 1` was used.
    ClocksMissing,
    /// A fullmove number of 0 was read as 1.
    FullmoveZero,
    /// An en-passant square no double pawn push can have left was dropped.
    EnPassantDropped {
        /// The square as written.
        square: Square,
    },
}

impl fmt::Display for FenRepair {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            FenRepair::Trimmed => f.write_str("removed whitespace around the fen"),
            FenRepair::Separator { offset } => write!(
                f,
                "read the separator before byte {offset} (not one space) as one space"
            ),
            FenRepair::AdjacentDigits { offset, sum } => {
                write!(f, "read the digits in a row at byte {offset} as {sum}")
            }
            FenRepair::UpperCaseTurn => f.write_str("read the upper-case side to move as lower case"),
            FenRepair::CastlingDropped { offset, right } => write!(
                f,
                "dropped castling right '{}' at byte {offset}: no king on the back rank with a rook on that side",
                char::from(right)
            ),
            FenRepair::CastlingRepeated { offset, right } => write!(
                f,
                "dropped castling right '{}' at byte {offset}: written twice",
                char::from(right)
            ),
            FenRepair::ClocksMissing => {
                f.write_str("no halfmove clock and fullmove number: used 0 1")
            }
            FenRepair::FullmoveZero => f.write_str("read fullmove number 0 as 1"),
            FenRepair::EnPassantDropped { square } => write!(
                f,
                "dropped en-passant square {square}: no pawn just made a double push there"
            ),
        }
    }
}

/// Which input forms the parser accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Strictness {
    Strict,
    Lenient,
}

impl Fen {
    /// Longest input accepted, in bytes.
    pub const MAX_LEN: usize = 256;

    /// Parses a FEN strictly (see the module docs).
    ///
    /// # Errors
    /// [`ParseFenError`] with the byte offset where the input stopped making sense.
    pub fn from_ascii(fen: &[u8]) -> Result<Fen, ParseFenError> {
        parse_with(fen, Strictness::Strict, &mut Vec::new())
    }

    /// Parses a FEN leniently (see the module docs).
    ///
    /// # Errors
    /// [`ParseFenError`] with the byte offset where the input stopped making sense.
    pub fn from_ascii_lenient(fen: &[u8]) -> Result<Fen, ParseFenError> {
        Fen::from_ascii_repaired(fen).map(|(fen, _)| fen)
    }

    /// Parses a FEN leniently, like [`Fen::from_ascii_lenient`], and says what it repaired
    /// (in input order; empty when the input was strict FEN).
    ///
    /// # Errors
    /// [`ParseFenError`] with the byte offset where the input stopped making sense.
    pub fn from_ascii_repaired(fen: &[u8]) -> Result<(Fen, Vec<FenRepair>), ParseFenError> {
        let mut repairs = Vec::new();
        let fen = parse_with(fen, Strictness::Lenient, &mut repairs)?;
        Ok((fen, repairs))
    }

    /// The setup this FEN describes.
    pub fn into_setup(self) -> Setup {
        self.0
    }
}

impl FromStr for Fen {
    type Err = ParseFenError;

    fn from_str(s: &str) -> Result<Fen, ParseFenError> {
        Fen::from_ascii(s.as_bytes())
    }
}

struct Fields<'a, 'r> {
    input: &'a [u8],
    pos: usize,
    strictness: Strictness,
    repairs: &'r mut Vec<FenRepair>,
}

impl<'a> Fields<'a, '_> {
    fn err(&self, kind: ParseFenErrorKind) -> ParseFenError {
        ParseFenError {
            kind,
            offset: self.pos,
        }
    }

    /// Consumes the separator before a field; `Ok(false)` at the end of input.
    fn separator(&mut self) -> Result<bool, ParseFenError> {
        if self.pos == self.input.len() {
            return Ok(false);
        }
        let start = self.pos;
        while self.pos < self.input.len() && matches!(self.input[self.pos], b' ' | b'\t') {
            self.pos += 1;
            if self.strictness == Strictness::Strict {
                break;
            }
        }
        if self.pos == start || self.input[start] != b' ' && self.strictness == Strictness::Strict {
            self.pos = start;
            return Err(self.err(ParseFenErrorKind::TrailingInput));
        }
        if self.input[start..self.pos] != *b" " && self.pos < self.input.len() {
            self.repairs.push(FenRepair::Separator { offset: self.pos });
        }
        Ok(self.pos < self.input.len())
    }

    /// The next field (up to a space or tab), with its offset.
    fn field(&mut self) -> (&'a [u8], usize) {
        let start = self.pos;
        while self.pos < self.input.len() && !matches!(self.input[self.pos], b' ' | b'\t') {
            self.pos += 1;
        }
        (&self.input[start..self.pos], start)
    }

    fn required(&mut self) -> Result<(&'a [u8], usize), ParseFenError> {
        if !self.separator()? {
            return Err(self.err(ParseFenErrorKind::MissingField));
        }
        Ok(self.field())
    }
}

fn parse_with(
    input: &[u8],
    strictness: Strictness,
    repairs: &mut Vec<FenRepair>,
) -> Result<Fen, ParseFenError> {
    let trimmed = match strictness {
        Strictness::Strict => input,
        Strictness::Lenient => input.trim_ascii(),
    };
    if trimmed.len() != input.len() {
        repairs.push(FenRepair::Trimmed);
    }
    let input = trimmed;
    check_bytes(input)?;
    let mut fields = Fields {
        input,
        pos: 0,
        strictness,
        repairs,
    };
    let (placement, _) = fields.field();
    let mut setup = Setup::empty();
    parse_placement(placement, strictness, &mut setup, fields.repairs)?;
    let (turn, at) = fields.required()?;
    setup.turn = parse_turn(turn, strictness).ok_or(at_err(ParseFenErrorKind::Turn, at))?;
    if turn.iter().any(u8::is_ascii_uppercase) {
        fields.repairs.push(FenRepair::UpperCaseTurn);
    }
    let (castling, at) = fields.required()?;
    setup.castling = parse_castling(castling, &setup, at, fields.strictness, fields.repairs)?;
    let (ep, at) = fields.required()?;
    setup.ep_square = parse_ep(ep).ok_or(at_err(ParseFenErrorKind::EnPassant, at))?;
    parse_clocks(&mut fields, &mut setup)?;
    Ok(Fen(setup))
}

fn parse_clocks(fields: &mut Fields<'_, '_>, setup: &mut Setup) -> Result<(), ParseFenError> {
    if fields.strictness == Strictness::Lenient && !fields.separator()? {
        fields.repairs.push(FenRepair::ClocksMissing);
        return Ok(());
    }
    let (half, at) = match fields.strictness {
        Strictness::Strict => fields.required()?,
        Strictness::Lenient => fields.field(),
    };
    setup.halfmove_clock =
        parse_number(half).ok_or(at_err(ParseFenErrorKind::HalfmoveClock, at))?;
    let (full, at) = fields.required()?;
    setup.fullmove_number =
        parse_number(full).ok_or(at_err(ParseFenErrorKind::FullmoveNumber, at))?;
    if setup.fullmove_number == 0 && fields.strictness == Strictness::Lenient {
        setup.fullmove_number = 1;
        fields.repairs.push(FenRepair::FullmoveZero);
    }
    if fields.separator()? || fields.pos < fields.input.len() {
        return Err(fields.err(ParseFenErrorKind::TrailingInput));
    }
    Ok(())
}

const fn at_err(kind: ParseFenErrorKind, offset: usize) -> ParseFenError {
    ParseFenError { kind, offset }
}

fn check_bytes(input: &[u8]) -> Result<(), ParseFenError> {
    if input.is_empty() {
        return Err(at_err(ParseFenErrorKind::Empty, 0));
    }
    if input.len() > Fen::MAX_LEN {
        return Err(at_err(ParseFenErrorKind::TooLong, Fen::MAX_LEN));
    }
    match input
        .iter()
        .position(|b| !b.is_ascii() || b.is_ascii_control() && *b != b'\t')
    {
        Some(at) if input[at].is_ascii() => {
            Err(at_err(ParseFenErrorKind::UnexpectedByte(input[at]), at))
        }
        Some(at) => Err(at_err(ParseFenErrorKind::NonAscii, at)),
        None => Ok(()),
    }
}

fn parse_placement(
    placement: &[u8],
    strictness: Strictness,
    setup: &mut Setup,
    repairs: &mut Vec<FenRepair>,
) -> Result<(), ParseFenError> {
    let mut offset: usize = 0;
    let mut ranks = 0;
    for (index, row) in placement.split(|b| *b == b'/').enumerate() {
        let rank = Rank::try_index(7usize.wrapping_sub(index)).ok_or(at_err(
            ParseFenErrorKind::RankCount,
            offset.saturating_sub(1),
        ))?;
        digit_runs(row, offset, strictness, repairs)?;
        parse_rank(row, rank, offset, setup)?;
        offset += row.len() + 1;
        ranks += 1;
    }
    if ranks != 8 {
        return Err(at_err(ParseFenErrorKind::RankCount, placement.len()));
    }
    Ok(())
}

/// Strict: refuses two digits in a row. Lenient: reports each run of digits as a repair (the
/// rank is then read with the run as its sum, and refused if that overflows the rank).
fn digit_runs(
    row: &[u8],
    offset: usize,
    strictness: Strictness,
    repairs: &mut Vec<FenRepair>,
) -> Result<(), ParseFenError> {
    let mut i = 0;
    while i < row.len() {
        let run = row[i..]
            .iter()
            .take_while(|b| matches!(b, b'1'..=b'8'))
            .count();
        if run > 1 {
            if strictness == Strictness::Strict {
                return Err(at_err(ParseFenErrorKind::AdjacentDigits, offset + i + 1));
            }
            let sum: usize = row[i..i + run].iter().map(|d| usize::from(d - b'0')).sum();
            let sum = u8::try_from(sum).unwrap_or(u8::MAX);
            repairs.push(FenRepair::AdjacentDigits {
                offset: offset + i,
                sum,
            });
        }
        i += run.max(1);
    }
    Ok(())
}

fn parse_rank(
    row: &[u8],
    rank: Rank,
    offset: usize,
    setup: &mut Setup,
) -> Result<(), ParseFenError> {
    let mut file = 0usize;
    for (i, &c) in row.iter().enumerate() {
        let at = offset + i;
        if let b'1'..=b'8' = c {
            file += usize::from(c - b'0');
        } else if let Some(piece) = Piece::from_char(c) {
            let f = File::try_index(file).ok_or(at_err(ParseFenErrorKind::RankLength, at))?;
            setup.set(Square::new(f, rank), Some(piece));
            file += 1;
        } else {
            return Err(at_err(ParseFenErrorKind::PlacementChar, at));
        }
        if file > 8 {
            return Err(at_err(ParseFenErrorKind::RankLength, at));
        }
    }
    if file != 8 {
        return Err(at_err(ParseFenErrorKind::RankLength, offset + row.len()));
    }
    Ok(())
}

fn parse_turn(field: &[u8], strictness: Strictness) -> Option<Color> {
    match (field, strictness) {
        (b"w", _) | (b"W", Strictness::Lenient) => Some(Color::White),
        (b"b", _) | (b"B", Strictness::Lenient) => Some(Color::Black),
        _ => None,
    }
}

fn parse_castling(
    field: &[u8],
    setup: &Setup,
    at: usize,
    strictness: Strictness,
    repairs: &mut Vec<FenRepair>,
) -> Result<[CastleRights; 2], ParseFenError> {
    let mut rights = [CastleRights::EMPTY; 2];
    if field == b"-" {
        return Ok(rights);
    }
    let longest = match strictness {
        Strictness::Strict => 4,
        // Each of the four rights written twice.
        Strictness::Lenient => 8,
    };
    if field.is_empty() || field.len() > longest {
        return Err(at_err(ParseFenErrorKind::Castling, at));
    }
    for (i, &c) in field.iter().enumerate() {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let (side, file) = match castling_rook(c, color, setup) {
            Ok(found) => found,
            Err(ParseFenErrorKind::CastlingRook) if strictness == Strictness::Lenient => {
                let right = c;
                repairs.push(FenRepair::CastlingDropped {
                    offset: at + i,
                    right,
                });
                continue;
            }
            Err(kind) => return Err(at_err(kind, at + i)),
        };
        let slot = match side {
            Side::Short => &mut rights[color as usize].short,
            Side::Long => &mut rights[color as usize].long,
        };
        match *slot {
            None => *slot = Some(file),
            Some(held) if held == file && strictness == Strictness::Lenient => {
                repairs.push(FenRepair::CastlingRepeated {
                    offset: at + i,
                    right: c,
                });
            }
            Some(_) => return Err(at_err(ParseFenErrorKind::Castling, at + i)),
        }
    }
    Ok(rights)
}

enum Side {
    Short,
    Long,
}

/// Resolves one castling character to the side and the rook's file.
fn castling_rook(c: u8, color: Color, setup: &Setup) -> Result<(Side, File), ParseFenErrorKind> {
    let back = Rank::First.relative_to(color);
    let king_file = File::ALL.into_iter().find(|f| {
        setup.piece_at(Square::new(*f, back))
            == Some(Piece {
                color,
                role: Role::King,
            })
    });
    let rook = Piece {
        color,
        role: Role::Rook,
    };
    let is_rook = |f: &File| setup.piece_at(Square::new(*f, back)) == Some(rook);
    match c.to_ascii_lowercase() {
        b'k' => {
            let king = king_file.ok_or(ParseFenErrorKind::CastlingRook)?;
            let file = File::ALL
                .into_iter()
                .rev()
                .take_while(|f| *f > king)
                .find(is_rook);
            Ok((Side::Short, file.ok_or(ParseFenErrorKind::CastlingRook)?))
        }
        b'q' => {
            let king = king_file.ok_or(ParseFenErrorKind::CastlingRook)?;
            let file = File::ALL
                .into_iter()
                .take_while(|f| *f < king)
                .find(is_rook);
            Ok((Side::Long, file.ok_or(ParseFenErrorKind::CastlingRook)?))
        }
        lower => {
            let file = file_from_ascii(lower).ok_or(ParseFenErrorKind::Castling)?;
            let king = king_file.ok_or(ParseFenErrorKind::CastlingRook)?;
            match file.cmp(&king) {
                std::cmp::Ordering::Greater => Ok((Side::Short, file)),
                std::cmp::Ordering::Less => Ok((Side::Long, file)),
                std::cmp::Ordering::Equal => Err(ParseFenErrorKind::CastlingRook),
            }
        }
    }
}

fn parse_ep(field: &[u8]) -> Option<Option<Square>> {
    match field {
        b"-" => Some(None),
        [f, r @ (b'3' | b'6')] => Some(Some(Square::new(
            file_from_ascii(*f)?,
            rank_from_ascii(*r)?,
        ))),
        _ => None,
    }
}

fn parse_number(field: &[u8]) -> Option<u32> {
    if field.is_empty() || field.len() > 9 || !field.iter().all(u8::is_ascii_digit) {
        return None;
    }
    Some(field.iter().fold(0, |n, d| n * 10 + u32::from(d - b'0')))
}

/// How castling rights are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum CastlingFormat {
    /// `KQkq` for the outermost rooks, a file letter (X-FEN) only when another rook stands
    /// between king and castling rook.
    #[default]
    XFen,
    /// Always the rook's file letter (Shredder-FEN): `HAha`.
    Shredder,
}

/// Writes a setup as FEN.
pub(crate) fn write_setup(
    f: &mut dyn fmt::Write,
    setup: &Setup,
    castling: CastlingFormat,
) -> fmt::Result {
    write_placement(f, setup)?;
    f.write_char(' ')?;
    f.write_char(match setup.turn {
        Color::White => 'w',
        Color::Black => 'b',
    })?;
    f.write_char(' ')?;
    write_castling(f, setup, castling)?;
    match setup.ep_square {
        Some(sq) => write!(f, " {sq}")?,
        None => f.write_str(" -")?,
    }
    write!(f, " {} {}", setup.halfmove_clock, setup.fullmove_number)
}

fn write_placement(f: &mut dyn fmt::Write, setup: &Setup) -> fmt::Result {
    for rank in Rank::ALL.into_iter().rev() {
        let mut empty = 0u8;
        for file in File::ALL {
            match setup.piece_at(Square::new(file, rank)) {
                Some(piece) => {
                    if empty > 0 {
                        f.write_char(char::from(b'0' + empty))?;
                        empty = 0;
                    }
                    f.write_char(piece.char())?;
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            f.write_char(char::from(b'0' + empty))?;
        }
        if rank != Rank::First {
            f.write_char('/')?;
        }
    }
    Ok(())
}

fn write_castling(f: &mut dyn fmt::Write, setup: &Setup, format: CastlingFormat) -> fmt::Result {
    let mut any = false;
    for color in Color::ALL {
        let rights = setup.castle_rights(color);
        for (file, side) in [(rights.short, Side::Short), (rights.long, Side::Long)] {
            let Some(file) = file else { continue };
            let c = castling_char(setup, color, file, side, format);
            f.write_char(match color {
                Color::White => c.to_ascii_uppercase(),
                Color::Black => c,
            })?;
            any = true;
        }
    }
    if !any {
        f.write_char('-')?;
    }
    Ok(())
}

/// The lower-case castling letter of one right.
fn castling_char(
    setup: &Setup,
    color: Color,
    file: File,
    side: Side,
    format: CastlingFormat,
) -> char {
    if format == CastlingFormat::Shredder {
        return file_char(file);
    }
    let back = Rank::First.relative_to(color);
    let rook = Some(Piece {
        color,
        role: Role::Rook,
    });
    let is_rook = |f: &File| setup.piece_at(Square::new(*f, back)) == rook;
    let outermost = match side {
        Side::Short => File::ALL.into_iter().rev().find(is_rook),
        Side::Long => File::ALL.into_iter().find(is_rook),
    };
    match (outermost == Some(file), side) {
        (true, Side::Short) => 'k',
        (true, Side::Long) => 'q',
        (false, _) => file_char(file),
    }
}

impl fmt::Display for Fen {
    /// Writes the FEN with X-FEN castling.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_setup(f, &self.0, CastlingFormat::XFen)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn ok_round_trip() {
        for fen in [
            START,
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            "4k3/8/8/8/8/8/8/4K3 w - - 12 80",
            "rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gkq - 4 11",
        ] {
            let parsed: Fen = fen.parse().expect("valid fen");
            assert_eq!(parsed.to_string(), fen);
        }
        let parsed: Fen = START.parse().expect("valid fen");
        assert_eq!(parsed.0, Setup::startpos());
    }

    #[test]
    fn ok_lenient_forms() {
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
            "  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR  W\tKQkq - 0 1\n",
        ] {
            let parsed = Fen::from_ascii_lenient(fen.as_bytes()).expect("lenient fen");
            assert_eq!(parsed.to_string(), START);
            assert!(Fen::from_ascii(fen.as_bytes()).is_err());
        }
    }

    #[test]
    fn ok_lenient_repairs_reported() {
        use FenRepair::*;
        let cases: &[(&str, &str, &[FenRepair])] = &[
            (START, START, &[]),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
                START,
                &[ClocksMissing],
            ),
            (
                " rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR  W\tKQkq - 0 1\n",
                START,
                &[
                    Trimmed,
                    Separator { offset: 45 },
                    UpperCaseTurn,
                    Separator { offset: 47 },
                ],
            ),
            (
                "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 0",
                "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
                &[
                    CastlingDropped {
                        offset: 22,
                        right: b'K',
                    },
                    CastlingDropped {
                        offset: 23,
                        right: b'Q',
                    },
                    CastlingDropped {
                        offset: 24,
                        right: b'k',
                    },
                    CastlingDropped {
                        offset: 25,
                        right: b'q',
                    },
                    FullmoveZero,
                ],
            ),
            (
                "r3k3/8/8/8/8/8/8/R3K3 w KQkq - 3 9",
                "r3k3/8/8/8/8/8/8/R3K3 w Qq - 3 9",
                &[
                    CastlingDropped {
                        offset: 24,
                        right: b'K',
                    },
                    CastlingDropped {
                        offset: 26,
                        right: b'k',
                    },
                ],
            ),
            (
                "44/8/8/8/8/8/8/4K2k w - - 0 1",
                "8/8/8/8/8/8/8/4K2k w - - 0 1",
                &[AdjacentDigits { offset: 0, sum: 8 }],
            ),
            (
                "4k3/8/8/8/8/8/8/3K112 w - - 0 1",
                "4k3/8/8/8/8/8/8/3K4 w - - 0 1",
                &[AdjacentDigits { offset: 18, sum: 4 }],
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKqq - 0 1",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kq - 0 1",
                &[
                    CastlingRepeated {
                        offset: 47,
                        right: b'K',
                    },
                    CastlingRepeated {
                        offset: 49,
                        right: b'q',
                    },
                ],
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqKQkq - 0 1",
                START,
                &[
                    CastlingRepeated {
                        offset: 50,
                        right: b'K',
                    },
                    CastlingRepeated {
                        offset: 51,
                        right: b'Q',
                    },
                    CastlingRepeated {
                        offset: 52,
                        right: b'k',
                    },
                    CastlingRepeated {
                        offset: 53,
                        right: b'q',
                    },
                ],
            ),
        ];
        for (input, want, repairs) in cases {
            let (fen, got) = Fen::from_ascii_repaired(input.as_bytes()).expect("repairable fen");
            assert_eq!(fen.to_string(), *want, "{input}");
            assert_eq!(got, *repairs, "{input}");
            if !repairs.is_empty() {
                assert!(
                    Fen::from_ascii(input.as_bytes()).is_err(),
                    "strict refuses {input}"
                );
            }
        }
    }

    #[test]
    fn err_lenient_digits_overflowing_the_rank() {
        for (fen, offset) in [
            ("45/8/8/8/8/8/8/4K2k w - - 0 1", 1),
            ("4k3/8/8/8/8/8/8/4K22 w - - 0 1", 19),
        ] {
            let err = Fen::from_ascii_lenient(fen.as_bytes()).expect_err("overflowing rank");
            assert_eq!(
                (err.kind(), err.offset()),
                (ParseFenErrorKind::RankLength, offset),
                "{fen}"
            );
        }
    }

    #[test]
    fn ok_repair_messages() {
        for (repair, want) in [
            (FenRepair::FullmoveZero, "read fullmove number 0 as 1"),
            (
                FenRepair::CastlingRepeated { offset: 47, right: b'K' },
                "dropped castling right 'K' at byte 47: written twice",
            ),
            (
                FenRepair::CastlingDropped { offset: 22, right: b'K' },
                "dropped castling right 'K' at byte 22: no king on the back rank with a rook on that side",
            ),
            (
                FenRepair::AdjacentDigits { offset: 0, sum: 8 },
                "read the digits in a row at byte 0 as 8",
            ),
            (
                FenRepair::EnPassantDropped { square: Square::E3 },
                "dropped en-passant square e3: no pawn just made a double push there",
            ),
        ] {
            assert_eq!(repair.to_string(), want);
        }
    }

    #[test]
    fn err_kinds_and_offsets() {
        use ParseFenErrorKind::*;
        for (fen, kind, offset) in [
            ("", Empty, 0),
            ("8/8/8/8/8/8/8/8/8 w - - 0 1", RankCount, 15),
            (
                "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                RankLength,
                16,
            ),
            (
                "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                PlacementChar,
                18,
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqX - 0 1",
                Castling,
                46,
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",
                HalfmoveClock,
                53,
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;",
                FullmoveNumber,
                55,
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x",
                TrailingInput,
                57,
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
                MissingField,
                52,
            ),
            ("4k3/8/8/8/8/8/8/4K3 w K - 0 1", CastlingRook, 22),
            ("44/8/8/8/8/8/8/4K2k w - - 0 1", AdjacentDigits, 1),
            ("8/8/8/8/8/8/8/71 w - - 0 1", AdjacentDigits, 15),
            ("4k3/8/8/8/8/8/8/3K13 w - - 0 1", AdjacentDigits, 19),
            ("4k3/8/8/8/8/8/8/4K12 w - - 0 1", AdjacentDigits, 19),
            ("17/8/8/8/8/8/8/4K2k w - - 0 1", AdjacentDigits, 1),
        ] {
            let err = Fen::from_ascii(fen.as_bytes()).expect_err("invalid fen");
            assert_eq!((err.kind(), err.offset()), (kind, offset), "{fen}");
        }
    }
}
