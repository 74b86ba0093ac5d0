//! [`Columns`]: which columns of the two tables an export writes, and so which facts of each
//! ply its recorder computes ([`Columns::facts`]): a column not written costs nothing.
//!
//! The default is every column of the tables as documented, without the optional ones
//! (`fen_after`, `board`, `castling`, `en_passant`), which are asked for by name. A selection
//! by name ([`Columns::named`]) keeps the tables' own column order and always holds `game_id`,
//! the key that joins them.

use std::fmt;

use scoresheet_pgn::record::Facts;

use crate::games_table::GAME_COLUMNS;
use crate::moves_table::MOVE_COLUMNS;

/// Which columns of `games` and `moves` an export writes: one bit per declared column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Columns {
    games: u64,
    moves: u64,
}

impl Default for Columns {
    fn default() -> Self {
        Columns::DEFAULT
    }
}

/// The bits of every `games` column.
const fn every_game() -> u64 {
    (1 << GAME_COLUMNS.len()) - 1
}

/// The bits of the `moves` columns, the optional ones too or not.
const fn moves_where(optional: bool) -> u64 {
    let mut bits = 0;
    let mut i = 0;
    while i < MOVE_COLUMNS.len() {
        if optional || !MOVE_COLUMNS[i].optional {
            bits |= 1 << i;
        }
        i += 1;
    }
    bits
}

/// The bit of a column among `names`.
const fn bit_of(names: &[&str], wanted: &str) -> u64 {
    let mut i = 0;
    while i < names.len() {
        if const_eq(names[i], wanted) {
            return 1 << i;
        }
        i += 1;
    }
    panic!("a declared column")
}

const fn const_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The names of a declaration's columns, in order, as a constant (a `const fn` cannot read a
/// field through a generic type).
macro_rules! names_of {
    ($columns:expr) => {{
        let mut names = [""; $columns.len()];
        let mut i = 0;
        while i < names.len() {
            names[i] = $columns[i].name;
            i += 1;
        }
        names
    }};
}

/// The names of the `moves` columns, in order.
const MOVE_NAMES: [&str; MOVE_COLUMNS.len()] = names_of!(MOVE_COLUMNS);

/// The names of the `games` columns, in order.
const GAME_NAMES: [&str; GAME_COLUMNS.len()] = names_of!(GAME_COLUMNS);

/// The bit of `game_id` in each table.
const GAME_ID: Columns = Columns {
    games: bit_of(&GAME_NAMES, "game_id"),
    moves: bit_of(&MOVE_NAMES, "game_id"),
};

const FEN_AFTER: u64 = bit_of(&MOVE_NAMES, "fen_after");

impl Columns {
    /// Every column but the optional ones: the tables as documented.
    pub const DEFAULT: Columns = Columns {
        games: every_game(),
        moves: moves_where(false),
    };

    /// Every column, the optional ones too.
    pub const ALL: Columns = Columns {
        games: every_game(),
        moves: moves_where(true),
    };

    /// The columns named, of either table (`game_id` is in both), and `game_id`, which joins
    /// the tables, always; each table's columns in its own order.
    ///
    /// # Errors
    ///
    /// A name that is no column of either table.
    ///
    /// ```
    /// use scoresheet_export::Columns;
    ///
    /// let columns = Columns::named(["to_square", "ply", "white_elo"]).expect("columns");
    /// assert_eq!(columns.move_names().collect::<Vec<_>>(), ["game_id", "ply", "to_square"]);
    /// assert_eq!(columns.game_names().collect::<Vec<_>>(), ["game_id", "white_elo"]);
    /// assert!(Columns::named(["sna"]).is_err());
    /// ```
    pub fn named<'a>(names: impl IntoIterator<Item = &'a str>) -> Result<Columns, UnknownColumn> {
        let mut columns = GAME_ID;
        for name in names {
            columns = columns.with(name)?;
        }
        Ok(columns)
    }

    /// These columns and the one named, of either table.
    ///
    /// # Errors
    ///
    /// A name that is no column of either table.
    pub fn with(mut self, name: &str) -> Result<Columns, UnknownColumn> {
        let game = GAME_COLUMNS.iter().position(|c| c.name == name);
        let mv = MOVE_COLUMNS.iter().position(|c| c.name == name);
        if game.is_none() && mv.is_none() {
            return Err(UnknownColumn(name.to_owned()));
        }
        if let Some(i) = game {
            self.games |= 1 << i;
        }
        if let Some(i) = mv {
            self.moves |= 1 << i;
        }
        Ok(self)
    }

    /// These columns with `fen_after` or without it.
    pub const fn fen(mut self, yes: bool) -> Columns {
        match yes {
            true => self.moves |= FEN_AFTER,
            false => self.moves &= !FEN_AFTER,
        }
        self
    }

    /// Whether `moves` has `fen_after`.
    pub const fn has_fen(self) -> bool {
        self.moves & FEN_AFTER != 0
    }

    /// The names of the `games` columns, in order.
    pub fn game_names(self) -> impl Iterator<Item = &'static str> {
        self.games_declared().map(|c| c.name)
    }

    /// The names of the `moves` columns, in order.
    pub fn move_names(self) -> impl Iterator<Item = &'static str> {
        self.moves_declared().map(|c| c.name)
    }

    /// Every column name of either table, each once, `games`' first.
    pub fn every_name() -> impl Iterator<Item = &'static str> {
        let moves = MOVE_COLUMNS.iter().map(|c| c.name);
        let moves = moves.filter(|name| GAME_COLUMNS.iter().all(|c| c.name != *name));
        GAME_COLUMNS.iter().map(|c| c.name).chain(moves)
    }

    /// The costly facts of a ply that these columns need (the move's own facts come always).
    pub fn facts(self) -> Facts {
        let games = self.games_declared().map(|c| c.facts);
        let moves = self.moves_declared().map(|c| c.facts);
        games.chain(moves).fold(Facts::NONE, Facts::union)
    }

    /// The `games` columns written, in order.
    pub(crate) fn games_declared(
        self,
    ) -> impl Iterator<Item = &'static crate::games_table::GameColumn> {
        chosen(&GAME_COLUMNS, self.games)
    }

    /// The `moves` columns written, in order.
    pub(crate) fn moves_declared(
        self,
    ) -> impl Iterator<Item = &'static crate::moves_table::MoveColumn> {
        chosen(&MOVE_COLUMNS, self.moves)
    }
}

/// The columns of a declaration whose bits are set, in order.
fn chosen<T>(columns: &'static [T], bits: u64) -> impl Iterator<Item = &'static T> {
    let set = move |i: &usize| bits >> i & 1 == 1;
    columns
        .iter()
        .enumerate()
        .filter(move |(i, _)| set(i))
        .map(|(_, c)| c)
}

/// A column name that neither table has.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownColumn(pub String);

impl fmt::Display for UnknownColumn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Columns::every_name().collect();
        write!(
            f,
            "no column {:?} in the games or moves table (expected one of: {})",
            self.0,
            names.join(", ")
        )
    }
}

impl std::error::Error for UnknownColumn {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ok_default_is_every_column_but_the_optional_ones() {
        let moves: Vec<&str> = Columns::DEFAULT.move_names().collect();
        assert_eq!(moves.len(), MOVE_COLUMNS.len() - 4);
        for optional in ["fen_after", "board", "castling", "en_passant"] {
            assert!(!moves.contains(&optional), "{optional}");
            assert!(
                Columns::ALL.move_names().any(|n| n == optional),
                "{optional}"
            );
        }
        assert_eq!(Columns::DEFAULT.game_names().count(), GAME_COLUMNS.len());
        assert!(Columns::DEFAULT.fen(true).has_fen());
        assert!(!Columns::DEFAULT.fen(true).fen(false).has_fen());
        let facts = Columns::DEFAULT.facts();
        let costly = Facts::SAN_ID | Facts::UCI_ID | Facts::POSITION_KEY | Facts::REPETITION;
        assert!(facts.contains(costly | Facts::OPENING), "{facts:?}");
        assert!(!facts.contains(Facts::EN_PASSANT), "{facts:?}");
    }

    #[test]
    fn ok_named_keeps_game_id_and_the_tables_order() {
        let c = Columns::named(["clock_seconds", "side", "result"]).expect("names");
        assert_eq!(
            c.move_names().collect::<Vec<_>>(),
            ["game_id", "side", "clock_seconds"]
        );
        assert_eq!(c.game_names().collect::<Vec<_>>(), ["game_id", "result"]);
        assert_eq!(c.facts(), Facts::NONE);
        let san = Columns::named(["san", "opening_eco"])
            .expect("names")
            .facts();
        assert!(san.contains(Facts::SAN_ID) && san.contains(Facts::OPENING));
        assert!(!san.contains(Facts::REPETITION));
    }

    #[test]
    fn err_unknown_column_names_the_choices() {
        let err = Columns::named(["ply", "sna"]).expect_err("no such column");
        let text = err.to_string();
        assert!(
            text.starts_with("no column \"sna\" in the games or moves table"),
            "{text}"
        );
        assert!(text.contains("san") && text.contains("white_elo"), "{text}");
    }
}
