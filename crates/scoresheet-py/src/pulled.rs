//! The loop of the package's game iterators (`read_games`, `egd`): the pump pulled one game at
//! a time (`scoresheet_pgn::pump::Pull`, the library's policy and counts) with the GIL
//! released, each rejected game reported as `errors=` says ([`Rejected::report`]), an error
//! that ends the input raised as every reader of the package raises it ([`input_ended`]).

use std::io::Read;
use std::sync::{Mutex, PoisonError};

use pyo3::prelude::*;
use pyo3::types::PyList;
use scoresheet_pgn::pump::{Convert, Pull, Pulled, Pump, Tally};

use crate::errors::{input_ended, read_options, where_expr, Rejected};
use crate::source::open_source;
use crate::Errors;

/// The arguments every game iterator takes besides its source.
#[derive(Debug, Clone, Copy)]
pub(crate) struct PullArgs<'a> {
    /// `errors=`: `"skip"` or `"raise"`.
    pub errors: &'a str,
    /// `where=`: the tag criteria, as `--where`.
    pub where_: Option<&'a str>,
    /// `movetext_column=`: a table's movetext column.
    pub movetext_column: Option<&'a str>,
    /// `max_game_bytes=`: the largest game read.
    pub max_game_bytes: Option<usize>,
}

/// An input's games pulled by a converter, for a Python iterator.
pub(crate) struct PulledGames<C: Convert> {
    /// `None` once the input ended; a mutex only to make the class shareable, as Python
    /// requires (the GIL already serialises calls).
    pull: Mutex<Option<Pull<Box<dyn Read + Send>, C>>>,
    /// The counts, once the input ended.
    ended: Tally,
    /// The source's name, as in messages.
    name: String,
    /// Whether the input is a table of games (messages name the row).
    table: bool,
    raise: bool,
    rejected: Py<PyList>,
}

impl<C: Convert> std::fmt::Debug for PulledGames<C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PulledGames")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

impl<C: Convert + Send> PulledGames<C> {
    /// The games of `source` (a path, bytes or a binary file object) pulled by `converter`.
    ///
    /// # Errors
    ///
    /// An argument that does not read (`ValueError`), a source that cannot be opened
    /// (`OSError`).
    pub fn open(
        py: Python<'_>,
        source: &Bound<'_, PyAny>,
        args: PullArgs<'_>,
        converter: C,
    ) -> PyResult<PulledGames<C>> {
        let raise = Errors::parse(args.errors)?.raise();
        let pump = Pump::new(1)
            .read_options(read_options(args.max_game_bytes)?)
            .select_where(where_expr(args.where_)?);
        let opened = open_source(source, args.movetext_column)?;
        Ok(PulledGames {
            pull: Mutex::new(Some(pump.pull(opened.src, converter))),
            ended: Tally::default(),
            name: opened.name,
            table: opened.table,
            raise,
            rejected: PyList::empty(py).unbind(),
        })
    }

    /// The next game converted, as `convert` makes it of its batch (with the GIL released),
    /// or `None` at the end. Ctrl-C is checked between games.
    ///
    /// # Errors
    ///
    /// A rejected game with `errors="raise"` (`PgnError`; the iteration can go on), a
    /// warning made an error by a filter, an error that ended the input (then the end).
    pub fn next<T: Send>(
        &mut self,
        py: Python<'_>,
        convert: impl Fn(C::Batch) -> Option<T> + Sync,
    ) -> PyResult<Option<T>> {
        loop {
            py.check_signals()?;
            let slot = self.pull.get_mut().unwrap_or_else(PoisonError::into_inner);
            let Some(pull) = slot.as_mut() else {
                return Ok(None);
            };
            let item = py.detach(|| pull.next().map(|r| r.map(|p| p.map(&convert))));
            let rejected = match item {
                Some(Ok(Pulled::Game(Some(value)))) => return Ok(Some(value)),
                Some(Ok(Pulled::Game(None) | Pulled::Oddity(..))) => continue,
                Some(Ok(Pulled::Rejected(e))) => e,
                Some(Err(e)) => {
                    self.end();
                    return Err(input_ended(py, &self.name, self.table, &e.into()));
                }
                None => {
                    self.end();
                    return Ok(None);
                }
            };
            let list = self.rejected.bind(py);
            Rejected::new(&rejected, self.table).report(py, &self.name, (self.raise, 1), list)?;
        }
    }

    /// The input ended: keeps the counts and drops the reader.
    fn end(&mut self) {
        let slot = self.pull.get_mut().unwrap_or_else(PoisonError::into_inner);
        if let Some(pull) = slot.take() {
            self.ended = pull.tally().clone();
        }
    }

    /// The counts of the games read so far (games read, converted, rejected, not selected).
    pub fn tally<U>(&self, read: impl FnOnce(&Tally) -> U) -> U {
        let slot = self.pull.lock().unwrap_or_else(PoisonError::into_inner);
        read(slot.as_ref().map_or(&self.ended, |pull| pull.tally()))
    }

    /// Every game rejected so far (with `errors="skip"`), as `Rejection` records.
    pub fn rejected(&self, py: Python<'_>) -> Py<PyList> {
        self.rejected.clone_ref(py)
    }

    /// The source's name, as in messages.
    pub fn name(&self) -> &str {
        &self.name
    }
}
