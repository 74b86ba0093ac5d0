//! The tables' columns, declared once: [`MOVE_COLUMNS`] and [`GAME_COLUMNS`] give each
//! column's name, its SQL type on each database ([`SqlType`]), whether it may be NULL, whether
//! a stored game is read back from it, and its value as a function of the row ([`PlyRow`],
//! [`GameRow`]). The SQLite inserts (`sqlite_insert.rs`: the column list and the bind order),
//! the PostgreSQL binary COPY (`pg_binary.rs`: the column list and the encoder) and the
//! read-back SELECTs (`fetch.rs`) all come from here, and the migrations under `sql/` are
//! tested against it on both databases ([`crate::schema::columns`]). A new column is a line
//! here and a migration that adds it (for `moves`, on PostgreSQL, the migration also creates
//! the view `moves_fen` again: PostgreSQL expands its `moves.*` when the view is created).
//!
//! A column's [`Values`] variant is its type: the encoders match on it and call the row's
//! function, so a value costs a call and no allocation.

use std::borrow::Cow;

use scoresheet::square_name;

#[cfg(test)]
use crate::row::ROSTER;
use crate::row::{GameRow, PlyRow};

/// The SQL type of a column, as each database names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SqlType {
    /// A 64-bit integer: SQLite `INTEGER`, PostgreSQL `bigint`.
    BigInt,
    /// An integer: SQLite `INTEGER`, PostgreSQL `integer` (32 bits).
    Integer,
    /// A float: SQLite `REAL`, PostgreSQL `double precision`.
    Real,
    /// SQLite `BOOLEAN` (stored as 0 or 1), PostgreSQL `boolean`.
    Boolean,
    /// `TEXT` on both.
    Text,
    /// Text compared byte by byte: SQLite `TEXT` (whose default collation does so),
    /// PostgreSQL `text COLLATE "C"`.
    BinaryText,
    /// JSON: SQLite `TEXT`, PostgreSQL `jsonb`.
    Json,
}

impl SqlType {
    /// The type as SQLite declares it (`PRAGMA table_info`'s `type`).
    pub const fn sqlite(self) -> &'static str {
        match self {
            SqlType::BigInt | SqlType::Integer => "INTEGER",
            SqlType::Real => "REAL",
            SqlType::Boolean => "BOOLEAN",
            SqlType::Text | SqlType::BinaryText | SqlType::Json => "TEXT",
        }
    }

    /// The type as PostgreSQL names it (`information_schema.columns.data_type`).
    pub const fn postgres(self) -> &'static str {
        match self {
            SqlType::BigInt => "bigint",
            SqlType::Integer => "integer",
            SqlType::Real => "double precision",
            SqlType::Boolean => "boolean",
            SqlType::Text | SqlType::BinaryText => "text",
            SqlType::Json => "jsonb",
        }
    }

    /// The collation PostgreSQL declares for the column, if not the database's default.
    pub const fn postgres_collation(self) -> Option<&'static str> {
        match self {
            SqlType::BinaryText => Some("C"),
            _ => None,
        }
    }
}

/// A column of the newest schema: what [`crate::schema::columns`] lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ColumnSpec {
    /// The column's name.
    pub name: &'static str,
    /// Its type.
    pub sql_type: SqlType,
    /// Whether it may hold NULL.
    pub nullable: bool,
}

/// A column's type and its value as a function of a row `R`.
#[derive(Debug)]
pub(crate) enum Values<R> {
    BigInt(fn(&R) -> i64),
    /// Stored as a 32-bit integer on PostgreSQL (a value out of its range fails the COPY).
    Integer(fn(&R) -> i64),
    OptInteger(fn(&R) -> Option<i32>),
    OptReal(fn(&R) -> Option<f64>),
    Boolean(fn(&R) -> bool),
    Text(for<'a> fn(&'a R) -> Cow<'a, str>),
    OptText(for<'a> fn(&'a R) -> Option<&'a str>),
    BinaryText(for<'a> fn(&'a R) -> &'a str),
    Json(for<'a> fn(&'a R) -> &'a str),
    OptJson(for<'a> fn(&'a R) -> Option<&'a str>),
}

/// A column of a table whose rows are `R`.
#[derive(Debug)]
pub(crate) struct Column<R> {
    pub name: &'static str,
    pub values: Values<R>,
    /// Whether the schema lets it hold NULL: always for a value that may be missing, and for
    /// a column a migration added without `NOT NULL` (see [`nullable`](Column::nullable)).
    pub nullable: bool,
    /// Whether [`crate::fetch`] reads it back (the columns a stored game's EGD record is
    /// rebuilt from).
    pub read: bool,
}

const fn column<R>(name: &'static str, values: Values<R>) -> Column<R> {
    let nullable = matches!(
        values,
        Values::OptInteger(_) | Values::OptReal(_) | Values::OptText(_) | Values::OptJson(_)
    );
    Column {
        name,
        values,
        nullable,
        read: false,
    }
}

impl<R> Column<R> {
    /// Declared without `NOT NULL` although every row has a value.
    const fn nullable(mut self) -> Column<R> {
        self.nullable = true;
        self
    }

    /// Read back by [`crate::fetch`].
    const fn read(mut self) -> Column<R> {
        self.read = true;
        self
    }

    /// The column's SQL type.
    pub(crate) const fn sql_type(&self) -> SqlType {
        match self.values {
            Values::BigInt(_) => SqlType::BigInt,
            Values::Integer(_) | Values::OptInteger(_) => SqlType::Integer,
            Values::OptReal(_) => SqlType::Real,
            Values::Boolean(_) => SqlType::Boolean,
            Values::Text(_) | Values::OptText(_) => SqlType::Text,
            Values::BinaryText(_) => SqlType::BinaryText,
            Values::Json(_) | Values::OptJson(_) => SqlType::Json,
        }
    }

    /// Its name, type and nullability.
    pub(crate) const fn spec(&self) -> ColumnSpec {
        ColumnSpec {
            name: self.name,
            sql_type: self.sql_type(),
            nullable: self.nullable,
        }
    }
}

/// A column of `moves`.
const fn ply_column(name: &'static str, values: Values<PlyRow>) -> Column<PlyRow> {
    column(name, values)
}

/// A column of `games`.
const fn game_column(name: &'static str, values: Values<GameRow>) -> Column<GameRow> {
    column(name, values)
}

/// The columns of `moves`, in the order of the table.
pub(crate) const MOVE_COLUMNS: [Column<PlyRow>; 29] = {
    use Values::*;
    [
        ply_column("game_id", BigInt(|r| r.game_id)),
        ply_column("ply", Integer(|r| r.ply as i64)),
        ply_column("move_number", Integer(|r| r.record.move_number.into())).read(),
        ply_column("side", Text(|r| r.side().into())).read(),
        ply_column("san", Text(PlyRow::san)).read(),
        ply_column("lran", Text(|r| r.lran.as_str().into())).read(),
        ply_column("from_square", Text(|r| square_name(r.record.from).into())).read(),
        ply_column("to_square", Text(|r| square_name(r.record.to).into())).read(),
        ply_column("piece", Text(|r| r.record.piece.as_str().into())).read(),
        ply_column("move_type", Text(|r| r.record.move_type.as_str().into())).read(),
        ply_column(
            "captured",
            OptText(|r| r.record.captured.map(|p| p.as_str())),
        )
        .read(),
        ply_column(
            "promotion",
            OptText(|r| r.record.promotion.map(|p| p.as_str())),
        )
        .read(),
        ply_column("position_after", BinaryText(|r| &r.position_after)),
        ply_column("is_check", Boolean(|r| r.record.check)).read(),
        ply_column("is_mate", Boolean(|r| r.record.mate)).read(),
        ply_column(
            "halfmove_clock",
            Integer(|r| r.features.halfmove_clock.into()),
        )
        .read(),
        ply_column("repetition", Integer(|r| r.features.repetition.into())).read(),
        ply_column(
            "fifty_move_claimable",
            Boolean(|r| r.features.fifty_move_claimable),
        )
        .read(),
        ply_column(
            "seventy_five_move",
            Boolean(|r| r.features.seventy_five_move),
        )
        .read(),
        ply_column("fivefold", Boolean(|r| r.features.fivefold)).read(),
        ply_column("stalemate", Boolean(|r| r.features.stalemate)).read(),
        ply_column(
            "insufficient_material",
            Boolean(|r| r.features.insufficient_material),
        )
        .read(),
        ply_column("meta", OptJson(|r| r.meta.as_deref())).read(),
        ply_column("clock_seconds", OptReal(|r| r.commands().clock_seconds)),
        ply_column("emt_seconds", OptReal(|r| r.commands().emt_seconds)),
        ply_column("eval_cp", OptInteger(|r| r.commands().eval_cp)),
        ply_column("eval_mate", OptInteger(|r| r.commands().eval_mate)),
        // Added by schema version 3 (without NOT NULL); a load always writes them.
        ply_column("uci", Text(PlyRow::uci)).nullable(),
        ply_column("position_key", BigInt(PlyRow::position_key)).nullable(),
    ]
};

/// The columns of `games`, in the order of the table. The roster's are named after its tags
/// in lower case (`Event` is `event`; [`ROSTER`](crate::row::ROSTER)).
pub(crate) const GAME_COLUMNS: [Column<GameRow>; 16] = {
    use Values::*;
    [
        game_column("game_id", BigInt(|g| g.game_id)),
        game_column("content_hash", Text(|g| g.content_hash.as_str().into())),
        game_column("event", OptText(|g| g.roster[0].as_deref())).read(),
        game_column("site", OptText(|g| g.roster[1].as_deref())).read(),
        game_column("date", OptText(|g| g.roster[2].as_deref())).read(),
        game_column("round", OptText(|g| g.roster[3].as_deref())).read(),
        game_column("white", OptText(|g| g.roster[4].as_deref())).read(),
        game_column("black", OptText(|g| g.roster[5].as_deref())).read(),
        game_column("result", Text(|g| g.result.as_str().into())).read(),
        game_column("tags", Json(|g| &g.tags_json)).read(),
        game_column("ply_count", Integer(|g| g.moves.len() as i64)),
        game_column("start_fen", Text(|g| g.start_fen.as_str().into())).read(),
        game_column("source_file", Text(|g| (*g.source_file).into())),
        // The offset of a game in a file: far below 2^63.
        game_column("source_offset", BigInt(|g| g.source_offset as i64)),
        game_column(
            "opening_eco",
            OptText(|g| g.opening.as_ref().map(|o| o.0.as_str())),
        ),
        game_column(
            "opening_name",
            OptText(|g| g.opening.as_ref().map(|o| o.1.as_str())),
        ),
    ]
};

/// The columns of a table of the newest schema (`games` or `moves`), in order; `None` for
/// another name.
pub fn columns(table: &str) -> Option<Vec<ColumnSpec>> {
    match table {
        "games" => Some(GAME_COLUMNS.iter().map(Column::spec).collect()),
        "moves" => Some(MOVE_COLUMNS.iter().map(Column::spec).collect()),
        _ => None,
    }
}

/// `a, b, c`: the columns' names, in order.
pub(crate) fn name_list<R>(columns: &[Column<R>]) -> String {
    let names: Vec<&str> = columns.iter().map(|c| c.name).collect();
    names.join(", ")
}

/// The columns read back, in order, as a SELECT list: JSON as text, under its own name.
pub(crate) fn read_list<R>(columns: &[Column<R>]) -> String {
    let read = columns
        .iter()
        .filter(|c| c.read)
        .map(|c| match c.sql_type() {
            SqlType::Json => format!("CAST({0} AS TEXT) AS {0}", c.name),
            _ => c.name.to_owned(),
        });
    read.collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unique<R>(columns: &[Column<R>]) {
        for (i, c) in columns.iter().enumerate() {
            let first = columns.iter().position(|d| d.name == c.name);
            assert_eq!(first, Some(i), "{} declared twice", c.name);
        }
    }

    #[test]
    fn ok_names_unique() {
        unique(&MOVE_COLUMNS);
        unique(&GAME_COLUMNS);
    }

    /// The read-back finds a roster tag's value in the column named after it in lower case.
    #[test]
    fn ok_roster_columns() {
        for tag in ROSTER {
            let name = tag.to_ascii_lowercase();
            let column = GAME_COLUMNS.iter().find(|c| c.name == name);
            assert!(column.is_some_and(|c| c.read && c.nullable), "{tag}");
        }
    }

    #[test]
    fn ok_lists() {
        let list = read_list(&MOVE_COLUMNS);
        assert!(
            list.starts_with("move_number, side, san, lran, from_square"),
            "{list}"
        );
        assert!(
            list.ends_with(", insufficient_material, CAST(meta AS TEXT) AS meta"),
            "{list}"
        );
        assert_eq!(
            read_list(&GAME_COLUMNS),
            "event, site, date, round, white, black, result, CAST(tags AS TEXT) AS tags, start_fen"
        );
        assert!(name_list(&GAME_COLUMNS).starts_with("game_id, content_hash, event, site"));
    }

    #[test]
    fn ok_types() {
        let moves = columns("moves").expect("a table");
        let key = moves.iter().find(|c| c.name == "position_key");
        let want = ColumnSpec {
            name: "position_key",
            sql_type: SqlType::BigInt,
            nullable: true,
        };
        assert_eq!(key, Some(&want));
        assert_eq!(SqlType::Json.postgres(), "jsonb");
        assert_eq!(SqlType::BinaryText.postgres_collation(), Some("C"));
        assert_eq!(columns("moves_fen"), None);
    }
}
