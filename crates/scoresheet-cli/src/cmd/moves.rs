//! `scoresheet moves`: every legal move, sorted by UCI.

use std::io::Write;

use scoresheet::uci::UciMove;

use crate::args::MovesArgs;
use crate::notation::{check_lang, write};
use crate::output::{line, stdout, Outcome};

/// Runs the subcommand.
pub fn run(args: MovesArgs) -> Outcome {
    check_lang(args.lang, &[args.notation])?;
    let notation = args.notation.with_lang(args.lang);
    let pos = super::fen::start_position(&args.position)?;
    let mut moves: Vec<_> = pos
        .legal_moves()
        .into_iter()
        .map(|mv| (UciMove::from_move(&pos, mv).to_string(), mv))
        .collect();
    moves.sort_by(|a, b| a.0.cmp(&b.0));
    let mut out = stdout();
    for (_, mv) in moves {
        line(&mut out, write(notation, &pos, mv))?;
    }
    out.flush()?;
    Ok(())
}
