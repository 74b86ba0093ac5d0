//! `scoresheet`: read, check, convert and denormalize chess notation.
//!
//! `main` only dispatches; each subcommand lives in `cmd/`, flags in `args.rs`, printing and
//! exit codes in `output.rs`.

#![forbid(unsafe_code)]

mod args;
mod cmd;
mod notation;
mod output;
mod output_file;

use std::process::ExitCode;

use clap::Parser;

/// Small strings per ply, freed by another thread than made them: mimalloc does that in
/// fewer instructions than glibc's malloc.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let args = match args::Cli::try_parse() {
        Ok(args) => args,
        Err(e) => return output::usage_error(&e),
    };
    let result = match args.command {
        args::Command::Convert(a) => cmd::convert::run(a),
        args::Command::Moves(a) => cmd::moves::run(a),
        args::Command::Perft(a) => cmd::perft::run(a),
        args::Command::Fen(a) => cmd::fen::run(a),
        args::Command::Detect(a) => cmd::detect::run(a),
        args::Command::Parse(a) => cmd::parse::run(a),
        args::Command::Vocab(a) => cmd::vocab::run(a),
        args::Command::Tokenize(a) => cmd::tokenize::run(a),
        args::Command::Detokenize(a) => cmd::tokenize::run_detokenize(a),
        args::Command::Egd(a) => cmd::egd::run(a),
        #[cfg(feature = "parquet")]
        args::Command::Export(a) => cmd::export::run(a),
        args::Command::Pgn(a) => cmd::pgn::run(a),
        args::Command::Select(a) => cmd::select::run(a),
        #[cfg(feature = "database")]
        args::Command::Load(a) => cmd::load::run(a),
        #[cfg(feature = "database")]
        args::Command::Query(a) => cmd::query::run(a),
    };
    output::finish(result)
}
