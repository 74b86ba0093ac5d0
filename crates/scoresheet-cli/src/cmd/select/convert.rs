//! One worker's part of `select`: each game the pump reads is judged (tags already passed,
//! game criteria when set) and a chosen game's output put into the batch, in input order.

use std::io::{self, Read, Write};
use std::ops::ControlFlow;

use scoresheet_pgn::pump::{next_game, Convert, GameOutcome};
use scoresheet_pgn::replay::{GameError, ReplaySink, Replayer};
use scoresheet_pgn::select::openings::tags_with_opening;
use scoresheet_pgn::select::{FactsSink, GameFacts, TagsToRepair};
use scoresheet_pgn::{
    Location, Noted, Oddities, Oddity, Outcome as GameResult, RawComment, RawTag, RawToken, Reader,
    Skip, Visitor,
};

use super::Settings;

/// A run of chosen games: their output one after the other in `text`, and what the delivery
/// needs to place each (duplicates, splitting).
#[derive(Debug, Default)]
pub struct Chosen {
    /// The chosen games' output, one after the other.
    pub text: Vec<u8>,
    /// Each chosen game, in input order.
    pub games: Vec<ChosenGame>,
    /// Games read whole and left out by the game criteria.
    pub dropped: u64,
}

/// One chosen game of a [`Chosen`] batch.
#[derive(Debug)]
pub struct ChosenGame {
    /// Where its output ends in the batch's text (it starts where the one before ends).
    pub end: usize,
    /// Its mainline's identity (with `--unique`).
    pub mainline: Option<u128>,
    /// The value of its `--split-by` tag, if it has one.
    pub split: Option<String>,
}

impl Chosen {
    /// Empties the batch for its next use.
    pub fn clear(&mut self) {
        self.text.clear();
        self.games.clear();
        self.dropped = 0;
    }
}

/// The converter of `select` (one per thread).
pub struct SelectConverter<'a> {
    selector: Selector<'a>,
}

impl<'a> SelectConverter<'a> {
    pub(super) fn new(settings: &'a Settings) -> SelectConverter<'a> {
        let facts = FactsSink::new(settings.criteria.clone())
            .classify(settings.classify)
            .openings(settings.openings());
        let sink = Noted::new(facts).keep(settings.warnings);
        SelectConverter {
            selector: Selector {
                settings,
                replayer: Replayer::with_options(sink, settings.replay),
                tags: Vec::new(),
                split: None,
                marker: None,
                begin: Location::default(),
                movetext: Location::default(),
            },
        }
    }
}

impl Convert for SelectConverter<'_> {
    type Batch = Chosen;

    fn next_game<R: Read>(
        &mut self,
        reader: &mut Reader<R>,
        batch: &mut Chosen,
    ) -> GameOutcome<u64> {
        let outcome = next_game(reader, &mut self.selector);
        outcome.map(|verdict| match verdict {
            Verdict::Dropped => {
                batch.dropped += 1;
                0
            }
            Verdict::Chosen(facts) => {
                let settings = self.selector.settings;
                // Writing into a `Vec` cannot fail.
                let _ = self
                    .selector
                    .write_game(&mut batch.text, reader.game_bytes(), facts);
                batch.games.push(ChosenGame {
                    end: batch.text.len(),
                    mainline: facts.filter(|_| settings.unique).map(|f| f.mainline),
                    split: self.selector.split.take(),
                });
                facts.map_or(0, |f| u64::from(f.plies))
            }
        })
    }

    fn oddities(&self) -> &Oddities {
        self.selector.replayer.sink().oddities()
    }

    fn take_kept(&mut self) -> Vec<(Location, String)> {
        self.selector.replayer.sink_mut().take_kept()
    }

    /// With one thread, a run is delivered once it holds 64 KiB of output or 1,024 games.
    fn batch_ready(&self, batch: &Chosen) -> bool {
        batch.text.len() >= 64 << 10 || batch.games.len() as u64 + batch.dropped >= 1024
    }
}

/// What becomes of a game read to its end.
#[derive(Debug)]
enum Verdict<'a> {
    /// Chosen; with what the replay found, when it was replayed.
    Chosen(Option<GameFacts<'a>>),
    /// Not chosen by the game criteria.
    Dropped,
}

type Replay<'a> = Replayer<Noted<FactsSink<'a>>>;
type Output<'a> = Result<Verdict<'a>, GameError>;

/// The visitor of `select` (of the games `--where` keeps): keeps the tags when they are
/// written again, and replays the game only when game criteria, `--classify` or `--unique`
/// need it.
struct Selector<'a> {
    settings: &'a Settings,
    replayer: Replay<'a>,
    tags: Vec<(String, String)>,
    /// The value of the `--split-by` tag of the current game.
    split: Option<String>,
    /// The current game's result marker (`Some(None)`: `*`), if it has one.
    marker: Option<Option<GameResult>>,
    begin: Location,
    movetext: Location,
}

impl<'a> Selector<'a> {
    /// Writes a chosen game: its own bytes; or, with `--classify` or when a repair changed
    /// it, its tags again and its movetext as it was (with a result marker added by
    /// `--fix-result`); then a blank line.
    fn write_game(
        &mut self,
        out: &mut Vec<u8>,
        bytes: &[u8],
        facts: Option<GameFacts<'a>>,
    ) -> io::Result<()> {
        let repaired = self.repair(facts);
        let opening = facts.and_then(|f| f.opening);
        let rewrite = self.settings.classify || repaired.as_ref().is_some_and(|r| r.is_changed());
        if !rewrite {
            out.extend_from_slice(bytes.trim_ascii_end());
            out.extend_from_slice(b"\n\n");
            return Ok(());
        }
        let tags = repaired.as_ref().map_or(&self.tags[..], |r| r.tags());
        let tags = tags_with_opening(tags, opening);
        write_tags(out, &tags)?;
        if let Some(name) = &self.settings.split_by {
            // The file is named by the value written.
            let found = tags.iter().find(|(n, _)| n.eq_ignore_ascii_case(name));
            self.split = found.map(|(_, value)| value.clone());
        }
        let movetext = self.movetext.byte.saturating_sub(self.begin.byte);
        let movetext = usize::try_from(movetext).unwrap_or(usize::MAX);
        out.extend_from_slice(bytes.get(movetext..).unwrap_or_default().trim_ascii_end());
        if let Some(marker) = repaired.and_then(|r| r.marker_to_add()) {
            out.extend_from_slice(b" ");
            out.extend_from_slice(marker.as_bytes());
        }
        out.extend_from_slice(b"\n\n");
        Ok(())
    }

    /// The repairs asked for, made on the current game's tags and reported as oddities.
    fn repair(&mut self, facts: Option<GameFacts<'a>>) -> Option<TagsToRepair> {
        let repairs = self.settings.repairs;
        if repairs.is_empty() {
            return None;
        }
        let mut game = TagsToRepair::new(self.tags.clone());
        let sink = self.replayer.sink_mut();
        let plies = facts.map(|f| f.plies);
        repairs.apply(&mut game, self.marker, plies, self.begin, |o| {
            sink.oddity(o)
        });
        Some(game)
    }
}

/// Tags in the PGN export format, then the blank line before the movetext.
fn write_tags(out: &mut Vec<u8>, tags: &[(String, String)]) -> io::Result<()> {
    for (name, value) in tags {
        write_tag(out, name, value)?;
    }
    out.write_all(b"\n")
}

fn write_tag(out: &mut Vec<u8>, name: &str, value: &str) -> io::Result<()> {
    let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
    writeln!(out, "[{name} \"{escaped}\"]")
}

/// The replayer's answer, as `select`'s.
fn relay<'a, T>(
    flow: ControlFlow<Result<GameFacts<'a>, GameError>, T>,
) -> ControlFlow<Output<'a>, T> {
    flow.map_break(|game| game.map(verdict))
}

fn verdict(facts: GameFacts<'_>) -> Verdict<'_> {
    match facts.selected {
        true => Verdict::Chosen(Some(facts)),
        false => Verdict::Dropped,
    }
}

impl<'a> Selector<'a> {
    /// The verdict on a game replayed to its end: also `--where` when it reads the tags as
    /// classified ([`Settings::classified_where`](super::Settings)).
    fn judged(&self, game: Result<GameFacts<'a>, GameError>) -> Output<'a> {
        let verdict = game.map(verdict)?;
        let Some(expr) = &self.settings.classified_where else {
            return Ok(verdict);
        };
        Ok(match verdict {
            Verdict::Chosen(facts) => {
                let opening = facts.and_then(|f| f.opening);
                match expr.matches(&tags_with_opening(&self.tags, opening)) {
                    true => Verdict::Chosen(facts),
                    false => Verdict::Dropped,
                }
            }
            Verdict::Dropped => Verdict::Dropped,
        })
    }
}

impl<'a> Visitor for Selector<'a> {
    type Tags = ();
    type Movetext = ();
    type Output = Output<'a>;

    fn begin_game(&mut self, at: Location) -> ControlFlow<Output<'a>> {
        self.tags.clear();
        self.split = None;
        self.marker = None;
        self.begin = at;
        relay(self.replayer.begin_game(at))
    }

    fn tag(&mut self, _: &mut (), name: &[u8], value: RawTag<'_>) -> ControlFlow<Output<'a>> {
        let split_by = self.settings.split_by.as_deref();
        if split_by.is_some_and(|t| t.as_bytes().eq_ignore_ascii_case(name)) {
            self.split = Some(value.decode().into_owned());
        }
        if self.settings.classify || !self.settings.repairs.is_empty() {
            let decoded = scoresheet_pgn::decode::decode(name).into_owned();
            self.tags.push((decoded, value.decode().into_owned()));
        }
        relay(self.replayer.tag(&mut (), name, value))
    }

    fn begin_movetext(&mut self, _: (), at: Location) -> ControlFlow<Output<'a>> {
        self.movetext = at;
        if !self.settings.replays() {
            return ControlFlow::Break(Ok(Verdict::Chosen(None)));
        }
        relay(self.replayer.begin_movetext((), at))
    }

    /// A move; a game that can no longer meet the criteria stops here (not selected): the
    /// rest of it is not replayed.
    fn san(&mut self, _: &mut (), san: RawToken<'_>) -> ControlFlow<Output<'a>> {
        relay(self.replayer.san(&mut (), san))?;
        match self.replayer.sink().inner().is_hopeless() {
            true => ControlFlow::Break(Ok(Verdict::Dropped)),
            false => ControlFlow::Continue(()),
        }
    }

    fn nag(&mut self, _: &mut (), nag: u16, token: RawToken<'_>) -> ControlFlow<Output<'a>> {
        relay(self.replayer.nag(&mut (), nag, token))
    }

    fn comment(&mut self, _: &mut (), comment: RawComment<'_>) -> ControlFlow<Output<'a>> {
        relay(self.replayer.comment(&mut (), comment))
    }

    fn begin_variation(&mut self, _: &mut (), at: Location) -> ControlFlow<Output<'a>, Skip> {
        relay(self.replayer.begin_variation(&mut (), at))
    }

    fn end_variation(&mut self, _: &mut (), at: Location) -> ControlFlow<Output<'a>> {
        relay(self.replayer.end_variation(&mut (), at))
    }

    fn outcome(
        &mut self,
        _: &mut (),
        outcome: Option<GameResult>,
        at: Location,
    ) -> ControlFlow<Output<'a>> {
        self.marker = Some(outcome);
        relay(self.replayer.outcome(&mut (), outcome, at))
    }

    fn oddity(&mut self, oddity: Oddity<'_>) {
        self.replayer.oddity(oddity);
    }

    fn end_game(&mut self, _: ()) -> Output<'a> {
        let game = self.replayer.end_game(());
        self.judged(game)
    }
}
