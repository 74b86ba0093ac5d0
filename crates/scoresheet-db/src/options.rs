//! [`LoadOptions`]: the settings of a load, a leaf that the load and its converter both read.

use std::sync::Arc;

use scoresheet_pgn::replay::ReplayOptions;
use scoresheet_pgn::select::{OpeningTable, TagExpr};

/// Settings of a load, with chaining setters.
#[derive(Debug, Clone, PartialEq)]
pub struct LoadOptions {
    pub(crate) batch_size: usize,
    pub(crate) threads: usize,
    pub(crate) abort_after_games: Option<u64>,
    pub(crate) warnings: bool,
    pub(crate) replay: ReplayOptions,
    pub(crate) selection: Option<Arc<TagExpr>>,
    pub(crate) openings: Option<&'static OpeningTable>,
    pub(crate) max_game_bytes: usize,
}

impl LoadOptions {
    /// The defaults: batches of 100 games, games read on one thread.
    pub const fn new() -> LoadOptions {
        LoadOptions {
            batch_size: 100,
            threads: 1,
            abort_after_games: None,
            warnings: false,
            replay: ReplayOptions::new(),
            selection: None,
            openings: None,
            max_game_bytes: scoresheet_pgn::DEFAULT_MAX_GAME_BYTES,
        }
    }

    /// The largest game read, in bytes ([`ReadOptions::max_game_bytes`](scoresheet_pgn::ReadOptions::max_game_bytes)): a larger one is
    /// reported and skipped as it streams.
    pub const fn max_game_bytes(mut self, bytes: usize) -> LoadOptions {
        self.max_game_bytes = bytes;
        self
    }

    /// The openings table that names `games.opening_eco` and `opening_name` (`None`: the
    /// shipped one; a table read at run time: [`OpeningTable::leak`]).
    pub const fn openings(mut self, table: Option<&'static OpeningTable>) -> LoadOptions {
        self.openings = table;
        self
    }

    /// The openings table set by [`openings`](Self::openings).
    pub const fn openings_table(&self) -> Option<&'static OpeningTable> {
        self.openings
    }

    /// Loads only the games whose tags satisfy `expr` (`None`: every game); the others are
    /// counted in [`LoadSummary::not_selected`](crate::LoadSummary::not_selected). See [`Pump::select_where`](scoresheet_pgn::pump::Pump::select_where).
    pub fn select_where(mut self, expr: Option<Arc<TagExpr>>) -> LoadOptions {
        self.selection = expr;
        self
    }

    /// Games per transaction (at least 1). Larger batches load a little faster; a crash loses
    /// at most one batch of work, which the next load redoes. Memory grows with the batch,
    /// never with the input: at most three batches are held at once (one read, one queued,
    /// one written), about 25 MB for 100 games of 80 plies.
    pub const fn batch_size(mut self, games: usize) -> LoadOptions {
        self.batch_size = if games == 0 { 1 } else { games };
        self
    }

    /// Threads reading and converting games (the library's [`Pump`](scoresheet_pgn::pump::Pump); at least 1): the games
    /// stored, their order and the reports are the same for any count.
    pub const fn threads(mut self, threads: usize) -> LoadOptions {
        self.threads = if threads == 0 { 1 } else { threads };
        self
    }

    /// Games per transaction.
    pub const fn games_per_batch(&self) -> usize {
        self.batch_size
    }

    /// Whether each oddity is reported.
    pub const fn keeps_warnings(&self) -> bool {
        self.warnings
    }

    /// How move tokens are read.
    pub const fn replay_options(&self) -> ReplayOptions {
        self.replay
    }

    /// Whether to report each oddity of the input (text skipped, odd forms read) through
    /// [`LoadEvent::Warning`](crate::LoadEvent::Warning); they are counted in [`LoadSummary::oddities`](crate::LoadSummary::oddities) either way.
    pub const fn warnings(mut self, warnings: bool) -> LoadOptions {
        self.warnings = warnings;
        self
    }

    /// How move tokens are read (a movetext language: `Sf3` in German).
    pub const fn replay(mut self, options: ReplayOptions) -> LoadOptions {
        self.replay = options;
        self
    }

    /// For crash tests only: abort the process (as `kill -9` would end it) once this many
    /// games have gone into a transaction, before it commits.
    #[doc(hidden)]
    pub const fn abort_after_games(mut self, games: Option<u64>) -> LoadOptions {
        self.abort_after_games = games;
        self
    }
}

impl Default for LoadOptions {
    fn default() -> LoadOptions {
        LoadOptions::new()
    }
}
