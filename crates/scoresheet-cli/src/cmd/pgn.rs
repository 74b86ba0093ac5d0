//! `scoresheet pgn`: replay PGN games and write them again with every move in one notation:
//! the library's [`Pump`](scoresheet_pgn::pump::Pump) with a
//! [`RewriteConverter`](scoresheet_pgn::rewrite::RewriteConverter) per thread. A game whose
//! mainline replays is written with the PGN writer; a game with an illegal move (or a bad
//! `FEN` or `Variant` tag, or a read error) is reported on stderr and not written.

use std::sync::Arc;

use scoresheet_pgn::rewrite::RewriteConverter;

use super::progress::Progress;
use super::pumped::{self, Counters};
use crate::args::PgnArgs;
use crate::notation::check_lang;
use crate::output::{Failure, Outcome};
use crate::output_file::Destination;

/// Runs the subcommand.
pub fn run(args: PgnArgs) -> Outcome {
    check_lang(args.to_lang, &[args.to])?;
    let read = |counters: &Arc<Counters>, bar: &Progress| {
        let mut out = Destination::open(args.output.as_deref())?;
        let converted = convert_inputs(&args, counters, bar, &mut out);
        // What was written before an input failed is whole: the file is kept (a write error
        // removes it instead).
        converted.and(out.finish())
    };
    let summary = |counters: &Counters, ()| {
        eprintln!(
            "pgn: {} games written, {} rejected{}; {}",
            counters.get(&counters.converted),
            counters.get(&counters.errors),
            counters.not_selected_clause(),
            counters.oddities()
        );
    };
    let rejected = |counters: &Counters| {
        let rejected = counters.get(&counters.errors);
        let games = counters.get(&counters.converted) + rejected;
        Failure::Rejected(format!("{rejected} of {games} games rejected"))
    };
    pumped::run_command(args.input.quiet, read, summary, rejected)
}

fn convert_inputs(
    args: &PgnArgs,
    counters: &Arc<Counters>,
    bar: &Progress,
    out: &mut Destination,
) -> anyhow::Result<()> {
    let lang = args.input.movetext.lang;
    let to = args.to.with_lang(args.to_lang.or(lang));
    let replay = args.input.movetext.replay_options();
    let pump = pumped::pump(&args.input)?;
    let make = || RewriteConverter::new(to, replay);
    let new_worker = pumped::workers(&args.input, make, RewriteConverter::keep_oddities);
    pumped::each_input(&args.input, "reading", counters, bar, |job, src| {
        job.write_runs(&pump, src, &new_worker, out)
    })
}
