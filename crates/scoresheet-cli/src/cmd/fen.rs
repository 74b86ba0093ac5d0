//! `scoresheet fen`: validate and normalize a FEN.

use std::io::Write;

use scoresheet::fen::{CastlingFormat, Fen};
use scoresheet::{CastlingMode, EnPassantMode, Position};

use crate::args::{EnPassant, FenArgs};
use crate::output::{caret, line, stdout, Failure, Outcome};

/// Runs the subcommand.
pub fn run(args: FenArgs) -> Outcome {
    let pos = if args.lenient {
        load_repaired(&args.fen)?
    } else {
        super::load_fen(&args.fen, false, false)?
    };
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

/// Reads the FEN leniently, printing each repair as a warning on stderr.
fn load_repaired(text: &str) -> Result<Position, Failure> {
    let (fen, mut repairs) = Fen::from_ascii_repaired(text.as_bytes())
        .map_err(|e| Failure::Rejected(format!("{e}\n{}", caret(text.trim(), e.offset()))))?;
    let setup = fen.into_setup();
    let result = Position::from_setup_repaired(&setup, CastlingMode::detect(&setup));
    if let Ok((_, more)) = &result {
        repairs.extend_from_slice(more);
    }
    for repair in &repairs {
        eprintln!("fen: warning: {repair}");
    }
    result
        .map(|(pos, _)| pos)
        .map_err(|e| Failure::Rejected(format!("{e}: {text}")))
}
