//! PostgreSQL: the scenarios of the SQLite tests on a real server, the shipped queries give the
//! same answers as on SQLite, and connection errors say what the server said.
//!
//! The server is a throwaway one started from the installed binaries (see
//! `tests/support/pg_server.rs`); where PostgreSQL is not installed the tests show as ignored,
//! with the reason printed. This binary has its own harness (libtest-mimic), because the
//! standard one decides `#[ignore]` when compiling, and whether a server can be had is known
//! only when the tests run.

#[path = "../integration/common.rs"]
mod common;
#[path = "../support/pg_server.rs"]
mod pg_server;
#[path = "../integration/positions.rs"]
mod positions;
#[path = "../integration/schema.rs"]
mod schema;

use common::*;
use pg_server::Server;
use scoresheet_db::{Database, DatabaseUrl};

fn main() {
    pg_server::run_tests(vec![
        (
            "ok_postgres_sample_matches_egd",
            ok_postgres_sample_matches_egd,
        ),
        (
            "ok_postgres_reload_adds_nothing",
            ok_postgres_reload_adds_nothing,
        ),
        ("ok_postgres_escaping", ok_postgres_escaping),
        (
            "ok_postgres_queries_equal_sqlite",
            ok_postgres_queries_equal_sqlite,
        ),
        (
            "ok_postgres_concurrent_loaders",
            ok_postgres_concurrent_loaders,
        ),
        ("ok_postgres_comment_commands", ok_postgres_comment_commands),
        ("ok_postgres_positions", ok_postgres_positions),
        (
            "ok_postgres_opening_columns_issue_25",
            ok_postgres_opening_columns_issue_25,
        ),
        (
            "ok_postgres_migration_rewrites_plies",
            ok_postgres_migration_rewrites_plies,
        ),
        ("ok_postgres_bulk_load_keys", ok_postgres_bulk_load_keys),
        (
            "ok_postgres_schema_matches_declaration",
            ok_postgres_schema_matches_declaration,
        ),
        (
            "err_issue_28_postgres_unverified_gzip",
            err_issue_28_postgres_unverified_gzip,
        ),
        (
            "err_postgres_connection_messages",
            err_postgres_connection_messages,
        ),
    ]);
}

/// A fresh, migrated database (C collation) for one test.
fn postgres_db(server: &Server, name: &str) -> (Database, String) {
    let url = server.create_database(&format!("scoresheet_it_{name}"));
    let mut db = Database::open(&DatabaseUrl::parse(&url).expect("valid URL")).expect("connects");
    db.migrate().expect("schema created");
    (db, url)
}

fn ok_postgres_sample_matches_egd(server: &Server) {
    scenario_sample_matches_egd(&mut postgres_db(server, "sample").0);
}

fn ok_postgres_reload_adds_nothing(server: &Server) {
    scenario_reload_adds_nothing(&mut postgres_db(server, "reload").0);
}

fn ok_postgres_escaping(server: &Server) {
    scenario_escaping(&mut postgres_db(server, "escaping").0);
}

fn ok_postgres_comment_commands(server: &Server) {
    scenario_comment_commands(&mut postgres_db(server, "commands").0);
}

fn ok_postgres_opening_columns_issue_25(server: &Server) {
    scenario_opening_columns(&mut postgres_db(server, "openings").0);
}

fn ok_postgres_positions(server: &Server) {
    positions::scenario_positions(&mut postgres_db(server, "positions").0);
}

fn ok_postgres_migration_rewrites_plies(server: &Server) {
    positions::scenario_migration_rewrites_plies(
        &mut postgres_db(server, "migration_3").0,
        "ALTER TABLE games ADD CONSTRAINT games_content_hash_key UNIQUE (content_hash)",
    );
}

/// The tables the migrations create are the declared ones, column for column (types as
/// PostgreSQL names them, `position_after`'s collation included).
fn ok_postgres_schema_matches_declaration(server: &Server) {
    let mut db = postgres_db(server, "schema").0;
    schema::scenario_schema_matches_declaration(&mut db, schema::Dialect::Postgres);
    schema::scenario_schema_difference_named(&mut db, schema::Dialect::Postgres);
}

fn ok_postgres_queries_equal_sqlite(server: &Server) {
    let (mut pg, _) = postgres_db(server, "queries");
    let (mut lite, _) = sqlite_db("queries-vs-pg");
    load_file(&mut pg, &sample(), 50);
    load_file(&mut lite, &sample(), 50);
    assert_eq!(game_ids(&mut pg), game_ids(&mut lite));
    let pg_results = shipped_results(&mut pg);
    let lite_results = shipped_results(&mut lite);
    for (p, l) in pg_results.iter().zip(&lite_results) {
        assert_eq!(p, l, "{} {:?}", p.0, p.1);
    }
}

fn ok_postgres_concurrent_loaders(server: &Server) {
    let (mut db, url) = postgres_db(server, "concurrent");
    let url = DatabaseUrl::parse(&url).expect("valid URL");
    let handles: Vec<_> = (0..2)
        .map(|_| {
            let url = url.clone();
            std::thread::spawn(move || {
                let mut db = Database::open(&url).expect("connects");
                load_file(&mut db, &sample(), 16).0
            })
        })
        .collect();
    let summaries: Vec<_> = handles
        .into_iter()
        .map(|h| h.join().expect("loader ran"))
        .collect();
    let stored: u64 = summaries.iter().map(|s| s.stored).sum();
    let duplicates: u64 = summaries.iter().map(|s| s.duplicates).sum();
    assert_eq!((stored, duplicates), (200, 200));
    assert_eq!(count(&mut db, "SELECT COUNT(*) FROM games"), 200);
}

/// The keys and indexes of `moves` and `games`, by name.
fn index_names(db: &mut Database) -> Vec<String> {
    let sql = "SELECT indexname FROM pg_indexes WHERE tablename IN ('games', 'moves') \
               ORDER BY indexname";
    let result = db.query(sql, None).expect("query runs");
    result.rows.iter().map(|r| format!("{:?}", r[0])).collect()
}

/// Issue 11: a bulk load drops the primary key of `moves` and adds it back at its end; a load
/// after a bulk load that was killed (which left the key dropped) adds it back too.
fn ok_postgres_bulk_load_keys(server: &Server) {
    let (mut db, _) = postgres_db(server, "bulk_keys");
    let fresh = index_names(&mut db);
    assert!(fresh.iter().any(|n| n.contains("moves_pkey")), "{fresh:?}");
    load_file(&mut db, &sample(), 64);
    assert_eq!(index_names(&mut db), fresh);
    db.query("ALTER TABLE moves DROP CONSTRAINT moves_pkey", None)
        .expect("key dropped, as by a killed bulk load");
    let (summary, _) = load_file(&mut db, &sample(), 64);
    assert_eq!((summary.stored, summary.duplicates), (0, 200));
    assert_eq!(index_names(&mut db), fresh);
    let plies: usize = egd_games(&sample()).iter().map(|g| g.moves.len()).sum();
    assert_eq!(count(&mut db, "SELECT COUNT(*) FROM moves"), plies as i64);
}

/// Issue 28: the removal of a damaged archive's games runs on the server (in one statement
/// per table): none of them is left, the games stored before stay, the count is reported.
fn err_issue_28_postgres_unverified_gzip(server: &Server) {
    let (mut db, _) = postgres_db(server, "unverified");
    scenario_unverified_gzip(&mut db, "postgres", index_names);
}

/// The error of opening `url`, as printed.
fn open_error(url: &str) -> String {
    let parsed = DatabaseUrl::parse(url).expect("valid URL");
    let err = Database::open(&parsed).expect_err("does not connect");
    let shown = format!("{err}");
    for text in [shown.clone(), format!("{err:?}"), parsed.to_string()] {
        assert!(!text.contains("hunter2secret"), "{text}");
        assert!(!text.contains(pg_server::PASSWORD), "{text}");
    }
    shown
}

/// The server's own message and what to check, never the password (ISSUE-11 part 4).
fn err_postgres_connection_messages(server: &Server) {
    if server.port == 0 {
        eprintln!("a given server: its authentication is unknown, wrong-password case skipped");
    } else {
        let port = server.port;
        let wrong = format!("postgres://postgres:hunter2secret@127.0.0.1:{port}/postgres");
        assert_eq!(
            open_error(&wrong),
            "postgres: FATAL: password authentication failed for user \"postgres\"; check the \
             user name and password in the URL"
        );
        let pw = pg_server::PASSWORD;
        let no_db = format!("postgres://postgres:{pw}@127.0.0.1:{port}/nosuchdb");
        assert_eq!(
            open_error(&no_db),
            "postgres: FATAL: database \"nosuchdb\" does not exist; check the database name \
             in the URL, or create the database (createdb NAME)"
        );
    }
    // A port nobody listens on: the port of a listener just closed.
    let closed = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let refused = format!("postgres://me:hunter2secret@127.0.0.1:{closed}/chess");
    let shown = open_error(&refused);
    assert!(
        shown.starts_with("postgres: error connecting to server: Connection refused"),
        "{shown}"
    );
    assert!(
        shown.ends_with(
            "; check that the server is running and listens on the host and port of the URL"
        ),
        "{shown}"
    );
}
