//! `scoresheet load` and `scoresheet query` on SQLite: output, exit codes, and crash recovery.
//! The PostgreSQL variants are in `tests/db_postgres.rs`.

mod support;

use std::path::Path;

use support::*;

#[test]
fn ok_load_then_query_sqlite() {
    let url = sqlite_url("load-query");
    let out = load(&url, "1000");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(out.stdout.is_empty());
    let err = stderr(&out);
    assert!(
        err.starts_with("stored 200 games (18634 moves), 0 duplicates, 0 rejected in "),
        "{err}"
    );
    let again = load(&url, "1000");
    assert!(
        stderr(&again).starts_with("stored 0 games (0 moves), 200 duplicates"),
        "{}",
        stderr(&again)
    );

    let out = output(&[
        "query",
        "game-length",
        "--db",
        &url,
        "--player",
        "MagnusCarlsen",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let table = String::from_utf8(out.stdout).expect("UTF-8");
    let header = table.lines().next().expect("a header");
    assert_eq!(
        header,
        "time_control  games  avg_plies  avg_moves  max_plies"
    );
    let out = output(&["query", "openings", "--db", &url, "--format", "csv"]);
    let csv = String::from_utf8(out.stdout).expect("UTF-8");
    assert!(
        csv.starts_with("eco,games,wins,draws,losses,score_pct\n"),
        "{csv}"
    );
    let out = output(&["query", "queen-trades", "--db", &url, "--format", "json"]);
    let json = String::from_utf8(out.stdout).expect("UTF-8");
    assert!(
        json.starts_with("[\n{\"queens_traded\":\"no\",\"games\":"),
        "{json}"
    );
}

#[test]
fn ok_database_from_environment() {
    let url = sqlite_url("env");
    let sample = sample();
    let out = scoresheet(&["load", "--quiet", sample.to_str().expect("UTF-8 path")])
        .env("SCORESHEET_DATABASE_URL", &url)
        .output()
        .expect("binary runs");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(out.stderr.is_empty(), "--quiet: {}", stderr(&out));
    assert_eq!(state(&url).0.len(), 200);
}

#[test]
fn err_load_and_query_messages() {
    let url = sqlite_url("errors");
    let pgn = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-rejected.pgn");
    std::fs::write(&pgn, "1. e4 e5 *\n\n1. e4 Ke7 2. Qz9 *\n").expect("written");
    let out = output(&["load", "--db", &url, pgn.to_str().expect("UTF-8 path")]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    let report = format!(
        "error: {}: game 2 (from line 3), line 3, column 7: move \"Ke7\"",
        pgn.display()
    );
    assert!(err.contains(&report), "{err}");
    assert!(
        err.contains("stored 1 game (2 moves), 0 duplicates, 1 rejected"),
        "{err}"
    );
    assert!(
        err.ends_with("error: 1 game rejected (not stored)\n"),
        "{err}"
    );

    let out = output(&["query", "openings", "--db", "sqlite:/nonexistent/x.db"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "error: cannot open sqlite:/nonexistent/x.db: sqlite: database file /nonexistent/x.db \
         does not exist\n"
    );
    let secret = "postgres://me:hunter2secret@127.0.0.1:1/chess?connect_timeout=2";
    let out = output(&["query", "openings", "--db", secret]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.starts_with("error: cannot open postgres://me:***@127.0.0.1:1/chess"),
        "{err}"
    );
    assert!(!err.contains("hunter2secret"), "{err}");
    let out = output(&["load", "--db", "mysql://x", "a.pgn"]);
    assert_eq!(out.status.code(), Some(2));
    let out = output(&["load", "--db", &url, env!("CARGO_MANIFEST_DIR")]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("is a directory"), "{}", stderr(&out));
}

#[test]
fn ok_help_has_examples() {
    for command in ["load", "query"] {
        let out = output(&[command, "--help"]);
        let help = String::from_utf8(out.stdout).expect("UTF-8");
        assert!(
            help.contains("Examples:\n  scoresheet "),
            "{command}: {help}"
        );
    }
}

#[test]
fn ok_abort_then_restart_sqlite() {
    abort_then_restart(&sqlite_url("abort"), &sqlite_url("abort-clean"));
}

#[test]
fn ok_kill_then_restart_sqlite() {
    kill_then_restart(&sqlite_url("kill"), &sqlite_url("kill-clean"));
}

/// ISSUE-11 part 4: the shipped queries are in the binary (`--list`, `--show`), and `--sql`
/// runs the user's own; `--db` takes a plain path as SQLite.
#[test]
fn ok_query_list_show_sql() {
    let out = output(&["query", "--list"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let list = String::from_utf8(out.stdout).expect("UTF-8");
    let names: Vec<&str> = list
        .lines()
        .map(|l| l.split(' ').next().unwrap_or(""))
        .collect();
    assert_eq!(
        names,
        [
            "queen-trades",
            "losing-positions",
            "openings",
            "game-length"
        ]
    );
    assert!(
        list.contains("openings          Results by opening (ECO code)."),
        "{list}"
    );

    let out = output(&["query", "--show", "openings"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let sql = String::from_utf8(out.stdout).expect("UTF-8");
    assert!(
        sql.starts_with("-- Results by opening (ECO code).\n"),
        "{sql}"
    );
    assert!(sql.contains("GROUP BY eco"), "{sql}");

    // A plain path is a SQLite file.
    let url = sqlite_url("plain-path");
    let path = url.strip_prefix("sqlite:").expect("a sqlite: URL");
    let sample = sample();
    let out = output(&[
        "load",
        "--quiet",
        "--db",
        path,
        sample.to_str().expect("UTF-8"),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(state(&url).0.len(), 200);

    let file = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-own.sql");
    let own = "-- Games and moves of a player.\nSELECT COUNT(DISTINCT g.game_id) AS games, \
               COUNT(*) AS plies FROM games g JOIN moves m ON m.game_id = g.game_id \
               WHERE g.white = $1 OR g.black = $1\n";
    std::fs::write(&file, own).expect("written");
    let file = file.to_str().expect("UTF-8 path");
    let args = ["query", "--db", path, "--sql", file, "--format", "csv"];
    let out = output(&[&args[..], &["--player", "MagnusCarlsen"]].concat());
    assert!(out.status.success(), "{}", stderr(&out));
    let want = count_for(&url, "MagnusCarlsen");
    assert_eq!(
        String::from_utf8(out.stdout).expect("UTF-8"),
        format!("games,plies\n{},{}\n", want.0, want.1)
    );

    // Issue 11: a file of two statements is refused (only the first used to run).
    let two = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-two.sql");
    let sql = "SELECT 1 AS a; -- first\nDELETE FROM games WHERE ';' = ';';\n";
    std::fs::write(&two, sql).expect("written");
    let out = output(&["query", "--db", path, "--sql", two.to_str().expect("UTF-8")]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out)
            .ends_with("the SQL holds 2 statements; a query is one (run each on its own)\n"),
        "{}",
        stderr(&out)
    );
    assert!(out.stdout.is_empty());
    assert_eq!(state(&url).0.len(), 200, "the DELETE did not run");

    let out = output(&["query", "--db", path, "--sql", "/nonexistent/q.sql"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).starts_with("error: cannot read SQL from /nonexistent/q.sql: "),
        "{}",
        stderr(&out)
    );
    let out = output(&["query"]);
    assert_eq!(
        out.status.code(),
        Some(2),
        "a query, --list, --show or --sql"
    );
}

/// Games and plies of a player, counted from the database directly.
fn count_for(url: &str, player: &str) -> (i64, i64) {
    use scoresheet_db::{query::Value, Database, DatabaseUrl};
    let mut db = Database::open(&DatabaseUrl::parse(url).expect("valid URL")).expect("opens");
    let result = db
        .query(
            "SELECT COUNT(*), COALESCE(SUM(ply_count), 0) FROM games \
             WHERE white = $1 OR black = $1",
            Some(player),
        )
        .expect("runs");
    match result.rows[0][..] {
        [Value::Int(g), Value::Int(p)] => (g, p),
        ref other => panic!("{other:?}"),
    }
}
