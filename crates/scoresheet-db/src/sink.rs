//! The loader's replay sink: each game's EGD record and, from the same replay, what the
//! database stores beside it ([`ReplayedPly`]: the move in UCI, the Polyglot key, the legal
//! en-passant square), so that no ply is replayed twice.

use scoresheet::Position;
use scoresheet_pgn::annotation::CommentIssue;
use scoresheet_pgn::egd::{DenormalizedGame, EgdOptions, EgdSink};
use scoresheet_pgn::replay::{Ply, ReplaySink};
use scoresheet_pgn::{Location, Outcome, RawComment, RawTag, RawToken};

use std::io::Read;
use std::sync::Arc;

use scoresheet_pgn::pump::{next_game, Convert, GameOutcome};
use scoresheet_pgn::replay::{GameError, GameErrorKind, Replayer};
use scoresheet_pgn::{Noted, Oddities, Reader};

use crate::derive::ReplayedPly;
use crate::load::LoadOptions;
use crate::row::GameRow;

/// A game as the sink hands it over.
#[derive(Debug)]
pub(crate) struct Replayed {
    /// The EGD record, with extended features.
    pub game: DenormalizedGame,
    /// One per ply of `game.moves`, in the same order.
    pub plies: Vec<ReplayedPly>,
    /// The byte offset of the game in the (decompressed) input.
    pub byte: u64,
    /// Where the game starts (within the run it was read in).
    pub at: Location,
}

/// The EGD conversion (extended), plus a [`ReplayedPly`] of every mainline move.
#[derive(Debug)]
pub(crate) struct RowSink {
    egd: EgdSink,
    plies: Vec<ReplayedPly>,
    /// The Polyglot key of the position the last mainline ply reached (or the start).
    key: u64,
    at: Location,
}

impl RowSink {
    pub(crate) fn new() -> RowSink {
        RowSink {
            egd: EgdSink::new(EgdOptions::new().extended(true)),
            plies: Vec::new(),
            key: 0,
            at: Location::default(),
        }
    }
}

impl ReplaySink for RowSink {
    type Game = Replayed;

    fn begin_game(&mut self, at: Location) {
        self.at = at;
        self.plies.clear();
        self.egd.begin_game(at);
    }

    fn tag(&mut self, name: &[u8], value: RawTag<'_>) {
        self.egd.tag(name, value);
    }

    fn start(&mut self, start: &Position) {
        self.key = start.polyglot_key();
        self.egd.start(start);
    }

    fn ply(&mut self, ply: &Ply<'_>) {
        // EGD skips variations (depth is 0) and rejects null moves (`mv` is then `None`).
        // Mainline plies come in order, each from the position the last one reached.
        if let (0, Some(mv)) = (ply.depth, ply.mv) {
            let (replayed, key) = ReplayedPly::of_move(ply.before, self.key, mv, ply.after);
            self.key = key;
            self.plies.push(replayed);
        }
        self.egd.ply(ply);
    }

    fn null_move(&mut self, ply: &Ply<'_>) -> Result<(), &'static str> {
        self.egd.null_move(ply)
    }

    fn nag(&mut self, nag: u16, token: RawToken<'_>) {
        self.egd.nag(nag, token);
    }

    fn comment(&mut self, comment: RawComment<'_>) -> Vec<CommentIssue> {
        self.egd.comment(comment)
    }

    fn outcome(&mut self, outcome: Option<Outcome>) {
        self.egd.outcome(outcome);
    }

    fn end_game(&mut self) -> Replayed {
        // The next game's starts at this one's length instead of growing a ply at a time.
        let next = Vec::with_capacity(self.plies.len());
        Replayed {
            game: self.egd.end_game(),
            plies: std::mem::replace(&mut self.plies, next),
            byte: self.at.byte,
            at: self.at,
        }
    }

    fn abandon(&mut self) {
        self.plies.clear();
        self.egd.abandon();
    }
}

/// The loader's conversion as the [`Pump`]'s converter: a batch is a run's database rows.
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
                Noted::new(RowSink::new()).keep(options.keeps_warnings()),
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
        let at = replayed.at;
        let plies = replayed.plies.len() as u64;
        match GameRow::new(replayed, Arc::clone(&self.source)) {
            Ok((row, nuls)) => {
                rows.games.push(row);
                rows.nuls += nuls;
                GameOutcome::Accepted(plies)
            }
            Err(e) => {
                let kind = GameErrorKind::Output {
                    output: "database rows",
                    why: e.to_string(),
                };
                GameOutcome::Rejected(GameError::new(kind, at, ""))
            }
        }
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
