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

use std::io::Read;
use std::sync::Arc;

use scoresheet_pgn::pump::{next_game, Convert, GameOutcome};
use scoresheet_pgn::replay::Replayer;
use scoresheet_pgn::{Noted, Oddities, Reader};

use crate::derive::position_text;
use crate::load::LoadOptions;
use crate::row::GameRow;

/// What a `moves` row holds beside the ply's [`PlyRecord`].
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct PlyExtras {
    /// The move in LRAN ([`PlyRecord::write_lran`]).
    pub lran: String,
    /// The FEN after the move without its counters, the en-passant square only when an
    /// en-passant capture is legal ([`position_text`]).
    pub position_after: String,
    /// EGD's extended features of the position after the move.
    pub features: ExtendedFeatures,
    /// The NAGs and comments after the move (made into the `meta` column's JSON by
    /// [`GameRow::new`]).
    pub meta: MoveMeta,
}

/// A game as the sink hands it over.
#[derive(Debug)]
pub(crate) struct Replayed {
    /// The tags (`Result` as written, if it was).
    pub tags: GameTags,
    /// `Result` as the game gives it: the tag, else the termination marker, else `*`.
    pub result: String,
    /// The FEN of the start position (en-passant square always written), when the game has
    /// a move.
    pub start_fen: Option<String>,
    /// The mainline plies, in order.
    pub plies: Vec<(PlyRecord, PlyExtras)>,
    /// The byte offset of the game in the (decompressed) input.
    pub byte: u64,
    /// The opening the mainline reaches ([`PlyRecorder::opening`]): ECO code and name.
    pub opening: Option<(String, String)>,
}

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
