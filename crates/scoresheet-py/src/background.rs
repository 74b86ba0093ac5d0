//! The export's pump (`scoresheet_export::export_parallel`) on a thread of its own, feeding a
//! bounded channel that the Python side empties one delivery at a time: memory is bounded by
//! the deliveries in flight (the pump's window of chunks and the channel's capacity), not by
//! the input.
//!
//! ```text
//! pump thread: export_parallel ─▶ deliver ─▶ sync_channel(capacity) ─▶ Background::recv_timeout
//!              (its own workers)    │ stop flag set, or receiver gone: the delivery fails and the
//!                                   ▼ pump stops at its next chunk (PumpError::Deliver)
//!              Message::End(result) last
//! ```
//!
//! Closing ([`Background::close`], also on drop) sets the stop flag (the pump's next read and
//! next delivery fail), drops the receiver (a delivery waiting for room fails at once, the
//! batches in the channel are freed) and waits for the thread. Call it with the GIL released: a file object source takes the GIL to read.

use std::io::{self, Read};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

use pyo3::Python;
use scoresheet_export::{export_parallel, Batches, ParallelExport};
use scoresheet_pgn::pump::PumpError;

use crate::errors::Rejected;

/// One delivery of the pump: a batch of each table (the same games) and what became of the
/// chunk's other games.
#[derive(Debug)]
pub struct Delivery {
    /// The `games` and `moves` batches.
    pub batches: Batches,
    /// The games rejected in this chunk, in input order.
    pub rejected: Vec<Rejected>,
    /// The games left out by the selection in this chunk.
    pub not_selected: u64,
}

/// What the pump thread sends.
#[derive(Debug)]
pub enum Message {
    /// A delivery, in input order.
    Delivery(Delivery),
    /// The pump ended: every game delivered (`Ok`), or the error that stopped it.
    End(Result<(), PumpError>),
}

/// A pump running on its own thread.
#[derive(Debug)]
pub struct Background {
    /// `None` once closed.
    receiver: Option<Receiver<Message>>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

/// The delivery's error when the stream was closed (never shown: the receiver is gone).
fn closed() -> io::Error {
    io::Error::other("the stream was closed")
}

impl Background {
    /// Starts pumping `src` (named `source` in the `source_file` column; `table`: a table
    /// of games, whose rejections name the row) with `settings`; at most `capacity`
    /// deliveries wait in the channel.
    ///
    /// # Errors
    /// The thread cannot be started.
    pub fn start(
        src: Box<dyn Read + Send>,
        table: bool,
        source: Arc<str>,
        settings: ParallelExport,
        capacity: usize,
    ) -> io::Result<Background> {
        let (sender, receiver) = mpsc::sync_channel(capacity);
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = Arc::clone(&stop);
        let thread = std::thread::Builder::new()
            .name("scoresheet-stream".to_owned())
            .spawn(move || pump(src, table, source, settings, &sender, &stopped))?;
        Ok(Background {
            receiver: Some(receiver),
            stop,
            thread: Some(thread),
        })
    }

    /// The next message, waiting at most `wait` (`Disconnected` once closed, or when the
    /// thread ended without its last message: it panicked).
    pub fn recv_timeout(&self, wait: Duration) -> Result<Message, RecvTimeoutError> {
        match &self.receiver {
            Some(receiver) => receiver.recv_timeout(wait),
            None => Err(RecvTimeoutError::Disconnected),
        }
    }

    /// Stops the pump and waits for its thread (call with the GIL released). Returns whether
    /// the thread panicked (a bug).
    pub fn close(&mut self) -> bool {
        self.stop.store(true, Ordering::Relaxed);
        self.receiver = None;
        self.thread.take().is_some_and(|t| t.join().is_err())
    }
}

impl Drop for Background {
    fn drop(&mut self) {
        if self.thread.is_none() {
            return;
        }
        // The GIL released while waiting, when Python can be attached to; while the
        // interpreter shuts down, the thread is left to end on its own (its next delivery
        // fails: the receiver is gone).
        let waited = Python::try_attach(|py| py.detach(|| self.close()));
        if waited.is_none() {
            self.stop.store(true, Ordering::Relaxed);
            self.receiver = None;
        }
    }
}

/// The pump thread: every delivery into the channel, then the result.
fn pump(
    src: Box<dyn Read + Send>,
    table: bool,
    source: Arc<str>,
    settings: ParallelExport,
    sender: &SyncSender<Message>,
    stop: &AtomicBool,
) {
    let src = Stoppable { src, stop };
    let result = export_parallel(src, source, settings, |batches, log| {
        if stop.load(Ordering::Relaxed) {
            return Err(closed());
        }
        let delivery = Delivery {
            batches,
            rejected: log.rejections().map(|e| Rejected::new(e, table)).collect(),
            not_selected: log.not_selected_games(),
        };
        sender
            .send(Message::Delivery(delivery))
            .map_err(|_| closed())
    });
    // Nobody to tell when the receiver is gone.
    let _ = sender.send(Message::End(result));
}

/// The input, failing once the stream is closed: the pump stops at its next read, however
/// slow the source (a file object, a pipe) is to fill a chunk.
struct Stoppable<'a> {
    src: Box<dyn Read + Send>,
    stop: &'a AtomicBool,
}

impl Read for Stoppable<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self.stop.load(Ordering::Relaxed) {
            true => Err(closed()),
            false => self.src.read(buf),
        }
    }
}
