//! `scoresheet egd`: PGN to EGD JSON Lines, one object per game, in input order.
//!
//! One thread ([`convert_serial`]) or `N` workers ([`parallel`]) that each cut, convert and
//! write runs of games; both report through [`Counters`] and print game errors on stderr as
//! they are met, in input order.

mod parallel;
pub(crate) mod progress;

use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

use anyhow::Context;
use scoresheet_pgn::egd::{EgdOptions, JsonVisitor};
use scoresheet_pgn::{input, Oddities, ReadError, ReadOptions, Reader};

use crate::args::EgdArgs;
use crate::output::{Failure, Outcome};
use crate::output_file::Destination;

/// Flush the output once this many JSON bytes are buffered.
const FLUSH_AT: usize = 1 << 16;

/// Totals, shared with the progress line.
#[derive(Debug)]
pub struct Counters {
    /// Input bytes read (after decompression).
    pub bytes: AtomicU64,
    /// Games written.
    pub converted: AtomicU64,
    /// Games reported as errors.
    pub errors: AtomicU64,
    /// Plies written.
    pub plies: AtomicU64,
    /// Oddities met (added per input, or per chunk with `--threads`).
    pub oddities: std::sync::Mutex<Oddities>,
    /// Bytes of the current input read from its file (before decompression).
    pub raw_bytes: AtomicU64,
    /// The current input's file size (`u64::MAX` when unknown: standard input, a pipe).
    pub raw_total: AtomicU64,
}

impl Default for Counters {
    fn default() -> Counters {
        Counters {
            bytes: AtomicU64::new(0),
            converted: AtomicU64::new(0),
            errors: AtomicU64::new(0),
            plies: AtomicU64::new(0),
            oddities: std::sync::Mutex::default(),
            raw_bytes: AtomicU64::new(0),
            raw_total: AtomicU64::new(u64::MAX),
        }
    }
}

impl Counters {
    pub fn add(&self, converted: u64, errors: u64, plies: u64) {
        self.converted.fetch_add(converted, Ordering::Relaxed);
        self.errors.fetch_add(errors, Ordering::Relaxed);
        self.plies.fetch_add(plies, Ordering::Relaxed);
    }

    /// A new input begins, of `size` bytes if known.
    fn start_input(&self, size: Option<u64>) {
        self.raw_bytes.store(0, Ordering::Relaxed);
        self.raw_total
            .store(size.unwrap_or(u64::MAX), Ordering::Relaxed);
    }

    fn get(&self, counter: &AtomicU64) -> u64 {
        counter.load(Ordering::Relaxed)
    }

    /// Adds oddities to the tally.
    pub fn add_oddities(&self, oddities: &Oddities) {
        let mut tally = self
            .oddities
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        tally.merge(oddities);
    }
}

/// Runs the subcommand.
pub fn run(args: EgdArgs) -> Outcome {
    let started = Instant::now();
    let options = EgdOptions::new()
        .extended(args.extended)
        .pretty(args.pretty)
        .replay(args.movetext.replay_options());
    let counters = Arc::new(Counters::default());
    let bar = progress::Progress::start(!args.quiet, Arc::clone(&counters));
    let result = convert_all(&args, options, &counters, &bar);
    bar.finish();
    if let Err(e) = result {
        return Err(Failure::Error(e));
    }
    if !args.quiet {
        summary(&counters, started);
    }
    match counters.get(&counters.errors) {
        0 => Ok(()),
        _ => Err(Failure::Exit {
            code: 1,
            error: None,
        }),
    }
}

fn convert_all(
    args: &EgdArgs,
    options: EgdOptions,
    counters: &Arc<Counters>,
    bar: &progress::Progress,
) -> anyhow::Result<()> {
    let mut out = Destination::open(args.output.as_deref())?;
    let converted = convert_inputs(args, options, counters, bar, &mut out);
    // What was converted before an input failed is whole: the file is kept (a write error
    // removes it instead).
    let finished = out.finish();
    converted.and(finished)
}

fn convert_inputs(
    args: &EgdArgs,
    options: EgdOptions,
    counters: &Arc<Counters>,
    bar: &progress::Progress,
    out: &mut Destination,
) -> anyhow::Result<()> {
    let stdin = [PathBuf::from("-")];
    let inputs = if args.inputs.is_empty() {
        &stdin[..]
    } else {
        &args.inputs[..]
    };
    for path in inputs {
        let name = path.display().to_string();
        let src = open(path, counters).with_context(|| format!("cannot open {name}"))?;
        let job = Job {
            name: &name,
            options,
            counters,
            bar,
            warnings: args.warnings,
        };
        match args.threads {
            1 => convert_serial(src, &job, out),
            n => parallel::convert(src, &job, usize::from(n), out),
        }
        .with_context(|| format!("converting {name}"))?;
    }
    Ok(())
}

/// What every conversion of one input needs.
pub struct Job<'a> {
    /// The input's name, for messages.
    pub name: &'a str,
    /// EGD settings.
    pub options: EgdOptions,
    /// Whether to print each oddity.
    pub warnings: bool,
    /// Totals.
    pub counters: &'a Counters,
    /// Where messages go.
    pub bar: &'a progress::Progress,
}

/// The reader settings: the defaults, as in every command.
pub fn read_options() -> ReadOptions {
    ReadOptions::new()
}

/// Opens an input, counting its bytes as read from the file (before decompression) and its
/// size for the progress line, and the bytes after decompression for the summary.
fn open(
    path: &Path,
    counters: &Arc<Counters>,
) -> io::Result<progress::Counting<Box<dyn Read + Send>>> {
    let (raw, size) = input::open_raw(path)?;
    counters.start_input(size);
    let raw = progress::Counting::new(raw, Arc::clone(counters), |c| &c.raw_bytes);
    let src = input::decompress(raw)?;
    Ok(progress::Counting::new(src, Arc::clone(counters), |c| {
        &c.bytes
    }))
}

/// Converts one input on this thread.
fn convert_serial(src: impl Read, job: &Job<'_>, out: &mut dyn Write) -> anyhow::Result<()> {
    let mut reader = Reader::with_options(src, read_options());
    let mut visitor = JsonVisitor::new(job.options);
    visitor.keep_oddities(job.warnings);
    let result = loop {
        let game = reader.read_game(&mut visitor);
        for (at, what) in visitor.take_kept() {
            job.print_warning(at, &what);
        }
        match game {
            Ok(None) => break Ok(()),
            Ok(Some(Ok(plies))) => job.counters.add(1, 0, u64::from(plies)),
            Ok(Some(Err(e))) => job.report(&e.to_string()),
            Err(e) if e.is_recoverable() => job.report(&e.to_string()),
            Err(e) => break Err(e),
        }
        if visitor.output().len() >= FLUSH_AT {
            out.write_all(visitor.output())?;
            visitor.clear_output();
        }
    };
    job.counters.add_oddities(visitor.oddities());
    // The games converted before an input broke off are written first.
    out.write_all(visitor.output())?;
    result.map_err(fatal)
}

impl Job<'_> {
    /// Prints a game error and counts it.
    pub fn report(&self, message: &str) {
        self.counters.add(0, 1, 0);
        self.print_error(message);
    }

    /// Prints an oddity (with `--warnings`), naming the input.
    pub fn print_warning(&self, at: scoresheet_pgn::Location, what: &str) {
        self.bar
            .println(&crate::output::warning(self.name, at, what));
    }

    /// Prints a game error (counted by the caller), naming the input.
    pub fn print_error(&self, message: &str) {
        self.bar
            .println(&crate::output::rejected_game(self.name, message));
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

fn summary(counters: &Counters, started: Instant) {
    let converted = counters.get(&counters.converted);
    let errors = counters.get(&counters.errors);
    let oddities = counters
        .oddities
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    eprintln!(
        "egd: {} games in: {converted} converted, {errors} reported as errors; {} plies; {oddities}; {:.2} s",
        converted + errors,
        counters.get(&counters.plies),
        started.elapsed().as_secs_f64()
    );
}
