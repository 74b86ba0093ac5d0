//! `read_tables`: PGN to the export's `games` and `moves` tables, built by
//! `scoresheet_export::export_parallel` and handed to pyarrow through the Arrow C stream
//! interface.

use std::io;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Arc;
use std::time::Duration;

use arrow_array::{RecordBatch, RecordBatchIterator, RecordBatchReader};
use arrow_pyarrow::IntoPyArrow;
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::PyList;
use scoresheet_export::{
    export_parallel, games_schema, moves_schema, ExportOptions, ParallelExport,
};
use scoresheet_pgn::parallel::ParallelError;

use crate::errors::{io_error, io_error_after, value_error, Rejected};
use crate::source::Source;
use crate::Errors;

/// What a read gave: each table's batches, the games left out, and what stopped it.
#[derive(Default)]
struct Collected {
    games: Vec<RecordBatch>,
    moves: Vec<RecordBatch>,
    rejected: Vec<Rejected>,
    /// The `KeyboardInterrupt` (or other signal handler's error) that stopped the read.
    stopped: Option<PyErr>,
}

/// Reads PGN into the export's tables: `(games, moves, rejections)`, the tables as
/// `pyarrow.RecordBatchReader`s (`scoresheet.read_tables` makes them Tables; use that).
#[pyfunction]
#[pyo3(signature = (source, *, threads = None, fen = false, errors = "skip", r#where = None))]
pub fn read_tables<'py>(
    py: Python<'py>,
    source: &Bound<'py, PyAny>,
    threads: Option<usize>,
    fen: bool,
    errors: &str,
    r#where: Option<&str>,
) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>, Bound<'py, PyList>)> {
    let raise = Errors::parse(errors)?.raise();
    let selection = crate::errors::where_expr(r#where)?;
    // Default: the cores available, as the command-line tool's --threads.
    let threads = threads.unwrap_or_else(scoresheet_pgn::pump::default_threads);
    if threads == 0 {
        return Err(value_error("threads: at least 1"));
    }
    let source = Source::extract(source)?;
    let name = source.name(py);
    let settings = ParallelExport::new(threads)
        .export(ExportOptions::new().fen(fen))
        .select_where(selection);
    let label: Arc<str> = Arc::from(name.as_str());
    let stop = AtomicBool::new(false);
    let read = || {
        let mut out = Collected::default();
        let result = source
            .open()
            .map_err(ParallelError::Deliver)
            .and_then(|src| {
                export_parallel(src, label, settings, |batches, log| {
                    out.games.push(batches.games);
                    out.moves.push(batches.moves);
                    out.rejected.extend(log.rejections().map(Rejected::new));
                    match stop.load(Ordering::Relaxed) || (raise && !out.rejected.is_empty()) {
                        true => Err(io::Error::other("stopped")),
                        false => Ok(()),
                    }
                })
            });
        (out, result)
    };
    let ((mut out, result), interrupted) = py.detach(|| watch_signals(read, &stop))?;
    out.stopped = interrupted;
    finish(py, &name, out, result, raise, fen)
}

/// Runs `read` on a thread of its own while this one, the main thread (where Python runs
/// signal handlers), checks for signals every 50 ms: on Ctrl-C it sets `stop`, which ends the
/// read at the next chunk, and gives the `KeyboardInterrupt` back with the read's result.
fn watch_signals<T: Send>(
    read: impl FnOnce() -> T + Send,
    stop: &AtomicBool,
) -> PyResult<(T, Option<PyErr>)> {
    std::thread::scope(|scope| {
        let (done, finished) = mpsc::channel();
        let worker = scope.spawn(move || {
            let out = read();
            // Nothing to do if the receiver is gone: the join below collects the result.
            let _ = done.send(());
            out
        });
        let mut interrupted = None;
        let wait = Duration::from_millis(50);
        while let Err(RecvTimeoutError::Timeout) = finished.recv_timeout(wait) {
            if interrupted.is_none() {
                interrupted = Python::attach(|py| py.check_signals().err());
                stop.store(interrupted.is_some(), Ordering::Relaxed);
            }
        }
        let out = worker
            .join()
            .map_err(|_| PyRuntimeError::new_err("the reading thread panicked (a bug)"))?;
        Ok((out, interrupted))
    })
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
    if let Some(e) = out.stopped.take() {
        return Err(e);
    }
    if raise {
        if let Some(first) = out.rejected.first() {
            return Err(first.to_err(py, name));
        }
    }
    match result {
        Ok(()) => {}
        Err(ParallelError::Read { byte, error }) => return Err(io_error_after(name, byte, &error)),
        Err(ParallelError::Deliver(error)) => return Err(io_error(name, &error)),
        // An input that cannot be read on (UTF-16): the command-line tool's exit 2.
        Err(ParallelError::Fatal(error)) => {
            return Err(Rejected::new(&error.into()).to_err(py, name));
        }
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
