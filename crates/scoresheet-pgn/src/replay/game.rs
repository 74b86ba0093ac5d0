//! Owned replayed games: [`Game`], and [`ReplayedGames`], an iterator over a reader's games.

use std::io::Read;

use scoresheet::san::{suffix_after, SanPlus};
use scoresheet::{Move, Position};

use super::{GameError, Ply, ReplayOptions, ReplaySink, Replayer};
use crate::annotation::CommentIssue;
use crate::pump::{next_game, Convert, GameOutcome, Pull, Pulled, Tally};
use crate::{Location, Noted, Oddities, Oddity, Outcome, RawComment, RawTag, RawToken, Reader};

/// One mainline move of a [`Game`], with what was written after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GamePly {
    /// The move; `None` for a null move (`--`).
    pub mv: Option<Move>,
    /// Its SAN as the standard writes it, with `+` or `#`.
    pub san: SanPlus,
    /// The comments after the move, as written (commands like `[%clk ...]` included).
    pub comments: Vec<String>,
    /// The NAGs after the move (glyphs like `!?` as their NAG numbers).
    pub nags: Vec<u16>,
    /// Where the move token is.
    pub location: Location,
}

/// A replayed game: its tags, start position and mainline. Variations are skipped unread
/// (only the mainline decides whether a game is accepted, as in every output).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    /// The tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// The position the game starts from (from its `FEN` tag, else the standard one).
    pub start: Position,
    /// Comments before the first move.
    pub comments: Vec<String>,
    /// The mainline.
    pub plies: Vec<GamePly>,
    /// The result marker that ends the movetext: `Some(None)` for `*`, `None` if there was
    /// none.
    pub outcome: Option<Option<Outcome>>,
    /// Where the game starts.
    pub location: Location,
    /// How many oddities the reader reported in the game (see [`Oddity`]).
    pub oddities: u32,
}

impl Game {
    /// The value of the first tag called `name` (compared without case).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The result: see [`game_result`].
    pub fn result(&self) -> &str {
        game_result(self.tag("Result"), self.outcome)
    }
}

/// A game's result, the one rule of every output that gives it (EGD, the tables, the
/// database, tokens, [`Game`], the Python and JavaScript packages): the `Result` tag when it
/// holds a decided result (`1-0`, `0-1`, `1/2-1/2`), else the result marker that ended the
/// movetext when decided (`marker`: `Some(None)` for `*`), else `*`. So `[Result "?"]` or
/// `[Result "*"]` with movetext ending `1-0` is `1-0`, and a tag that disagrees with a
/// decided marker wins (the marker's disagreement is the reader's oddity).
pub fn game_result(tag: Option<&str>, marker: Option<Option<Outcome>>) -> &str {
    result_of(tag, marker.map(|m| m.map_or("*", Outcome::as_str)))
}

/// [`game_result`] with the marker as written (`"1-0"`, `"*"`).
pub fn result_of<'a>(tag: Option<&'a str>, marker: Option<&'a str>) -> &'a str {
    let decided = |result: &&str| is_decided(result);
    tag.filter(decided)
        .or(marker.filter(decided))
        .unwrap_or("*")
}

/// Whether a result is decided (`1-0`, `0-1`, `1/2-1/2`): a `Result` tag that is decides the
/// game's result whatever the marker ([`game_result`]).
pub fn is_decided(result: &str) -> bool {
    matches!(result, "1-0" | "0-1" | "1/2-1/2")
}

/// Builds [`Game`]s (the [`ReplaySink`] behind [`ReplayedGames`]).
#[derive(Debug)]
pub struct GameBuilder {
    game: Game,
}

impl GameBuilder {
    /// A builder with no game yet.
    pub fn new() -> GameBuilder {
        GameBuilder {
            game: Game {
                tags: Vec::new(),
                start: Position::new(),
                comments: Vec::new(),
                plies: Vec::new(),
                outcome: None,
                location: Location::default(),
                oddities: 0,
            },
        }
    }

    fn push(&mut self, ply: &Ply<'_>) {
        let after = ply.after;
        let suffix = suffix_after(after);
        self.game.plies.push(GamePly {
            mv: ply.mv,
            san: SanPlus {
                san: ply.san,
                suffix,
                annotation: None,
            },
            comments: Vec::new(),
            nags: Vec::new(),
            location: ply.token.location(),
        });
    }
}

impl Default for GameBuilder {
    fn default() -> GameBuilder {
        GameBuilder::new()
    }
}

impl ReplaySink for GameBuilder {
    type Game = Game;

    fn begin_game(&mut self, at: Location) {
        self.game = GameBuilder::new().game;
        self.game.location = at;
    }

    fn tag(&mut self, name: &[u8], value: RawTag<'_>) {
        let name = crate::decode::decode(name).into_owned();
        self.game.tags.push((name, value.decode().into_owned()));
    }

    fn start(&mut self, start: &Position) {
        self.game.start = start.clone();
    }

    fn ply(&mut self, ply: &Ply<'_>) {
        self.push(ply);
    }

    fn null_move(&mut self, ply: &Ply<'_>) -> Result<(), &'static str> {
        self.push(ply);
        Ok(())
    }

    fn nag(&mut self, nag: u16, _token: RawToken<'_>) {
        if let Some(ply) = self.game.plies.last_mut() {
            ply.nags.push(nag);
        }
    }

    fn comment(&mut self, comment: RawComment<'_>) -> Vec<CommentIssue> {
        let text = comment.decode().trim().to_owned();
        match self.game.plies.last_mut() {
            Some(ply) => ply.comments.push(text),
            None => self.game.comments.push(text),
        }
        Vec::new()
    }

    fn outcome(&mut self, outcome: Option<Outcome>) {
        self.game.outcome = Some(outcome);
    }

    fn oddity(&mut self, _oddity: Oddity<'_>) {
        self.game.oddities = self.game.oddities.saturating_add(1);
    }

    fn end_game(&mut self) -> Game {
        std::mem::replace(&mut self.game, GameBuilder::new().game)
    }
}

/// The conversion behind [`ReplayedGames`] as the pump's converter: a batch is the games of a
/// run (of one game when [pulled](crate::pump::Pull)); the oddities are counted.
impl Convert for Replayer<Noted<GameBuilder>> {
    type Batch = Vec<Game>;

    fn next_game<R: Read>(
        &mut self,
        reader: &mut Reader<R>,
        games: &mut Vec<Game>,
    ) -> GameOutcome<u64> {
        next_game(reader, self).map(|game| {
            let plies = game.plies.len() as u64;
            games.push(game);
            plies
        })
    }

    fn oddities(&self) -> &Oddities {
        self.sink().oddities()
    }

    fn take_kept(&mut self) -> Vec<(Location, String)> {
        self.sink_mut().take_kept()
    }
}

/// An iterator of replayed [`Game`]s, for callers who do not want to write a visitor: the
/// pump's [`Pull`] of [`GameBuilder`]'s games, whose [`tally`](ReplayedGames::tally) counts
/// them as every command does.
///
/// Each item is a game, or the [`GameError`] that rejected one (a bad move, `FEN` or
/// `Variant` tag, or a read error such as a game over the size limit); after a rejected game
/// the next item is the next game. The iterator ends at the end of the input or after an
/// error that ends the input (an I/O error), which is its last item.
///
/// ```
/// use scoresheet_pgn::replay::ReplayedGames;
///
/// let pgn = "[White \"A\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n1. e4 Ke7 2. Qz9 *\n";
/// let mut games = ReplayedGames::new(pgn.as_bytes());
/// let first = games.next().expect("a game").expect("legal game");
/// assert_eq!(first.plies[6].san.to_string(), "Qxf7#");
/// assert_eq!(first.result(), "1-0");
/// let error = games.next().expect("a game").expect_err("illegal move");
/// assert_eq!(error.token(), "Ke7");
/// assert!(games.next().is_none());
/// assert_eq!((games.tally().converted(), games.tally().rejected()), (1, 1));
/// ```
#[derive(Debug)]
pub struct ReplayedGames<R> {
    pull: Pull<R, Replayer<Noted<GameBuilder>>>,
}

impl<R: Read> ReplayedGames<R> {
    /// Replays the games of `src` with the reader's default options.
    pub fn new(src: R) -> ReplayedGames<R> {
        ReplayedGames::from_reader(Reader::new(src))
    }

    /// Replays the games of `src`, reading moves as `options` say (a movetext language).
    pub fn with_options(src: R, options: ReplayOptions) -> ReplayedGames<R> {
        ReplayedGames::from_reader_with(Reader::new(src), options)
    }

    /// Replays the games of a reader (with its options).
    pub fn from_reader(reader: Reader<R>) -> ReplayedGames<R> {
        ReplayedGames::from_reader_with(reader, ReplayOptions::new())
    }

    /// The games the reader's selection left out so far ([`Reader::select_where`]).
    pub fn not_selected(&self) -> u64 {
        self.pull.tally().not_selected()
    }

    /// The counts of the games read so far (replayed, rejected, not selected, plies,
    /// oddities), as the pump counts them.
    pub fn tally(&self) -> &Tally {
        self.pull.tally()
    }

    /// Replays the games of a reader (with its options), reading moves as `options` say.
    pub fn from_reader_with(reader: Reader<R>, options: ReplayOptions) -> ReplayedGames<R> {
        let replayer = Replayer::with_options(Noted::new(GameBuilder::new()), options);
        ReplayedGames {
            pull: Pull::new(reader, replayer),
        }
    }
}

impl<R: Read> Iterator for ReplayedGames<R> {
    type Item = Result<Game, GameError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            match self.pull.next()? {
                Ok(Pulled::Game(mut games)) => {
                    if let Some(game) = games.pop() {
                        return Some(Ok(game));
                    }
                }
                Ok(Pulled::Rejected(e)) => return Some(Err(e)),
                Ok(Pulled::Oddity(..)) => {}
                Err(e) => return Some(Err(e.into())),
            }
        }
    }
}
