//! Selection by tags inside the pump: the one place where a game whose tags fail a
//! [`TagExpr`] is left out, before its movetext is read, and counted.
//!
//! A reader given an expression ([`Reader::select_where`]) keeps it with a buffer of the tags
//! the expression names. [`next_game`](super::next_game) reads each game through
//! [`Where`], which hands every callback on to the front end's visitor and, when the tags
//! are over, asks the expression: a game it fails ends there (the reader skips its movetext,
//! nothing is replayed) and is counted in [`Reader::not_selected`]; the pump moves that count
//! into each run's [`ChunkLog`](super::ChunkLog). A game whose tags or reading fail before
//! the decision is rejected as without selection.

use std::ops::ControlFlow;
use std::sync::Arc;

use crate::select::TagExpr;
use crate::{Location, Oddity, Outcome, RawComment, RawTag, RawToken, Reader, Skip, Visitor};

/// A reader's selection: the expression, the tags it reads, the count of games left out.
#[derive(Debug, Clone)]
pub(crate) struct Selection {
    expr: Arc<TagExpr>,
    /// The tag names the expression reads, lower-cased (the others are not kept).
    names: Vec<String>,
    /// The current game's tags the expression reads; the first `len` are in use (the
    /// strings are reused from game to game).
    tags: Vec<(String, String)>,
    len: usize,
    not_selected: u64,
}

impl Selection {
    fn new(expr: Arc<TagExpr>) -> Selection {
        let names = expr.tags().iter().map(|n| n.to_ascii_lowercase()).collect();
        Selection {
            expr,
            names,
            tags: Vec::new(),
            len: 0,
            not_selected: 0,
        }
    }

    fn keep_tag(&mut self, name: &[u8], value: RawTag<'_>) {
        let named = |n: &String| n.as_bytes().eq_ignore_ascii_case(name);
        if !self.names.iter().any(named) {
            return;
        }
        if self.len == self.tags.len() {
            self.tags.push(Default::default());
        }
        let (kept_name, kept_value) = &mut self.tags[self.len];
        kept_name.clear();
        kept_name.push_str(&crate::decode::decode(name));
        kept_value.clear();
        kept_value.push_str(&value.decode());
        self.len += 1;
    }

    fn selects(&self) -> bool {
        self.expr.matches(&self.tags[..self.len])
    }

    /// Counts a game left out.
    pub(crate) fn count_not_selected(&mut self) {
        self.not_selected += 1;
    }
}

impl<R> Reader<R> {
    /// Reads only the games whose tags satisfy `expr` (`None`: every game) when read through
    /// [`pump::next_game`](super::next_game) (so by every [`Convert`](super::Convert) and the
    /// [`Pump`](super::Pump)); the others are skipped after their tags, never replayed, and
    /// counted ([`not_selected`](Reader::not_selected)).
    ///
    /// ```
    /// use std::sync::Arc;
    /// use scoresheet_pgn::replay::ReplayedGames;
    /// use scoresheet_pgn::Reader;
    ///
    /// let pgn = b"[WhiteElo \"2700\"]\n\n1. e4 *\n\n[WhiteElo \"1500\"]\n\n1. e4 Ke7 *\n";
    /// let expr = "WhiteElo >= 2000".parse()?;
    /// let mut games = ReplayedGames::from_reader(Reader::new(&pgn[..]).select_where(Some(Arc::new(expr))));
    /// assert_eq!(games.next().expect("a game").expect("legal").plies.len(), 1);
    /// // The second game is left out by its tags: its illegal move is never replayed.
    /// assert!(games.next().is_none());
    /// assert_eq!(games.not_selected(), 1);
    /// # Ok::<_, scoresheet_pgn::select::ParseExprError>(())
    /// ```
    pub fn select_where(mut self, expr: Option<Arc<TagExpr>>) -> Reader<R> {
        self.selection = expr.map(|e| Box::new(Selection::new(e)));
        self
    }

    /// The games left out by the expression of [`select_where`](Reader::select_where) so far.
    pub fn not_selected(&self) -> u64 {
        self.selection.as_ref().map_or(0, |s| s.not_selected)
    }
}

/// A visitor seen through a selection: every callback handed on, the game ended without
/// output (`None`) when its tags fail the expression.
pub(crate) struct Where<'a, V> {
    pub(crate) visitor: &'a mut V,
    pub(crate) selection: &'a mut Selection,
}

type Flow<V, T = ()> = ControlFlow<Option<<V as Visitor>::Output>, T>;

impl<V: Visitor> Visitor for Where<'_, V> {
    type Tags = V::Tags;
    type Movetext = V::Movetext;
    type Output = Option<V::Output>;

    fn begin_game(&mut self, at: Location) -> Flow<V, V::Tags> {
        self.selection.len = 0;
        self.visitor.begin_game(at).map_break(Some)
    }

    fn tag(&mut self, tags: &mut V::Tags, name: &[u8], value: RawTag<'_>) -> Flow<V> {
        self.selection.keep_tag(name, value);
        self.visitor.tag(tags, name, value).map_break(Some)
    }

    fn begin_movetext(&mut self, tags: V::Tags, at: Location) -> Flow<V, V::Movetext> {
        if !self.selection.selects() {
            return ControlFlow::Break(None);
        }
        self.visitor.begin_movetext(tags, at).map_break(Some)
    }

    fn san(&mut self, movetext: &mut V::Movetext, san: RawToken<'_>) -> Flow<V> {
        self.visitor.san(movetext, san).map_break(Some)
    }

    fn nag(&mut self, movetext: &mut V::Movetext, nag: u16, token: RawToken<'_>) -> Flow<V> {
        self.visitor.nag(movetext, nag, token).map_break(Some)
    }

    fn comment(&mut self, movetext: &mut V::Movetext, comment: RawComment<'_>) -> Flow<V> {
        self.visitor.comment(movetext, comment).map_break(Some)
    }

    fn begin_variation(&mut self, movetext: &mut V::Movetext, at: Location) -> Flow<V, Skip> {
        self.visitor.begin_variation(movetext, at).map_break(Some)
    }

    fn end_variation(&mut self, movetext: &mut V::Movetext, at: Location) -> Flow<V> {
        self.visitor.end_variation(movetext, at).map_break(Some)
    }

    fn outcome(
        &mut self,
        movetext: &mut V::Movetext,
        outcome: Option<Outcome>,
        at: Location,
    ) -> Flow<V> {
        self.visitor.outcome(movetext, outcome, at).map_break(Some)
    }

    fn oddity(&mut self, oddity: Oddity<'_>) {
        self.visitor.oddity(oddity);
    }

    fn end_game(&mut self, movetext: V::Movetext) -> Option<V::Output> {
        Some(self.visitor.end_game(movetext))
    }
}
