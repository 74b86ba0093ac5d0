//! SQLite, the default database.

use std::time::Duration;

use scoresheet_db::query::Value;
use scoresheet_db::{load, Database, DatabaseUrl, Error, LoadOptions, OpenOptions};

use crate::common::*;
use crate::schema::{
    declared, described, difference, scenario_schema_difference_named,
    scenario_schema_matches_declaration, Dialect,
};

#[test]
fn ok_sqlite_sample_matches_egd() {
    let (mut db, _) = sqlite_db("sample");
    scenario_sample_matches_egd(&mut db);
}

#[test]
fn ok_sqlite_reload_adds_nothing() {
    let (mut db, _) = sqlite_db("reload");
    scenario_reload_adds_nothing(&mut db);
}

#[test]
fn ok_sqlite_escaping() {
    let (mut db, _) = sqlite_db("escaping");
    scenario_escaping(&mut db);
}

#[test]
fn ok_sqlite_shipped_queries() {
    let (mut db, _) = sqlite_db("queries");
    load_file(&mut db, &sample(), 1000);
    let results = shipped_results(&mut db);
    let (_, _, openings) = &results
        .iter()
        .find(|(name, player, _)| name == "openings" && player.is_none())
        .expect("openings ran");
    let games: i64 = openings
        .rows
        .iter()
        .map(|r| match r[1] {
            Value::Int(n) => n,
            _ => panic!("games column is an integer"),
        })
        .sum();
    let decisive = count(&mut db, "SELECT COUNT(*) FROM games WHERE result <> '*'");
    assert_eq!(games, decisive);
}

#[test]
fn ok_sqlite_batch_size_does_not_matter() {
    let (mut one, _) = sqlite_db("batch-1");
    let (mut many, _) = sqlite_db("batch-1000");
    load_file(&mut one, &sample(), 1);
    load_file(&mut many, &sample(), 1000);
    assert_eq!(game_ids(&mut one), game_ids(&mut many));
}

/// DB-002: a writer waits for another's lock, then fails clearly, storing nothing of the batch.
#[test]
fn err_sqlite_locked() {
    let (db, path) = sqlite_db("locked");
    drop(db);
    let other = rusqlite::Connection::open(&path).expect("second connection");
    other.execute_batch("BEGIN IMMEDIATE").expect("lock taken");
    let options = OpenOptions::new().busy_timeout(Duration::from_millis(200));
    let mut db = Database::open_with(&DatabaseUrl::sqlite(&path), options).expect("opens");
    let err =
        load::load_path(&mut db, &sample(), &LoadOptions::new(), &mut |_| {}).expect_err("locked");
    assert!(matches!(err.error(), Error::Locked { .. }), "{err}");
    assert_eq!(
        err.to_string(),
        "sqlite: database is locked by another process (waited 0.2 s)"
    );
    assert_eq!(err.summary().stored, 0);
    other.execute_batch("COMMIT").expect("lock released");
    let (summary, _) = load_file(&mut db, &sample(), 1000);
    assert_eq!(summary.stored, 200);
}

#[test]
fn err_sqlite_query_needs_schema() {
    let mut db = Database::open(&DatabaseUrl::sqlite_memory()).expect("opens");
    let query = scoresheet_db::query::find("openings").expect("shipped");
    assert!(matches!(db.run(query, None), Err(Error::NoSchema)));
    let missing =
        DatabaseUrl::sqlite(std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("nope.db"));
    let err = Database::open_with(&missing, OpenOptions::new().create(false)).expect_err("missing");
    assert!(err.to_string().ends_with("nope.db does not exist"), "{err}");
}

#[test]
fn err_sqlite_schema_too_new() {
    let (mut db, _) = sqlite_db("too-new");
    db.query(
        "INSERT INTO scoresheet_migrations (version, name) VALUES (99, 'future')",
        None,
    )
    .expect("row inserted");
    assert!(matches!(
        db.migrate(),
        Err(Error::SchemaTooNew {
            found: 99,
            known: scoresheet_db::SCHEMA_VERSION
        })
    ));
}

/// ISSUE-11 part 4 (and IO-004): a gzip whose CRC does not match, or that is cut short, is
/// known to be bad only at its end; the games this load stored from it are removed again, the
/// games stored before stay, and the error says so.
#[test]
fn err_sqlite_unverified_gzip() {
    for (name, cut) in [("crc.pgn.gz", false), ("truncated.pgn.gz", true)] {
        let (mut db, _) = sqlite_db(name);
        load_bytes(&mut db, b"[Event \"before\"]\n\n1. d4 d5 *\n");
        let path = spoiled_gzip(name, cut);
        let options = LoadOptions::new().batch_size(10);
        let err = load::load_path(&mut db, &path, &options, &mut |_| {}).expect_err("bad gzip");
        assert!(
            matches!(err.error(), Error::Unverified { removed, .. } if *removed > 50),
            "{name}: {err}"
        );
        let shown = err.to_string();
        assert!(
            shown.starts_with("pgn: i/o error after byte "),
            "{name}: {shown}"
        );
        let removed = err.summary().removed;
        assert!(
            shown.ends_with(&format!(
                "; the compressed input failed its integrity check, so the {removed} games \
                 this load had stored from it were removed again"
            )),
            "{name}: {shown}"
        );
        let summary = err.summary();
        assert_eq!(summary.removed, summary.stored, "{name}");
        assert_eq!(count(&mut db, "SELECT COUNT(*) FROM games"), 1, "{name}");
        assert_eq!(count(&mut db, "SELECT COUNT(*) FROM moves"), 2, "{name}");
    }
}

/// Issue 28: the same into an empty file (the bulk load, no `moves` key while it runs) and
/// into one holding a game: every game stored is removed again in one pass over `moves` (it
/// took a pass per game), and the file ends as it began, its indexes built.
#[test]
fn err_issue_28_unverified_gzip_into_empty_file() {
    let (mut db, _) = sqlite_db("unverified");
    scenario_unverified_gzip(&mut db, "sqlite", index_names);
}

#[test]
fn ok_sqlite_comment_commands() {
    let (mut db, _) = sqlite_db("commands");
    scenario_comment_commands(&mut db);
}

#[test]
fn ok_sqlite_opening_columns_issue_25() {
    let (mut db, _) = sqlite_db("openings");
    scenario_opening_columns(&mut db);
}

#[test]
fn ok_sqlite_positions() {
    let (mut db, _) = sqlite_db("positions");
    crate::positions::scenario_positions(&mut db);
}

#[test]
fn ok_sqlite_migration_rewrites_plies() {
    let (mut db, _) = sqlite_db("migration-3");
    crate::positions::scenario_migration_rewrites_plies(&mut db, "SELECT 1");
}

/// The indexes of `games` and `moves`, by name (SQLite's own for a key are `sqlite_autoindex_*`).
fn index_names(db: &mut Database) -> Vec<String> {
    let sql = "SELECT name FROM sqlite_master WHERE type = 'index' \
               AND tbl_name IN ('games', 'moves') ORDER BY name";
    let result = db.query(sql, None).expect("query runs");
    result.rows.iter().map(|r| format!("{:?}", r[0])).collect()
}

/// Issue 11: a bulk load drops the key index of `moves` (schema version 4) and builds it at its
/// end; a load after a bulk load that was killed (which left it dropped) builds it too; the
/// index keeps `(game_id, ply)` unique.
#[test]
fn ok_sqlite_bulk_load_keys() {
    let (mut db, _) = sqlite_db("bulk-keys");
    let fresh = index_names(&mut db);
    assert!(fresh.iter().any(|n| n.contains("moves_pkey")), "{fresh:?}");
    load_file(&mut db, &sample(), 64);
    assert_eq!(index_names(&mut db), fresh);
    db.query("DROP INDEX moves_pkey", None)
        .expect("key dropped, as by a killed bulk load");
    let (summary, _) = load_file(&mut db, &sample(), 64);
    assert_eq!((summary.stored, summary.duplicates), (0, 200));
    assert_eq!(index_names(&mut db), fresh);
    let again = db.query(
        "INSERT INTO moves SELECT * FROM moves WHERE ply = 1 LIMIT 1",
        None,
    );
    assert!(
        matches!(&again, Err(e) if e.to_string().contains("UNIQUE constraint failed")),
        "{again:?}"
    );
}

/// The file format byte that says whether a SQLite file is in WAL mode (2) or uses a rollback
/// journal (1): offset 18 of the header.
fn header_journal_byte(path: &std::path::Path) -> u8 {
    let bytes = std::fs::read(path).expect("database file readable");
    bytes[18]
}

/// Loads the sample in batches of 50; the file's journal byte after each batch.
fn journal_bytes_during_load(db: &mut Database, path: &std::path::Path) -> Vec<u8> {
    let mut seen = Vec::new();
    let mut on_event = |event: load::LoadEvent<'_>| {
        if let load::LoadEvent::Progress { .. } = event {
            seen.push(header_journal_byte(path));
        }
    };
    let options = LoadOptions::new().batch_size(50);
    load::load_path(db, &sample(), &options, &mut on_event).expect("load succeeds");
    seen
}

/// A bulk load writes through a rollback journal (every page once, not into the WAL and then
/// the file) and leaves the database in WAL mode; a load into a database that holds games
/// stays in WAL mode throughout.
#[test]
fn ok_sqlite_bulk_load_journal() {
    let (mut db, path) = sqlite_db("bulk-journal");
    assert_eq!(
        header_journal_byte(&path),
        2,
        "a new database is in WAL mode"
    );
    let seen = journal_bytes_during_load(&mut db, &path);
    assert!(
        seen.len() >= 4 && seen.iter().all(|&b| b == 1),
        "rollback journal during the bulk load: {seen:?}"
    );
    let mode = db.query("PRAGMA journal_mode", None).expect("pragma runs");
    assert_eq!(mode.rows, vec![vec![Value::Text("wal".into())]]);
    assert_eq!(header_journal_byte(&path), 2);
    // Not empty: no bulk settings.
    let seen = journal_bytes_during_load(&mut db, &path);
    assert!(
        seen.len() >= 4 && seen.iter().all(|&b| b == 2),
        "WAL when the database holds games: {seen:?}"
    );
}

/// Another connection opened during a bulk load (which holds the file in rollback mode and is
/// in a write transaction, so that the switch to WAL that opening asks for is refused) still
/// opens and reads, instead of failing as locked.
#[test]
fn ok_sqlite_read_during_bulk_load() {
    let (db, path) = sqlite_db("read-during-bulk");
    drop(db);
    // What a bulk load's connection holds between two of its commits.
    let loader = rusqlite::Connection::open(&path).expect("opens");
    let mode: String = loader
        .query_row("PRAGMA journal_mode = DELETE", [], |r| r.get(0))
        .expect("rollback journal");
    assert_eq!(mode, "delete");
    loader
        .execute_batch("BEGIN IMMEDIATE; CREATE TABLE held (x)")
        .expect("a write transaction");
    let mut reader = Database::open(&DatabaseUrl::sqlite(&path)).expect("opens during the load");
    let count = reader
        .query("SELECT COUNT(*) FROM games", None)
        .expect("reads during the load");
    assert_eq!(count.rows, vec![vec![Value::Int(0)]]);
    loader.execute_batch("COMMIT").expect("the load commits");
    drop(reader);
    drop(loader);
    // The next open (the load's end, or any connection) puts the file back in WAL mode.
    let mut db = Database::open(&DatabaseUrl::sqlite(&path)).expect("opens");
    let mode = db.query("PRAGMA journal_mode", None).expect("pragma runs");
    assert_eq!(mode.rows, vec![vec![Value::Text("wal".into())]]);
}

/// The tables the migrations create are the declared ones, column for column.
#[test]
fn ok_sqlite_schema_matches_declaration() {
    let (mut db, _) = sqlite_db("schema");
    scenario_schema_matches_declaration(&mut db, Dialect::Sqlite);
    scenario_schema_difference_named(&mut db, Dialect::Sqlite);
}

/// A column a migration names otherwise than the declaration is found, by name and place.
#[test]
fn err_sqlite_schema_renamed_column() {
    let (mut db, _) = sqlite_db("schema-renamed");
    db.query("ALTER TABLE moves RENAME COLUMN uci TO uci_renamed", None)
        .expect("column renamed");
    let found = described(&mut db, Dialect::Sqlite, "moves");
    let want = declared(Dialect::Sqlite, "moves");
    assert_eq!(
        difference("moves", &found, &want).as_deref(),
        Some(
            "moves column 28 (from 1): the migrations give uci_renamed TEXT NULL, the \
             declaration uci TEXT NULL (the migrations have no column uci)"
        )
    );
}
