//! LAN: long algebraic notation as python-chess writes it (`Ng1-f3`, `e2-e4`, `Bb5xc6`,
//! `e7xd8=Q+`, `O-O`).
//!
//! ```
//! use scoresheet::{lan::Lan, Position};
//! let pos = Position::new();
//! let mv = "Ng1-f3".parse::<Lan>()?.to_move(&pos)?;
//! assert_eq!(Lan::from_move(&pos, mv).to_string(), "Ng1-f3");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! # Grammar (strict, [`Lan::from_ascii`] and `FromStr`)
//! ```text
//! lan        = (castling | [piece] square ("-" | "x") square ["=" promotion]) [suffix] [annotation]
//! castling   = "O-O" | "O-O-O"
//! piece      = "N" | "B" | "R" | "Q" | "K"
//! promotion  = "N" | "B" | "R" | "Q"
//! suffix     = "+" | "#"
//! annotation = "!" | "?" | "!!" | "??" | "!?" | "?!"
//! ```
//! Squares are a lower-case file and a rank (`e2`). Nothing else is accepted: no whitespace,
//! no lower-case promotion (`e7-e8q`), no `++` and no `e.p.`/`ep` suffix. As in SAN, a pawn
//! reaching the last rank must promote, and only a pawn promotes.
//!
//! # What the lenient parser ([`Lan::from_ascii_lenient`]) also accepts
//! It reads the input as lenient SAN ([`SanPlus::from_ascii_lenient`], see [`crate::san`])
//! and demands the full origin square. So it also accepts surrounding whitespace, no
//! separator or `:` between the squares (`Ng1f3`, `e4:d5`), castling with zeros or lower-case
//! `o`, a promotion without `=` or in lower case (`e7-e8q`), `++` (read as mate), `e.p.`/`ep`,
//! figurines and a `P` for pawns.

use std::fmt;
use std::str::FromStr;

use crate::chess_move::Move;
use crate::notation::san::{Annotation, ParseSanError, ParseSanErrorKind, San, SanPlus, Suffix};
use crate::notation::{MoveError, ParseError};
use crate::position::Position;
use crate::types::{CastlingSide, Role, Square};

/// A move in long algebraic notation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Lan {
    /// The move: a piece or pawn move with both squares, or castling.
    pub kind: LanKind,
    /// `+` or `#`.
    pub suffix: Option<Suffix>,
    /// `!`, `?`, ...
    pub annotation: Option<Annotation>,
}

/// The move part of a [`Lan`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LanKind {
    /// A piece or pawn move.
    Normal {
        /// The role that moves.
        role: Role,
        /// Origin square.
        from: Square,
        /// Whether written as a capture (`x`).
        capture: bool,
        /// Destination square.
        to: Square,
        /// Promotion role.
        promotion: Option<Role>,
    },
    /// Castling.
    Castle(CastlingSide),
}

/// A LAN syntax error (the SAN error kinds, naming `lan`).
pub type ParseLanError = ParseSanError;

impl Lan {
    /// Parses strict LAN.
    ///
    /// # Errors
    /// [`ParseLanError`] with the byte offset and what was expected.
    pub fn from_ascii(lan: &[u8]) -> Result<Lan, ParseLanError> {
        Lan::parse(lan, SanPlus::from_ascii_lenient, false)
    }

    /// Parses LAN leniently.
    ///
    /// # Errors
    /// [`ParseLanError`] with the byte offset and what was expected.
    pub fn from_ascii_lenient(lan: &[u8]) -> Result<Lan, ParseLanError> {
        Lan::parse(lan, SanPlus::from_ascii_lenient, true)
    }

    fn parse(
        lan: &[u8],
        san_parser: fn(&[u8]) -> Result<SanPlus, ParseSanError>,
        lenient: bool,
    ) -> Result<Lan, ParseLanError> {
        Lan::parse_unchecked(lan, san_parser, lenient).map_err(|e| {
            let input = if lenient { lan.trim_ascii() } else { lan };
            e.or_control_byte(input, ParseSanErrorKind::UnexpectedByte)
        })
    }

    fn parse_unchecked(
        lan: &[u8],
        san_parser: fn(&[u8]) -> Result<SanPlus, ParseSanError>,
        lenient: bool,
    ) -> Result<Lan, ParseLanError> {
        let lan_err = |kind, offset| Err(ParseError::new("lan", kind, offset));
        if !lenient && !lan.is_empty() {
            if let Some((kind, at)) = strict_violation(lan) {
                return lan_err(kind, at);
            }
        }
        let plus = san_parser(lan).map_err(|e| ParseError::new("lan", *e.kind(), e.offset()))?;
        let kind = match plus.san {
            San::Castle(side) => LanKind::Castle(side),
            San::Normal {
                role,
                file: Some(f),
                rank: Some(r),
                capture,
                to,
                promotion,
            } => LanKind::Normal {
                role,
                from: Square::new(f, r),
                capture,
                to,
                promotion,
            },
            _ => return lan_err(ParseSanErrorKind::Disambiguation, 0),
        };
        Ok(Lan {
            kind,
            suffix: plus.suffix,
            annotation: plus.annotation,
        })
    }

    /// The LAN of a legal move, with the suffix from the position after it.
    pub fn from_move(pos: &Position, mv: Move) -> Lan {
        let plus = SanPlus::from_move(pos, mv);
        let kind = match mv.castling_side() {
            Some(side) => LanKind::Castle(side),
            None => LanKind::Normal {
                role: mv.role(),
                from: mv.from(),
                capture: mv.is_capture(),
                to: mv.to(),
                promotion: mv.promotion(),
            },
        };
        Lan {
            kind,
            suffix: plus.suffix,
            annotation: None,
        }
    }

    /// The legal move this LAN denotes (the capture marker and suffix are not checked).
    ///
    /// # Errors
    /// [`MoveError`] with the reason [`MoveErrorKind::Illegal`] when no legal move matches.
    ///
    /// [`MoveErrorKind::Illegal`]: crate::MoveErrorKind::Illegal
    pub fn to_move(self, pos: &Position) -> Result<Move, MoveError> {
        let san = match self.kind {
            LanKind::Castle(side) => San::Castle(side),
            LanKind::Normal {
                role,
                from,
                capture,
                to,
                promotion,
            } => San::Normal {
                role,
                file: Some(from.file()),
                rank: Some(from.rank()),
                capture,
                to,
                promotion,
            },
        };
        san.find(pos)
            .map_err(|kind| MoveError::new("lan", &self, pos, kind))
    }
}

/// Checks the strict grammar (see the module docs); the kind and offset of the first byte
/// that does not fit it.
fn strict_violation(lan: &[u8]) -> Option<(ParseSanErrorKind, usize)> {
    use ParseSanErrorKind as K;
    let i = if lan.starts_with(b"O-O-O") {
        5
    } else if lan.starts_with(b"O-O") {
        3
    } else {
        let mut i = usize::from(matches!(lan[0], b'N' | b'B' | b'R' | b'Q' | b'K'));
        if !is_square(lan, i) {
            return Some((K::Disambiguation, i));
        }
        if !matches!(lan.get(i + 2), Some(b'-' | b'x')) {
            return Some((K::Separator, i + 2));
        }
        i += 3;
        if !is_square(lan, i) {
            return Some((K::Square, i));
        }
        i += 2;
        if lan.get(i) == Some(&b'=') {
            if !matches!(lan.get(i + 1), Some(b'N' | b'B' | b'R' | b'Q')) {
                return Some((K::Promotion, i + 1));
            }
            i += 2;
        }
        i
    };
    strict_tail(lan, i)
}

/// `[suffix] [annotation]` from `i` to the end.
fn strict_tail(lan: &[u8], mut i: usize) -> Option<(ParseSanErrorKind, usize)> {
    if matches!(lan.get(i), Some(b'+' | b'#')) {
        i += 1;
    }
    let rest = &lan[i..];
    if rest.is_empty() || Annotation::from_ascii(rest).is_some() {
        return None;
    }
    let kind = match rest[0] {
        b'!' | b'?' => ParseSanErrorKind::Annotation,
        _ => ParseSanErrorKind::TrailingInput,
    };
    Some((kind, i))
}

fn is_square(lan: &[u8], at: usize) -> bool {
    matches!(lan.get(at..at + 2), Some([b'a'..=b'h', b'1'..=b'8']))
}

impl FromStr for Lan {
    type Err = ParseLanError;

    fn from_str(s: &str) -> Result<Lan, ParseLanError> {
        Lan::from_ascii(s.as_bytes())
    }
}

impl fmt::Display for Lan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            LanKind::Castle(CastlingSide::KingSide) => f.write_str("O-O")?,
            LanKind::Castle(CastlingSide::QueenSide) => f.write_str("O-O-O")?,
            LanKind::Normal {
                role,
                from,
                capture,
                to,
                promotion,
            } => {
                if role != Role::Pawn {
                    write!(f, "{}", role.upper_char())?;
                }
                write!(f, "{from}{}{to}", if capture { 'x' } else { '-' })?;
                if let Some(p) = promotion {
                    write!(f, "={}", p.upper_char())?;
                }
            }
        }
        match self.suffix {
            Some(Suffix::Check) => f.write_str("+")?,
            Some(Suffix::Checkmate) => f.write_str("#")?,
            None => {}
        }
        match self.annotation {
            Some(a) => f.write_str(a.as_str()),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ok_round_trip() {
        for s in [
            "Ng1-f3", "e2-e4", "Bb5xc6", "e7xd8=Q+", "O-O", "O-O-O#", "Ke1-e2!",
        ] {
            let lan: Lan = s.parse().expect("valid lan");
            assert_eq!(lan.to_string(), s);
        }
    }

    #[test]
    fn err_strict() {
        use ParseSanErrorKind::*;
        for (s, kind, offset) in [
            ("", Empty, 0),
            ("Nf3", Separator, 3),
            ("e4", Separator, 2),
            ("Ng1f3", Separator, 3),
            ("e2:e4", Separator, 2),
            ("e7-e8q", TrailingInput, 5),
            ("e7-e8=q", Promotion, 6),
            ("e7-e8=K", Promotion, 6),
            ("Qd1-h5++", TrailingInput, 7),
            ("e5-f6ep", TrailingInput, 5),
            ("e5xf6 e.p.", TrailingInput, 5),
            ("Ng1-f3!!!", Annotation, 6),
            ("0-0", Disambiguation, 0),
            (" e2-e4", Disambiguation, 0),
            ("e2-e4 ", TrailingInput, 5),
            ("O-O-O-O", TrailingInput, 5),
            ("Ng1-f", Square, 4),
            ("e7-e8", PromotionRequired, 5),
            ("Ng7-g8=Q", PromotionRank, 6),
        ] {
            let err = s.parse::<Lan>().expect_err("strict lan refuses");
            assert_eq!(
                (*err.kind(), err.offset(), err.notation()),
                (kind, offset, "lan"),
                "{s}"
            );
        }
    }

    #[test]
    fn ok_lenient_only() {
        for (s, canonical) in [
            ("e7-e8q", "e7-e8=Q"),
            ("Qd1-h5++", "Qd1-h5#"),
            ("e5-f6ep", "e5-f6"),
            ("Ng1f3", "Ng1-f3"),
            ("0-0-0", "O-O-O"),
            (" e2-e4\n", "e2-e4"),
        ] {
            let lan = Lan::from_ascii_lenient(s.as_bytes()).expect("lenient lan");
            assert_eq!(lan.to_string(), canonical, "{s}");
        }
    }
}
