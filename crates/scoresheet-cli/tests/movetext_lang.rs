//! Issue 13: PGN movetext written with a language's piece letters goes through every command
//! that reads PGN when `--lang` names the language: `egd`, `pgn`, `export`, `load` and
//! `tokenize` read
//! `tests/data/german.pgn` as they read the same games in English SAN
//! (`tests/data/german_in_english.pgn`, typed by hand), and without `--lang` they refuse it.

mod common;

use std::path::{Path, PathBuf};

use common::run;

fn data(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    path.to_str().expect("UTF-8 data path").to_owned()
}

fn stdout(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn ok_egd_reads_german_as_english() {
    let german = run(
        &["egd", "--quiet", "--lang", "de", &data("german.pgn")],
        b"",
    );
    let english = run(&["egd", "--quiet", &data("german_in_english.pgn")], b"");
    assert_eq!(german.status.code(), Some(0), "{}", stderr(&german));
    assert_eq!(stdout(&german), stdout(&english));
    assert_eq!(stdout(&german).lines().count(), 2);
}

#[test]
fn ok_tokenize_reads_german_as_english() {
    for vocab in ["san", "uci"] {
        let tokens = |extra: &[&str]| {
            let mut args = vec!["tokenize", "--quiet", "--vocab", vocab, "--format", "jsonl"];
            args.extend_from_slice(extra);
            run(&args, b"")
        };
        let (german_pgn, english_pgn) = (data("german.pgn"), data("german_in_english.pgn"));
        let german = tokens(&["--lang", "de", &german_pgn]);
        let english = tokens(&[&english_pgn]);
        assert_eq!(german.status.code(), Some(0), "{}", stderr(&german));
        assert_eq!(stdout(&german), stdout(&english), "{vocab}");
        assert_eq!(stdout(&german).lines().count(), 2, "{vocab}");
    }
    let refused = run(&["tokenize", "--vocab", "san", &data("german.pgn")], b"");
    assert_eq!(refused.status.code(), Some(1));
    assert!(
        stderr(&refused).contains("move \"Sf3\""),
        "{}",
        stderr(&refused)
    );
}

#[test]
fn err_without_lang_german_is_refused() {
    for command in [&["egd"][..], &["pgn", "--to", "san"][..]] {
        let mut args = command.to_vec();
        let path = data("german.pgn");
        args.push(&path);
        let out = run(&args, b"");
        assert_eq!(out.status.code(), Some(1), "{command:?}");
        assert!(stderr(&out).contains("move \"Sf3\""), "{}", stderr(&out));
    }
}

/// The moves of PGN output: tokens that are not tags, move numbers or results.
fn moves(pgn: &str) -> Vec<String> {
    pgn.lines()
        .filter(|l| !l.starts_with('['))
        .flat_map(str::split_whitespace)
        .filter(|t| !t.ends_with('.') && !["*", "1-0", "0-1", "1/2-1/2"].contains(t))
        .map(str::to_owned)
        .collect()
}

#[test]
fn ok_pgn_translates_german_movetext() {
    let english_text = std::fs::read_to_string(data("german_in_english.pgn")).expect("data");
    let german_text = std::fs::read_to_string(data("german.pgn")).expect("data");
    let to_english = run(
        &[
            "pgn",
            "--quiet",
            "--lang",
            "de",
            "--to",
            "san",
            "--to-lang",
            "en",
            &data("german.pgn"),
        ],
        b"",
    );
    assert_eq!(to_english.status.code(), Some(0), "{}", stderr(&to_english));
    assert_eq!(moves(&stdout(&to_english)), moves(&english_text));
    // --lang alone writes SAN back in German.
    let round = run(
        &[
            "pgn",
            "--quiet",
            "--lang",
            "de",
            "--to",
            "san",
            &data("german.pgn"),
        ],
        b"",
    );
    assert_eq!(moves(&stdout(&round)), moves(&german_text));
    let uci = run(
        &[
            "pgn",
            "--quiet",
            "--lang",
            "de",
            "--to",
            "uci",
            &data("german.pgn"),
        ],
        b"",
    );
    assert_eq!(moves(&stdout(&uci))[..3], ["e2e4", "e7e5", "g1f3"]);
}

/// Every file of an export directory (and its table directories) with its contents, the
/// input's path made neutral.
fn exported(dir: &Path, input: &str) -> Vec<(PathBuf, String)> {
    let mut files = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(at) = dirs.pop() {
        for entry in std::fs::read_dir(&at).expect("export directory") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                dirs.push(path);
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("text files (CSV, JSON)");
            let name = path
                .strip_prefix(dir)
                .expect("under the directory")
                .to_path_buf();
            files.push((name, text.replace(input, "INPUT")));
        }
    }
    files.sort();
    files
}

#[test]
fn ok_export_and_load_read_german() {
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("movetext-lang");
    let _ = std::fs::remove_dir_all(&tmp);
    std::fs::create_dir_all(&tmp).expect("temporary directory");
    let (de_dir, en_dir) = (tmp.join("de"), tmp.join("en"));
    let (german, english) = (data("german.pgn"), data("german_in_english.pgn"));
    for (dir, args) in [
        (&de_dir, vec!["--lang", "de", german.as_str()]),
        (&en_dir, vec![english.as_str()]),
    ] {
        let out_dir = dir.to_str().expect("UTF-8 path");
        let mut all = vec!["export", "--quiet", "--format", "csv", "-o", out_dir];
        all.extend(args);
        let out = run(&all, b"");
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    }
    let (de, en) = (exported(&de_dir, &german), exported(&en_dir, &english));
    assert_eq!(de.len(), 3, "{de:?}");
    assert!(de
        .iter()
        .any(|(name, text)| name.starts_with("moves") && text.contains("Nf3")));
    assert_eq!(de, en);

    let db = tmp.join("german.db");
    let url = format!("sqlite:{}", db.display());
    let load = run(&["load", "--db", &url, "--lang", "de", &german], b"");
    assert_eq!(load.status.code(), Some(0), "{}", stderr(&load));
    assert!(
        stderr(&load).contains("stored 2 games"),
        "{}",
        stderr(&load)
    );
}
