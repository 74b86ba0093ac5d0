//! `scoresheet perft`: leaf-node counts of the legal move tree.

use std::io::{IsTerminal, Write};

use anyhow::anyhow;
use scoresheet::perft::{divide_each, perft_checked, MAX_DEPTH};
use scoresheet::uci::UciMove;
use scoresheet::Position;

use crate::args::PerftArgs;
use crate::output::{line, stdout, Failure, Outcome};

/// The deepest perft the command runs: far beyond what any position with more than one line
/// of play can finish (depth 9 from the start position takes hours), low enough that a typo
/// (`perft 99`) is refused instead of running for ever.
const DEEPEST: u32 = 64;

/// Runs the subcommand.
pub fn run(args: PerftArgs) -> Outcome {
    if args.depth > DEEPEST {
        return Err(Failure::Error(anyhow!(
            "perft: depth {} is above the limit of {DEEPEST}: no position with more than one \
             line of play can be counted that deep (depth 9 from the start position already \
             takes hours)",
            args.depth
        )));
    }
    let pos = super::fen::start_position(&args.position)?;
    let mut split = if args.depth > MAX_DEPTH {
        checked_counts(&pos, args.depth)?
    } else {
        counts(&pos, args.depth)
    };
    let mut out = stdout();
    if args.divide {
        split.sort();
        for (uci, n) in &split {
            line(&mut out, format_args!("{uci}: {n}"))?;
        }
    }
    let total = match args.depth {
        0 => Some(1),
        _ => split
            .iter()
            .try_fold(0u64, |sum, (_, n)| sum.checked_add(*n)),
    };
    let total = total.ok_or_else(too_many)?;
    line(&mut out, total)?;
    out.flush()?;
    Ok(())
}

fn too_many() -> Failure {
    Failure::Error(anyhow!("perft: the count does not fit in 64 bits"))
}

/// [`counts`] beyond [`MAX_DEPTH`], where a count may not fit in 64 bits (an error then).
fn checked_counts(pos: &Position, depth: u32) -> Result<Vec<(String, u64)>, Failure> {
    let mut split = Vec::with_capacity(64);
    let mut overflow = false;
    pos.for_each_legal_move(|mv| {
        let mut child = pos.clone();
        child.play_unchecked(mv);
        match perft_checked(&child, depth - 1) {
            Some(n) => split.push((UciMove::from_move(pos, mv).to_string(), n)),
            None => overflow = true,
        }
    });
    match overflow {
        true => Err(too_many()),
        false => Ok(split),
    }
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
