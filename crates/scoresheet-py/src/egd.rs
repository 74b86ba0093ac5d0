//! `egd`: EGD records (the library's JSON writer, `scoresheet_pgn::egd::JsonVisitor`, the
//! same as `scoresheet egd`), each parsed by Python's `json.loads` into a dict.

use std::io::Read;
use std::sync::{Mutex, PoisonError};

use pyo3::prelude::*;
use pyo3::types::PyList;
use scoresheet_pgn::egd::{EgdOptions, JsonVisitor};
use scoresheet_pgn::pump::{next_game, GameOutcome};
use scoresheet_pgn::replay::GameError;
use scoresheet_pgn::Reader;

use crate::errors::{input_ended, Rejected};
use crate::source::open_source;
use crate::Errors;

/// The reader and the converter of an `egd` iteration.
struct Converting {
    reader: Reader<Box<dyn Read + Send>>,
    visitor: JsonVisitor,
}

/// What reading one game gave.
enum Next {
    /// The game's JSON object.
    Record(Vec<u8>),
    /// The game was rejected.
    Rejected(GameError),
    /// The input ended (after the error that ended it, if any: raised as by `read_tables`).
    End(Option<GameError>),
}

impl Converting {
    fn next(&mut self) -> Next {
        match next_game(&mut self.reader, &mut self.visitor) {
            GameOutcome::End => Next::End(None),
            GameOutcome::Accepted(_) => {
                let mut json = self.visitor.take_output();
                if json.last() == Some(&b'\n') {
                    json.pop();
                }
                Next::Record(json)
            }
            GameOutcome::Rejected(e) => Next::Rejected(e),
            GameOutcome::Fatal(e) => Next::End(Some(e.into())),
        }
    }
}

/// The iterator `egd` returns: one dict per game converted.
#[pyclass(module = "scoresheet")]
pub struct EgdRecords {
    /// `None` once the input ended; a mutex only to make the class shareable.
    inner: Mutex<Option<Converting>>,
    name: String,
    /// Whether the input is a table of games (messages name the row).
    table: bool,
    raise: bool,
    rejected: Py<PyList>,
    /// Games left out by `where` so far.
    left_out: u64,
}

impl std::fmt::Debug for EgdRecords {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EgdRecords")
            .field("name", &self.name)
            .finish()
    }
}

#[pymethods]
impl EgdRecords {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        loop {
            py.check_signals()?;
            let inner = self.inner.get_mut().unwrap_or_else(PoisonError::into_inner);
            let Some(converting) = inner.as_mut() else {
                return Ok(None);
            };
            let next = py.detach(|| converting.next());
            self.left_out = converting.reader.not_selected();
            let rejected = match next {
                Next::Record(json) => {
                    let loads = py.import("json")?.getattr("loads")?;
                    return Ok(Some(loads.call1((json.as_slice(),))?.unbind()));
                }
                Next::Rejected(e) => e,
                Next::End(last) => {
                    *inner = None;
                    return match last {
                        Some(e) => Err(input_ended(py, &self.name, self.table, &e)),
                        None => Ok(None),
                    };
                }
            };
            let list = self.rejected.bind(py);
            Rejected::new(&rejected, self.table).report(py, &self.name, (self.raise, 1), list)?;
        }
    }

    /// Games left out by `where` so far.
    #[getter]
    fn not_selected(&self) -> u64 {
        self.left_out
    }

    /// Every game rejected so far (with `errors="skip"`), as `Rejection` records.
    #[getter]
    fn rejected(&self, py: Python<'_>) -> Py<PyList> {
        self.rejected.clone_ref(py)
    }
}

/// EGD records of the games of `source` (a path, bytes or a binary file object), as dicts:
/// the objects `scoresheet egd` writes (with `extended`, as `--extended`), from the library's
/// JSON writer. Rejected games are reported as by `read_games` (`errors="skip"` or
/// `"raise"`), and an input that cannot be read on raises as there (`OSError`, `PgnError`);
/// `where` selects games by their tags, `movetext_column` names a table's movetext column and
/// `max_game_bytes` caps a game's size, as there.
#[pyfunction]
#[pyo3(signature = (
    source, *, extended = false, errors = "skip", r#where = None, movetext_column = None,
    max_game_bytes = None
))]
pub fn egd(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    extended: bool,
    errors: &str,
    r#where: Option<&str>,
    movetext_column: Option<&str>,
    max_game_bytes: Option<usize>,
) -> PyResult<EgdRecords> {
    let raise = Errors::parse(errors)?.raise();
    let selection = crate::errors::where_expr(r#where)?;
    let options = crate::errors::read_options(max_game_bytes)?;
    let opened = open_source(source, movetext_column)?;
    let converting = Converting {
        reader: Reader::with_options(opened.src, options).select_where(selection),
        visitor: JsonVisitor::new(EgdOptions::new().extended(extended)),
    };
    Ok(EgdRecords {
        inner: Mutex::new(Some(converting)),
        name: opened.name,
        table: opened.table,
        raise,
        rejected: PyList::empty(py).unbind(),
        left_out: 0,
    })
}
