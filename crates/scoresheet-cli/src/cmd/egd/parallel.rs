//! `--threads N`: `N` workers, each taking a chunk of many whole games from the input,
//! converting it and handing the JSON over to be written in input order. No other thread:
//! fewer threads than cores' worth of context switches, and a chunk's JSON is written by the
//! worker that completes the run of chunks due next.
//!
//! Taking a chunk ([`Input::next_chunk`], under the input's lock) does not tokenize: it reads
//! about [`CHUNK_BYTES`] and cuts at the next line starting with `[` that follows a blank line,
//! which follows a line not starting with `[`, outside any brace comment (see [`Cutter`]). When
//! no such line comes, the chunk grows, so a cut is never wrong, at worst late. Converted chunks
//! wait in [`Output::pending`] until those before them are written; a worker more than
//! `4 N` chunks ahead of the writing waits before taking another, so memory stays bounded.
//! Locations in error messages are shifted by the chunk's first line (counted when it is cut)
//! and the number of games before it (counted as chunks are written).
//!
//! Buffers go round: chunk buffers back to the input once converted, JSON buffers back to the
//! workers once written, so that after the first few chunks nothing is allocated (fresh buffers
//! of megabytes cost page faults).

use std::collections::BTreeMap;
use std::io::{self, Read, Write};
use std::sync::{Condvar, Mutex, MutexGuard};
use std::thread;

use scoresheet_pgn::egd::{EgdError, JsonVisitor};
use scoresheet_pgn::{Location, Oddities, ReadError, Reader};

use super::cutter::Cutter;
use super::{read_options, Job};

/// Chunks end at the first cut at least this many bytes after their start. Small enough that a
/// chunk's JSON (about 20 times its size) stays in a core's cache until it is written out.
const CHUNK_BYTES: usize = 32 << 10;

/// Raw games to convert.
struct Chunk {
    /// Place in the input, from 0.
    seq: u64,
    /// The input byte offset and line of the chunk's first byte (the first of a line).
    byte: u64,
    line: u64,
    bytes: Vec<u8>,
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
    /// The oddities kept (with `--warnings`), in input order, located within the chunk.
    warnings: Vec<(Location, String)>,
    oddities: Oddities,
    /// Results (games converted or reported).
    games: u64,
    /// Games the reader counted (for the game index of the next chunk).
    game_index: u64,
    plies: u64,
    byte: u64,
    line: u64,
}

/// Locks, going on with the data of a worker that panicked (it cannot leave it half-changed:
/// every change under these locks is a push, a pop or a counter).
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Converts one input with `threads` workers.
pub fn convert(
    src: impl Read + Send,
    job: &Job<'_>,
    threads: usize,
    out: &mut (dyn Write + Send),
) -> anyhow::Result<()> {
    let input = Mutex::new(Input::new(src));
    let output = Mutex::new(Output::new(out));
    let written = Condvar::new();
    let window = 4 * threads as u64;
    thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| work(&input, &output, &written, job, window));
        }
    });
    let output = output
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(e) = output.failed {
        return Err(anyhow::Error::new(e));
    }
    let input = input
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    match input.error {
        Some(e) => Err(anyhow::Error::new(e).context("cannot read the input")),
        None => Ok(()),
    }
}

/// A worker: takes chunks until the input ends (or the output fails).
fn work<R: Read>(
    input: &Mutex<Input<R>>,
    output: &Mutex<Output<'_>>,
    written: &Condvar,
    job: &Job<'_>,
    window: u64,
) {
    let mut visitor = JsonVisitor::new(job.options);
    visitor.keep_oddities(job.warnings);
    loop {
        let Some(chunk) = lock(input).next_chunk() else {
            return;
        };
        let mut done = convert_chunk(&chunk, &mut visitor);
        let spare = lock(output).spare.pop().unwrap_or_default();
        done.json = visitor.replace_output(spare);
        lock(input).spare.push(chunk.bytes);
        let mut out = lock(output);
        out.pending.insert(chunk.seq, done);
        out.write_ready(job);
        written.notify_all();
        // Not more than `window` chunks ahead of the writing.
        while out.failed.is_none() && chunk.seq >= out.written + window {
            out = written
                .wait(out)
                .unwrap_or_else(std::sync::PoisonError::into_inner);
        }
        if out.failed.is_some() {
            return;
        }
    }
}

/// The input, cut into chunks of whole games.
struct Input<R> {
    src: R,
    /// Bytes read and not yet handed out, from a chunk's start.
    buf: Vec<u8>,
    cutter: Cutter,
    /// Where `buf` starts in the input.
    byte: u64,
    line: u64,
    seq: u64,
    eof: bool,
    error: Option<io::Error>,
    /// Chunk buffers given back.
    spare: Vec<Vec<u8>>,
}

impl<R: Read> Input<R> {
    fn new(src: R) -> Input<R> {
        Input {
            src,
            buf: Vec::new(),
            cutter: Cutter::default(),
            byte: 0,
            line: 1,
            seq: 0,
            eof: false,
            error: None,
            spare: Vec::new(),
        }
    }

    /// The next chunk: whole games from at least [`CHUNK_BYTES`] of input, or all that is left
    /// at the end. After a read error, the whole games read before it, then nothing.
    fn next_chunk(&mut self) -> Option<Chunk> {
        loop {
            if let Some(cut) = self.cutter.find(&self.buf, CHUNK_BYTES) {
                return Some(self.cut(cut));
            }
            if self.eof {
                return (!self.buf.is_empty()).then(|| self.cut(self.buf.len()));
            }
            let want = self.buf.len().max(CHUNK_BYTES) + CHUNK_BYTES / 4;
            match fill(&mut self.src, &mut self.buf, want) {
                Ok(eof) => self.eof = eof,
                Err(e) => return self.broken_off(e),
            }
        }
    }

    /// Hands out `buf[..end]`.
    fn cut(&mut self, end: usize) -> Chunk {
        let mut rest = self.spare.pop().unwrap_or_default();
        rest.clear();
        rest.extend_from_slice(&self.buf[end..]);
        let mut bytes = std::mem::replace(&mut self.buf, rest);
        bytes.truncate(end);
        let chunk = Chunk {
            seq: self.seq,
            byte: self.byte,
            line: self.line,
            bytes,
        };
        self.seq += 1;
        self.byte += end as u64;
        self.line += count_lines(&chunk.bytes);
        self.cutter = Cutter::default();
        chunk
    }

    /// The input broke off after `buf`: its whole games (up to the last cut) are the last
    /// chunk, and the error says where the input ended, as the one-thread reader does.
    fn broken_off(&mut self, e: io::Error) -> Option<Chunk> {
        let end = self.byte + self.buf.len() as u64;
        self.error = Some(io::Error::new(
            e.kind(),
            format!("pgn: i/o error after byte {end}: {e}"),
        ));
        self.eof = true;
        let mut cutter = Cutter::default();
        let mut whole = 0;
        while let Some(cut) = cutter.find(&self.buf, whole + 1) {
            whole = cut;
        }
        self.buf.truncate(whole);
        let chunk = (whole > 0).then(|| self.cut(whole));
        self.buf.clear();
        chunk
    }
}

/// Converted chunks on their way out, in input order.
struct Output<'a> {
    out: &'a mut (dyn Write + Send),
    /// Converted chunks not written yet, by place in the input.
    pending: BTreeMap<u64, Converted>,
    /// Chunks written: the next one due is `written`.
    written: u64,
    /// Games in the chunks written.
    games_before: u64,
    failed: Option<io::Error>,
    /// JSON buffers given back.
    spare: Vec<Vec<u8>>,
}

impl<'a> Output<'a> {
    fn new(out: &'a mut (dyn Write + Send)) -> Output<'a> {
        Output {
            out,
            pending: BTreeMap::new(),
            written: 0,
            games_before: 0,
            failed: None,
            spare: Vec::new(),
        }
    }

    /// Writes the chunks due, in order, with their game errors on stderr.
    fn write_ready(&mut self, job: &Job<'_>) {
        while let Some(done) = self.pending.remove(&self.written) {
            let start = Location {
                game_index: self.games_before,
                game_first_line: done.line,
                line: done.line,
                column: 1,
                byte: done.byte,
            };
            let errors = done.errors.len() as u64;
            for (at, what) in done.warnings {
                job.print_warning(at.offset_by(start), &what);
            }
            job.counters.add_oddities(&done.oddities);
            for error in done.errors {
                let message = match error {
                    GameError::Egd(mut e) => {
                        e.offset_by(start);
                        e.to_string()
                    }
                    GameError::Read(e) => read_error(&e, start),
                };
                job.print_error(&message);
            }
            self.games_before += done.game_index;
            job.counters.add(done.games - errors, errors, done.plies);
            if self.failed.is_none() {
                if let Err(e) = self.out.write_all(&done.json) {
                    self.failed = Some(e);
                }
            }
            let mut json = done.json;
            json.clear();
            self.spare.push(json);
            self.written += 1;
        }
    }
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

fn convert_chunk(chunk: &Chunk, noted: &mut JsonVisitor) -> Converted {
    let mut reader = Reader::with_options(&chunk.bytes[..], read_options());
    let before = noted.oddities().clone();
    let mut done = Converted {
        json: Vec::new(),
        errors: Vec::new(),
        warnings: Vec::new(),
        oddities: Oddities::new(),
        games: 0,
        game_index: 0,
        plies: 0,
        byte: chunk.byte,
        line: chunk.line,
    };
    loop {
        let game = reader.read_game(noted);
        done.warnings.extend(noted.take_kept());
        match game {
            Ok(None) => break,
            Ok(Some(Ok(plies))) => done.plies += u64::from(plies),
            Ok(Some(Err(e))) => done.errors.push(GameError::Egd(e)),
            Err(e) => done.errors.push(GameError::Read(e)),
        }
        done.games += 1;
    }
    done.game_index = reader.location().game_index;
    done.oddities = noted.oddities().since(&before);
    done
}

/// A reader error's message, with the position moved to where the chunk starts in the input.
fn read_error(e: &ReadError, start: Location) -> String {
    let local = e.location();
    let text = e.to_string();
    let at = local.offset_by(start);
    text.replacen(&local.to_string(), &at.to_string(), 1)
}
