//! `scoresheet export`: PGN to a dataset directory of `games` and `moves` tables (Parquet or
//! CSV). Flags become library settings here; the rows, the files and their names are the
//! `scoresheet-export` crate's.

use std::io::{self, Read};
use std::sync::Arc;

use anyhow::Context;
use scoresheet_export::{
    export_parallel_encoded, Columns, DatasetOptions, DatasetWriter, EncodedBatches, ExportOptions,
    Format, ParallelExport, Recycler, PARQUET_CHUNK_BYTES,
};
use scoresheet_pgn::pump::{ChunkLog, PumpError};

use super::progress::Progress;
use super::pumped::{self, Counters, Job};
use crate::args::{ExportArgs, ExportFormat};
use crate::output::Outcome;

/// Runs the subcommand.
pub fn run(args: ExportArgs) -> Outcome {
    let read = |counters: &Arc<Counters>, bar: &Progress| export_all(&args, counters, bar);
    pumped::run_converting(args.input.quiet, "export", "exported", read)
}

/// The library settings the flags give.
fn settings(args: &ExportArgs) -> anyhow::Result<(ExportOptions, DatasetOptions)> {
    let format = match args.format {
        ExportFormat::Parquet => Format::Parquet,
        ExportFormat::Csv => Format::Csv,
    };
    let columns = match &args.columns {
        None => Columns::DEFAULT,
        Some(names) => Columns::named(names.iter().map(|n| n.trim()))
            .map_err(|e| anyhow::anyhow!("--columns: {e}"))?,
    };
    let export = ExportOptions::new()
        .columns(if args.fen { columns.fen(true) } else { columns })
        .replay(args.input.movetext.replay_options())
        .openings(pumped::openings_table(&args.openings)?);
    let dataset = DatasetOptions::new()
        .format(format)
        .games_per_file(args.games_per_file)
        .replace(args.force)
        .export(export);
    Ok((export, dataset))
}

fn export_all(args: &ExportArgs, counters: &Arc<Counters>, bar: &Progress) -> anyhow::Result<()> {
    let (export, dataset) = settings(args)?;
    let mut writer = DatasetWriter::create(&args.output, dataset)?;
    let outcome = pumped::each_input(&args.input, "exporting", counters, bar, |job, src| {
        export_input(args, job, src, export, &mut writer)
    });
    // What was exported before an input broke off is completed too, under a manifest marked
    // incomplete (the next export into the directory replaces it without --force).
    match &outcome {
        Ok(()) => writer.finish().map(drop),
        Err(e) => writer.finish_incomplete(&format!("{e:#}")).map(drop),
    }
    .context("cannot complete the dataset")?;
    outcome
}

/// Exports one input through the library's pump, batches written in input order.
fn export_input(
    args: &ExportArgs,
    job: &Job<'_>,
    src: impl Read + Send,
    options: ExportOptions,
    writer: &mut DatasetWriter,
) -> anyhow::Result<()> {
    // Written batches go back to the workers, whose next batches reuse their memory.
    let recycler = Recycler::new();
    let mut settings = ParallelExport::new(usize::from(args.input.threads))
        .keep_oddities(args.input.warnings)
        .export(options)
        .recycler(recycler.clone())
        .read_options(pumped::read_options(&args.input))
        .select_where(pumped::where_expr(args.input.where_.as_deref())?);
    // With several threads the workers encode the `moves` row groups, one per chunk: chunks
    // are not cut finer for small inputs (smaller row groups make larger files). CSV's are.
    if matches!(args.format, ExportFormat::Parquet) {
        settings = settings
            .encode_parquet(true)
            .chunk_bytes(PARQUET_CHUNK_BYTES);
    } else {
        settings = settings.input_len(job.stored_len());
    }
    let mut failed = None;
    let deliver = |chunk: EncodedBatches, log: &ChunkLog| {
        job.log(log);
        // Parts are cut at exactly --games-per-file games whatever the batches' sizes.
        let written = writer.write_encoded(chunk).map_err(|e| {
            let io = io::Error::other(e.to_string());
            failed = Some(e);
            io
        })?;
        // Encoded chunks' batches went back to their workers already.
        if let Some(batches) = written {
            recycler.give_back(batches);
        }
        Ok(())
    };
    match export_parallel_encoded(src, Arc::from(job.name), settings, deliver) {
        Ok(()) => Ok(()),
        Err(PumpError::Deliver(_)) if failed.is_some() => {
            Err(anyhow::Error::new(failed.expect("checked")))
        }
        Err(e) => Err(job.error(e)),
    }
}
