//! [`Replayer`]: the one [`Visitor`] that turns tokens into moves, for any [`ReplaySink`].

use std::ops::ControlFlow;

use scoresheet::san::San;
use scoresheet::{EnPassantMode, Move, Position};

use super::{read_token_in, GameError, GameErrorKind, ReplayOptions, StartTags, TokenMove};
use crate::annotation::CommentIssue;
use crate::{Location, Oddity, OddityKind, Outcome, RawComment, RawTag, RawToken, Skip, Visitor};

/// A move as replayed: the positions around it, the move, and the token it was read from.
#[derive(Debug, Clone, Copy)]
pub struct Ply<'a> {
    /// The position before the move.
    pub before: &'a Position,
    /// The position after the move.
    pub after: &'a Position,
    /// The move; `None` for a null move (which only sinks that accept them see).
    pub mv: Option<Move>,
    /// The move's SAN as the standard writes it, without check suffix ([`San::Null`] for a
    /// null move).
    pub san: San,
    /// The token as written, and where it is.
    pub token: RawToken<'a>,
    /// 0 on the mainline, 1 in a variation, 2 in a variation of a variation, ...
    pub depth: u32,
}

/// What becomes of replayed games: EGD records, JSON, PGN in another notation, token ids,
/// owned [`Game`](super::Game)s. A [`Replayer`] calls it, in file order, for one game at a
/// time; every callback but [`ply`](ReplaySink::ply) and [`end_game`](ReplaySink::end_game)
/// has a default that ignores it.
pub trait ReplaySink {
    /// What a replayed game becomes.
    type Game;

    /// A game starts at `at`.
    fn begin_game(&mut self, _at: Location) {}

    /// A tag pair, in file order (the `FEN` and `Variant` tags too).
    fn tag(&mut self, _name: &[u8], _value: RawTag<'_>) {}

    /// The movetext starts, from `start` (the position the tags give).
    fn start(&mut self, _start: &Position) {}

    /// Whether variations are replayed and handed over (`true`), or skipped unread (the
    /// default). Either way only the mainline decides whether a game is accepted: an illegal
    /// move in a variation drops the rest of that variation, reported as
    /// [`OddityKind::IllegalMoveInVariation`](crate::OddityKind::IllegalMoveInVariation).
    fn replays_variations(&self) -> bool {
        false
    }

    /// A move was played, on the mainline or in a variation ([`Ply::depth`]).
    fn ply(&mut self, ply: &Ply<'_>);

    /// A null move was played (the side to move passed). The default refuses it: return
    /// `Err(output)`, naming the output format, to reject the game.
    ///
    /// # Errors
    ///
    /// The output's name, when it cannot hold null moves.
    fn null_move(&mut self, _ply: &Ply<'_>) -> Result<(), &'static str> {
        Err("this output")
    }

    /// A NAG after the last move (`token` is the glyph or `$n` as written).
    fn nag(&mut self, _nag: u16, _token: RawToken<'_>) {}

    /// A comment. A sink that reads the commands in comments (`[%clk 0:01:00]`, see
    /// [`annotation`](crate::annotation)) returns the malformed ones, which the replayer
    /// reports as oddities ([`OddityKind::MalformedCommand`]); the default reads none.
    fn comment(&mut self, _comment: RawComment<'_>) -> Vec<CommentIssue> {
        Vec::new()
    }

    /// A variation starts: it replaces the last move of the current line.
    fn begin_variation(&mut self) {}

    /// The variation ends; the line it left goes on.
    fn end_variation(&mut self) {}

    /// The result marker (`None` for `*`).
    fn outcome(&mut self, _outcome: Option<Outcome>) {}

    /// Something the reader found odd or skipped; also between games.
    fn oddity(&mut self, _oddity: Oddity<'_>) {}

    /// The game was replayed to its end.
    fn end_game(&mut self) -> Self::Game;

    /// The game was rejected after [`begin_game`](ReplaySink::begin_game): drop what was built.
    fn abandon(&mut self) {}
}

/// The replay state of one line (the mainline or a variation).
#[derive(Debug, Clone)]
struct Line {
    /// The position after the last move.
    pos: Position,
    /// The position before it: where a variation of it starts. `None` before the first move.
    before: Option<Position>,
    /// Whether the last move was an en-passant capture (a separate `e.p.` may follow).
    en_passant: bool,
}

/// The one [`Visitor`] that replays games: it reads the start position from the tags, each
/// move token as SAN, UCI or LAN, null moves, and variations (with an explicit stack), and
/// hands the result to a [`ReplaySink`]. See the [module docs](super).
///
/// Its output is `Ok(game)` from the sink, or the [`GameError`] that rejected the game (the
/// reader has then skipped the rest of it).
#[derive(Debug)]
pub struct Replayer<S> {
    sink: S,
    options: ReplayOptions,
    tags: StartTags,
    line: Line,
    stack: Vec<Line>,
    depth: u32,
    /// The depth of a variation whose rest is dropped after an illegal move in it.
    dropping: Option<u32>,
}

type Output<S> = Result<<S as ReplaySink>::Game, GameError>;

impl<S: ReplaySink> Replayer<S> {
    /// A replayer feeding `sink`, with the default options.
    pub fn new(sink: S) -> Replayer<S> {
        Replayer::with_options(sink, ReplayOptions::new())
    }

    /// A replayer feeding `sink`, reading move tokens as `options` say.
    pub fn with_options(sink: S, options: ReplayOptions) -> Replayer<S> {
        Replayer {
            sink,
            options,
            tags: StartTags::new(),
            line: Line {
                pos: Position::new(),
                before: None,
                en_passant: false,
            },
            stack: Vec::new(),
            depth: 0,
            dropping: None,
        }
    }

    /// The sink.
    pub fn sink(&self) -> &S {
        &self.sink
    }

    /// The sink, mutably.
    pub fn sink_mut(&mut self) -> &mut S {
        &mut self.sink
    }

    /// The sink, giving up the replayer.
    pub fn into_sink(self) -> S {
        self.sink
    }

    fn reject<T>(&mut self, error: GameError) -> ControlFlow<Output<S>, T> {
        self.sink.abandon();
        ControlFlow::Break(Err(error))
    }

    /// Plays a move token in the current line.
    fn play(&mut self, token: RawToken<'_>) -> Result<(), GameError> {
        let fail = |kind| GameError::new(kind, token.location(), &token.decode());
        let lang = self.options.movetext_lang();
        let read = read_token_in(&self.line.pos, token.as_bytes(), lang).map_err(fail)?;
        if token.as_bytes().starts_with(b"o-o") {
            // Lenient repair: `o-o` read as `O-O` (the SAN reader's rule), said here.
            let kind = OddityKind::LowercaseCastling;
            self.sink.oddity(Oddity { kind, token });
        }
        let before = self.line.before.get_or_insert_with(Position::new);
        before.clone_from(&self.line.pos);
        let (mv, san) = match read {
            TokenMove::Move { mv, san } => {
                self.line.pos.play_unchecked(mv);
                (Some(mv), san)
            }
            TokenMove::Null => {
                if !self.line.pos.play_null() {
                    let fen = self.line.pos.fen(EnPassantMode::Always);
                    return Err(fail(GameErrorKind::NullMoveInCheck { fen }));
                }
                (None, San::Null)
            }
        };
        self.line.en_passant = mv.is_some_and(Move::is_en_passant);
        let ply = Ply {
            before,
            after: &self.line.pos,
            mv,
            san,
            token,
            depth: self.depth,
        };
        match mv {
            Some(_) => self.sink.ply(&ply),
            None => {
                if let Err(output) = self.sink.null_move(&ply) {
                    return Err(fail(GameErrorKind::NullMove { output }));
                }
            }
        }
        Ok(())
    }
}

/// Whether a token is an en-passant marker written apart from its capture (`exd6 e.p.`).
fn is_en_passant_marker(token: &[u8]) -> bool {
    matches!(token, b"e.p." | b"e.p" | b"ep")
}

impl<S: ReplaySink> Visitor for Replayer<S> {
    type Tags = ();
    type Movetext = ();
    type Output = Output<S>;

    fn begin_game(&mut self, at: Location) -> ControlFlow<Self::Output> {
        self.tags.clear();
        self.stack.clear();
        self.depth = 0;
        self.dropping = None;
        self.sink.begin_game(at);
        ControlFlow::Continue(())
    }

    fn tag(&mut self, _: &mut (), name: &[u8], value: RawTag<'_>) -> ControlFlow<Self::Output> {
        self.tags.note(name, &value);
        self.sink.tag(name, value);
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _: (), at: Location) -> ControlFlow<Self::Output> {
        match self.tags.start_position_repaired() {
            Ok((pos, repairs)) => {
                for repair in repairs {
                    // What was changed, as the token of the oddity.
                    let text = repair.to_string();
                    let token = RawToken {
                        bytes: text.as_bytes(),
                        position: self.tags.fen_location().unwrap_or(at),
                    };
                    let kind = OddityKind::RepairedFenTag;
                    self.sink.oddity(Oddity { kind, token });
                }
                if let Some(position) = self.tags.set_up_without_fen() {
                    let token = RawToken {
                        bytes: b"",
                        position,
                    };
                    let kind = OddityKind::SetUpWithoutFen;
                    self.sink.oddity(Oddity { kind, token });
                }
                self.sink.start(&pos);
                self.line = Line {
                    pos,
                    before: None,
                    en_passant: false,
                };
                ControlFlow::Continue(())
            }
            Err(error) => self.reject(error),
        }
    }

    fn san(&mut self, _: &mut (), san: RawToken<'_>) -> ControlFlow<Self::Output> {
        if self.line.en_passant && is_en_passant_marker(san.as_bytes()) {
            // Annotates the capture just played; nothing to replay.
            self.line.en_passant = false;
            return ControlFlow::Continue(());
        }
        if self.dropping.is_some() {
            return ControlFlow::Continue(());
        }
        match self.play(san) {
            Ok(()) => ControlFlow::Continue(()),
            Err(_) if self.depth > 0 => {
                // Lenient repair: the rest of this variation goes, the game stays.
                self.dropping = Some(self.depth);
                let oddity = Oddity {
                    kind: OddityKind::IllegalMoveInVariation,
                    token: san,
                };
                self.sink.oddity(oddity);
                ControlFlow::Continue(())
            }
            Err(error) => self.reject(error),
        }
    }

    fn nag(&mut self, _: &mut (), nag: u16, token: RawToken<'_>) -> ControlFlow<Self::Output> {
        if self.dropping.is_none() {
            self.sink.nag(nag, token);
        }
        ControlFlow::Continue(())
    }

    fn comment(&mut self, _: &mut (), comment: RawComment<'_>) -> ControlFlow<Self::Output> {
        if self.dropping.is_some() {
            return ControlFlow::Continue(());
        }
        for issue in self.sink.comment(comment) {
            let bytes = comment.as_bytes();
            let token = RawToken {
                bytes: bytes.get(issue.span()).unwrap_or(bytes),
                position: comment.location(),
            };
            let kind = OddityKind::MalformedCommand;
            self.sink.oddity(Oddity { kind, token });
        }
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, _: &mut (), _at: Location) -> ControlFlow<Self::Output, Skip> {
        if !self.sink.replays_variations() || self.dropping.is_some() {
            return ControlFlow::Continue(Skip(true));
        }
        let Some(start) = self.line.before.clone() else {
            // No move to vary (the reader drops such variations; kept for safety): skip it.
            return ControlFlow::Continue(Skip(true));
        };
        let line = Line {
            pos: start,
            before: None,
            en_passant: false,
        };
        self.stack.push(std::mem::replace(&mut self.line, line));
        self.depth += 1;
        self.sink.begin_variation();
        ControlFlow::Continue(Skip(false))
    }

    fn end_variation(&mut self, _: &mut (), _at: Location) -> ControlFlow<Self::Output> {
        if let Some(line) = self.stack.pop() {
            if self.dropping == Some(self.depth) {
                self.dropping = None;
            }
            self.line = line;
            self.depth -= 1;
            self.sink.end_variation();
        }
        ControlFlow::Continue(())
    }

    fn outcome(
        &mut self,
        _: &mut (),
        outcome: Option<Outcome>,
        _at: Location,
    ) -> ControlFlow<Self::Output> {
        self.sink.outcome(outcome);
        ControlFlow::Continue(())
    }

    fn oddity(&mut self, oddity: Oddity<'_>) {
        self.sink.oddity(oddity);
    }

    fn end_game(&mut self, _: ()) -> Self::Output {
        Ok(self.sink.end_game())
    }
}
