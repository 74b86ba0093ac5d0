//! From PGN to record batches: [`GameConverter`], one game at a time, the export's converter
//! for the pump ([`scoresheet_pgn::pump`]: the one loop of games, its policy and tally, which
//! every front end runs).

#[cfg(feature = "parquet")]
use std::io;
use std::io::Read;
use std::sync::Arc;

use arrow_schema::ArrowError;
#[cfg(feature = "parquet")]
use scoresheet_pgn::pump::Convert;
use scoresheet_pgn::pump::{next_game, GameOutcome};
use scoresheet_pgn::replay::Replayer;
use scoresheet_pgn::{Location, Noted, Oddities, ReadOptions, Reader};

use crate::batches::Batches;
#[cfg(feature = "parquet")]
use crate::encoded::{ChunkEncoder, EncodedBatches};
use crate::options::ExportOptions;
use crate::recycle::Recycler;
use crate::sink::TableSink;

/// Converts games read from one input into the rows of both tables: a [`Replayer`] feeding a
/// [`TableSink`], with the oddities counted.
#[derive(Debug)]
pub struct GameConverter {
    inner: Replayer<Noted<TableSink>>,
    options: ExportOptions,
    recycler: Option<Recycler>,
    /// Whether each run's batches are encoded as Parquet row groups too.
    #[cfg(feature = "parquet")]
    encode_parquet: bool,
    /// The encoder, made at the first run to encode.
    #[cfg(feature = "parquet")]
    encoder: Option<ChunkEncoder>,
    /// Why the run's rows could not be encoded (reported at its end).
    #[cfg(feature = "parquet")]
    encode_error: Option<io::Error>,
    /// Games held whose moves are encoded already.
    #[cfg(feature = "parquet")]
    encoded_games: usize,
}

/// A [`GameConverter`]'s batch for the [`Pump`](scoresheet_pgn::pump::Pump): the batches of a
/// run of games (with their Parquet row groups when asked for), or why they could not be
/// built.
#[cfg(feature = "parquet")]
pub type ExportBatch = Option<io::Result<EncodedBatches>>;

impl GameConverter {
    /// A converter for games from `source` (its name in the `source_file` column).
    pub fn new(source: Arc<str>, options: ExportOptions) -> GameConverter {
        let sink = Noted::new(TableSink::new(source, options.columns).openings(options.openings));
        GameConverter {
            inner: Replayer::with_options(sink, options.replay),
            options,
            recycler: None,
            #[cfg(feature = "parquet")]
            encode_parquet: false,
            #[cfg(feature = "parquet")]
            encoder: None,
            #[cfg(feature = "parquet")]
            encode_error: None,
            #[cfg(feature = "parquet")]
            encoded_games: 0,
        }
    }

    /// Whether the `moves` of each run the [`Pump`](scoresheet_pgn::pump::Pump) ends are
    /// encoded, in this converter's thread, as Parquet row groups of the dataset's files
    /// ([`EncodedBatches`]; off by default): the moves of every
    /// [`batch_games`](ExportOptions::batch_games) games are added to the run's row group
    /// as they come, and the run's games come as one batch.
    #[cfg(feature = "parquet")]
    pub fn encode_parquet(&mut self, yes: bool) {
        self.encode_parquet = yes;
    }

    /// Where written batches come back to be filled again ([`Recycler::give_back`]), when
    /// converting through the [`Pump`](scoresheet_pgn::pump::Pump).
    pub fn recycle_from(&mut self, recycler: Option<Recycler>) {
        self.recycler = recycler;
    }

    /// The reader settings every command uses.
    pub const fn read_options() -> ReadOptions {
        ReadOptions::new()
    }

    /// Reads the next game for the [`Pump`](scoresheet_pgn::pump::Pump) (the per-game policy
    /// of [`next_game`]): a front end's own [`Convert`] (the npm package's `readTables`)
    /// calls this and takes the batches as it needs.
    pub fn next_outcome<R: Read>(&mut self, reader: &mut Reader<R>) -> GameOutcome<u64> {
        next_game(reader, &mut self.inner).map(u64::from)
    }

    /// Whether the games held make a full batch.
    pub fn batch_is_full(&self) -> bool {
        self.inner.sink().inner().games() >= self.options.batch_games
    }

    /// Games held, not yet taken.
    pub fn games(&self) -> usize {
        self.inner.sink().inner().games()
    }

    /// The games held and their moves, leaving the converter empty.
    ///
    /// # Errors
    ///
    /// When a text column of the batch passes 2 GiB.
    pub fn take_batches(&mut self) -> Result<Batches, ArrowError> {
        let (games, moves) = self.inner.sink_mut().inner_mut().take_batches()?;
        Ok(Batches { games, moves })
    }

    /// The games held and their moves as plain columns (the same values as
    /// [`take_batches`](Self::take_batches), without Arrow arrays), leaving the converter
    /// empty.
    ///
    /// # Errors
    ///
    /// A move whose string its vocabulary lacks (a bug).
    pub fn take_plain(&mut self) -> Result<crate::PlainTables, ArrowError> {
        self.inner.sink_mut().inner_mut().take_plain()
    }

    /// Hands back batches this converter made, once written: the next batch reuses their
    /// buffers ([`TableSink::recycle`]).
    pub fn recycle(&mut self, batches: Batches) {
        self.inner.sink_mut().inner_mut().recycle(batches.moves);
    }

    /// Sets what is added to each game's byte offset (where the bytes given start in the
    /// input).
    pub fn set_byte_base(&mut self, base: u64) {
        self.inner.sink_mut().inner_mut().set_byte_base(base);
    }

    /// The oddities met so far.
    pub fn oddities(&self) -> &Oddities {
        self.inner.sink().oddities()
    }

    /// Whether to keep each oddity for [`take_kept`](Self::take_kept) (off by default).
    pub fn keep_oddities(&mut self, keep: bool) {
        self.inner.sink_mut().set_keep(keep);
    }

    /// The oddities kept since the last call: where, and what.
    pub fn take_kept(&mut self) -> Vec<(Location, String)> {
        self.inner.sink_mut().take_kept()
    }
}

/// The export as the pump's converter: a run's games become one [`ExportBatch`] (with one
/// thread, a batch whenever [`ExportOptions::batch_games`] games are held).
#[cfg(feature = "parquet")]
impl Convert for GameConverter {
    type Batch = ExportBatch;

    fn next_game<R: Read>(
        &mut self,
        reader: &mut Reader<R>,
        _: &mut ExportBatch,
    ) -> GameOutcome<u64> {
        let outcome = self.next_outcome(reader);
        // A run's rows as records and columns at once took about 40 MB a MB of input (peak
        // memory 450 MB with 2 threads and chunks of 8 MB): every batch's worth of games is
        // added to the run's row group as it comes.
        let games = self.games();
        if self.encode_parquet && games - self.encoded_games >= self.options.batch_games {
            self.encoded_games = games;
            self.encode_slice();
        }
        outcome
    }

    fn oddities(&self) -> &Oddities {
        GameConverter::oddities(self)
    }

    fn take_kept(&mut self) -> Vec<(Location, String)> {
        GameConverter::take_kept(self)
    }

    fn begin_run(&mut self, byte: u64, _: &mut ExportBatch) {
        self.set_byte_base(byte);
        self.take_recycled();
    }

    fn end_run(&mut self, batch: &mut ExportBatch) {
        *batch = Some(self.take_encoded());
        // With one thread, runs follow each other without a new `begin_run`.
        self.take_recycled();
    }

    fn batch_ready(&self, _: &ExportBatch) -> bool {
        self.batch_is_full()
    }
}

#[cfg(feature = "parquet")]
impl GameConverter {
    /// The games held and their moves, and their row groups with
    /// [`encode_parquet`](Self::encode_parquet), leaving the converter empty.
    fn take_encoded(&mut self) -> io::Result<EncodedBatches> {
        if !self.encode_parquet {
            let batches = self.take_batches().map_err(io::Error::other)?;
            return Ok(EncodedBatches::plain(batches));
        }
        self.encode_slice();
        self.encoded_games = 0;
        // Only the games are left (their moves are encoded): no moves batch is built, so the
        // buffers of the last one stay for the next run's rows.
        let games = self
            .inner
            .sink_mut()
            .inner_mut()
            .take_games()
            .map_err(io::Error::other)?;
        let finished = self
            .encoder()
            .and_then(|e| e.finish().map_err(io::Error::other));
        match (self.encode_error.take(), finished) {
            (Some(e), _) | (None, Err(e)) => Err(e),
            (None, Ok(groups)) => Ok(EncodedBatches::encoded(games, groups)),
        }
    }

    /// Adds the `moves` rows of the whole games held to the run's row group; the batch's
    /// buffers take the next rows.
    fn encode_slice(&mut self) {
        if self.encode_error.is_some() {
            return;
        }
        let result = self.inner.sink_mut().inner_mut().take_moves();
        let result = result.map_err(io::Error::other).and_then(|moves| {
            let written = self
                .encoder()
                .and_then(|encoder| encoder.write(&moves).map_err(io::Error::other));
            // The rows are in the row group: the next rows reuse the batch's buffers.
            self.inner.sink_mut().inner_mut().recycle(moves);
            written
        });
        self.encode_error = result.err();
    }

    /// The encoder, made at first use.
    fn encoder(&mut self) -> io::Result<&mut ChunkEncoder> {
        if self.encoder.is_none() {
            let encoder = ChunkEncoder::try_new(self.options.columns).map_err(io::Error::other)?;
            self.encoder = Some(encoder);
        }
        self.encoder
            .as_mut()
            .ok_or_else(|| io::Error::other("no encoder"))
    }

    /// Fills the next batch into the buffers of a written one, if one came back.
    fn take_recycled(&mut self) {
        if let Some(spare) = self.recycler.as_ref().and_then(Recycler::take) {
            self.recycle(spare);
        }
    }
}
