//! Printing and exit codes.
//!
//! Exit codes, the same for every command: 0 all input accepted, 1 some input rejected (a bad
//! move, FEN or game; the rest was still written), 2 usage or I/O error. A closed output pipe
//! (`scoresheet moves | head`) counts as success.

use std::fmt;
use std::io::{self, Write};
use std::process::ExitCode;

/// What a subcommand reports when it does not succeed.
#[derive(Debug)]
pub enum Failure {
    /// The input was rejected; the message says where and why (exit code 1).
    Rejected(String),
    /// Anything else: I/O, usage (exit code 2).
    Error(anyhow::Error),
    /// An explicit exit code, with an error to print (if not printed already).
    Exit {
        /// The exit code.
        code: u8,
        /// What to print after `error: `.
        error: Option<anyhow::Error>,
    },
}

impl From<anyhow::Error> for Failure {
    fn from(e: anyhow::Error) -> Failure {
        Failure::Error(e)
    }
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Failure {
        Failure::Error(e.into())
    }
}

/// The result of a subcommand.
pub type Outcome = Result<(), Failure>;

/// Prints the failure, if any, and picks the exit code.
pub fn finish(result: Outcome) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Error(e)) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(Failure::Rejected(msg)) => {
            eprintln!("error: {msg}");
            ExitCode::from(1)
        }
        Err(Failure::Error(e)) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
        Err(Failure::Exit { error: Some(e), .. }) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(Failure::Exit { code, error }) => {
            if let Some(e) = error {
                eprintln!("error: {e:#}");
            }
            ExitCode::from(code)
        }
    }
}

/// Prints a command-line parsing error (or the help) and picks the exit code: 2 for usage
/// errors, 0 for `--help` and `--version`.
pub fn usage_error(e: &clap::Error) -> ExitCode {
    let _ = e.print();
    if !e.use_stderr() {
        return ExitCode::SUCCESS;
    }
    ExitCode::from(2)
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<io::Error>()
            .is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// The report of a rejected game, the same in every command: `error: <input>: <why>`, where
/// `why` is the library's message (`game 2 (from line 9), line 11, column 13: move "Ke3":
/// illegal move ...`). Printed even with `--quiet`.
pub fn rejected_game(input: &str, why: impl fmt::Display) -> String {
    format!("error: {input}: {why}")
}

/// The report of an oddity (with `--warnings`), the same in every command:
/// `warning: <input>: <where>: <what>`.
pub fn warning(input: &str, at: impl fmt::Display, what: &str) -> String {
    format!("warning: {input}: {at}: {what}")
}

/// A buffered standard output.
pub fn stdout() -> io::BufWriter<io::StdoutLock<'static>> {
    io::BufWriter::with_capacity(1 << 16, io::stdout().lock())
}

/// Writes one line.
pub fn line(out: &mut impl Write, text: impl fmt::Display) -> io::Result<()> {
    writeln!(out, "{text}")
}
