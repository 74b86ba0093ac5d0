//! `stream_tables`: PGN to the export's `games` and `moves` tables as a stream of record
//! batches, pumped by `scoresheet_export::export_parallel` on a thread of its own
//! ([`Background`]) and handed to pyarrow one delivery at a time (the Arrow C data interface:
//! no copy). `scoresheet.read_tables` collects it.
//!
//! - [`TableStream`] yields `(games, moves)` pairs of `pyarrow.RecordBatch` (the same games),
//!   reporting each rejected game as its batch comes (a `RejectedGameWarning` and a
//!   `Rejection` in `rejected`, or `PgnError` instead of that batch with `errors="raise"`).
//! - [`TableBatches`] is one table's batches of a stream, the iterator that
//!   `TableStream.reader` hands to `pyarrow.RecordBatchReader.from_batches` (which keeps a
//!   Python exception raised while pulling as it is, type and attributes).
//! - Waiting for a delivery releases the GIL and checks for signals every 50 ms (Ctrl-C
//!   raises `KeyboardInterrupt`; the stream can be read on after it). The stream ends at the
//!   first error it raises; closing it (`close()`, `with`, or dropping it) stops the pump. A
//!   reader's own `close()` does not reach it: pyarrow's reader keeps its iterator until the
//!   reader is dropped.

use std::path::PathBuf;
use std::sync::mpsc::RecvTimeoutError;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use arrow_pyarrow::ToPyArrow;
use arrow_schema::SchemaRef;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};
use scoresheet_export::{games_schema, moves_schema, Columns, ExportOptions, ParallelExport};
use scoresheet_pgn::pump::PumpError;

use crate::background::{Background, Delivery, Message};
use crate::errors::{io_error, io_error_after, value_error, Rejected};
use crate::source::open_source;
use crate::Errors;

/// How long a wait for a delivery lasts before signals are checked.
const SIGNAL_CHECK: Duration = Duration::from_millis(50);

/// Deliveries waiting in the channel per worker thread.
const WAITING_PER_THREAD: usize = 2;

/// The stream of `scoresheet.stream_tables(source)`: an iterator of `(games, moves)` pairs of
/// `pyarrow.RecordBatch` holding the same games, read by a thread of its own as they are
/// taken. `rejected`, `games_read` and `not_selected` count so far; `reader(table)` gives one
/// table's `pyarrow.RecordBatchReader`; `close()` (or `with`) stops the reading.
#[pyclass(module = "scoresheet")]
pub struct TableStream {
    /// `None` once the stream ended (or raised, or was closed); a mutex only to make the
    /// class shareable (a channel's receiver is not).
    pump: Mutex<Option<Background>>,
    name: String,
    /// Whether the input is a table of games (messages name the row).
    table: bool,
    raise: bool,
    /// The Python frame rejected games are warned as from (1: the caller of `__next__`).
    stacklevel: i32,
    rejected: Py<PyList>,
    games_read: u64,
    left_out: u64,
    games_schema: SchemaRef,
    moves_schema: SchemaRef,
}

impl std::fmt::Debug for TableStream {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TableStream")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

impl TableStream {
    /// The next delivery holding games (one without, all its games rejected or not selected,
    /// is counted and left out), or `None` at the end.
    fn next_delivery(&mut self, py: Python<'_>) -> PyResult<Option<Delivery>> {
        loop {
            match self.next_reported(py)? {
                Some(delivery) if delivery.batches.games.num_rows() == 0 => continue,
                next => return Ok(next),
            }
        }
    }

    /// The next delivery, reported (rejections warned or raised), or `None` at the end.
    fn next_reported(&mut self, py: Python<'_>) -> PyResult<Option<Delivery>> {
        let delivery = loop {
            let pump = self.pump.get_mut().unwrap_or_else(PoisonError::into_inner);
            let Some(pump) = pump.as_mut() else {
                return Ok(None);
            };
            match py.detach(move || pump.recv_timeout(SIGNAL_CHECK)) {
                Ok(Message::Delivery(delivery)) => break delivery,
                Ok(Message::End(result)) => {
                    self.stop(py)?;
                    return ended(py, &self.name, self.table, result).map(|()| None);
                }
                Err(RecvTimeoutError::Timeout) => py.check_signals()?,
                Err(RecvTimeoutError::Disconnected) => {
                    self.stop(py)?;
                    return Err(PyRuntimeError::new_err(
                        "the stream's thread ended early (a bug)",
                    ));
                }
            }
        };
        self.left_out += delivery.not_selected;
        if let (true, Some(first)) = (self.raise, delivery.rejected.first()) {
            self.stop(py)?;
            return Err(first.to_err(py, &self.name));
        }
        let list = self.rejected.bind(py).clone();
        for r in &delivery.rejected {
            // A warning made an error (a warnings filter) ends the stream as any error does:
            // reading on would leave this batch's games out.
            if let Err(e) = r.report(py, &self.name, (false, self.stacklevel), &list) {
                self.stop(py)?;
                return Err(e);
            }
        }
        self.games_read += delivery.batches.games.num_rows() as u64;
        Ok(Some(delivery))
    }

    /// Stops the pump and waits for its thread with the GIL released.
    fn stop(&mut self, py: Python<'_>) -> PyResult<()> {
        let pump = self.pump.get_mut().unwrap_or_else(PoisonError::into_inner);
        let Some(mut pump) = pump.take() else {
            return Ok(());
        };
        match py.detach(|| pump.close()) {
            false => Ok(()),
            true => Err(PyRuntimeError::new_err(
                "the stream's thread panicked (a bug)",
            )),
        }
    }

    /// The schema of table `name` (`games` or `moves`).
    fn schema_of(&self, name: &str) -> PyResult<(usize, &SchemaRef)> {
        match name {
            "games" => Ok((0, &self.games_schema)),
            "moves" => Ok((1, &self.moves_schema)),
            _ => Err(PyValueError::new_err(format!(
                "table: expected \"games\" or \"moves\", not {name:?}"
            ))),
        }
    }
}

/// The end of the pump: `Ok` when every game was delivered, else the error that stopped it,
/// as every reader of the package raises it.
fn ended(py: Python<'_>, name: &str, table: bool, result: Result<(), PumpError>) -> PyResult<()> {
    match result {
        Ok(()) => Ok(()),
        Err(PumpError::Read { byte, error }) => Err(io_error_after(name, byte, &error)),
        Err(PumpError::Deliver(error)) => Err(io_error(name, &error)),
        // An input that cannot be read on (UTF-16): the command-line tool's exit 2.
        Err(PumpError::Fatal(error)) => Err(Rejected::new(&error.into(), table).to_err(py, name)),
    }
}

#[pymethods]
impl TableStream {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&mut self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyTuple>>> {
        let Some(delivery) = self.next_delivery(py)? else {
            return Ok(None);
        };
        let games = delivery.batches.games.to_pyarrow(py)?;
        let moves = delivery.batches.moves.to_pyarrow(py)?;
        PyTuple::new(py, [games, moves]).map(Some)
    }

    /// One table's batches (`"games"` or `"moves"`) as a `pyarrow.RecordBatchReader` reading
    /// this stream (the other table's batches are dropped).
    fn reader<'py>(slf: Bound<'py, Self>, table: &str) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        let (index, schema) = {
            let this = slf.borrow();
            let (index, schema) = this.schema_of(table)?;
            (index, schema.as_ref().to_pyarrow(py)?)
        };
        let batches = TableBatches {
            stream: slf.unbind(),
            index,
        };
        py.import("pyarrow")?
            .getattr("RecordBatchReader")?
            .call_method1("from_batches", (schema, batches))
    }

    /// Stops reading: the pump stops and its thread ends before this returns.
    fn close(&mut self, py: Python<'_>) -> PyResult<()> {
        self.stop(py)
    }

    fn __enter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    #[pyo3(signature = (*_exc))]
    fn __exit__(&mut self, py: Python<'_>, _exc: &Bound<'_, PyTuple>) -> PyResult<bool> {
        self.stop(py)?;
        Ok(false)
    }

    /// The `games` table's schema (every batch has it).
    #[getter]
    fn games_schema<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.games_schema.as_ref().to_pyarrow(py)
    }

    /// The `moves` table's schema (every batch has it).
    #[getter]
    fn moves_schema<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.moves_schema.as_ref().to_pyarrow(py)
    }

    /// Every game rejected so far (with `errors="skip"`), as `Rejection` records.
    #[getter]
    fn rejected(&self, py: Python<'_>) -> Py<PyList> {
        self.rejected.clone_ref(py)
    }

    /// Games in the batches yielded so far.
    #[getter]
    fn games_read(&self) -> u64 {
        self.games_read
    }

    /// Games left out by `where` so far.
    #[getter]
    fn not_selected(&self) -> u64 {
        self.left_out
    }

    /// The source's name, as in messages.
    #[getter]
    fn source(&self) -> &str {
        &self.name
    }
}

/// One table's batches of a [`TableStream`] (`TableStream.reader`).
#[pyclass(module = "scoresheet")]
pub struct TableBatches {
    stream: Py<TableStream>,
    /// 0 for `games`, 1 for `moves`.
    index: usize,
}

impl std::fmt::Debug for TableBatches {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TableBatches")
            .field("index", &self.index)
            .finish_non_exhaustive()
    }
}

#[pymethods]
impl TableBatches {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let mut stream = self.stream.bind(py).try_borrow_mut()?;
        let Some(delivery) = stream.next_delivery(py)? else {
            return Ok(None);
        };
        let batch = match self.index {
            0 => delivery.batches.games,
            _ => delivery.batches.moves,
        };
        batch.to_pyarrow(py).map(Some)
    }
}

/// The columns `columns` names (`None`: the default ones), with `fen_after` when `fen`.
fn chosen_columns(columns: Option<Vec<String>>, fen: bool) -> PyResult<Columns> {
    let columns = match columns {
        None => Columns::DEFAULT,
        Some(names) => Columns::named(names.iter().map(String::as_str))
            .map_err(|e| value_error(format!("columns: {e}")))?,
    };
    Ok(if fen { columns.fen(true) } else { columns })
}

/// The pyarrow schemas `(games, moves)` of the tables of `columns`, without reading anything:
/// what `scoresheet.scan_tables` declares to Polars.
#[pyfunction]
#[pyo3(signature = (*, columns = None, fen = false))]
pub fn table_schemas(
    py: Python<'_>,
    columns: Option<Vec<String>>,
    fen: bool,
) -> PyResult<(Bound<'_, PyAny>, Bound<'_, PyAny>)> {
    let columns = chosen_columns(columns, fen)?;
    let games = games_schema(columns).as_ref().to_pyarrow(py)?;
    let moves = moves_schema(columns).as_ref().to_pyarrow(py)?;
    Ok((games, moves))
}

/// Streams the export's tables from `source`: see `scoresheet.stream_tables`.
#[pyfunction]
#[pyo3(signature = (
    source, *, threads = None, fen = false, errors = "skip", r#where = None,
    movetext_column = None, openings = None, columns = None, max_game_bytes = None,
    stacklevel = 1
))]
#[allow(clippy::too_many_arguments)]
pub fn stream_tables(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    threads: Option<usize>,
    fen: bool,
    errors: &str,
    r#where: Option<&str>,
    movetext_column: Option<&str>,
    openings: Option<Vec<PathBuf>>,
    columns: Option<Vec<String>>,
    max_game_bytes: Option<usize>,
    stacklevel: i32,
) -> PyResult<TableStream> {
    let raise = Errors::parse(errors)?.raise();
    let columns = chosen_columns(columns, fen)?;
    let selection = crate::errors::where_expr(r#where)?;
    let read = crate::errors::read_options(max_game_bytes)?;
    let openings = crate::errors::openings_table(py, openings.as_deref().unwrap_or_default())?;
    // Default: the cores available, as the command-line tool's --threads.
    let threads = threads.unwrap_or_else(scoresheet_pgn::pump::default_threads);
    if threads == 0 {
        return Err(value_error("threads: at least 1"));
    }
    let opened = open_source(source, movetext_column)?;
    let (name, table) = (opened.name, opened.table);
    let settings = ParallelExport::new(threads)
        .input_len(opened.len)
        .export(ExportOptions::new().columns(columns).openings(openings))
        .read_options(read)
        .select_where(selection);
    let label: Arc<str> = Arc::from(name.as_str());
    let pump = Background::start(
        opened.src,
        table,
        label,
        settings,
        WAITING_PER_THREAD * threads,
    )
    .map_err(|e| PyRuntimeError::new_err(format!("cannot start the stream's thread: {e}")))?;
    Ok(TableStream {
        pump: Mutex::new(Some(pump)),
        name,
        table,
        raise,
        stacklevel,
        rejected: PyList::empty(py).unbind(),
        games_read: 0,
        left_out: 0,
        games_schema: games_schema(columns),
        moves_schema: moves_schema(columns),
    })
}
