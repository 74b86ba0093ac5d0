//! `scoresheet fen`: validate and normalize a FEN. Also the start position of the commands
//! that play moves (`convert`, `moves`, `perft`).

use std::io::Write;

use scoresheet::fen::{CastlingFormat, Fen};
use scoresheet::notation::{Caret, Excerpt};
use scoresheet::{CastlingMode, EnPassantMode, Position};

use crate::args::{EnPassant, FenArgs, PositionArgs};
use crate::output::{line, stdout, Failure, Outcome};

/// Runs the subcommand.
pub fn run(args: FenArgs) -> Outcome {
    let pos = load(&args.fen, false, args.lenient)?;
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

/// The start position the flags name.
pub fn start_position(args: &PositionArgs) -> Result<Position, Failure> {
    let Some(text) = &args.fen else {
        let mut pos = Position::new();
        if args.chess960 {
            pos.set_castling_mode(CastlingMode::Chess960);
        }
        return Ok(pos);
    };
    load(text, args.chess960, false)
}

/// Parses and checks a FEN (leniently: printing each repair as a warning on stderr), with a
/// caret under a syntax error. The input is shown escaped and cut to a window in messages.
pub fn load(text: &str, chess960: bool, lenient: bool) -> Result<Position, Failure> {
    let bytes = text.as_bytes();
    let parsed = match lenient {
        true => Fen::from_ascii_repaired(bytes),
        false => Fen::from_ascii(bytes).map(|fen| (fen, Vec::new())),
    };
    let (fen, mut repairs) = parsed.map_err(|e| {
        let shown = if lenient { bytes.trim_ascii() } else { bytes };
        Failure::Rejected(format!("{e}\n{}", Caret::new(shown, e.offset())))
    })?;
    let setup = fen.into_setup();
    let mode = match chess960 {
        true => CastlingMode::Chess960,
        false => CastlingMode::detect(&setup),
    };
    let result = match lenient {
        true => Position::from_setup_repaired(&setup, mode),
        false => Position::from_setup(&setup, mode).map(|pos| (pos, Vec::new())),
    };
    if let Ok((_, more)) = &result {
        repairs.extend_from_slice(more);
    }
    for repair in &repairs {
        eprintln!("fen: warning: {repair}");
    }
    result
        .map(|(pos, _)| pos)
        .map_err(|e| Failure::Rejected(format!("{e}: {}", Excerpt::new(bytes, 0))))
}
