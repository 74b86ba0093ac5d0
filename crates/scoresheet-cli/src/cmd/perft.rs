//! `scoresheet perft`: leaf-node counts of the legal move tree.

use std::io::{IsTerminal, Write};

use anyhow::anyhow;
use scoresheet::perft::{divide_each, MAX_DEPTH};
use scoresheet::uci::UciMove;
use scoresheet::Position;

use crate::args::PerftArgs;
use crate::output::{line, stdout, Failure, Outcome};

/// Runs the subcommand.
pub fn run(args: PerftArgs) -> Outcome {
    if args.depth > MAX_DEPTH {
        return Err(Failure::Error(anyhow!(
            "perft: depth {} is above the limit of {MAX_DEPTH}: deeper counts may not fit in \
             64 bits (218 legal moves at most, 218^9 > 2^64), and depth 9 from the start \
             position already takes hours",
            args.depth
        )));
    }
    let pos = super::fen::start_position(&args.position)?;
    let mut split = counts(&pos, args.depth);
    let mut out = stdout();
    if args.divide {
        split.sort();
        for (uci, n) in &split {
            line(&mut out, format_args!("{uci}: {n}"))?;
        }
    }
    let total = match args.depth {
        0 => 1,
        _ => split.iter().map(|(_, n)| n).sum::<u64>(),
    };
    line(&mut out, total)?;
    out.flush()?;
    Ok(())
}

/// The count below each first move (UCI), with the root moves done shown on stderr while it
/// is a terminal.
fn counts(pos: &Position, depth: u32) -> Vec<(String, u64)> {
    let progress = std::io::stderr().is_terminal() && depth > 1;
    let total = if progress { pos.legal_moves().len() } else { 0 };
    if progress {
        eprint!("perft: 0/{total} root moves");
    }
    let mut split = Vec::with_capacity(64);
    divide_each(pos, depth, |mv, n| {
        split.push((UciMove::from_move(pos, mv).to_string(), n));
        if progress {
            eprint!("\rperft: {}/{total} root moves", split.len());
        }
    });
    if progress {
        eprint!("\r\x1b[K");
    }
    split
}
