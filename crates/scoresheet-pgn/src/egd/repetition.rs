//! [`Repetitions`]: how often each position of a game has occurred.

use scoresheet::Position;

/// Counts how often each position of a game has occurred, as EGD's extended `repetition`
/// feature (and the export's `repetition` column) gives it: equal pieces, side to move,
/// castling rights and capturable en-passant square ([`Position::repetition_key`]), counted
/// since the last capture or pawn move (no earlier position can repeat).
///
/// ```
/// use scoresheet::{Position, uci::UciMove};
/// use scoresheet_pgn::egd::Repetitions;
///
/// let mut pos = Position::new();
/// let mut reps = Repetitions::default();
/// assert_eq!(reps.push(&pos), 1);
/// for uci in ["g1f3", "g8f6", "f3g1", "f6g8"] {
///     let mv = uci.parse::<UciMove>()?.to_move(&pos)?;
///     pos.play(mv)?;
///     reps.push(&pos);
/// }
/// assert_eq!(reps.push(&pos), 3); // pushed twice, and once at the start
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Default)]
pub struct Repetitions {
    /// Repetition keys since the last capture or pawn move.
    history: Vec<u64>,
}

impl Repetitions {
    /// Forgets the game, for the next one.
    pub fn clear(&mut self) {
        self.history.clear();
    }

    /// Adds a position of the game (the start, then the position after each move) and returns
    /// how often it has occurred so far, this time included.
    pub fn push(&mut self, pos: &Position) -> u32 {
        if pos.halfmove_clock() == 0 {
            self.history.clear();
        }
        let key = pos.repetition_key();
        self.history.push(key);
        let count = self.history.iter().filter(|&&k| k == key).count();
        u32::try_from(count).unwrap_or(u32::MAX)
    }
}
