//! One module per subcommand, plus the start-position handling they share.

pub mod convert;
pub mod egd;
pub mod fen;
pub mod load;
pub mod moves;
pub mod parse;
pub mod perft;
pub mod pgn;
pub mod query;
pub mod tokenize;
pub mod vocab;

use scoresheet::fen::Fen;
use scoresheet::{CastlingMode, Position};

use crate::args::{DbArgs, PositionArgs};
use crate::output::{caret, Failure};

/// The environment variable `load` and `query` read when `--db` is not given.
pub const DATABASE_ENV: &str = "SCORESHEET_DATABASE_URL";

/// The database the flags (or the environment) name; `sqlite:scoresheet.db` by default.
pub fn database_url(args: &DbArgs) -> Result<scoresheet_db::DatabaseUrl, Failure> {
    let text = match &args.db {
        Some(url) => url.clone(),
        None => std::env::var(DATABASE_ENV).unwrap_or_else(|_| scoresheet_db::DEFAULT_URL.into()),
    };
    scoresheet_db::DatabaseUrl::parse(&text).map_err(|e| Failure::Error(e.into()))
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
    load_fen(text, args.chess960, false)
}

/// Parses and checks a FEN, with a caret under a syntax error.
pub fn load_fen(text: &str, chess960: bool, lenient: bool) -> Result<Position, Failure> {
    let parsed = if lenient {
        Fen::from_ascii_lenient(text.as_bytes())
    } else {
        Fen::from_ascii(text.as_bytes())
    };
    let setup = match parsed {
        Ok(fen) => fen.into_setup(),
        Err(e) => {
            let shown = if lenient { text.trim() } else { text };
            return Err(Failure::Rejected(format!(
                "{e}\n{}",
                caret(shown, e.offset())
            )));
        }
    };
    let mode = if chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::detect(&setup)
    };
    let result = if lenient {
        Position::from_fen_lenient(text, mode).map_err(|e| e.to_string())
    } else {
        Position::from_setup(&setup, mode).map_err(|e| e.to_string())
    };
    result.map_err(|e| Failure::Rejected(format!("{e}: {text}")))
}
