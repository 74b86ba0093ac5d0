//! `scoresheet egd`: runs the binary on the reference fixtures and compares with the reference
//! outputs of the `egd` Ruby gem (`scoresheet-pgn/tests/data/egd/expected_json/`), checks exit
//! codes and that `--threads 2` writes what `--threads 1` writes.

mod common;
use common::run;

use std::path::PathBuf;
use std::process::Output;

fn egd_data(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../scoresheet-pgn/tests/data/egd");
    path.join(name).display().to_string()
}

fn cli_data(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    path.join(name).display().to_string()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("utf-8")
}

/// The reference output of a fixture, as one JSON line.
fn reference(name: &str) -> String {
    let json = std::fs::read(egd_data(&format!("expected_json/{name}.json"))).expect("reference");
    format!("{}\n", text(&json))
}

#[test]
fn ok_fixture_is_the_reference() {
    for name in ["02_polgar_vs_kasparov", "08_chesscom"] {
        let out = run(&["egd", &egd_data(&format!("{name}.pgn"))], b"");
        assert!(out.status.success(), "{}", text(&out.stderr));
        assert_eq!(text(&out.stdout), reference(name), "{name}");
    }
}

/// Fixture 09: the reference takes a FEN comment for the result; ours is `*` (NOTES.md: Result
/// from the tag or the marker). Everything else is the reference, byte for byte.
#[test]
fn ok_fixture_09_with_result_fixed() {
    let garbage = r#""Result":"{rnbqkbnr/1pp1pppp/p2P4/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3}""#;
    let want = reference("09_enpassant").replacen(garbage, r#""Result":"*""#, 1);
    assert_ne!(want, reference("09_enpassant"));
    let out = run(&["egd", "--quiet", &egd_data("09_enpassant.pgn")], b"");
    assert_eq!(text(&out.stdout), want);
    assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
}

#[test]
fn ok_several_inputs_and_stdin() {
    let a = egd_data("00_readme_example.pgn");
    let out = run(&["egd", &a, "-", &a], b"1. d4 *\n");
    assert!(out.status.success());
    let lines: Vec<String> = text(&out.stdout).lines().map(str::to_owned).collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(format!("{}\n", lines[0]), reference("00_readme_example"));
    assert!(lines[1].contains(r#""san":"d4""#));
    assert_eq!(lines[2], lines[0]);
    assert!(text(&out.stderr).contains("egd: 3 games in: 3 converted, 0 reported as errors"));
}

const ONE_BAD: &[u8] = b"[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. e4 e5 2. Ke3 *\n\n[Event \"c\"]\n\n1. d4 *\n";

#[test]
fn err_one_bad_game_exits_1() {
    let out = run(&["egd"], ONE_BAD);
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    assert_eq!(stdout.lines().count(), 2);
    assert!(stdout.contains(r#""Event":"a""#) && stdout.contains(r#""Event":"c""#));
    let stderr = text(&out.stderr);
    assert!(
        stderr.starts_with(
            "error: -: game 2 (from line 5), line 7, column 13: move \"Ke3\": illegal move"
        ),
        "{stderr}"
    );
    assert!(stderr.contains("egd: 3 games in: 2 converted, 1 reported as errors; 3 plies;"));
}

#[test]
fn err_usage_and_io_exit_2() {
    let out = run(&["egd", "--threads", "0"], b"");
    assert_eq!(out.status.code(), Some(2));
    let out = run(&["egd", "/nonexistent/games.pgn"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("cannot open /nonexistent/games.pgn"));
    let out = run(&["egd", "--help"], b"");
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).contains("1 some games reported as errors"));
}

/// Games in = games out + games reported, and the threads only change the speed.
#[test]
fn ok_threads_write_the_same() {
    let mut input = std::fs::read(cli_data("real_200.pgn")).expect("slice");
    input.extend_from_slice(ONE_BAD);
    input.extend_from_slice(&std::fs::read(cli_data("real_200.pgn")).expect("slice"));
    let one = run(&["egd", "--threads", "1"], &input);
    let two = run(&["egd", "--threads", "2"], &input);
    let three = run(&["egd", "--threads", "3", "--extended"], &input);
    assert_eq!(one.status.code(), Some(1));
    assert_eq!(two.status.code(), Some(1));
    assert_eq!(one.stdout, two.stdout);
    assert_eq!(text(&one.stdout).lines().count(), 402);
    let errors = |o: &Output| -> Vec<String> {
        text(&o.stderr)
            .lines()
            .filter(|l| l.starts_with("error: -: game"))
            .map(str::to_owned)
            .collect()
    };
    assert_eq!(errors(&one), errors(&two));
    assert_eq!(errors(&one).len(), 1);
    assert!(
        errors(&one)[0].contains("game 202 (from line"),
        "{:?}",
        errors(&one)
    );
    let summary = "egd: 403 games in: 402 converted, 1 reported as errors";
    assert!(text(&one.stderr).contains(summary));
    assert!(text(&two.stderr).contains(summary));
    assert_eq!(text(&three.stdout).lines().count(), 402);
    assert_eq!(errors(&three), errors(&one));
}

#[test]
fn ok_pretty_and_output_file() {
    let dir = std::env::temp_dir().join(format!("scoresheet-egd-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("out.json");
    let out = run(
        &[
            "egd",
            "--pretty",
            "-q",
            "-o",
            &path.display().to_string(),
            &egd_data("00_readme_example.pgn"),
        ],
        b"",
    );
    assert!(out.status.success());
    assert!(out.stdout.is_empty() && out.stderr.is_empty());
    let written = std::fs::read_to_string(&path).expect("output file");
    assert!(written.starts_with(
        "{\n  \"game_tags\": {\n    \"Result\": \"*\"\n  },\n  \"moves\": {\n    \"1w\": {"
    ));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Many more chunks than the workers may run ahead of the writing (`4 N`): the order, the
/// game numbers in error messages and the totals still match one thread.
#[test]
fn ok_threads_many_chunks() {
    let slice = std::fs::read(cli_data("real_200.pgn")).expect("slice");
    let mut input = Vec::new();
    for copy in 0..8 {
        input.extend_from_slice(&slice);
        if copy == 5 {
            input.extend_from_slice(ONE_BAD);
        }
    }
    let one = run(&["egd", "--threads", "1"], &input);
    let two = run(&["egd", "--threads", "2"], &input);
    assert_eq!(one.status.code(), Some(1));
    assert_eq!(two.status.code(), Some(1));
    assert_eq!(
        text(&one.stdout).lines().count(),
        1_602,
        "8 x 200 games and 2 of 3"
    );
    assert!(one.stdout == two.stdout, "same output");
    let errors = |o: &Output| -> Vec<String> {
        text(&o.stderr)
            .lines()
            .filter(|l| l.starts_with("error: -: game") || l.starts_with("egd:"))
            .map(|l| l.split("; ").take(2).collect::<Vec<_>>().join("; "))
            .collect()
    };
    assert_eq!(errors(&one), errors(&two));
    assert!(
        errors(&one)[0].contains("game 1202 (from line"),
        "{:?}",
        errors(&one)
    );
}
