//! `scoresheet egd` on the IO rows of `shared/data/bad-inputs/bad_inputs.tsv`: IO-001 a
//! directory as input, IO-002 standard output closed early, IO-004 a truncated gzip file,
//! IO-005 a multi-member gzip file, IO-007 compression told by content, not by name; and a
//! UTF-16 input. The rows' expectations, with the exit codes of every command: 0 every game
//! converted, 1 some games reported as errors, 2 usage or I/O error; a closed output pipe
//! counts as success.

mod common;
use common::run;

use std::io::{BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// Games in `real_200.pgn`.
const GAMES: usize = 200;

fn real_200_path() -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/real_200.pgn");
    path.display().to_string()
}

fn real_200() -> Vec<u8> {
    std::fs::read(real_200_path()).expect("test data")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("utf-8")
}

/// Where game `n` (from 0) starts: the `n`th line starting with `[Event `, or the end.
fn game_start(pgn: &[u8], n: usize) -> usize {
    let mut starts = (0..pgn.len())
        .filter(|&i| (i == 0 || pgn[i - 1] == b'\n') && pgn[i..].starts_with(b"[Event "));
    starts.nth(n).unwrap_or(pgn.len())
}

/// The plain file converted: one JSON line per game.
fn reference() -> Vec<String> {
    let out = run(&["egd", "--quiet", &real_200_path()], b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let lines: Vec<String> = text(&out.stdout).lines().map(str::to_owned).collect();
    assert_eq!(lines.len(), GAMES, "one line per game");
    lines
}

/// Checks that `stdout` is the first `want.len()` games of the reference, line by line (the
/// output is megabytes: no diff of the whole).
fn assert_games(stdout: &[u8], want: &[String], why: &str) {
    let got: Vec<&str> = std::str::from_utf8(stdout)
        .expect("utf-8")
        .lines()
        .collect();
    assert_eq!(got.len(), want.len(), "{why}: games written");
    if let Some(i) = (0..got.len()).find(|&i| got[i] != want[i]) {
        panic!("{why}: game {} differs from the plain file's", i + 1);
    }
}

/// `file` (with each thread count) and its `bytes` on stdin convert to every game of the
/// reference, exit 0, and the summary counts them all.
fn assert_all_converted(
    file: &TempFile,
    bytes: &[u8],
    threads: &[&str],
    why: &str,
    want: &[String],
) {
    let summary = format!("egd: {GAMES} games in: {GAMES} converted, 0 reported as errors");
    let path = file.path();
    let runs = threads
        .iter()
        .map(|&n| {
            (
                format!("threads {n}"),
                run(&["egd", "--threads", n, &path], b""),
            )
        })
        .chain([("stdin".to_owned(), run(&["egd", "-"], bytes))]);
    for (how, out) in runs {
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{why}, {how}: {stderr}");
        assert_games(&out.stdout, want, &format!("{why}, {how}"));
        assert!(stderr.contains(&summary), "{why}, {how}: {stderr}");
    }
}

/// A file under the temporary directory, removed when dropped.
struct TempFile(PathBuf);

impl TempFile {
    fn new(name: &str, bytes: &[u8]) -> TempFile {
        let name = format!("scoresheet-egd-io-{}-{name}", std::process::id());
        let path = std::env::temp_dir().join(name);
        std::fs::write(&path, bytes).expect("temp file");
        TempFile(path)
    }

    fn path(&self) -> String {
        self.0.display().to_string()
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    encoder.write_all(bytes).expect("in memory");
    encoder.finish().expect("in memory")
}

fn zstd(bytes: &[u8]) -> Vec<u8> {
    zstd::encode_all(bytes, 3).expect("in memory")
}

/// IO-001: exit 2 (I/O error) with "is a directory", no panic, nothing written.
#[test]
fn err_io_001_directory_input() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let dir = dir.display().to_string();
    for threads in ["1", "2"] {
        let out = run(&["egd", "--threads", threads, &dir], b"");
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "threads {threads}: {stderr}");
        assert!(
            stderr.contains(&format!("{dir} is a directory")),
            "{stderr}"
        );
        assert!(!stderr.contains("panicked"), "{stderr}");
        assert!(out.stdout.is_empty(), "threads {threads}");
    }
}

/// IO-002 (`scoresheet egd games.pgn | head -1`): the 200 games are megabytes of JSON, far more
/// than a pipe holds, so the writes after the reader has gone fail with EPIPE. The binary stops
/// quietly with exit code 0: no panic, no message.
#[test]
fn ok_io_002_stdout_closed_early() {
    for threads in ["1", "2", "4"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_scoresheet"))
            .args(["egd", "--threads", threads, &real_200_path()])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("binary starts");
        let mut stdout = BufReader::new(child.stdout.take().expect("piped stdout"));
        let mut first = String::new();
        stdout.read_line(&mut first).expect("a first line");
        assert!(
            first.starts_with("{\"game_tags\":{"),
            "threads {threads}: {first}"
        );
        drop(stdout);
        let out = child.wait_with_output().expect("binary finishes");
        let stderr = text(&out.stderr);
        assert!(!stderr.contains("panicked"), "threads {threads}: {stderr}");
        assert_eq!(out.status.code(), Some(0), "threads {threads}: {stderr}");
        assert_eq!(stderr, "", "threads {threads}");
    }
}

/// Games in the whole part of the truncated gzip file.
const WHOLE: usize = 100;

/// `real_200.pgn` gzipped, cut a few bytes after a sync flush that follows game [`WHOLE`]: the
/// games before decode in full, the rest is lost mid-stream. Checked by decoding it here.
fn truncated_gzip(pgn: &[u8]) -> Vec<u8> {
    let cut = game_start(pgn, WHOLE);
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    encoder.write_all(&pgn[..cut]).expect("in memory");
    encoder.flush().expect("in memory");
    let decodable = encoder.get_ref().len();
    encoder.write_all(&pgn[cut..]).expect("in memory");
    let mut bytes = encoder.finish().expect("in memory");
    bytes.truncate(decodable + 16);

    let mut decoder = flate2::read::MultiGzDecoder::new(&bytes[..]);
    let mut decoded = Vec::new();
    let mut chunk = [0; 4096];
    loop {
        match decoder.read(&mut chunk) {
            Ok(0) => panic!("a truncated stream ends with an error"),
            Ok(n) => decoded.extend_from_slice(&chunk[..n]),
            Err(_) => break,
        }
    }
    assert!(decoded.starts_with(&pgn[..cut]), "the whole games decode");
    assert!(
        decoded.len() < game_start(pgn, WHOLE + 1),
        "the next game does not"
    );
    bytes
}

/// IO-004, the part that holds: a truncated gzip file is an I/O error (exit 2) named on stderr,
/// without a panic, and what is written is games of the file, in order, none past the cut.
#[test]
fn err_io_004_truncated_gzip_is_an_error() {
    let want = reference();
    let file = TempFile::new("truncated.pgn.gz", &truncated_gzip(&real_200()));
    for threads in ["1", "2"] {
        let out = run(&["egd", "--threads", threads, &file.path()], b"");
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "threads {threads}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
        let converting = format!("error: converting {}: ", file.path());
        assert!(stderr.contains(&converting), "{stderr}");
        assert!(stderr.contains("incomplete deflate stream"), "{stderr}");
        let written = text(&out.stdout).lines().count();
        assert!(written <= WHOLE, "threads {threads}: {written} games");
        assert_games(&out.stdout, &want[..written], &format!("threads {threads}"));
    }
}

/// IO-004, in full: the games read before the cut are written, with one or two threads alike,
/// and the error gives the byte offset where the input broke off. Every game whose result was
/// read before the cut is whole and kept.
#[test]
fn err_io_004_truncated_gzip_keeps_the_games_before() {
    let want = reference();
    let file = TempFile::new("truncated-1.pgn.gz", &truncated_gzip(&real_200()));
    let mut counts = Vec::new();
    for threads in ["1", "2"] {
        let out = run(&["egd", "--threads", threads, &file.path()], b"");
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains("i/o error after byte "), "{stderr}");
        let written = text(&out.stdout).lines().count();
        assert_eq!(
            written, WHOLE,
            "threads {threads}: every whole game is kept"
        );
        assert_games(&out.stdout, &want[..written], &format!("threads {threads}"));
        counts.push(written);
    }
    assert_eq!(
        counts[0], counts[1],
        "the same games with one thread or two"
    );
}

/// IO-005: every member of a multi-member gzip file is read, whether members end between games
/// or inside one, and an empty member changes nothing.
#[test]
fn ok_io_005_multi_member_gzip() {
    let want = reference();
    let pgn = real_200();
    let cases = [
        ("between games", vec![game_start(&pgn, WHOLE)]),
        ("inside a game", vec![game_start(&pgn, WHOLE) + 1000]),
        (
            "three members, one empty",
            vec![
                game_start(&pgn, 50),
                game_start(&pgn, 50),
                game_start(&pgn, 150),
            ],
        ),
    ];
    for (why, cuts) in cases {
        let mut bounds = vec![0];
        bounds.extend(cuts);
        bounds.push(pgn.len());
        let bytes: Vec<u8> = bounds
            .windows(2)
            .flat_map(|w| gzip(&pgn[w[0]..w[1]]))
            .collect();
        let file = TempFile::new("members.pgn.gz", &bytes);
        assert_all_converted(&file, &bytes, &["1", "2"], why, &want);
    }
}

/// IO-007: compression is told by the first bytes, never by the file name.
#[test]
fn ok_io_007_compression_by_content() {
    let want = reference();
    let pgn = real_200();
    let half = game_start(&pgn, WHOLE);
    let cases = [
        ("zstd named .pgn", "zstd.pgn", zstd(&pgn)),
        ("zstd, two frames, named .pgn", "frames.pgn", {
            [zstd(&pgn[..half]), zstd(&pgn[half..])].concat()
        }),
        ("gzip named .pgn", "gzip.pgn", gzip(&pgn)),
        ("zstd named .gz", "zstd.pgn.gz", zstd(&pgn)),
        ("gzip named .zst", "gzip.pgn.zst", gzip(&pgn)),
        ("plain named .zst", "plain.pgn.zst", pgn.clone()),
    ];
    for (why, name, bytes) in cases {
        let file = TempFile::new(name, &bytes);
        assert_all_converted(&file, &bytes, &["1", "3"], why, &want);
    }
}

/// IO-007: xz is recognised by its magic bytes whatever the name, and refused (exit 2).
#[test]
fn err_io_007_xz_refused_by_content() {
    let mut bytes = vec![0xfd, b'7', b'z', b'X', b'Z', 0x00];
    bytes.extend_from_slice(b"not really xz");
    let file = TempFile::new("xz.pgn", &bytes);
    let out = run(&["egd", &file.path()], b"");
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    let refused = format!(
        "cannot open {}: xz-compressed input is not supported",
        file.path()
    );
    assert!(stderr.contains(&refused), "{stderr}");
    assert!(out.stdout.is_empty());
}

/// Junk after the last member or frame of a compressed file: every game decoded before it is
/// converted (with one thread or two), then the error is reported with exit 2, as `gzip -dc`
/// recovers the data and complains.
#[test]
fn err_junk_after_compressed_data_keeps_every_game() {
    let want = reference();
    let pgn = real_200();
    let mut bz = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
    bz.write_all(&pgn).expect("in memory");
    let bz = bz.finish().expect("in memory");
    let junk = b"junk appended by a careless copy\n";
    let cases = [
        ("gzip", [gzip(&pgn), junk.to_vec()].concat()),
        ("zstd", [zstd(&pgn), junk.to_vec()].concat()),
        ("bzip2", [bz, junk.to_vec()].concat()),
        (
            "two gzip members",
            [
                gzip(&pgn[..game_start(&pgn, 7)]),
                gzip(&pgn[game_start(&pgn, 7)..]),
                junk.to_vec(),
            ]
            .concat(),
        ),
    ];
    for (why, bytes) in cases {
        let file = TempFile::new(&format!("junk-{}.pgn.z", why.replace(' ', "-")), &bytes);
        for threads in ["1", "2"] {
            let out = run(&["egd", "--threads", threads, &file.path()], b"");
            let stderr = text(&out.stderr);
            assert_eq!(
                out.status.code(),
                Some(2),
                "{why}, threads {threads}: {stderr}"
            );
            assert!(stderr.contains("i/o error after byte "), "{why}: {stderr}");
            assert_games(&out.stdout, &want, &format!("{why}, threads {threads}"));
        }
    }
}

/// `-o FILE`: written under a temporary name and renamed when complete; no temporary file is
/// left; a file that cannot be created is an I/O error (exit 2) naming it.
#[test]
fn ok_output_file_renamed_when_complete() {
    let want = reference();
    let dir = std::env::temp_dir().join(format!("scoresheet-egd-out-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let target = dir.join("games.jsonl");
    for threads in ["1", "2"] {
        let out = run(
            &[
                "egd",
                "-q",
                "--threads",
                threads,
                "-o",
                &target.display().to_string(),
                &real_200_path(),
            ],
            b"",
        );
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let written = std::fs::read(&target).expect("output file");
        assert_games(&written, &want, &format!("-o, threads {threads}"));
        let names: Vec<String> = std::fs::read_dir(&dir)
            .expect("dir")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, ["games.jsonl"], "no temporary file left");
    }
    let missing = dir.join("no-such-dir").join("games.jsonl");
    let out = run(
        &[
            "egd",
            "-o",
            &missing.display().to_string(),
            &real_200_path(),
        ],
        b"",
    );
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("games.jsonl"), "names the file: {stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `-o` onto something that is not a regular file (a named pipe here; `/dev/null` is the
/// common case) writes into it in place: renaming a temporary file onto it would replace the
/// device or pipe with a plain file.
#[test]
fn ok_output_to_a_pipe_writes_in_place() {
    use std::os::unix::fs::FileTypeExt;
    let dir = std::env::temp_dir().join(format!("scoresheet-egd-fifo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let fifo = dir.join("out.fifo");
    let made = Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        let _ = std::fs::remove_dir_all(&dir);
        panic!("mkfifo is needed for this test (coreutils)");
    }
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read(fifo).expect("read the pipe"))
    };
    let out = run(
        &[
            "egd",
            "-q",
            "-o",
            &fifo.display().to_string(),
            &real_200_path(),
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let written = reader.join().expect("reader thread");
    assert_games(&written, &reference(), "-o a named pipe");
    let kind = std::fs::symlink_metadata(&fifo)
        .expect("still there")
        .file_type();
    assert!(kind.is_fifo(), "the pipe is still a pipe: {kind:?}");
    let names: Vec<String> = std::fs::read_dir(&dir)
        .expect("dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["out.fifo"], "no temporary file");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A UTF-16 input (byte order mark) ends the input with the same message and exit 2 whatever
/// the thread count, for `egd` and `export`: one reader stops there, so the parallel one does.
#[test]
fn err_utf16_input_stops_with_every_thread_count() {
    let file = TempFile::new("utf16.pgn", b"\xff\xfe[\x00E\x00v\x00");
    let path = file.path();
    let dir = std::env::temp_dir().join(format!("scoresheet-egd-io-{}-utf16", std::process::id()));
    let dir = dir.display().to_string();
    let message = "pgn: input is UTF-16 (byte order mark found), which is not supported";
    for threads in ["1", "2"] {
        for args in [
            vec!["egd", "--threads", threads, &path],
            vec!["export", "--force", "--threads", threads, "-o", &dir, &path],
        ] {
            let out = run(&args, b"");
            let stderr = text(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
            assert!(stderr.contains(message), "{args:?}: {stderr}");
            assert!(!stderr.contains("reported as errors"), "{args:?}: {stderr}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

fn compressed(format: &str, bytes: &[u8]) -> Vec<u8> {
    match format {
        "gzip" => gzip(bytes),
        "zstd" => zstd::encode_all(bytes, 1).expect("in memory"),
        _ => {
            let mut e = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
            e.write_all(bytes).expect("in memory");
            e.finish().expect("in memory")
        }
    }
}

fn temp_dir(name: &str) -> String {
    let dir =
        std::env::temp_dir().join(format!("scoresheet-issue28-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir.display().to_string()
}

/// Issue 28, defect 1: a tag section with an odd tag line (indented, after a byte order mark,
/// after a `%` line), a blank line and a new tag is one game with every thread count.
#[test]
fn ok_issue_28_thread_count_keeps_odd_tag_sections_whole() {
    for odd in [
        " [Event \"A\"]\n",
        "\u{feff}[Event \"A\"]\n",
        "[Event \"A\"]\n%x\n",
    ] {
        let mut text = "[Event \"f\"]\n\n1. e4 *\n\n".repeat(1489);
        text.push_str("\n\n");
        text.push_str(odd);
        text.push_str("\n[Site \"B\"]\n\n1. d4 *\n");
        let file = TempFile::new("odd-tags.pgn", text.as_bytes());
        for threads in ["1", "2", "3"] {
            let out = run(&["egd", "-q", "--threads", threads, &file.path()], b"");
            assert_eq!(
                out.status.code(),
                Some(0),
                "{odd:?}: {}",
                text_of(&out.stderr)
            );
            assert_eq!(
                out.stdout
                    .split(|&b| b == b'\n')
                    .filter(|l| !l.is_empty())
                    .count(),
                1490,
                "{odd:?} {threads}"
            );
        }
    }
}

fn text_of(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Issue 28, defect 3: the game cut off by a decompression error (junk after the archive, in
/// gzip, zstd and bzip2) is written by no command and no thread count: only whole games.
#[test]
fn err_issue_28_game_cut_by_decompression_error_never_written() {
    let pgn = b"[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n[Site \"Lon";
    for format in ["gzip", "zstd", "bzip2"] {
        let mut bytes = compressed(format, pgn);
        bytes.extend_from_slice(b"junk");
        let file = TempFile::new("cut.pgn.z", &bytes);
        for threads in ["1", "2"] {
            let out = run(&["egd", "-q", "--threads", threads, &file.path()], b"");
            assert_eq!(out.status.code(), Some(2), "{format} {threads}");
            let lines: Vec<&str> = std::str::from_utf8(&out.stdout)
                .expect("utf-8")
                .lines()
                .collect();
            assert_eq!(lines.len(), 1, "{format} {threads}: {lines:?}");
            assert!(!lines[0].contains("Lon"), "{format} {threads}: {lines:?}");
            let dir = temp_dir(&format!("cut-{format}-{threads}"));
            let out = run(
                &[
                    "export",
                    "-q",
                    "--format",
                    "csv",
                    "--threads",
                    threads,
                    "-o",
                    &dir,
                    &file.path(),
                ],
                b"",
            );
            assert_eq!(out.status.code(), Some(2), "{format} {threads}");
            let games =
                std::fs::read_to_string(format!("{dir}/games/part-00000.csv")).expect("part");
            assert_eq!(
                games.lines().count(),
                2,
                "{format} {threads}: header and game a: {games}"
            );
            assert!(!games.contains("Lon"), "{format} {threads}: {games}");
            let _ = std::fs::remove_dir_all(&dir);
        }
        let out = run(&["pgn", &file.path()], b"");
        assert_eq!(out.status.code(), Some(2), "{format} pgn");
        assert!(!text_of(&out.stdout).contains("Lon"), "{format} pgn");
    }
}

/// Issue 28, defect 4: an export stopped by an input error writes a manifest marked
/// incomplete, and the corrected run needs no `--force`; a complete dataset is still refused.
#[test]
fn err_issue_28_failed_export_marked_incomplete_and_not_blocking() {
    let good = TempFile::new("good.pgn", b"[Event \"a\"]\n\n1. e4 *\n");
    let dir_input = temp_dir("a-directory");
    std::fs::create_dir_all(&dir_input).expect("temp dir");
    let utf16 = TempFile::new("u16.pgn", b"\xff\xfe[\x00E\x00");
    let mut truncated = gzip(&b"[Event \"a\"]\n\n1. e4 *\n\n".repeat(2000));
    truncated.truncate(truncated.len() / 2);
    let truncated = TempFile::new("trunc.pgn.gz", &truncated);
    let missing = "/nonexistent/issue28.pgn".to_owned();
    for (why, bad) in [
        ("missing", missing),
        ("directory", dir_input.clone()),
        ("utf-16", utf16.path()),
        ("truncated", truncated.path()),
    ] {
        for threads in ["1", "2"] {
            let dir = temp_dir(&format!("failed-{threads}"));
            let out = run(
                &["export", "-q", "--threads", threads, "-o", &dir, &bad],
                b"",
            );
            assert_eq!(
                out.status.code(),
                Some(2),
                "{why}: {}",
                text_of(&out.stderr)
            );
            let manifest =
                std::fs::read_to_string(format!("{dir}/_scoresheet.json")).expect("manifest");
            assert!(
                manifest.contains("\"complete\":false,\"error\":\""),
                "{why}: {manifest}"
            );
            let out = run(
                &[
                    "export",
                    "-q",
                    "--threads",
                    threads,
                    "-o",
                    &dir,
                    &good.path(),
                ],
                b"",
            );
            assert_eq!(
                out.status.code(),
                Some(0),
                "{why}: {}",
                text_of(&out.stderr)
            );
            let manifest =
                std::fs::read_to_string(format!("{dir}/_scoresheet.json")).expect("manifest");
            assert!(manifest.contains("\"complete\":true"), "{why}: {manifest}");
            assert!(manifest.contains("\"games\":1,"), "{why}: {manifest}");
            let out = run(&["export", "-q", "-o", &dir, &good.path()], b"");
            assert_eq!(
                out.status.code(),
                Some(2),
                "{why}: a complete dataset is refused"
            );
            let _ = std::fs::remove_dir_all(&dir);
        }
    }
    let _ = std::fs::remove_dir_all(&dir_input);
}

/// Issue 28, defect 6: binary input (an image, random bytes) is refused with exit 2 and the
/// NUL's offset by every command and thread count, and nothing is written.
#[test]
fn err_issue_28_binary_input_refused_by_every_command() {
    let png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00".to_vec();
    let mut state = 0x9e37_79b9_7f4a_7c15_u64;
    let random: Vec<u8> = (0..100_000)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 24) as u8
        })
        .collect();
    for (why, bytes) in [
        ("png", png),
        ("random", random.clone()),
        ("gzip random", gzip(&random)),
    ] {
        let nul = random.iter().position(|&b| b == 0).expect("a NUL");
        let at = if why == "png" { 8 } else { nul };
        let file = TempFile::new("binary.bin", &bytes);
        let message = format!("not a text PGN file: a NUL byte at byte {at} ");
        let dir = temp_dir("binary");
        let db = format!("{dir}.sqlite");
        let _ = std::fs::remove_file(&db);
        for args in [
            vec!["egd", "--threads", "1", &file.path()],
            vec!["egd", "--threads", "2", &file.path()],
            vec!["export", "--threads", "1", "-o", &dir, &file.path()],
            vec!["export", "--threads", "2", "-o", &dir, &file.path()],
            vec!["pgn", "--to", "san", &file.path()],
            vec!["tokenize", "--vocab", "san", &file.path()],
            vec!["load", "--db", &db, &file.path()],
        ] {
            let out = run(&args, b"");
            let stderr = text_of(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{why} {args:?}: {stderr}");
            assert!(stderr.contains(&message), "{why} {args:?}: {stderr}");
            assert!(
                out.stdout.is_empty() || args[0] == "tokenize",
                "{why} {args:?}"
            );
        }
        let _ = std::fs::remove_dir_all(&dir);
        let _ = std::fs::remove_file(&db);
    }
}
