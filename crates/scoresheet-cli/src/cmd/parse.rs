//! `scoresheet parse`: print the syntax tree of one move string as a JSON object, the
//! library's [`syntax_tree::to_json`] (the npm package's `parse` prints the same).

use std::io::Write;

use scoresheet::notation::{syntax_tree, Caret};

use crate::args::ParseArgs;
use crate::notation::check_lang;
use crate::output::{line, stdout, Failure, Outcome};

/// Runs the subcommand.
pub fn run(args: ParseArgs) -> Outcome {
    check_lang(args.lang, &[args.notation])?;
    let notation = args.notation.with_lang(args.lang);
    let json = syntax_tree::to_json(notation, args.text.as_bytes(), args.strict).map_err(|e| {
        Failure::Rejected(format!(
            "{e}\n{}",
            Caret::new(args.text.as_bytes(), e.offset().unwrap_or(0))
        ))
    })?;
    let mut out = stdout();
    line(&mut out, json)?;
    out.flush()?;
    Ok(())
}
