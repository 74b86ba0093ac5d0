//! One CLI contract: a file of good, bad and odd games read by `egd`, `pgn`, `tokenize` and
//! `load` gives the same games, the same rejections with the same messages, and the same exit
//! code in each.

mod common;

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::Output;

use common::run;

/// Nine games: 2, 4 and 5 do not replay; the others do (6 has an illegal move in a variation:
/// only the mainline decides).
const MIXED: &str = include_str!("data/mixed.pgn");

const ACCEPTED: usize = 6;
const REJECTED: [u32; 3] = [2, 4, 5];

/// The mixed file, written under a name of the test's own (tests run in parallel).
fn input(test: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("contract-{test}.pgn"));
    std::fs::write(&path, MIXED).expect("temporary file written");
    path
}

/// The reports of rejected games: every stderr line of the one format.
fn reports(out: &Output, path: &str) -> BTreeSet<String> {
    let prefix = format!("error: {path}: game ");
    String::from_utf8_lossy(&out.stderr)
        .lines()
        .filter(|line| line.starts_with(&prefix))
        .map(str::to_owned)
        .collect()
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn ok_every_command_reads_a_file_alike() {
    let path = input("alike");
    let name = path.to_str().expect("UTF-8 temporary path");
    let db = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("contract.db");
    let _ = std::fs::remove_file(&db);
    let url = format!("sqlite:{}", db.display());

    let egd = run(&["egd", name], b"");
    let pgn = run(&["pgn", "--to", "san", name], b"");
    let tokenize = run(&["tokenize", "--vocab", "san", name], b"");
    let load = run(&["load", "--db", &url, name], b"");

    let outputs = [
        ("egd", &egd),
        ("pgn", &pgn),
        ("tokenize", &tokenize),
        ("load", &load),
    ];
    let want = reports(&egd, name);
    let games: Vec<u32> = want
        .iter()
        .map(|line| {
            let rest = &line[format!("error: {name}: game ").len()..];
            rest.split(' ')
                .next()
                .and_then(|n| n.parse().ok())
                .expect("game number")
        })
        .collect();
    assert_eq!(games, REJECTED, "{want:#?}");
    for (command, out) in outputs {
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{command}: {stderr}");
        assert_eq!(reports(out, name), want, "{command}: {stderr}");
    }

    assert_eq!(stdout(&egd).lines().count(), ACCEPTED);
    assert_eq!(stdout(&pgn).matches("[Event ").count(), ACCEPTED);
    assert_eq!(stdout(&tokenize).lines().count(), ACCEPTED);
    let loaded = String::from_utf8_lossy(&load.stderr);
    assert!(loaded.contains("stored 6 games"), "{loaded}");

    let egd_events: Vec<String> = stdout(&egd)
        .lines()
        .map(|l| {
            l.split("\"Event\":\"")
                .nth(1)
                .unwrap_or("")
                .chars()
                .take(1)
                .collect()
        })
        .collect();
    assert_eq!(egd_events, ["1", "3", "6", "7", "8", "9"]);
}

#[test]
fn ok_messages_name_the_reason() {
    let path = input("messages");
    let name = path.to_str().expect("UTF-8 temporary path");
    let out = run(&["egd", name], b"");
    let reports: Vec<String> = reports(&out, name).into_iter().collect();
    let wants = [
        "game 2 (from line 6), line 8, column 13: move \"Ke3\": illegal move",
        "game 4 (from line 14), line 15, column 1: variant \"Atomic\" is not supported",
        "game 5 (from line 19), line 20, column 1: FEN tag \"8/8/8/8/8/8/8/8 w - - 0 1\"",
    ];
    for (report, want) in reports.iter().zip(wants) {
        assert!(report.contains(want), "{report}\n  wanted {want}");
    }
}

#[test]
fn ok_null_moves_kept_where_the_output_holds_them() {
    let pgn = "[Event \"null\"]\n\n1. e4 -- 2. d4 (2. c4 --) Z0 3. c4 *\n";
    let egd = run(&["egd", "-"], pgn);
    let pgn_out = run(&["pgn", "--to", "uci", "-"], pgn);
    let tokens = run(&["tokenize", "--vocab", "uci", "-"], pgn);
    assert_eq!(egd.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&egd.stderr)
        .contains("move \"--\": a null move cannot be written in EGD"));
    assert_eq!(tokens.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&tokens.stderr)
        .contains("move \"--\": a null move cannot be written in tokens"));
    assert_eq!(
        pgn_out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&pgn_out.stderr)
    );
    assert!(
        stdout(&pgn_out).contains("1. e2e4 0000 2. d2d4 (2. c2c4 0000) 2... 0000 3. c2c4 *"),
        "{}",
        stdout(&pgn_out)
    );
}

#[test]
fn ok_warnings_alike_in_every_command() {
    let pgn = "% escaped\n[Event \"x\"]\n\n1. e4 $99999 e5 2. Nf3 *\n\n1. d4 d5\n";
    let db = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("contract-warnings.db");
    let _ = std::fs::remove_file(&db);
    let url = format!("sqlite:{}", db.display());
    let commands: [&[&str]; 5] = [
        &["load", "--db", &url, "--warnings", "-"],
        &["egd", "--warnings", "-"],
        &["egd", "--threads", "2", "--warnings", "-"],
        &["pgn", "--to", "uci", "--warnings", "-"],
        &["tokenize", "--vocab", "uci", "--warnings", "-"],
    ];
    let want = [
        "warning: -: game 1 (from line 1), line 1, column 1: escaped line (%) skipped \"% escaped\"",
        "warning: -: game 1 (from line 2), line 4, column 7: unknown glyph skipped \"$99999\"",
        "warning: -: game 2 (from line 6), line 7, column 1: game ends without result marker",
    ];
    let tally = "3 oddities (1 escaped line (%) skipped, 1 game ends without result marker, 1 unknown glyph skipped)";
    for args in commands {
        let out = run(args, pgn);
        let stderr = String::from_utf8_lossy(&out.stderr);
        let warnings: Vec<&str> = stderr
            .lines()
            .filter(|l| l.starts_with("warning:"))
            .collect();
        assert_eq!(warnings, want, "{args:?}");
        // `load` counts oddities in all, the others by kind as well.
        let tally = if args[0] == "load" {
            "; 3 oddities"
        } else {
            tally
        };
        assert!(stderr.contains(tally), "{args:?}: {stderr}");
        assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
        let quiet = run(&[&args[..args.len() - 2], &["-"]].concat(), pgn);
        let stderr = String::from_utf8_lossy(&quiet.stderr);
        assert!(
            !stderr.contains("warning:"),
            "{args:?} without --warnings: {stderr}"
        );
        assert!(stderr.contains(tally), "{args:?}: {stderr}");
    }
}

#[test]
fn ok_illegal_move_in_a_variation_drops_its_rest() {
    let pgn = "[Event \"v\"]\n\n1. e4 e5 (1... Ke7 2. Qz9 (2. d4)) (1... c5) 2. Nf3 *\n";
    let out = run(&["pgn", "--to", "san", "--warnings", "-"], pgn);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stdout(&out).contains("1. e4 e5 ( ) (1... c5) 2. Nf3 *")
            || stdout(&out).contains("1. e4 e5 (1... c5) 2. Nf3 *"),
        "{}",
        stdout(&out)
    );
    assert!(
        stderr.contains(
            "warning: -: game 1 (from line 1), line 3, column 16: illegal move in variation: \
             rest of variation dropped \"Ke7\""
        ),
        "{stderr}"
    );
    assert!(
        stderr.contains("1 oddity (1 illegal move in variation"),
        "{stderr}"
    );
    let egd = run(&["egd", "-"], pgn);
    assert_eq!(egd.status.code(), Some(0));
    assert_eq!(stdout(&egd).lines().count(), 1);
}

#[test]
fn ok_fen_tag_repairs_reported_alike() {
    let pgn = "[FEN \"4k3/8/8/8/8/8/8/4K3 w KQkq - 0 0\"]\n\n1. Kd2 *\n";
    let db = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("contract-fen-repairs.db");
    let _ = std::fs::remove_file(&db);
    let url = format!("sqlite:{}", db.display());
    let commands: [&[&str]; 4] = [
        &["egd", "--warnings", "-"],
        &["pgn", "--to", "uci", "--warnings", "-"],
        &["tokenize", "--vocab", "uci", "--warnings", "-"],
        &["load", "--db", &url, "--warnings", "-"],
    ];
    let mut seen = Vec::new();
    for args in commands {
        let out = run(args, pgn);
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
        let warnings: Vec<String> = stderr
            .lines()
            .filter(|l| l.starts_with("warning:"))
            .map(str::to_owned)
            .collect();
        assert_eq!(warnings.len(), 5, "{args:?}: {stderr}");
        assert!(
            warnings[0].contains("FEN tag repaired \"dropped castling right 'K'"),
            "{stderr}"
        );
        assert!(
            warnings[4].contains("read fullmove number 0 as 1"),
            "{stderr}"
        );
        seen.push(warnings);
    }
    assert!(seen.windows(2).all(|w| w[0] == w[1]), "{seen:#?}");
}

/// The library's pump gives every command the same output whatever `--threads`: the mixed
/// file two hundred times over (about 100 KB, many chunks of whole games), read on one thread
/// and on three, gives byte-identical standard output, the same reports in the same order, and
/// the same exit code; `tokenize`'s game numbers count every game read, as on one thread.
#[test]
fn ok_every_command_alike_for_any_thread_count() {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("contract-threads.pgn");
    std::fs::write(&path, MIXED.repeat(200)).expect("temporary file written");
    let name = path.to_str().expect("UTF-8 temporary path");
    // Each command's rejections per copy: `tokenize --vocab uci` also rejects the Chess960
    // game (`e1h1` is not in the UCI vocabulary).
    let commands: [(&[&str], usize); 4] = [
        (&["egd", "--extended"], 3),
        (&["pgn", "--to", "uci"], 3),
        (&["tokenize", "--vocab", "uci", "--format", "jsonl"], 4),
        (&["egd", "--warnings"], 3),
    ];
    for (command, rejected) in commands {
        let run_with = |threads: &str| {
            let mut args = command.to_vec();
            args.extend(["--quiet", "--threads", threads, name]);
            run(&args, b"")
        };
        let (one, three) = (run_with("1"), run_with("3"));
        let label = command.join(" ");
        assert_eq!(one.status.code(), Some(1), "{label}");
        assert_eq!(three.status.code(), one.status.code(), "{label}");
        assert!(stdout(&one) == stdout(&three), "{label}: outputs differ");
        assert_eq!(
            String::from_utf8_lossy(&three.stderr),
            String::from_utf8_lossy(&one.stderr),
            "{label}"
        );
        assert_eq!(reports(&one, name).len(), rejected * 200, "{label}");
    }
    let jsonl = run(
        &[
            "tokenize",
            "--vocab",
            "uci",
            "--format",
            "jsonl",
            "--quiet",
            "--threads",
            "3",
            name,
        ],
        b"",
    );
    let last = stdout(&jsonl)
        .lines()
        .last()
        .map(str::to_owned)
        .unwrap_or_default();
    assert!(last.starts_with("{\"game\":1800,"), "{last}");
}

/// `load` stores the same games and reports the same rejections on one reading thread and on
/// two.
#[test]
fn ok_load_alike_for_any_thread_count() {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("contract-load-threads.pgn");
    std::fs::write(&path, MIXED.repeat(100)).expect("temporary file written");
    let name = path.to_str().expect("UTF-8 temporary path");
    let mut seen = Vec::new();
    for threads in ["1", "2"] {
        let db = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("threads-{threads}.db"));
        let _ = std::fs::remove_file(&db);
        let url = format!("sqlite:{}", db.display());
        let out = run(&["load", "--threads", threads, "--db", &url, name], b"");
        assert_eq!(out.status.code(), Some(1), "threads {threads}");
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        // Each of the six good games is stored once; its 99 copies are duplicates.
        assert!(
            stderr.contains("stored 6 games"),
            "threads {threads}: {stderr}"
        );
        let prefix = format!("error: {name}: game ");
        let errors: Vec<String> = stderr
            .lines()
            .filter(|l| l.starts_with(&prefix))
            .map(str::to_owned)
            .collect();
        assert_eq!(errors.len(), 300, "threads {threads}");
        seen.push(errors);
    }
    assert_eq!(seen[0], seen[1]);
}

/// The lenient repairs that used to be silent, said with `--warnings` and counted alike by
/// every command: lower-case castling, a set-up game without `FEN` (two ways), a backslash
/// before a tag's closing quote, and a variation left open in a game whose variations `egd`
/// skips and `pgn` replays.
#[test]
fn ok_lenient_repairs_said_alike_in_every_command() {
    let pgn = concat!(
        "[Event \"set up\"]\n",
        "[SetUp \"1\"]\n",
        "[TimeControl \"5400/40+30:1800+30\\\"]\n",
        "\n",
        "1. e4 e5 2. Nf3 Nf6 3. Bc4 Bc5 4. o-o o-o *\n",
        "\n",
        "[Event \"from position\"]\n",
        "[Variant \"From Position\"]\n",
        "\n",
        "1. e4 ((( e5 *\n",
    );
    let db = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("contract-repairs.db");
    let _ = std::fs::remove_file(&db);
    let url = format!("sqlite:{}", db.display());
    let commands: [&[&str]; 5] = [
        &["egd", "--warnings", "-"],
        &["egd", "--threads", "2", "--warnings", "-"],
        &["pgn", "--to", "san", "--warnings", "-"],
        &["tokenize", "--vocab", "san", "--warnings", "-"],
        &["load", "--db", &url, "--warnings", "-"],
    ];
    let want = [
        r#"warning: -: game 1 (from line 1), line 3, column 1: backslash before closing quote dropped from tag value "[TimeControl \"5400/40+30:1800+30\\\"]""#,
        "warning: -: game 1 (from line 1), line 2, column 1: set-up game without FEN tag replayed from the standard start",
        "warning: -: game 1 (from line 1), line 5, column 35: lower-case castling read as castling \"o-o\"",
        "warning: -: game 1 (from line 1), line 5, column 39: lower-case castling read as castling \"o-o\"",
        "warning: -: game 2 (from line 7), line 8, column 1: set-up game without FEN tag replayed from the standard start",
        "warning: -: game 2 (from line 7), line 11, column 1: variation not closed before end of game",
    ];
    for args in commands {
        let out = run(args, pgn);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
        let warnings: Vec<&str> = stderr
            .lines()
            .filter(|l| l.starts_with("warning:"))
            .collect();
        assert_eq!(warnings, want, "{args:?}: {stderr}");
        assert!(stderr.contains("6 oddities"), "{args:?}: {stderr}");
    }
    // The repaired value is the one written: a time control again.
    let out = run(&["pgn", "--to", "san", "-"], pgn);
    assert!(
        stdout(&out).contains("[TimeControl \"5400/40+30:1800+30\"]"),
        "{}",
        stdout(&out)
    );
}

/// `-- Z0 --+ Z0+ --# Z0#` is six null moves, three with a check or mate sign (as pgn-reader
/// reads it), not a result marker `--+` and the rest skipped: `pgn` keeps all six, `egd`
/// rejects the game at the first.
#[test]
fn ok_null_moves_with_check_signs() {
    let pgn = "-- Z0 --+ Z0+ --# Z0#\n";
    let out = run(&["pgn", "--to", "uci", "--warnings", "-"], pgn);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert_eq!(stdout(&out).matches("0000").count(), 6, "{}", stdout(&out));
    assert!(!stderr.contains("non-standard result"), "{stderr}");
    let egd = run(&["egd", "-"], pgn);
    assert_eq!(egd.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&egd.stderr).contains("move \"--\": a null move"));
    // `+--` stays a result marker (white wins by forfeit).
    let out = run(&["pgn", "--to", "uci", "-"], "1. e4 +--\n");
    assert!(stdout(&out).contains("1. e2e4 1-0"), "{}", stdout(&out));
}

/// One result rule in every command (`replay::game_result`): a decided `Result` tag, else a
/// decided termination marker, else `*`. `egd` (its `Result` tag), `tokenize` (`result`),
/// `export` (`games.result`) and `load` (the `games` table, read back with `query`) agree.
#[test]
fn ok_one_result_rule_in_every_command() {
    let cases = [
        (Some("?"), "1-0", "1-0"),
        (Some("*"), "0-1", "0-1"),
        (Some("1-0"), "*", "1-0"),
        (Some("?"), "*", "*"),
        (Some("1/2-1/2"), "1-0", "1/2-1/2"),
        (None, "1/2-1/2", "1/2-1/2"),
    ];
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("contract-result");
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    for (i, (tag, marker, want)) in cases.into_iter().enumerate() {
        let tag = tag.map_or(String::new(), |t| format!("[Result \"{t}\"]\n"));
        let pgn =
            format!("[Event \"e\"]\n{tag}\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# {marker}\n\n");
        let case = format!("{tag:?} {marker}");
        let egd = stdout(&run(&["egd", "-"], &pgn));
        assert!(
            egd.starts_with(&format!("{{\"game_tags\":{{\"Result\":\"{want}\"")),
            "egd, {case}: {egd}"
        );
        let tokens = stdout(&run(
            &["tokenize", "--vocab", "san", "--format", "jsonl", "-"],
            &pgn,
        ));
        assert!(
            tokens.contains(&format!("\"result\":\"{want}\"")),
            "tokenize, {case}: {tokens}"
        );
        let out = dir.join(format!("export-{i}"));
        let out = out.to_str().expect("UTF-8 temporary path");
        let export = run(
            &[
                "export",
                "-q",
                "--force",
                "--format",
                "csv",
                "--columns",
                "result",
                "-o",
                out,
                "-",
            ],
            &pgn,
        );
        assert!(export.status.success(), "export, {case}: {export:?}");
        let games =
            std::fs::read_to_string(format!("{out}/games/part-00000.csv")).expect("the games part");
        assert!(
            games
                .lines()
                .nth(1)
                .is_some_and(|row| row.ends_with(&format!(",{want}"))),
            "export, {case}: {games}"
        );
        let db = dir.join(format!("load-{i}.db"));
        let _ = std::fs::remove_file(&db);
        let url = format!("sqlite:{}", db.display());
        let load = run(&["load", "-q", "--db", &url, "-"], &pgn);
        assert!(load.status.success(), "load, {case}: {load:?}");
        let sql = dir.join("result.sql");
        std::fs::write(&sql, "SELECT result FROM games").expect("query written");
        let sql = sql.to_str().expect("UTF-8 temporary path");
        let query = run(
            &["query", "--db", &url, "--sql", sql, "--format", "csv"],
            b"",
        );
        assert_eq!(
            stdout(&query).lines().collect::<Vec<_>>(),
            ["result", want],
            "load, {case}: {}",
            String::from_utf8_lossy(&query.stderr)
        );
    }
}
