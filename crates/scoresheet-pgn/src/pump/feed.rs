//! The pump driven by its caller ([`Feed`]): bytes are pushed as they arrive and batches taken
//! as whole games are there, on the caller's thread, for a host that cannot block to wait for
//! input (a browser's stream is read by awaiting each piece, and WebAssembly has no threads).

use std::sync::Arc;

use super::{policy, ChunkLog, Convert, Pump, PumpError};
use crate::parallel::Feeder;
use crate::select::TagExpr;
use crate::ReadError;

/// One input pumped as its bytes are pushed ([`Pump::feed`]): the chunks of whole games that
/// [`Pump::run`] cuts with several threads (the same cuts, by the same rule, whatever the size
/// of the pieces pushed), each converted as a run by the one converter and taken as a batch
/// with its [`ChunkLog`] (locations in the whole input), in input order. The games and what
/// the log says of them are those of [`Pump::run`]; only the batches' bounds differ.
///
/// ```
/// use std::io::Read;
/// use scoresheet_pgn::pump::{next_game, Convert, GameOutcome, Pump, Tally};
/// use scoresheet_pgn::replay::{GameBuilder, Replayer};
/// use scoresheet_pgn::{Noted, Oddities, Reader};
///
/// struct Count(Replayer<Noted<GameBuilder>>);
///
/// impl Convert for Count {
///     type Batch = u64;
///     fn next_game<R: Read>(&mut self, reader: &mut Reader<R>, out: &mut u64) -> GameOutcome<u64> {
///         next_game(reader, &mut self.0).map(|game| {
///             *out += 1;
///             game.plies.len() as u64
///         })
///     }
///     fn oddities(&self) -> &Oddities {
///         self.0.sink().oddities()
///     }
/// }
///
/// let pgn = b"[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. d4 Qxd8 *\n\n".repeat(40);
/// let mut feed = Pump::new(1)
///     .chunk_bytes(100)
///     .feed(Count(Replayer::new(Noted::new(GameBuilder::default()))));
/// let (mut games, mut tally, mut batch) = (0, Tally::default(), 0);
/// for piece in pgn.chunks(7) {
///     feed.push(piece);
///     while let Some(log) = feed.next_batch(&mut batch)? {
///         tally.add(&log);
///     }
/// }
/// feed.finish();
/// while let Some(log) = feed.next_batch(&mut batch)? {
///     tally.add(&log);
/// }
/// assert!(feed.is_done());
/// assert_eq!((batch, tally.rejected(), tally.games_in()), (40, 40, 80));
/// # Ok::<_, scoresheet_pgn::pump::PumpError>(())
/// ```
#[derive(Debug)]
pub struct Feed<C> {
    chunks: Feeder,
    converter: C,
    selection: Option<Arc<TagExpr>>,
    /// The bytes that must be waiting before another try after one that found no whole chunk
    /// (each try may read the bytes held again, where no quick cut is found).
    retry_after: usize,
    /// Whether the last try found no whole chunk.
    starved: bool,
    /// The error that ended the input, returned after the batch before it.
    fatal: Option<ReadError>,
    stopped: bool,
}

impl Pump {
    /// An input pumped as its bytes are pushed, on the caller's thread, by `converter`: see
    /// [`Feed`]. The chunks are cut as [`chunk_bytes`](Pump::chunk_bytes) and
    /// [`chunk_games`](Pump::chunk_games) say (whatever the thread count), with this pump's
    /// reader settings and selection.
    pub fn feed<C: Convert>(&self, converter: C) -> Feed<C> {
        let size = self.options.chunk_size();
        Feed {
            chunks: Feeder::new(self.options),
            converter,
            selection: self.selection.clone(),
            retry_after: (size / 4).clamp(8 << 10, 1 << 20),
            starved: false,
            fatal: None,
            stopped: false,
        }
    }
}

impl<C: Convert> Feed<C> {
    /// More bytes of the input (any size: a game may be split anywhere).
    pub fn push(&mut self, bytes: &[u8]) {
        self.chunks.push(bytes);
    }

    /// The input ends after the bytes pushed: the games left are taken by the next calls of
    /// [`next_batch`](Self::next_batch).
    pub fn finish(&mut self) {
        self.chunks.finish();
    }

    /// Converts the next chunk of whole games into `batch` (which the caller empties) and
    /// gives its log; `None` when more bytes are needed, or (once [`is_done`](Self::is_done))
    /// when none are left.
    ///
    /// # Errors
    ///
    /// An error that ends the input ([`PumpError::Fatal`]: a UTF-16 or binary input), after
    /// the batch of the games before it; nothing is read after it.
    pub fn next_batch(&mut self, batch: &mut C::Batch) -> Result<Option<ChunkLog>, PumpError> {
        if let Some(e) = self.fatal.take() {
            self.stopped = true;
            return Err(PumpError::Fatal(e));
        }
        if self.stopped
            || (self.starved && !self.chunks.finished() && self.chunks.waiting() < self.retry_after)
        {
            return Ok(None);
        }
        let (converter, selection) = (&mut self.converter, &self.selection);
        let next = self.chunks.next(
            |reader, log, batch| {
                let mut reader = reader.select_where(selection.clone());
                converter.begin_run(log.chunk_byte(), batch);
                policy::read_run(converter, &mut reader, log, batch, |_, _, _| false);
                converter.end_run(batch);
            },
            batch,
        );
        self.starved = next.is_none();
        match next {
            Some(mut log) => {
                self.fatal = log.take_fatal();
                Ok(Some(log))
            }
            None => match self.chunks.refused() {
                Some(e) => {
                    self.stopped = true;
                    Err(PumpError::Fatal(e))
                }
                None => Ok(None),
            },
        }
    }

    /// Whether every game was taken (after [`finish`](Self::finish)), or an error ended the
    /// input.
    pub fn is_done(&self) -> bool {
        self.stopped || (self.fatal.is_none() && self.chunks.is_done())
    }

    /// The converter.
    pub fn converter(&self) -> &C {
        &self.converter
    }
}
