//! Repairs of a game's tags and result marker, each reported as an oddity (so counted in
//! every summary and shown with `--warnings`):
//!
//! - **result** ([`Repairs::result`]): a `Result` tag that differs from the game's result
//!   marker (or is missing) is set from the marker ([`OddityKind::RepairedResultTag`]); a game
//!   without marker gets the one its `Result` tag names ([`OddityKind::AddedResultMarker`]),
//!   or `*` when the tag names none, and then its tag is set to `*` too;
//! - **ply count** ([`Repairs::ply_count`]): a `PlyCount` tag that differs from the mainline's
//!   number of plies (or is missing) is set to it ([`OddityKind::RepairedPlyCount`]);
//! - **roster** ([`Repairs::roster`]): each missing tag of the seven-tag roster is added with
//!   the PGN standard's value for unknown (`?`; `????.??.??` for `Date`, `*` for `Result`;
//!   [`OddityKind::FilledRosterTag`]), and the roster is then written first, in its order.
//!
//! Tag names are compared ignoring case, as the expression language does; the result is
//! repaired before the roster is filled.
//!
//! ```
//! use scoresheet_pgn::select::{Repairs, TagsToRepair};
//! use scoresheet_pgn::{Location, Oddities, Outcome};
//!
//! let mut game = TagsToRepair::new(vec![("Result".into(), "1-0".into())]);
//! let mut oddities = Oddities::new();
//! let repairs = Repairs::new().result(true).roster(true);
//! repairs.apply(&mut game, Some(Some(Outcome::Draw)), None, Location::default(), |o| oddities.add(o.kind()));
//! assert_eq!(game.tags()[0], ("Event".to_owned(), "?".to_owned()));
//! assert_eq!(game.tags()[6], ("Result".to_owned(), "1/2-1/2".to_owned()));
//! assert_eq!((oddities.total(), game.marker_to_add()), (7, None));
//! ```

use crate::writer::ROSTER;
use crate::{Location, Oddity, OddityKind, Outcome, RawToken};

/// Which repairs to make, with chaining setters; none by default.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Repairs {
    result: bool,
    ply_count: bool,
    roster: bool,
}

/// A game's tags being repaired, and the result marker to add to its movetext, if any.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TagsToRepair {
    tags: Vec<(String, String)>,
    marker: Option<&'static str>,
    changed: bool,
}

impl TagsToRepair {
    /// A game's tags as written, in order.
    pub fn new(tags: Vec<(String, String)>) -> TagsToRepair {
        TagsToRepair {
            tags,
            marker: None,
            changed: false,
        }
    }

    /// The tags, repaired.
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    /// The result marker to write at the end of the movetext (the game had none).
    pub fn marker_to_add(&self) -> Option<&'static str> {
        self.marker
    }

    /// Whether any repair was made.
    pub fn is_changed(&self) -> bool {
        self.changed
    }

    fn position(&self, name: &str) -> Option<usize> {
        self.tags
            .iter()
            .position(|(n, _)| n.eq_ignore_ascii_case(name))
    }

    fn value(&self, name: &str) -> Option<&str> {
        self.position(name).map(|i| self.tags[i].1.as_str())
    }

    /// Sets a tag (replacing the first of that name, else appending it); says what changed.
    fn set(&mut self, name: &str, value: &str) -> String {
        self.changed = true;
        match self.position(name) {
            Some(i) => {
                let old = std::mem::replace(&mut self.tags[i].1, value.to_owned());
                format!("{name} {old:?} -> {value:?}")
            }
            None => {
                self.tags.push((name.to_owned(), value.to_owned()));
                format!("{name} {value:?} added")
            }
        }
    }
}

/// The text of a result marker as read (`None`: `*`).
fn marker_text(marker: Option<Outcome>) -> &'static str {
    marker.map_or("*", Outcome::as_str)
}

impl Repairs {
    /// No repairs.
    pub const fn new() -> Repairs {
        Repairs {
            result: false,
            ply_count: false,
            roster: false,
        }
    }

    /// Whether to make the `Result` tag and the result marker agree.
    pub const fn result(mut self, on: bool) -> Repairs {
        self.result = on;
        self
    }

    /// Whether to set `PlyCount` to the mainline's number of plies.
    pub const fn ply_count(mut self, on: bool) -> Repairs {
        self.ply_count = on;
        self
    }

    /// Whether to fill the missing tags of the seven-tag roster.
    pub const fn roster(mut self, on: bool) -> Repairs {
        self.roster = on;
        self
    }

    /// Whether no repair is asked for.
    pub const fn is_empty(&self) -> bool {
        !self.result && !self.ply_count && !self.roster
    }

    /// Whether a repair needs the mainline replayed (its number of plies).
    pub const fn needs_plies(&self) -> bool {
        self.ply_count
    }

    /// Repairs `game`, whose result marker was `marker` (`None`: it has none; `Some(None)`:
    /// `*`) and mainline `plies` long (if known), reporting each repair to `report` as an
    /// [`Oddity`] at `at` (the game's start).
    pub fn apply(
        &self,
        game: &mut TagsToRepair,
        marker: Option<Option<Outcome>>,
        plies: Option<u32>,
        at: Location,
        mut report: impl FnMut(Oddity<'_>),
    ) {
        let mut note = |kind, text: String| {
            let token = RawToken {
                bytes: text.as_bytes(),
                position: at,
            };
            report(Oddity { kind, token });
        };
        if self.result {
            repair_result(game, marker, &mut note);
        }
        if let (true, Some(plies)) = (self.ply_count, plies) {
            let plies = plies.to_string();
            if game.value("PlyCount") != Some(plies.as_str()) {
                note(OddityKind::RepairedPlyCount, game.set("PlyCount", &plies));
            }
        }
        if self.roster {
            fill_roster(game, &mut note);
        }
    }
}

fn repair_result(
    game: &mut TagsToRepair,
    marker: Option<Option<Outcome>>,
    note: &mut impl FnMut(OddityKind, String),
) {
    let tag = game.value("Result");
    let written = match marker {
        Some(marker) => marker_text(marker),
        None => {
            let named = tag.and_then(|t| {
                Outcome::from_ascii(t.as_bytes())
                    .map(Outcome::as_str)
                    .or((t == "*").then_some("*"))
            });
            let added = named.unwrap_or("*");
            game.marker = Some(added);
            game.changed = true;
            note(OddityKind::AddedResultMarker, added.to_owned());
            added
        }
    };
    if game.value("Result") != Some(written) {
        note(OddityKind::RepairedResultTag, game.set("Result", written));
    }
}

fn fill_roster(game: &mut TagsToRepair, note: &mut impl FnMut(OddityKind, String)) {
    let missing: Vec<_> = ROSTER
        .iter()
        .filter(|(name, _)| game.position(name).is_none())
        .collect();
    if missing.is_empty() {
        return;
    }
    for (name, unknown) in missing {
        note(OddityKind::FilledRosterTag, game.set(name, unknown));
    }
    // The roster first, in its order; the other tags after it, as they were.
    let mut tags = std::mem::take(&mut game.tags);
    let rank = |name: &str| {
        ROSTER
            .iter()
            .position(|(r, _)| r.eq_ignore_ascii_case(name))
            .unwrap_or(ROSTER.len())
    };
    tags.sort_by_key(|(name, _)| rank(name));
    game.tags = tags;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Oddities;

    fn tags(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(n, v)| ((*n).to_owned(), (*v).to_owned()))
            .collect()
    }

    /// (tags, marker, repaired tags, marker added, repairs reported)
    type Case<'a> = (
        &'a [(&'a str, &'a str)],
        Option<Option<Outcome>>,
        &'a [(&'a str, &'a str)],
        Option<&'a str>,
        u64,
    );

    #[test]
    fn ok_result_repairs() {
        let win = Some(Some(Outcome::WhiteWins));
        let cases: &[Case<'_>] = &[
            (&[("Result", "1-0")], win, &[("Result", "1-0")], None, 0),
            (&[("Result", "0-1")], win, &[("Result", "1-0")], None, 1),
            (
                &[("Event", "x")],
                win,
                &[("Event", "x"), ("Result", "1-0")],
                None,
                1,
            ),
            (&[("result", "*")], Some(None), &[("result", "*")], None, 0),
            (
                &[("Result", "1/2-1/2")],
                None,
                &[("Result", "1/2-1/2")],
                Some("1/2-1/2"),
                1,
            ),
            (
                &[("Result", "draw")],
                None,
                &[("Result", "*")],
                Some("*"),
                2,
            ),
            (&[], None, &[("Result", "*")], Some("*"), 2),
        ];
        for (before, marker, after, added, reported) in cases {
            let mut game = TagsToRepair::new(tags(before));
            let mut seen = Oddities::new();
            let repairs = Repairs::new().result(true);
            repairs.apply(&mut game, *marker, None, Location::default(), |o| {
                seen.add(o.kind())
            });
            assert_eq!(game.tags(), tags(after), "{before:?} {marker:?}");
            assert_eq!(game.marker_to_add(), *added, "{before:?}");
            assert_eq!(seen.total(), *reported, "{before:?}");
            assert_eq!(game.is_changed(), *reported > 0, "{before:?}");
        }
    }

    #[test]
    fn ok_ply_count_and_roster() {
        let mut game =
            TagsToRepair::new(tags(&[("PlyCount", "3"), ("White", "A"), ("ECO", "B90")]));
        let mut seen = Oddities::new();
        let repairs = Repairs::new().ply_count(true).roster(true);
        repairs.apply(&mut game, Some(None), Some(40), Location::default(), |o| {
            seen.add(o.kind())
        });
        let want = [
            ("Event", "?"),
            ("Site", "?"),
            ("Date", "????.??.??"),
            ("Round", "?"),
            ("White", "A"),
            ("Black", "?"),
            ("Result", "*"),
            ("PlyCount", "40"),
            ("ECO", "B90"),
        ];
        assert_eq!(game.tags(), tags(&want));
        assert_eq!(seen.count(OddityKind::RepairedPlyCount), 1);
        assert_eq!(seen.count(OddityKind::FilledRosterTag), 6);
        // Already right: nothing to repair.
        let mut game = TagsToRepair::new(tags(&want));
        repairs.apply(&mut game, Some(None), Some(40), Location::default(), |_| {
            panic!("nothing to repair")
        });
        assert!(!game.is_changed());
    }
}
