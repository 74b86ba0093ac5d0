//! [`PlyRecord`]: the facts of one replayed mainline move, computed once, and
//! [`PlyRecorder`], which computes them move after move through a game.
//!
//! Facts on demand: the move's own facts (squares, codes, SAN with its check or mate suffix,
//! UCI, counters, castling rights, the comments' clock, elapsed time and evaluation, whose
//! malformed commands are reported whatever is written) are always recorded; the costly ones
//! ([`Facts`]: the vocabulary token ids, the Polyglot key, repetitions, the opening search,
//! the legal en-passant file) only when the recorder is asked for them ([`PlyRecorder::new`]). A field not asked for holds its default (`None` or 0), so
//! a caller asks for the facts of the columns it writes (the export's column declarations
//! name theirs).
//!
//! A record holds typed values only (squares, codes, numbers, vocabulary token ids), so it is
//! `Copy` and a table of them is a plain `Vec`: the export's `moves` columns are views of
//! these fields, declared once in `scoresheet_export` (its `moves_table` module), and a new
//! per-ply fact is a field here and a column there.
//!
//! ```
//! use scoresheet::Position;
//! use scoresheet_pgn::annotation::CommentIssue;
//! use scoresheet_pgn::record::{PlyRecord, PlyRecorder};
//! use scoresheet_pgn::replay::{Ply, ReplaySink, Replayer};
//! use scoresheet_pgn::{RawComment, Reader};
//!
//! /// A sink keeping the records of a game's mainline.
//! #[derive(Default)]
//! struct Records(PlyRecorder, Vec<PlyRecord>);
//!
//! impl ReplaySink for Records {
//!     type Game = Vec<PlyRecord>;
//!     fn start(&mut self, start: &Position) {
//!         self.0.start(start);
//!     }
//!     fn ply(&mut self, ply: &Ply<'_>) {
//!         self.1.extend(self.0.record(ply));
//!     }
//!     fn comment(&mut self, comment: RawComment<'_>) -> Vec<CommentIssue> {
//!         match self.1.last_mut() {
//!             Some(last) => self.0.annotate(last, comment.as_bytes()),
//!             None => Vec::new(),
//!         }
//!     }
//!     fn end_game(&mut self) -> Vec<PlyRecord> {
//!         std::mem::take(&mut self.1)
//!     }
//! }
//!
//! let pgn = "1. e4 { [%clk 0:03:00] } e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0";
//! let mut replayer = Replayer::new(Records::default());
//! let game = Reader::new(pgn.as_bytes()).read_game(&mut replayer)?.expect("a game").expect("legal");
//! assert_eq!((game[0].ply, game[0].san(), game[0].uci()), (1, "e4", "e2e4"));
//! assert_eq!(game[0].clock.map(|c| c.as_millis()), Some(180_000));
//! assert_eq!((game[6].san(), game[6].mate, game[6].move_number), ("Qxf7#", true, 4));
//! # Ok::<_, scoresheet_pgn::ReadError>(())
//! ```

use scoresheet::san::{suffix_after, SanPlus, Suffix};
use scoresheet::uci::UciMove;
use scoresheet::vocab::Vocabulary;
use scoresheet::{Color, File, Position, Square};

use crate::annotation::{ClockTime, CommentIssue, EvalScore};
use crate::codes::{self, Codes, MoveType, PieceCode};
use crate::egd::{MoveMeta, Repetitions};
use crate::replay::Ply;
use crate::select::openings::{Opening, OpeningTable, Search};

/// The vocabulary of [`PlyRecord::san_id`]: SAN with `+` and `#` (28,938 strings).
pub const SAN_VOCABULARY: Vocabulary = Vocabulary::SanWithSymbols;

/// The vocabulary of [`PlyRecord::uci_id`] (1,968 strings).
pub const UCI_VOCABULARY: Vocabulary = Vocabulary::Uci;

/// The costly facts of a ply, which a [`PlyRecorder`] computes only when asked: a set, combined
/// with `|`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Facts(u8);

impl Facts {
    /// No costly fact: the move's own facts only.
    pub const NONE: Facts = Facts(0);
    /// [`PlyRecord::san_id`] (the first asks build the SAN vocabulary's index, once a process).
    pub const SAN_ID: Facts = Facts(1);
    /// [`PlyRecord::uci_id`].
    pub const UCI_ID: Facts = Facts(1 << 1);
    /// [`PlyRecord::position_key`], the Polyglot key.
    pub const POSITION_KEY: Facts = Facts(1 << 2);
    /// [`PlyRecord::repetition`].
    pub const REPETITION: Facts = Facts(1 << 3);
    /// [`PlyRecorder::opening`] (the Polyglot key too: the search looks positions up by it).
    pub const OPENING: Facts = Facts(1 << 4);
    /// [`PlyRecord::en_passant`] (a legal en-passant capture is looked for after each double
    /// push).
    pub const EN_PASSANT: Facts = Facts(1 << 5);
    /// Every fact.
    pub const ALL: Facts = Facts(0x3f);

    /// Both sets' facts.
    pub const fn union(self, other: Facts) -> Facts {
        Facts(self.0 | other.0)
    }

    /// Whether every fact of `other` is in this set.
    pub const fn contains(self, other: Facts) -> bool {
        self.0 & other.0 == other.0
    }
}

impl std::ops::BitOr for Facts {
    type Output = Facts;
    fn bitor(self, other: Facts) -> Facts {
        self.union(other)
    }
}

impl std::ops::BitOrAssign for Facts {
    fn bitor_assign(&mut self, other: Facts) {
        *self = self.union(other);
    }
}

/// The facts of one mainline move of a game. The fields of the costly [`Facts`] hold their
/// default (`None`, 0) unless the recorder was asked for them.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlyRecord {
    /// 1 for the game's first move.
    pub ply: u32,
    /// The fullmove number of the position before the move.
    pub move_number: u32,
    /// The side that moved.
    pub side: Color,
    /// The move in SAN with its check or mate suffix, as the standard writes it.
    pub san: SanPlus,
    /// The token id of [`san`](Self::san) in [`SAN_VOCABULARY`] ([`Facts::SAN_ID`]); `None`
    /// when not asked for, or for a string the vocabulary lacks, which its proof says no legal
    /// move has.
    pub san_id: Option<u16>,
    /// The move in UCI (standard castling as the king's move, Chess960's as king takes rook).
    pub uci: UciMove,
    /// The token id of [`uci`](Self::uci) in [`UCI_VOCABULARY`] ([`Facts::UCI_ID`]; `None` as
    /// for `san_id`).
    pub uci_id: Option<u16>,
    /// Where the moving piece stood.
    pub from: Square,
    /// Where it went (the king's destination for castling).
    pub to: Square,
    /// The moving piece.
    pub piece: PieceCode,
    /// The piece captured.
    pub captured: Option<PieceCode>,
    /// The piece promoted to.
    pub promotion: Option<PieceCode>,
    /// The kind of move.
    pub move_type: MoveType,
    /// Whether the move gives check (mate included).
    pub check: bool,
    /// Whether the move mates.
    pub mate: bool,
    /// `[%clk]` after the move.
    pub clock: Option<ClockTime>,
    /// `[%emt]` of the move.
    pub emt: Option<ClockTime>,
    /// `[%eval]` after the move (centipawns or mate, White's point of view).
    pub eval: Option<EvalScore>,
    /// The Polyglot key of the position after the move ([`Facts::POSITION_KEY`]; 0 when not
    /// asked for).
    pub position_key: u64,
    /// The halfmove clock after the move.
    pub halfmove_clock: u32,
    /// How often the position after the move has occurred, this time included
    /// ([`Repetitions`]; [`Facts::REPETITION`], 0 when not asked for).
    pub repetition: u32,
    /// The castling rights after the move ([`CastlingRights`]).
    pub castling: CastlingRights,
    /// The file of the pawn that can be taken en passant after the move: `None` when no
    /// en-passant capture is legal ([`Facts::EN_PASSANT`]; `None` when not asked for).
    pub en_passant: Option<File>,
}

/// The castling rights of a position as four bits: White's short castling 1, White's long 2,
/// Black's short 4, Black's long 8 (Chess960's too: short is towards the h-file). As text the
/// FEN field in that order, `KQkq`, `-` for none ([`name`](Self::name)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CastlingRights(pub u8);

impl CastlingRights {
    /// The FEN-like names of the sixteen values, in the order of their bits: `-`, `K`, `Q`,
    /// `KQ`, `k`, ...
    pub const NAMES: [&'static str; 16] = [
        "-", "K", "Q", "KQ", "k", "Kk", "Qk", "KQk", "q", "Kq", "Qq", "KQq", "kq", "Kkq", "Qkq",
        "KQkq",
    ];

    /// The rights of `pos`.
    pub fn of(pos: &Position) -> CastlingRights {
        let mut bits = 0;
        for (color, shift) in [(Color::White, 0), (Color::Black, 2)] {
            let rights = pos.castle_rights(color);
            bits |=
                (u8::from(rights.short.is_some()) | u8::from(rights.long.is_some()) << 1) << shift;
        }
        CastlingRights(bits)
    }

    /// As text: `KQkq`, `Kq`, `-`.
    pub fn name(self) -> &'static str {
        CastlingRights::NAMES[usize::from(self.0 & 15)]
    }
}

impl PlyRecord {
    /// A record of nothing (`ply` 0, a null move's SAN), which
    /// [`PlyRecorder::record_into`] overwrites whole: room for a record made in place.
    pub const BLANK: PlyRecord = PlyRecord {
        ply: 0,
        move_number: 0,
        side: Color::White,
        san: SanPlus {
            san: scoresheet::san::San::Null,
            suffix: None,
            annotation: None,
        },
        san_id: None,
        uci: UciMove::Null,
        uci_id: None,
        from: Square::A1,
        to: Square::A1,
        piece: PieceCode::Pawn,
        captured: None,
        promotion: None,
        move_type: MoveType::Move,
        check: false,
        mate: false,
        clock: None,
        emt: None,
        eval: None,
        position_key: 0,
        halfmove_clock: 0,
        repetition: 0,
        castling: CastlingRights(0),
        en_passant: None,
    };

    /// [`san`](Self::san) as text: the vocabulary's string, without allocating.
    pub fn san(&self) -> &'static str {
        self.san_id
            .and_then(|id| SAN_VOCABULARY.token_str(u32::from(id)))
            .unwrap_or_default()
    }

    /// [`uci`](Self::uci) as text (see [`san`](Self::san)).
    pub fn uci(&self) -> &'static str {
        self.uci_id
            .and_then(|id| UCI_VOCABULARY.token_str(u32::from(id)))
            .unwrap_or_default()
    }

    /// Appends the move in LRAN ([`codes::write_lran`]): `Ng1-f3`, `Bb5xNc6`, `e5xd6`.
    pub fn write_lran(&self, out: &mut Vec<u8>) {
        let codes = Codes {
            piece: self.piece,
            captured: self.captured,
            promotion: self.promotion,
        };
        codes::write_lran(out, &self.san.san, (self.from, self.to), codes);
    }

    /// Takes the clock, elapsed time and evaluation of a move's comments from `meta` (for a
    /// caller that keeps the comments' whole meta itself; [`PlyRecorder::annotate`] does the
    /// same from the comment's text).
    pub fn set_commands(&mut self, meta: &MoveMeta) {
        self.clock = meta.clock;
        self.emt = meta.emt;
        self.eval = meta.eval.map(|e| e.score);
    }
}

/// Computes the [`PlyRecord`] of each mainline move of a game: call
/// [`start`](Self::start) with the start position, then [`record`](Self::record) for each
/// move and [`annotate`](Self::annotate) for each comment after it. It also classifies the
/// game's opening ([`opening`](Self::opening), as [`Classifier`](crate::select::Classifier)
/// does, from the Polyglot key it computes anyway: one table lookup per ply in the first
/// [`SEARCH_PLIES`](crate::select::openings::SEARCH_PLIES)), with the shipped table unless
/// given another ([`with_openings`](Self::with_openings)).
#[derive(Debug)]
pub struct PlyRecorder {
    /// The costly facts asked for.
    facts: Facts,
    repetitions: Repetitions,
    /// The Polyglot key of the position reached, updated move by move.
    key: u64,
    plies: u32,
    /// The comments' commands of the last move (one value reused move after move).
    meta: MoveMeta,
    /// The openings table (`None`: the shipped one) and the search for this game's opening.
    openings: Option<&'static OpeningTable>,
    search: Search,
}

/// The table of [`PlyRecorder::openings`].
fn table_of(openings: Option<&'static OpeningTable>) -> &'static OpeningTable {
    openings.unwrap_or(OpeningTable::shipped())
}

impl Default for PlyRecorder {
    /// A recorder of every fact, classifying openings with the shipped table.
    fn default() -> PlyRecorder {
        PlyRecorder::new(Facts::ALL, None)
    }
}

impl PlyRecorder {
    /// A recorder of the move's own facts and of `facts`, classifying openings (when
    /// [`Facts::OPENING`] is asked for) with `table` (`None`: the shipped one); a table read
    /// at run time is made `'static` by [`OpeningTable::leak`].
    pub fn new(facts: Facts, table: Option<&'static OpeningTable>) -> PlyRecorder {
        PlyRecorder {
            facts,
            repetitions: Repetitions::default(),
            key: 0,
            plies: 0,
            meta: MoveMeta::default(),
            openings: table,
            search: Search::default(),
        }
    }

    /// A recorder of every fact classifying openings with `table` ([`new`](Self::new)).
    pub fn with_openings(table: Option<&'static OpeningTable>) -> PlyRecorder {
        PlyRecorder::new(Facts::ALL, table)
    }

    /// The costly facts this recorder computes.
    pub fn facts(&self) -> Facts {
        self.facts
    }

    /// Whether the Polyglot key is kept up to date (asked for, or for the opening search).
    fn keys(&self) -> bool {
        self.facts.contains(Facts::POSITION_KEY) || self.facts.contains(Facts::OPENING)
    }

    /// A game starts from `start`.
    pub fn start(&mut self, start: &Position) {
        self.repetitions.clear();
        if self.facts.contains(Facts::REPETITION) {
            self.repetitions.push(start);
        }
        self.key = match self.keys() {
            true => start.polyglot_key(),
            false => 0,
        };
        self.plies = 0;
        self.meta.clear();
        if self.facts.contains(Facts::OPENING) {
            self.search = Search::start(table_of(self.openings), start, self.key);
        }
    }

    /// The game's opening so far: the last named position reached in its first
    /// [`SEARCH_PLIES`](crate::select::openings::SEARCH_PLIES) plies (the rule of
    /// [`select::openings`](crate::select::openings)); `None` unless [`Facts::OPENING`] was
    /// asked for.
    pub fn opening(&self) -> Option<Opening<'_>> {
        match self.facts.contains(Facts::OPENING) {
            true => self.search.opening(table_of(self.openings)),
            false => None,
        }
    }

    /// The record of a mainline move played from the position the last one reached (the start
    /// for the first); `None` for a null move.
    pub fn record(&mut self, ply: &Ply<'_>) -> Option<PlyRecord> {
        let mut record = PlyRecord::BLANK;
        self.record_into(ply, &mut record).then_some(record)
    }

    /// [`record`](Self::record) written into `out` (every field), for a caller that keeps its
    /// records in place (a table's rows): no copy of the record is made. False, leaving `out`
    /// as it was, for a null move.
    pub fn record_into(&mut self, ply: &Ply<'_>, out: &mut PlyRecord) -> bool {
        let Some(mv) = ply.mv else {
            return false;
        };
        let (before, after) = (ply.before, ply.after);
        let suffix = suffix_after(after);
        let facts = self.facts;
        if self.keys() {
            self.key = before.polyglot_key_after(self.key, mv, after);
        }
        if facts.contains(Facts::OPENING) {
            self.search.ply(table_of(self.openings), after, self.key);
        }
        self.plies = self.plies.saturating_add(1);
        self.meta.clear();
        let codes = Codes::of(mv);
        out.ply = self.plies;
        out.move_number = before.fullmove_number();
        out.side = before.turn();
        out.san = SanPlus {
            san: ply.san,
            suffix,
            annotation: None,
        };
        out.san_id = match facts.contains(Facts::SAN_ID) {
            true => san_id(&out.san),
            false => None,
        };
        out.uci = UciMove::from_move(before, mv);
        out.uci_id = match facts.contains(Facts::UCI_ID) {
            true => uci_id(out.uci),
            false => None,
        };
        (out.from, out.to) = (mv.from(), mv.to());
        (out.piece, out.captured, out.promotion) = (codes.piece, codes.captured, codes.promotion);
        out.move_type = MoveType::of(mv);
        (out.check, out.mate) = (suffix.is_some(), suffix == Some(Suffix::Checkmate));
        (out.clock, out.emt, out.eval) = (None, None, None);
        out.position_key = match facts.contains(Facts::POSITION_KEY) {
            true => self.key,
            false => 0,
        };
        out.halfmove_clock = after.halfmove_clock();
        out.repetition = match facts.contains(Facts::REPETITION) {
            true => self.repetitions.push(after),
            false => 0,
        };
        out.castling = CastlingRights::of(after);
        out.en_passant = match facts.contains(Facts::EN_PASSANT) {
            true => after.ep_square_legal().map(Square::file),
            false => None,
        };
        true
    }

    /// A comment after the move of `record`: its clock, elapsed time and evaluation go into the
    /// record (the last of each wins, as [`MoveMeta::add_comment`] reads them); the malformed
    /// or repeated commands are returned.
    pub fn annotate(&mut self, record: &mut PlyRecord, comment: &[u8]) -> Vec<CommentIssue> {
        let issues = self.meta.add_comment(comment);
        record.clock = self.meta.clock;
        record.emt = self.meta.emt;
        record.eval = self.meta.eval.map(|e| e.score);
        issues
    }
}

fn san_id(san: &SanPlus) -> Option<u16> {
    u16::try_from(Vocabulary::san_move_id(san)?).ok()
}

fn uci_id(uci: UciMove) -> Option<u16> {
    u16::try_from(Vocabulary::uci_move_id(uci)?).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::replay::{ReplaySink, Replayer};
    use crate::Reader;

    /// The records of a game's mainline.
    #[derive(Default)]
    struct Records(PlyRecorder, Vec<PlyRecord>);

    impl ReplaySink for Records {
        type Game = Vec<PlyRecord>;
        fn start(&mut self, start: &Position) {
            self.0.start(start);
        }
        fn ply(&mut self, ply: &Ply<'_>) {
            self.1.extend(self.0.record(ply));
        }
        fn end_game(&mut self) -> Vec<PlyRecord> {
            std::mem::take(&mut self.1)
        }
    }

    /// The records of `pgn`'s first game (read and legal), and the recorder that made them
    /// (it holds the game's opening).
    fn records(pgn: &str) -> (Vec<PlyRecord>, PlyRecorder) {
        let mut replayer = Replayer::new(Records::default());
        let game = Reader::new(pgn.as_bytes())
            .read_game(&mut replayer)
            .expect("reads")
            .expect("a game")
            .expect("legal");
        (game, replayer.into_sink().0)
    }

    fn lrans(pgn: &str) -> Vec<String> {
        let (game, _) = records(pgn);
        let lran = |r: &PlyRecord| {
            let mut out = Vec::new();
            r.write_lran(&mut out);
            String::from_utf8(out).expect("ASCII")
        };
        game.iter().map(lran).collect()
    }

    /// The recorder names a game's opening as the classifier does.
    #[test]
    fn ok_recorder_opening_is_the_classifier_s() {
        let games = [
            "1. Nf3 c5 2. e4 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 *",
            "1. d4 c5 2. d5 d6 3. e4 e5 *",
            "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. Nbd2 Bb7 12. Bc2 Re8 13. Nf1 Bf8 14. Ng3 g6 15. a4 c5 16. d5 c4 17. Be3 Nc5 18. Qd2 h6 19. Nh2 Kh7 20. f4 exf4 21. Bxf4 Nfd7 *",
            "1. a3 *",
            "*",
        ];
        for pgn in games {
            let (game, recorder) = records(pgn);
            let mut classifier = crate::select::Classifier::new(&Position::new());
            let mut pos = Position::new();
            for record in &game {
                let before = pos.clone();
                let mv = record.uci.to_move(&pos).expect("legal");
                pos.play(mv).expect("legal");
                classifier.ply(&before, mv, &pos);
            }
            assert_eq!(recorder.opening(), classifier.opening(), "{pgn}");
        }
    }

    #[test]
    fn ok_lran() {
        let cases: [(&str, &[&str]); 3] = [
            (
                "1. e4 d5 2. exd5 Qxd5 3. Nc3 Qxg2 4. Bxg2 e5 5. Nf3 e4 6. O-O *",
                &[
                    "e2-e4", "d7-d5", "e4xd5", "Qd8xd5", "Nb1-c3", "Qd5xg2", "Bf1xQg2", "e7-e5",
                    "Ng1-f3", "e5-e4", "O-O",
                ],
            ),
            (
                "[FEN \"4k3/1P6/8/3pP3/8/8/8/4K3 w - d6 0 1\"]\n\n1. exd6 Kd7 2. b8=N+ Kxd6 *",
                &["e5xd6", "Ke8-d7", "b7-b8=N", "Kd7xd6"],
            ),
            (
                "[FEN \"r3k3/1P6/8/8/8/8/8/4K3 w q - 0 1\"]\n\n1. bxa8=Q+ Ke7 *",
                &["b7xRa8=Q", "Ke8-e7"],
            ),
        ];
        for (pgn, want) in cases {
            assert_eq!(lrans(pgn), want, "{pgn}");
        }
    }
}
