//! The pump fed by its caller (`Pump::feed`, what the npm package's streaming `readTables`
//! runs on) reads what `Pump::run` reads: the same games in the same order, the same
//! rejections with the same messages (locations in the whole input), the same counts, whatever
//! the size of the pieces pushed and of the chunks; it stops at an error that ends the input as
//! `Pump::run` does.

use std::io::Read;

use scoresheet_pgn::pump::{next_game, ChunkLog, Convert, GameOutcome, Pump, PumpError, Tally};
use scoresheet_pgn::replay::{GameBuilder, Replayer};
use scoresheet_pgn::{Noted, Oddities, ReadOptions, Reader};

use crate::common::data_dir;

/// Each accepted game as its first line in the input's bytes and its SAN moves.
struct Sans(Replayer<Noted<GameBuilder>>, u64);

impl Convert for Sans {
    type Batch = Vec<String>;
    fn next_game<R: Read>(
        &mut self,
        reader: &mut Reader<R>,
        out: &mut Vec<String>,
    ) -> GameOutcome<u64> {
        let base = self.1;
        next_game(reader, &mut self.0).map(|game| {
            let sans: Vec<_> = game.plies.iter().map(|p| p.san.to_string()).collect();
            out.push(format!("{}: {}", base, sans.join(" ")));
            game.plies.len() as u64
        })
    }
    fn oddities(&self) -> &Oddities {
        self.0.sink().oddities()
    }
    fn begin_run(&mut self, byte: u64, _: &mut Vec<String>) {
        self.1 = byte;
    }
}

fn sans() -> Sans {
    Sans(Replayer::new(Noted::new(GameBuilder::default())), 0)
}

/// What a run gives: the games with each batch's start, the rejections' messages, the
/// counts (games in, converted, rejected, plies, oddities), the error that ended it.
type Outcome = (Vec<String>, Vec<String>, [u64; 5], Option<String>);

fn record(out: &mut Outcome, batch: &mut Vec<String>, log: &ChunkLog, tally: &mut Tally) {
    out.0.append(batch);
    out.1.extend(log.rejections().map(|e| e.to_string()));
    tally.add(log);
}

fn counts(t: &Tally) -> [u64; 5] {
    [
        t.games_in(),
        t.converted(),
        t.rejected(),
        t.plies(),
        t.oddities().total(),
    ]
}

/// One chunk a run: the batch's start is then the chunk's, which differs between the two;
/// only the games' moves are compared.
fn moves_only(games: &mut [String]) {
    for g in games {
        if let Some(at) = g.find(": ") {
            g.replace_range(..at, "");
        }
    }
}

fn run(data: &[u8]) -> Outcome {
    run_with(data, ReadOptions::new())
}

fn run_with(data: &[u8], read: ReadOptions) -> Outcome {
    let mut out = Outcome::default();
    let mut tally = Tally::default();
    let result = Pump::new(1)
        .read_options(read)
        .run(data, sans, |batch, log| {
            record(&mut out, batch, &log, &mut tally);
            Ok(())
        });
    out.2 = counts(&tally);
    out.3 = result.err().map(|e| e.to_string());
    moves_only(&mut out.0);
    out
}

fn fed(data: &[u8], piece: usize, chunk: usize) -> Outcome {
    fed_with(data, piece, chunk, ReadOptions::new())
}

fn fed_with(data: &[u8], piece: usize, chunk: usize, read: ReadOptions) -> Outcome {
    let mut out = Outcome::default();
    let mut tally = Tally::default();
    let mut feed = Pump::new(1)
        .chunk_bytes(chunk)
        .read_options(read)
        .feed(sans());
    let mut batch = Vec::new();
    let mut take =
        |feed: &mut scoresheet_pgn::pump::Feed<Sans>, out: &mut Outcome| -> Result<(), PumpError> {
            while let Some(log) = feed.next_batch(&mut batch)? {
                record(out, &mut batch, &log, &mut tally);
            }
            Ok(())
        };
    let mut result = Ok(());
    for p in data.chunks(piece.max(1)) {
        feed.push(p);
        result = take(&mut feed, &mut out);
        if result.is_err() {
            break;
        }
    }
    if result.is_ok() {
        feed.finish();
        result = take(&mut feed, &mut out);
        assert!(result.is_err() || feed.is_done(), "not done after the end");
    }
    assert!(feed.is_done() || result.is_err());
    out.2 = counts(&tally);
    out.3 = result.err().map(|e| e.to_string());
    moves_only(&mut out.0);
    out
}

fn agree(data: &[u8], piece: usize, chunk: usize) {
    let (one, pushed) = (run(data), fed(data, piece, chunk));
    assert_eq!(one, pushed, "pieces of {piece} bytes, chunks of {chunk}");
}

#[test]
fn ok_feed_reads_what_the_pump_reads_on_real_games() {
    let data = std::fs::read(data_dir().join("real_slice.pgn")).expect("real_slice.pgn");
    let one = run(&data);
    assert!(one.0.len() > 50, "{} games", one.0.len());
    for (piece, chunk) in [
        (1, 4096),
        (7, 1),
        (7, 64 << 10),
        (4096, 300),
        (1 << 20, 32 << 10),
        (data.len(), 1 << 20),
    ] {
        agree(&data, piece, chunk);
    }
}

#[test]
fn ok_feed_reads_what_the_pump_reads_on_bad_and_odd_inputs() {
    let cases: [&[u8]; 7] = [
        b"",
        b"1. e4 e5 *\n\n1. d4 Qxd8 *\n\n[Event \"c\"]\n\n1. c4 *\n",
        b"[Event \"a\"]\n\n[Site \"b\"]\n\n1. e4 {open\n\n[Event \"x\"]\n1. d4 *",
        b"\xef\xbb\xbf[Event \"a\"]\r\n\r\n1. e4 e5 1-0\r\n\r\n[Event \"b\"]\r\n1. Ke3 *",
        b"1. e4 e5 2. Nf3 Nc6 1-0 1. d4 d5 0-1 1. c4 *",
        b"[Event \"cut\"]\n\n1. e4 e5 2. Nf3",
        b"%escaped\n[Event \"a\"]\n\n1. e4 *\n\n\n\n[Event \"b\"] 1. d4 *\n",
    ];
    for data in cases {
        for (piece, chunk) in [(1, 1), (2, 7), (3, 40), (1000, 1)] {
            agree(data, piece, chunk);
        }
    }
    // Bare movetext past the cutter's fallback distance: cut where the reader ends a game.
    let bare = b"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n".repeat(20_000);
    agree(&bare, 64 << 10, 32 << 10);
}

#[test]
fn err_feed_stops_at_an_input_ending_error_as_the_pump_does() {
    let utf16: Vec<u8> = [0xff, 0xfe]
        .into_iter()
        .chain("[Event \"x\"]\n\n1. e4 *\n".bytes().flat_map(|b| [b, 0]))
        .collect();
    let one = run(&utf16);
    assert!(one.3.is_some());
    for piece in [1, 5, 4096] {
        assert_eq!(fed(&utf16, piece, 64), one);
    }
}

/// A game over the size cap, pushed in pieces: it is given up (a rejection), its rest skipped
/// as it comes (the skipping resumes after each piece), and the games after it are read.
#[test]
fn ok_feed_skips_a_game_over_the_size_cap_across_pieces() {
    let mut data = b"[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"big\"]\n\n".to_vec();
    data.extend(b"1. Nf3 Nf6 2. Ng1 Ng8 ".repeat(40_000));
    data.extend(b"*\n\n[Event \"c\"]\n\n1. d4 *\n");
    let read = ReadOptions::new().max_game_bytes(4096);
    let one = run_with(&data, read);
    assert_eq!(one.2[..3], [3, 2, 1], "games in, converted, rejected");
    for (piece, chunk) in [(7, 1), (1000, 64), (64 << 10, 32 << 10)] {
        assert_eq!(
            fed_with(&data, piece, chunk, read),
            one,
            "pieces of {piece}, chunks of {chunk}"
        );
    }
}
