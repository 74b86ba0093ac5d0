//! SAN: Standard Algebraic Notation (`e4`, `Nbd7`, `exd8=Q+`, `O-O-O#`).
//!
//! ```
//! use scoresheet::{san::{San, SanPlus}, Position};
//! let pos = Position::new();
//! let mv = "Nf3".parse::<San>()?.to_move(&pos)?;
//! assert_eq!(SanPlus::from_move(&pos, mv).to_string(), "Nf3");
//! // The lenient parser reads what real PGN files contain.
//! let mv2 = SanPlus::from_ascii_lenient(b"Ng1-f3")?.san.to_move(&pos)?;
//! assert_eq!(mv, mv2);
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! [`San`] is the move itself, [`SanPlus`] adds the check/mate [`Suffix`] and a trailing
//! [`Annotation`]. Both are board-free: parsing needs no position.
//!
//! `FromStr` (`"Nf3".parse::<San>()`) is the strict parser, as for every notation: `"0-0"`
//! and `"e8Q"` do not parse that way; read them with [`SanPlus::from_ascii_lenient`].
//!
//! # Strict grammar ([`SanPlus::from_ascii`])
//! ```text
//! san        = (castling | piece-move | pawn-move) [suffix] [annotation]
//! castling   = "O-O" | "O-O-O"
//! piece-move = ("N" | "B" | "R" | "Q" | "K") [file] [rank] ["x"] square
//! pawn-move  = [file "x"] square ["=" ("N" | "B" | "R" | "Q")]
//! suffix     = "+" | "#"
//! annotation = "!" | "?" | "!!" | "??" | "!?" | "?!"
//! ```
//! Input is at most [`MAX_LEN`] bytes. Resolving strictly ([`SanPlus::to_move_strict`])
//! further demands the canonical form: the capture marker exactly when the move captures,
//! the minimal disambiguation (file, else rank, else square; pinned pieces do not count), and
//! the suffix the position after the move calls for.
//!
//! # What the lenient parser ([`SanPlus::from_ascii_lenient`]) also accepts
//! - surrounding ASCII whitespace;
//! - castling with zeros or lower-case `o` (`0-0`, `o-o-o`) and Unicode dashes (U+2010 to
//!   U+2015, U+2212) between them;
//! - figurine piece symbols U+2654 to U+265F for either colour (`♘f3`);
//! - an explicit pawn letter `P` (`Pe4`), and `-` or `:` for the capture marker (`Ng1-f3`,
//!   `e4:d5`);
//! - pawn moves with a from-square or a file without `x` (`e2e4`, `ed5`);
//! - promotion without `=`, with a lower-case letter, or as `(Q)` / `/Q` (`e8Q`, `e8=q`);
//! - the suffixes `e.p.`, `ep`, `++` (read as mate) and any order of suffix and annotation;
//! - the null moves `--`, `Z0` and `0000` ([`San::Null`]).
//!
//! Both parsers reject a pawn move to the first or last rank without a promotion piece, and a
//! pawn move that names a rank or a capture but no origin file (`3d4`, `Pxe5`): no pawn move
//! fits them, and they could not be written back.
//!
//! Resolving leniently ([`San::to_move`]) ignores the capture marker and the suffix, and
//! accepts more disambiguation than needed. It never guesses: a move matching no legal move
//! is refused with [`MoveErrorKind::Illegal`](crate::MoveErrorKind::Illegal), one matching several with
//! [`MoveErrorKind::Ambiguous`](crate::MoveErrorKind::Ambiguous) and the
//! candidates, and a lower-case `b` is always a pawn file, never a bishop.
//!
//! # Policy decisions
//! - A king's two-square move written as a king move (`Kg1`) is not castling: rejected.
//! - Zero-width and full-width characters are not normalised: rejected.
//! - A SAN longer than [`MAX_LEN`] bytes is rejected before it is read.

mod parse;
mod resolve;
mod write;

use std::fmt;
use std::str::FromStr;

pub use parse::{ParseSanError, ParseSanErrorKind};
pub use resolve::suffix_after;

use crate::types::{CastlingSide, File, Rank, Role, Square};

/// Longest SAN input read, in bytes.
pub const MAX_LEN: usize = 64;

/// A SAN move, without check suffix or annotation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum San {
    /// A piece or pawn move.
    Normal {
        /// The role that moves.
        role: Role,
        /// The origin file, when given.
        file: Option<File>,
        /// The origin rank, when given.
        rank: Option<Rank>,
        /// Whether the move is written as a capture.
        capture: bool,
        /// The destination square.
        to: Square,
        /// The promotion role.
        promotion: Option<Role>,
    },
    /// Castling.
    Castle(CastlingSide),
    /// A null move (`--` in PGN).
    Null,
}

/// Check or mate, written after the move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Suffix {
    /// `+`
    Check,
    /// `#`
    Checkmate,
}

/// A move assessment written at the end of a SAN.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Annotation {
    /// `!`
    Good,
    /// `?`
    Mistake,
    /// `!!`
    Brilliant,
    /// `??`
    Blunder,
    /// `!?`
    Interesting,
    /// `?!`
    Dubious,
}

impl Annotation {
    /// The annotation as written.
    pub const fn as_str(self) -> &'static str {
        match self {
            Annotation::Good => "!",
            Annotation::Mistake => "?",
            Annotation::Brilliant => "!!",
            Annotation::Blunder => "??",
            Annotation::Interesting => "!?",
            Annotation::Dubious => "?!",
        }
    }

    /// The annotation of its text.
    pub fn from_ascii(s: &[u8]) -> Option<Annotation> {
        Some(match s {
            b"!" => Annotation::Good,
            b"?" => Annotation::Mistake,
            b"!!" => Annotation::Brilliant,
            b"??" => Annotation::Blunder,
            b"!?" => Annotation::Interesting,
            b"?!" => Annotation::Dubious,
            _ => return None,
        })
    }

    /// The numeric annotation glyph (NAG) of the PGN standard: `!` is `$1` ... `?!` is `$6`.
    pub const fn nag(self) -> u8 {
        match self {
            Annotation::Good => 1,
            Annotation::Mistake => 2,
            Annotation::Brilliant => 3,
            Annotation::Blunder => 4,
            Annotation::Interesting => 5,
            Annotation::Dubious => 6,
        }
    }
}

/// A SAN move with its check/mate suffix and annotation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SanPlus {
    /// The move.
    pub san: San,
    /// `+` or `#`, when written.
    pub suffix: Option<Suffix>,
    /// `!`, `?`, ..., when written.
    pub annotation: Option<Annotation>,
}

impl San {
    /// Parses strict SAN, ignoring a suffix and annotation (see the module docs).
    ///
    /// # Errors
    /// [`ParseSanError`] with the byte offset and what was expected.
    pub fn from_ascii(san: &[u8]) -> Result<San, ParseSanError> {
        SanPlus::from_ascii(san).map(|s| s.san)
    }

    /// Writes the move with castling as `0-0` / `0-0-0` instead of `O-O`.
    pub fn display_with_zeros(&self) -> impl fmt::Display + '_ {
        WithZeros(self)
    }

    fn write(&self, f: &mut fmt::Formatter<'_>, castle_char: u8) -> fmt::Result {
        let mut out = Vec::with_capacity(8);
        self.write_with_castle_char(&mut out, castle_char);
        f.write_str(std::str::from_utf8(&out).map_err(|_| fmt::Error)?)
    }
}

struct WithZeros<'a>(&'a San);

impl fmt::Display for WithZeros<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write(f, b'0')
    }
}

impl fmt::Display for San {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, b'O')
    }
}

/// The strict parser, [`San::from_ascii`] (`"0-0"` is refused; see the module docs).
impl FromStr for San {
    type Err = ParseSanError;

    fn from_str(s: &str) -> Result<San, ParseSanError> {
        San::from_ascii(s.as_bytes())
    }
}

impl SanPlus {
    /// Writes the move with castling as `0-0` / `0-0-0` instead of `O-O`.
    pub fn display_with_zeros(&self) -> impl fmt::Display + '_ {
        PlusWithZeros(self)
    }

    fn write_rest(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = Vec::with_capacity(3);
        self.write_rest_to(&mut out);
        f.write_str(std::str::from_utf8(&out).map_err(|_| fmt::Error)?)
    }
}

struct PlusWithZeros<'a>(&'a SanPlus);

impl fmt::Display for PlusWithZeros<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.san.write(f, b'0')?;
        self.0.write_rest(f)
    }
}

impl fmt::Display for SanPlus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.san.write(f, b'O')?;
        self.write_rest(f)
    }
}

/// The strict parser, [`SanPlus::from_ascii`].
impl FromStr for SanPlus {
    type Err = ParseSanError;

    fn from_str(s: &str) -> Result<SanPlus, ParseSanError> {
        SanPlus::from_ascii(s.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ok_from_str_is_strict_lenient_reads_the_rest() {
        for (input, canonical) in [
            ("0-0", "O-O"),
            ("0-0-0", "O-O-O"),
            ("e8Q", "e8=Q"),
            ("Pe4", "e4"),
        ] {
            let err = input.parse::<San>().expect_err("strict FromStr");
            assert_eq!(err.notation(), "san", "{input}");
            assert!(input.parse::<SanPlus>().is_err(), "{input}");
            let lenient = SanPlus::from_ascii_lenient(input.as_bytes()).expect("lenient");
            assert_eq!(lenient.san.to_string(), canonical);
        }
        for input in ["O-O", "O-O-O", "e8=Q", "e4", "Nf3"] {
            let san = input.parse::<San>().expect("strict san");
            assert_eq!(san.to_string(), input);
        }
    }
}
