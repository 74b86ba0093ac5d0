//! `scoresheet egd`: PGN to EGD JSON Lines, one object per game, in input order: the library's
//! [`Pump`](scoresheet_pgn::pump::Pump) with an EGD JSON visitor per thread, each run's JSON
//! written as it is delivered.

use std::sync::Arc;

use scoresheet_pgn::egd::{EgdOptions, JsonVisitor};

use super::progress::Progress;
use super::pumped::{self, Counters};
use crate::args::EgdArgs;
use crate::output::Outcome;
use crate::output_file::Destination;

/// Runs the subcommand.
pub fn run(args: EgdArgs) -> Outcome {
    let read = |counters: &Arc<Counters>, bar: &Progress| convert_all(&args, counters, bar);
    pumped::run_converting(args.input.quiet, "egd", "converted", read)
}

fn convert_all(args: &EgdArgs, counters: &Arc<Counters>, bar: &Progress) -> anyhow::Result<()> {
    let mut out = Destination::open(args.output.as_deref())?;
    let converted = convert_inputs(args, counters, bar, &mut out);
    // What was converted before an input failed is whole: the file is kept (a write error
    // removes it instead).
    let finished = out.finish();
    converted.and(finished)
}

fn convert_inputs(
    args: &EgdArgs,
    counters: &Arc<Counters>,
    bar: &Progress,
    out: &mut Destination,
) -> anyhow::Result<()> {
    let options = EgdOptions::new()
        .extended(args.extended)
        .pretty(args.pretty)
        .replay(args.input.movetext.replay_options());
    let pump = pumped::pump(&args.input)?;
    let make = || JsonVisitor::new(options);
    let new_worker = pumped::workers(&args.input, make, JsonVisitor::keep_oddities);
    pumped::each_input(&args.input, "converting", counters, bar, |job, src| {
        job.write_runs(&pump, src, &new_worker, out)
    })
}
