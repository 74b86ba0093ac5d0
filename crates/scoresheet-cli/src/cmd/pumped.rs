//! What the commands that read PGN through the library's [`Pump`] share: the inputs the flags
//! name, the pump the flags set, the totals and the progress line, a run's log turned into
//! messages and counts, and the pump's errors as the CLI reports them. A command adds only its
//! converter and what it does with a batch.

use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Instant;

use anyhow::Context;
use scoresheet::notation::Caret;
#[cfg(feature = "parquet")]
use scoresheet_export::table_input::{self, ParquetPgn, RawInput, TableOptions};
use scoresheet_pgn::input::{self, Compression};
use scoresheet_pgn::pump::{ChunkLog, Convert, Event, Pump, PumpError};
use scoresheet_pgn::select::{OpeningTable, TagExpr};
use scoresheet_pgn::{Location, ReadError, ReadOptions};

pub use super::counters::Counters;
use super::progress::{Counting, Progress};
use crate::args::PgnInputArgs;
use crate::output::{Failure, Outcome};

/// Runs a command that reads PGN (through the pump, or `load` through the database's), the
/// shell they share: the totals and the progress line for `read` (which opens the inputs and
/// the outputs, reads the inputs and gives what its summary needs), then, when it succeeded,
/// the summary (unless `quiet`, the `--quiet` flag) and the exit code: 0, or `rejected`'s
/// failure (exit 1) when games were rejected.
///
/// # Errors
///
/// `read`'s error (exit 2), or `rejected`'s failure.
pub fn run_command<T>(
    quiet: bool,
    read: impl FnOnce(&Arc<Counters>, &Progress) -> anyhow::Result<T>,
    summary: impl FnOnce(&Counters, T),
    rejected: impl FnOnce(&Counters) -> Failure,
) -> Outcome {
    let counters = Arc::new(Counters::default());
    let bar = Progress::start(!quiet, Arc::clone(&counters));
    let result = read(&counters, &bar);
    bar.finish();
    let done = result.map_err(Failure::Error)?;
    if !quiet {
        summary(&counters, done);
    }
    match counters.get(&counters.errors) {
        0 => Ok(()),
        _ => Err(rejected(&counters)),
    }
}

/// [`run_command`] with the summary of `egd` and `export` ([`summary`], `done` naming what
/// became of an accepted game) and the exit code of [`exit_rejected`].
pub fn run_converting(
    quiet: bool,
    command: &'static str,
    done: &'static str,
    read: impl FnOnce(&Arc<Counters>, &Progress) -> anyhow::Result<()>,
) -> Outcome {
    let started = Instant::now();
    let summarize = |counters: &Counters, ()| summary(command, done, counters, started);
    run_command(quiet, read, summarize, exit_rejected)
}

/// `COMMAND: N games in: C DONE, R reported as errors[, S not selected]; P plies; <oddities>;
/// T s`: the summary of `egd` and `export`, `started` the run's start.
pub fn summary(command: &str, done: &str, counters: &Counters, started: Instant) {
    eprintln!(
        "{command}: {} games in: {} {done}, {} reported as errors{}; {} plies; {}; {:.2} s",
        counters.games_in(),
        counters.get(&counters.converted),
        counters.get(&counters.errors),
        counters.not_selected_clause(),
        counters.get(&counters.plies),
        counters.oddities(),
        started.elapsed().as_secs_f64()
    );
}

/// The failure of a command whose rejected games were reported one by one: exit 1, nothing
/// more printed.
pub fn exit_rejected(_: &Counters) -> Failure {
    Failure::Exit {
        code: 1,
        error: None,
    }
}

/// The inputs the flags name: standard input (`-`) when none.
pub fn inputs(args: &PgnInputArgs) -> Vec<PathBuf> {
    match args.inputs.is_empty() {
        true => vec![PathBuf::from("-")],
        false => args.inputs.clone(),
    }
}

/// The pump the flags set: `--threads`, `--where`, the reader settings every command uses.
///
/// # Errors
///
/// `--where` does not read (see [`where_expr`]).
pub fn pump(args: &PgnInputArgs) -> anyhow::Result<Pump> {
    Ok(Pump::new(usize::from(args.threads))
        .read_options(read_options(args))
        .select_where(where_expr(args.where_.as_deref())?))
}

/// The reader settings the flags set (`--max-game-bytes`).
pub fn read_options(args: &PgnInputArgs) -> ReadOptions {
    ReadOptions::new().max_game_bytes(args.max_game_bytes)
}

/// The expression of a `--where` flag, read: an error shows the message with a caret under
/// the byte where reading stopped (exit 2).
///
/// # Errors
///
/// The expression does not read.
pub fn where_expr(text: Option<&str>) -> anyhow::Result<Option<Arc<TagExpr>>> {
    let Some(text) = text else {
        return Ok(None);
    };
    match TagExpr::parse(text) {
        Ok(expr) => Ok(Some(Arc::new(expr))),
        Err(e) => {
            let caret = Caret::new(text.as_bytes(), e.offset());
            Err(anyhow::anyhow!("--where: {e}\n{caret}"))
        }
    }
}

/// The table of an `--openings` flag (files or directories of the lichess format, read in
/// order), kept for the run (`None` when the flag is not given: the shipped table). A table
/// that does not read is an error naming the file, line and byte (exit 2).
///
/// # Errors
///
/// A file that cannot be read or is not a table.
pub fn openings_table(paths: &[PathBuf]) -> anyhow::Result<Option<&'static OpeningTable>> {
    OpeningTable::read_paths_kept(paths).map_err(|e| anyhow::anyhow!("--openings: {e}"))
}

/// How the flags say tables are read (`--movetext-column`).
#[cfg(feature = "parquet")]
pub fn table_options(args: &PgnInputArgs) -> TableOptions {
    TableOptions::new().movetext_column(args.movetext_column.as_str())
}

/// Opens an input, counting its bytes as read from the file (before decompression) and its
/// size for the progress line, and the bytes after decompression for the summary. A Parquet
/// file (told by content) is read as a table, one game per row
/// ([`scoresheet_export::table_input`]); its bytes are those of the rows' PGN text.
///
/// # Errors
///
/// The file cannot be opened, its compression is damaged at the start, or it is a Parquet
/// file that cannot be read as games.
pub fn open(
    path: &Path,
    args: &PgnInputArgs,
    counters: &Arc<Counters>,
) -> io::Result<Counting<Box<dyn Read + Send>>> {
    #[cfg(feature = "parquet")]
    let src = open_counted(path, &table_options(args), counters)?.0;
    // Without Parquet, `decompress` refuses a Parquet file.
    #[cfg(not(feature = "parquet"))]
    let src = {
        let _ = &args.movetext_column;
        let (raw, size) = input::open_raw(path)?;
        text(raw, size, counters)?.0
    };
    Ok(src)
}

/// [`open`], with the table's settings given, and the compression found (a database load
/// verifies a compressed input; a table's rows are [`Compression::None`]).
///
/// # Errors
///
/// As [`open`].
#[cfg(feature = "parquet")]
pub fn open_counted(
    path: &Path,
    options: &TableOptions,
    counters: &Arc<Counters>,
) -> io::Result<(Counting<Box<dyn Read + Send>>, Compression)> {
    match table_input::open_raw(path, options)? {
        RawInput::Text(raw, size) => text(raw, size, counters),
        RawInput::Parquet(rows) => Ok((table(rows, counters), Compression::None)),
    }
}

/// The converters' maker for a pump: each made by `make`, keeping its oddities to be shown
/// (`keep`, its `keep_oddities`) when `args` ask for `--warnings`.
pub fn workers<C>(
    args: &PgnInputArgs,
    make: impl Fn() -> C + Sync,
    keep: fn(&mut C, bool),
) -> impl Fn() -> C + Sync {
    let warnings = args.warnings;
    move || {
        let mut converter = make();
        keep(&mut converter, warnings);
        converter
    }
}

/// Runs `read` on each input of `args` in turn (standard input when none is named), opened by
/// [`open`] (an input that cannot be opened: `cannot open NAME`) and named by its [`Job`],
/// whose `verb` the command's errors use; the first error stops.
pub fn each_input(
    args: &PgnInputArgs,
    verb: &'static str,
    counters: &Arc<Counters>,
    bar: &Progress,
    mut read: impl FnMut(&Job<'_>, Counting<Box<dyn Read + Send>>) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    for path in inputs(args) {
        let name = path.display().to_string();
        let job = Job {
            verb,
            name: &name,
            counters,
            bar,
        };
        let src = open(&path, args, counters).with_context(|| format!("cannot open {name}"))?;
        read(&job, src)?;
    }
    Ok(())
}

/// An input of PGN text, compressed or not (`size` bytes as stored, when known): decompressed,
/// its bytes as stored counted for the progress line and those after decompression for the
/// summary; with the compression found (a database load verifies a compressed input).
///
/// # Errors
///
/// Reading the first bytes fails, or the compression is not supported
/// ([`input::decompress_detected`]).
pub fn text(
    raw: Box<dyn Read + Send>,
    size: Option<u64>,
    counters: &Arc<Counters>,
) -> io::Result<(Counting<Box<dyn Read + Send>>, Compression)> {
    counters.start_input(size, false);
    let raw = Counting::new(raw, Arc::clone(counters), |c| &c.raw_bytes);
    let (src, compression) = input::decompress_detected(raw)?;
    Ok((
        Counting::new(src, Arc::clone(counters), |c| &c.bytes),
        compression,
    ))
}

/// A table's games as PGN text, one per row: their bytes counted for the progress line and the
/// summary (the file's share read is not known).
#[cfg(feature = "parquet")]
pub fn table(rows: ParquetPgn, counters: &Arc<Counters>) -> Counting<Box<dyn Read + Send>> {
    counters.start_input(None, true);
    Counting::new(Box::new(rows), Arc::clone(counters), |c| &c.bytes)
}

/// The row of the game at `at` ([`Location::row_prefix`]) when the input is a table, else
/// nothing.
pub fn row_prefix(counters: &Counters, at: &Location) -> String {
    match counters.table.load(Ordering::Relaxed) {
        true => at.row_prefix(),
        false => String::new(),
    }
}

/// One input being pumped: its name for messages, the totals, where messages go.
#[derive(Clone, Copy)]
pub struct Job<'a> {
    /// What the command does to an input, for errors: `converting`, `exporting`, ...
    pub verb: &'static str,
    /// The input's name, for messages.
    pub name: &'a str,
    /// Totals.
    pub counters: &'a Counters,
    /// Where messages go.
    pub bar: &'a Progress,
}

impl Job<'_> {
    /// The input's size as stored, when known before reading it (a regular file of text; not
    /// standard input, not a table).
    pub fn stored_len(&self) -> Option<u64> {
        match self.counters.raw_total.load(Ordering::Relaxed) {
            u64::MAX => None,
            size => Some(size),
        }
    }

    /// `pump` sized for this input: small inputs are cut into smaller chunks so that the
    /// threads end together ([`Pump::input_len`]).
    pub fn pump(&self, pump: &Pump) -> Pump {
        pump.clone().input_len(self.stored_len())
    }

    /// A run's log: its rejected games and kept oddities printed in input order, its counts
    /// added to the totals.
    pub fn log(&self, log: &ChunkLog) {
        for event in log.events() {
            self.bar.println(&match event {
                Event::Warning(at, what) => {
                    let row = row_prefix(self.counters, at);
                    crate::output::warning(self.name, format_args!("{row}{at}"), what)
                }
                Event::Rejected(e) => {
                    let row = row_prefix(self.counters, &e.location());
                    crate::output::rejected_game(self.name, format_args!("{row}{e}"))
                }
            });
        }
        self.counters.add_log(log);
    }

    /// Runs `pump` over `src` with a converter per thread from `new_worker`, whose runs are
    /// bytes of output: each run's log shown and its bytes written to `out` as it is
    /// delivered, in input order.
    ///
    /// # Errors
    ///
    /// The pump's error ([`error`](Self::error)), a write error among them.
    pub fn write_runs<C: Convert<Batch = Vec<u8>>>(
        &self,
        pump: &Pump,
        src: impl Read + Send,
        new_worker: impl Fn() -> C + Sync,
        out: &mut (impl Write + Send),
    ) -> anyhow::Result<()> {
        let deliver = |bytes: &mut Vec<u8>, log| {
            self.log(&log);
            let written = out.write_all(bytes);
            bytes.clear();
            written
        };
        self.pump(pump)
            .run(src, new_worker, deliver)
            .map_err(|e| self.error(e))
    }

    /// The pump's error as the command reports it (exit 2), naming the input.
    pub fn error(&self, e: PumpError) -> anyhow::Error {
        let error = match e {
            PumpError::Read { byte, error } => {
                anyhow::Error::new(error).context(format!("pgn: i/o error after byte {byte}"))
            }
            PumpError::Fatal(e) => fatal(e),
            PumpError::Deliver(e) => anyhow::Error::new(e),
        };
        error.context(format!("{} {}", self.verb, self.name))
    }
}

/// An error that stops reading the input.
pub fn fatal(e: ReadError) -> anyhow::Error {
    let message = e.to_string();
    match e.into_kind() {
        scoresheet_pgn::ReadErrorKind::Io(io) => anyhow::Error::new(io).context(message),
        _ => anyhow::anyhow!(message),
    }
}
