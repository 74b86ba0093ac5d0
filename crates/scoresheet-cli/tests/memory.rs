//! Issue 38: a run's peak memory is bounded by the game cap (`--max-game-bytes`, 64 MiB) and
//! the chunks in flight, not by the input, at one thread and at two, for `egd`, `export` and
//! `load` (SQLite): a decompression bomb (a small zstd file holding one game of 1 GiB, then a
//! good game), a 100 MB comment, a 50 MB tag value and a 100 MB line of 9 million games. The
//! game after each oversized one is kept and every game is counted. The Python package's
//! `stream_tables` is measured the same way by `tests/python/test_memory.py`.
//!
//! A run's peak is its high-water mark of resident memory (`VmHWM` in `/proc/PID/status`), read
//! every few milliseconds while it runs (the last reading holds the peak up to then; these runs
//! reach it long before they end). Not timed: only memory and counts are asserted. Linux only
//! (elsewhere the readings are missing and the tests say so and pass).
//!
//! The 3 GiB bombs take a minute with the debug binary: `cargo test --release -p scoresheet-cli
//! --test memory -- --ignored` runs them.

use std::fs::File;
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::thread;
use std::time::Duration;

use scoresheet_db::query::Value;
use scoresheet_db::{Database, DatabaseUrl};

/// The issue's budgets, in bytes.
const BOMB_BUDGET: u64 = 160 << 20;
const TEXT_BUDGET: u64 = 300 << 20;

/// A game's last bytes: the game after the oversized one, which must be kept.
const AFTER: &str = "\n\n[Event \"after\"]\n\n1. d4 d5 *\n";

/// A run of the binary: its peak memory, exit code, standard output and error.
struct Run {
    peak: Option<u64>,
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

impl Run {
    /// Asserts the peak is within `budget` (when it could be read) and the run read its
    /// input to the end (exit 0, or 1 when a game was rejected).
    fn within(&self, budget: u64, why: &str) {
        assert!(matches!(self.code, Some(0 | 1)), "{why}: {}", self.stderr);
        let Some(peak) = self.peak else {
            return eprintln!("{why}: no /proc here, peak not measured");
        };
        // Printed for the record (`--nocapture`): docs/benchmarks.md lists these.
        eprintln!("{why}: peak {} MB, budget {} MB", peak >> 20, budget >> 20);
        assert!(
            peak <= budget,
            "{why}: peak {} MB, budget {} MB",
            peak >> 20,
            budget >> 20
        );
    }
}

/// Runs the binary with `args`, reading its peak memory while it runs.
fn run(args: &[&str]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_scoresheet"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("binary starts");
    let status = format!("/proc/{}/status", child.id());
    let stdout = drain(child.stdout.take().expect("piped"));
    let stderr = drain(child.stderr.take().expect("piped"));
    let mut peak = None;
    let code = loop {
        if let Some(mark) = high_water_mark(&status) {
            peak = peak.max(Some(mark));
        }
        if let Some(done) = child.try_wait().expect("waits") {
            break done.code();
        }
        thread::sleep(Duration::from_millis(5));
    };
    Run {
        peak,
        code,
        stdout: stdout.join().expect("drained"),
        stderr: stderr.join().expect("drained"),
    }
}

/// Reads a pipe to its end in a thread of its own.
fn drain(mut pipe: impl Read + Send + 'static) -> thread::JoinHandle<String> {
    thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = pipe.read_to_end(&mut bytes);
        String::from_utf8_lossy(&bytes).into_owned()
    })
}

/// `VmHWM` of a status file, in bytes.
fn high_water_mark(status: &str) -> Option<u64> {
    let text = std::fs::read_to_string(status).ok()?;
    let line = text.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb << 10)
}

/// A scratch directory for this test binary's inputs and outputs.
fn scratch() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("scoresheet-memory-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("scratch directory");
        dir
    })
}

/// Writes `head`, `fill` repeated to `len` bytes, then `tail`, as a zstd file (streamed: the
/// whole text is never in memory).
fn zstd_file(name: &str, head: &str, fill: &[u8], len: u64, tail: &str) -> PathBuf {
    let path = scratch().join(name);
    let file = BufWriter::new(File::create(&path).expect("scratch file"));
    let mut out = zstd::stream::Encoder::new(file, 1).expect("zstd encoder");
    let block = fill.repeat((1 << 20) / fill.len());
    let write = |out: &mut dyn Write| -> io::Result<()> {
        out.write_all(head.as_bytes())?;
        let mut left = len;
        while left > 0 {
            let n = left.min(block.len() as u64) as usize;
            out.write_all(&block[..n])?;
            left -= n as u64;
        }
        out.write_all(tail.as_bytes())
    };
    write(&mut out).expect("written");
    out.finish().expect("finished").flush().expect("flushed");
    path
}

/// One game of `gib` GiB of `x` after `1. e4`, then a good game.
fn bomb(gib: u64) -> PathBuf {
    let name = format!("bomb-{gib}g.pgn.zst");
    zstd_file(&name, "[Event \"bomb\"]\n\n1. e4 ", b"x", gib << 30, AFTER)
}

fn bomb_1g() -> &'static Path {
    static PATH: OnceLock<PathBuf> = OnceLock::new();
    PATH.get_or_init(|| bomb(1))
}

fn bomb_3g() -> &'static Path {
    static PATH: OnceLock<PathBuf> = OnceLock::new();
    PATH.get_or_init(|| bomb(3))
}

/// A game with a comment of 100 MB (over the cap), then a good game.
fn long_comment() -> &'static Path {
    static PATH: OnceLock<PathBuf> = OnceLock::new();
    PATH.get_or_init(|| {
        let tail = format!("}} e5 *{AFTER}");
        zstd_file(
            "comment.pgn.zst",
            "[Event \"c\"]\n\n1. e4 {",
            b"y",
            100 << 20,
            &tail,
        )
    })
}

/// A game whose `Event` is 50 MB long (under the cap), then a good game.
fn long_tag() -> &'static Path {
    static PATH: OnceLock<PathBuf> = OnceLock::new();
    PATH.get_or_init(|| {
        let tail = format!("\"]\n\n1. e4 e5 *{AFTER}");
        zstd_file("tag.pgn.zst", "[Event \"", b"z", 50 << 20, &tail)
    })
}

/// `load` of `input` into a fresh SQLite database at 1 and 2 threads: within `budget`, `games`
/// games in, `errors` of them rejected and the others stored, the game after the oversized
/// one among them (`events`: the stored games' `Event` values, longer ones as their length).
fn load(input: &Path, budget: u64, counts: (u64, u64, u64), events: &[&str], why: &str) {
    load_with(&["1", "2"], input, budget, counts, events, why);
}

/// [`load`] with these thread counts only.
fn load_with(
    thread_counts: &[&str],
    input: &Path,
    budget: u64,
    counts: (u64, u64, u64),
    events: &[&str],
    why: &str,
) {
    let (games, errors, moves) = counts;
    let input = input.to_str().expect("utf-8 path");
    for &threads in thread_counts {
        let db = scratch().join(format!("{why}-{threads}.sqlite").replace(' ', "-"));
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
        }
        let url = format!("sqlite:{}", db.display());
        let load = run(&["load", "--db", &url, "--threads", threads, input]);
        load.within(budget, &format!("{why}, load, {threads} threads"));
        let stored = games - errors;
        let plural = if stored == 1 { "" } else { "s" };
        let counts = format!(
            "stored {stored} game{plural} ({moves} moves), 0 duplicates, {errors} rejected"
        );
        assert!(load.stderr.contains(&counts), "{why}: {}", load.stderr);
        assert_eq!(stored_events(&url), events, "{why}");
    }
}

/// The `Event` of each stored game in input order, a value over 100 bytes as its length.
fn stored_events(url: &str) -> Vec<String> {
    let url = DatabaseUrl::parse(url).expect("a database URL");
    let mut db = Database::open(&url).expect("the database opens");
    let sql = "SELECT event FROM games ORDER BY source_offset";
    let result = db.query(sql, None).expect("the query runs");
    let event = |row: &Vec<Value>| match &row[0] {
        Value::Text(t) if t.len() > 100 => format!("{} bytes", t.len()),
        Value::Text(t) => t.clone(),
        other => format!("{other:?}"),
    };
    result.rows.iter().map(event).collect()
}

/// `egd` and `export` of `input` at 1 and 2 threads: within `budget`, `games` games in,
/// `errors` of them reported, the game after the oversized one kept.
fn egd_and_export(input: &Path, budget: u64, games: u64, errors: u64, why: &str) {
    let input = input.to_str().expect("utf-8 path");
    for threads in ["1", "2"] {
        let egd = run(&["egd", "--threads", threads, input]);
        egd.within(budget, &format!("{why}, egd, {threads} threads"));
        assert!(egd.stdout.contains("after"), "{why}: {}", egd.stderr);
        let counts = format!("{games} games in: {}", games - errors);
        assert!(egd.stderr.contains(&counts), "{why}: {}", egd.stderr);
        let out = scratch().join(format!("{why}-{threads}").replace(' ', "-"));
        let out = out.to_str().expect("utf-8 path");
        let export = run(&["export", "--force", "--threads", threads, "-o", out, input]);
        export.within(budget, &format!("{why}, export, {threads} threads"));
        let counts = format!("{games} games in: {} exported, {errors}", games - errors);
        assert!(export.stderr.contains(&counts), "{why}: {}", export.stderr);
    }
}

#[test]
fn ok_issue_38_bomb_of_1_gib_bounded() {
    egd_and_export(bomb_1g(), BOMB_BUDGET, 2, 1, "1 GiB bomb");
}

/// At 1 thread and at 2, each with its budget. 2 threads held the bomb's bytes up to the cap
/// twice (the cutter's reader of them and the worker's reader copied them into buffers of
/// their own): 153 MiB against 80 at 1 thread.
#[test]
fn ok_issue_38_load_bomb_of_1_gib_bounded() {
    let cases = [("1", BOMB_BUDGET), ("2", BOMB_BUDGET)];
    for (threads, budget) in cases {
        load_with(
            &[threads],
            bomb_1g(),
            budget,
            (2, 1, 2),
            &["after"],
            "1 GiB bomb",
        );
    }
}

#[test]
#[ignore = "3 GiB through the debug binary takes minutes: run with --release --ignored"]
fn ok_issue_38_bomb_of_3_gib_bounded() {
    egd_and_export(bomb_3g(), BOMB_BUDGET, 2, 1, "3 GiB bomb");
}

#[test]
#[ignore = "3 GiB through the debug binary take minutes: run with --release --ignored"]
fn ok_issue_38_load_bomb_of_3_gib_bounded() {
    load(bomb_3g(), BOMB_BUDGET, (2, 1, 2), &["after"], "3 GiB bomb");
}

#[test]
fn ok_issue_38_long_comment_bounded() {
    egd_and_export(long_comment(), TEXT_BUDGET, 2, 1, "100 MB comment");
}

#[test]
fn ok_issue_38_load_long_comment_bounded() {
    load(
        long_comment(),
        TEXT_BUDGET,
        (2, 1, 2),
        &["after"],
        "100 MB comment",
    );
}

/// `export` held the value about four times at its peak (287 to 314 MiB at 1 thread by run,
/// 336 at 2): the batch's column, Parquet's dictionary, and the minimum and the maximum of
/// Parquet's statistics, kept until the row group closed. A row with a long value is now a
/// row group of its own without statistics for that column: 216 to 225 MiB at 1 thread, 236
/// to 237 at 2 (2026-11-29, release, loaded machine; egd 176 and 227).
#[test]
fn ok_issue_38_long_tag_bounded() {
    egd_and_export(long_tag(), TEXT_BUDGET, 2, 0, "50 MB tag");
}

/// `load` took 198 to 310 MB at 2 threads by run before the chunks of large games were read
/// in place; 245 to 250 MiB at 1 and 2 threads in three runs each since (2026-11-29,
/// release, loaded machine).
#[test]
fn ok_issue_38_load_long_tag_bounded() {
    let long = format!("{} bytes", 50 << 20);
    let events = [long.as_str(), "after"];
    load(long_tag(), TEXT_BUDGET, (2, 0, 4), &events, "50 MB tag");
}

#[test]
#[ignore = "9 million games through the debug binary take minutes: run with --release --ignored \
            (passes: the input's last chunk is cut by games too)"]
fn ok_issue_38_line_of_9_million_games_bounded() {
    let fill = b"1. e4 e5 * ";
    let games = (100 << 20) / fill.len() as u64;
    let line = zstd_file("line.pgn.zst", "", fill, games * fill.len() as u64, "\n");
    let input = line.to_str().expect("utf-8 path");
    for threads in ["1", "2"] {
        let out = scratch().join(format!("line-{threads}"));
        let out = out.to_str().expect("utf-8 path");
        let export = run(&["export", "--force", "--threads", threads, "-o", out, input]);
        export.within(
            TEXT_BUDGET,
            &format!("9 M games, export, {threads} threads"),
        );
        let counts = format!("{games} games in: {games} exported, 0");
        assert!(export.stderr.contains(&counts), "{}", export.stderr);
    }
}

/// `--max-game-bytes` sets the cap: a game over it is reported with it and the next is read,
/// at every thread count; 0 is refused as a usage error.
#[test]
fn ok_issue_38_max_game_bytes_flag() {
    let text = format!(
        "[Event \"a\"]\n\n1. e4 {{{}}} e5 *{AFTER}",
        "x".repeat(2000)
    );
    let path = scratch().join("small.pgn");
    std::fs::write(&path, text).expect("scratch file");
    let path = path.to_str().expect("utf-8 path");
    for threads in ["1", "2"] {
        let egd = run(&[
            "egd",
            "--threads",
            threads,
            "--max-game-bytes",
            "1000",
            path,
        ]);
        assert_eq!(egd.code, Some(1), "{}", egd.stderr);
        assert!(egd.stderr.contains("expected a game of at most 1000 bytes"));
        assert!(egd.stderr.contains("2 games in: 1 converted, 1 reported"));
        assert!(egd.stdout.contains("after"), "{}", egd.stdout);
        let all = run(&["egd", "--threads", threads, path]);
        assert_eq!(all.code, Some(0), "{}", all.stderr);
    }
    let refused = run(&["egd", "--max-game-bytes", "0", path]);
    assert_eq!(refused.code, Some(2), "{}", refused.stderr);
}
