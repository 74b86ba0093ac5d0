//! The summary counts of a pumped input: the one place they are added up.

use std::fmt;

use crate::parallel::ChunkLog;
use crate::Oddities;

/// Games converted and rejected, plies and oddities, added up over the deliveries of one or
/// more inputs. Games in = [`converted`](Tally::converted) + [`rejected`](Tally::rejected).
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Tally {
    converted: u64,
    rejected: u64,
    plies: u64,
    oddities: Oddities,
}

impl Tally {
    /// Adds one delivery's counts.
    pub fn add(&mut self, log: &ChunkLog) {
        self.converted += log.converted_games();
        self.rejected += log.rejected_games();
        self.plies += log.plies();
        self.oddities.merge(log.oddities());
    }

    /// Adds another tally (of another input or thread).
    pub fn merge(&mut self, other: &Tally) {
        self.converted += other.converted;
        self.rejected += other.rejected;
        self.plies += other.plies;
        self.oddities.merge(&other.oddities);
    }

    /// Games read: converted plus rejected.
    pub fn games_in(&self) -> u64 {
        self.converted + self.rejected
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

/// `N games in: C converted, R rejected; P plies; <oddities>`.
impl fmt::Display for Tally {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} games in: {} converted, {} rejected; {} plies; {}",
            self.games_in(),
            self.converted,
            self.rejected,
            self.plies,
            self.oddities
        )
    }
}
