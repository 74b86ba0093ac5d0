//! Vocabulary types: [`Role`], [`Piece`], [`CastlingSide`], and the square types re-exported
//! from cozy-chess ([`Color`], [`File`], [`Rank`], [`Square`], [`BitBoard`]).
//!
//! `Role` is the kind of a piece (pawn, knight, ...), `Piece` is a colour plus a role.

use std::fmt;

pub use cozy_chess::{BitBoard, Color, File, Rank, Square};

/// The kind of a chess piece, without colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Role {
    /// A pawn.
    Pawn,
    /// A knight.
    Knight,
    /// A bishop.
    Bishop,
    /// A rook.
    Rook,
    /// A queen.
    Queen,
    /// A king.
    King,
}

impl Role {
    /// All roles, from pawn to king.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// The roles a pawn may promote to, in the order queen, rook, bishop, knight.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    /// The upper-case letter of the role: `P`, `N`, `B`, `R`, `Q`, `K`.
    pub const fn upper_char(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            Role::Queen => 'Q',
            Role::King => 'K',
        }
    }

    /// The English name in lower case: `pawn`, `knight`, `bishop`, `rook`, `queen`, `king`.
    pub const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
        }
    }

    /// The lower-case letter of the role: `p`, `n`, `b`, `r`, `q`, `k`.
    pub const fn char(self) -> char {
        self.upper_char().to_ascii_lowercase()
    }

    /// The role of an upper-case letter (`P`, `N`, `B`, `R`, `Q`, `K`).
    pub const fn from_upper_char(c: u8) -> Option<Role> {
        Some(match c {
            b'P' => Role::Pawn,
            b'N' => Role::Knight,
            b'B' => Role::Bishop,
            b'R' => Role::Rook,
            b'Q' => Role::Queen,
            b'K' => Role::King,
            _ => return None,
        })
    }

    /// The role of a letter of either case.
    pub const fn from_char_any_case(c: u8) -> Option<Role> {
        Role::from_upper_char(c.to_ascii_uppercase())
    }

    /// Whether a pawn may promote to this role in standard chess.
    pub const fn is_promotion_target(self) -> bool {
        matches!(self, Role::Knight | Role::Bishop | Role::Rook | Role::Queen)
    }

    /// This role as a cozy-chess piece kind.
    pub const fn to_cozy(self) -> cozy_chess::Piece {
        match self {
            Role::Pawn => cozy_chess::Piece::Pawn,
            Role::Knight => cozy_chess::Piece::Knight,
            Role::Bishop => cozy_chess::Piece::Bishop,
            Role::Rook => cozy_chess::Piece::Rook,
            Role::Queen => cozy_chess::Piece::Queen,
            Role::King => cozy_chess::Piece::King,
        }
    }

    /// The role of a cozy-chess piece kind.
    pub const fn from_cozy(piece: cozy_chess::Piece) -> Role {
        match piece {
            cozy_chess::Piece::Pawn => Role::Pawn,
            cozy_chess::Piece::Knight => Role::Knight,
            cozy_chess::Piece::Bishop => Role::Bishop,
            cozy_chess::Piece::Rook => Role::Rook,
            cozy_chess::Piece::Queen => Role::Queen,
            cozy_chess::Piece::King => Role::King,
        }
    }
}

impl fmt::Display for Role {
    /// Writes the upper-case letter.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.upper_char())
    }
}

/// A piece: a colour and a role.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The colour of the piece.
    pub color: Color,
    /// The kind of the piece.
    pub role: Role,
}

impl Piece {
    /// The FEN letter: upper case for White, lower case for Black.
    pub const fn char(self) -> char {
        match self.color {
            Color::White => self.role.upper_char(),
            Color::Black => self.role.char(),
        }
    }

    /// The piece of a FEN letter (`K` is a white king, `q` a black queen).
    pub const fn from_char(c: u8) -> Option<Piece> {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        match Role::from_char_any_case(c) {
            Some(role) => Some(Piece { color, role }),
            None => None,
        }
    }
}

impl fmt::Display for Piece {
    /// Writes the FEN letter.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// The side of the board a king castles to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CastlingSide {
    /// Castling towards the h-file (`O-O`).
    KingSide,
    /// Castling towards the a-file (`O-O-O`).
    QueenSide,
}

impl CastlingSide {
    /// Both sides, king side first.
    pub const ALL: [CastlingSide; 2] = [CastlingSide::KingSide, CastlingSide::QueenSide];

    /// The file the king lands on: g or c.
    pub const fn king_to_file(self) -> File {
        match self {
            CastlingSide::KingSide => File::G,
            CastlingSide::QueenSide => File::C,
        }
    }

    /// The file the rook lands on: f or d.
    pub const fn rook_to_file(self) -> File {
        match self {
            CastlingSide::KingSide => File::F,
            CastlingSide::QueenSide => File::D,
        }
    }
}

/// The byte of a file letter `a`..`h`.
pub(crate) const fn file_from_ascii(c: u8) -> Option<File> {
    match c {
        b'a'..=b'h' => Some(File::index_const((c - b'a') as usize)),
        _ => None,
    }
}

/// The byte of a rank digit `1`..`8`.
pub(crate) const fn rank_from_ascii(c: u8) -> Option<Rank> {
    match c {
        b'1'..=b'8' => Some(Rank::index_const((c - b'1') as usize)),
        _ => None,
    }
}

/// The letter of a file.
pub(crate) const fn file_char(file: File) -> char {
    (b'a' + file as u8) as char
}

/// Parses a square from two bytes such as `e4`.
pub(crate) fn square_from_ascii(bytes: &[u8]) -> Option<Square> {
    match bytes {
        [f, r] => Some(Square::new(file_from_ascii(*f)?, rank_from_ascii(*r)?)),
        _ => None,
    }
}

/// The squares' names in index order, a1 b1 ... h8 (a square's index is `square as usize`).
pub const SQUARE_NAMES: [&str; 64] = [
    "a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2",
    "a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3", "a4", "b4", "c4", "d4", "e4", "f4", "g4", "h4",
    "a5", "b5", "c5", "d5", "e5", "f5", "g5", "h5", "a6", "b6", "c6", "d6", "e6", "f6", "g6", "h6",
    "a7", "b7", "c7", "d7", "e7", "f7", "g7", "h7", "a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8",
];

/// A square's name (`e4`), without allocating: its entry of [`SQUARE_NAMES`].
pub const fn square_name(square: Square) -> &'static str {
    SQUARE_NAMES[square as usize]
}

/// Whether a square is a light square (a8 and h1 are light).
pub const fn is_light_square(square: Square) -> bool {
    (square.file() as u8 + square.rank() as u8) % 2 == 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ok_role_chars_round_trip() {
        for role in Role::ALL {
            assert_eq!(Role::from_upper_char(role.upper_char() as u8), Some(role));
            assert_eq!(Role::from_cozy(role.to_cozy()), role);
        }
    }

    #[test]
    fn ok_square_names() {
        for square in Square::ALL {
            assert_eq!(square_name(square), square.to_string());
        }
        assert_eq!(square_name(Square::A1), "a1");
        assert_eq!(square_name(Square::E4), "e4");
        assert_eq!(square_name(Square::H8), "h8");
    }

    #[test]
    fn ok_light_squares() {
        assert!(is_light_square(Square::H1));
        assert!(is_light_square(Square::A8));
        assert!(!is_light_square(Square::A1));
        assert!(!is_light_square(Square::H8));
    }

    #[test]
    fn ok_square_from_ascii() {
        assert_eq!(square_from_ascii(b"e4"), Some(Square::E4));
        assert_eq!(square_from_ascii(b"i4"), None);
        assert_eq!(square_from_ascii(b"e9"), None);
        assert_eq!(square_from_ascii(b"e"), None);
    }
}
