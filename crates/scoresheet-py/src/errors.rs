//! Rust errors as the package's Python exceptions (declared in `scoresheet/_errors.py`, where
//! they have their docstrings and attributes): `ParseError`, `IllegalMoveError`, `PgnError`,
//! all `ScoresheetError`s, and the `Rejection` record of a game left out.

use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyList;
use scoresheet::notation::NotationError;
use scoresheet_pgn::replay::{GameError, GameErrorKind};
use scoresheet_pgn::{Location, ReadErrorKind};

/// A class of `scoresheet._errors`.
pub(crate) fn class<'py>(py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("scoresheet._errors")?.getattr(name)
}

/// A game left out: where (1-based game number, line, column, byte; the row of a table of
/// games) and the library's message, the one every command prints after the input's name.
#[derive(Debug, Clone)]
pub struct Rejected {
    /// Where the game was rejected.
    pub location: Location,
    /// The game's row when the input is a table of games (the message then names it first).
    pub row: Option<u64>,
    /// The whole message, row and location first.
    pub message: String,
}

type Args<'a> = (&'a str, u64, u64, u64, u64, &'a str, &'a str, Option<u64>);

impl Rejected {
    /// The record of a game rejected from an input that is a table of games (`table`, one
    /// game a row) or PGN text.
    pub fn new(error: &GameError, table: bool) -> Rejected {
        let location = error.location();
        let mut rejected = Rejected {
            location,
            row: table.then_some(location.game_index),
            message: String::new(),
        };
        rejected.message = format!("{}{error}", rejected.row_prefix());
        rejected
    }

    /// The row named first in the message (nothing for PGN text).
    fn row_prefix(&self) -> String {
        self.row
            .map(|_| self.location.row_prefix())
            .unwrap_or_default()
    }

    /// The message without its row and location (`row 1: game 2 (from line 9), line 11,
    /// column 13: `).
    fn reason(&self) -> &str {
        let prefix = format!("{}{}: ", self.row_prefix(), self.location);
        self.message.strip_prefix(&prefix).unwrap_or(&self.message)
    }

    /// Its arguments in Python: source, game, line, column, byte, reason, message, row.
    fn args<'a>(&'a self, source: &'a str) -> Args<'a> {
        let at = self.location;
        let game = at.game_index + 1;
        (
            source,
            game,
            at.line,
            at.column,
            at.byte,
            self.reason(),
            &self.message,
            self.row,
        )
    }

    /// A `scoresheet.Rejection`.
    pub fn to_py<'py>(&self, py: Python<'py>, source: &str) -> PyResult<Bound<'py, PyAny>> {
        class(py, "Rejection")?.call1(self.args(source))
    }

    /// A `scoresheet.PgnError`.
    pub fn to_err(&self, py: Python<'_>, source: &str) -> PyErr {
        match class(py, "PgnError").and_then(|c| c.call1(self.args(source))) {
            Ok(value) => PyErr::from_value(value),
            Err(e) => e,
        }
    }

    /// Reports the game: raises `PgnError` when `raise`, else warns (`RejectedGameWarning`,
    /// attributed to the Python frame `stacklevel` up) and appends a `Rejection` to `list`.
    pub fn report(
        &self,
        py: Python<'_>,
        source: &str,
        (raise, stacklevel): (bool, i32),
        list: &Bound<'_, PyList>,
    ) -> PyResult<()> {
        if raise {
            return Err(self.to_err(py, source));
        }
        let record = self.to_py(py, source)?;
        list.append(&record)?;
        let category = class(py, "RejectedGameWarning")?;
        let text = format!("{source}: {}", self.message);
        let text = std::ffi::CString::new(text.replace('\0', "\\0"))?;
        PyErr::warn(py, &category, &text, stacklevel)
    }
}

/// A move that does not parse (`ParseError`) or is not one legal move (`IllegalMoveError`).
pub fn move_error(
    py: Python<'_>,
    e: &NotationError,
    text: &str,
    pos: &scoresheet::Position,
) -> PyErr {
    let fen = pos.fen(scoresheet::EnPassantMode::Always);
    let made = match e {
        NotationError::Move(m) => class(py, "IllegalMoveError").and_then(|c| {
            let message = format!("move {text:?}: {} (position {fen})", m.kind());
            c.call1((message, text, fen, m.kind().to_string()))
        }),
        _ => class(py, "ParseError").and_then(|c| {
            let offset = e.offset().unwrap_or(0);
            c.call1((e.to_string(), e.notation(), offset, text))
        }),
    };
    match made {
        Ok(value) => PyErr::from_value(value),
        Err(e) => e,
    }
}

/// A FEN that does not parse or is no legal position: `ParseError` with notation `fen`.
pub fn fen_error(py: Python<'_>, e: &scoresheet::FenError, text: &str) -> PyErr {
    let offset = match e {
        scoresheet::FenError::Parse(p) => p.offset(),
        _ => 0,
    };
    match class(py, "ParseError").and_then(|c| c.call1((e.to_string(), "fen", offset, text))) {
        Ok(value) => PyErr::from_value(value),
        Err(e) => e,
    }
}

/// A usage error: a `ValueError`.
pub fn value_error(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
}

/// The `where` argument of a reader, read as the command-line tool's `--where` (the
/// expression language of `scoresheet_pgn::select::expr`): a `ValueError` with the message
/// and a caret under the byte where reading stopped when it does not read.
pub fn where_expr(
    text: Option<&str>,
) -> PyResult<Option<std::sync::Arc<scoresheet_pgn::select::TagExpr>>> {
    let Some(text) = text else {
        return Ok(None);
    };
    match scoresheet_pgn::select::TagExpr::parse(text) {
        Ok(expr) => Ok(Some(std::sync::Arc::new(expr))),
        Err(e) => {
            let caret = scoresheet::notation::Caret::new(text.as_bytes(), e.offset());
            Err(value_error(format!("where: {e}\n{caret}")))
        }
    }
}

/// The `openings` argument of a reader, read as the command-line tool's `--openings`
/// (`OpeningTable::read_paths_kept`): `None` for no paths (the shipped table); a path that
/// cannot be read raises `OSError` (`FileNotFoundError`, ... naming it, [`io_error`]), a table
/// that does not read `ValueError` with the library's message (file, line, byte, what was
/// expected). The table is read with the GIL released.
pub fn openings_table(
    py: Python<'_>,
    paths: &[std::path::PathBuf],
) -> PyResult<Option<&'static scoresheet_pgn::select::OpeningTable>> {
    use scoresheet_pgn::select::openings::ReadOpeningsErrorKind;
    let read = py.detach(|| scoresheet_pgn::select::OpeningTable::read_paths_kept(paths));
    read.map_err(|e| match e.kind() {
        ReadOpeningsErrorKind::Io(io) => io_error(&e.file().to_string_lossy(), io),
        _ => value_error(format!("openings: {e}")),
    })
}

/// An I/O error reading `source`: an `OSError` naming it. An error of the operating system
/// (or one of its kinds: not found, permission denied, a directory) is raised as
/// `OSError(errno, strerror, filename)`, which Python turns into its subclass
/// (`FileNotFoundError`, `PermissionError`, `IsADirectoryError`) with `errno` and `filename`
/// set; the name is bounded ([`bounded_name`]).
pub fn io_error(source: &str, e: &std::io::Error) -> PyErr {
    let name = bounded_name(source);
    let Some(errno) = Python::attach(|py| errno_of(py, e)) else {
        return PyOSError::new_err(format!("{name}: {e}"));
    };
    // The system's wording for the errno, without Rust's " (os error N)" (Python shows
    // `[Errno N]` first).
    let text = std::io::Error::from_raw_os_error(errno).to_string();
    let strerror = text
        .rsplit_once(" (os error ")
        .map_or(&text[..], |(cut, _)| cut);
    let hint = if name == source {
        ""
    } else {
        "; PGN text is read from bytes (pass text.encode()): a str is a path"
    };
    PyOSError::new_err((errno, format!("{strerror}{hint}"), name))
}

/// The errno of an I/O error: the operating system's, else the one its kind stands for.
fn errno_of(py: Python<'_>, e: &std::io::Error) -> Option<i32> {
    if let Some(errno) = e.raw_os_error() {
        return Some(errno);
    }
    let name = match e.kind() {
        std::io::ErrorKind::NotFound => "ENOENT",
        std::io::ErrorKind::PermissionDenied => "EACCES",
        std::io::ErrorKind::IsADirectory => "EISDIR",
        _ => return None,
    };
    py.import("errno").ok()?.getattr(name).ok()?.extract().ok()
}

/// Names as they appear in messages: a name with a line break or longer than 200 characters
/// (PGN text given as a `str`, taken for a path) is cut to its first 80 characters and its
/// length, so that a message never echoes a whole file.
pub fn bounded_name(name: &str) -> String {
    let chars = name.chars().count();
    if chars <= 200 && !name.contains(['\n', '\r']) {
        return name.to_owned();
    }
    let head: String = name.chars().take(80).collect();
    format!("{head:?}... ({chars} characters)")
}

/// The exception for an error that ended the input ([`GameError::ends_input`]), the same from
/// every reader of the package as from `read_tables` (and where the command-line tool exits
/// 2): an I/O error is `OSError` (`i/o error after byte N: ...`), an input that cannot be read
/// on (UTF-16) `PgnError`.
pub fn input_ended(py: Python<'_>, source: &str, table: bool, error: &GameError) -> PyErr {
    if let GameErrorKind::Read(read) = error.kind() {
        if let ReadErrorKind::Io(io) = read.kind() {
            return io_error_after(source, read.location().byte, io);
        }
    }
    Rejected::new(error, table).to_err(py, source)
}

/// `OSError` for an I/O error that stopped reading after `byte` bytes of the input (a plain
/// `OSError`: the file was opened, so none of the subclasses for opening it applies).
pub fn io_error_after(source: &str, byte: u64, e: &std::io::Error) -> PyErr {
    let name = bounded_name(source);
    PyOSError::new_err(format!("{name}: i/o error after byte {byte}: {e}"))
}

/// The reader settings of a `max_game_bytes=` argument (`None`: the default, 64 MiB): the
/// largest game read; a larger one is rejected and skipped as it streams. Out of 1 to 1 GiB is
/// a `ValueError`.
pub(crate) fn read_options(max_game_bytes: Option<usize>) -> PyResult<scoresheet_pgn::ReadOptions> {
    let options = scoresheet_export::GameConverter::read_options();
    match max_game_bytes {
        None => Ok(options),
        Some(bytes) if (1..=1 << 30).contains(&bytes) => Ok(options.max_game_bytes(bytes)),
        Some(_) => Err(value_error("max_game_bytes: from 1 to 1073741824")),
    }
}
