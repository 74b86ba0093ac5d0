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
    /// The SQL of a query holds this many statements, not one.
    Statements(usize),
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
    /// A compressed input failed its integrity check (a checksum, or its end is missing), so
    /// nothing decoded from it can be trusted: the games this load had stored from it were
    /// deleted again.
    Unverified {
        /// Why reading stopped.
        error: scoresheet_pgn::ReadError,
        /// How many games were deleted.
        removed: u64,
    },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Url(message) => f.write_str(message),
            Error::Sqlite(e) => write!(f, "sqlite: {e}"),
            Error::Postgres(e) => {
                f.write_str("postgres: ")?;
                write_postgres(f, e)
            }
            Error::Locked { waited } => write!(
                f,
                "sqlite: database is locked by another process (waited {} s)",
                waited.as_secs_f64()
            ),
            Error::NotFound(path) => write!(f, "sqlite: database file {path} does not exist"),
            Error::Statements(0) => f.write_str("the SQL holds no statement"),
            Error::Statements(n) => write!(
                f,
                "the SQL holds {n} statements; a query is one (run each on its own)"
            ),
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
            Error::Read(e) => write_read(f, e),
            Error::Unverified { error, removed } => {
                write_read(f, error)?;
                let s = if *removed == 1 { "" } else { "s" };
                write!(
                    f,
                    "; the compressed input failed its integrity check, so the {removed} \
                     game{s} this load had stored from it were removed again"
                )
            }
        }
    }
}

fn write_read(f: &mut fmt::Formatter<'_>, e: &scoresheet_pgn::ReadError) -> fmt::Result {
    match error::Error::source(e) {
        Some(cause) => write!(f, "{e}: {cause}"),
        None => write!(f, "{e}"),
    }
}

/// A PostgreSQL error as the server or the connection told it, then what to check. The
/// driver's own `Display` says only `db error` or `error connecting to server`: the server's
/// message (severity, text, detail, hint) and the I/O cause are in its sources. Neither ever
/// holds the password (the server does not echo it; connection errors name no URL).
fn write_postgres(f: &mut fmt::Formatter<'_>, e: &postgres::Error) -> fmt::Result {
    if let Some(db) = e.as_db_error() {
        write!(f, "{}: {}", db.severity(), db.message())?;
        if let Some(detail) = db.detail() {
            write!(f, " ({detail})")?;
        }
        if let Some(hint) = db.hint() {
            write!(f, "; hint: {hint}")?;
        }
        if let Some(check) = check_for_state(db.code()) {
            write!(f, "; {check}")?;
        }
        return Ok(());
    }
    write!(f, "{e}")?;
    let mut cause = error::Error::source(e);
    let mut io_kind = None;
    while let Some(c) = cause {
        write!(f, ": {c}")?;
        if let Some(io) = c.downcast_ref::<io::Error>() {
            io_kind = Some(io.kind());
        }
        cause = c.source();
    }
    if let Some(check) = io_kind.and_then(check_for_io) {
        write!(f, "; {check}")?;
    }
    Ok(())
}

/// What to check after the server refused, by SQLSTATE.
fn check_for_state(code: &postgres::error::SqlState) -> Option<&'static str> {
    use postgres::error::SqlState;
    Some(match *code {
        SqlState::INVALID_PASSWORD => "check the user name and password in the URL",
        SqlState::INVALID_AUTHORIZATION_SPECIFICATION => {
            "check the user name in the URL, and that the server's pg_hba.conf lets this user \
             connect from this host to this database"
        }
        SqlState::INVALID_CATALOG_NAME => {
            "check the database name in the URL, or create the database (createdb NAME)"
        }
        SqlState::TOO_MANY_CONNECTIONS => "the server has no free connection slot: try later",
        SqlState::INSUFFICIENT_PRIVILEGE => {
            "check that the user may create tables in this database (GRANT CREATE ON SCHEMA)"
        }
        SqlState::CANNOT_CONNECT_NOW => "the server is starting or stopping: try again",
        _ => return None,
    })
}

/// What to check after a connection failed, by the I/O error's kind.
fn check_for_io(kind: io::ErrorKind) -> Option<&'static str> {
    Some(match kind {
        io::ErrorKind::ConnectionRefused => {
            "check that the server is running and listens on the host and port of the URL"
        }
        io::ErrorKind::TimedOut => {
            "check the host and port of the URL, and that no firewall drops the connection"
        }
        io::ErrorKind::NotFound => "check the host name of the URL",
        io::ErrorKind::UnexpectedEof | io::ErrorKind::ConnectionReset => {
            "the server closed the connection: check that it speaks PostgreSQL without TLS \
             (scoresheet does not support TLS yet)"
        }
        _ => return None,
    })
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
