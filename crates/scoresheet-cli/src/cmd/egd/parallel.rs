//! `--threads N`: a splitter thread cuts the input into batches of whole games (raw bytes),
//! `N` workers convert batches, and this thread writes the results in input order.
//!
//! The splitter runs the PGN reader with a visitor that stops at each game's first byte, so the
//! reader's own rules decide where games begin; a tee keeps the bytes read, and a batch is the
//! bytes from one game's start to a later game's start. Each batch travels with a one-shot
//! channel for its result; the writer receives those channels in order through a bounded queue,
//! so at most `2 N` batches are in flight and memory stays bounded.

use std::cell::RefCell;
use std::io::{self, Read, Write};
use std::ops::ControlFlow;
use std::rc::Rc;
use std::sync::mpsc::{self, Receiver, SyncSender};
use std::sync::{Arc, Mutex};
use std::thread;

use scoresheet_pgn::egd::JsonVisitor;
use scoresheet_pgn::{Position, ReadError, Reader, Visitor};

use super::{fatal, read_options, Job};

/// Batches end at the first game start at least this many bytes after their own start.
const BATCH_BYTES: u64 = 64 << 10;

/// Raw games to convert.
struct Batch {
    /// Where the batch's first game starts in the input.
    start: Position,
    bytes: Vec<u8>,
    reply: SyncSender<Converted>,
}

/// A converted batch.
#[derive(Default)]
struct Converted {
    json: Vec<u8>,
    /// Error messages, in game order.
    errors: Vec<String>,
    games: u64,
    plies: u64,
}

/// Converts one input with `threads` workers.
pub fn convert(
    src: impl Read + Send + 'static,
    job: &Job<'_>,
    threads: usize,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let (work_tx, work_rx) = mpsc::sync_channel::<Batch>(threads);
    let (order_tx, order_rx) = mpsc::sync_channel::<Receiver<Converted>>(threads * 2);
    let work_rx = Arc::new(Mutex::new(work_rx));
    let options = job.options;
    let workers: Vec<_> = (0..threads)
        .map(|_| {
            let work_rx = Arc::clone(&work_rx);
            thread::spawn(move || work(&work_rx, options))
        })
        .collect();
    let splitter = thread::spawn(move || split(src, &work_tx, &order_tx));
    let written = write_in_order(&order_rx, job, out);
    drop(order_rx);
    let split = splitter.join().unwrap_or(Ok(()));
    for worker in workers {
        let _ = worker.join();
    }
    written?;
    split.map_err(fatal)
}

fn write_in_order(
    order: &Receiver<Receiver<Converted>>,
    job: &Job<'_>,
    out: &mut dyn Write,
) -> io::Result<()> {
    for reply in order {
        let Ok(done) = reply.recv() else { continue };
        for message in &done.errors {
            job.bar.println(&format!("error: {}: {message}", job.name));
        }
        let errors = done.errors.len() as u64;
        job.counters.add(done.games - errors, errors, done.plies);
        out.write_all(&done.json)?;
    }
    Ok(())
}

/// A reader source that keeps a copy of every byte read.
struct Tee<R> {
    inner: R,
    log: Rc<RefCell<Vec<u8>>>,
}

impl<R: Read> Read for Tee<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.log.borrow_mut().extend_from_slice(&buf[..n]);
        Ok(n)
    }
}

/// Records where each game starts and skips it.
struct GameStarts;

impl Visitor for GameStarts {
    type Tags = ();
    type Movetext = ();
    type Output = Position;

    fn begin_game(&mut self, at: Position) -> ControlFlow<Position> {
        ControlFlow::Break(at)
    }

    fn begin_movetext(&mut self, _: (), at: Position) -> ControlFlow<Position> {
        ControlFlow::Break(at)
    }

    fn end_game(&mut self, _: ()) -> Position {
        Position::default()
    }
}

/// The splitter: sends batches of whole games to the workers, and their reply channels, in
/// order, to the writer. Stops early when the writer has gone.
fn split(
    src: impl Read,
    work: &SyncSender<Batch>,
    order: &SyncSender<Receiver<Converted>>,
) -> Result<(), ReadError> {
    let log = Rc::new(RefCell::new(Vec::new()));
    let tee = Tee {
        inner: src,
        log: Rc::clone(&log),
    };
    let mut reader = Reader::with_options(tee, read_options());
    let mut cutter = Cutter { log, base: 0 };
    let mut first: Option<Position> = None;
    loop {
        let at = match reader.read_game(&mut GameStarts) {
            Ok(Some(at)) => at,
            Ok(None) => break,
            Err(e) if e.is_recoverable() => continue,
            Err(e) => return Err(e),
        };
        let Some(start) = first else {
            cutter.drop_before(at.byte);
            first = Some(at);
            continue;
        };
        if at.byte - start.byte >= BATCH_BYTES {
            if !send(cutter.cut(start, Some(at.byte)), work, order) {
                return Ok(());
            }
            first = Some(at);
        }
    }
    if let Some(start) = first {
        send(cutter.cut(start, None), work, order);
    }
    Ok(())
}

/// Cuts batches out of the tee's log.
struct Cutter {
    log: Rc<RefCell<Vec<u8>>>,
    /// The input offset of `log[0]`.
    base: u64,
}

impl Cutter {
    fn drop_before(&mut self, byte: u64) {
        let n = usize::try_from(byte - self.base).unwrap_or(usize::MAX);
        let mut log = self.log.borrow_mut();
        let n = n.min(log.len());
        log.drain(..n);
        self.base += n as u64;
    }

    /// The bytes from `start` to `end` (or to the end of the input), dropped from the log.
    fn cut(&mut self, start: Position, end: Option<u64>) -> (Position, Vec<u8>) {
        self.drop_before(start.byte);
        let len = self.log.borrow().len() as u64;
        let end = end.unwrap_or(self.base + len);
        let bytes = self.log.borrow()[..usize::try_from(end - self.base).unwrap_or(0)].to_vec();
        self.drop_before(end);
        (start, bytes)
    }
}

/// Hands a batch to the workers and its reply channel to the writer; false once either is gone.
fn send(
    (start, bytes): (Position, Vec<u8>),
    work: &SyncSender<Batch>,
    order: &SyncSender<Receiver<Converted>>,
) -> bool {
    let (reply, result) = mpsc::sync_channel(1);
    order.send(result).is_ok()
        && work
            .send(Batch {
                start,
                bytes,
                reply,
            })
            .is_ok()
}

/// A worker: converts batches until the splitter is done.
fn work(batches: &Mutex<Receiver<Batch>>, options: scoresheet_pgn::egd::EgdOptions) {
    let mut visitor = JsonVisitor::new(options);
    loop {
        let batch = match batches.lock() {
            Ok(rx) => rx.recv(),
            Err(_) => return,
        };
        let Ok(batch) = batch else { return };
        let done = convert_batch(&batch, &mut visitor);
        let _ = batch.reply.send(done);
    }
}

fn convert_batch(batch: &Batch, visitor: &mut JsonVisitor) -> Converted {
    let mut reader = Reader::with_options(&batch.bytes[..], read_options());
    let mut done = Converted::default();
    loop {
        match reader.read_game(visitor) {
            Ok(None) => break,
            Ok(Some(Ok(plies))) => done.plies += u64::from(plies),
            Ok(Some(Err(mut e))) => {
                e.offset_by(batch.start);
                done.errors.push(e.to_string());
            }
            Err(e) => done.errors.push(read_error(&e, batch.start)),
        }
        done.games += 1;
    }
    done.json = visitor.take_output();
    done
}

/// A reader error's message, with the position moved to where the batch starts in the input.
fn read_error(e: &ReadError, start: Position) -> String {
    let local = e.position();
    let text = e.to_string();
    let at = local.offset_by(start);
    text.replacen(&local.to_string(), &at.to_string(), 1)
}
