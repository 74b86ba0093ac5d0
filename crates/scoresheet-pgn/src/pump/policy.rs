//! The per-game policy: what becomes of each game a reader reads, in one place.

use std::io::Read;

use super::selection::Where;
use crate::parallel::ChunkLog;
use crate::replay::GameError;
use crate::{Location, Oddities, ReadError, Reader, Visitor};

/// What became of one game read: the per-game policy every front end follows.
#[derive(Debug)]
pub enum GameOutcome<T> {
    /// The game was converted.
    Accepted(T),
    /// The game was rejected (a bad move, tag or a read error that ends only this game); the
    /// reader goes on with the next game.
    Rejected(GameError),
    /// An error that ends the input ([`ReadError::is_recoverable`] is false: an I/O error, a
    /// UTF-16 input). The games before it were read whole.
    Fatal(ReadError),
    /// The input has no more games.
    End,
}

impl<T> GameOutcome<T> {
    /// The same outcome with an accepted game's value mapped by `f`.
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> GameOutcome<U> {
        match self {
            GameOutcome::Accepted(game) => GameOutcome::Accepted(f(game)),
            GameOutcome::Rejected(e) => GameOutcome::Rejected(e),
            GameOutcome::Fatal(e) => GameOutcome::Fatal(e),
            GameOutcome::End => GameOutcome::End,
        }
    }
}

/// Reads the next game of `reader` with `visitor` and says what became of it: the one place
/// where a reader's result is sorted into accepted, rejected, input-ending error and end, and
/// where the games that the reader's [selection](Reader::select_where) leaves out are skipped
/// (and counted).
pub fn next_game<R, V, T, E>(reader: &mut Reader<R>, visitor: &mut V) -> GameOutcome<T>
where
    R: Read,
    V: Visitor<Output = Result<T, E>>,
    E: Into<GameError>,
{
    match read_selected(reader, visitor) {
        Ok(None) => GameOutcome::End,
        Ok(Some(Ok(game))) => GameOutcome::Accepted(game),
        Ok(Some(Err(e))) => GameOutcome::Rejected(e.into()),
        Err(e) if e.is_recoverable() => GameOutcome::Rejected(e.into()),
        Err(e) => GameOutcome::Fatal(e),
    }
}

/// Reads the next game the reader's selection keeps (every game without one), counting those
/// it leaves out.
fn read_selected<R: Read, V: Visitor>(
    reader: &mut Reader<R>,
    visitor: &mut V,
) -> Result<Option<V::Output>, ReadError> {
    let Some(mut selection) = reader.selection.take() else {
        return reader.read_game(visitor);
    };
    let read = loop {
        let mut filtered = Where {
            visitor: &mut *visitor,
            selection: &mut selection,
        };
        match reader.read_game(&mut filtered) {
            Ok(Some(None)) => selection.count_not_selected(),
            Ok(Some(Some(game))) => break Ok(Some(game)),
            Ok(None) => break Ok(None),
            Err(e) => break Err(e),
        }
    };
    reader.selection = Some(selection);
    read
}

/// One worker's conversion of games into batches of output: what a front end gives the
/// [`Pump`](super::Pump). The pump owns the loop, the policy and the counts; a converter only
/// reads one game and puts it into its batch.
pub trait Convert {
    /// A run of converted games (JSON text, Arrow batches, database rows, ...).
    type Batch: Default + Send;

    /// Reads the next game of `reader`, putting an accepted game's output into `batch`, and
    /// says what became of it; an accepted game gives its number of plies.
    /// Use [`next_game`] to sort the reader's result.
    fn next_game<R: Read>(
        &mut self,
        reader: &mut Reader<R>,
        batch: &mut Self::Batch,
    ) -> GameOutcome<u64>;

    /// The oddities met so far (a running tally).
    fn oddities(&self) -> &Oddities;

    /// The oddities kept to be shown (`--warnings`) since the last call.
    fn take_kept(&mut self) -> Vec<(Location, String)> {
        Vec::new()
    }

    /// A run of games starting at input byte `byte` begins (a chunk with several threads, the
    /// whole input with one).
    fn begin_run(&mut self, _byte: u64, _batch: &mut Self::Batch) {}

    /// The run's games are read: move what the converter holds into `batch`.
    fn end_run(&mut self, _batch: &mut Self::Batch) {}

    /// With one thread: whether `batch` is worth delivering now (checked after each game).
    fn batch_ready(&self, _batch: &Self::Batch) -> bool {
        true
    }
}

/// Reads games of `reader` into `batch`, recording what became of each in `log`, until the
/// input ends, an error ends it, or `pause` says to stop after a game (returns true).
/// Returns whether the input ended (its end or an input-ending error, recorded in `log`).
pub(crate) fn read_run<C: Convert, R: Read>(
    converter: &mut C,
    reader: &mut Reader<R>,
    log: &mut ChunkLog,
    batch: &mut C::Batch,
    mut pause: impl FnMut(&C, &C::Batch, &ChunkLog) -> bool,
) -> bool {
    let before = converter.oddities().clone();
    let not_selected = reader.not_selected();
    let ended = loop {
        let outcome = converter.next_game(reader, batch);
        for (at, what) in converter.take_kept() {
            log.warning(at, what);
        }
        match outcome {
            GameOutcome::End => break true,
            GameOutcome::Accepted(plies) => log.converted(plies),
            GameOutcome::Rejected(e) => log.rejected(e),
            GameOutcome::Fatal(e) => {
                log.fatal(e);
                break true;
            }
        }
        if pause(converter, batch, log) {
            break false;
        }
    };
    log.add_oddities(&converter.oddities().since(&before));
    log.not_selected(reader.not_selected() - not_selected);
    ended
}
