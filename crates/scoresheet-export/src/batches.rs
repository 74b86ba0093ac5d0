//! [`Batches`]: a record batch of each table, the games and their moves, as every stage of an
//! export hands them on.

use arrow_array::{Array, Int32Array, RecordBatch};

/// A batch of each table, the games and their moves.
#[derive(Debug, Clone)]
pub struct Batches {
    /// Rows of `games`.
    pub games: RecordBatch,
    /// Rows of `moves`: every move of those games, in game order.
    pub moves: RecordBatch,
}

impl Batches {
    /// The first `games` games with their moves, and the rest (the moves of a game follow
    /// its `ply_count`).
    pub fn split_at(&self, games: usize) -> (Batches, Batches) {
        let games = games.min(self.games.num_rows());
        let plies = self
            .games
            .column_by_name("ply_count")
            .and_then(|c| c.as_any().downcast_ref::<Int32Array>())
            .map_or(0, |counts| {
                counts.values()[..games]
                    .iter()
                    .map(|&n| usize::try_from(n).unwrap_or(0))
                    .sum::<usize>()
            })
            .min(self.moves.num_rows());
        let split = |batch: &RecordBatch, at: usize| {
            (batch.slice(0, at), batch.slice(at, batch.num_rows() - at))
        };
        let (games_head, games_tail) = split(&self.games, games);
        let (moves_head, moves_tail) = split(&self.moves, plies);
        (
            Batches {
                games: games_head,
                moves: moves_head,
            },
            Batches {
                games: games_tail,
                moves: moves_tail,
            },
        )
    }
}
