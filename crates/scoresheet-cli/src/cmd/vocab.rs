//! `scoresheet vocab`: print a move vocabulary, optionally with a witness per string.

use std::io::Write;

use anyhow::anyhow;
use scoresheet::vocab::Vocabulary;

use crate::args::{VocabArgs, VocabNotation};
use crate::output::{stdout, Failure, Outcome};

/// The vocabulary the flags name (which have symbols: the library's
/// [`Vocabulary::with_symbols`]).
fn vocabulary(args: &VocabArgs) -> Result<Vocabulary, Failure> {
    let base = match args.notation {
        VocabNotation::San => Vocabulary::San,
        VocabNotation::Lan => Vocabulary::Lan,
        VocabNotation::Uci => Vocabulary::Uci,
        VocabNotation::Eran => Vocabulary::Eran,
        VocabNotation::EranShort => Vocabulary::EranShort,
    };
    match args.with_symbols {
        false => Ok(base),
        true => base.with_symbols().ok_or_else(|| {
            Failure::Error(anyhow!(
                "--with-symbols: {} writes no check symbols",
                base.name()
            ))
        }),
    }
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
