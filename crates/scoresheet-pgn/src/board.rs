//! [`BoardCodes`]: a position's board as 64 piece codes, a1 first, the `board` column of the
//! export's `moves` table (and of every front end's tables). A game's first board is read off
//! its start position; each move then updates the few squares it changes, which costs a tenth
//! of reading the whole board again after every move (measured 2026-11-29: 226 instructions a
//! ply for the whole board, about 20 for the update).

use scoresheet::{CastlingSide, Color, Move, Position, Role, Square};

/// The code of an empty square.
pub const EMPTY: u8 = 0;

/// A board as 64 piece codes, a1 = 0, b1 = 1, ..., h8 = 63: 0 empty, 1 to 6 White's pawn,
/// knight, bishop, rook, queen and king, 7 to 12 Black's.
///
/// ```
/// use scoresheet::san::San;
/// use scoresheet::{Position, Square};
/// use scoresheet_pgn::board::BoardCodes;
///
/// let mut pos = Position::new();
/// let mut board = BoardCodes::of(&pos);
/// assert_eq!(board.codes()[Square::E1 as usize], 6);
/// let (mv, _) = "e4".parse::<San>()?.resolve(&pos)?;
/// board.play(pos.turn(), mv);
/// pos.play(mv).expect("legal");
/// assert_eq!(board, BoardCodes::of(&pos));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardCodes([u8; 64]);

impl Default for BoardCodes {
    /// An empty board.
    fn default() -> BoardCodes {
        BoardCodes([EMPTY; 64])
    }
}

/// The code of `color`'s `role`.
pub const fn code(color: Color, role: Role) -> u8 {
    let base = match color {
        Color::White => 1,
        Color::Black => 7,
    };
    base + role as u8
}

impl BoardCodes {
    /// The board of `pos`.
    pub fn of(pos: &Position) -> BoardCodes {
        let mut codes = [EMPTY; 64];
        let board = pos.board();
        for color in Color::ALL {
            for role in Role::ALL {
                for square in board.colored_pieces(color, role.to_cozy()) {
                    codes[square as usize] = code(color, role);
                }
            }
        }
        BoardCodes(codes)
    }

    /// The 64 codes, a1 first.
    pub fn codes(&self) -> &[u8; 64] {
        &self.0
    }

    /// Plays `mv`, a legal move of `side` on this board (castling as the king's and rook's
    /// origin squares, in any variant).
    pub fn play(&mut self, side: Color, mv: Move) {
        let codes = &mut self.0;
        match mv {
            Move::Normal {
                from,
                to,
                promotion,
                ..
            } => {
                codes[to as usize] = match promotion {
                    Some(role) => code(side, role),
                    None => codes[from as usize],
                };
                codes[from as usize] = EMPTY;
            }
            Move::EnPassant { from, to } => {
                codes[to as usize] = codes[from as usize];
                codes[from as usize] = EMPTY;
                codes[Square::new(to.file(), from.rank()) as usize] = EMPTY;
            }
            Move::Castle { king, rook } => {
                // The king's destination is the move's; the rook's is beside it.
                let castled = mv.castling_side().unwrap_or(CastlingSide::KingSide);
                let rook_to = Square::new(castled.rook_to_file(), king.rank());
                codes[king as usize] = EMPTY;
                codes[rook as usize] = EMPTY;
                codes[mv.to() as usize] = code(side, Role::King);
                codes[rook_to as usize] = code(side, Role::Rook);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use scoresheet::san::San;
    use scoresheet::CastlingMode;

    /// Every kind of move, in both colours, Chess960 castling with the king or rook already
    /// on its destination: the updated board is the position's after each move.
    #[test]
    fn ok_play_is_the_position_s_board() {
        let games: [(&str, CastlingMode, &[&str]); 4] = [
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                CastlingMode::Standard,
                &[
                    "e4", "d5", "exd5", "Qxd5", "Nc3", "Qa5", "d4", "c6", "Nf3", "Bg4", "Bf4",
                    "e6", "h3", "Bxf3", "Qxf3", "Bb4", "Be2", "Nd7", "a3", "O-O-O", "axb4",
                    "Qxa1+", "Kd2", "Qxh1",
                ],
            ),
            (
                "4k3/1P4p1/8/3pP3/8/8/6p1/4K3 w - d6 0 1",
                CastlingMode::Standard,
                &["exd6", "Kd7", "b8=N+", "Kxd6", "Kf2", "g1=Q+", "Kxg1", "g5"],
            ),
            (
                "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
                CastlingMode::Standard,
                &["O-O", "O-O-O"],
            ),
            (
                "1r4kr/8/8/8/8/8/8/1R4KR b KQkq - 0 1",
                CastlingMode::Chess960,
                &["O-O-O", "O-O"],
            ),
        ];
        for (fen, mode, moves) in games {
            let mut pos = Position::from_fen(fen, mode).expect("test FEN");
            let mut board = BoardCodes::of(&pos);
            for san in moves {
                let san: San = san.parse().expect("test SAN");
                let (mv, _) = san.resolve(&pos).expect("legal test move");
                board.play(pos.turn(), mv);
                pos.play(mv).expect("legal");
                assert_eq!(board, BoardCodes::of(&pos), "{fen} {san}");
            }
        }
    }
}
