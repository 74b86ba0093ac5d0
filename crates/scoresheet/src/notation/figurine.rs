//! Figurine algebraic notation (FAN): SAN with piece symbols instead of letters (`♘f3`,
//! `♕xd8+`, `e8=♕`, `♞c6`).
//!
//! ```
//! use scoresheet::figurine::{FigurineSan, Glyphs, GlyphChoice};
//! use scoresheet::Position;
//! let pos = Position::new();
//! let fan: FigurineSan = "♘f3".parse()?;
//! let mv = fan.to_move(&pos)?;
//! assert_eq!(FigurineSan::from_move(&pos, mv, GlyphChoice::Black).to_string(), "♞f3");
//! // Black glyphs are read too, and remembered for writing back.
//! assert_eq!("♞f3".parse::<FigurineSan>()?.glyphs, Glyphs::Black);
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! The Unicode Miscellaneous Symbols block has a glyph per piece and colour: White `♔♕♖♗♘♙`
//! (U+2654 to U+2659) and Black `♚♛♜♝♞♟` (U+265A to U+265F). Books write one set for both
//! sides (usually the white one); the writer's set is the caller's choice ([`GlyphChoice`]):
//! white glyphs, black glyphs, or the colour of the side to move.
//!
//! # Strict grammar ([`FigurineSan::from_ascii`], `FromStr`)
//! Strict SAN ([`crate::san`]) with every piece letter replaced by its figurine, of one colour
//! throughout (`♘xd8`, `e8=♕`, `♚e7`, `O-O`). A piece letter (`Nf3`), a pawn figurine
//! (`♙e4`) and figurines of both colours in one move are refused.
//!
//! # What the lenient parser ([`FigurineSan::from_ascii_lenient`]) also accepts
//! Everything lenient SAN accepts, read the same way ([`SanPlus::from_ascii_lenient`]):
//! surrounding whitespace, castling with zeros, a pawn figurine or `P` (`♙e4`), Unicode dashes,
//! `e.p.`, `++`, ... And: piece letters and figurines of both colours mixed in one move
//! (`♙e8=♛`, `♟e1=Q`). The move remembers the colour of its first figurine.
//!
//! Error offsets are byte offsets in the original input (a figurine is three bytes).

use std::fmt;
use std::str::FromStr;

use super::rewrite::{dash_at, figurine, figurine_at, write_san, Rewritten};
use super::san::{ParseSanError, ParseSanErrorKind, SanPlus, MAX_LEN};
use super::{MoveError, ParseError};
use crate::chess_move::Move;
use crate::position::Position;
use crate::types::{Color, Role};

/// The notation's name in errors.
const NAME: &str = "figurine";

/// The glyph set of a figurine move: `♘` (White) or `♞` (Black).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Glyphs {
    /// `♔♕♖♗♘`, the usual book style for both sides.
    #[default]
    White,
    /// `♚♛♜♝♞`.
    Black,
}

/// Which glyphs the writer uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum GlyphChoice {
    /// White glyphs for both sides.
    #[default]
    White,
    /// Black glyphs for both sides.
    Black,
    /// The glyphs of the side that moves.
    SideToMove,
}

impl GlyphChoice {
    /// The glyphs for a move by `turn`.
    pub const fn glyphs(self, turn: Color) -> Glyphs {
        match (self, turn) {
            (GlyphChoice::White, _) | (GlyphChoice::SideToMove, Color::White) => Glyphs::White,
            (GlyphChoice::Black, _) | (GlyphChoice::SideToMove, Color::Black) => Glyphs::Black,
        }
    }
}

impl Glyphs {
    const fn color(self) -> Color {
        match self {
            Glyphs::White => Color::White,
            Glyphs::Black => Color::Black,
        }
    }

    /// The figurine of a role in this set (`♘` or `♞` for a knight).
    pub const fn symbol(self, role: Role) -> &'static str {
        figurine(role, self.color())
    }
}

/// A SAN move written with figurines, and the glyph set it is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FigurineSan {
    /// The move, as SAN.
    pub san: SanPlus,
    /// The glyphs it is written with.
    pub glyphs: Glyphs,
}

/// A figurine SAN syntax error (the SAN error kinds, naming `figurine`).
pub type ParseFigurineError = ParseSanError;

impl FigurineSan {
    /// Parses strict figurine SAN (see the module docs).
    ///
    /// # Errors
    /// [`ParseFigurineError`] with the byte offset in `fan` and what was expected.
    pub fn from_ascii(fan: &[u8]) -> Result<FigurineSan, ParseFigurineError> {
        FigurineSan::parse(fan, false)
    }

    /// Parses figurine SAN leniently (see the module docs).
    ///
    /// # Errors
    /// [`ParseFigurineError`] with the byte offset in `fan` and what was expected.
    pub fn from_ascii_lenient(fan: &[u8]) -> Result<FigurineSan, ParseFigurineError> {
        FigurineSan::parse(fan, true)
    }

    fn parse(fan: &[u8], lenient: bool) -> Result<FigurineSan, ParseFigurineError> {
        if fan.len() > MAX_LEN {
            return Err(ParseError::new(NAME, ParseSanErrorKind::TooLong, MAX_LEN));
        }
        let (rewritten, glyphs) = rewrite(fan, lenient)?;
        let san = if lenient {
            SanPlus::from_ascii_lenient(rewritten.as_bytes())
        } else {
            SanPlus::from_ascii(rewritten.as_bytes())
        };
        match san {
            Ok(san) => Ok(FigurineSan {
                san,
                glyphs: glyphs.unwrap_or_default(),
            }),
            Err(e) => Err(rewritten.remap(e, NAME)),
        }
    }

    /// The canonical figurine SAN of a legal move, with the glyphs `choice` gives.
    pub fn from_move(pos: &Position, mv: Move, choice: GlyphChoice) -> FigurineSan {
        FigurineSan {
            san: SanPlus::from_move(pos, mv),
            glyphs: choice.glyphs(pos.turn()),
        }
    }

    /// The legal move this denotes, read as [`San::to_move`](crate::san::San::to_move) reads
    /// SAN (leniently).
    ///
    /// # Errors
    /// [`MoveError`] naming `figurine`: `Illegal`, `Ambiguous` with the candidates, `Null`.
    pub fn to_move(self, pos: &Position) -> Result<Move, MoveError> {
        self.san
            .san
            .find(pos)
            .map_err(|kind| MoveError::new(NAME, &self, pos, kind))
    }

    /// The legal move this denotes, read strictly as
    /// [`SanPlus::to_move_strict`] reads SAN (canonical form, right suffix).
    ///
    /// # Errors
    /// As [`SanPlus::to_move_strict`], naming `figurine`.
    pub fn to_move_strict(self, pos: &Position) -> Result<Move, MoveError> {
        self.san
            .to_move_strict(pos)
            .map_err(|e| MoveError::new(NAME, &self, pos, e.into_kind()))
    }
}

/// Rewrites figurines into letters; returns the rewrite and the colour of the first figurine.
fn rewrite(fan: &[u8], lenient: bool) -> Result<(Rewritten, Option<Glyphs>), ParseFigurineError> {
    let (start, input) = if lenient {
        let trimmed = fan.trim_ascii_start();
        (fan.len() - trimmed.len(), trimmed.trim_ascii_end())
    } else {
        (0, fan)
    };
    let mut out = Rewritten::new();
    let mut glyphs: Option<Glyphs> = None;
    let mut i = 0;
    while i < input.len() {
        let at = start + i;
        if let Some((role, color, len)) = figurine_at(&input[i..]) {
            let this = match color {
                Color::White => Glyphs::White,
                Color::Black => Glyphs::Black,
            };
            let mixed = glyphs.is_some_and(|g| g != this);
            if !lenient && (mixed || role == Role::Pawn) {
                return Err(ParseError::new(NAME, ParseSanErrorKind::Figurine, at));
            }
            glyphs.get_or_insert(this);
            out.push(role.upper_char() as u8, at);
            i += len;
        } else if let Some(len) = dash_at(&input[i..]).filter(|_| lenient) {
            out.push(b'-', at);
            i += len;
        } else if !lenient && matches!(input[i], b'P' | b'N' | b'B' | b'R' | b'Q' | b'K') {
            return Err(ParseError::new(NAME, ParseSanErrorKind::Figurine, at));
        } else {
            out.push(input[i], at);
            i += 1;
        }
    }
    out.finish(start + input.len());
    Ok((out, glyphs))
}

/// The strict parser, [`FigurineSan::from_ascii`].
impl FromStr for FigurineSan {
    type Err = ParseFigurineError;

    fn from_str(s: &str) -> Result<FigurineSan, ParseFigurineError> {
        FigurineSan::from_ascii(s.as_bytes())
    }
}

impl fmt::Display for FigurineSan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let glyphs = self.glyphs;
        write_san(&self.san, &|role| glyphs.symbol(role), f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::CastlingMode;

    #[test]
    fn ok_strict_round_trip() {
        for (text, glyphs) in [
            ("♘f3", Glyphs::White),
            ("♕xd8+", Glyphs::White),
            ("e8=♕", Glyphs::White),
            ("♞c6", Glyphs::Black),
            ("exd1=♛#", Glyphs::Black),
            ("♖a1xa8!?", Glyphs::White),
            ("O-O-O", Glyphs::White),
            ("e4", Glyphs::White),
        ] {
            let fan: FigurineSan = text.parse().expect("strict figurine");
            assert_eq!(fan.glyphs, glyphs, "{text}");
            assert_eq!(fan.to_string(), text);
        }
    }

    #[test]
    fn ok_lenient_forms() {
        for (text, canonical) in [
            ("  ♘f3 ", "♘f3"),
            ("♙e4", "e4"),
            ("Nf3", "♘f3"),
            ("♙e8=♛", "e8=♕"),
            ("♟e1=Q", "e1=♛"),
            ("0-0", "O-O"),
            ("O\u{2013}O", "O-O"),
            ("♘g1\u{2013}f3", "♘g1f3"),
            ("exd6 e.p.", "exd6"),
        ] {
            let fan = FigurineSan::from_ascii_lenient(text.as_bytes()).expect("lenient");
            assert_eq!(fan.to_string(), canonical, "{text}");
        }
    }

    #[test]
    fn err_offsets_in_the_original_input() {
        use ParseSanErrorKind::*;
        for (text, kind, offset) in [
            ("Nf3", Figurine, 0),
            ("♙e4", Figurine, 0),
            ("♘xd8=♛", Figurine, 7),
            ("♘f9", Square, 4),
            ("♘♘f3", Square, 3),
            ("e8=♔", Promotion, 3),
            ("♘f3 ", TrailingInput, 5),
            ("", Empty, 0),
        ] {
            let e = FigurineSan::from_ascii(text.as_bytes()).expect_err("strict refuses");
            assert_eq!(
                (*e.kind(), e.offset(), e.notation()),
                (kind, offset, "figurine"),
                "{text}"
            );
        }
        let e = FigurineSan::from_ascii_lenient("  ♘f9".as_bytes()).expect_err("bad square");
        assert_eq!((*e.kind(), e.offset()), (Square, 6));
    }

    #[test]
    fn ok_glyph_choice_and_resolution() {
        let pos = Position::from_fen(
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
            CastlingMode::Standard,
        )
        .expect("legal fen");
        let mv = FigurineSan::from_ascii("♗b5".as_bytes())
            .expect("figurine")
            .to_move_strict(&pos)
            .expect("legal");
        for (choice, want) in [
            (GlyphChoice::White, "♗b5"),
            (GlyphChoice::Black, "♝b5"),
            (GlyphChoice::SideToMove, "♗b5"),
        ] {
            assert_eq!(FigurineSan::from_move(&pos, mv, choice).to_string(), want);
        }
        let err = FigurineSan::from_ascii("♘c4".as_bytes())
            .expect("figurine")
            .to_move(&pos)
            .expect_err("no knight reaches c4");
        assert_eq!(err.notation(), "figurine");
        assert_eq!(err.text(), "♘c4");
    }
}
