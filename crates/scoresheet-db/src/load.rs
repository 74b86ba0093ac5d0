//! Loading PGN into a database: read, replay, store in batches.
//!
//! A reader thread parses games and converts them (one replay per game: each ply's
//! `PlyRecord` and the columns the database adds beside it, the EGD extended features
//! among them); writer threads store them, one
//! transaction per batch of [`LoadOptions::batch_size`] games (SQLite: one writer;
//! PostgreSQL: two connections, so that two server processes share the server's work); the
//! calling thread reports what was done in the input's order. Games are stored whole or not at
//! all:
//!
//! - A batch commits entirely or not at all; a crash (even `kill -9`) mid-batch loses only
//!   uncommitted work.
//! - Every game has a content hash (see [`games.content_hash`](crate#schema)); a game already
//!   stored is skipped and counted as a duplicate. Loading the same file again, or again after
//!   a crash, therefore ends with exactly the games of one clean load.
//! - A game that does not convert (bad move, bad FEN tag, ...) is reported through
//!   [`LoadEvent::Rejected`], not stored, and counted in [`LoadSummary::rejected`].
//!
//! Text is bound as parameters (SQLite) or sent by COPY (PostgreSQL). NUL characters, which
//! PostgreSQL text cannot hold, are replaced by U+FFFD on both databases (so both hold the same
//! games with the same hashes) and counted in [`LoadSummary::nul_replaced`]. Tag values and
//! comments that are not UTF-8 were decoded as Latin-1 by the reader.
//!
//! ```
//! use scoresheet_db::{load, Database, DatabaseUrl, LoadOptions};
//!
//! let pgn = b"[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n1. e4 Ke7?? 2. Qh5 Qz9 *\n";
//! let mut db = Database::open(&DatabaseUrl::sqlite_memory())?;
//! db.migrate()?;
//! let mut rejected = Vec::new();
//! let summary = load::load_reader(&mut db, &pgn[..], "mate.pgn", &LoadOptions::new(), &mut |event| {
//!     if let load::LoadEvent::Rejected(rejection) = event {
//!         rejected.push(rejection.to_string());
//!     }
//! })?;
//! assert_eq!((summary.games, summary.stored, summary.rejected, summary.moves), (2, 1, 1, 7));
//! assert!(rejected[0].starts_with("mate.pgn: game 2"), "{}", rejected[0]);
//!
//! // Loading again adds nothing.
//! let again = load::load_reader(&mut db, &pgn[..], "mate.pgn", &LoadOptions::new(), &mut |_| {})?;
//! assert_eq!((again.stored, again.duplicates), (0, 1));
//! # Ok::<_, scoresheet_db::Error>(())
//! ```

use std::collections::BTreeMap;
use std::io::{self, Read};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};
use std::{fmt, thread};

use scoresheet_pgn::input::{self, Compression};
use scoresheet_pgn::pump::{ChunkLog, Event, Pump, PumpError, Tally};
use scoresheet_pgn::{Location, ReadError, ReadOptions};

use crate::convert::{RowConverter, Rows};
pub use crate::options::LoadOptions;
use crate::row::GameRow;
use crate::{batch::BatchOutcome, Database, Error};

/// What a load did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct LoadSummary {
    /// Games read from the input (stored, duplicate, rejected or not selected).
    pub games: u64,
    /// Games left out by [`LoadOptions::select_where`].
    pub not_selected: u64,
    /// Games stored.
    pub stored: u64,
    /// Games skipped because the database already held them (or they came twice).
    pub duplicates: u64,
    /// Games not stored because they could not be read or converted.
    pub rejected: u64,
    /// Moves (plies) stored.
    pub moves: u64,
    /// NUL characters replaced by U+FFFD.
    pub nul_replaced: u64,
    /// Oddities the reader met (see `scoresheet_pgn::Oddity`).
    pub oddities: u64,
    /// Games stored and then deleted again, because the compressed input failed its
    /// integrity check (see [`Error::Unverified`]).
    pub removed: u64,
    /// Wall-clock time.
    pub elapsed: Duration,
    /// Of `elapsed`, the time spent removing the `removed` games again.
    pub removal: Duration,
}

impl LoadSummary {
    /// Adds another load's counts to this one.
    pub fn add(&mut self, other: &LoadSummary) {
        self.games += other.games;
        self.stored += other.stored;
        self.duplicates += other.duplicates;
        self.rejected += other.rejected;
        self.not_selected += other.not_selected;
        self.moves += other.moves;
        self.nul_replaced += other.nul_replaced;
        self.oddities += other.oddities;
        self.removed += other.removed;
        self.elapsed += other.elapsed;
        self.removal += other.removal;
    }
}

impl fmt::Display for LoadSummary {
    /// `stored 3 games (120 moves), 1 duplicate, 0 rejected in 0.02 s`, plus the NUL count
    /// when there were any.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plural =
            |n: u64, one: &'static str, many: &'static str| if n == 1 { one } else { many };
        write!(
            f,
            "stored {} {} ({} moves), {} {}, {} rejected in {:.2} s",
            self.stored,
            plural(self.stored, "game", "games"),
            self.moves,
            self.duplicates,
            plural(self.duplicates, "duplicate", "duplicates"),
            self.rejected,
            self.elapsed.as_secs_f64()
        )?;
        if self.not_selected > 0 {
            write!(f, "; {} not selected", self.not_selected)?;
        }
        if self.nul_replaced > 0 {
            write!(
                f,
                "; {} NUL characters replaced by U+FFFD",
                self.nul_replaced
            )?;
        }
        if self.oddities > 0 {
            let s = if self.oddities == 1 { "y" } else { "ies" };
            write!(f, "; {} oddit{s}", self.oddities)?;
        }
        if self.removed > 0 {
            write!(
                f,
                "; {} removed again in {:.2} s (input failed its integrity check)",
                self.removed,
                self.removal.as_secs_f64()
            )?;
        }
        Ok(())
    }
}

/// Something a load reports while it runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum LoadEvent<'a> {
    /// A game was not stored: which, where, and why.
    Rejected(&'a Rejection),
    /// An oddity of the input (with [`LoadOptions::warnings`]).
    Warning {
        /// The input's name, as given to the load.
        source: &'a str,
        /// Where the oddity is.
        at: &'a Location,
        /// What it is.
        what: &'a str,
    },
    /// A batch was written. (The bytes read are counted by the caller, who opens the input:
    /// see [`load_decoded`].)
    Progress {
        /// Games read so far.
        games: u64,
    },
    /// Every game is stored; the indexes dropped for a load into an empty database are being
    /// built (on a large load, a good part of its time).
    BuildingIndexes,
}

/// A game the load did not store. Shown as `SOURCE: MESSAGE`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rejection {
    /// The input's name, as given to the load.
    pub source: Arc<str>,
    /// Where the reader placed the game; `None` for a game whose id a different game holds
    /// (a hash collision: the message names its byte).
    pub location: Option<Location>,
    /// Where and why: `game 2 (from line 5), line 6, column 9: move "Qz9": ...`.
    pub message: String,
}

impl fmt::Display for Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.source, self.message)
    }
}

/// A load that stopped: what was stored before, and why it stopped.
#[derive(Debug)]
pub struct LoadError(Box<(LoadSummary, Error)>);

impl LoadError {
    fn new(summary: LoadSummary, error: Error) -> LoadError {
        LoadError(Box::new((summary, error)))
    }

    /// What the load did before the error (committed batches stay stored).
    pub fn summary(&self) -> &LoadSummary {
        &self.0 .0
    }

    /// Why it stopped.
    pub fn error(&self) -> &Error {
        &self.0 .1
    }

    /// The summary and the error.
    pub fn into_parts(self) -> (LoadSummary, Error) {
        *self.0
    }
}

impl From<LoadError> for Error {
    fn from(e: LoadError) -> Error {
        e.0 .1
    }
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.error().fmt(f)
    }
}

/// Like [`Error`], `source()` is `None`: the message is complete.
impl std::error::Error for LoadError {}

/// Loads a file (or standard input for `-`), gzip, zstd or bzip2 compressed or not: opened and
/// decompressed as every reader does ([`input::open_raw`], [`input::decompress_detected`]),
/// then [`load_decoded`]. A caller that shows progress over the bytes read opens the input
/// itself, counts what it reads, and calls [`load_decoded`].
///
/// # Errors
///
/// When the file cannot be opened, reading it fails, or the database fails.
pub fn load_path(
    db: &mut Database,
    path: &Path,
    options: &LoadOptions,
    on_event: &mut dyn FnMut(LoadEvent<'_>),
) -> Result<LoadSummary, LoadError> {
    let fail = |error: io::Error| LoadError::new(LoadSummary::default(), Error::Io(error));
    let name = path.display().to_string();
    // Opened as every reader opens an input (standard input for `-`, a directory refused).
    let (raw, _) = input::open_raw(path).map_err(|e| match e.kind() {
        // Its message names the path already.
        io::ErrorKind::IsADirectory => fail(e),
        kind => fail(io::Error::new(kind, format!("{name}: {e}"))),
    })?;
    let (src, compression) = input::decompress_detected(raw).map_err(fail)?;
    load_decoded(db, src, &name, compression, options, on_event)
}

/// Loads PGN from `src`, naming it `source` in the `games` table and in messages.
///
/// # Errors
///
/// When reading fails (games before the failure stay stored) or the database fails.
pub fn load_reader<R: Read + Send>(
    db: &mut Database,
    src: R,
    source: &str,
    options: &LoadOptions,
    on_event: &mut dyn FnMut(LoadEvent<'_>),
) -> Result<LoadSummary, LoadError> {
    load_decoded(db, src, source, Compression::None, options, on_event)
}

/// Loads the PGN text `src` decoded from an input stored with `compression` (as
/// [`input::decompress_detected`] tells it), naming it `source` in the `games` table and in
/// messages.
///
/// A compressed input is verified by its format's checksums only as it is read (a gzip
/// member's CRC comes at its end). When it fails them, or ends early, nothing decoded from it
/// can be trusted: the games this load stored from it are deleted again and the error is
/// [`Error::Unverified`] (its count is in [`LoadSummary::removed`]). Games already in the
/// database before the load stay. An uncompressed input ([`Compression::None`]) has no
/// checksum: on a read error the games before it stay stored.
///
/// # Errors
///
/// When reading fails or the database fails.
pub fn load_decoded<R: Read + Send>(
    db: &mut Database,
    src: R,
    source: &str,
    compression: Compression,
    options: &LoadOptions,
    on_event: &mut dyn FnMut(LoadEvent<'_>),
) -> Result<LoadSummary, LoadError> {
    let checked = compression != Compression::None;
    load_timed(db, src, source, options, on_event, checked)
}

fn load_timed<R: Read + Send>(
    db: &mut Database,
    src: R,
    source: &str,
    options: &LoadOptions,
    on_event: &mut dyn FnMut(LoadEvent<'_>),
    checked: bool,
) -> Result<LoadSummary, LoadError> {
    let start = Instant::now();
    let bulk = db
        .begin_bulk()
        .map_err(|e| LoadError::new(LoadSummary::default(), e))?;
    let result = load_into(db, src, source, options, on_event, checked);
    let ended = if bulk {
        on_event(LoadEvent::BuildingIndexes);
        db.end_bulk()
    } else {
        Ok(())
    };
    // The time reported (set here only) covers the index builds too.
    match (result, ended) {
        (Ok(mut summary), ended) => {
            summary.elapsed = start.elapsed();
            match ended {
                Ok(()) => Ok(summary),
                Err(e) => Err(LoadError::new(summary, e)),
            }
        }
        (Err(mut e), _) => {
            e.0 .0.elapsed = start.elapsed();
            Err(e)
        }
    }
}

fn load_into<R: Read + Send>(
    db: &mut Database,
    src: R,
    source: &str,
    options: &LoadOptions,
    on_event: &mut dyn FnMut(LoadEvent<'_>),
    checked: bool,
) -> Result<LoadSummary, LoadError> {
    let source: Arc<str> = Arc::from(source);
    let (tx, rx) = mpsc::sync_channel::<Batch>(1);
    // Written batches go back to the reader thread to be freed: the writer is the slower of
    // the two, and freeing a batch's strings took a twelfth of its time.
    let (done_tx, done_rx) = mpsc::channel::<Batch>();
    let mut summary = LoadSummary::default();
    let (written, fatal, stored_ids) = thread::scope(|scope| {
        let reader = scope.spawn(|| parse(src, Arc::clone(&source), options, tx, done_rx));
        let mut stored_ids: Option<Vec<i64>> = checked.then(Vec::new);
        let written = write(
            db,
            (rx, done_tx),
            options,
            &mut summary,
            on_event,
            &mut stored_ids,
        );
        let fatal = match reader.join() {
            Ok(fatal) => fatal,
            Err(panic) => std::panic::resume_unwind(panic),
        };
        (written, fatal, stored_ids)
    });
    let error = match (written, fatal, stored_ids) {
        (Err(error), _, _) => error,
        (Ok(()), Some(read), Some(ids)) => {
            match timed(&mut summary.removal, || db.remove_games(&ids)) {
                Ok(()) => {
                    summary.removed = ids.len() as u64;
                    Error::Unverified {
                        error: read,
                        removed: summary.removed,
                    }
                }
                Err(error) => error,
            }
        }
        (Ok(()), Some(read), None) => Error::Read(read),
        (Ok(()), None, _) => return Ok(summary),
    };
    Err(LoadError::new(summary, error))
}

/// Runs `f`, adding the time it took to `time`.
fn timed<T>(time: &mut Duration, f: impl FnOnce() -> T) -> T {
    let start = Instant::now();
    let value = f();
    *time += start.elapsed();
    value
}

/// Games read by the reader thread, handed to the writer.
#[derive(Debug, Default)]
struct Batch {
    /// Its place in the input: 0 for the first batch.
    seq: u64,
    games: Vec<GameRow>,
    rejected: Vec<Rejection>,
    /// Kept oddities: the input's name, where, what.
    warnings: Vec<(Arc<str>, Location, String)>,
    /// The pump's counts of the runs reported with this batch.
    tally: Tally,
    nuls: u64,
}

impl Batch {
    /// Adds a run of the pump's reports (the rejections naming `source`) and counts.
    fn add_log(&mut self, log: &ChunkLog, source: &Arc<str>) {
        self.tally.add(log);
        for event in log.events() {
            match event {
                Event::Rejected(e) => self.rejected.push(Rejection {
                    source: Arc::clone(source),
                    location: Some(e.location()),
                    message: e.to_string(),
                }),
                Event::Warning(at, what) => {
                    self.warnings.push((Arc::clone(source), *at, what.clone()))
                }
            }
        }
    }
}

/// The reader thread: the library's [`Pump`] reads and converts games (on
/// [`LoadOptions::threads`] threads), and each run's rows are sent to the writers in batches of
/// at most [`LoadOptions::batch_size`] games, in input order. Returns the error that stopped
/// reading, if any.
fn parse<R: Read + Send>(
    src: R,
    source: Arc<str>,
    options: &LoadOptions,
    tx: mpsc::SyncSender<Batch>,
    done: mpsc::Receiver<Batch>,
) -> Option<ReadError> {
    let pump = Pump::new(options.threads)
        .chunk_bytes(CHUNK_BYTES)
        .read_options(ReadOptions::new().max_game_bytes(options.max_game_bytes))
        .select_where(options.selection.clone());
    // Rows wait here until they make a batch of `batch_size` games (a run of the pump ends where
    // its chunk or its batch does), so that every transaction but the last holds exactly
    // `batch_size` games whatever the thread count; the reports and counts go with the next
    // batch sent.
    let mut pending = Batch::default();
    let named = Arc::clone(&source);
    // Behind a lock only to be shared with the pump's delivering thread.
    let done = Mutex::new(done);
    let mut deliver = |rows: &mut Rows, log: ChunkLog| {
        pending.nuls += std::mem::take(&mut rows.nuls);
        pending.add_log(&log, &named);
        pending.games.append(&mut rows.games);
        while pending.games.len() >= options.batch_size {
            send(&mut pending, options.batch_size, &tx, &done)?;
        }
        Ok(())
    };
    let new_worker = || RowConverter::new(Arc::clone(&source), options);
    let result = pump.run(src, new_worker, &mut deliver);
    // The last batch (maybe without games: it carries the last reports and counts). The writer
    // may have stopped on an error of its own; that error is what it reports.
    let _ = send(&mut pending, usize::MAX, &tx, &done);
    match result {
        Ok(()) => None,
        // The writers stopped on an error of their own: that error is what is reported.
        Err(PumpError::Deliver(_)) => None,
        Err(PumpError::Fatal(e)) => Some(e),
        Err(PumpError::Read { byte, error }) => Some(ReadError::from_io(error, byte)),
    }
}

/// Sends the first `games` rows of `pending` (at most; with all its reports and counts) to the
/// writers, keeping the rest for the next batch, and frees the batches written since.
fn send(
    pending: &mut Batch,
    games: usize,
    tx: &mpsc::SyncSender<Batch>,
    done: &Mutex<mpsc::Receiver<Batch>>,
) -> io::Result<()> {
    let rest = pending.games.split_off(games.min(pending.games.len()));
    let next = Batch {
        seq: pending.seq + 1,
        games: rest,
        ..Batch::default()
    };
    let batch = std::mem::replace(pending, next);
    let sent = tx
        .send(batch)
        .map_err(|_| io::Error::other("the writers stopped"));
    // At most two written batches wait here: one per batch sent since the last look.
    if let Ok(done) = done.lock() {
        done.try_iter().for_each(drop);
    }
    sent
}

/// With several threads, chunks of about this much input (a few hundred games).
const CHUNK_BYTES: usize = 256 << 10;

/// A batch back from a writer, with what storing it did (`None`: not written, because another
/// writer had failed).
type Written = (Batch, Option<Result<BatchOutcome, Error>>);

/// The writers: the database's own connection and any others it gives
/// ([`Database::other_writers`]: PostgreSQL has two), each on its own thread, storing each
/// batch in one transaction. This thread reports what they did in the input's order.
fn write(
    db: &mut Database,
    (rx, done): (mpsc::Receiver<Batch>, mpsc::Sender<Batch>),
    options: &LoadOptions,
    summary: &mut LoadSummary,
    on_event: &mut dyn FnMut(LoadEvent<'_>),
    stored_ids: &mut Option<Vec<i64>>,
) -> Result<(), Error> {
    let mut others = db.other_writers()?;
    let source = Mutex::new(Some(rx));
    let shared = Writers {
        source: &source,
        written: AtomicU64::new(0),
        stop: AtomicBool::new(false),
        abort_after: options.abort_after_games,
    };
    let (results, back) = mpsc::channel::<Written>();
    thread::scope(|scope| {
        for writer in std::iter::once(db).chain(others.iter_mut()) {
            let (shared, results) = (&shared, results.clone());
            scope.spawn(move || shared.run(writer, &results));
        }
        drop(results);
        let mut failed = None;
        // Batches come back in any order; they are reported in the reader's.
        let mut waiting = BTreeMap::new();
        let mut next = 0;
        for (batch, outcome) in back {
            waiting.insert(batch.seq, (batch, outcome));
            while let Some((batch, outcome)) = waiting.remove(&next) {
                next += 1;
                match outcome {
                    // Also after a failure: the other writer's later batches are committed.
                    Some(Ok(outcome)) => {
                        report(&batch, Some(outcome), summary, on_event, stored_ids)
                    }
                    // Its writer has already told the others to stop.
                    Some(Err(error)) if failed.is_none() => {
                        report(&batch, None, summary, on_event, stored_ids);
                        failed = Some(error);
                    }
                    // A later failure, or taken after one and not written.
                    Some(Err(_)) | None => {}
                }
                if failed.is_none() {
                    on_event(LoadEvent::Progress {
                        games: summary.games,
                    });
                }
                // The reader frees it (once the reader has ended, the failed send frees it
                // here).
                let _ = done.send(batch);
            }
        }
        failed.map_or(Ok(()), Err)
    })
}

/// What the writer threads share.
struct Writers<'a> {
    /// Batches from the reader; taken away (ending the reader) when a writer fails.
    source: &'a Mutex<Option<mpsc::Receiver<Batch>>>,
    /// Games gone into a transaction, for [`LoadOptions::abort_after_games`].
    written: AtomicU64,
    /// Set when a writer failed: the others write no more.
    stop: AtomicBool,
    abort_after: Option<u64>,
}

impl Writers<'_> {
    /// One writer's loop: takes batches until the reader ends or a writer fails.
    fn run(&self, db: &mut Database, results: &mpsc::Sender<Written>) {
        let mut on_game = || {
            let written = self.written.fetch_add(1, Ordering::Relaxed) + 1;
            if self.abort_after == Some(written) {
                std::process::abort();
            }
        };
        loop {
            let batch = {
                let source = self.source.lock().unwrap_or_else(|e| e.into_inner());
                match source.as_ref().map(mpsc::Receiver::recv) {
                    Some(Ok(batch)) => batch,
                    None | Some(Err(_)) => return,
                }
            };
            if self.stop.load(Ordering::Relaxed) {
                // No more reading: the reader's next send fails and it ends.
                self.source.lock().unwrap_or_else(|e| e.into_inner()).take();
                let _ = results.send((batch, None));
                return;
            }
            let outcome = match batch.games.is_empty() {
                true => Ok(BatchOutcome::default()),
                false => db.write_batch(&batch.games, &mut on_game),
            };
            let failed = outcome.is_err();
            if failed {
                self.stop.store(true, Ordering::Relaxed);
            }
            if results.send((batch, Some(outcome))).is_err() || failed {
                self.source.lock().unwrap_or_else(|e| e.into_inner()).take();
                return;
            }
        }
    }
}

/// Adds what a batch did to the summary and reports its games that were not stored.
fn report(
    batch: &Batch,
    outcome: Option<BatchOutcome>,
    summary: &mut LoadSummary,
    on_event: &mut dyn FnMut(LoadEvent<'_>),
    stored_ids: &mut Option<Vec<i64>>,
) {
    for (source, at, what) in &batch.warnings {
        on_event(LoadEvent::Warning { source, at, what });
    }
    for rejection in &batch.rejected {
        on_event(LoadEvent::Rejected(rejection));
    }
    summary.oddities += batch.tally.oddities().total();
    summary.games += batch.tally.games_in();
    summary.not_selected += batch.tally.not_selected();
    summary.rejected += batch.rejected.len() as u64;
    summary.nul_replaced += batch.nuls;
    let Some(outcome) = outcome else { return };
    if let Some(ids) = stored_ids {
        ids.extend_from_slice(&outcome.stored_ids);
    }
    summary.stored += outcome.stored;
    summary.duplicates += outcome.duplicates;
    summary.moves += outcome.moves;
    for index in outcome.collisions {
        let game = &batch.games[index];
        let rejection = Rejection {
            source: Arc::clone(&game.source_file),
            location: None,
            message: format!(
                "game at byte {}: its id {} is taken by a different game (hash collision), \
                 not stored",
                game.source_offset, game.game_id
            ),
        };
        on_event(LoadEvent::Rejected(&rejection));
        summary.rejected += 1;
    }
}
