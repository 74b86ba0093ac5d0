//! Mainlines as token ids of a move vocabulary ([`scoresheet::vocab`]): the [`Tokenizer`]
//! replay sink and [`TokenizeConverter`], the same as the [`Pump`](crate::pump::Pump)'s
//! converter. `scoresheet tokenize` is this.
//!
//! Each mainline move becomes its id in the vocabulary: SAN without `+`/`#`
//! ([`Vocabulary::San`]) or UCI with standard castling ([`Vocabulary::Uci`]). A game with a
//! move the vocabulary lacks (a Chess960 castling in UCI) is rejected
//! ([`GameErrorKind::NotInVocabulary`]); so is a game with a null move: no vocabulary holds
//! one.
//!
//! ```
//! use scoresheet::vocab::Vocabulary;
//! use scoresheet_pgn::pump::Pump;
//! use scoresheet_pgn::replay::ReplayOptions;
//! use scoresheet_pgn::tokenize::{TokenizeConverter, TokenizedGame};
//!
//! let pgn = b"1. e4 e5 2. Nf3 *\n\n1. d4 -- *\n";
//! let (mut games, mut rejected) = (Vec::new(), 0);
//! Pump::new(1).run(
//!     &pgn[..],
//!     || TokenizeConverter::new(Vocabulary::Uci, ReplayOptions::new()),
//!     |batch: &mut Vec<TokenizedGame>, log| {
//!         games.append(batch);
//!         rejected += log.rejected_games();
//!         Ok(())
//!     },
//! )?;
//! let e2e4 = Vocabulary::Uci.token_id("e2e4").unwrap();
//! assert_eq!((games.len(), rejected), (1, 1));
//! assert_eq!(games[0].ids[0], e2e4);
//! assert_eq!(games[0].result, "*");
//! # Ok::<_, scoresheet_pgn::pump::PumpError>(())
//! ```

use std::io::Read;

use scoresheet::uci::UciMove;
use scoresheet::vocab::Vocabulary;
use scoresheet::{CastlingMode, EnPassantMode, Position};

use crate::pump::{next_game, Convert, GameOutcome};
use crate::replay::{
    game_result, GameError, GameErrorKind, Ply, ReplayOptions, ReplaySink, Replayer,
};
use crate::{Location, Noted, Oddities, Outcome, RawTag, Reader};

/// A tokenized game.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct TokenizedGame {
    /// Where the game starts (its `game_index` is within the run it was read in: add the
    /// run's [`ChunkLog::first_game`](crate::parallel::ChunkLog::first_game)).
    pub at: Location,
    /// The start position, as FEN (en-passant square after every double push).
    pub start_fen: String,
    /// The mainline's token ids.
    pub ids: Vec<u32>,
    /// The result, by the replay layer's rule ([`game_result`]).
    pub result: String,
}

/// The replay sink: each mainline move's id in the vocabulary.
#[derive(Debug)]
pub struct Tokenizer {
    vocab: Vocabulary,
    game: TokenizedGame,
    result_tag: Option<String>,
    outcome: Option<Option<Outcome>>,
    /// The first move the vocabulary lacks.
    missing: Option<GameError>,
}

impl Tokenizer {
    /// A tokenizer into `vocab` ([`Vocabulary::San`] or [`Vocabulary::Uci`]; any other is
    /// read as SAN).
    pub fn new(vocab: Vocabulary) -> Tokenizer {
        Tokenizer {
            vocab,
            game: TokenizedGame::default(),
            result_tag: None,
            outcome: None,
            missing: None,
        }
    }
}

impl ReplaySink for Tokenizer {
    type Game = Result<TokenizedGame, GameError>;

    fn begin_game(&mut self, at: Location) {
        self.game = TokenizedGame {
            at,
            ..TokenizedGame::default()
        };
        self.result_tag = None;
        self.outcome = None;
        self.missing = None;
    }

    fn tag(&mut self, name: &[u8], value: RawTag<'_>) {
        if name.eq_ignore_ascii_case(b"Result") {
            self.result_tag = Some(value.decode().into_owned());
        }
    }

    fn start(&mut self, start: &Position) {
        self.game.start_fen = start.fen(EnPassantMode::Always);
    }

    fn ply(&mut self, ply: &Ply<'_>) {
        let Some(mv) = ply.mv else {
            return;
        };
        if self.missing.is_some() {
            return;
        }
        // The id from the typed move: its text is written only for a move the vocabulary
        // lacks, to say which.
        let uci = || UciMove::from_move_in(CastlingMode::Standard, mv);
        let id = match self.vocab {
            Vocabulary::Uci => Vocabulary::uci_move_id(uci()),
            Vocabulary::San => Vocabulary::plain_san_move_id(&ply.san),
            other => other.token_id(&ply.san.to_string()),
        };
        match id {
            Some(id) => self.game.ids.push(id),
            None => {
                let canonical = match self.vocab {
                    Vocabulary::Uci => uci().to_string(),
                    _ => ply.san.to_string(),
                };
                let kind = GameErrorKind::NotInVocabulary {
                    vocabulary: self.vocab.name(),
                };
                self.missing = Some(GameError::new(kind, ply.token.location(), &canonical));
            }
        }
    }

    fn null_move(&mut self, _ply: &Ply<'_>) -> Result<(), &'static str> {
        Err("tokens")
    }

    fn outcome(&mut self, outcome: Option<Outcome>) {
        self.outcome = Some(outcome);
    }

    fn end_game(&mut self) -> Result<TokenizedGame, GameError> {
        if let Some(e) = self.missing.take() {
            return Err(e);
        }
        let mut game = std::mem::take(&mut self.game);
        game.result = game_result(self.result_tag.as_deref(), self.outcome).to_owned();
        Ok(game)
    }
}

/// The tokenizer as the pump's converter: a batch is a run's tokenized games.
#[derive(Debug)]
pub struct TokenizeConverter {
    replayer: Replayer<Noted<Tokenizer>>,
}

impl TokenizeConverter {
    /// A converter into `vocab`, reading movetext with `replay`'s settings.
    pub fn new(vocab: Vocabulary, replay: ReplayOptions) -> TokenizeConverter {
        TokenizeConverter {
            replayer: Replayer::with_options(Noted::new(Tokenizer::new(vocab)), replay),
        }
    }

    /// Whether to keep each oddity to be shown (off by default).
    pub fn keep_oddities(&mut self, keep: bool) {
        self.replayer.sink_mut().set_keep(keep);
    }
}

/// With one thread, tokenized games are delivered in runs of this many.
const DELIVER_AT: usize = 256;

impl Convert for TokenizeConverter {
    type Batch = Vec<TokenizedGame>;

    fn next_game<R: Read>(
        &mut self,
        reader: &mut Reader<R>,
        batch: &mut Vec<TokenizedGame>,
    ) -> GameOutcome<u64> {
        match next_game(reader, &mut self.replayer) {
            GameOutcome::Accepted(Ok(game)) => {
                let plies = game.ids.len() as u64;
                batch.push(game);
                GameOutcome::Accepted(plies)
            }
            GameOutcome::Accepted(Err(missing)) => GameOutcome::Rejected(missing),
            other => other.map(|_| 0),
        }
    }

    fn oddities(&self) -> &Oddities {
        self.replayer.sink().oddities()
    }

    fn take_kept(&mut self) -> Vec<(Location, String)> {
        self.replayer.sink_mut().take_kept()
    }

    fn batch_ready(&self, batch: &Vec<TokenizedGame>) -> bool {
        batch.len() >= DELIVER_AT
    }
}
