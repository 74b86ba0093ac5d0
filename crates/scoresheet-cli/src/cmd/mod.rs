//! One module per subcommand, plus the database settings they share. The start position of the
//! commands that play moves is loaded by [`fen::start_position`].

pub mod convert;
mod counters;
pub mod detect;
pub mod egd;
#[cfg(feature = "parquet")]
pub mod export;
pub mod fen;
#[cfg(feature = "database")]
pub mod load;
pub mod moves;
pub mod parse;
pub mod perft;
pub mod pgn;
mod progress;
pub mod pumped;
#[cfg(feature = "database")]
pub mod query;
pub mod select;
pub mod tokenize;
pub mod vocab;

#[cfg(feature = "database")]
use crate::args::DbArgs;
#[cfg(feature = "database")]
use crate::output::Failure;

#[cfg(feature = "database")]
/// The environment variable `load` and `query` read when `--db` is not given.
pub const DATABASE_ENV: &str = "SCORESHEET_DATABASE_URL";

#[cfg(feature = "database")]
/// The database the flags (or the environment) name; `sqlite:scoresheet.db` by default.
pub fn database_url(args: &DbArgs) -> Result<scoresheet_db::DatabaseUrl, Failure> {
    let text = match &args.db {
        Some(url) => url.clone(),
        None => std::env::var(DATABASE_ENV).unwrap_or_else(|_| scoresheet_db::DEFAULT_URL.into()),
    };
    scoresheet_db::DatabaseUrl::parse(&text).map_err(|e| Failure::Error(e.into()))
}
