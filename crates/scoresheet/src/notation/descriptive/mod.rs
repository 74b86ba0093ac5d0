//! English descriptive notation, the notation of a century of English and American chess books
//! (`P-K4`, `N-KB3`, `QxP`, `PxP e.p.`, `B-N5ch`, `O-O`, `P-K8=Q`).
//!
//! ```
//! use scoresheet::descriptive::DescriptivePlus;
//! use scoresheet::Position;
//! let mut pos = Position::new();
//! let mv = "P-K4".parse::<DescriptivePlus>()?.to_move(&pos)?;
//! pos.play(mv)?;
//! // Ranks are counted from the mover's side: Black's P-K4 is e7-e5.
//! let reply = DescriptivePlus::from_ascii_lenient(b"P - K 4")?.to_move(&pos)?;
//! assert_eq!(DescriptivePlus::from_move(&pos, reply).to_string(), "P-K4");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! # The notation
//! A file is named after the piece that stands on it at the start: `QR` (a), `QN` (b), `QB`
//! (c), `Q` (d), `K` (e), `KB` (f), `KN` (g), `KR` (h), the same for both sides; `R`, `N` and
//! `B` alone name either of their two files. A rank is counted from the mover's side, `1` to
//! `8`, so White's `K4` is e4 and Black's `K4` is e5. A move names the piece and where it goes
//! (`N-KB3`), or the piece and what it takes (`NxP`); a pawn can be named by its file
//! (`QBP`, `KP`). Such a short form is read against the position: `NxP` is the one knight
//! capture of a pawn there is, and it is an error when there are several or none.
//!
//! # Strict grammar ([`DescriptivePlus::from_ascii`], `FromStr`)
//! The form [`DescriptivePlus::from_move`] writes, and the promotion in parentheses:
//! ```text
//! move      = (castling | piece-move) [" e.p."] [suffix]
//! castling  = "O-O" | "O-O-O"
//! piece-move = mover [origin] ("-" square | "x" target ["(" square ")"]) [promotion]
//! mover     = "N" | "B" | "R" | "Q" | "K" | [file] "P"
//! target    = "N" | "B" | "R" | "Q" | [file] "P"
//! origin    = "(" (rank | square) ")"
//! square    = file rank
//! file      = "K" | "Q" | ["K" | "Q"] ("R" | "N" | "B")
//! rank      = "1" - "8"
//! promotion = "=" role | "(" role ")"          ; role: "N" | "B" | "R" | "Q"
//! suffix    = "ch" | "mate"
//! annotation = "!" | "?" | "!!" | "??" | "!?" | "?!"   ; after the suffix
//! ```
//! A move assessment may follow (`RxNch!`); it is kept and written back, and resolving
//! ignores it. ` e.p.` is written only after a pawn capture; a promotion only on a pawn's move, and a
//! pawn move to the eighth rank must have one. Input is at most [`MAX_LEN`] bytes.
//!
//! # What the lenient parser ([`DescriptivePlus::from_ascii_lenient`]) also accepts
//! The forms of the old books:
//! - surrounding whitespace, and spaces or tabs between any two parts (`Kt - K B 3`,
//!   `P x P`, `Q Kt - Q 2`, as the Project Gutenberg texts print them);
//! - `Kt` for the knight, in pieces, files and promotions (`Kt-KKt3`, `QKtP`, `P-K8(Kt)`);
//! - `×` (U+00D7), `X` or `:` for `x`; Unicode dashes (U+2010 to U+2015, U+2212) for `-`;
//! - castling as `0-0`, `o-o`, spaced `O - O` and `O - O - O` (as *Chess Fundamentals*
//!   prints it), `Castles K`, `Castles KR` (king side), `Castles Q`,
//!   `Castles QR` (queen side), also with a lower-case `c`; and `Castles` alone, as the books
//!   wrote either castling ([`Descriptive::Castles`]): the one castling that is legal, an
//!   ambiguity when both are;
//! - `K.Sq.`, `K sq`, `KB Sq.` and the like for the first rank (`R-K.Sq.` is `R-K1`);
//! - a wing before a piece: `KN`, `QKt`, `KR`, `QB`, ...: the books meant the piece that
//!   started on that wing. A bishop keeps its square colour, so `KB` and `QB` name a bishop
//!   exactly. For a knight or a rook the position alone cannot always tell, so the prefix is
//!   read as: the piece on that wing's starting square (`QKt` the knight on QN1) if it can make
//!   the move, else the pieces standing on that half of the board (files a-d for `Q`, e-h
//!   for `K`); several left is an ambiguity, as always;
//! - origins and capture squares after `/` as well as in parentheses (`R/1-Q1`, `NxP/K5`);
//! - promotions as `/Q` or a bare letter (`P-K8Q`);
//! - `+`, `ch.`, `check`, `dis. ch`, `dis ch`, `dbl. ch`, `double ch` for check; `++`, `#`,
//!   `mate` for mate (a space or a `.` may come before them);
//! - `e.p.`, `ep` or `e. p.` after the move, with or without a space or a comma (`PxP, e.p.`),
//!   before or after the check.
//!
//! Neither parser reads a capture written with `-` (`N-KB3` never takes) or a move without
//! its separator.
//!
//! # Resolving
//! [`DescriptivePlus::to_move`] reads a move leniently: the legal moves it can denote are
//! those of the named piece (and pawn file or wing) from the named origin to the named square
//! (either of the two for `B3`, `N5`, `R1`), or capturing the named piece (on its named file or
//! square). `-` moves never capture, `x` moves always do, and ` e.p.` asks for an en-passant
//! capture. The check suffix is not checked. It never guesses: no match is
//! [`MoveErrorKind::Illegal`](crate::MoveErrorKind::Illegal), several are
//! [`MoveErrorKind::Ambiguous`](crate::MoveErrorKind::Ambiguous) with the candidates.
//! [`DescriptivePlus::to_move_strict`] moreover demands the form the writer gives, with the
//! right suffix.
//!
//! # Writing: the shortest form the books used
//! [`DescriptivePlus::from_move`] writes `O-O` and `O-O-O` for castling. Otherwise it tries
//! the forms below in order and writes the first that denotes this move alone among the legal
//! moves (as the lenient reader resolves it):
//! 1. the mover unqualified, then qualified: a piece by its origin, first the rank `N(2)`,
//!    then the square `N(N1)`, then the full square `N(QN1)`; a pawn by its file, first
//!    short `BPxP`, then full `KBPxP`;
//! 2. for each of these, the action: for a move, the short square (`N-B3`), then the full one
//!    (`N-KB3`); for a capture, the piece taken (`NxP`), a pawn by its short file (`NxBP`),
//!    then its full file (`NxKBP`), then the piece on its short square (`NxP(B5)`), then on its
//!    full square (`NxP(KB5)`).
//!
//! A promotion is written `=Q`, an en-passant capture ends in ` e.p.`, and the check suffix is
//! `ch`, mate `mate`, attached to the move (`B-N5ch`, `QxPmate`, `PxP e.p.ch`).

mod parse;
mod resolve;

use std::fmt;
use std::str::FromStr;

pub use parse::{ParseDescriptiveError, ParseDescriptiveErrorKind};

use crate::san::{Annotation, Suffix};
use crate::types::{CastlingSide, File, Role};

/// Longest descriptive move read, in bytes.
pub const MAX_LEN: usize = 64;

/// A side of the board: the king's (files e-h) or the queen's (files a-d).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Wing {
    /// `K`: the king's side.
    King,
    /// `Q`: the queen's side.
    Queen,
}

impl Wing {
    const fn letter(self) -> char {
        match self {
            Wing::King => 'K',
            Wing::Queen => 'Q',
        }
    }

    /// Whether `file` is on this side of the board.
    pub const fn contains(self, file: File) -> bool {
        match self {
            Wing::King => file as u8 >= 4,
            Wing::Queen => (file as u8) < 4,
        }
    }
}

/// A file named after the piece that starts on it: `K`, `Q`, `KB`, `QN`, ..., or `B`, `N`,
/// `R` for either of two files.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FileName {
    /// The piece: king, queen, rook, knight or bishop.
    pub piece: Role,
    /// The side, for a rook's, knight's or bishop's file (`None`: either; always `None` for
    /// the king's and queen's files).
    pub wing: Option<Wing>,
}

impl FileName {
    /// The full name of a file (`QN` for the b-file).
    pub const fn of(file: File) -> FileName {
        let (piece, wing) = match file {
            File::A => (Role::Rook, Some(Wing::Queen)),
            File::B => (Role::Knight, Some(Wing::Queen)),
            File::C => (Role::Bishop, Some(Wing::Queen)),
            File::D => (Role::Queen, None),
            File::E => (Role::King, None),
            File::F => (Role::Bishop, Some(Wing::King)),
            File::G => (Role::Knight, Some(Wing::King)),
            File::H => (Role::Rook, Some(Wing::King)),
        };
        FileName { piece, wing }
    }

    /// The short name of a file, without its wing (`N` for the b-file and the g-file).
    pub const fn short(file: File) -> FileName {
        FileName {
            piece: FileName::of(file).piece,
            wing: None,
        }
    }

    /// Whether this name covers `file`.
    pub fn contains(self, file: File) -> bool {
        let full = FileName::of(file);
        full.piece == self.piece && self.wing.is_none_or(|w| Some(w) == full.wing)
    }
}

/// A square: a file name and a rank counted from the mover's side (`K4`, `KB3`, `N5`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DescriptiveSquare {
    /// The file.
    pub file: FileName,
    /// The rank, 1 to 8, counted from the mover's side.
    pub rank: u8,
}

/// Where a piece moves from, when the move names it: a rank (`R(1)`) or a square (`N(N1)`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Origin {
    /// The rank, 1 to 8, counted from the mover's side.
    Rank(u8),
    /// The square.
    Square(DescriptiveSquare),
}

/// How a piece is named beyond its role.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Qualifier {
    /// A pawn by the file it stands on (`QBP`, `KP`, `NP`).
    File(FileName),
    /// A piece by the side of the board it stands on (`KN`, `QR`; lenient reading only).
    Wing(Wing),
}

/// A piece as a move names it: `N`, `P`, `KBP`, `QKt`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Designator {
    /// The role.
    pub role: Role,
    /// The file of a pawn or the wing of a piece.
    pub qualifier: Option<Qualifier>,
}

impl Designator {
    /// A piece or pawn named by its role alone.
    pub const fn role(role: Role) -> Designator {
        Designator {
            role,
            qualifier: None,
        }
    }
}

/// What a move does: goes to a square (`-K4`) or takes a piece (`xP`, `xP(K5)`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// A move to an empty square.
    To(DescriptiveSquare),
    /// A capture.
    Takes {
        /// The piece taken.
        target: Designator,
        /// The square the capture lands on, when written.
        on: Option<DescriptiveSquare>,
    },
}

/// A move in descriptive notation, without check suffix.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Descriptive {
    /// `O-O` (king side) or `O-O-O` (queen side).
    Castle(CastlingSide),
    /// `Castles` without a side, as the old books wrote either castling: the one castling
    /// that is legal (lenient reading only; written back as `Castles`).
    Castles,
    /// Any other move.
    Normal {
        /// The piece that moves.
        mover: Designator,
        /// Its origin, when written.
        origin: Option<Origin>,
        /// Where it goes or what it takes.
        action: Action,
        /// The promotion role.
        promotion: Option<Role>,
        /// Whether the move says ` e.p.`.
        en_passant: bool,
    },
}

/// A descriptive move with its check suffix (`ch`, `mate`) and a move assessment (`!`, `?`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DescriptivePlus {
    /// The move.
    pub descriptive: Descriptive,
    /// Check or mate, when written.
    pub suffix: Option<Suffix>,
    /// `!`, `?`, `!!`, `??`, `!?` or `?!` after the move, when written.
    pub annotation: Option<Annotation>,
}

impl FromStr for DescriptivePlus {
    type Err = ParseDescriptiveError;

    fn from_str(s: &str) -> Result<DescriptivePlus, ParseDescriptiveError> {
        DescriptivePlus::from_ascii(s.as_bytes())
    }
}

/// The letter of a role in this notation (`N` for the knight).
const fn letter(role: Role) -> char {
    role.upper_char()
}

impl fmt::Display for FileName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(wing) = self.wing {
            write!(f, "{}", wing.letter())?;
        }
        write!(f, "{}", letter(self.piece))
    }
}

impl fmt::Display for DescriptiveSquare {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file, self.rank)
    }
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::Rank(rank) => write!(f, "({rank})"),
            Origin::Square(square) => write!(f, "({square})"),
        }
    }
}

impl fmt::Display for Designator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.qualifier {
            Some(Qualifier::File(file)) => write!(f, "{file}")?,
            Some(Qualifier::Wing(wing)) => write!(f, "{}", wing.letter())?,
            None => {}
        }
        write!(f, "{}", letter(self.role))
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::To(square) => write!(f, "-{square}"),
            Action::Takes { target, on: None } => write!(f, "x{target}"),
            Action::Takes {
                target,
                on: Some(on),
            } => write!(f, "x{target}({on})"),
        }
    }
}

impl fmt::Display for Descriptive {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut buf = Buf::new();
        self.write_to(&mut buf);
        f.write_str(buf.as_str())
    }
}

/// A move's text built byte by byte, written with one call (cheaper than nested `write!`).
struct Buf {
    bytes: [u8; MAX_LEN],
    len: usize,
}

impl Buf {
    const fn new() -> Buf {
        Buf {
            bytes: [0; MAX_LEN],
            len: 0,
        }
    }

    fn push(&mut self, byte: u8) {
        if let Some(slot) = self.bytes.get_mut(self.len) {
            *slot = byte;
            self.len += 1;
        }
    }

    fn extend(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.push(*b);
        }
    }

    fn file(&mut self, file: FileName) {
        if let Some(wing) = file.wing {
            self.push(wing.letter() as u8);
        }
        self.push(letter(file.piece) as u8);
    }

    fn square(&mut self, square: DescriptiveSquare) {
        self.file(square.file);
        self.rank(square.rank);
    }

    fn rank(&mut self, rank: u8) {
        if rank >= 100 {
            self.push(b'0' + rank / 100);
        }
        if rank >= 10 {
            self.push(b'0' + rank / 10 % 10);
        }
        self.push(b'0' + rank % 10);
    }

    fn designator(&mut self, d: Designator) {
        match d.qualifier {
            Some(Qualifier::File(file)) => self.file(file),
            Some(Qualifier::Wing(wing)) => self.push(wing.letter() as u8),
            None => {}
        }
        self.push(letter(d.role) as u8);
    }

    fn as_str(&self) -> &str {
        // Only ASCII is pushed.
        std::str::from_utf8(&self.bytes[..self.len]).unwrap_or_default()
    }
}

impl Descriptive {
    fn write_to(&self, out: &mut Buf) {
        let Descriptive::Normal {
            mover,
            origin,
            action,
            promotion,
            en_passant,
        } = *self
        else {
            out.extend(match self {
                Descriptive::Castle(CastlingSide::KingSide) => b"O-O",
                Descriptive::Castle(CastlingSide::QueenSide) => b"O-O-O",
                _ => b"Castles",
            });
            return;
        };
        out.designator(mover);
        match origin {
            Some(Origin::Rank(rank)) => {
                out.push(b'(');
                out.rank(rank);
                out.push(b')');
            }
            Some(Origin::Square(square)) => {
                out.push(b'(');
                out.square(square);
                out.push(b')');
            }
            None => {}
        }
        match action {
            Action::To(square) => {
                out.push(b'-');
                out.square(square);
            }
            Action::Takes { target, on } => {
                out.push(b'x');
                out.designator(target);
                if let Some(on) = on {
                    out.push(b'(');
                    out.square(on);
                    out.push(b')');
                }
            }
        }
        if let Some(role) = promotion {
            out.extend(&[b'=', letter(role) as u8]);
        }
        if en_passant {
            out.extend(b" e.p.");
        }
    }
}

impl fmt::Display for DescriptivePlus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut buf = Buf::new();
        self.descriptive.write_to(&mut buf);
        f.write_str(buf.as_str())?;
        match self.suffix {
            Some(Suffix::Check) => f.write_str("ch")?,
            Some(Suffix::Checkmate) => f.write_str("mate")?,
            None => {}
        }
        match self.annotation {
            Some(annotation) => f.write_str(annotation.as_str()),
            None => Ok(()),
        }
    }
}
