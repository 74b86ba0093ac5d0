//! `scoresheet fen`: validate and normalize a FEN.

use std::io::Write;

use scoresheet::fen::CastlingFormat;
use scoresheet::EnPassantMode;

use crate::args::{EnPassant, FenArgs};
use crate::output::{line, stdout, Outcome};

/// Runs the subcommand.
pub fn run(args: FenArgs) -> Outcome {
    let pos = super::load_fen(&args.fen, false, args.lenient)?;
    let ep = match args.en_passant {
        EnPassant::Always => EnPassantMode::Always,
        EnPassant::Legal => EnPassantMode::Legal,
    };
    let castling = if args.shredder {
        CastlingFormat::Shredder
    } else {
        CastlingFormat::XFen
    };
    let mut out = stdout();
    line(&mut out, pos.fen_with(ep, castling))?;
    out.flush()?;
    Ok(())
}
