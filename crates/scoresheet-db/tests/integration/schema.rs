//! The tables the migrations create against the columns the crate declares
//! (`scoresheet_db::schema::columns`, from which the inserts, the COPY and the read-back come):
//! name, type, nullability and order of each column, on SQLite and on PostgreSQL (shared by
//! both test binaries).
#![allow(dead_code)]

use scoresheet_db::query::Value;
use scoresheet_db::schema::{columns, SqlType};
use scoresheet_db::Database;

/// The database a catalogue is read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    Sqlite,
    Postgres,
}

/// A column as a database's catalogue describes it (or as the declaration says it should).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Described {
    pub name: String,
    /// The type as the catalogue spells it, with PostgreSQL's collation when not the default
    /// (`text COLLATE "C"`).
    pub sql_type: String,
    pub nullable: bool,
}

impl std::fmt::Display for Described {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let null = if self.nullable { "NULL" } else { "NOT NULL" };
        write!(f, "{} {} {null}", self.name, self.sql_type)
    }
}

fn text(value: &Value) -> String {
    match value {
        Value::Text(t) => t.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

fn with_collation(sql_type: &str, collation: Option<&str>) -> String {
    match collation {
        Some(c) if !c.is_empty() => format!("{sql_type} COLLATE \"{c}\""),
        _ => sql_type.to_owned(),
    }
}

/// The columns of `table` (a table or a view) as the database describes them, in order.
pub fn described(db: &mut Database, dialect: Dialect, table: &str) -> Vec<Described> {
    let sql = match dialect {
        // An INTEGER PRIMARY KEY (games.game_id) is the rowid: never NULL, though not declared
        // NOT NULL.
        Dialect::Sqlite => format!(
            "SELECT name, type, \"notnull\" = 0 AND pk = 0 AS nullable, NULL AS collation \
             FROM pragma_table_info('{table}') ORDER BY cid"
        ),
        Dialect::Postgres => format!(
            "SELECT column_name::text, data_type::text, (is_nullable = 'YES')::int, \
             collation_name::text FROM information_schema.columns \
             WHERE table_schema = current_schema() AND table_name = '{table}' \
             ORDER BY ordinal_position"
        ),
    };
    let result = db.query(&sql, None).expect("catalogue query runs");
    result
        .rows
        .iter()
        .map(|r| Described {
            name: text(&r[0]),
            sql_type: with_collation(&text(&r[1]), Some(&text(&r[3]))),
            nullable: r[2] == Value::Int(1),
        })
        .collect()
}

/// The columns of `table` as the declaration says `dialect` describes them.
pub fn declared(dialect: Dialect, table: &str) -> Vec<Described> {
    let declared = columns(table).expect("a declared table");
    let type_of = |t: SqlType| match dialect {
        Dialect::Sqlite => t.sqlite().to_owned(),
        Dialect::Postgres => with_collation(t.postgres(), t.postgres_collation()),
    };
    declared
        .iter()
        .map(|c| Described {
            name: c.name.to_owned(),
            sql_type: type_of(c.sql_type),
            nullable: c.nullable,
        })
        .collect()
}

/// The first column where the database (`found`) and the declaration (`want`) of `table`
/// differ, said in words; `None` when they agree.
pub fn difference(table: &str, found: &[Described], want: &[Described]) -> Option<String> {
    for (i, (f, w)) in found.iter().zip(want).enumerate() {
        if f == w {
            continue;
        }
        let at = format!("{table} column {} (from 1)", i + 1);
        let mut said = format!("{at}: the migrations give {f}, the declaration {w}");
        if f.name != w.name {
            let elsewhere = found.iter().position(|c| c.name == w.name);
            said += &match elsewhere {
                Some(j) => format!(" (the migrations have {} at column {})", w.name, j + 1),
                None => format!(" (the migrations have no column {})", w.name),
            };
        }
        return Some(said);
    }
    let names = |cs: &[Described]| cs.iter().map(|c| c.name.clone()).collect::<Vec<_>>();
    match found.len().cmp(&want.len()) {
        std::cmp::Ordering::Equal => None,
        std::cmp::Ordering::Greater => Some(format!(
            "{table}: the migrations add columns the declaration lacks: {:?}",
            names(&found[want.len()..])
        )),
        std::cmp::Ordering::Less => Some(format!(
            "{table}: the declaration has columns the migrations lack: {:?}",
            names(&want[found.len()..])
        )),
    }
}

/// Every declared table equals what the migrations made, and the view `moves_fen` is `moves`
/// and `fen_after`.
pub fn scenario_schema_matches_declaration(db: &mut Database, dialect: Dialect) {
    for table in ["games", "moves"] {
        let found = described(db, dialect, table);
        let want = declared(dialect, table);
        if let Some(said) = difference(table, &found, &want) {
            panic!("{said}");
        }
    }
    let view: Vec<String> = described(db, dialect, "moves_fen")
        .into_iter()
        .map(|c| c.name)
        .collect();
    let mut want: Vec<String> = declared(dialect, "moves")
        .into_iter()
        .map(|c| c.name)
        .collect();
    want.push("fen_after".to_owned());
    assert_eq!(view, want, "moves_fen is not moves and fen_after");
}

/// The comparison names the column and what differs: a renamed, a retyped, a nullable and a
/// moved column of a real catalogue.
pub fn scenario_schema_difference_named(db: &mut Database, dialect: Dialect) {
    let found = described(db, dialect, "moves");
    let want = declared(dialect, "moves");
    assert_eq!(difference("moves", &found, &want), None);
    let (int, text) = match dialect {
        Dialect::Sqlite => ("INTEGER", "TEXT"),
        Dialect::Postgres => ("integer", "text"),
    };
    let mut retyped = found.clone();
    retyped[4].sql_type = int.to_owned();
    assert_eq!(
        difference("moves", &retyped, &want).as_deref(),
        Some(
            format!(
                "moves column 5 (from 1): the migrations give san {int} NOT NULL, the \
                 declaration san {text} NOT NULL"
            )
            .as_str()
        )
    );
    let mut nullable = found.clone();
    nullable[1].nullable = true;
    assert_eq!(
        difference("moves", &nullable, &want).as_deref(),
        Some(
            format!(
                "moves column 2 (from 1): the migrations give ply {int} NULL, the declaration \
                 ply {int} NOT NULL"
            )
            .as_str()
        )
    );
    let mut moved = found.clone();
    moved.swap(5, 6);
    let said = difference("moves", &moved, &want).expect("a difference");
    assert!(
        said.starts_with("moves column 6 (from 1): the migrations give from_square ")
            && said.ends_with(" (the migrations have lran at column 7)"),
        "{said}"
    );
    let mut extra = found;
    extra.pop();
    assert_eq!(
        difference("moves", &extra, &want).as_deref(),
        Some("moves: the declaration has columns the migrations lack: [\"position_key\"]")
    );
}
