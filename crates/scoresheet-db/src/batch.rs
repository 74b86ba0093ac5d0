//! What storing one batch of games did ([`BatchOutcome`]): a leaf that both backends and the
//! store share.

/// What one batch did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub(crate) struct BatchOutcome {
    pub stored: u64,
    /// The ids of the games stored (for a load that must take them back).
    pub stored_ids: Vec<i64>,
    pub moves: u64,
    pub duplicates: u64,
    /// Indexes (in the batch) of games whose id is taken by a different game.
    pub collisions: Vec<usize>,
}
