//! `scoresheet egd`: PGN to EGD JSON Lines, one object per game, in input order: the library's
//! [`Pump`](scoresheet_pgn::pump::Pump) with an EGD JSON visitor per thread, each run's JSON
//! written as it is delivered.

use std::io::Write;
use std::sync::Arc;
use std::time::Instant;

use scoresheet_pgn::egd::{EgdOptions, JsonVisitor};

use super::progress::Progress;
use super::pumped::{self, Counters};
use crate::args::EgdArgs;
use crate::output::Outcome;
use crate::output_file::Destination;

/// Runs the subcommand.
pub fn run(args: EgdArgs) -> Outcome {
    let started = Instant::now();
    pumped::run_command(
        args.input.quiet,
        |counters, bar| convert_all(&args, counters, bar),
        |counters, ()| pumped::summary("egd", "converted", counters, started),
        pumped::exit_rejected,
    )
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
    let new_worker = || {
        let mut visitor = JsonVisitor::new(options);
        visitor.keep_oddities(args.input.warnings);
        visitor
    };
    pumped::each_input(&args.input, "converting", counters, bar, |job, src| {
        let deliver = |json: &mut Vec<u8>, log| {
            job.log(&log);
            let written = out.write_all(json);
            json.clear();
            written
        };
        job.pump(&pump)
            .run(src, new_worker, deliver)
            .map_err(|e| job.error(e))
    })
}
