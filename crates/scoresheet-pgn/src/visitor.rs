//! The push visitor: the [`Reader`](crate::Reader) calls it for every part of a game.
//!
//! For each game the reader calls, in order:
//!
//! 1. [`begin_game`](Visitor::begin_game), which creates the per-game [`Visitor::Tags`] state;
//! 2. [`tag`](Visitor::tag) for each tag pair;
//! 3. [`begin_movetext`](Visitor::begin_movetext), which turns the tag state into the
//!    [`Visitor::Movetext`] state;
//! 4. [`san`](Visitor::san), [`nag`](Visitor::nag), [`comment`](Visitor::comment),
//!    [`begin_variation`](Visitor::begin_variation)/[`end_variation`](Visitor::end_variation)
//!    and [`outcome`](Visitor::outcome) in file order;
//! 5. [`end_game`](Visitor::end_game), which produces the [`Visitor::Output`].
//!
//! Every game gets steps 1, 3 and 5, even a tag section without movetext (a game with no
//! moves); a game that ends in a [`ReadError`](crate::ReadError) stops wherever it was, without
//! [`end_game`](Visitor::end_game). [`oddity`](Visitor::oddity) may come at any point in between
//! (and between games). Any callback that returns
//! `ControlFlow::Break(output)` ends the game: the reader skips the rest of it without further
//! callbacks and [`read_game`](crate::Reader::read_game) returns that output.
//!
//! ```
//! use std::ops::ControlFlow;
//! use scoresheet_pgn::{Location, RawToken, Reader, Skip, Visitor};
//!
//! /// Collects the mainline move tokens of each game.
//! struct Mainline;
//!
//! impl Visitor for Mainline {
//!     type Tags = ();
//!     type Movetext = Vec<String>;
//!     type Output = Vec<String>;
//!
//!     fn begin_game(&mut self, _at: Location) -> ControlFlow<Self::Output> {
//!         ControlFlow::Continue(())
//!     }
//!     fn begin_movetext(&mut self, _tags: (), _at: Location) -> ControlFlow<Vec<String>, Vec<String>> {
//!         ControlFlow::Continue(Vec::new())
//!     }
//!     fn san(&mut self, moves: &mut Vec<String>, san: RawToken<'_>) -> ControlFlow<Vec<String>> {
//!         moves.push(san.decode().into_owned());
//!         ControlFlow::Continue(())
//!     }
//!     fn begin_variation(&mut self, _: &mut Vec<String>, _at: Location) -> ControlFlow<Vec<String>, Skip> {
//!         ControlFlow::Continue(Skip(true))
//!     }
//!     fn end_game(&mut self, moves: Vec<String>) -> Vec<String> {
//!         moves
//!     }
//! }
//!
//! let mut reader = Reader::new(&b"1. e4 (1. d4 d5) 1... e5 2. Nf3!? *"[..]);
//! assert_eq!(reader.read_game(&mut Mainline)?, Some(vec!["e4".into(), "e5".into(), "Nf3".into()]));
//! assert_eq!(reader.read_game(&mut Mainline)?, None);
//! # Ok::<_, scoresheet_pgn::ReadError>(())
//! ```

use std::ops::ControlFlow;

use crate::{Location, Oddity, Outcome, RawComment, RawTag, RawToken, Skip};

/// Consumes games from a [`Reader`](crate::Reader); see the [module docs](self).
///
/// The reader does not interpret moves: [`san`](Visitor::san) receives each move token as
/// written (`Nf3`, `exd6e.p.`, `O-O`, `0-0`, `--`, `Z0`, `e2e4`, `♘f3`), with any trailing
/// glyphs (`!?`, `+/-`) split off and reported through [`nag`](Visitor::nag).
pub trait Visitor {
    /// State built while reading the tags of a game.
    type Tags;
    /// State built while reading the movetext of a game.
    type Movetext;
    /// What the visitor makes of a game.
    type Output;

    /// A game starts at `at`. Returns the tag state, or `Break` to skip the game.
    fn begin_game(&mut self, at: Location) -> ControlFlow<Self::Output, Self::Tags>;

    /// A tag pair like `[White "Deep Blue"]`; the name is raw bytes.
    fn tag(
        &mut self,
        _tags: &mut Self::Tags,
        _name: &[u8],
        _value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        ControlFlow::Continue(())
    }

    /// The tags are over; the movetext starts at `at`. Returns the movetext state, or `Break` to
    /// skip the rest of the game.
    fn begin_movetext(
        &mut self,
        tags: Self::Tags,
        at: Location,
    ) -> ControlFlow<Self::Output, Self::Movetext>;

    /// A move token, as written.
    fn san(
        &mut self,
        _movetext: &mut Self::Movetext,
        _san: RawToken<'_>,
    ) -> ControlFlow<Self::Output> {
        ControlFlow::Continue(())
    }

    /// A numeric annotation glyph: `$n`, or a glyph mapped to its NAG (`!` 1, `?` 2, `!!` 3,
    /// `??` 4, `!?` 5, `?!` 6, `□` 7, `=` 10, `∞` 13, `+=` `+/=` `⩲` 14, `=+` `=/+` `⩱` 15,
    /// `+/-` `±` 16, `-/+` `∓` 17, `+-` 18, `-+` 19). `token` is the glyph as written.
    fn nag(
        &mut self,
        _movetext: &mut Self::Movetext,
        _nag: u16,
        _token: RawToken<'_>,
    ) -> ControlFlow<Self::Output> {
        ControlFlow::Continue(())
    }

    /// A `{ brace }` or `; line` comment.
    fn comment(
        &mut self,
        _movetext: &mut Self::Movetext,
        _comment: RawComment<'_>,
    ) -> ControlFlow<Self::Output> {
        ControlFlow::Continue(())
    }

    /// A `(` opening a variation. `Skip(true)` skips to its matching `)`, which is then not
    /// reported either.
    fn begin_variation(
        &mut self,
        _movetext: &mut Self::Movetext,
        _at: Location,
    ) -> ControlFlow<Self::Output, Skip> {
        ControlFlow::Continue(Skip(false))
    }

    /// The `)` closing a variation (or the end of the game, for a variation left open). Always
    /// matches an earlier [`begin_variation`](Visitor::begin_variation).
    fn end_variation(
        &mut self,
        _movetext: &mut Self::Movetext,
        _at: Location,
    ) -> ControlFlow<Self::Output> {
        ControlFlow::Continue(())
    }

    /// The game's result marker: `Some` for `1-0`, `0-1`, `1/2-1/2`, `None` for `*`.
    fn outcome(
        &mut self,
        _movetext: &mut Self::Movetext,
        _outcome: Option<Outcome>,
        _at: Location,
    ) -> ControlFlow<Self::Output> {
        ControlFlow::Continue(())
    }

    /// Something accepted but noteworthy, or something skipped. Nothing in the input is dropped
    /// without either a callback or an oddity.
    fn oddity(&mut self, _oddity: Oddity<'_>) {}

    /// The game is over.
    fn end_game(&mut self, movetext: Self::Movetext) -> Self::Output;
}

/// A visitor that reads nothing: used to skip games.
#[derive(Debug)]
pub(crate) struct SkipGame;

impl Visitor for SkipGame {
    type Tags = ();
    type Movetext = ();
    type Output = ();

    fn begin_game(&mut self, _at: Location) -> ControlFlow<()> {
        ControlFlow::Break(())
    }

    fn begin_movetext(&mut self, _tags: (), _at: Location) -> ControlFlow<()> {
        ControlFlow::Break(())
    }

    fn end_game(&mut self, _movetext: ()) {}
}
