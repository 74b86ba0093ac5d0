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
//! # Grammar
//! ```text
//! lan  = (castling | [piece] square ("-" | "x") square ["=" promotion]) [suffix] [annotation]
//! ```
//! with the pieces `N B R Q K`, promotions `N B R Q`, suffix `+`/`#` and the SAN annotations.
//! Castling is `O-O` / `O-O-O`. The lenient parser also trims whitespace, accepts castling
//! with zeros and promotion without `=` or in lower case.

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
        let lan_err = |kind, offset| Err(ParseError::new("lan", kind, offset));
        if !lenient {
            if let Some(at) = strict_violation(lan) {
                return lan_err(ParseSanErrorKind::TrailingInput, at);
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
    /// [`MoveError::Illegal`] when no legal move matches.
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
        san.to_move(pos)
    }
}

/// Strict LAN: the separator between the squares must be `-` or `x`, and only ASCII with
/// upper-case `O` castling. Returns the offset of the first violation.
fn strict_violation(lan: &[u8]) -> Option<usize> {
    if lan.starts_with(b"O-O") {
        return None;
    }
    let start = usize::from(lan.first().is_some_and(|c| b"NBRQK".contains(c)));
    match lan.get(start + 2) {
        Some(b'-' | b'x') => {}
        _ => return Some(start + 2),
    }
    let promo = lan.iter().position(|c| *c == b'=');
    let end = promo.unwrap_or(lan.len());
    lan[..end]
        .iter()
        .position(|c| !(c.is_ascii_alphanumeric() || matches!(c, b'-' | b'+' | b'#' | b'!' | b'?')))
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
        for s in ["Nf3", "e4", "Ng1f3", "e2:e4", ""] {
            assert!(s.parse::<Lan>().is_err(), "{s}");
        }
    }
}
