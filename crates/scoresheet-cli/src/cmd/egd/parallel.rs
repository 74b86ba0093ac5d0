//! `--threads N`: a splitter thread cuts the input into chunks of many whole games (raw bytes),
//! `N` workers convert chunks with the normal reader, and this thread writes the results in
//! input order.
//!
//! The splitter does not tokenize: it reads about [`CHUNK_BYTES`] and cuts at the next line
//! starting with `[` that follows a blank line, which follows a line not starting with `[`,
//! outside any brace comment (see [`Cutter`]). When no such line comes, the chunk grows, so a
//! cut is never wrong, at worst late. Each chunk travels with a one-shot channel for its result;
//! the writer receives those channels in order through a bounded queue, so at most `9 N` chunks
//! are in flight (a slow chunk does not stall the others) and memory stays bounded. Positions in
//! error messages are shifted by the chunk's first line (counted by the splitter) and the number
//! of games before it (counted by the writer).
//!
//! Buffers go round: chunk buffers back to the splitter once converted, JSON buffers back to the
//! workers once written, so that after the first few chunks nothing is allocated (fresh buffers
//! of megabytes cost page faults, which took a third of the second core's time).

use std::io::{self, Read, Write};
use std::sync::mpsc::{self, Receiver, SyncSender};
use std::sync::{Arc, Mutex};
use std::thread;

use scoresheet_pgn::egd::{EgdError, EgdOptions, JsonVisitor};
use scoresheet_pgn::{Position, ReadError, Reader};

use super::cutter::Cutter;
use super::{read_options, Job};

/// Chunks end at the first cut at least this many bytes after their start. Small enough that a
/// chunk's JSON (about 20 times its size) stays in a core's cache until it is written out.
const CHUNK_BYTES: usize = 32 << 10;

/// Buffers to reuse, shared by the threads that take them and the ones that give them back.
#[derive(Clone, Default)]
struct Pool(Arc<Mutex<Vec<Vec<u8>>>>);

impl Pool {
    /// An empty buffer, with the memory of one given back if there is one.
    fn take(&self) -> Vec<u8> {
        self.0
            .lock()
            .ok()
            .and_then(|mut buffers| buffers.pop())
            .unwrap_or_default()
    }

    fn give(&self, mut buffer: Vec<u8>) {
        buffer.clear();
        if let Ok(mut buffers) = self.0.lock() {
            buffers.push(buffer);
        }
    }
}

/// Raw games to convert.
struct Chunk {
    /// The input byte offset and line of the chunk's first byte (the first of a line).
    byte: u64,
    line: u64,
    bytes: Vec<u8>,
    reply: SyncSender<Converted>,
}

/// A game that could not be converted, with its position within its chunk.
enum GameError {
    Egd(EgdError),
    Read(ReadError),
}

/// A converted chunk.
struct Converted {
    json: Vec<u8>,
    /// The errors, in game order.
    errors: Vec<GameError>,
    /// Results (games converted or reported).
    games: u64,
    /// Games the reader counted (for the game index of the next chunk).
    game_index: u64,
    plies: u64,
    byte: u64,
    line: u64,
}

/// Converts one input with `threads` workers.
pub fn convert(
    src: impl Read + Send + 'static,
    job: &Job<'_>,
    threads: usize,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let (work_tx, work_rx) = mpsc::sync_channel::<Chunk>(threads);
    let (order_tx, order_rx) = mpsc::sync_channel::<Receiver<Converted>>(threads * 8);
    let work_rx = Arc::new(Mutex::new(work_rx));
    let options = job.options;
    let (chunks, jsons) = (Pool::default(), Pool::default());
    let workers: Vec<_> = (0..threads)
        .map(|_| {
            let work_rx = Arc::clone(&work_rx);
            let pools = (chunks.clone(), jsons.clone());
            thread::spawn(move || work(&work_rx, options, &pools))
        })
        .collect();
    let splitter = thread::spawn(move || split(src, &work_tx, &order_tx, &chunks));
    let written = write_in_order(&order_rx, job, out, &jsons);
    drop(order_rx);
    let split = splitter.join().unwrap_or(Ok(()));
    for worker in workers {
        let _ = worker.join();
    }
    written?;
    split.map_err(|e| anyhow::Error::new(e).context("cannot read the input"))
}

fn write_in_order(
    order: &Receiver<Receiver<Converted>>,
    job: &Job<'_>,
    out: &mut dyn Write,
    jsons: &Pool,
) -> io::Result<()> {
    let mut games_before = 0;
    for reply in order {
        let Ok(done) = reply.recv() else { continue };
        let start = Position {
            game_index: games_before,
            game_first_line: done.line,
            line: done.line,
            column: 1,
            byte: done.byte,
        };
        let errors = done.errors.len() as u64;
        for error in done.errors {
            let message = match error {
                GameError::Egd(mut e) => {
                    e.offset_by(start);
                    e.to_string()
                }
                GameError::Read(e) => read_error(&e, start),
            };
            job.bar.println(&format!("error: {}: {message}", job.name));
        }
        games_before += done.game_index;
        job.counters.add(done.games - errors, errors, done.plies);
        out.write_all(&done.json)?;
        jsons.give(done.json);
    }
    Ok(())
}

/// The splitter: reads the input, sends chunks of whole games to the workers and their reply
/// channels, in order, to the writer. Stops early when the writer has gone.
fn split(
    mut src: impl Read,
    work: &SyncSender<Chunk>,
    order: &SyncSender<Receiver<Converted>>,
    chunks: &Pool,
) -> io::Result<()> {
    let mut buf = chunks.take();
    let mut byte = 0u64;
    let mut line = 1u64;
    let mut cutter = Cutter::default();
    let mut eof = false;
    loop {
        // Fill up to the chunk size, then look for a cut; read more while none is found.
        if !eof {
            let want = buf.len().max(CHUNK_BYTES) + CHUNK_BYTES / 4;
            eof = match fill(&mut src, &mut buf, want) {
                Ok(eof) => eof,
                Err(e) => return Err(broken_off(e, byte, buf, work, order, line)),
            };
        }
        let Some(cut) = cutter.find(&buf, CHUNK_BYTES) else {
            if eof {
                break;
            }
            continue;
        };
        let mut rest = chunks.take();
        rest.extend_from_slice(&buf[cut..]);
        buf.truncate(cut);
        let lines = count_lines(&buf);
        if !send(byte, line, std::mem::replace(&mut buf, rest), work, order) {
            return Ok(());
        }
        byte += cut as u64;
        line += lines;
        cutter = Cutter::default();
    }
    // The rest, with no cut: one chunk.
    if !buf.is_empty() {
        send(byte, line, buf, work, order);
    }
    Ok(())
}

/// The input broke off after `buf`: its whole games (up to the last cut) still go to the
/// workers, and the error says where the input ended, as the one-thread reader does.
fn broken_off(
    e: io::Error,
    byte: u64,
    mut buf: Vec<u8>,
    work: &SyncSender<Chunk>,
    order: &SyncSender<Receiver<Converted>>,
    line: u64,
) -> io::Error {
    let end = byte + buf.len() as u64;
    let mut cutter = Cutter::default();
    let mut whole = 0;
    while let Some(cut) = cutter.find(&buf, whole + 1) {
        whole = cut;
    }
    buf.truncate(whole);
    if !buf.is_empty() {
        send(byte, line, buf, work, order);
    }
    io::Error::new(e.kind(), format!("pgn: i/o error after byte {end}: {e}"))
}

/// Reads until `buf` holds `want` bytes or the input ends; true at the end.
fn fill(src: &mut impl Read, buf: &mut Vec<u8>, want: usize) -> io::Result<bool> {
    while buf.len() < want {
        let old = buf.len();
        buf.resize(want, 0);
        match src.read(&mut buf[old..]) {
            Ok(0) => {
                buf.truncate(old);
                return Ok(true);
            }
            Ok(n) => buf.truncate(old + n),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => buf.truncate(old),
            Err(e) => {
                buf.truncate(old);
                return Err(e);
            }
        }
    }
    Ok(false)
}

fn count_lines(bytes: &[u8]) -> u64 {
    memchr::memchr_iter(b'\n', bytes).count() as u64
}

/// Hands a chunk to the workers and its reply channel to the writer; false once either is gone.
fn send(
    byte: u64,
    line: u64,
    bytes: Vec<u8>,
    work: &SyncSender<Chunk>,
    order: &SyncSender<Receiver<Converted>>,
) -> bool {
    let (reply, result) = mpsc::sync_channel(1);
    order.send(result).is_ok()
        && work
            .send(Chunk {
                byte,
                line,
                bytes,
                reply,
            })
            .is_ok()
}

/// A worker: converts chunks until the splitter is done.
fn work(chunks: &Mutex<Receiver<Chunk>>, options: EgdOptions, pools: &(Pool, Pool)) {
    let mut visitor = JsonVisitor::new(options);
    loop {
        let chunk = match chunks.lock() {
            Ok(rx) => rx.recv(),
            Err(_) => return,
        };
        let Ok(chunk) = chunk else { return };
        let mut done = convert_chunk(&chunk, &mut visitor);
        done.json = visitor.replace_output(pools.1.take());
        pools.0.give(chunk.bytes);
        let _ = chunk.reply.send(done);
    }
}

fn convert_chunk(chunk: &Chunk, visitor: &mut JsonVisitor) -> Converted {
    let mut reader = Reader::with_options(&chunk.bytes[..], read_options());
    let mut done = Converted {
        json: Vec::new(),
        errors: Vec::new(),
        games: 0,
        game_index: 0,
        plies: 0,
        byte: chunk.byte,
        line: chunk.line,
    };
    loop {
        match reader.read_game(visitor) {
            Ok(None) => break,
            Ok(Some(Ok(plies))) => done.plies += u64::from(plies),
            Ok(Some(Err(e))) => done.errors.push(GameError::Egd(e)),
            Err(e) => done.errors.push(GameError::Read(e)),
        }
        done.games += 1;
    }
    done.game_index = reader.position().game_index;
    done
}

/// A reader error's message, with the position moved to where the chunk starts in the input.
fn read_error(e: &ReadError, start: Position) -> String {
    let local = e.position();
    let text = e.to_string();
    let at = local.offset_by(start);
    text.replacen(&local.to_string(), &at.to_string(), 1)
}
