//! `scoresheet export`: PGN to a dataset directory of `games` and `moves` tables (Parquet or
//! CSV). Flags become library settings here; the rows, the files and their names are the
//! `scoresheet-export` crate's.

use std::io::{self, Read};
use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Instant;

use anyhow::Context;
use scoresheet_export::{
    export_parallel, Batches, DatasetOptions, DatasetWriter, ExportOptions, Format, GameConverter,
    GameRead, ParallelExport, Recycler,
};
use scoresheet_pgn::parallel::{ChunkLog, Event, ParallelError};
use scoresheet_pgn::{input, Reader};

use super::egd::progress::{Counting, Progress};
use super::egd::{fatal, Counters};
use crate::args::{ExportArgs, ExportFormat};
use crate::output::{Failure, Outcome};

/// Runs the subcommand.
pub fn run(args: ExportArgs) -> Outcome {
    let started = Instant::now();
    let counters = Arc::new(Counters::default());
    let bar = Progress::start(!args.quiet, Arc::clone(&counters));
    let result = export_all(&args, &counters, &bar);
    bar.finish();
    result.map_err(Failure::Error)?;
    if !args.quiet {
        summary(&counters, started);
    }
    match counters.errors.load(Ordering::Relaxed) {
        0 => Ok(()),
        _ => Err(Failure::Exit {
            code: 1,
            error: None,
        }),
    }
}

/// The library settings the flags give.
fn settings(args: &ExportArgs) -> (ExportOptions, DatasetOptions) {
    let format = match args.format {
        ExportFormat::Parquet => Format::Parquet,
        ExportFormat::Csv => Format::Csv,
    };
    // The Parquet writer takes the name columns as dictionaries (cheaper to build and write).
    let export = ExportOptions::new()
        .fen(args.fen)
        .name_codes(format == Format::Parquet)
        .replay(args.movetext.replay_options());
    let dataset = DatasetOptions::new()
        .format(format)
        .games_per_file(args.games_per_file)
        .replace(args.force)
        .export(export);
    (export, dataset)
}

fn export_all(args: &ExportArgs, counters: &Arc<Counters>, bar: &Progress) -> anyhow::Result<()> {
    let (export, dataset) = settings(args);
    let mut writer = DatasetWriter::create(&args.output, dataset)?;
    let stdin = [PathBuf::from("-")];
    let inputs = match args.inputs.is_empty() {
        true => &stdin[..],
        false => &args.inputs[..],
    };
    let mut outcome = Ok(());
    for path in inputs {
        let name = path.display().to_string();
        let job = Job {
            name: &name,
            warnings: args.warnings,
            threads: usize::from(args.threads),
            counters,
            bar,
        };
        let done = input::open_input(path)
            .with_context(|| format!("cannot open {name}"))
            .and_then(|src| {
                job.export(
                    Counting::new(src, Arc::clone(counters), |c| &c.bytes),
                    export,
                    &mut writer,
                )
            });
        if let Err(e) = done {
            outcome = Err(e);
            break;
        }
    }
    // What was exported before an input broke off is completed too, under a manifest marked
    // incomplete (the next export into the directory replaces it without --force).
    match &outcome {
        Ok(()) => writer.finish().map(drop),
        Err(e) => writer.finish_incomplete(&format!("{e:#}")).map(drop),
    }
    .context("cannot complete the dataset")?;
    outcome
}

/// One input being exported.
struct Job<'a> {
    name: &'a str,
    warnings: bool,
    threads: usize,
    counters: &'a Counters,
    bar: &'a Progress,
}

impl Job<'_> {
    fn export(
        &self,
        src: impl Read + Send,
        options: ExportOptions,
        writer: &mut DatasetWriter,
    ) -> anyhow::Result<()> {
        if self.threads > 1 {
            return self.export_parallel(src, options, writer);
        }
        let mut reader = Reader::with_options(src, GameConverter::read_options());
        let mut converter = GameConverter::new(Arc::from(self.name), options);
        converter.keep_oddities(self.warnings);
        let c = self.counters;
        let result = loop {
            let game = converter.read_game(&mut reader);
            for (at, what) in converter.take_kept() {
                self.bar
                    .println(&crate::output::warning(self.name, at, &what));
            }
            match game {
                Ok(None) => break Ok(()),
                Ok(Some(GameRead::Exported(plies))) => {
                    c.converted.fetch_add(1, Ordering::Relaxed);
                    c.plies.fetch_add(u64::from(plies), Ordering::Relaxed);
                }
                Ok(Some(GameRead::Rejected(why))) => {
                    c.errors.fetch_add(1, Ordering::Relaxed);
                    self.bar
                        .println(&crate::output::rejected_game(self.name, why));
                }
                Err(e) => break Err(e),
            }
            // A batch ends a part exactly: every part but the last holds --games-per-file games.
            if converter.batch_is_full() || converter.games() as u64 >= writer.room() {
                let batches = converter.take_batches()?;
                writer.write(&batches)?;
                converter.recycle(batches);
            }
        };
        c.add_oddities(converter.oddities());
        writer.write(&converter.take_batches()?)?;
        result
            .map_err(fatal)
            .with_context(|| format!("exporting {}", self.name))
    }
}

impl Job<'_> {
    /// `--threads N`: the library's parallel export, batches written in input order.
    fn export_parallel(
        &self,
        src: impl Read + Send,
        options: ExportOptions,
        writer: &mut DatasetWriter,
    ) -> anyhow::Result<()> {
        // Written batches go back to the workers, whose next batches reuse their memory.
        let recycler = Recycler::new();
        let settings = ParallelExport::new(self.threads)
            .keep_oddities(self.warnings)
            .export(options)
            .recycler(recycler.clone());
        let mut failed = None;
        let deliver = |batches: Batches, log: &ChunkLog| {
            for event in log.events() {
                self.bar.println(&match event {
                    Event::Warning(at, what) => crate::output::warning(self.name, *at, what),
                    Event::Rejected(e) => crate::output::rejected_game(self.name, e),
                });
            }
            self.counters.add_oddities(log.oddities());
            self.counters
                .add(log.converted_games(), log.rejected_games(), log.plies());
            writer.write_split(&batches).map_err(|e| {
                let io = io::Error::other(e.to_string());
                failed = Some(e);
                io
            })?;
            recycler.give_back(batches);
            Ok(())
        };
        match export_parallel(src, Arc::from(self.name), settings, deliver) {
            Ok(()) => Ok(()),
            Err(ParallelError::Deliver(_)) if failed.is_some() => {
                Err(anyhow::Error::new(failed.expect("checked")))
            }
            Err(ParallelError::Read { byte, error }) => Err(anyhow::Error::new(error)
                .context(format!("pgn: i/o error after byte {byte}"))
                .context(format!("exporting {}", self.name))),
            Err(ParallelError::Fatal(e)) => {
                Err(fatal(e)).with_context(|| format!("exporting {}", self.name))
            }
            Err(e) => Err(anyhow::Error::new(e)),
        }
    }
}

fn summary(counters: &Counters, started: Instant) {
    let exported = counters.converted.load(Ordering::Relaxed);
    let errors = counters.errors.load(Ordering::Relaxed);
    let oddities = counters
        .oddities
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    eprintln!(
        "export: {} games in: {exported} exported, {errors} reported as errors; {} plies; {oddities}; {:.2} s",
        exported + errors,
        counters.plies.load(Ordering::Relaxed),
        started.elapsed().as_secs_f64()
    );
}
