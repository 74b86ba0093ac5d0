//! Reading one input with several threads: [`read_parallel`] cuts the input into chunks of
//! whole games, has `N` workers convert them, and hands each chunk's output over in input order,
//! with the reports of its games located in the whole input.
//!
//! - **Cutting** (under the input's lock, without tokenizing): about
//!   [`ParallelOptions::chunk_bytes`] of input, cut at the next line starting with `[` that
//!   follows a blank line when the reader cannot be in a tag section there (the reader ends a
//!   game there, whatever came before; see `cutter.rs`). Files without such lines (bare
//!   movetext, tag sections only) are cut where the reader itself ends a game, so a chunk's
//!   size stays bounded whatever the input; with [`ParallelOptions::chunk_games`], chunks also
//!   end after about that many games.
//! - **A game over the size cap** ([`ReadOptions::max_game_bytes`]) is not held whole: once
//!   the bytes read reach 128 KiB past its cap (where the reader gives such a game up,
//!   whatever it has read), they are a chunk, whose reader reports the game; the rest of the
//!   game is skipped as it is read, by the reader's rule (to the next line starting with `[`
//!   after blanks), and the next chunk starts there. Memory is bounded by the cap, not by the
//!   game. The bytes of a game that large are held once: the cutter's reader of them and the
//!   worker's reader of a chunk much larger than [`ParallelOptions::chunk_bytes`] read them in
//!   place (the same tokens and locations as a reader copying them into its buffer would read),
//!   so that several threads hold no more of such a game than one reader does.
//! - **Order and memory**: converted chunks wait until those before them are delivered; a worker
//!   more than `4 N` chunks ahead of the delivery waits before taking another. There is no other
//!   thread: the worker that completes the run of chunks due next delivers them, one worker at a
//!   time, without holding the lock the others need to hand in a chunk and take the next (so
//!   that a slow delivery, such as encoding Parquet, overlaps the others' converting).
//! - **Locations**: a worker reads its chunk with a [`Reader`] of its own, so the locations it
//!   reports are within the chunk; they are moved to the whole input (game index, line, byte)
//!   before delivery, so messages read as if one reader had read the input.
//! - **I/O errors**: the games read whole before the error (their result marker read) are
//!   converted and delivered; then [`read_parallel`] returns the error. An error a worker
//!   finds that ends the input (a UTF-16 or binary input: [`ChunkLog::fatal`]) is returned the
//!   same way, after the games before it, so that every thread count stops where one reader
//!   stops. The input's start (as much as the reader checks: 8 KiB) is read by a reader before
//!   any chunk is cut, and an input it refuses is refused whole; the readers of the chunks but
//!   the first do not check their starts.
//!
//! - **Pushed input** (`Feeder`, behind [`pump::Feed`](crate::pump::Feed)): the same cutting
//!   on the caller's thread, for bytes handed over piece by piece; the source says
//!   [`io::ErrorKind::WouldBlock`] when the pieces so far are used up, and the cutting resumes
//!   where it was once more come.
//!
//! Buffers go round: chunk buffers back to the input once converted (but those of chunks much
//! larger than the chunk size, read in place and dropped), batches back to the workers once
//! delivered (the delivery empties them), so that after the first chunks little is allocated.
//!
//! ```
//! use scoresheet_pgn::parallel::{read_parallel, ChunkLog, ParallelOptions};
//! use scoresheet_pgn::replay::ReplayedGames;
//!
//! let pgn = b"[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. d4 Qxd8 *\n\n[Event \"c\"]\n\n1. c4 *\n";
//! let mut sans = Vec::new();
//! let mut rejected = Vec::new();
//! read_parallel(
//!     &pgn[..],
//!     &ParallelOptions::new(2).chunk_bytes(8),
//!     || (),
//!     |_, reader, log, batch: &mut Vec<String>| {
//!         for game in ReplayedGames::from_reader(reader) {
//!             match game {
//!                 Ok(game) => {
//!                     log.converted(game.plies.len() as u64);
//!                     batch.extend(game.plies.iter().map(|p| p.san.to_string()));
//!                 }
//!                 Err(e) => log.rejected(e),
//!             }
//!         }
//!     },
//!     |batch, log| {
//!         sans.append(batch);
//!         rejected.extend(log.rejections().map(|e| e.to_string()));
//!         Ok(())
//!     },
//! )?;
//! assert_eq!(sans, ["e4", "e5", "c4"]);
//! assert_eq!(rejected.len(), 1);
//! assert!(rejected[0].starts_with("game 2 (from line 5), line 7, column 7: move \"Qxd8\""), "{}", rejected[0]);
//! # Ok::<_, scoresheet_pgn::parallel::ParallelError>(())
//! ```

mod cutter;

use std::collections::BTreeMap;
use std::io::{self, Read};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::{error, fmt, thread};

use crate::buffer::BIG;
use crate::replay::GameError;
use crate::scan::BINARY_WINDOW;
use crate::{Location, Oddities, ReadError, ReadErrorKind, ReadOptions, Reader};

use crate::scan::Resync;
use cutter::{reader_cut, Cutter, ReaderCut, FALLBACK_AFTER};

/// Settings of [`read_parallel`], with chaining setters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParallelOptions {
    threads: usize,
    chunk_bytes: usize,
    chunk_games: usize,
    read: ReadOptions,
}

impl ParallelOptions {
    /// `threads` workers (at least one), chunks of 32 KiB, the default [`ReadOptions`].
    pub const fn new(threads: usize) -> ParallelOptions {
        ParallelOptions {
            threads: if threads == 0 { 1 } else { threads },
            chunk_bytes: 32 << 10,
            chunk_games: usize::MAX,
            read: ReadOptions::new(),
        }
    }

    /// Chunks also end at the first cut after about this many games (at least 1; no bound by
    /// default), so that what a chunk's games become (rows, text) does not grow with the games
    /// a chunk of input bytes holds. Counted as the reader cuts (where no quick cut is found)
    /// or as blank lines before a `[` (which start a game's tags: an estimate from above).
    pub const fn chunk_games(mut self, games: usize) -> ParallelOptions {
        self.chunk_games = if games == 0 { 1 } else { games };
        self
    }

    /// Chunks end at the first cut at least this many bytes after their start (at least 1).
    /// Small enough that a chunk's output stays in a core's cache until it is delivered.
    pub const fn chunk_bytes(mut self, bytes: usize) -> ParallelOptions {
        self.chunk_bytes = if bytes == 0 { 1 } else { bytes };
        self
    }

    /// The chunk size: chunks end at the first cut at least this many bytes after their start.
    pub const fn chunk_size(&self) -> usize {
        self.chunk_bytes
    }

    /// The settings of the workers' readers.
    pub const fn read_options(mut self, options: ReadOptions) -> ParallelOptions {
        self.read = options;
        self
    }

    /// The readers' settings.
    pub const fn read(&self) -> ReadOptions {
        self.read
    }
}

/// What happened to the games of one chunk, filled by the worker: counts, rejected games and
/// kept oddities in input order, and the oddity tally.
#[derive(Debug, Default)]
pub struct ChunkLog {
    events: Vec<Event>,
    oddities: Oddities,
    converted: u64,
    not_selected: u64,
    plies: u64,
    chunk_byte: u64,
    first_game: u64,
    fatal: Option<ReadError>,
}

/// A rejected game or a kept oddity, in input order.
#[derive(Debug)]
pub enum Event {
    /// A game that was not converted.
    Rejected(GameError),
    /// An oddity to show: where, and what.
    Warning(Location, String),
}

impl ChunkLog {
    /// Where the chunk being converted starts in the input (its first byte, after
    /// decompression): a worker adds it to the byte offsets it reads within the chunk to place
    /// its output in the input (the locations in the log are moved at delivery).
    pub fn chunk_byte(&self) -> u64 {
        self.chunk_byte
    }

    /// The index (from 0) in the whole input of the run's first game, once delivered: a game
    /// the worker read as game `i` of its chunk is game `first_game() + i` of the input.
    pub fn first_game(&self) -> u64 {
        self.first_game
    }

    /// Counts a converted game of `plies` plies.
    pub fn converted(&mut self, plies: u64) {
        self.converted += 1;
        self.plies += plies;
    }

    /// Counts `games` left out by a selection (see [`Reader::select_where`]).
    pub fn not_selected(&mut self, games: u64) {
        self.not_selected += games;
    }

    /// Records a rejected game (its reader error or replay error).
    pub fn rejected(&mut self, error: impl Into<GameError>) {
        self.events.push(Event::Rejected(error.into()));
    }

    /// Records an error that ends the input (one that [`ReadError::is_recoverable`] says the
    /// reader cannot read on after, such as a UTF-16 input): this chunk's games before it are
    /// delivered, no chunk after it is, and [`read_parallel`] returns
    /// [`ParallelError::Fatal`], as one reader would stop there.
    pub fn fatal(&mut self, error: ReadError) {
        self.fatal = Some(error);
    }

    /// Takes the error that ended the input, if any.
    pub(crate) fn take_fatal(&mut self) -> Option<ReadError> {
        self.fatal.take()
    }

    /// Records an oddity to show.
    pub fn warning(&mut self, at: Location, what: String) {
        self.events.push(Event::Warning(at, what));
    }

    /// Adds to the oddity tally.
    pub fn add_oddities(&mut self, oddities: &Oddities) {
        self.oddities.merge(oddities);
    }

    /// Rejected games and kept oddities, in input order.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// Takes the rejected games and kept oddities, in input order.
    pub(crate) fn take_events(&mut self) -> Vec<Event> {
        std::mem::take(&mut self.events)
    }

    /// The rejected games, in input order.
    pub fn rejections(&self) -> impl Iterator<Item = &GameError> {
        self.events.iter().filter_map(|e| match e {
            Event::Rejected(e) => Some(e),
            Event::Warning(..) => None,
        })
    }

    /// Games converted.
    pub fn converted_games(&self) -> u64 {
        self.converted
    }

    /// Games rejected.
    pub fn rejected_games(&self) -> u64 {
        self.rejections().count() as u64
    }

    /// Games left out by a selection.
    pub fn not_selected_games(&self) -> u64 {
        self.not_selected
    }

    /// Plies of the converted games.
    pub fn plies(&self) -> u64 {
        self.plies
    }

    /// The oddity tally.
    pub fn oddities(&self) -> &Oddities {
        &self.oddities
    }

    /// Moves every location from the chunk into the input that starts at `start`.
    fn offset_by(&mut self, start: Location) {
        self.first_game = start.game_index;
        if let Some(e) = &mut self.fatal {
            e.offset_by(start);
        }
        for event in &mut self.events {
            match event {
                Event::Rejected(e) => e.offset_by(start),
                Event::Warning(at, _) => *at = at.offset_by(start),
            }
        }
    }
}

/// Why [`read_parallel`] stopped early.
#[derive(Debug)]
pub enum ParallelError {
    /// Reading the input failed after `byte` bytes; the whole games before were delivered.
    Read {
        /// Input bytes read before the error.
        byte: u64,
        /// The error.
        error: io::Error,
    },
    /// The delivery failed (writing the output); reading stopped.
    Deliver(io::Error),
    /// A worker met an error that ends the input ([`ChunkLog::fatal`]), located in the whole
    /// input; the games before it were delivered.
    Fatal(ReadError),
}

impl fmt::Display for ParallelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParallelError::Read { byte, .. } => write!(f, "i/o error after byte {byte}"),
            ParallelError::Deliver(_) => f.write_str("cannot write the output"),
            ParallelError::Fatal(e) => e.fmt(f),
        }
    }
}

impl error::Error for ParallelError {
    fn source(&self) -> Option<&(dyn error::Error + 'static)> {
        match self {
            ParallelError::Read { error, .. } | ParallelError::Deliver(error) => Some(error),
            ParallelError::Fatal(e) => Some(e),
        }
    }
}

/// Reads `src` with `options.threads` workers; see the [module docs](self).
///
/// Each worker thread gets its own state from `new_worker`. `convert` reads the games of one
/// chunk from the reader it is given, records in the [`ChunkLog`] what became of each (every
/// game read must be counted, as converted, rejected or not selected: the count places the games of the
/// chunks after it), and puts its output into the batch
/// (a recycled one, emptied by `deliver`). `deliver` gets the batches in input order, with the
/// log's locations moved into the whole input.
///
/// # Errors
///
/// A read error (after delivering the games read whole before it) or the first delivery error.
pub fn read_parallel<R, W, B>(
    src: R,
    options: &ParallelOptions,
    new_worker: impl Fn() -> W + Sync,
    convert: impl Fn(&mut W, Reader<&[u8]>, &mut ChunkLog, &mut B) + Sync,
    deliver: impl FnMut(&mut B, ChunkLog) -> io::Result<()> + Send,
) -> Result<(), ParallelError>
where
    R: Read + Send,
    B: Default + Send,
{
    let input = Mutex::new(Input::new(src, *options));
    // Kept apart from `input`, whose lock a worker holds while it waits for the source: a
    // worker giving its chunk's buffer back must not wait for the next chunk to be read.
    let spare_bytes = Mutex::new(Vec::new());
    let output = Mutex::new(Output::default());
    let sink = Mutex::new(deliver);
    let delivered = Condvar::new();
    let window = 4 * options.threads as u64;
    thread::scope(|scope| {
        for _ in 0..options.threads {
            scope.spawn(|| {
                let mut worker = new_worker();
                loop {
                    let Some(mut chunk) = lock(&input).next_chunk(&spare_bytes) else {
                        return;
                    };
                    let mut batch = lock(&output).spare.pop().unwrap_or_default();
                    let (log, bytes) = convert_chunk(&mut chunk, options, |reader, log| {
                        convert(&mut worker, reader, log, &mut batch);
                    });
                    lock(&spare_bytes).extend(bytes);
                    let mut out = lock(&output);
                    let start = (chunk.byte, chunk.line, chunk.column);
                    out.pending.insert(chunk.seq, (start, batch, log));
                    out = deliver_ready(out, &output, &sink, &delivered);
                    // Not more than `window` chunks ahead of the delivery.
                    while !out.stopped() && chunk.seq >= out.delivered + window {
                        out = delivered.wait(out).unwrap_or_else(PoisonError::into_inner);
                    }
                    if out.stopped() {
                        drop(out);
                        lock(&input).stop = true;
                        return;
                    }
                }
            });
        }
    });
    let output = output.into_inner().unwrap_or_else(PoisonError::into_inner);
    let input = input.into_inner().unwrap_or_else(PoisonError::into_inner);
    outcome(input, output)
}

/// Reads a chunk (only the first chunk starts the input: a byte order mark there is skipped
/// silently, and the input's start was checked before cutting) into its log. Takes the chunk's
/// bytes, and gives them back when they are worth keeping for another chunk: not those of a
/// chunk that held a game much larger than a chunk, which its reader reads in place instead
/// of copying them into its buffer (a game of up to the size cap is then held once, not twice).
fn convert_chunk(
    chunk: &mut Chunk,
    options: &ParallelOptions,
    convert: impl FnOnce(Reader<&[u8]>, &mut ChunkLog),
) -> (ChunkLog, Option<Vec<u8>>) {
    let mut log = ChunkLog {
        chunk_byte: chunk.byte,
        ..ChunkLog::default()
    };
    let bytes = std::mem::take(&mut chunk.bytes);
    let first = chunk.seq == 0;
    if bytes.capacity() > 4 * (options.chunk_bytes + FALLBACK_AFTER) {
        convert(
            started(Reader::in_memory(bytes, options.read), first),
            &mut log,
        );
        return (log, None);
    }
    convert(
        started(Reader::with_options(&bytes[..], options.read), first),
        &mut log,
    );
    (log, Some(bytes))
}

/// A chunk's reader: only the input's first chunk is read as the input's start.
fn started<R: Read>(reader: Reader<R>, first: bool) -> Reader<R> {
    match first {
        true => reader,
        false => reader.within_input(),
    }
}

/// How a parallel reading ended: the delivery's error, else an input refused or given up, else
/// a read error after the games before it were delivered.
fn outcome<R, B>(input: Input<R>, output: Output<B>) -> Result<(), ParallelError> {
    if let Some(e) = output.failed {
        return Err(ParallelError::Deliver(e));
    }
    if let Some(e) = output.fatal.or(input.fatal) {
        return Err(ParallelError::Fatal(e));
    }
    match input.error {
        Some((error, byte)) => Err(ParallelError::Read { byte, error }),
        None => Ok(()),
    }
}

/// Whether a fill stopped because the source has nothing for now (a [`Feeder`]'s bytes).
fn starved(filled: &io::Result<bool>) -> bool {
    matches!(filled, Err(e) if e.kind() == io::ErrorKind::WouldBlock)
}

/// The bytes pushed into a [`Feeder`] and not yet cut: read as a source that says
/// [`io::ErrorKind::WouldBlock`] when they run out before the input's end was announced.
#[derive(Debug, Default)]
struct Pushed {
    bytes: Vec<u8>,
    /// Bytes of `bytes` already read.
    read: usize,
    finished: bool,
}

impl Pushed {
    fn waiting(&self) -> usize {
        self.bytes.len().saturating_sub(self.read)
    }
}

impl Read for Pushed {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let rest = self.bytes.get(self.read..).unwrap_or_default();
        if rest.is_empty() {
            self.bytes.clear();
            self.read = 0;
            return match self.finished {
                true => Ok(0),
                false => Err(io::ErrorKind::WouldBlock.into()),
            };
        }
        let n = rest.len().min(out.len());
        out[..n].copy_from_slice(&rest[..n]);
        self.read += n;
        Ok(n)
    }
}

/// The input cut into chunks of whole games as its bytes are pushed, on the caller's thread:
/// what [`read_parallel`] does with a source it pulls from, for a caller that is handed the
/// bytes instead (a browser's stream, read by awaiting each piece). The same cuts (the same
/// [`Input`]), the same readers of the chunks, the same locations in the whole input; only
/// no threads. See [`Feed`](crate::pump::Feed), which converts the chunks.
pub(crate) struct Feeder {
    input: Input<Pushed>,
    /// Games in the chunks handed out, for the locations of the next.
    games_before: u64,
    spare: SpareBytes,
}

impl fmt::Debug for Feeder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Feeder")
            .field("byte", &self.input.byte)
            .field("games_before", &self.games_before)
            .finish_non_exhaustive()
    }
}

impl Feeder {
    /// A feeder cutting chunks as `options` says (its thread count is not used).
    pub(crate) fn new(options: ParallelOptions) -> Feeder {
        Feeder {
            input: Input::new(Pushed::default(), options),
            games_before: 0,
            spare: Mutex::new(Vec::new()),
        }
    }

    /// More bytes of the input.
    pub(crate) fn push(&mut self, bytes: &[u8]) {
        let pushed = &mut self.input.src;
        if pushed.read > 0 {
            pushed.bytes.drain(..pushed.read.min(pushed.bytes.len()));
            pushed.read = 0;
        }
        pushed.bytes.extend_from_slice(bytes);
    }

    /// The input ends after the bytes pushed.
    pub(crate) fn finish(&mut self) {
        self.input.src.finished = true;
    }

    /// Bytes pushed and not yet taken into a chunk's buffer.
    pub(crate) fn waiting(&self) -> usize {
        self.input.src.waiting()
    }

    /// Whether the end was announced ([`finish`](Self::finish)).
    pub(crate) fn finished(&self) -> bool {
        self.input.src.finished
    }

    /// Whether no chunk is left: the input ended and every byte was handed out, or it was
    /// refused ([`refused`](Self::refused)).
    pub(crate) fn is_done(&self) -> bool {
        self.input.stop || (self.input.eof && self.input.buf.is_empty())
    }

    /// Why the input was refused at its start (UTF-16, binary), once.
    pub(crate) fn refused(&mut self) -> Option<ReadError> {
        self.input.fatal.take()
    }

    /// Converts the next chunk of whole games with `convert` (as [`read_parallel`]'s workers
    /// do) into `batch`, and gives its log with the locations moved into the whole input; or
    /// `None` when more bytes are needed to find where the next chunk ends, or none is left.
    pub(crate) fn next<B>(
        &mut self,
        convert: impl FnOnce(Reader<&[u8]>, &mut ChunkLog, &mut B),
        batch: &mut B,
    ) -> Option<ChunkLog> {
        let options = self.input.options;
        let mut chunk = self.input.next_chunk(&self.spare)?;
        let (mut log, bytes) = convert_chunk(&mut chunk, &options, |reader, log| {
            convert(reader, log, batch)
        });
        lock(&self.spare).extend(bytes);
        let start = Location {
            game_index: self.games_before,
            game_first_line: chunk.line,
            line: chunk.line,
            column: chunk.column,
            byte: chunk.byte,
        };
        self.games_before += log.converted + log.rejected_games() + log.not_selected;
        log.offset_by(start);
        Some(log)
    }
}

/// Locks, going on with the data of a worker that panicked (it cannot leave it half-changed:
/// every change under these locks is a push, a pop or a counter).
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Raw games to convert.
struct Chunk {
    /// Place in the input, from 0.
    seq: u64,
    /// Where the chunk's first byte is in the input (usually the first of a line; a cut where
    /// the reader ended a game may fall inside one: games that share a line).
    byte: u64,
    line: u64,
    column: u64,
    bytes: Vec<u8>,
}

/// The input, cut into chunks of whole games.
struct Input<R> {
    src: R,
    options: ParallelOptions,
    /// Bytes read and not yet handed out, from a chunk's start.
    buf: Vec<u8>,
    cutter: Cutter,
    /// The games counted in `buf`, for [`ParallelOptions::chunk_games`].
    starts: GameStarts,
    /// Where `buf` starts in the input.
    byte: u64,
    line: u64,
    column: u64,
    seq: u64,
    eof: bool,
    /// Set when the delivery failed or the input was refused: no more chunks.
    stop: bool,
    /// Set when the last chunk ends inside a game over the size cap: the rest of it is skipped
    /// before the next chunk, from this state of the reader's skipping.
    skip: Option<Resync>,
    /// Whether the input's start was checked.
    started: bool,
    /// Why the input was refused at its start (UTF-16, binary).
    fatal: Option<ReadError>,
    error: Option<(io::Error, u64)>,
}

/// Chunk buffers given back by the workers, for [`Input`] to fill again.
type SpareBytes = Mutex<Vec<Vec<u8>>>;

impl<R: Read> Input<R> {
    fn new(src: R, options: ParallelOptions) -> Input<R> {
        Input {
            src,
            options,
            buf: Vec::new(),
            cutter: Cutter::default(),
            starts: GameStarts::default(),
            byte: 0,
            line: 1,
            column: 1,
            seq: 0,
            eof: false,
            stop: false,
            skip: None,
            started: false,
            fatal: None,
            error: None,
        }
    }

    /// The next chunk: whole games from at least `chunk_bytes` of input, or all that is left at
    /// the end. After a read error, the whole games read before it, then nothing. A source
    /// that says [`io::ErrorKind::WouldBlock`] (the bytes of a [`Feeder`] so far) gives
    /// nothing for now, and the cutting goes on where it was at the next call.
    fn next_chunk(&mut self, spare: &SpareBytes) -> Option<Chunk> {
        if !self.started {
            let filled = fill(&mut self.src, &mut self.buf, BINARY_WINDOW);
            if starved(&filled) {
                return None;
            }
            self.started = true;
            self.fatal = refused_start(&self.buf, self.options.read);
            if self.fatal.is_some() {
                self.stop = true;
                return None;
            }
            match filled {
                Ok(eof) => self.eof = eof,
                Err(e) => return self.broken_off(e, spare),
            }
        }
        if let Some(mut skip) = self.skip.take() {
            match self.skip_rest(&mut skip) {
                Ok(()) => {}
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => {
                    self.skip = Some(skip);
                    return None;
                }
                Err(e) => return self.broken_off(e, spare),
            }
        }
        self.cut_chunk(spare)
    }

    /// The next chunk from the bytes held and as many more as deciding its end takes.
    fn cut_chunk(&mut self, spare: &SpareBytes) -> Option<Chunk> {
        let size = self.options.chunk_bytes;
        let mut want = size + size / 4;
        loop {
            if self.stop {
                return None;
            }
            let from = self.starts.bound(&self.buf, size, self.options.chunk_games);
            if let Some(cut) = self.cutter.find(&self.buf, from) {
                return Some(self.cut(cut, spare));
            }
            if self.eof {
                if let Some(cut) = self.games_cut_at_end(from) {
                    return Some(self.cut(cut, spare));
                }
                return (!self.buf.is_empty()).then(|| self.cut(self.buf.len(), spare));
            }
            if self.buf.len() >= size + FALLBACK_AFTER {
                if let Some(cut) = self.sure_cut(from, &mut want) {
                    return Some(self.cut(cut, spare));
                }
            }
            want = want.max(self.buf.len() + (size / 4).max(8 << 10));
            match fill(&mut self.src, &mut self.buf, want) {
                Ok(eof) => self.eof = eof,
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => return None,
                Err(e) => return self.broken_off(e, spare),
            }
        }
    }

    /// The sure way ([`reader_cut`]), when the quick way found no cut well past a chunk's
    /// bytes: where to cut, or `None` and how many bytes to hold before trying again (`want`).
    fn sure_cut(&mut self, from: usize, want: &mut usize) -> Option<usize> {
        let size = self.options.chunk_bytes;
        let games = self.options.chunk_games;
        match reader_cut(&mut self.buf, (from, games), false, self.options.read) {
            ReaderCut::At(cut) => Some(cut),
            ReaderCut::Oversized(skip) => {
                self.skip = Some(skip);
                Some(self.buf.len())
            }
            // A game longer than what is read: read on.
            ReaderCut::ReadTo(len, room) => {
                *want = (*want).max(len);
                // Room at once past a few chunks, or past a big game's size as the reader's
                // buffer does: doubling would copy the game's bytes each time, holding the old
                // and the new buffer together (with chunks of 8 MiB, 32 MiB and then the room).
                if len > BIG.min(4 * (size + FALLBACK_AFTER)) {
                    self.buf.reserve_exact(room.saturating_sub(self.buf.len()));
                }
                None
            }
            ReaderCut::Nothing => {
                *want = (*want).max(2 * self.buf.len());
                None
            }
        }
    }

    /// At the end of the input, where the rest is cut when it may hold more games than
    /// [`ParallelOptions::chunk_games`]: few of its games were counted by their tags (a game
    /// start counted every [`BYTES_A_COUNTED_GAME`] bytes or more: bare movetext, or long
    /// games), so the reader counts them ([`reader_cut`] at the end of the input). Otherwise
    /// (and when the reader finds no such cut) the rest is one chunk. Without this, an input of
    /// tiny games without tags of up to a chunk's bytes (8 MB: 760,000 games of `1. e4 e5 *`)
    /// was one chunk, its rows held at once.
    fn games_cut_at_end(&mut self, from: usize) -> Option<usize> {
        let games = self.options.chunk_games;
        if games == usize::MAX {
            return None;
        }
        let counted = self.starts.count.saturating_add(1);
        if counted.saturating_mul(BYTES_A_COUNTED_GAME) >= self.starts.scanned {
            return None;
        }
        match reader_cut(&mut self.buf, (from, games), true, self.options.read) {
            ReaderCut::At(cut) if cut > 0 && cut < self.buf.len() => Some(cut),
            _ => None,
        }
    }

    /// Hands out `buf[..end]`: a short head is copied out (the rest stays where it is, and
    /// the chunk holds no more capacity than it needs), else the rest is copied into a
    /// buffer of its own.
    fn cut(&mut self, end: usize, spare: &SpareBytes) -> Chunk {
        let mut other = lock(spare).pop().unwrap_or_default();
        other.clear();
        let bytes = if end < self.buf.len() / 2 {
            other.extend_from_slice(&self.buf[..end]);
            self.buf.drain(..end);
            other
        } else {
            other.extend_from_slice(&self.buf[end..]);
            let mut bytes = std::mem::replace(&mut self.buf, other);
            bytes.truncate(end);
            bytes
        };
        let chunk = Chunk {
            seq: self.seq,
            byte: self.byte,
            line: self.line,
            column: self.column,
            bytes,
        };
        self.seq += 1;
        self.moved_past(&chunk.bytes, self.buf.first().copied());
        self.cutter.cut_off(end);
        self.starts = GameStarts::default();
        chunk
    }

    /// Moves where `buf` starts past `bytes` (followed by `next`).
    fn moved_past(&mut self, bytes: &[u8], next: Option<u8>) {
        self.byte += bytes.len() as u64;
        let (lines, last) = line_breaks(bytes, next);
        self.line += lines;
        self.column = match last {
            Some(newline) => (bytes.len() - newline) as u64,
            None => self.column + bytes.len() as u64,
        };
    }

    /// Skips the rest of a game over the size cap, from where the reader of its chunk stopped
    /// (at the chunk's end, in state `skip`), by the reader's rule ([`Resync`]) and without
    /// keeping it: to the line where the next game starts, or the end of the input.
    fn skip_rest(&mut self, skip: &mut Resync) -> io::Result<()> {
        let read = self.options.chunk_bytes.clamp(64 << 10, 1 << 20);
        loop {
            if let Some(at) = skip.find(&self.buf) {
                self.drop_front(at);
                return Ok(());
            }
            // A `\r` at the end stays, so that a `\r\n` split between reads is one line break.
            let keep_cr = !self.eof && self.buf.last() == Some(&b'\r');
            self.drop_front(self.buf.len() - usize::from(keep_cr));
            if self.eof {
                return Ok(());
            }
            let want = self.buf.len() + read;
            self.eof = fill(&mut self.src, &mut self.buf, want)?;
        }
    }

    /// Drops the first `n` bytes of `buf`, which no chunk holds.
    fn drop_front(&mut self, n: usize) {
        let bytes = std::mem::take(&mut self.buf);
        self.moved_past(&bytes[..n], bytes.get(n).copied());
        self.buf = bytes;
        self.buf.drain(..n);
        self.cutter.cut_off(n);
        self.starts = GameStarts::default();
    }

    /// The input broke off after `buf`: its whole games (those whose result marker was read)
    /// are the last chunk; the error is returned once the workers are done.
    fn broken_off(&mut self, e: io::Error, spare: &SpareBytes) -> Option<Chunk> {
        self.error = Some((e, self.byte + self.buf.len() as u64));
        self.eof = true;
        let whole = match reader_cut(&mut self.buf, (0, usize::MAX), true, self.options.read) {
            ReaderCut::At(end) => end,
            _ => 0,
        };
        let chunk = (whole > 0).then(|| self.cut(whole, spare));
        self.buf.clear();
        chunk
    }
}

/// Input bytes a game start counted by [`GameStarts`] at least covers on average when the
/// count may miss games (bare movetext): ordinary games with tags take about 1,300 bytes.
const BYTES_A_COUNTED_GAME: usize = 4 << 10;

/// Where the games of a chunk start, counted as blank lines followed by a `[` (each game with
/// tags after the first has one; a blank line inside a tag section counts too, so the count is
/// an estimate from above): for [`ParallelOptions::chunk_games`].
#[derive(Default)]
struct GameStarts {
    /// Bytes before this offset are counted.
    scanned: usize,
    count: usize,
    /// Where the game that reaches the bound starts.
    bound: Option<usize>,
}

impl GameStarts {
    /// Where the chunk in `buf` may end: `size`, or before it where about `games` games start.
    fn bound(&mut self, buf: &[u8], size: usize, games: usize) -> usize {
        if games == usize::MAX {
            return size;
        }
        if let Some(at) = self.bound {
            return at.min(size);
        }
        let end = buf.len().min(size);
        let finder = memchr::memmem::Finder::new(b"\n[");
        while let Some(found) = finder.find(buf.get(self.scanned..end).unwrap_or_default()) {
            let newline = self.scanned + found;
            self.scanned = newline + 1;
            let before = &buf[..newline];
            if before.ends_with(b"\n") || before.ends_with(b"\n\r") {
                self.count += 1;
                if self.count >= games {
                    self.bound = Some(newline + 1);
                    return newline + 1;
                }
            }
        }
        self.scanned = self.scanned.max(end.saturating_sub(1));
        size
    }
}

/// The line breaks in `bytes` as the reader counts them (`\n`, and `\r` not followed by `\n`;
/// `next` is the byte after `bytes`), and the index of the last one.
fn line_breaks(bytes: &[u8], next: Option<u8>) -> (u64, Option<usize>) {
    let mut lines = 0;
    let mut last = None;
    for at in memchr::memchr2_iter(b'\n', b'\r', bytes) {
        let lone_cr = bytes.get(at + 1).copied().or(next) != Some(b'\n');
        if bytes[at] == b'\n' || lone_cr {
            lines += 1;
            last = Some(at);
        }
    }
    (lines, last)
}

/// The error a reader of `start` (the input's first bytes, as many as the reader checks)
/// refuses the whole input with (UTF-16, binary), before any game: the reader's own check,
/// so that no thread count reads an input one reader refuses.
fn refused_start(start: &[u8], options: ReadOptions) -> Option<ReadError> {
    let start = &start[..start.len().min(BINARY_WINDOW)];
    let mut reader = Reader::with_options(start, options);
    match reader.read_game(&mut crate::visitor::SkipGame) {
        Err(e) if matches!(e.kind(), ReadErrorKind::Utf16 | ReadErrorKind::Binary) => Some(e),
        _ => None,
    }
}

/// A converted chunk: where it starts (byte, line, column), its batch and its log.
type Converted<B> = ((u64, u64, u64), B, ChunkLog);

/// Converted chunks on their way out, in input order.
struct Output<B> {
    /// Converted chunks not delivered yet, by place in the input.
    pending: BTreeMap<u64, Converted<B>>,
    /// Chunks delivered: the next one due is `delivered`.
    delivered: u64,
    /// Games in the chunks delivered.
    games_before: u64,
    /// Whether a worker is delivering (one at a time, in order).
    delivering: bool,
    failed: Option<io::Error>,
    /// The error that ended the input, from the chunk delivered last.
    fatal: Option<ReadError>,
    /// Batches given back.
    spare: Vec<B>,
}

impl<B> Default for Output<B> {
    fn default() -> Self {
        Output {
            pending: BTreeMap::new(),
            delivered: 0,
            games_before: 0,
            delivering: false,
            failed: None,
            fatal: None,
            spare: Vec::new(),
        }
    }
}

impl<B> Output<B> {
    /// Whether nothing more is delivered: the delivery failed, or a chunk ended the input.
    fn stopped(&self) -> bool {
        self.failed.is_some() || self.fatal.is_some()
    }
}

/// Delivers the chunks due, in order, unless another worker is at it (it delivers them then).
/// The lock on `output` is released while `deliver` runs (writing the output takes a while),
/// so that the other workers can hand in their chunks and take new ones meanwhile; only the
/// worker that set `delivering` calls `deliver`.
fn deliver_ready<'a, B, D: FnMut(&mut B, ChunkLog) -> io::Result<()>>(
    mut out: MutexGuard<'a, Output<B>>,
    output: &'a Mutex<Output<B>>,
    sink: &Mutex<D>,
    delivered: &Condvar,
) -> MutexGuard<'a, Output<B>> {
    if out.delivering {
        return out;
    }
    out.delivering = true;
    while let Some(((byte, line, column), mut batch, mut log)) = {
        let due = out.delivered;
        out.pending.remove(&due)
    } {
        let start = Location {
            game_index: out.games_before,
            game_first_line: line,
            line,
            column,
            byte,
        };
        out.games_before += log.converted + log.rejected_games() + log.not_selected;
        log.offset_by(start);
        let stopped = out.stopped();
        let fatal = log.fatal.take();
        drop(out);
        let result = match stopped {
            true => Ok(()),
            false => (*lock(sink))(&mut batch, log),
        };
        out = lock(output);
        if let Err(e) = result {
            out.failed = Some(e);
        }
        if !stopped && fatal.is_some() {
            out.fatal = fatal;
        }
        out.spare.push(batch);
        out.delivered += 1;
        delivered.notify_all();
    }
    out.delivering = false;
    out
}

/// Reads until `buf` holds `want` bytes or the input ends; true at the end.
fn fill(src: &mut impl Read, buf: &mut Vec<u8>, want: usize) -> io::Result<bool> {
    while buf.len() < want {
        let old = buf.len();
        buf.resize(want, 0);
        match src.read(&mut buf[old..]) {
            Ok(0) => {
                buf.truncate(old);
                return Ok(true);
            }
            Ok(n) => buf.truncate(old + n),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => buf.truncate(old),
            Err(e) => {
                buf.truncate(old);
                return Err(e);
            }
        }
    }
    Ok(false)
}
