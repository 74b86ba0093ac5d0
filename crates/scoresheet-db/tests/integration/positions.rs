//! Schema version 3: positions equal exactly when the repetition rules say so, Polyglot keys,
//! and the migration that rewrites older rows. Expected values come from python-chess
//! (`tests/data/real-200.positions.txt`, made by `scripts/expected-positions.py`).

use std::collections::{HashMap, HashSet};

use scoresheet_db::query::Value;
use scoresheet_db::Database;

use crate::common::*;

/// The facts python-chess computed for the sample.
struct Expected {
    distinct_legal: i64,
    distinct_fen: usize,
    plies: i64,
    keys: Vec<(String, i64)>,
}

fn expected() -> Expected {
    let text = std::fs::read_to_string(data("real-200.positions.txt")).expect("data file");
    let mut out = Expected {
        distinct_legal: 0,
        distinct_fen: 0,
        plies: 0,
        keys: Vec::new(),
    };
    for line in text.lines() {
        let (name, value) = line.split_once(' ').expect("name value");
        match name {
            "distinct_legal" => out.distinct_legal = value.parse().expect("a count"),
            "distinct_fen" => out.distinct_fen = value.parse().expect("a count"),
            "plies" => out.plies = value.parse().expect("a count"),
            "key" => {
                let (epd, key) = value.rsplit_once(';').expect("EPD;KEY");
                out.keys.push((epd.to_owned(), key.parse().expect("a key")));
            }
            other => panic!("unknown line {other}"),
        }
    }
    out
}

fn text(value: &Value) -> &str {
    match value {
        Value::Text(t) => t,
        other => panic!("expected text, got {other:?}"),
    }
}

fn int(value: &Value) -> i64 {
    match value {
        Value::Int(n) => *n,
        other => panic!("expected an integer, got {other:?}"),
    }
}

/// The sample's positions: one text per position as the repetition rules count them (the
/// en-passant square after every double push would split some), and the Polyglot keys of
/// python-chess.
pub fn scenario_positions(db: &mut Database) {
    let want = expected();
    load_file(db, &sample(), 1000);
    assert_eq!(count(db, "SELECT COUNT(*) FROM moves"), want.plies);
    assert_eq!(
        count(db, "SELECT COUNT(DISTINCT position_after) FROM moves"),
        want.distinct_legal
    );
    // Cut at the en-passant field as fen_after (EGD) writes it, the positions would split.
    let fens = db
        .query("SELECT fen_after FROM moves_fen", None)
        .expect("runs");
    let split: HashSet<String> = fens
        .rows
        .iter()
        .map(|r| {
            text(&r[0])
                .splitn(5, ' ')
                .take(4)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    assert_eq!(split.len(), want.distinct_fen);
    assert!(want.distinct_fen as i64 > want.distinct_legal);

    let pairs = db
        .query(
            "SELECT DISTINCT position_after, position_key FROM moves",
            None,
        )
        .expect("runs");
    let mut keys: HashMap<String, Vec<i64>> = HashMap::new();
    for row in &pairs.rows {
        keys.entry(text(&row[0]).to_owned())
            .or_default()
            .push(int(&row[1]));
    }
    assert!(want.keys.len() > 300);
    for (epd, key) in &want.keys {
        assert_eq!(keys.get(epd), Some(&vec![*key]), "{epd}");
    }
}

/// Every ply's derived columns, in a fixed order.
fn derived_columns(db: &mut Database) -> Vec<Vec<Value>> {
    db.query(
        "SELECT game_id, ply, uci, position_key, position_after, captured FROM moves \
         ORDER BY game_id, ply",
        None,
    )
    .expect("runs")
    .rows
}

/// A database of schema version 2 (made from a fresh one by undoing versions 6, 5 and 3, with
/// every position_after spoiled, and forgetting version 4) is rewritten by the migrations to
/// what a fresh load stores.
pub fn scenario_migration_rewrites_plies(db: &mut Database, undo_games: &str) {
    load_file(db, &sample(), 1000);
    let fresh = derived_columns(db);
    assert_eq!(fresh.len(), 18634);
    let fens = fen_columns(db);
    let undo = [
        // Version 6: the classified opening's columns.
        "ALTER TABLE games DROP COLUMN opening_eco",
        "ALTER TABLE games DROP COLUMN opening_name",
        // Version 5: the FEN columns, filled with what the view computes.
        "CREATE TABLE fens AS SELECT game_id, ply, fen_after FROM moves_fen",
        "DROP VIEW moves_fen",
        "ALTER TABLE moves ADD COLUMN fen_before TEXT",
        "ALTER TABLE moves ADD COLUMN fen_after TEXT",
        "UPDATE moves SET fen_after = (SELECT f.fen_after FROM fens f \
         WHERE f.game_id = moves.game_id AND f.ply = moves.ply)",
        "UPDATE moves SET fen_before = COALESCE((SELECT f.fen_after FROM fens f \
         WHERE f.game_id = moves.game_id AND f.ply = moves.ply - 1), \
         (SELECT g.start_fen FROM games g WHERE g.game_id = moves.game_id))",
        "DROP TABLE fens",
        "ALTER TABLE moves RENAME COLUMN captured TO captured_piece",
        "DROP INDEX moves_position_key",
        "ALTER TABLE moves DROP COLUMN uci",
        "ALTER TABLE moves DROP COLUMN position_key",
        "UPDATE moves SET position_after = fen_after",
        "CREATE INDEX moves_position_after ON moves (position_after)",
        undo_games,
        "DELETE FROM scoresheet_migrations WHERE version >= 3",
    ];
    for sql in undo {
        db.query(sql, None).expect(sql);
    }
    assert_eq!(db.schema_version().expect("reads"), Some(2));
    assert_eq!(
        db.migrate().expect("migrates"),
        scoresheet_db::SCHEMA_VERSION
    );
    assert_eq!(derived_columns(db), fresh);
    assert_eq!(fen_columns(db), fens);
    // Version 6 does not replay the games stored before it: their openings stay NULL.
    let named =
        "SELECT COUNT(*) FROM games WHERE opening_eco IS NOT NULL OR opening_name IS NOT NULL";
    assert_eq!(count(db, named), 0);
}

/// Every ply's FEN after it, as the view `moves_fen` computes it, in a fixed order.
fn fen_columns(db: &mut Database) -> Vec<Vec<Value>> {
    db.query(
        "SELECT game_id, ply, fen_after FROM moves_fen ORDER BY game_id, ply",
        None,
    )
    .expect("runs")
    .rows
}
