//! The progress line on stderr, drawn only when stderr is a terminal, and message printing that
//! does not garble it: for a regular file, how much of it is read (percent) and the time left at
//! the rate so far; else the bytes read; then games and games per second, and the command's
//! note on what it is doing, if any (`load`: building the indexes).

use std::io::{self, IsTerminal, Read, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::counters::Counters;

/// A reader that adds the bytes it hands out to one of the counters: the bytes read from the
/// file (before decompression, for the share of the file read) or those after it.
pub struct Counting<R> {
    inner: R,
    counters: Arc<Counters>,
    counter: fn(&Counters) -> &AtomicU64,
}

impl<R> Counting<R> {
    /// Wraps `inner`, counting into `counter`.
    pub fn new(
        inner: R,
        counters: Arc<Counters>,
        counter: fn(&Counters) -> &AtomicU64,
    ) -> Counting<R> {
        Counting {
            inner,
            counters,
            counter,
        }
    }
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        (self.counter)(&self.counters).fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// The progress line: a thread redrawing it every 200 ms until [`Progress::finish`].
pub struct Progress {
    shared: Arc<Shared>,
    thread: Option<JoinHandle<()>>,
}

struct Shared {
    drawing: bool,
    done: AtomicBool,
    lock: Mutex<()>,
    counters: Arc<Counters>,
    started: Instant,
    note: Mutex<String>,
}

impl Progress {
    /// Starts drawing if `wanted` and stderr is a terminal.
    pub fn start(wanted: bool, counters: Arc<Counters>) -> Progress {
        let shared = Arc::new(Shared {
            drawing: wanted && io::stderr().is_terminal(),
            done: AtomicBool::new(false),
            lock: Mutex::new(()),
            counters,
            started: Instant::now(),
            note: Mutex::default(),
        });
        let thread = shared.drawing.then(|| {
            let shared = Arc::clone(&shared);
            std::thread::spawn(move || shared.run())
        });
        Progress { shared, thread }
    }

    /// Prints a line on stderr, clearing the progress line first.
    pub fn println(&self, line: &str) {
        let _guard = self.shared.lock.lock();
        let clear = if self.shared.drawing { "\r\x1b[K" } else { "" };
        eprintln!("{clear}{line}");
    }

    /// Shows `note` after the counts from now on (nothing when empty): what the command is
    /// doing when the counts stand still. (Only `load` sets one.)
    #[cfg(feature = "database")]
    pub fn note(&self, note: &str) {
        let mut kept = self
            .shared
            .note
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        note.clone_into(&mut kept);
    }

    /// Stops drawing and clears the line.
    pub fn finish(mut self) {
        self.shared.done.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
            eprint!("\r\x1b[K");
        }
    }
}

impl Shared {
    fn run(&self) {
        while !self.done.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(200));
            let _guard = self.lock.lock();
            let c = &self.counters;
            let games = c.get(&c.converted) + c.get(&c.errors);
            let secs = self.started.elapsed().as_secs_f64().max(1e-3);
            let mut line = line(
                c.get(&c.raw_bytes),
                c.get(&c.raw_total),
                c.get(&c.bytes),
                games,
                secs,
            );
            let note = self.note.lock().unwrap_or_else(PoisonError::into_inner);
            if !note.is_empty() {
                line = format!("{line}; {note}");
            }
            let mut err = io::stderr().lock();
            let _ = write!(err, "\r\x1b[K{line}");
            let _ = err.flush();
        }
    }
}

/// The progress line's text: `raw` of `total` file bytes read (`total` is `u64::MAX` when not
/// known), `bytes` after decompression, `games` in `secs` seconds.
fn line(raw: u64, total: u64, bytes: u64, games: u64, secs: f64) -> String {
    let mib = |b: u64| b as f64 / f64::from(1 << 20);
    let rate = games as f64 / secs;
    if total == u64::MAX || total == 0 {
        return format!(
            "{:.1} MiB read, {games} games, {rate:.0} games/s",
            mib(bytes)
        );
    }
    let share = (raw as f64 / total as f64).min(1.0);
    let left = if share > 0.0 {
        let seconds = (secs * (1.0 - share) / share).round() as u64;
        format!("{}:{:02} left", seconds / 60, seconds % 60)
    } else {
        "time left unknown".to_owned()
    };
    format!(
        "{:.1} of {:.1} MiB ({:.0}%), {games} games, {rate:.0} games/s, {left}",
        mib(raw),
        mib(total),
        100.0 * share
    )
}

#[cfg(test)]
mod tests {
    use super::line;

    #[test]
    fn ok_progress_line() {
        let mib = 1 << 20;
        let cases = [
            (
                mib,
                4 * mib,
                3 * mib,
                100,
                2.0,
                "1.0 of 4.0 MiB (25%), 100 games, 50 games/s, 0:06 left",
            ),
            (
                0,
                4 * mib,
                0,
                0,
                1.0,
                "0.0 of 4.0 MiB (0%), 0 games, 0 games/s, time left unknown",
            ),
            (
                mib,
                u64::MAX,
                3 * mib,
                10,
                1.0,
                "3.0 MiB read, 10 games, 10 games/s",
            ),
            (
                4 * mib,
                4 * mib,
                9 * mib,
                7,
                70.0,
                "4.0 of 4.0 MiB (100%), 7 games, 0 games/s, 0:00 left",
            ),
        ];
        for (raw, total, bytes, games, secs, want) in cases {
            assert_eq!(line(raw, total, bytes, games, secs), want);
        }
    }
}
