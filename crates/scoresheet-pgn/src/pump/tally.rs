//! The summary counts of a pumped input: the one place they are added up.

use std::fmt;

use crate::parallel::ChunkLog;
use crate::Oddities;

/// Games converted and rejected, plies and oddities, added up over the deliveries of one or
/// more inputs. Games in = [`converted`](Tally::converted) + [`rejected`](Tally::rejected) +
/// [`not_selected`](Tally::not_selected).
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Tally {
    converted: u64,
    rejected: u64,
    not_selected: u64,
    plies: u64,
    oddities: Oddities,
}

impl Tally {
    /// Adds one delivery's counts.
    pub fn add(&mut self, log: &ChunkLog) {
        self.converted += log.converted_games();
        self.rejected += log.rejected_games();
        self.not_selected += log.not_selected_games();
        self.plies += log.plies();
        self.oddities.merge(log.oddities());
    }

    /// Adds another tally (of another input or thread).
    pub fn merge(&mut self, other: &Tally) {
        self.converted += other.converted;
        self.rejected += other.rejected;
        self.not_selected += other.not_selected;
        self.plies += other.plies;
        self.oddities.merge(&other.oddities);
    }

    /// Games read: converted plus rejected plus not selected.
    pub fn games_in(&self) -> u64 {
        self.converted + self.rejected + self.not_selected
    }

    /// Games left out by a selection ([`Pump::select_where`](super::Pump::select_where)).
    pub fn not_selected(&self) -> u64 {
        self.not_selected
    }

    /// Games converted.
    pub fn converted(&self) -> u64 {
        self.converted
    }

    /// Games rejected.
    pub fn rejected(&self) -> u64 {
        self.rejected
    }

    /// Plies of the converted games.
    pub fn plies(&self) -> u64 {
        self.plies
    }

    /// The oddities met.
    pub fn oddities(&self) -> &Oddities {
        &self.oddities
    }
}

/// `N games in: C converted, R rejected; P plies; <oddities>`, with `, S not selected` after
/// the rejected games when a selection left some out.
impl fmt::Display for Tally {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} games in: {} converted, {} rejected",
            self.games_in(),
            self.converted,
            self.rejected
        )?;
        if self.not_selected > 0 {
            write!(f, ", {} not selected", self.not_selected)?;
        }
        write!(f, "; {} plies; {}", self.plies, self.oddities)
    }
}
