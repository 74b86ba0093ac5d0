//! [`Position::polyglot_key`]: the Zobrist key of the Polyglot opening-book format, the key
//! that opening books, python-chess's `chess.polyglot.zobrist_hash` and most engines' book code
//! share, so that positions stored by scoresheet join with theirs.
//!
//! The key XORs one number of [`RANDOM64`] for each piece on its square, each castling right
//! (short or long, by colour; in Chess960 the right's side of the king), the en-passant file
//! when a pawn of the side to move stands next to the pawn that just made a double push
//! (whether or not the capture is legal: the format's rule), and White to move.

use super::polyglot_random::RANDOM64;
use super::Position;
use crate::types::{Color, Role};

const CASTLING: usize = 768;
const EN_PASSANT: usize = 772;
const WHITE_TO_MOVE: usize = 780;

impl Position {
    /// The Polyglot Zobrist key of this position.
    ///
    /// ```
    /// use scoresheet::Position;
    /// // The format's published example: the starting position.
    /// assert_eq!(Position::new().polyglot_key(), 0x463b96181691fc9c);
    /// ```
    pub fn polyglot_key(&self) -> u64 {
        let board = &self.board;
        let mut key = 0;
        for color in [Color::White, Color::Black] {
            for role in Role::ALL {
                let kind = 2 * role as usize + usize::from(color == Color::White);
                for square in board.colored_pieces(color, role.to_cozy()) {
                    key ^= RANDOM64[64 * kind + square as usize];
                }
            }
            let rights = board.castle_rights(color);
            let base = CASTLING + 2 * usize::from(color == Color::Black);
            if rights.short.is_some() {
                key ^= RANDOM64[base];
            }
            if rights.long.is_some() {
                key ^= RANDOM64[base + 1];
            }
        }
        if let Some(file) = self.polyglot_ep_file() {
            key ^= RANDOM64[EN_PASSANT + file];
        }
        if self.turn() == Color::White {
            key ^= RANDOM64[WHITE_TO_MOVE];
        }
        key
    }

    /// The en-passant file the key includes: a double push happened and a pawn of the side to
    /// move stands beside the pushed pawn.
    fn polyglot_ep_file(&self) -> Option<usize> {
        let ep = self.ep_square_always()?;
        let pushed = ep.try_offset(0, if self.turn() == Color::White { -1 } else { 1 })?;
        let beside = [-1, 1]
            .into_iter()
            .filter_map(|df| pushed.try_offset(df, 0))
            .any(|sq| self.our(Role::Pawn).has(sq));
        beside.then_some(ep.file() as usize)
    }
}
