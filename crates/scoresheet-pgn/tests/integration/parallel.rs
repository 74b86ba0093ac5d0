//! `parallel::read_parallel` reads an input as one reader does: the same games, the same
//! rejections with the same messages (locations in the whole input), whatever the chunk size
//! and the number of threads, on files the quick cut handles and on those it cannot (bare
//! movetext, tag sections only, many games on one line); and after an I/O error, every game
//! whose result was read.

use std::io::{self, Read};
use std::sync::mpsc;

use scoresheet_pgn::parallel::{read_parallel, ChunkLog, ParallelError, ParallelOptions};
use scoresheet_pgn::replay::ReplayedGames;
use scoresheet_pgn::Reader;

use crate::common::data_dir;

/// Each game as one line: its SAN moves, or `error: <message>`.
fn serial(bytes: &[u8]) -> Vec<String> {
    ReplayedGames::new(bytes).map(describe).collect()
}

fn describe(
    game: Result<scoresheet_pgn::replay::Game, scoresheet_pgn::replay::GameError>,
) -> String {
    match game {
        Ok(game) => {
            let sans: Vec<String> = game.plies.iter().map(|p| p.san.to_string()).collect();
            format!("ok {}", sans.join(" "))
        }
        Err(e) => format!("error: {e}"),
    }
}

/// The same with `threads` workers and chunks of `chunk` bytes; also the number of chunks.
fn parallel(
    src: impl Read + Send,
    threads: usize,
    chunk: usize,
) -> (Vec<String>, usize, Option<ParallelError>) {
    let mut lines = Vec::new();
    let mut chunks = 0;
    let convert = |_: &mut (),
                   reader: Reader<&[u8]>,
                   log: &mut ChunkLog,
                   batch: &mut Vec<Result<String, usize>>| {
        for game in ReplayedGames::from_reader(reader) {
            match game {
                Ok(game) => {
                    log.converted(game.plies.len() as u64);
                    batch.push(Ok(describe(Ok(game))));
                }
                Err(e) => {
                    // The message is taken from the log, where its location is moved.
                    batch.push(Err(log.rejected_games() as usize));
                    log.rejected(e);
                }
            }
        }
    };
    let deliver = |batch: &mut Vec<Result<String, usize>>, log: ChunkLog| {
        let rejections: Vec<String> = log.rejections().map(|e| format!("error: {e}")).collect();
        for item in batch.drain(..) {
            lines.push(match item {
                Ok(line) => line,
                Err(i) => rejections[i].clone(),
            });
        }
        chunks += 1;
        Ok(())
    };
    let options = ParallelOptions::new(threads).chunk_bytes(chunk);
    let err = read_parallel(src, &options, || (), convert, deliver).err();
    (lines, chunks, err)
}

fn repeat(unit: &str, times: usize) -> Vec<u8> {
    unit.repeat(times).into_bytes()
}

#[test]
fn ok_parallel_reads_as_one_reader() {
    let real = std::fs::read(data_dir().join("real_slice.pgn")).expect("test data");
    let mixed = b"[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. d4 Qxd8 *\n\n\
        [Event \"c\"]\n\n1. c4 { open\n\n[Event \"d\"]\n1. Nf3 *\n\ne4 e5\n\nd4 d5\n\n1. e4 e5 * 1. d4 *\n"
        .to_vec();
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("real games", real),
        ("mixed", mixed),
        ("bare movetext", repeat("e4 e5 Nf3\n\nd4 d5\n\n", 20_000)),
        (
            "tag sections only",
            repeat("[Event \"x\"]\n[Result \"1-0\"]\n\n", 15_000),
        ),
        ("one line of many games", repeat("1. e4 e5 * ", 40_000)),
        (
            "games without blank lines",
            repeat("[Event \"x\"]\n1. e4 e5 1-0\n", 20_000),
        ),
    ];
    for (why, bytes) in &cases {
        let want = serial(bytes);
        // Tiny chunks on small inputs only: each chunk copies what is left of the buffer.
        let sizes: &[(usize, usize)] = if bytes.len() < 10_000 {
            &[(1, 1), (2, 7), (3, 100)]
        } else {
            &[(1, 4096), (3, 10_000), (2, 32 << 10)]
        };
        for &(threads, chunk) in sizes {
            let (got, chunks, err) = parallel(&bytes[..], threads, chunk);
            assert!(err.is_none(), "{why}: {err:?}");
            assert_eq!(
                got.len(),
                want.len(),
                "{why}: threads {threads}, chunk {chunk}"
            );
            for (i, (got, want)) in got.iter().zip(&want).enumerate() {
                assert_eq!(
                    got,
                    want,
                    "{why}: game {} (threads {threads}, chunk {chunk})",
                    i + 1
                );
            }
            if bytes.len() > 600 << 10 {
                // Bounded chunks: the input is not read as one chunk.
                assert!(chunks > 1, "{why}: {chunks} chunks");
            }
        }
    }
}

/// Gives `bytes`, then fails.
struct Broken<'a> {
    bytes: &'a [u8],
}

impl Read for Broken<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if self.bytes.is_empty() {
            return Err(io::Error::other("the disk is on fire"));
        }
        let n = out.len().min(self.bytes.len()).min(1000);
        out[..n].copy_from_slice(&self.bytes[..n]);
        self.bytes = &self.bytes[n..];
        Ok(n)
    }
}

#[test]
fn err_io_error_keeps_the_whole_games() {
    let whole = "[Event \"a\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n\n1. d4 d5 0-1\n";
    let cases: [(&str, &str, usize); 4] = [
        ("after a result line", whole, 2),
        (
            "after a result without its newline",
            "1. e4 e5 1-0\n\n1. d4 d5 0-1",
            2,
        ),
        (
            "inside the last game's movetext",
            "[Event \"a\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n\n1. d4 d5",
            1,
        ),
        (
            "inside the last game's tags",
            "[Event \"a\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n[Site",
            1,
        ),
    ];
    for (why, text, kept) in cases {
        // One reader: the whole games, then the I/O error, then nothing.
        let mut games = ReplayedGames::from_reader(Reader::new(Broken {
            bytes: text.as_bytes(),
        }));
        let read: Vec<_> = games.by_ref().collect();
        assert_eq!(read.len(), kept + 1, "{why}");
        assert!(read[..kept].iter().all(Result::is_ok), "{why}");
        let last = read[kept].as_ref().expect_err("the i/o error");
        assert!(
            last.to_string().contains("i/o error after byte"),
            "{why}: {last}"
        );
        // In parallel: the same games, then the error.
        for threads in [1, 2] {
            let (got, _, err) = parallel(
                Broken {
                    bytes: text.as_bytes(),
                },
                threads,
                8,
            );
            assert_eq!(got.len(), kept, "{why}: threads {threads}");
            match err {
                Some(ParallelError::Read { byte, .. }) => {
                    assert_eq!(byte, text.len() as u64, "{why}")
                }
                other => panic!("{why}: {other:?}"),
            }
        }
    }
}

/// Gives `bytes`, then waits for word on `release` before it ends: an input left open, as a
/// pipe whose writer is slow.
struct Held {
    bytes: Vec<u8>,
    at: usize,
    release: mpsc::Receiver<()>,
}

impl Read for Held {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if self.at == self.bytes.len() {
            // Released, or the test gave up (the sender is gone): the input ends.
            let _ = self.release.recv();
            return Ok(0);
        }
        let n = out.len().min(self.bytes.len() - self.at);
        out[..n].copy_from_slice(&self.bytes[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

#[test]
fn ok_a_chunk_is_delivered_while_the_next_is_read() {
    // 20 KB of games, then the input stays open. With 8 KiB chunks the first chunk is cut
    // once 16 KiB are read; the second worker then waits for the rest of its chunk. The first
    // chunk's games must come out meanwhile, not when the input ends.
    let bytes = repeat("[Event \"x\"]\n\n1. e4 e5 *\n\n", 800);
    let (release, wait) = mpsc::channel();
    let (told, delivered) = mpsc::channel();
    let src = Held {
        bytes,
        at: 0,
        release: wait,
    };
    let convert = |_: &mut (), mut reader: Reader<&[u8]>, log: &mut ChunkLog, n: &mut u64| {
        while let Ok(Some(_)) = reader.read_game(&mut Games) {
            log.converted(0);
            *n += 1;
        }
    };
    let deliver = |n: &mut u64, _: ChunkLog| {
        let _ = told.send(std::mem::take(n));
        Ok(())
    };
    let options = ParallelOptions::new(2).chunk_bytes(8 << 10);
    std::thread::scope(|scope| {
        let reading = scope.spawn(|| read_parallel(src, &options, || (), convert, deliver));
        let first = delivered.recv_timeout(std::time::Duration::from_secs(20));
        release.send(()).expect("the source waits");
        let first = first.expect("the first chunk is delivered before the input ends");
        assert!(first > 0 && first < 800, "{first} games in the first chunk");
        reading.join().expect("no panic").expect("read");
        let rest: u64 = delivered.try_iter().sum();
        assert_eq!(first + rest, 800);
    });
}

#[test]
fn ok_chunk_byte_places_each_game_in_the_input() {
    let real = std::fs::read(data_dir().join("real_slice.pgn")).expect("test data");
    let serial: Vec<u64> = ReplayedGames::new(&real[..])
        .filter_map(Result::ok)
        .map(|g| g.location.byte)
        .collect();
    for (threads, chunk) in [(1, 1 << 20), (2, 4096), (2, 100)] {
        let mut bytes = Vec::new();
        let convert =
            |_: &mut (), reader: Reader<&[u8]>, log: &mut ChunkLog, out: &mut Vec<u64>| {
                for game in ReplayedGames::from_reader(reader) {
                    match game {
                        Ok(game) => {
                            log.converted(game.plies.len() as u64);
                            out.push(log.chunk_byte() + game.location.byte);
                        }
                        Err(e) => log.rejected(e),
                    }
                }
            };
        let deliver = |out: &mut Vec<u64>, _: ChunkLog| {
            bytes.append(out);
            Ok(())
        };
        let options = ParallelOptions::new(threads).chunk_bytes(chunk);
        read_parallel(&real[..], &options, || (), convert, deliver).expect("read");
        assert_eq!(bytes, serial, "{threads} threads, chunks of {chunk} bytes");
    }
}

#[test]
fn err_fatal_error_ends_the_input() {
    // Chunks after the one that ends the input are not delivered: a UTF-16 input is found in
    // the first chunk; the games of later chunks (read by other workers) never come out.
    let mut input = b"\xff\xfe[\x00E\x00\n\n".to_vec();
    input.extend(repeat("1. e4 e5 *\n\n", 2000));
    let mut delivered = 0;
    let convert = |_: &mut (), mut reader: Reader<&[u8]>, log: &mut ChunkLog, n: &mut u64| loop {
        match reader.read_game(&mut Games) {
            Ok(None) => break,
            Ok(Some(_)) => {
                log.converted(0);
                *n += 1;
            }
            Err(e) if e.is_recoverable() => log.rejected(e),
            Err(e) => {
                log.fatal(e);
                break;
            }
        }
    };
    let deliver = |n: &mut u64, _: ChunkLog| {
        delivered += std::mem::take(n);
        Ok(())
    };
    let options = ParallelOptions::new(2).chunk_bytes(64);
    let err = read_parallel(&input[..], &options, || (), convert, deliver).unwrap_err();
    assert!(matches!(err, ParallelError::Fatal(_)), "{err:?}");
    assert!(err.to_string().contains("UTF-16"), "{err}");
    assert_eq!(delivered, 0);
}

/// A visitor that only counts games.
struct Games;

impl scoresheet_pgn::Visitor for Games {
    type Tags = ();
    type Movetext = ();
    type Output = ();

    fn begin_game(&mut self, _at: scoresheet_pgn::Location) -> std::ops::ControlFlow<()> {
        std::ops::ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _: (), _: scoresheet_pgn::Location) -> std::ops::ControlFlow<()> {
        std::ops::ControlFlow::Continue(())
    }

    fn end_game(&mut self, _movetext: ()) {}
}
