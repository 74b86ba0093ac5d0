//! Reading and writing SAN and LAN with other piece symbols (figurines, a language's letters):
//! the input is rewritten into ASCII SAN for the SAN parser, remembering where each byte came
//! from so that an error points into the original input; output goes through one writer that
//! takes the piece symbols as a function.

use std::fmt;

use super::lan::{Lan, LanKind};
use super::san::{San, SanPlus, Suffix, MAX_LEN};
use super::ParseError;
use crate::types::{CastlingSide, Color, Role};

/// Input rewritten into ASCII SAN, with the original offset of every byte.
#[derive(Debug)]
pub(crate) struct Rewritten {
    buf: [u8; MAX_LEN],
    from: [u8; MAX_LEN + 1],
    len: usize,
}

impl Rewritten {
    /// An empty rewrite.
    pub(crate) const fn new() -> Rewritten {
        Rewritten {
            buf: [0; MAX_LEN],
            from: [0; MAX_LEN + 1],
            len: 0,
        }
    }

    /// Appends `byte`, which stands for the input from offset `at`. Callers rewrite at most
    /// [`MAX_LEN`] input bytes and never lengthen them, so the buffer cannot overflow; a byte
    /// past it is dropped (and the parse then fails on the shortened input).
    pub(crate) fn push(&mut self, byte: u8, at: usize) {
        if self.len < MAX_LEN {
            self.buf[self.len] = byte;
            self.from[self.len] = u8::try_from(at).unwrap_or(u8::MAX);
            self.len += 1;
        }
    }

    /// Ends the rewrite: `end` is the original offset just past the rewritten input.
    pub(crate) fn finish(&mut self, end: usize) {
        self.from[self.len] = u8::try_from(end).unwrap_or(u8::MAX);
    }

    /// The rewritten bytes.
    pub(crate) fn as_bytes(&self) -> &[u8] {
        &self.buf[..self.len]
    }

    /// The original offset of rewritten offset `offset`.
    pub(crate) fn original(&self, offset: usize) -> usize {
        usize::from(self.from[offset.min(self.len)])
    }

    /// A parse error of the rewritten input as an error of the original, in `notation`.
    pub(crate) fn remap<K>(&self, e: ParseError<K>, notation: &'static str) -> ParseError<K> {
        ParseError::new(notation, e.kind, self.original(e.offset))
    }
}

/// The role and colour of a figurine U+2654 to U+265F at the start of `input`, and its length.
pub(crate) fn figurine_at(input: &[u8]) -> Option<(Role, Color, usize)> {
    const ROLES: [Role; 6] = [
        Role::King,
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
        Role::Pawn,
    ];
    match input {
        [0xe2, 0x99, c @ 0x94..=0x9f, ..] => {
            let index = usize::from(c - 0x94);
            let color = if index < 6 {
                Color::White
            } else {
                Color::Black
            };
            Some((ROLES[index % 6], color, 3))
        }
        _ => None,
    }
}

/// The length of a Unicode dash (U+2010 to U+2015, U+2212) at the start of `input`.
pub(crate) fn dash_at(input: &[u8]) -> Option<usize> {
    match input {
        [0xe2, 0x80, 0x90..=0x95, ..] | [0xe2, 0x88, 0x92, ..] => Some(3),
        _ => None,
    }
}

/// The figurine of a role: `♔♕♖♗♘♙` for White, `♚♛♜♝♞♟` for Black.
pub(crate) const fn figurine(role: Role, color: Color) -> &'static str {
    const WHITE: [&str; 6] = ["♙", "♘", "♗", "♖", "♕", "♔"];
    const BLACK: [&str; 6] = ["♟", "♞", "♝", "♜", "♛", "♚"];
    match color {
        Color::White => WHITE[role as usize],
        Color::Black => BLACK[role as usize],
    }
}

/// Writes a SAN with the piece symbols of `symbol` (never asked for a pawn).
pub(crate) fn write_san(
    san: &SanPlus,
    symbol: &dyn Fn(Role) -> &'static str,
    f: &mut dyn fmt::Write,
) -> fmt::Result {
    match san.san {
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => {
            if role != Role::Pawn {
                f.write_str(symbol(role))?;
            }
            if let Some(file) = file {
                f.write_char(char::from(b'a' + file as u8))?;
            }
            if let Some(rank) = rank {
                f.write_char(char::from(b'1' + rank as u8))?;
            }
            if capture {
                f.write_char('x')?;
            }
            write!(f, "{to}")?;
            if let Some(role) = promotion {
                write!(f, "={}", symbol(role))?;
            }
        }
        San::Castle(side) => write_castle(side, f)?,
        San::Null => f.write_str("--")?,
    }
    write_rest(san.suffix, san.annotation, f)
}

/// Writes a LAN with the piece symbols of `symbol` (never asked for a pawn).
pub(crate) fn write_lan(
    lan: &Lan,
    symbol: &dyn Fn(Role) -> &'static str,
    f: &mut dyn fmt::Write,
) -> fmt::Result {
    match lan.kind {
        LanKind::Castle(side) => write_castle(side, f)?,
        LanKind::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } => {
            if role != Role::Pawn {
                f.write_str(symbol(role))?;
            }
            write!(f, "{from}{}{to}", if capture { 'x' } else { '-' })?;
            if let Some(role) = promotion {
                write!(f, "={}", symbol(role))?;
            }
        }
    }
    write_rest(lan.suffix, lan.annotation, f)
}

fn write_castle(side: CastlingSide, f: &mut dyn fmt::Write) -> fmt::Result {
    f.write_str(match side {
        CastlingSide::KingSide => "O-O",
        CastlingSide::QueenSide => "O-O-O",
    })
}

fn write_rest(
    suffix: Option<Suffix>,
    annotation: Option<super::san::Annotation>,
    f: &mut dyn fmt::Write,
) -> fmt::Result {
    match suffix {
        Some(Suffix::Check) => f.write_char('+')?,
        Some(Suffix::Checkmate) => f.write_char('#')?,
        None => {}
    }
    match annotation {
        Some(a) => f.write_str(a.as_str()),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ok_figurines_both_ways() {
        for role in Role::ALL {
            for color in [Color::White, Color::Black] {
                let glyph = figurine(role, color);
                assert_eq!(
                    figurine_at(glyph.as_bytes()),
                    Some((role, color, 3)),
                    "{glyph}"
                );
            }
        }
        assert_eq!(
            figurine_at("\u{2654}".as_bytes()),
            Some((Role::King, Color::White, 3))
        );
        assert_eq!(
            figurine_at("\u{265f}".as_bytes()),
            Some((Role::Pawn, Color::Black, 3))
        );
        assert_eq!(figurine_at("\u{2660}".as_bytes()), None);
        assert_eq!(figurine_at(&[0xe2, 0x99]), None);
    }

    #[test]
    fn ok_offsets_point_into_the_original() {
        let mut r = Rewritten::new();
        r.push(b'N', 2);
        r.push(b'f', 5);
        r.push(b'3', 6);
        r.finish(7);
        assert_eq!(r.as_bytes(), b"Nf3");
        assert_eq!([0, 1, 2, 3, 9].map(|i| r.original(i)), [2, 5, 6, 7, 7]);
    }
}
