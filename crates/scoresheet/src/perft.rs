//! Perft: counting the leaf nodes of the legal move tree, to check move generation.
//!
//! ```
//! use scoresheet::{perft::perft, Position};
//! assert_eq!(perft(&Position::new(), 3), 8_902);
//! ```

use cozy_chess::Board;

use crate::chess_move::Move;
use crate::position::Position;

/// The number of leaf nodes at `depth` plies (bulk-counted at the last ply).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    board_perft(pos.board(), depth)
}

fn board_perft(board: &Board, depth: u32) -> u64 {
    let mut nodes = 0;
    match depth {
        0 => 1,
        1 => {
            board.generate_moves(|moves| {
                nodes += moves.len() as u64;
                false
            });
            nodes
        }
        _ => {
            board.generate_moves(|moves| {
                for mv in moves {
                    let mut child = board.clone();
                    child.play_unchecked(mv);
                    nodes += board_perft(&child, depth - 1);
                }
                false
            });
            nodes
        }
    }
}

/// Perft split by first move: each legal move with the node count below it, in
/// generation order.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let mut out = Vec::new();
    if depth == 0 {
        return out;
    }
    pos.for_each_legal_move(|mv| {
        let mut child = pos.clone();
        child.play_unchecked(mv);
        out.push((mv, perft(&child, depth - 1)));
    });
    out
}
