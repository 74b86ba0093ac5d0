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
use crate::types::{CastlingSide, Color, Role};
use crate::{Move, Square};

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
                for square in board.colored_pieces(color, role.to_cozy()) {
                    key ^= piece_key(color, role, square);
                }
            }
        }
        key ^ self.polyglot_state_key()
    }

    /// The Polyglot key of `after`, the position `mv` leads to from this one, given `key`, this
    /// position's key: equal to `after.polyglot_key()`, but XORing only what the move changes
    /// (the moved, captured and promoted pieces, castling rights, en-passant file, side to
    /// move) instead of every piece. For keys of every position of a game.
    ///
    /// ```
    /// use scoresheet::{Position, uci::UciMove};
    ///
    /// let mut pos = Position::new();
    /// let mut key = pos.polyglot_key();
    /// for uci in ["e2e4", "d7d5", "e4e5", "f7f5", "e5f6", "e8f7"] {
    ///     let mv = uci.parse::<UciMove>()?.to_move(&pos)?;
    ///     let mut after = pos.clone();
    ///     after.play(mv)?;
    ///     key = pos.polyglot_key_after(key, mv, &after);
    ///     assert_eq!(key, after.polyglot_key());
    ///     pos = after;
    /// }
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn polyglot_key_after(&self, key: u64, mv: Move, after: &Position) -> u64 {
        let us = self.turn();
        let them = !us;
        let moved = match mv {
            Move::Normal {
                role,
                from,
                capture,
                to,
                promotion,
            } => {
                let taken = capture.map_or(0, |role| piece_key(them, role, to));
                piece_key(us, role, from) ^ piece_key(us, promotion.unwrap_or(role), to) ^ taken
            }
            Move::EnPassant { from, to } => {
                let taken = Square::new(to.file(), from.rank());
                piece_key(us, Role::Pawn, from)
                    ^ piece_key(us, Role::Pawn, to)
                    ^ piece_key(them, Role::Pawn, taken)
            }
            Move::Castle { king, rook } => {
                let side = mv.castling_side().unwrap_or(CastlingSide::KingSide);
                let rook_to = Square::new(side.rook_to_file(), rook.rank());
                piece_key(us, Role::King, king)
                    ^ piece_key(us, Role::King, mv.to())
                    ^ piece_key(us, Role::Rook, rook)
                    ^ piece_key(us, Role::Rook, rook_to)
            }
        };
        key ^ moved ^ self.polyglot_state_key() ^ after.polyglot_state_key()
    }

    /// The en-passant part of [`polyglot_key`](Self::polyglot_key): the number XORed in for the
    /// en-passant file, or 0 when the key has none. XOR it out for a key of placement, side to
    /// move and castling rights only (as lichess keys its openings' positions).
    ///
    /// ```
    /// use scoresheet::{CastlingMode, Position};
    /// let with = Position::from_fen("7k/8/8/pP6/8/8/8/K7 w - a6 0 1", CastlingMode::Standard)?;
    /// let without = Position::from_fen("7k/8/8/pP6/8/8/8/K7 w - - 0 1", CastlingMode::Standard)?;
    /// assert_ne!(with.polyglot_en_passant_key(), 0);
    /// assert_eq!(with.polyglot_key() ^ with.polyglot_en_passant_key(), without.polyglot_key());
    /// assert_eq!(without.polyglot_en_passant_key(), 0);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn polyglot_en_passant_key(&self) -> u64 {
        self.polyglot_ep_file()
            .map_or(0, |file| RANDOM64[EN_PASSANT + file])
    }

    /// The key's part that is not pieces: castling rights, en-passant file, side to move.
    fn polyglot_state_key(&self) -> u64 {
        let mut key = 0;
        for color in [Color::White, Color::Black] {
            let rights = self.board.castle_rights(color);
            let base = CASTLING + 2 * usize::from(color == Color::Black);
            if rights.short.is_some() {
                key ^= RANDOM64[base];
            }
            if rights.long.is_some() {
                key ^= RANDOM64[base + 1];
            }
        }
        key ^= self.polyglot_en_passant_key();
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

/// The number of a piece on a square.
fn piece_key(color: Color, role: Role, square: Square) -> u64 {
    let kind = 2 * role as usize + usize::from(color == Color::White);
    RANDOM64[64 * kind + square as usize]
}
