//! [`Setup`]: a position as written, before any legality check.

use crate::types::{Color, File, Piece, Rank, Role, Square};

/// Castling rights of one colour: the files of the rooks it may still castle with.
pub use cozy_chess::CastleRights;

/// A position as a FEN describes it: pieces, side to move, castling rooks, en-passant square,
/// clocks. A `Setup` may be illegal; [`crate::Position::from_setup`] checks it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The piece on each square, indexed by `Square as usize` (a1 = 0, h8 = 63).
    pub board: [Option<Piece>; 64],
    /// The side to move.
    pub turn: Color,
    /// Castling rights, indexed by `Color as usize`.
    pub castling: [CastleRights; 2],
    /// The en-passant target square, as written.
    pub ep_square: Option<Square>,
    /// Plies since the last capture or pawn move.
    pub halfmove_clock: u32,
    /// The move number, starting at 1 and incremented after Black moves.
    pub fullmove_number: u32,
}

impl Default for Setup {
    /// The standard start position.
    fn default() -> Self {
        Setup::startpos()
    }
}

impl Setup {
    /// An empty board, White to move, no rights, clocks `0 1`.
    pub const fn empty() -> Setup {
        Setup {
            board: [None; 64],
            turn: Color::White,
            castling: [CastleRights::EMPTY; 2],
            ep_square: None,
            halfmove_clock: 0,
            fullmove_number: 1,
        }
    }

    /// The standard start position.
    pub fn startpos() -> Setup {
        const BACK: [Role; 8] = [
            Role::Rook,
            Role::Knight,
            Role::Bishop,
            Role::Queen,
            Role::King,
            Role::Bishop,
            Role::Knight,
            Role::Rook,
        ];
        let mut setup = Setup::empty();
        for (file, role) in File::ALL.into_iter().zip(BACK) {
            for color in Color::ALL {
                let back = Rank::First.relative_to(color);
                let pawns = Rank::Second.relative_to(color);
                setup.set(Square::new(file, back), Some(Piece { color, role }));
                let pawn = Piece {
                    color,
                    role: Role::Pawn,
                };
                setup.set(Square::new(file, pawns), Some(pawn));
            }
        }
        let rights = CastleRights {
            short: Some(File::H),
            long: Some(File::A),
        };
        setup.castling = [rights; 2];
        setup
    }

    /// The piece on a square.
    pub const fn piece_at(&self, square: Square) -> Option<Piece> {
        self.board[square as usize]
    }

    /// Puts a piece on (or, with `None`, clears) a square.
    pub fn set(&mut self, square: Square, piece: Option<Piece>) {
        self.board[square as usize] = piece;
    }

    /// The castling rights of one colour.
    pub const fn castle_rights(&self, color: Color) -> &CastleRights {
        &self.castling[color as usize]
    }

    /// The squares holding a given piece, in square order.
    pub fn squares_of(&self, piece: Piece) -> impl Iterator<Item = Square> + '_ {
        Square::ALL
            .into_iter()
            .filter(move |sq| self.piece_at(*sq) == Some(piece))
    }
}
