//! `scoresheet detect`: which notation (and language) a move list is written in. Every reader
//! of [`scoresheet::notation::detect`] is tried; those that read a move are listed, best first,
//! then a verdict line.

use std::io::Write;

use crate::args::DetectArgs;
use crate::notation::{language, Verdict};
use crate::output::{line, stdout, Failure, Outcome};
use scoresheet::notation::detect::detect;

/// Runs the subcommand.
pub fn run(args: DetectArgs) -> Outcome {
    let pos = super::fen::start_position(&args.position)?;
    let texts = super::convert::read_moves(&args.moves)?;
    if texts.is_empty() {
        return Err(Failure::Rejected("detect: no moves given".into()));
    }
    let moves: Vec<&[u8]> = texts.iter().map(|t| t.trim_ascii().as_bytes()).collect();
    let found = detect(&pos, &moves);
    let verdict = Verdict::new(&pos, &moves, &found);
    let mut out = stdout();
    line(
        &mut out,
        format_args!(
            "{:<14} {:<12} {:>7} {:>7}",
            "notation", "language", "read", "strict"
        ),
    )?;
    for d in &found {
        let name = d.notation.name();
        let lang = language(d.notation);
        let (read, strict) = (d.lenient, d.strict);
        line(
            &mut out,
            format_args!("{name:<14} {lang:<12} {read:>7} {strict:>7}"),
        )?;
    }
    line(&mut out, verdict.describe(&moves))?;
    out.flush()?;
    if verdict.is_detected() {
        Ok(())
    } else {
        Err(Failure::Exit {
            code: 1,
            error: None,
        })
    }
}
