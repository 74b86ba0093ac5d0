//! `read_tables`: PGN to the export's `games` and `moves` tables, built by
//! `scoresheet_export::export_parallel` and handed to pyarrow through the Arrow C stream
//! interface.

use std::io;
use std::sync::Arc;

use arrow_array::{RecordBatch, RecordBatchIterator, RecordBatchReader};
use arrow_pyarrow::IntoPyArrow;
use pyo3::prelude::*;
use pyo3::types::PyList;
use scoresheet_export::{
    export_parallel, games_schema, moves_schema, ExportOptions, ParallelExport,
};
use scoresheet_pgn::parallel::ParallelError;

use crate::errors::{io_error, value_error, Rejected};
use crate::source::Source;
use crate::Errors;

/// What a read gave: each table's batches, the games left out, and what stopped it.
#[derive(Default)]
struct Collected {
    games: Vec<RecordBatch>,
    moves: Vec<RecordBatch>,
    rejected: Vec<Rejected>,
    /// Set when delivery stopped for Python (Ctrl-C, or the first rejection under "raise").
    stopped: Option<PyErr>,
}

/// Reads PGN into the export's tables: `(games, moves, rejections)`, the tables as
/// `pyarrow.RecordBatchReader`s (the package makes them Tables).
#[pyfunction]
#[pyo3(signature = (source, *, threads = 1, fen = false, errors = "skip"))]
pub fn read_tables<'py>(
    py: Python<'py>,
    source: &Bound<'py, PyAny>,
    threads: usize,
    fen: bool,
    errors: &str,
) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>, Bound<'py, PyList>)> {
    let raise = Errors::parse(errors)?.raise();
    if threads == 0 {
        return Err(value_error("threads: at least 1"));
    }
    let source = Source::extract(source)?;
    let name = source.name(py);
    let settings = ParallelExport::new(threads).export(ExportOptions::new().fen(fen));
    let label: Arc<str> = Arc::from(name.as_str());
    let (out, result) = py.detach(|| {
        let mut out = Collected::default();
        let result = source
            .open()
            .map_err(ParallelError::Deliver)
            .and_then(|src| {
                export_parallel(src, label, settings, |batches, log| {
                    out.games.push(batches.games);
                    out.moves.push(batches.moves);
                    out.rejected.extend(log.rejections().map(Rejected::new));
                    let stop = Python::attach(|py| py.check_signals().err());
                    match stop.or_else(|| stop_on_reject(raise, &out.rejected)) {
                        Some(e) => {
                            out.stopped = Some(e);
                            Err(io::Error::other("stopped"))
                        }
                        None => Ok(()),
                    }
                })
            });
        (out, result)
    });
    finish(py, &name, out, result, raise, fen)
}

/// A placeholder error when the first rejection must be raised (made into `PgnError` with
/// the GIL held, in [`finish`]).
fn stop_on_reject(raise: bool, rejected: &[Rejected]) -> Option<PyErr> {
    (raise && !rejected.is_empty()).then(|| value_error("rejected"))
}

/// The tables, or the error that stopped the read.
fn finish<'py>(
    py: Python<'py>,
    name: &str,
    mut out: Collected,
    result: Result<(), ParallelError>,
    raise: bool,
    fen: bool,
) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>, Bound<'py, PyList>)> {
    if raise {
        if let Some(first) = out.rejected.first() {
            return Err(first.to_err(py, name));
        }
    }
    if let Some(e) = out.stopped.take() {
        return Err(e);
    }
    match result {
        Ok(()) => {}
        Err(ParallelError::Read { byte, error }) => {
            let at = io::Error::new(
                error.kind(),
                format!("i/o error after byte {byte}: {error}"),
            );
            return Err(io_error(name, &at));
        }
        Err(ParallelError::Deliver(error)) => return Err(io_error(name, &error)),
    }
    let rejected = PyList::empty(py);
    for r in &out.rejected {
        // Warned as from the caller of `scoresheet.read_tables` (the Python wrapper's caller).
        r.report(py, name, (false, 2), &rejected)?;
    }
    let games = stream(py, out.games, games_schema())?;
    let moves = stream(py, out.moves, moves_schema(fen))?;
    Ok((games, moves, rejected))
}

/// Batches as a `pyarrow.RecordBatchReader` (the C stream interface: no copy).
fn stream<'py>(
    py: Python<'py>,
    batches: Vec<RecordBatch>,
    schema: arrow_schema::SchemaRef,
) -> PyResult<Bound<'py, PyAny>> {
    let schema = batches.first().map_or(schema, RecordBatch::schema);
    let reader: Box<dyn RecordBatchReader + Send> = Box::new(RecordBatchIterator::new(
        batches.into_iter().map(Ok),
        schema,
    ));
    reader.into_pyarrow(py)
}
