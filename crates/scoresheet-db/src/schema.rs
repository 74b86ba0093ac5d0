//! The versioned schema: one SQL file per version and dialect, under `sql/`.
//!
//! [`Database::migrate`](crate::Database::migrate) records applied versions in the table
//! `scoresheet_migrations` (`version`, `name`) and applies the missing ones in order, each in
//! its own transaction. A database whose version is newer than [`SCHEMA_VERSION`] is refused.
//!
//! The columns of the newest schema's tables are declared once, with the values the loader
//! writes into them; [`columns`] lists them (name, [`SqlType`], nullability), and the tests
//! compare that list with what the migrations create on each database.

pub use crate::columns::{columns, ColumnSpec, SqlType};

/// The newest schema version this crate knows.
pub const SCHEMA_VERSION: i64 = 6;

/// One schema change, in both dialects.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Migration {
    pub version: i64,
    pub name: &'static str,
    pub sqlite: &'static str,
    pub postgres: &'static str,
    /// Whether the stored plies' derived columns (`uci`, `position_key`, `position_after`) are
    /// computed again after the SQL ran, from each game's own rows.
    pub rewrite_plies: bool,
}

/// Every migration, oldest first.
pub(crate) const MIGRATIONS: &[Migration] = &[
    Migration {
        version: 1,
        name: "games and moves",
        sqlite: include_str!("../sql/sqlite/0001_schema.sql"),
        postgres: include_str!("../sql/postgres/0001_schema.sql"),
        rewrite_plies: false,
    },
    Migration {
        version: 2,
        name: "move comment commands as columns",
        sqlite: include_str!("../sql/sqlite/0002_move_commands.sql"),
        postgres: include_str!("../sql/postgres/0002_move_commands.sql"),
        rewrite_plies: false,
    },
    Migration {
        version: 3,
        name: "positions by the repetition rules, Polyglot keys, UCI",
        sqlite: include_str!("../sql/sqlite/0003_positions.sql"),
        postgres: include_str!("../sql/postgres/0003_positions.sql"),
        rewrite_plies: true,
    },
    Migration {
        version: 4,
        name: "the key of moves as an index a bulk load can drop (SQLite)",
        sqlite: include_str!("../sql/sqlite/0004_moves_key.sql"),
        postgres: include_str!("../sql/postgres/0004_moves_key.sql"),
        rewrite_plies: false,
    },
    Migration {
        version: 5,
        name: "moves without their FENs; the view moves_fen computes fen_after",
        sqlite: include_str!("../sql/sqlite/0005_lean_moves.sql"),
        postgres: include_str!("../sql/postgres/0005_lean_moves.sql"),
        rewrite_plies: false,
    },
    Migration {
        version: 6,
        name: "games.opening_eco and games.opening_name, the classified opening",
        sqlite: include_str!("../sql/sqlite/0006_openings.sql"),
        postgres: include_str!("../sql/postgres/0006_openings.sql"),
        rewrite_plies: false,
    },
];

/// The secondary indexes of the newest schema, `(name, table and columns)`: the same SQL on
/// both databases. A load into an empty database drops them and builds them at its end (one
/// sort instead of a random insertion per row, which slows as the tables outgrow the cache);
/// every load first creates any that are missing (after a bulk load that was killed).
pub(crate) const SECONDARY_INDEXES: &[(&str, &str)] = &[
    ("games_white", "games (white)"),
    ("games_black", "games (black)"),
    ("games_result", "games (result)"),
    ("games_eco", "games ((tags ->> 'ECO'))"),
    ("moves_position_key", "moves (position_key)"),
];

/// `CREATE INDEX IF NOT EXISTS` for every secondary index.
pub(crate) fn create_indexes_sql() -> String {
    SECONDARY_INDEXES
        .iter()
        .map(|(name, on)| format!("CREATE INDEX IF NOT EXISTS {name} ON {on};\n"))
        .collect()
}

/// `DROP INDEX IF EXISTS` for every secondary index.
pub(crate) fn drop_indexes_sql() -> String {
    SECONDARY_INDEXES
        .iter()
        .map(|(name, _)| format!("DROP INDEX IF EXISTS {name};\n"))
        .collect()
}

/// Creates the bookkeeping table (the same SQL on both databases).
pub(crate) const CREATE_MIGRATIONS_TABLE: &str =
    "CREATE TABLE IF NOT EXISTS scoresheet_migrations (\
     version BIGINT PRIMARY KEY, name TEXT NOT NULL)";

/// Checks a database's version against what this crate knows.
pub(crate) fn check_version(found: i64) -> Result<(), crate::Error> {
    if found > SCHEMA_VERSION {
        return Err(crate::Error::SchemaTooNew {
            found,
            known: SCHEMA_VERSION,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ok_migrations_in_order() {
        for (i, m) in MIGRATIONS.iter().enumerate() {
            assert_eq!(m.version, i as i64 + 1);
        }
        assert_eq!(MIGRATIONS.last().map(|m| m.version), Some(SCHEMA_VERSION));
    }
}
