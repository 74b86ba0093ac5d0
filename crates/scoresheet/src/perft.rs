//! Perft: counting the leaf nodes of the legal move tree, to check move generation.
//!
//! ```
//! use scoresheet::{perft::perft, Position};
//! assert_eq!(perft(&Position::new(), 3), 8_902);
//! ```

use cozy_chess::Board;

use crate::chess_move::Move;
use crate::position::Position;

/// The deepest perft whose count fits in a `u64` for every position: a position has at most
/// 218 legal moves, and 218^8 < 2^64 <= 218^9. (Depth 8 from the start position is
/// 84,998,978,956 nodes, minutes of work; each further ply multiplies that by about 30.)
/// [`perft`] and [`divide`] do not check it; deeper counts (narrow trees, like a position with
/// one line of play) go through [`perft_checked`].
pub const MAX_DEPTH: u32 = 8;

/// [`perft`] for any depth: `None` when the count does not fit in a `u64`.
pub fn perft_checked(pos: &Position, depth: u32) -> Option<u64> {
    if depth <= MAX_DEPTH {
        return Some(perft(pos, depth));
    }
    let mut nodes: Option<u64> = Some(0);
    pos.for_each_legal_move(|mv| {
        let mut child = pos.clone();
        child.play_unchecked(mv);
        let below = perft_checked(&child, depth - 1);
        nodes = nodes.and_then(|n| n.checked_add(below?));
    });
    nodes
}

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
    divide_each(pos, depth, |mv, nodes| out.push((mv, nodes)));
    out
}

/// [`divide`], calling `f` with each first move and its count as soon as it is known (to
/// show progress). Nothing is called at depth 0.
pub fn divide_each(pos: &Position, depth: u32, mut f: impl FnMut(Move, u64)) {
    if depth == 0 {
        return;
    }
    pos.for_each_legal_move(|mv| {
        let mut child = pos.clone();
        child.play_unchecked(mv);
        f(mv, perft(&child, depth - 1));
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Known counts of the start position (Chess Programming Wiki, "Perft Results").
    #[test]
    fn ok_divide_each_sums_to_perft() {
        let pos = Position::new();
        for (depth, nodes, roots) in [(0, 1, 0), (1, 20, 20), (2, 400, 20), (3, 8_902, 20)] {
            let (mut sum, mut calls) = (0, 0);
            divide_each(&pos, depth, |_, n| {
                sum += n;
                calls += 1;
            });
            assert_eq!(calls, roots, "depth {depth}");
            assert_eq!(perft(&pos, depth), nodes, "depth {depth}");
            if depth > 0 {
                assert_eq!(sum, nodes, "depth {depth}");
            }
        }
        assert!(218u64.checked_pow(MAX_DEPTH).is_some());
        assert!(218u64.checked_pow(MAX_DEPTH + 1).is_none());
        for depth in 0..=4 {
            assert_eq!(perft_checked(&pos, depth), Some(perft(&pos, depth)));
        }
    }

    /// A tree with one line of play is counted at any depth: in this position (the "prison"
    /// of the tricky perft suites) each side has one legal move a turn, so the count is 1 at
    /// every depth (python-chess counts 1 at depths 1 to 6; scalachess's suite has 1 at 32).
    #[test]
    fn ok_perft_checked_deep_narrow_tree() {
        let pos = Position::from_fen(
            "2b5/kpPp4/1p1P4/1P6/6p1/4p1P1/4PpPK/5B2 w - - 0 1",
            crate::CastlingMode::Standard,
        )
        .expect("legal position");
        for depth in [1, 6, 9, 32] {
            assert_eq!(perft_checked(&pos, depth), Some(1), "depth {depth}");
        }
    }
}
