//! `scoresheet vocab`: print a move vocabulary, optionally with a witness per string.

use std::io::Write;

use anyhow::anyhow;
use scoresheet::vocab::Vocabulary;

use crate::args::{VocabArgs, VocabNotation};
use crate::output::{stdout, Failure, Outcome};

/// The vocabulary the flags name.
fn vocabulary(args: &VocabArgs) -> Result<Vocabulary, Failure> {
    Ok(match (args.notation, args.with_symbols) {
        (VocabNotation::San, false) => Vocabulary::San,
        (VocabNotation::San, true) => Vocabulary::SanWithSymbols,
        (VocabNotation::Lan, false) => Vocabulary::Lan,
        (VocabNotation::Lan, true) => Vocabulary::LanWithSymbols,
        (VocabNotation::Uci, false) => Vocabulary::Uci,
        (VocabNotation::Eran, false) => Vocabulary::Eran,
        (VocabNotation::EranShort, false) => Vocabulary::EranShort,
        (VocabNotation::Eran | VocabNotation::EranShort, true) => {
            return Err(Failure::Error(anyhow!(
                "--with-symbols: eran writes no check symbols"
            )))
        }
        (VocabNotation::Uci, true) => {
            return Err(Failure::Error(anyhow!(
                "--with-symbols: uci writes no check symbols"
            )))
        }
    })
}

/// Runs the subcommand.
pub fn run(args: VocabArgs) -> Outcome {
    let vocab = vocabulary(&args)?;
    let mut out = stdout();
    for s in vocab.strings() {
        if args.witness {
            let w = vocab
                .witness(s)
                .ok_or_else(|| anyhow!("no witness for {s} (a bug: every string has one)"))?;
            writeln!(out, "{s}\t{}\t{}", w.fen(), w.uci())?;
        } else {
            writeln!(out, "{s}")?;
        }
    }
    out.flush()?;
    Ok(())
}
