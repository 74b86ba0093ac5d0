//! The conversion: a [`Visitor`] that plays the mainline and hands each ply to a sink, which
//! builds Rust values ([`EgdVisitor`]) or writes JSON ([`JsonVisitor`](super::JsonVisitor)).

use std::ops::ControlFlow;

use scoresheet::san::{suffix_after, San, SanPlus, Suffix};
use scoresheet::{EnPassantMode, FenWriter, Move, Position};

use super::{
    DenormalizedGame, EgdOptions, EgdPly, ExtendedFeatures, Features, GameTags, MoveMeta,
    MoveRecord, MoveType, PieceCode, PlyKey, PositionRecord, Repetitions,
};
use crate::annotation::CommentIssue;
use crate::codes::{write_lran, Codes};
use crate::replay::{Ply, ReplaySink, Replayer};
use crate::Noted;
use crate::{Location, Outcome, RawComment, RawTag, RawToken};

/// Everything known about one ply, except the FENs.
#[derive(Debug, Clone, Copy)]
pub(crate) struct PlyFacts {
    pub key: PlyKey,
    pub mv: Move,
    pub san: SanPlus,
    pub piece: PieceCode,
    pub captured: Option<PieceCode>,
    pub promotion: Option<PieceCode>,
    pub move_type: MoveType,
    pub start: Features,
    pub end: Features,
}

impl PlyFacts {
    fn new(pos: &Position, mv: Move, san: San, start: Features) -> PlyFacts {
        let codes = Codes::of(mv);
        PlyFacts {
            key: PlyKey {
                fullmove: pos.fullmove_number(),
                player: pos.turn(),
            },
            mv,
            san: SanPlus {
                san,
                suffix: None,
                annotation: None,
            },
            piece: codes.piece,
            captured: codes.captured,
            promotion: codes.promotion,
            move_type: MoveType::of(mv),
            start,
            end: Features::default(),
        }
    }

    /// Appends the LRAN (see [`MoveRecord::lran`]).
    pub fn write_lran(&self, out: &mut Vec<u8>) {
        let codes = Codes {
            piece: self.piece,
            captured: self.captured,
            promotion: self.promotion,
        };
        write_lran(out, &self.san.san, (self.mv.from(), self.mv.to()), codes);
    }
}

/// A ply as handed to a sink.
#[derive(Debug)]
pub(crate) struct EgdPlyView<'a> {
    pub facts: &'a PlyFacts,
    pub start_fen: &'a [u8],
    pub end_fen: &'a [u8],
    pub meta: Option<&'a MoveMeta>,
}

/// Where converted plies go.
pub(crate) trait Sink {
    /// What a converted game is.
    type Game;
    /// A new game starts.
    fn begin(&mut self);
    /// The tags are read and the movetext starts; `result` is the `Result` tag's value when it
    /// decides the game's result (`1-0`, `0-1`, `1/2-1/2`).
    fn header(&mut self, _tags: &[(String, String)], _result: Option<&str>) {}
    /// One ply, in game order.
    fn ply(&mut self, ply: &EgdPlyView<'_>);
    /// The game is over: `tags` without `Result`, in file order.
    fn finish(&mut self, tags: &[(String, String)], result: &str, plies: u32) -> Self::Game;
}

/// The per-game conversion state, shared by both visitors: a [`ReplaySink`] that computes
/// the features and FENs of each mainline ply and hands them to a [`Sink`].
#[derive(Debug)]
pub(crate) struct Converter<S> {
    options: EgdOptions,
    pub(crate) sink: S,
    /// `fens[cur]` is the FEN of the position after the last ply; the other one that of the
    /// position before it.
    fens: [Vec<u8>; 2],
    cur: usize,
    fen_writer: FenWriter,
    features: Features,
    pending: Option<PlyFacts>,
    meta: MoveMeta,
    /// Repetition keys since the last capture or pawn move (extended features only).
    repetitions: Repetitions,
    tags: GameTags,
    marker: Option<&'static str>,
    plies: u32,
}

impl<S: Sink> Converter<S> {
    pub(crate) fn new(options: EgdOptions, sink: S) -> Converter<S> {
        Converter {
            options,
            sink,
            fens: [Vec::with_capacity(96), Vec::with_capacity(96)],
            cur: 0,
            fen_writer: FenWriter::new(),
            features: Features::default(),
            pending: None,
            meta: MoveMeta::default(),
            repetitions: Repetitions::default(),
            tags: GameTags::default(),
            marker: None,
            plies: 0,
        }
    }

    /// Hands the last ply to the sink, with the annotations that followed it.
    fn flush(&mut self) {
        let Some(facts) = self.pending.take() else {
            return;
        };
        let ply = EgdPlyView {
            facts: &facts,
            start_fen: &self.fens[self.cur ^ 1],
            end_fen: &self.fens[self.cur],
            meta: self.options.extended.then_some(&self.meta),
        };
        self.sink.ply(&ply);
        if self.options.extended {
            self.meta.clear();
        }
    }

    fn compute_features(&mut self, pos: &Position) -> Features {
        let suffix = suffix_after(pos);
        let (check, checkmate) = (suffix.is_some(), suffix == Some(Suffix::Checkmate));
        let extended = match self.options.extended {
            true => Some(self.extended_features(pos, check, checkmate)),
            false => None,
        };
        Features {
            check,
            checkmate,
            extended,
        }
    }

    fn extended_features(
        &mut self,
        pos: &Position,
        check: bool,
        checkmate: bool,
    ) -> ExtendedFeatures {
        let repetition = self.repetitions.push(pos);
        ExtendedFeatures::after(pos, pos.halfmove_clock(), repetition, check, checkmate)
    }
}

fn suffix(features: &Features) -> Option<Suffix> {
    match (features.check, features.checkmate) {
        (_, true) => Some(Suffix::Checkmate),
        (true, false) => Some(Suffix::Check),
        _ => None,
    }
}

impl<S: Sink> ReplaySink for Converter<S> {
    type Game = S::Game;

    fn begin_game(&mut self, _at: Location) {
        self.pending = None;
        self.meta.clear();
        self.repetitions.clear();
        self.tags.clear();
        self.marker = None;
        self.plies = 0;
        self.sink.begin();
    }

    fn tag(&mut self, name: &[u8], value: RawTag<'_>) {
        self.tags.add(name, value);
    }

    fn start(&mut self, start: &Position) {
        self.cur = 0;
        self.fens[0].clear();
        self.fen_writer
            .write(start, EnPassantMode::Always, &mut self.fens[0]);
        self.features = self.compute_features(start);
        // A decided `Result` tag is the game's result whatever the marker (the one rule,
        // `replay::game_result`): the sink may write it before the movetext is read.
        let decided = self
            .tags
            .result_tag()
            .filter(|r| crate::replay::is_decided(r));
        self.sink.header(self.tags.others(), decided);
    }

    fn ply(&mut self, ply: &Ply<'_>) {
        let Some(mv) = ply.mv else {
            return;
        };
        self.flush();
        let start = match self.options.extended {
            true => self.features,
            false => Features::default(),
        };
        let mut facts = PlyFacts::new(ply.before, mv, ply.san, start);
        self.features = self.compute_features(ply.after);
        facts.end = self.features;
        facts.san.suffix = suffix(&self.features);
        self.cur ^= 1;
        let fen = &mut self.fens[self.cur];
        fen.clear();
        self.fen_writer.write(ply.after, EnPassantMode::Always, fen);
        self.pending = Some(facts);
        self.plies += 1;
    }

    /// EGD has no record for a null move: it rejects the game. (Variations, where null
    /// moves are common, are skipped unread: EGD records the mainline only.)
    fn null_move(&mut self, _ply: &Ply<'_>) -> Result<(), &'static str> {
        Err("EGD")
    }

    fn nag(&mut self, nag: u16, token: RawToken<'_>) {
        if self.options.extended && self.pending.is_some() {
            self.meta.nags.push(nag);
            if !token.as_bytes().starts_with(b"$") {
                self.meta.glyphs.push(token.decode().into_owned());
            }
        }
    }

    /// With extended features, a comment after a mainline move goes into its meta: the
    /// commands as typed values, the rest as text.
    fn comment(&mut self, comment: RawComment<'_>) -> Vec<CommentIssue> {
        if self.options.extended && self.pending.is_some() {
            return self.meta.add_comment(comment.as_bytes());
        }
        Vec::new()
    }

    fn outcome(&mut self, outcome: Option<Outcome>) {
        self.marker = Some(outcome.map_or("*", Outcome::as_str));
    }

    fn end_game(&mut self) -> S::Game {
        self.flush();
        let result = self.tags.result(self.marker);
        self.sink.finish(self.tags.others(), result, self.plies)
    }
}

/// Implements [`Visitor`] for a newtype around a [`Converter`] by delegation.
macro_rules! delegate_visitor {
    ($visitor:ty, $game:ty) => {
        impl $crate::Visitor for $visitor {
            type Tags = ();
            type Movetext = ();
            type Output = Result<$game, $crate::replay::GameError>;

            fn begin_game(&mut self, at: $crate::Location) -> ControlFlow<Self::Output> {
                self.inner.begin_game(at)
            }
            fn tag(
                &mut self,
                t: &mut (),
                name: &[u8],
                value: $crate::RawTag<'_>,
            ) -> ControlFlow<Self::Output> {
                self.inner.tag(t, name, value)
            }
            fn begin_movetext(&mut self, t: (), at: $crate::Location) -> ControlFlow<Self::Output> {
                self.inner.begin_movetext(t, at)
            }
            fn end_variation(
                &mut self,
                m: &mut (),
                at: $crate::Location,
            ) -> ControlFlow<Self::Output> {
                self.inner.end_variation(m, at)
            }
            fn oddity(&mut self, oddity: $crate::Oddity<'_>) {
                self.inner.oddity(oddity)
            }
            fn san(&mut self, m: &mut (), san: $crate::RawToken<'_>) -> ControlFlow<Self::Output> {
                self.inner.san(m, san)
            }
            fn nag(
                &mut self,
                m: &mut (),
                nag: u16,
                token: $crate::RawToken<'_>,
            ) -> ControlFlow<Self::Output> {
                self.inner.nag(m, nag, token)
            }
            fn comment(
                &mut self,
                m: &mut (),
                comment: $crate::RawComment<'_>,
            ) -> ControlFlow<Self::Output> {
                self.inner.comment(m, comment)
            }
            fn begin_variation(
                &mut self,
                m: &mut (),
                at: $crate::Location,
            ) -> ControlFlow<Self::Output, $crate::Skip> {
                self.inner.begin_variation(m, at)
            }
            fn outcome(
                &mut self,
                m: &mut (),
                outcome: Option<$crate::Outcome>,
                at: $crate::Location,
            ) -> ControlFlow<Self::Output> {
                self.inner.outcome(m, outcome, at)
            }
            fn end_game(&mut self, m: ()) -> Self::Output {
                self.inner.end_game(m)
            }
        }
    };
}
pub(crate) use delegate_visitor;

/// The oddities of a visitor whose replay sink is a [`Noted`] converter: the reader's and the
/// replay layer's own (a malformed comment command).
macro_rules! noted_oddities {
    ($visitor:ty) => {
        impl $visitor {
            /// The oddities met so far: the reader's and the replay layer's (a malformed
            /// `[%clk ...]` command with extended features).
            pub fn oddities(&self) -> &$crate::Oddities {
                self.inner.sink().oddities()
            }

            /// Whether to keep each oddity for [`take_kept`](Self::take_kept) (off by default).
            pub fn keep_oddities(&mut self, keep: bool) {
                self.inner.sink_mut().set_keep(keep);
            }

            /// The oddities kept since the last call: where, and what.
            pub fn take_kept(&mut self) -> Vec<($crate::Location, String)> {
                self.inner.sink_mut().take_kept()
            }
        }
    };
}
pub(crate) use noted_oddities;

/// Text the conversion wrote (ASCII: FEN, SAN, LRAN) as a `String`, without the cost of
/// `from_utf8_lossy` (a tenth of a load's reader thread); were it ever not UTF-8, the bad bytes
/// would be replaced, never dropped.
fn text(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(text) => text.to_owned(),
        Err(_) => String::from_utf8_lossy(bytes).into_owned(),
    }
}

/// [`text`] of bytes already owned: no copy.
fn owned_text(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// Builds [`DenormalizedGame`] values.
#[derive(Debug, Default)]
pub(crate) struct Records {
    moves: Vec<EgdPly>,
}

impl Sink for Records {
    type Game = DenormalizedGame;

    fn begin(&mut self) {
        self.moves.clear();
    }

    fn ply(&mut self, ply: &EgdPlyView<'_>) {
        let facts = ply.facts;
        let mut san = Vec::with_capacity(8);
        facts.san.write_to(&mut san);
        let mut lran = Vec::with_capacity(10);
        facts.write_lran(&mut lran);
        self.moves.push(EgdPly {
            key: facts.key,
            start_position: PositionRecord {
                // The previous ply's end FEN, when there is one: a copy, not checked again.
                fen: match self.moves.last() {
                    Some(last) if last.end_position.fen.as_bytes() == ply.start_fen => {
                        last.end_position.fen.clone()
                    }
                    _ => text(ply.start_fen),
                },
                features: facts.start,
            },
            mv: MoveRecord {
                player: facts.key.player,
                san: owned_text(san),
                lran: owned_text(lran),
                from_square: facts.mv.from(),
                to_square: facts.mv.to(),
                piece: facts.piece,
                move_type: facts.move_type,
                captured_piece: facts.captured,
                promotion: facts.promotion,
                meta: ply.meta.cloned(),
            },
            end_position: PositionRecord {
                fen: text(ply.end_fen),
                features: facts.end,
            },
        });
    }

    fn finish(&mut self, tags: &[(String, String)], result: &str, _plies: u32) -> DenormalizedGame {
        let mut game_tags = Vec::with_capacity(tags.len() + 1);
        game_tags.push(("Result".to_owned(), result.to_owned()));
        game_tags.extend_from_slice(tags);
        // The next game's vector starts at this one's length: growing it a ply at a time
        // copied every record several times (a twentieth of a load's reader thread).
        let next = Vec::with_capacity(self.moves.len());
        DenormalizedGame {
            game_tags,
            moves: std::mem::replace(&mut self.moves, next),
        }
    }
}

/// The EGD conversion as a [`ReplaySink`]: each replayed game becomes a
/// [`DenormalizedGame`]. [`EgdVisitor`] is a [`Replayer`] over it; a caller that needs more
/// than the record from the same replay (a database's extra columns, say) wraps it in a sink
/// of its own, which sees every [`Ply`](crate::replay::Ply) before handing it on, instead of
/// replaying the game a second time.
#[derive(Debug)]
pub struct EgdSink {
    inner: Converter<Records>,
}

impl EgdSink {
    /// A sink with the given options.
    pub fn new(options: EgdOptions) -> EgdSink {
        EgdSink {
            inner: Converter::new(options, Records::default()),
        }
    }
}

impl ReplaySink for EgdSink {
    type Game = DenormalizedGame;

    fn begin_game(&mut self, at: Location) {
        self.inner.begin_game(at);
    }

    fn tag(&mut self, name: &[u8], value: RawTag<'_>) {
        self.inner.tag(name, value);
    }

    fn start(&mut self, start: &Position) {
        self.inner.start(start);
    }

    fn ply(&mut self, ply: &Ply<'_>) {
        self.inner.ply(ply);
    }

    fn null_move(&mut self, ply: &Ply<'_>) -> Result<(), &'static str> {
        self.inner.null_move(ply)
    }

    fn nag(&mut self, nag: u16, token: RawToken<'_>) {
        self.inner.nag(nag, token);
    }

    fn comment(&mut self, comment: RawComment<'_>) -> Vec<CommentIssue> {
        self.inner.comment(comment)
    }

    fn outcome(&mut self, outcome: Option<Outcome>) {
        self.inner.outcome(outcome);
    }

    fn end_game(&mut self) -> DenormalizedGame {
        self.inner.end_game()
    }
}

/// A [`Visitor`](crate::Visitor) that converts each game into a [`DenormalizedGame`]; see the
/// [module docs](super).
///
/// Its output is `Ok(game)`, or `Err(GameError)` for a game that could not be converted (the
/// reader has skipped the rest of that game).
#[derive(Debug)]
pub struct EgdVisitor {
    inner: Replayer<Noted<EgdSink>>,
}

impl EgdVisitor {
    /// A visitor with the given options.
    pub fn new(options: EgdOptions) -> EgdVisitor {
        EgdVisitor {
            inner: Replayer::with_options(Noted::new(EgdSink::new(options)), options.replay),
        }
    }
}

delegate_visitor!(EgdVisitor, DenormalizedGame);
noted_oddities!(EgdVisitor);
