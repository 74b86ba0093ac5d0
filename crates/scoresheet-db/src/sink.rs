//! The loader's replay sink: each game's EGD record and, from the same replay, what the
//! database stores beside it ([`ReplayedPly`]: the move in UCI, the Polyglot key, the legal
//! en-passant square), so that no ply is replayed twice.

use scoresheet::Position;
use scoresheet_pgn::annotation::CommentIssue;
use scoresheet_pgn::egd::{DenormalizedGame, EgdOptions, EgdSink};
use scoresheet_pgn::replay::{Ply, ReplaySink};
use scoresheet_pgn::{Location, Outcome, RawComment, RawTag, RawToken};

use crate::derive::ReplayedPly;

/// A game as the sink hands it over.
#[derive(Debug)]
pub(crate) struct Replayed {
    /// The EGD record, with extended features.
    pub game: DenormalizedGame,
    /// One per ply of `game.moves`, in the same order.
    pub plies: Vec<ReplayedPly>,
    /// The byte offset of the game in the (decompressed) input.
    pub byte: u64,
}

/// The EGD conversion (extended), plus a [`ReplayedPly`] of every mainline move.
#[derive(Debug)]
pub(crate) struct RowSink {
    egd: EgdSink,
    plies: Vec<ReplayedPly>,
    /// The Polyglot key of the position the last mainline ply reached (or the start).
    key: u64,
    byte: u64,
}

impl RowSink {
    pub(crate) fn new() -> RowSink {
        RowSink {
            egd: EgdSink::new(EgdOptions::new().extended(true)),
            plies: Vec::new(),
            key: 0,
            byte: 0,
        }
    }
}

impl ReplaySink for RowSink {
    type Game = Replayed;

    fn begin_game(&mut self, at: Location) {
        self.byte = at.byte;
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
            byte: self.byte,
        }
    }

    fn abandon(&mut self) {
        self.plies.clear();
        self.egd.abandon();
    }
}
