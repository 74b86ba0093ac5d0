//! The progress line on stderr (bytes read, games, games per second), drawn only when stderr is
//! a terminal, and message printing that does not garble it.

use std::io::{self, IsTerminal, Read, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::Counters;

/// A reader that counts the bytes it hands out.
pub struct Counting<R> {
    inner: R,
    counters: Arc<Counters>,
}

impl<R> Counting<R> {
    /// Wraps `inner`.
    pub fn new(inner: R, counters: Arc<Counters>) -> Counting<R> {
        Counting { inner, counters }
    }
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.counters.bytes.fetch_add(n as u64, Ordering::Relaxed);
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
            let mib = c.get(&c.bytes) as f64 / f64::from(1 << 20);
            let mut err = io::stderr().lock();
            let _ = write!(
                err,
                "\r\x1b[K{mib:.1} MiB read, {games} games, {:.0} games/s",
                games as f64 / secs
            );
            let _ = err.flush();
        }
    }
}
