//! What the `load` and `query` tests share: running the binary, fresh databases, and the crash
//! scenarios (the process dies mid-load, by `abort()` or SIGKILL, and a restart ends with
//! exactly a clean load's games) that run on SQLite (`tests/cli.rs`) and PostgreSQL
//! (`tests/db_postgres.rs`).
#![allow(dead_code)]

use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use scoresheet_db::query::Value;
use scoresheet_db::{Database, DatabaseUrl};

pub fn sample() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../scoresheet-db/tests/data/real-200.pgn")
}

pub fn scoresheet(args: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_scoresheet"));
    cmd.args(args)
        .env_remove("SCORESHEET_DATABASE_URL")
        .env_remove("SCORESHEET_TEST_ABORT_AFTER_GAMES")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    cmd
}

pub fn output(args: &[&str]) -> Output {
    scoresheet(args).output().expect("binary runs")
}

/// A fresh SQLite URL for one test.
pub fn sqlite_url(name: &str) -> String {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("cli-{name}.sqlite"));
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    format!("sqlite:{}", path.display())
}

/// Game ids, move count and ply total: enough to tell two loads apart.
pub fn state(url: &str) -> (Vec<i64>, i64, i64) {
    let mut db = Database::open(&DatabaseUrl::parse(url).expect("valid URL")).expect("opens");
    let ints = |db: &mut Database, sql: &str| -> Vec<i64> {
        let result = db.query(sql, None).expect("query runs");
        let row = |r: &Vec<Value>| match r[0] {
            Value::Int(n) => n,
            ref other => panic!("{sql}: {other:?}"),
        };
        result.rows.iter().map(row).collect()
    };
    let ids = ints(&mut db, "SELECT game_id FROM games ORDER BY game_id");
    let moves = ints(&mut db, "SELECT COUNT(*) FROM moves")[0];
    let plies = ints(&mut db, "SELECT COALESCE(SUM(ply_count), 0) FROM games")[0];
    (ids, moves, plies)
}

pub fn load(url: &str, batch: &str) -> Output {
    let sample = sample();
    let path = sample.to_str().expect("UTF-8 path");
    output(&["load", "--db", url, "--batch-size", batch, path])
}

pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// DB-004: the process aborts with 4 games in an open transaction; a restart resumes.
pub fn abort_then_restart(url: &str, clean_url: &str) {
    let sample = sample();
    let out = scoresheet(&["load", "--db", url, "--batch-size", "32"])
        .arg(&sample)
        .env("SCORESHEET_TEST_ABORT_AFTER_GAMES", "100")
        .output()
        .expect("binary runs");
    assert_eq!(out.status.signal(), Some(6), "SIGABRT: {}", stderr(&out));
    // Whole batches of 32 committed, the one holding the 100th game died with the process:
    // three with one writer (SQLite); with PostgreSQL's two, the other writer's batch 3 may
    // still have been open (batches 1 and 2 were committed before batch 4 was taken).
    let committed = state(url).0.len();
    assert!(
        committed % 32 == 0 && (64..=96).contains(&committed),
        "{committed} games committed"
    );
    let again = load(url, "32");
    assert!(again.status.success(), "{}", stderr(&again));
    let (stored, duplicates) = (
        format!("stored {} games (", 200 - committed),
        format!(", {committed} duplicates,"),
    );
    assert!(
        stderr(&again).starts_with(&stored) && stderr(&again).contains(&duplicates),
        "{}",
        stderr(&again)
    );
    assert!(load(clean_url, "1000").status.success());
    assert_eq!(state(url), state(clean_url));
}

/// DB-004 with a real SIGKILL, at whatever point the load has reached.
pub fn kill_then_restart(url: &str, clean_url: &str) {
    let sample = sample();
    let mut child = scoresheet(&["load", "--db", url, "--batch-size", "5"])
        .arg(&sample)
        .spawn()
        .expect("binary starts");
    let started = Instant::now();
    // Kill once some batches are committed (or after a second, wherever it is).
    loop {
        std::thread::sleep(Duration::from_millis(20));
        let stored = Database::open(&DatabaseUrl::parse(url).expect("valid URL"))
            .and_then(|mut db| db.query("SELECT COUNT(*) FROM games", None))
            .ok()
            .and_then(|r| match r.rows.first().map(|row| &row[0]) {
                Some(Value::Int(n)) => Some(*n),
                _ => None,
            })
            .unwrap_or(0);
        if stored >= 20 || started.elapsed() > Duration::from_secs(1) {
            break;
        }
    }
    child.kill().expect("SIGKILL sent");
    let status = child.wait().expect("child reaped");
    let killed = status.signal() == Some(9);
    let before = state(url).0.len();
    assert!(
        before % 5 == 0 || before == 200,
        "whole batches only: {before}"
    );
    let again = load(url, "5");
    assert!(again.status.success(), "{}", stderr(&again));
    assert!(load(clean_url, "1000").status.success());
    assert_eq!(state(url), state(clean_url));
    eprintln!("killed: {killed}, games stored before the restart: {before}");
}
