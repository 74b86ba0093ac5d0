//! The game pump: one input's games read, replayed and converted on one thread or `N`, with
//! the per-game policy and the counts in one place. Every front end (the CLI's commands, the
//! Python readers, the database loader, the export) is a [`Convert`] plus a delivery.
//!
//! ```text
//! source ─▶ Pump ─▶ Reader ─▶ Convert::next_game ─▶ GameOutcome ─▶ ChunkLog ─▶ deliver(batch, log)
//!  Read      1 thread: the whole input, delivered    accepted /        counts,      in input order,
//!            whenever Convert::batch_ready says;     rejected /        rejections,  locations in the
//!            N threads: chunks of whole games        fatal / end       warnings     whole input
//!            (parallel::read_parallel)
//! ```
//!
//! - **The policy** ([`next_game`]): an accepted game is counted with its plies; a rejected
//!   game (bad move or tag, or a read error that ends only that game) is logged with its
//!   [`GameError`](crate::replay::GameError) and reading goes on; an error that ends the input
//!   ([`ReadError::is_recoverable`](crate::ReadError::is_recoverable) false) is delivered after
//!   the games before it and returned as [`PumpError::Fatal`]. With a selection
//!   ([`Pump::select_where`]), a game whose tags fail it is skipped before its movetext and
//!   counted as not selected. Games in = converted + rejected + not selected.
//! - **The counts**: each delivery's [`ChunkLog`] (games converted and rejected, plies, the
//!   oddity tally, the rejections and kept oddities in input order); a [`Tally`] adds them up.
//! - **Threads** ([`Pump::threads`]): the output is the same whatever the count. With one, the
//!   input is read by one [`Reader`] as it streams and delivered in runs; with more, it is cut
//!   into chunks of whole games (see [`parallel`](crate::parallel)).
//! - **Pushed or pulled**: [`Pump::run`] hands batches to a delivery; [`Pump::pull`] is an
//!   iterator of what became of each game ([`Pulled`]: a converted game, a rejected game, a
//!   kept oddity; then the error that ends the input, if any) with its [`Tally`], for callers
//!   that take one game at a time ([`ReplayedGames`](crate::replay::ReplayedGames), the Python
//!   package's iterators). Both read through the same loop (one reader's runs, `serial.rs`) and
//!   the same policy, so they give the same games, messages and counts; [`Pump::feed`] is
//!   pushed bytes by its caller.
//!
//! ```
//! use std::io::Read;
//! use scoresheet_pgn::pump::{next_game, Convert, GameOutcome, Pump, Tally};
//! use scoresheet_pgn::replay::{GameBuilder, Replayer};
//! use scoresheet_pgn::{Noted, Oddities, Reader};
//!
//! /// Each accepted game's SAN moves, one string a game.
//! struct Sans(Replayer<Noted<GameBuilder>>);
//!
//! impl Convert for Sans {
//!     type Batch = Vec<String>;
//!     fn next_game<R: Read>(&mut self, reader: &mut Reader<R>, out: &mut Vec<String>) -> GameOutcome<u64> {
//!         next_game(reader, &mut self.0).map(|game| {
//!             let sans: Vec<_> = game.plies.iter().map(|p| p.san.to_string()).collect();
//!             out.push(sans.join(" "));
//!             game.plies.len() as u64
//!         })
//!     }
//!     fn oddities(&self) -> &Oddities {
//!         self.0.sink().oddities()
//!     }
//! }
//!
//! let pgn = b"1. e4 e5 *\n\n1. d4 Qxd8 *\n\n[Event \"c\"]\n\n1. c4 *\n".repeat(50);
//! for threads in [1, 2] {
//!     let (mut games, mut tally) = (Vec::new(), Tally::default());
//!     Pump::new(threads).chunk_bytes(64).run(
//!         &pgn[..],
//!         || Sans(Replayer::new(Noted::new(GameBuilder::default()))),
//!         |batch: &mut Vec<String>, log| {
//!             games.append(batch);
//!             tally.add(&log);
//!             Ok(())
//!         },
//!     )?;
//!     assert_eq!((games.len(), tally.rejected(), tally.games_in()), (100, 50, 150));
//!     assert_eq!(games[1], "c4");
//! }
//! # Ok::<_, scoresheet_pgn::pump::PumpError>(())
//! ```

mod feed;
mod policy;
mod pull;
mod selection;
mod serial;
mod tally;

use std::io::{self, Read};
use std::sync::Arc;

pub use crate::parallel::{ChunkLog, Event, ParallelError as PumpError};
pub use feed::Feed;
pub use policy::{next_game, Convert, GameOutcome};
pub use pull::{Pull, Pulled};
pub use tally::Tally;

pub(crate) use selection::Selection;

use crate::parallel::{read_parallel, ParallelOptions};
use crate::select::TagExpr;
use crate::{ReadOptions, Reader};
use serial::Serial;

/// With one thread, a run is delivered once it holds this many reports (rejected games and
/// kept oddities), whatever its batch: memory stays bounded on inputs of rejected games.
const EVENTS_PER_RUN: usize = 256;

/// The number of threads to use when the user says nothing: the cores available to this
/// process (1 when that cannot be told).
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// How to pump an input: threads, chunk size, reader settings and the games to read, with
/// chaining setters.
#[derive(Debug, Clone, PartialEq)]
pub struct Pump {
    options: ParallelOptions,
    threads: usize,
    selection: Option<Arc<TagExpr>>,
    input_len: Option<u64>,
}

/// The smallest chunk [`Pump::input_len`] cuts: below it a chunk's fixed cost (a batch, its
/// delivery) outweighs what the balance gains.
pub const MIN_BALANCED_CHUNK: usize = 64 << 10;

/// The chunks per worker [`Pump::input_len`] aims at, so that the workers end close together
/// (the last chunk handed out is at most an eighth of a worker's share).
const CHUNKS_PER_WORKER: u64 = 8;

impl Pump {
    /// `threads` workers (at least one; see [`default_threads`]), the default chunk size and
    /// [`ReadOptions`].
    pub const fn new(threads: usize) -> Pump {
        Pump {
            options: ParallelOptions::new(threads),
            threads: if threads == 0 { 1 } else { threads },
            selection: None,
            input_len: None,
        }
    }

    /// The input holds about `len` bytes (`None`: unknown, as for standard input). With several
    /// threads and a small input, chunks are cut smaller than [`chunk_bytes`](Pump::chunk_bytes)
    /// says, down to [`MIN_BALANCED_CHUNK`], so that each worker gets about eight and none is
    /// left working alone at the end (a 5 MB file in 1 MB chunks gives one of two workers three
    /// chunks and the other two). The output is the same whatever the chunks.
    pub const fn input_len(mut self, len: Option<u64>) -> Pump {
        self.input_len = len;
        self
    }

    /// The reading settings for this input: [`input_len`](Pump::input_len)'s chunk size.
    fn balanced_options(&self) -> ParallelOptions {
        let Some(len) = self.input_len else {
            return self.options;
        };
        let share = len / (self.threads as u64).saturating_mul(CHUNKS_PER_WORKER);
        let balanced = usize::try_from(share)
            .unwrap_or(usize::MAX)
            .max(MIN_BALANCED_CHUNK);
        let size = self.options.chunk_size().min(balanced);
        self.options.chunk_bytes(size)
    }

    /// Reads only the games whose tags satisfy `expr` (`None`: every game); the others are
    /// skipped after their tags, never replayed, and counted in each [`ChunkLog`]
    /// ([`ChunkLog::not_selected_games`]). See [`Reader::select_where`].
    pub fn select_where(mut self, expr: Option<Arc<TagExpr>>) -> Pump {
        self.selection = expr;
        self
    }

    /// With several threads, chunks of about this many input bytes (see
    /// [`ParallelOptions::chunk_bytes`]).
    pub const fn chunk_bytes(mut self, bytes: usize) -> Pump {
        self.options = self.options.chunk_bytes(bytes);
        self
    }

    /// With several threads, chunks of about this many games at most (see
    /// [`ParallelOptions::chunk_games`]).
    pub const fn chunk_games(mut self, games: usize) -> Pump {
        self.options = self.options.chunk_games(games);
        self
    }

    /// The readers' settings.
    pub const fn read_options(mut self, options: ReadOptions) -> Pump {
        self.options = self.options.read_options(options);
        self
    }

    /// The number of workers.
    pub const fn threads(&self) -> usize {
        self.threads
    }

    /// Reads every game of `src`, converts it with a converter made by `new_worker` (one per
    /// thread), and hands each batch with its [`ChunkLog`] to `deliver`, in input order, with
    /// every location in the whole input. `deliver` empties the batch it is given (it is used
    /// again).
    ///
    /// # Errors
    ///
    /// An error that ends the input ([`PumpError::Fatal`], or [`PumpError::Read`] for an I/O
    /// error with several threads), after the games read whole before it were delivered; or
    /// the first error of `deliver` ([`PumpError::Deliver`]; reading stops).
    pub fn run<R, C>(
        &self,
        src: R,
        new_worker: impl Fn() -> C + Sync,
        mut deliver: impl FnMut(&mut C::Batch, ChunkLog) -> io::Result<()> + Send,
    ) -> Result<(), PumpError>
    where
        R: Read + Send,
        C: Convert,
    {
        if self.threads > 1 {
            return read_parallel(
                src,
                &self.balanced_options(),
                new_worker,
                |converter: &mut C, reader: Reader<&[u8]>, log, batch| {
                    let mut reader = reader.select_where(self.selection.clone());
                    converter.begin_run(log.chunk_byte(), batch);
                    policy::read_run(converter, &mut reader, log, batch, |_, _, _| false);
                    converter.end_run(batch);
                },
                deliver,
            );
        }
        let reader =
            Reader::with_options(src, self.options.read()).select_where(self.selection.clone());
        let mut batch = C::Batch::default();
        let mut serial = Serial::new(reader, new_worker(), &mut batch);
        let pause = |converter: &C, batch: &C::Batch, log: &ChunkLog| {
            converter.batch_ready(batch) || log.events().len() >= EVENTS_PER_RUN
        };
        while let Some(mut log) = serial.next_run(&mut batch, pause) {
            let fatal = log.take_fatal();
            deliver(&mut batch, log).map_err(PumpError::Deliver)?;
            if let Some(e) = fatal {
                return Err(PumpError::Fatal(e));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ok_input_len_cuts_small_inputs_into_eight_chunks_a_worker() {
        const MB: u64 = 1 << 20;
        // (threads, configured chunk, input length, chunk used)
        let cases: [(usize, usize, Option<u64>, usize); 7] = [
            (2, 1 << 20, None, 1 << 20),
            (2, 1 << 20, Some(5 * MB), 5 << 16),
            (2, 1 << 20, Some(16 * MB), 1 << 20),
            (2, 1 << 20, Some(1000 * MB), 1 << 20),
            (4, 1 << 20, Some(MB), MIN_BALANCED_CHUNK),
            (2, 1 << 20, Some(0), MIN_BALANCED_CHUNK),
            // A configured chunk below the balanced one stays.
            (2, 4096, Some(5 * MB), 4096),
        ];
        for (threads, chunk, len, want) in cases {
            let pump = Pump::new(threads).chunk_bytes(chunk).input_len(len);
            let got = pump.balanced_options().chunk_size();
            assert_eq!(got, want, "{threads} threads, chunk {chunk}, input {len:?}");
        }
    }
}
