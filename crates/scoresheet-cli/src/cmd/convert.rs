//! `scoresheet convert`: play moves, print each in another notation. Moves come from the
//! arguments, else from standard input, one per line (ERAN moves hold spaces), blank lines
//! skipped.

use std::io::{self, BufRead, Write};

use crate::args::ConvertArgs;
use crate::notation::{check_lang, read, write, MoveInputError};
use crate::output::{line, stdout, Failure, Outcome};
use scoresheet::notation::{Caret, Excerpt};
use scoresheet::EnPassantMode;

/// Runs the subcommand.
pub fn run(args: ConvertArgs) -> Outcome {
    check_lang(args.lang, &[args.from, args.to])?;
    let (from, to) = (args.from.with_lang(args.lang), args.to.with_lang(args.lang));
    let mut pos = super::fen::start_position(&args.position)?;
    let moves = if args.moves.is_empty() {
        read_stdin()?
    } else {
        args.moves.clone()
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
