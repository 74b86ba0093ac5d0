//! The totals of a run that reads PGN (bytes, games, plies, oddities), shared by the pump's
//! callbacks and the progress line: a leaf, so that both import it and not each other.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};

use scoresheet_pgn::pump::ChunkLog;
use scoresheet_pgn::Oddities;

/// Totals, shared with the progress line.
#[derive(Debug)]
pub struct Counters {
    /// Input bytes read (after decompression).
    pub bytes: AtomicU64,
    /// Games converted.
    pub converted: AtomicU64,
    /// Games reported as errors.
    pub errors: AtomicU64,
    /// Games left out by `--where`.
    pub not_selected: AtomicU64,
    /// Plies converted.
    pub plies: AtomicU64,
    /// Oddities met.
    pub oddities: Mutex<Oddities>,
    /// Bytes of the current input read from its file (before decompression).
    pub raw_bytes: AtomicU64,
    /// The current input's file size (`u64::MAX` when unknown: standard input, a pipe).
    pub raw_total: AtomicU64,
    /// Whether the current input is a table (Parquet): messages then name the row.
    pub table: AtomicBool,
}

impl Default for Counters {
    fn default() -> Counters {
        Counters {
            bytes: AtomicU64::new(0),
            converted: AtomicU64::new(0),
            errors: AtomicU64::new(0),
            not_selected: AtomicU64::new(0),
            plies: AtomicU64::new(0),
            oddities: Mutex::default(),
            raw_bytes: AtomicU64::new(0),
            raw_total: AtomicU64::new(u64::MAX),
            table: AtomicBool::new(false),
        }
    }
}

impl Counters {
    /// Adds games converted, games rejected and plies.
    pub fn add(&self, converted: u64, errors: u64, plies: u64) {
        self.converted.fetch_add(converted, Ordering::Relaxed);
        self.errors.fetch_add(errors, Ordering::Relaxed);
        self.plies.fetch_add(plies, Ordering::Relaxed);
    }

    /// Games read: converted, reported as errors, not selected.
    pub fn games_in(&self) -> u64 {
        self.get(&self.converted) + self.get(&self.errors) + self.get(&self.not_selected)
    }

    /// `, N not selected` for a summary line when `--where` left games out, else nothing.
    pub fn not_selected_clause(&self) -> String {
        match self.get(&self.not_selected) {
            0 => String::new(),
            n => format!(", {n} not selected"),
        }
    }

    /// A counter's value.
    pub fn get(&self, counter: &AtomicU64) -> u64 {
        counter.load(Ordering::Relaxed)
    }

    /// The oddities met so far.
    pub fn oddities(&self) -> Oddities {
        self.oddities
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// A new input begins, of `size` bytes if known, a table or PGN text.
    pub(super) fn start_input(&self, size: Option<u64>, table: bool) {
        self.table.store(table, Ordering::Relaxed);
        self.raw_bytes.store(0, Ordering::Relaxed);
        self.raw_total
            .store(size.unwrap_or(u64::MAX), Ordering::Relaxed);
    }

    /// Adds one run's counts.
    pub(super) fn add_log(&self, log: &ChunkLog) {
        self.add(log.converted_games(), log.rejected_games(), log.plies());
        self.not_selected
            .fetch_add(log.not_selected_games(), Ordering::Relaxed);
        self.oddities
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .merge(log.oddities());
    }
}
