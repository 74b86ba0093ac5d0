//! [`RowConverter`]: the load's unit of work for the pump, a game read, replayed into the
//! sink's facts ([`RowSink`]) and made into its rows ([`GameRow`]).

use std::io::Read;
use std::sync::Arc;

use scoresheet_pgn::pump::{next_game, Convert, GameOutcome};
use scoresheet_pgn::replay::Replayer;
use scoresheet_pgn::{Location, Noted, Oddities, Reader};

use crate::options::LoadOptions;
use crate::row::GameRow;
use crate::sink::RowSink;

/// The loader's conversion as the pump's converter: a batch is a run's database rows.
#[derive(Debug)]
pub(crate) struct RowConverter {
    replayer: Replayer<Noted<RowSink>>,
    source: Arc<str>,
    /// Where the run being read starts in the input.
    byte_base: u64,
    /// With one thread, rows are delivered in runs of this many games.
    batch_size: usize,
}

/// A run's rows and the NUL characters replaced in them.
#[derive(Debug, Default)]
pub(crate) struct Rows {
    pub games: Vec<GameRow>,
    pub nuls: u64,
}

impl RowConverter {
    pub(crate) fn new(source: Arc<str>, options: &LoadOptions) -> RowConverter {
        RowConverter {
            replayer: Replayer::with_options(
                Noted::new(RowSink::with_openings(options.openings_table()))
                    .keep(options.keeps_warnings()),
                options.replay_options(),
            ),
            source,
            byte_base: 0,
            batch_size: options.games_per_batch(),
        }
    }
}

impl Convert for RowConverter {
    type Batch = Rows;

    fn next_game<R: Read>(&mut self, reader: &mut Reader<R>, rows: &mut Rows) -> GameOutcome<u64> {
        let mut replayed = match next_game(reader, &mut self.replayer) {
            GameOutcome::Accepted(replayed) => replayed,
            other => return other.map(|_| 0),
        };
        replayed.byte += self.byte_base;
        let plies = replayed.plies.len() as u64;
        let (row, nuls) = GameRow::new(replayed, Arc::clone(&self.source));
        rows.games.push(row);
        rows.nuls += nuls;
        GameOutcome::Accepted(plies)
    }

    fn oddities(&self) -> &Oddities {
        self.replayer.sink().oddities()
    }

    fn take_kept(&mut self) -> Vec<(Location, String)> {
        self.replayer.sink_mut().take_kept()
    }

    fn begin_run(&mut self, byte: u64, _: &mut Rows) {
        self.byte_base = byte;
    }

    fn batch_ready(&self, rows: &Rows) -> bool {
        rows.games.len() >= self.batch_size
    }
}
