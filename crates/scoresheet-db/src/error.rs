//! The errors of this crate.

use std::{error, fmt, io, time::Duration};

/// What went wrong with a database.
///
/// Messages never hold a password: URLs are shown [redacted](crate::url::redact), and the
/// drivers' own messages do not repeat connection strings.
#[derive(Debug)]
#[non_exhaustive]
pub enum Error {
    /// The database URL is not one this crate reads.
    Url(String),
    /// SQLite failed.
    Sqlite(rusqlite::Error),
    /// PostgreSQL failed.
    Postgres(postgres::Error),
    /// The SQLite file is locked by another writer, for longer than the busy timeout.
    Locked {
        /// How long the writer waited.
        waited: Duration,
    },
    /// The SQLite file given to a read-only command does not exist.
    NotFound(String),
    /// The database has no scoresheet schema (nothing was loaded into it).
    NoSchema,
    /// The database schema is newer than this version of scoresheet knows.
    SchemaTooNew {
        /// The version found in the database.
        found: i64,
        /// The newest version this crate knows.
        known: i64,
    },
    /// No shipped query has this name.
    UnknownQuery(String),
    /// A query returned a column type that results cannot hold.
    UnsupportedType {
        /// The column.
        column: String,
        /// The database's name for the type.
        type_name: String,
    },
    /// Stored data could not be read back (a value outside what the loader writes).
    Corrupt(String),
    /// Reading input failed.
    Io(io::Error),
    /// The PGN reader stopped (an I/O or decompression error, or UTF-16 input).
    Read(scoresheet_pgn::ReadError),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Url(message) => f.write_str(message),
            Error::Sqlite(e) => write!(f, "sqlite: {e}"),
            Error::Postgres(e) => write!(f, "postgres: {e}"),
            Error::Locked { waited } => write!(
                f,
                "sqlite: database is locked by another process (waited {} s)",
                waited.as_secs_f64()
            ),
            Error::NotFound(path) => write!(f, "sqlite: database file {path} does not exist"),
            Error::NoSchema => {
                f.write_str("database has no scoresheet tables (load games into it first)")
            }
            Error::SchemaTooNew { found, known } => write!(
                f,
                "database schema version {found} is newer than this scoresheet knows ({known})"
            ),
            Error::UnknownQuery(name) => write!(f, "no shipped query is named {name:?}"),
            Error::UnsupportedType { column, type_name } => write!(
                f,
                "column {column:?} has type {type_name}, expected a number or text"
            ),
            Error::Corrupt(message) => write!(f, "stored data: {message}"),
            Error::Io(e) => write!(f, "{e}"),
            Error::Read(e) => match std::error::Error::source(e) {
                Some(cause) => write!(f, "{e}: {cause}"),
                None => write!(f, "{e}"),
            },
        }
    }
}

/// `source()` is `None`: the message already holds the driver's message and its causes (the
/// drivers' errors print their own causes too, so a cause chain would repeat them).
impl error::Error for Error {}

impl From<rusqlite::Error> for Error {
    fn from(e: rusqlite::Error) -> Error {
        Error::Sqlite(e)
    }
}

impl From<postgres::Error> for Error {
    fn from(e: postgres::Error) -> Error {
        Error::Postgres(e)
    }
}

impl From<io::Error> for Error {
    fn from(e: io::Error) -> Error {
        Error::Io(e)
    }
}
