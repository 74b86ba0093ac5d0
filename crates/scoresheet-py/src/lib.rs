//! The native module of the Python package `scoresheet` (`scoresheet._scoresheet`): a thin
//! layer that converts types and releases the GIL; every rule lives in the Rust crates
//! (`scoresheet`, `scoresheet-pgn`, `scoresheet-export`). The Python API, its docstrings and
//! its stubs are in `python/scoresheet/`.

#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![warn(missing_debug_implementations)]

mod background;
mod egd;
mod errors;
mod games;
mod notation;
mod pulled;
mod source;
mod tables;
mod vocab;

use pyo3::prelude::*;
use scoresheet::EnPassantMode;

use crate::errors::value_error;

/// The `errors=` argument: what to do with a rejected game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Errors {
    /// Warn, list it, go on.
    Skip,
    /// Raise `PgnError`.
    Raise,
}

impl Errors {
    fn parse(name: &str) -> PyResult<Errors> {
        match name {
            "skip" => Ok(Errors::Skip),
            "raise" => Ok(Errors::Raise),
            _ => Err(value_error(format!(
                "errors: expected \"skip\" or \"raise\", not {name:?}"
            ))),
        }
    }

    fn raise(self) -> bool {
        self == Errors::Raise
    }
}

/// The `en_passant=` argument of FEN writers.
#[derive(Debug, Clone, Copy)]
struct EnPassant(EnPassantMode);

impl EnPassant {
    fn parse(name: &str) -> PyResult<EnPassant> {
        match name {
            "always" => Ok(EnPassant(EnPassantMode::Always)),
            "legal" => Ok(EnPassant(EnPassantMode::Legal)),
            _ => Err(value_error(format!(
                "en_passant: expected \"always\" or \"legal\", not {name:?}"
            ))),
        }
    }
}

/// The module.
#[pymodule]
fn _scoresheet(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(tables::stream_tables, m)?)?;
    m.add_function(wrap_pyfunction!(tables::table_schemas, m)?)?;
    m.add_class::<tables::TableStream>()?;
    m.add_class::<tables::TableBatches>()?;
    m.add_function(wrap_pyfunction!(games::read_games, m)?)?;
    m.add_class::<games::PyGame>()?;
    m.add_class::<games::PyPly>()?;
    m.add_class::<games::PyGames>()?;
    m.add_function(wrap_pyfunction!(egd::egd, m)?)?;
    m.add_class::<egd::EgdRecords>()?;
    m.add_function(wrap_pyfunction!(notation::convert, m)?)?;
    m.add_class::<notation::PyPosition>()?;
    m.add_function(wrap_pyfunction!(vocab::vocab_named, m)?)?;
    m.add_function(wrap_pyfunction!(vocab::tokenize_bytes, m)?)?;
    m.add_function(wrap_pyfunction!(vocab::detokenize, m)?)?;
    m.add_class::<vocab::PyVocabulary>()?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
