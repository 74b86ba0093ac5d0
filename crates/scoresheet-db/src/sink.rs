//! The loader's replay sink: each game's tags and, for each mainline ply, its
//! [`PlyRecord`] (the facts every view of a ply shares, computed once by [`PlyRecorder`]) and
//! what the database stores beside it ([`PlyExtras`]: the move in LRAN, the position's text,
//! the EGD extended features, the comments' and NAGs' meta), from the one replay of the game.

use scoresheet::{EnPassantMode, FenWriter, Position};
use scoresheet_pgn::annotation::CommentIssue;
use scoresheet_pgn::egd::{ExtendedFeatures, GameTags, MoveMeta};
use scoresheet_pgn::record::{Facts, PlyRecord, PlyRecorder};
use scoresheet_pgn::replay::{Ply, ReplaySink};
use scoresheet_pgn::select::OpeningTable;
use scoresheet_pgn::{Location, Outcome, RawComment, RawTag, RawToken};

use crate::row::{position_text, PlyExtras, Replayed};

/// The rows of each game from its one replay.
#[derive(Debug, Default)]
pub(crate) struct RowSink {
    recorder: PlyRecorder,
    tags: GameTags,
    marker: Option<&'static str>,
    start_fen: Vec<u8>,
    plies: Vec<(PlyRecord, PlyExtras)>,
    fen_writer: FenWriter,
    /// The FEN after the last move (one buffer reused move after move).
    fen: Vec<u8>,
    at: Location,
}

/// The costly facts the database's rows hold: the `san` and `uci` ids (their text without a
/// lookup), the Polyglot key, the repetition count and the game's opening (not the legal
/// en-passant file, which the position's text gives).
const MOVE_FACTS: Facts = Facts::SAN_ID
    .union(Facts::UCI_ID)
    .union(Facts::POSITION_KEY)
    .union(Facts::REPETITION)
    .union(Facts::OPENING);

impl RowSink {
    /// A sink naming openings with `table` (`None`: the shipped one).
    pub(crate) fn with_openings(table: Option<&'static OpeningTable>) -> RowSink {
        RowSink {
            recorder: PlyRecorder::new(MOVE_FACTS, table),
            ..RowSink::default()
        }
    }
}

impl ReplaySink for RowSink {
    type Game = Replayed;

    fn begin_game(&mut self, at: Location) {
        self.at = at;
        self.tags.clear();
        self.marker = None;
        self.plies.clear();
    }

    fn tag(&mut self, name: &[u8], value: RawTag<'_>) {
        self.tags.add(name, value);
    }

    fn start(&mut self, start: &Position) {
        self.recorder.start(start);
        self.start_fen.clear();
        self.fen_writer
            .write(start, EnPassantMode::Always, &mut self.start_fen);
    }

    fn ply(&mut self, ply: &Ply<'_>) {
        // Mainline plies come in order, each from the position the last one reached;
        // variations are not handed over (depth 0 only, to be sure).
        if ply.depth != 0 {
            return;
        }
        let Some(record) = self.recorder.record(ply) else {
            return;
        };
        let mut lran = Vec::with_capacity(10);
        record.write_lran(&mut lran);
        self.fen.clear();
        self.fen_writer
            .write(ply.after, EnPassantMode::Always, &mut self.fen);
        let fen = std::str::from_utf8(&self.fen).unwrap_or_default();
        let extras = PlyExtras {
            lran: String::from_utf8(lran).unwrap_or_default(),
            position_after: position_text(fen, ply.after.ep_square_legal()),
            features: ExtendedFeatures::after(
                ply.after,
                record.halfmove_clock,
                record.repetition,
                record.check,
                record.mate,
            ),
            meta: MoveMeta::default(),
        };
        self.plies.push((record, extras));
    }

    /// The database has no row for a null move: it rejects the game, with the words of the
    /// EGD conversion it stores (variations, where null moves are common, are skipped unread).
    fn null_move(&mut self, _ply: &Ply<'_>) -> Result<(), &'static str> {
        Err("EGD")
    }

    fn nag(&mut self, nag: u16, token: RawToken<'_>) {
        if let Some((_, extras)) = self.plies.last_mut() {
            extras.meta.nags.push(nag);
            if !token.as_bytes().starts_with(b"$") {
                extras.meta.glyphs.push(token.decode().into_owned());
            }
        }
    }

    /// A comment after a mainline move: its commands go into the record's columns, and the
    /// whole comment into the meta.
    fn comment(&mut self, comment: RawComment<'_>) -> Vec<CommentIssue> {
        match self.plies.last_mut() {
            Some((record, extras)) => {
                let issues = extras.meta.add_comment(comment.as_bytes());
                record.set_commands(&extras.meta);
                issues
            }
            None => Vec::new(),
        }
    }

    fn outcome(&mut self, outcome: Option<Outcome>) {
        self.marker = Some(outcome.map_or("*", Outcome::as_str));
    }

    fn end_game(&mut self) -> Replayed {
        // The next game's starts at this one's length instead of growing a ply at a time.
        let next = Vec::with_capacity(self.plies.len());
        let start_fen = match self.plies.is_empty() {
            true => None,
            false => Some(String::from_utf8_lossy(&self.start_fen).into_owned()),
        };
        Replayed {
            result: self.tags.result(self.marker).to_owned(),
            tags: std::mem::take(&mut self.tags),
            start_fen,
            plies: std::mem::replace(&mut self.plies, next),
            byte: self.at.byte,
            opening: self
                .recorder
                .opening()
                .map(|o| (o.eco.to_owned(), o.name.to_owned())),
        }
    }

    fn abandon(&mut self) {
        self.plies.clear();
    }
}
