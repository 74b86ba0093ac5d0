//! `scoresheet convert`: play moves, print each in another notation. Moves come from the
//! arguments, else from standard input, one per line (ERAN moves hold spaces), blank lines
//! skipped.

use std::io::{self, BufRead, Write};

use crate::args::ConvertArgs;
use crate::notation::{check_lang, read, write, MoveInputError, Source, Verdict};
use crate::output::{line, stdout, Failure, Outcome};
use scoresheet::notation::detect::detect;
use scoresheet::notation::{Caret, Excerpt, Notation};
use scoresheet::{EnPassantMode, Position};

/// Runs the subcommand.
pub fn run(args: ConvertArgs) -> Outcome {
    // --lang is the input's language, and the output's unless --to-lang gives that.
    let lang_applies_to = match (args.from, args.to_lang) {
        (Source::Given(from), None) => vec![from, args.to],
        (Source::Given(from), Some(_)) => vec![from],
        (Source::Auto, None) => vec![args.to],
        (Source::Auto, Some(_)) => vec![],
    };
    check_lang(args.lang, &lang_applies_to)?;
    check_lang(args.to_lang, &[args.to])?;
    let to = args.to.with_lang(args.to_lang.or(args.lang));
    let mut pos = super::fen::start_position(&args.position)?;
    let moves = read_moves(&args.moves)?;
    let from = match args.from {
        Source::Given(from) => from.with_lang(args.lang),
        Source::Auto => detected(&pos, &moves)?,
    };
    let mut out = stdout();
    for (index, text) in moves.iter().enumerate() {
        let text = text.trim_ascii();
        let mv = match read(from, &pos, text) {
            Ok(mv) => mv,
            Err(e) => {
                out.flush()?;
                return Err(rejected(index, text, &pos, e));
            }
        };
        line(&mut out, write(to, &pos, mv))?;
        pos.play_unchecked(mv);
    }
    out.flush()?;
    Ok(())
}

/// The moves given as arguments, else those of standard input.
pub fn read_moves(args: &[String]) -> Result<Vec<String>, Failure> {
    if args.is_empty() {
        read_stdin()
    } else {
        Ok(args.to_vec())
    }
}

/// The notation `--from auto` reads with: the best reader of `moves` (of several tied, the
/// first, when they read the same moves). Refused when the best read different moves, or none
/// reads the first move. A best reader that stops early is still used: the conversion then
/// stops at that move with the usual error.
fn detected(pos: &Position, moves: &[String]) -> Result<Notation, Failure> {
    let bytes: Vec<&[u8]> = moves.iter().map(|m| m.trim_ascii().as_bytes()).collect();
    if bytes.is_empty() {
        return Ok(Notation::San);
    }
    let verdict = Verdict::new(pos, &bytes, &detect(pos, &bytes));
    verdict.notation().ok_or_else(|| {
        Failure::Rejected(format!(
            "--from auto: {}; give the notation with --from",
            verdict.describe(&bytes)
        ))
    })
}

/// One move per line; blank lines skipped.
fn read_stdin() -> Result<Vec<String>, Failure> {
    let mut moves = Vec::new();
    for l in io::stdin().lock().lines() {
        let l = l?;
        if !l.trim_ascii().is_empty() {
            moves.push(l);
        }
    }
    Ok(moves)
}

fn rejected(index: usize, text: &str, pos: &scoresheet::Position, e: MoveInputError) -> Failure {
    let fen = pos.fen(EnPassantMode::Always);
    let why = match e {
        MoveInputError::Syntax(msg, offset) => {
            format!("{msg}\n{}", Caret::new(text.as_bytes(), offset))
        }
        MoveInputError::Move(msg) => msg,
    };
    Failure::Rejected(format!(
        "move {} '{}' in position {fen}: {why}",
        index + 1,
        Excerpt::new(text.as_bytes(), 0)
    ))
}
