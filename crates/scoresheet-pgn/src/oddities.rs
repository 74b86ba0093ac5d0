//! Counting (and keeping) the [`Oddity`]s of a read: [`Oddities`] and the visitor wrapper
//! [`Noted`], so that every front end counts and shows them the same way.
//!
//! ```
//! use scoresheet_pgn::{egd::{EgdOptions, JsonVisitor}, Noted, OddityKind, Reader};
//!
//! let pgn = b"% an escaped line\n1. e4 e5\n\n[Event \"x\"]\n\n1. d4 $999999 *\n";
//! let mut visitor = Noted::new(JsonVisitor::new(EgdOptions::new())).keep(true);
//! let mut reader = Reader::new(&pgn[..]);
//! while reader.read_game(&mut visitor)?.is_some() {}
//! assert_eq!(visitor.oddities().total(), 3);
//! assert_eq!(visitor.oddities().count(OddityKind::MissingResult), 1);
//! assert_eq!(visitor.oddities().to_string(), "3 oddities (1 escaped line (%) skipped, 1 game ends without result marker, 1 unknown glyph skipped)");
//! let kept = visitor.take_kept();
//! assert_eq!((kept[2].0.line, kept[2].1.as_str()), (6, "unknown glyph skipped \"$999999\""));
//! # Ok::<_, scoresheet_pgn::ReadError>(())
//! ```

use std::fmt;
use std::ops::ControlFlow;

use crate::replay::{Ply, ReplaySink};
use crate::{Location, Oddity, OddityKind, Outcome, RawComment, RawTag, RawToken, Skip, Visitor};

/// Oddities counted by kind.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Oddities {
    counts: Vec<(OddityKind, u64)>,
}

impl Oddities {
    /// None yet.
    pub fn new() -> Oddities {
        Oddities::default()
    }

    /// Counts one oddity of `kind`.
    pub fn add(&mut self, kind: OddityKind) {
        self.add_n(kind, 1);
    }

    fn add_n(&mut self, kind: OddityKind, n: u64) {
        match self.counts.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, count)) => *count += n,
            None => self.counts.push((kind, n)),
        }
    }

    /// Adds another tally to this one.
    pub fn merge(&mut self, other: &Oddities) {
        for &(kind, n) in &other.counts {
            self.add_n(kind, n);
        }
    }

    /// The oddities counted here and not in `earlier` (a tally this one grew from).
    pub fn since(&self, earlier: &Oddities) -> Oddities {
        let counts = self
            .counts
            .iter()
            .map(|&(kind, n)| (kind, n.saturating_sub(earlier.count(kind))))
            .filter(|&(_, n)| n > 0)
            .collect();
        Oddities { counts }
    }

    /// How many oddities of `kind`.
    pub fn count(&self, kind: OddityKind) -> u64 {
        self.counts
            .iter()
            .find(|(k, _)| *k == kind)
            .map_or(0, |&(_, n)| n)
    }

    /// How many oddities in all.
    pub fn total(&self) -> u64 {
        self.counts.iter().map(|&(_, n)| n).sum()
    }

    /// The kinds seen and their counts, most frequent first (ties by name).
    pub fn by_kind(&self) -> Vec<(OddityKind, u64)> {
        let mut counts = self.counts.clone();
        counts.sort_by(|a, b| {
            b.1.cmp(&a.1)
                .then_with(|| a.0.to_string().cmp(&b.0.to_string()))
        });
        counts
    }
}

/// `3 oddities (2 game ends without result marker, 1 escaped line (%) skipped)`, or
/// `no oddities`.
impl fmt::Display for Oddities {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let total = self.total();
        if total == 0 {
            return f.write_str("no oddities");
        }
        let s = if total == 1 { "y" } else { "ies" };
        write!(f, "{total} oddit{s} (")?;
        for (i, (kind, n)) in self.by_kind().into_iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{n} {kind}")?;
        }
        f.write_str(")")
    }
}

/// A [`Visitor`] (or a [`ReplaySink`]) that passes everything to another one and counts the
/// oddities on the way (and, if asked, keeps each, for `--warnings`).
#[derive(Debug)]
pub struct Noted<V> {
    inner: V,
    oddities: Oddities,
    keep: bool,
    kept: Vec<(Location, String)>,
}

impl<V> Noted<V> {
    /// Wraps `inner`, counting only.
    pub fn new(inner: V) -> Noted<V> {
        Noted {
            inner,
            oddities: Oddities::new(),
            keep: false,
            kept: Vec::new(),
        }
    }

    /// Whether to keep each oddity's message (see [`take_kept`](Noted::take_kept)).
    pub fn keep(mut self, keep: bool) -> Noted<V> {
        self.keep = keep;
        self
    }

    /// Changes whether to keep each oddity's message.
    pub fn set_keep(&mut self, keep: bool) {
        self.keep = keep;
    }

    /// The oddities counted so far.
    pub fn oddities(&self) -> &Oddities {
        &self.oddities
    }

    /// The oddities kept since the last call, in input order: where, and what (`unknown
    /// glyph skipped "$999999"`: the kind, and the first 120 characters of the text concerned).
    pub fn take_kept(&mut self) -> Vec<(Location, String)> {
        std::mem::take(&mut self.kept)
    }

    fn note(&mut self, oddity: &Oddity<'_>) {
        self.oddities.add(oddity.kind());
        if self.keep {
            self.kept.push((oddity.location(), describe(oddity)));
        }
    }

    /// The wrapped visitor.
    pub fn inner(&self) -> &V {
        &self.inner
    }

    /// The wrapped visitor, mutably.
    pub fn inner_mut(&mut self) -> &mut V {
        &mut self.inner
    }
}

impl<V: Visitor> Visitor for Noted<V> {
    type Tags = V::Tags;
    type Movetext = V::Movetext;
    type Output = V::Output;

    fn begin_game(&mut self, at: Location) -> ControlFlow<V::Output, V::Tags> {
        self.inner.begin_game(at)
    }

    fn tag(
        &mut self,
        tags: &mut V::Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<V::Output> {
        self.inner.tag(tags, name, value)
    }

    fn begin_movetext(
        &mut self,
        tags: V::Tags,
        at: Location,
    ) -> ControlFlow<V::Output, V::Movetext> {
        self.inner.begin_movetext(tags, at)
    }

    fn san(&mut self, m: &mut V::Movetext, san: RawToken<'_>) -> ControlFlow<V::Output> {
        self.inner.san(m, san)
    }

    fn nag(
        &mut self,
        m: &mut V::Movetext,
        nag: u16,
        token: RawToken<'_>,
    ) -> ControlFlow<V::Output> {
        self.inner.nag(m, nag, token)
    }

    fn comment(&mut self, m: &mut V::Movetext, comment: RawComment<'_>) -> ControlFlow<V::Output> {
        self.inner.comment(m, comment)
    }

    fn begin_variation(
        &mut self,
        m: &mut V::Movetext,
        at: Location,
    ) -> ControlFlow<V::Output, Skip> {
        self.inner.begin_variation(m, at)
    }

    fn end_variation(&mut self, m: &mut V::Movetext, at: Location) -> ControlFlow<V::Output> {
        self.inner.end_variation(m, at)
    }

    fn outcome(
        &mut self,
        m: &mut V::Movetext,
        outcome: Option<Outcome>,
        at: Location,
    ) -> ControlFlow<V::Output> {
        self.inner.outcome(m, outcome, at)
    }

    fn oddity(&mut self, oddity: Oddity<'_>) {
        self.note(&oddity);
        self.inner.oddity(oddity);
    }

    fn end_game(&mut self, m: V::Movetext) -> V::Output {
        self.inner.end_game(m)
    }
}

/// As a [`ReplaySink`] (wrapping another sink, inside a [`Replayer`](crate::replay::Replayer)),
/// it also counts the oddities the replay layer reports itself (an illegal move in a
/// variation).
impl<S: ReplaySink> ReplaySink for Noted<S> {
    type Game = S::Game;

    fn begin_game(&mut self, at: Location) {
        self.inner.begin_game(at);
    }
    fn tag(&mut self, name: &[u8], value: RawTag<'_>) {
        self.inner.tag(name, value);
    }
    fn start(&mut self, start: &scoresheet::Position) {
        self.inner.start(start);
    }
    fn replays_variations(&self) -> bool {
        self.inner.replays_variations()
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
    fn comment(&mut self, comment: RawComment<'_>) -> Vec<crate::annotation::CommentIssue> {
        self.inner.comment(comment)
    }
    fn begin_variation(&mut self) {
        self.inner.begin_variation();
    }
    fn end_variation(&mut self) {
        self.inner.end_variation();
    }
    fn outcome(&mut self, outcome: Option<Outcome>) {
        self.inner.outcome(outcome);
    }
    fn oddity(&mut self, oddity: Oddity<'_>) {
        self.note(&oddity);
        self.inner.oddity(oddity);
    }
    fn end_game(&mut self) -> S::Game {
        self.inner.end_game()
    }
    fn abandon(&mut self) {
        self.inner.abandon();
    }
}

/// The kind of an oddity and an excerpt of its text.
fn describe(oddity: &Oddity<'_>) -> String {
    let mut text = oddity.kind().to_string();
    if !oddity.as_bytes().is_empty() {
        let bytes = crate::decode::decode(oddity.as_bytes());
        let mut short: String = bytes.chars().take(120).collect();
        if short.len() < bytes.len() {
            short.push('…');
        }
        text.push_str(&format!(" {short:?}"));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ok_tally() {
        let mut a = Oddities::new();
        a.add(OddityKind::MissingResult);
        a.add(OddityKind::EscapedLine);
        let mut b = Oddities::new();
        b.add(OddityKind::MissingResult);
        b.merge(&a);
        assert_eq!(b.total(), 3);
        assert_eq!(b.count(OddityKind::MissingResult), 2);
        assert_eq!(b.count(OddityKind::UnknownToken), 0);
        assert_eq!(
            b.to_string(),
            "3 oddities (2 game ends without result marker, 1 escaped line (%) skipped)"
        );
        assert_eq!(Oddities::new().to_string(), "no oddities");
    }
}
