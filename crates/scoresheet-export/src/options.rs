//! [`ExportOptions`]: the settings of an export, a leaf that the converter, the parallel
//! export and the dataset writer read.

use scoresheet_pgn::replay::ReplayOptions;
use scoresheet_pgn::select::OpeningTable;

use crate::selection::Columns;

/// Settings of an export, with chaining setters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExportOptions {
    pub(crate) columns: Columns,
    pub(crate) batch_games: usize,
    pub(crate) replay: ReplayOptions,
    /// The openings table of `opening_eco`/`opening_name` (`None`: the shipped one).
    pub(crate) openings: Option<&'static OpeningTable>,
}

impl Default for ExportOptions {
    fn default() -> Self {
        ExportOptions::new()
    }
}

impl ExportOptions {
    /// The defaults: the default columns ([`Columns::DEFAULT`]), batches of [`BATCH_GAMES`]
    /// games.
    pub const fn new() -> ExportOptions {
        ExportOptions {
            columns: Columns::DEFAULT,
            batch_games: BATCH_GAMES,
            replay: ReplayOptions::new(),
            openings: None,
        }
    }

    /// The openings table that names `opening_eco` and `opening_name` (`None`: the shipped
    /// one; a table read at run time: [`OpeningTable::leak`]).
    pub const fn openings(mut self, table: Option<&'static OpeningTable>) -> ExportOptions {
        self.openings = table;
        self
    }

    /// Adds the `fen_after` column to `moves` (or takes it away).
    pub const fn fen(mut self, yes: bool) -> ExportOptions {
        self.columns = self.columns.fen(yes);
        self
    }

    /// The columns written (and so the facts of each ply computed).
    pub const fn columns(mut self, columns: Columns) -> ExportOptions {
        self.columns = columns;
        self
    }

    /// The columns written.
    pub const fn selected(&self) -> Columns {
        self.columns
    }

    /// How move tokens are read (a movetext language: `Sf3` in German).
    pub const fn replay(mut self, options: ReplayOptions) -> ExportOptions {
        self.replay = options;
        self
    }

    /// Games per record batch (at least 1).
    pub const fn batch_games(mut self, games: usize) -> ExportOptions {
        self.batch_games = if games == 0 { 1 } else { games };
        self
    }

    /// Whether `moves` has the `fen_after` column.
    pub const fn has_fen(&self) -> bool {
        self.columns.has_fen()
    }
}

/// Games per record batch by default: about 170,000 moves, a few MB of columns.
pub const BATCH_GAMES: usize = 2048;
