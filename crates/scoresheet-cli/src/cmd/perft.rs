//! `scoresheet perft`: leaf-node counts of the legal move tree.

use std::io::Write;

use scoresheet::perft::{divide, perft};
use scoresheet::uci::UciMove;

use crate::args::PerftArgs;
use crate::output::{line, stdout, Outcome};

/// Runs the subcommand.
pub fn run(args: PerftArgs) -> Outcome {
    let pos = super::fen::start_position(&args.position)?;
    let mut out = stdout();
    let total = if args.divide {
        let mut split: Vec<_> = divide(&pos, args.depth)
            .into_iter()
            .map(|(mv, n)| (UciMove::from_move(&pos, mv).to_string(), n))
            .collect();
        split.sort();
        for (uci, n) in &split {
            line(&mut out, format_args!("{uci}: {n}"))?;
        }
        split
            .iter()
            .map(|(_, n)| n)
            .sum::<u64>()
            .max(u64::from(args.depth == 0))
    } else {
        perft(&pos, args.depth)
    };
    line(&mut out, total)?;
    out.flush()?;
    Ok(())
}
