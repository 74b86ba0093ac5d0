//! The floor of the per-ply path, for profilers (`valgrind --tool=callgrind`): a file read and
//! every mainline move replayed by the [`Replayer`] into a sink that keeps nothing, or (with
//! `record`) into one that also makes each move's [`PlyRecord`](scoresheet_pgn::record::PlyRecord)
//! with no costly fact. What a table, EGD or a database costs on top is the rest.
//!
//! ```text
//! cargo build --profile profiling -p scoresheet-pgn --example replay_floor
//! valgrind --tool=callgrind target/profiling/examples/replay_floor FILE [record]
//! ```

use std::io::Read;

use scoresheet::Position;
use scoresheet_pgn::record::{Facts, PlyRecorder};
use scoresheet_pgn::replay::{Ply, ReplaySink, Replayer};
use scoresheet_pgn::{input, Reader};

/// Counts the plies; with a recorder, records each (and sums a field, so none is left unread).
struct Floor {
    plies: u64,
    recorder: Option<PlyRecorder>,
    halfmoves: u64,
}

impl ReplaySink for Floor {
    type Game = ();

    fn start(&mut self, start: &Position) {
        if let Some(recorder) = &mut self.recorder {
            recorder.start(start);
        }
    }

    fn ply(&mut self, ply: &Ply<'_>) {
        self.plies += 1;
        if let Some(record) = self.recorder.as_mut().and_then(|r| r.record(ply)) {
            self.halfmoves += u64::from(record.halfmove_clock);
        }
    }

    fn end_game(&mut self) {}
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let path = args.next().ok_or("usage: replay_floor FILE [record]")?;
    let recorder = args.next().map(|_| PlyRecorder::new(Facts::NONE, None));
    let mut data = Vec::new();
    input::open_input(&path)?.read_to_end(&mut data)?;
    let mut replayer = Replayer::new(Floor {
        plies: 0,
        recorder,
        halfmoves: 0,
    });
    let (mut games, mut rejected) = (0u64, 0u64);
    for game in Reader::new(&data[..]).games(&mut replayer) {
        match game {
            Ok(Ok(())) => games += 1,
            _ => rejected += 1,
        }
    }
    let floor = replayer.sink();
    println!(
        "{games} games replayed, {rejected} rejected, {} plies (halfmove clocks summed: {})",
        floor.plies, floor.halfmoves
    );
    Ok(())
}
