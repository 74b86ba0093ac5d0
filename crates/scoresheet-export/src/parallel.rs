//! Exporting one input with several threads: [`export_parallel`] has the library's parallel
//! reading ([`scoresheet_pgn::parallel`]) cut the input into chunks of whole games, converts
//! each chunk with a [`GameConverter`] of the worker's, and hands the batches over in input
//! order with the chunk's reports (rejected games and kept oddities, located in the whole
//! input). The CLI's `export --threads` and the Python package's `read_tables` both call it.

use std::io::{self, Read};
use std::sync::Arc;

use scoresheet_pgn::parallel::ChunkLog;
use scoresheet_pgn::pump::{Pump, PumpError};
use scoresheet_pgn::select::TagExpr;
use scoresheet_pgn::ReadOptions;

use crate::batches::Batches;
use crate::convert::{ExportBatch, GameConverter};
use crate::encoded::EncodedBatches;
use crate::options::ExportOptions;
use crate::recycle::Recycler;

/// Input per chunk: about 750 games of a lichess file, so a chunk's batches are worth their
/// fixed cost and `4 × threads` chunks in flight stay a few MB.
pub const CHUNK_BYTES: usize = 1 << 20;

/// Games per chunk at most (about): a chunk's games are one batch of `games` rows (and, unless
/// encoded, of `moves` rows), and `4 × threads` chunks are in flight, so that without a bound
/// an export's memory would grow with the games a chunk's bytes hold (8 MB of `1. e4 e5 *`
/// lines are 760,000 games). Ordinary games (a lichess file: about 6,000 in 8 MB) are cut by
/// bytes alone.
pub const CHUNK_GAMES: usize = 16 << 10;

/// Settings of [`export_parallel`], with chaining setters.
#[derive(Debug, Clone)]
pub struct ParallelExport {
    threads: usize,
    chunk_bytes: usize,
    keep_oddities: bool,
    encode_parquet: bool,
    export: ExportOptions,
    recycler: Option<Recycler>,
    selection: Option<Arc<TagExpr>>,
    input_len: Option<u64>,
    read: ReadOptions,
}

impl ParallelExport {
    /// `threads` workers (at least one), chunks of [`CHUNK_BYTES`], no oddities kept, the
    /// default [`ExportOptions`].
    pub const fn new(threads: usize) -> ParallelExport {
        ParallelExport {
            threads,
            chunk_bytes: CHUNK_BYTES,
            keep_oddities: false,
            encode_parquet: false,
            export: ExportOptions::new(),
            recycler: None,
            selection: None,
            input_len: None,
            read: GameConverter::read_options(),
        }
    }

    /// The readers' settings ([`GameConverter::read_options`] by default): the size cap of a
    /// game ([`ReadOptions::max_game_bytes`]).
    pub const fn read_options(mut self, options: ReadOptions) -> ParallelExport {
        self.read = options;
        self
    }

    /// The input holds about `len` bytes: small inputs are cut into smaller chunks so that the
    /// threads end together (see [`Pump::input_len`]).
    pub fn input_len(mut self, len: Option<u64>) -> ParallelExport {
        self.input_len = len;
        self
    }

    /// Exports only the games whose tags satisfy `expr` (`None`: every game); the others are
    /// counted in each log's [`not_selected_games`](ChunkLog::not_selected_games). See
    /// [`Pump::select_where`].
    pub fn select_where(mut self, expr: Option<Arc<TagExpr>>) -> ParallelExport {
        self.selection = expr;
        self
    }

    /// Chunks of about this many bytes of input.
    pub fn chunk_bytes(mut self, bytes: usize) -> ParallelExport {
        self.chunk_bytes = bytes;
        self
    }

    /// Whether each oddity goes into the chunk's log as a warning (the tally always does).
    pub fn keep_oddities(mut self, keep: bool) -> ParallelExport {
        self.keep_oddities = keep;
        self
    }

    /// With several threads, whether each worker also encodes the `moves` of its chunks as
    /// Parquet row groups of the dataset's files, for [`export_parallel_encoded`] (off by
    /// default; with one thread the writer encodes, in row groups of up to a million rows).
    /// Each chunk is then a row group: see [`PARQUET_CHUNK_BYTES`](crate::PARQUET_CHUNK_BYTES).
    pub fn encode_parquet(mut self, yes: bool) -> ParallelExport {
        self.encode_parquet = yes;
        self
    }

    /// The table settings (`fen_after`); the batch size is one chunk's games.
    pub fn export(mut self, options: ExportOptions) -> ParallelExport {
        self.export = options;
        self
    }

    /// Where the deliverer hands back written batches ([`Recycler::give_back`]) for the
    /// workers to fill their buffers again: none by default.
    pub fn recycler(mut self, recycler: Recycler) -> ParallelExport {
        self.recycler = Some(recycler);
        self
    }
}

/// Converts the games of `src` (named `source` in the `source_file` column) into batches of
/// both tables, delivered in input order to `deliver` with the chunk's log: games converted
/// and rejected (with their messages, located in the whole input), plies, oddities.
///
/// ```
/// use std::sync::Arc;
/// use scoresheet_export::{export_parallel, ParallelExport};
///
/// let pgn = b"1. e4 e5 *\n\n1. d4 Qxd8 *\n\n[Event \"c\"]\n\n1. c4 *\n".repeat(100);
/// let (mut games, mut moves, mut rejected) = (0, 0, Vec::new());
/// export_parallel(&pgn[..], Arc::from("x.pgn"), ParallelExport::new(2).chunk_bytes(64), |b, log| {
///     games += b.games.num_rows();
///     moves += b.moves.num_rows();
///     rejected.extend(log.rejections().map(|e| e.to_string()));
///     Ok(())
/// })?;
/// assert_eq!((games, moves, rejected.len()), (200, 300, 100));
/// assert!(rejected[0].starts_with("game 2 (from line 3), line 3, column 7"), "{}", rejected[0]);
/// # Ok::<_, scoresheet_pgn::pump::PumpError>(())
/// ```
///
/// # Errors
///
/// A read error (after delivering every game read whole before it), or the first error of
/// `deliver` (reading stops). A batch that cannot be built (a text column past 2 GiB in one
/// chunk) is a delivery error.
pub fn export_parallel<R: Read + Send>(
    src: R,
    source: Arc<str>,
    settings: ParallelExport,
    mut deliver: impl FnMut(Batches, &ChunkLog) -> io::Result<()> + Send,
) -> Result<(), PumpError> {
    let settings = settings.encode_parquet(false);
    export_parallel_encoded(src, source, settings, |chunk, log| {
        match chunk.into_batches() {
            Some(batches) => deliver(batches, log),
            None => Err(io::Error::other("a chunk was encoded though not asked to")),
        }
    })
}

/// [`export_parallel`], delivering each chunk's batches with, when
/// [`ParallelExport::encode_parquet`] and several threads, their Parquet row groups encoded by
/// the worker ([`crate::DatasetWriter::write_encoded`] appends them).
///
/// # Errors
///
/// As [`export_parallel`].
pub fn export_parallel_encoded<R: Read + Send>(
    src: R,
    source: Arc<str>,
    settings: ParallelExport,
    mut deliver: impl FnMut(EncodedBatches, &ChunkLog) -> io::Result<()> + Send,
) -> Result<(), PumpError> {
    let pump = Pump::new(settings.threads)
        .chunk_bytes(settings.chunk_bytes)
        .chunk_games(CHUNK_GAMES)
        .input_len(settings.input_len)
        .read_options(settings.read)
        .select_where(settings.selection.clone());
    // With several threads a chunk is one batch (when encoding, its moves are encoded a
    // batch of the options' size at a time); with one, batches of the options' size.
    let encode = settings.encode_parquet && pump.threads() > 1;
    let export = match pump.threads() {
        1 => settings.export,
        _ if encode => settings.export,
        _ => settings.export.batch_games(usize::MAX),
    };
    let new_worker = || {
        let mut converter = GameConverter::new(Arc::clone(&source), export);
        converter.keep_oddities(settings.keep_oddities);
        converter.recycle_from(settings.recycler.clone());
        converter.encode_parquet(encode);
        converter
    };
    pump.run(src, new_worker, |batch: &mut ExportBatch, log| {
        match batch.take() {
            Some(Ok(batches)) => deliver(batches, &log),
            Some(Err(e)) => Err(e),
            // Every run is converted (`end_run`) before it is delivered.
            None => Err(io::Error::other("a run of games was not converted")),
        }
    })
}
