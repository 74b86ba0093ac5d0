//! A recording visitor and helpers shared by the test modules.

use std::{ops::ControlFlow, path::PathBuf};

use scoresheet_pgn::{
    Location, Oddity, OddityKind, Outcome, RawComment, RawTag, RawToken, ReadError, ReadOptions,
    Reader, Skip, Visitor,
};

/// Everything the reader reported for one game.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Game {
    pub tags: Vec<(String, String)>,
    /// Mainline move tokens.
    pub moves: Vec<String>,
    /// Move tokens inside variations.
    pub variation_moves: Vec<String>,
    pub nags: Vec<u16>,
    pub comments: Vec<String>,
    /// `None` when the game had no result marker; `Some(None)` for `*`.
    pub outcome: Option<Option<Outcome>>,
    pub variations: usize,
    pub oddities: Vec<OddityKind>,
}

impl Game {
    /// `tags=N [moves] result`, like the pgn-reader column of `bad_inputs.tsv`.
    pub fn summary(&self) -> String {
        let outcome = match self.outcome {
            None => "none",
            Some(None) => "*",
            Some(Some(outcome)) => outcome.as_str(),
        };
        format!(
            "tags={} [{}] {outcome}",
            self.tags.len(),
            self.moves.join(" ")
        )
    }

    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    pub fn count(&self, kind: OddityKind) -> usize {
        self.oddities.iter().filter(|&&k| k == kind).count()
    }
}

/// Records games; `depth` is the variation depth, `pending` oddities reported between games.
#[derive(Debug, Default)]
pub struct Recorder {
    pub skip_variations: bool,
    oddities: Vec<OddityKind>,
    depth: usize,
}

impl Visitor for Recorder {
    type Tags = Game;
    type Movetext = Game;
    type Output = Game;

    fn begin_game(&mut self, _at: Location) -> ControlFlow<Game, Game> {
        self.depth = 0;
        ControlFlow::Continue(Game {
            oddities: std::mem::take(&mut self.oddities),
            ..Game::default()
        })
    }

    fn tag(&mut self, game: &mut Game, name: &[u8], value: RawTag<'_>) -> ControlFlow<Game> {
        game.oddities.append(&mut self.oddities);
        let name = String::from_utf8_lossy(name).into_owned();
        game.tags.push((name, value.decode().into_owned()));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, mut game: Game, _at: Location) -> ControlFlow<Game, Game> {
        game.oddities.append(&mut self.oddities);
        ControlFlow::Continue(game)
    }

    fn san(&mut self, game: &mut Game, san: RawToken<'_>) -> ControlFlow<Game> {
        game.oddities.append(&mut self.oddities);
        let san = san.decode().into_owned();
        if self.depth == 0 {
            game.moves.push(san);
        } else {
            game.variation_moves.push(san);
        }
        ControlFlow::Continue(())
    }

    fn nag(&mut self, game: &mut Game, nag: u16, _token: RawToken<'_>) -> ControlFlow<Game> {
        game.nags.push(nag);
        ControlFlow::Continue(())
    }

    fn comment(&mut self, game: &mut Game, comment: RawComment<'_>) -> ControlFlow<Game> {
        game.comments.push(comment.decode().into_owned());
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, game: &mut Game, _at: Location) -> ControlFlow<Game, Skip> {
        game.variations += 1;
        if !self.skip_variations {
            self.depth += 1;
        }
        ControlFlow::Continue(Skip(self.skip_variations))
    }

    fn end_variation(&mut self, _game: &mut Game, _at: Location) -> ControlFlow<Game> {
        self.depth -= 1;
        ControlFlow::Continue(())
    }

    fn outcome(
        &mut self,
        game: &mut Game,
        outcome: Option<Outcome>,
        _at: Location,
    ) -> ControlFlow<Game> {
        game.outcome = Some(outcome);
        ControlFlow::Continue(())
    }

    fn oddity(&mut self, oddity: Oddity<'_>) {
        self.oddities.push(oddity.kind());
    }

    fn end_game(&mut self, mut game: Game) -> Game {
        game.oddities.append(&mut self.oddities);
        game
    }
}

/// Reads every game of `bytes`, stopping after an unrecoverable error.
pub fn read_with(bytes: &[u8], options: ReadOptions) -> Vec<Result<Game, ReadError>> {
    let mut reader = Reader::with_options(bytes, options);
    let mut recorder = Recorder::default();
    reader.games(&mut recorder).collect()
}

pub fn read(bytes: &[u8]) -> Vec<Result<Game, ReadError>> {
    read_with(bytes, ReadOptions::new())
}

/// Reads games that must all be read without error.
pub fn games(bytes: &[u8]) -> Vec<Game> {
    read(bytes)
        .into_iter()
        .map(|game| game.expect("no read error"))
        .collect()
}

pub fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}
