//! `egd`: EGD records (the library's JSON writer, `scoresheet_pgn::egd::JsonVisitor`, the
//! same as `scoresheet egd`), each parsed by Python's `json.loads` into a dict.

use pyo3::prelude::*;
use pyo3::types::PyList;
use scoresheet_pgn::egd::{EgdOptions, JsonVisitor};

use crate::pulled::{PullArgs, PulledGames};

/// The iterator `egd` returns: one dict per game converted.
#[pyclass(module = "scoresheet")]
#[derive(Debug)]
pub struct EgdRecords {
    games: PulledGames<JsonVisitor>,
}

#[pymethods]
impl EgdRecords {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        let line = |mut json: Vec<u8>| {
            if json.last() == Some(&b'\n') {
                json.pop();
            }
            Some(json)
        };
        let Some(json) = self.games.next(py, line)? else {
            return Ok(None);
        };
        let loads = py.import("json")?.getattr("loads")?;
        Ok(Some(loads.call1((json.as_slice(),))?.unbind()))
    }

    /// Games left out by `where` so far.
    #[getter]
    fn not_selected(&self) -> u64 {
        self.games.tally(|t| t.not_selected())
    }

    /// Every game rejected so far (with `errors="skip"`), as `Rejection` records.
    #[getter]
    fn rejected(&self, py: Python<'_>) -> Py<PyList> {
        self.games.rejected(py)
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
    let args = PullArgs {
        errors,
        where_: r#where,
        movetext_column,
        max_game_bytes,
    };
    let visitor = JsonVisitor::new(EgdOptions::new().extended(extended));
    let games = PulledGames::open(py, source, args, visitor)?;
    Ok(EgdRecords { games })
}
