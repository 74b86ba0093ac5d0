//! Issue 28: one reader and the parallel reader (any thread count, any chunk size) give the
//! same games, oddities and errors, on generated odd tag sections, random bytes and the
//! defects' reproductions (the check is `fuzz-pgn/common/threads.rs`, also the `threads` fuzz
//! target's); a game cut off by a decompression error is never handed to the visitor; the game
//! after an oversized one is read; binary input is refused.

use std::io::{Cursor, Write};
use std::ops::ControlFlow;

use scoresheet_pgn::input::decompress;
use scoresheet_pgn::parallel::{read_parallel, ChunkLog, ParallelError, ParallelOptions};
use scoresheet_pgn::{Location, RawTag, ReadErrorKind, ReadOptions, Reader, Visitor};

use crate::fuzz_replay::threads_check::{
    compare, games, parallel, parallel_options, parallel_with, serial, serial_with,
};

/// A small deterministic generator (xorshift64*), so that failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Lines that tag sections and what surrounds them are made of, odd ones included.
const LINES: &[&str] = &[
    "[Event \"e\"]",
    "[Site \"s\"]",
    "[Round \"1\"]",
    " [White \"w\"]",
    "\t[Black \"b\"]",
    "\u{feff}[Date \"d\"]",
    "\u{feff}",
    "%escaped",
    " %not escaped",
    "",
    "",
    "",
    "  ",
    "\x0b",
    "1. e4 e5 *",
    "1. d4",
    "Nf3 1-0",
    "{ open comment",
    "close }",
    "{ c } 1/2-1/2",
    "; line comment",
    "[pgn]",
    "text between games",
    "[Event \"x\"] 1. c4 *",
];

const BREAKS: &[&str] = &["\n", "\n", "\n", "\r\n", "\r"];

fn odd_document(rng: &mut Rng) -> Vec<u8> {
    let lines = 1 + rng.below(40);
    let mut text = String::new();
    for _ in 0..lines {
        text.push_str(LINES[rng.below(LINES.len())]);
        text.push_str(BREAKS[rng.below(BREAKS.len())]);
    }
    text.into_bytes()
}

/// Property: on generated documents of odd tag sections, every thread count and chunk size
/// reads what one reader reads.
#[test]
fn ok_issue_28_odd_tag_sections_agree_across_threads() {
    let mut rng = Rng(0x2828_2828);
    for _ in 0..3000 {
        let doc = odd_document(&mut rng);
        for (threads, chunk) in [(1, 1), (2, 7), (3, 40), (2, 200)] {
            compare(&doc, threads, chunk);
        }
    }
}

/// Property: random bytes, with NUL bytes (refused by every reader alike) and without (read
/// alike), small and past the cutter's fallback distance.
#[test]
fn ok_issue_28_random_bytes_agree_across_threads() {
    let mut rng = Rng(0x0bad_5eed);
    let alphabet: Vec<u8> = b"[]{}()\"\n\n\n\r %;.*-1e4Nf3 \t\xef\xbb\xbfxyz".to_vec();
    for round in 0..400 {
        let len = [10, 300, 3000][round % 3];
        let pgnish: Vec<u8> = (0..len)
            .map(|_| alphabet[rng.below(alphabet.len())])
            .collect();
        let any: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
        for data in [&pgnish, &any] {
            compare(data, 2, 1 + rng.below(100));
        }
    }
    let big: Vec<u8> = (0..600_000)
        .map(|_| alphabet[rng.below(alphabet.len())])
        .collect();
    compare(&big, 2, 4096);
    compare(&big, 3, 32 << 10);
}

/// Issue 28, defect 1: a blank line after a tag line that does not start with `[` in column 1
/// (indented, after a byte order mark, after a `%` line), then a new tag: one tag section for
/// every thread count, as for one reader.
#[test]
fn ok_issue_28_odd_tag_line_then_blank_line_is_one_section() {
    for odd in [
        " [Event \"A\"]\n",
        "\t[Event \"A\"]\n",
        "\u{feff}[Event \"A\"]\n",
        "[Event \"A\"]\n%escaped\n",
        "[Event \"A\"]\n\u{feff}\n",
        "[Event \"A\"]\r\n \r\n%x\r\n",
    ] {
        let mut text = "[Event \"f\"]\n\n1. e4 *\n\n".repeat(1489);
        text.push_str("\n\n");
        text.push_str(odd);
        text.push_str("\n[Site \"B\"]\n\n1. d4 *\n");
        let one = serial(text.as_bytes());
        let read = games(&one);
        assert_eq!(read.len(), 1490, "{odd:?}");
        assert!(
            read[1489].contains("[Site \"B\"] d4"),
            "{odd:?}: {}",
            read[1489]
        );
        for threads in [1, 2, 3] {
            assert_eq!(parallel(text.as_bytes(), threads, 32 << 10), one, "{odd:?}");
            assert_eq!(parallel(text.as_bytes(), threads, 100), one, "{odd:?}");
        }
    }
}

fn gzip(data: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    e.write_all(data).expect("in memory");
    e.finish().expect("in memory")
}

fn bzip2(data: &[u8]) -> Vec<u8> {
    let mut e = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
    e.write_all(data).expect("in memory");
    e.finish().expect("in memory")
}

fn zstd(data: &[u8]) -> Vec<u8> {
    zstd::encode_all(data, 1).expect("in memory")
}

/// The games handed to `end_game`, as their `Event` tag and their `Site` tag.
#[derive(Default)]
struct Ends(Vec<String>);

impl Visitor for Ends {
    type Tags = String;
    type Movetext = String;
    type Output = ();

    fn begin_game(&mut self, _: Location) -> ControlFlow<(), String> {
        ControlFlow::Continue(String::new())
    }
    fn tag(&mut self, game: &mut String, name: &[u8], value: RawTag<'_>) -> ControlFlow<()> {
        if name == b"Event" || name == b"Site" {
            game.push_str(&value.decode());
            game.push(';');
        }
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, event: String, _: Location) -> ControlFlow<(), String> {
        ControlFlow::Continue(event)
    }
    fn end_game(&mut self, event: String) {
        self.0.push(event);
    }
}

/// Issue 28, defect 3: a game cut off by a decompression error (junk after the archive, or
/// the archive truncated) never reaches the visitor's `end_game`, whatever the format and the
/// size; the parallel reader keeps the same games.
#[test]
fn err_issue_28_game_cut_by_decompression_error_is_not_ended() {
    type Compress = fn(&[u8]) -> Vec<u8>;
    let whole = "[Event \"a\"]\n\n1. e4 *\n\n";
    let cut = "[Event \"b\"]\n[Site \"Lon";
    let formats: [(&str, Compress); 3] = [("gzip", gzip), ("zstd", zstd), ("bzip2", bzip2)];
    for (format, compress) in formats {
        for games in [1, 500] {
            let text = format!("{}{cut}", whole.repeat(games));
            let mut junk = compress(text.as_bytes());
            junk.extend_from_slice(b"junk");
            let full =
                compress(format!("{}{cut}don\"]\n\n1. d4 *\n", whole.repeat(games)).as_bytes());
            let truncated = full[..full.len() * 99 / 100].to_vec();
            for (why, bytes) in [("junk", junk), ("truncated", truncated)] {
                let src = decompress(Cursor::new(bytes.clone())).expect("header");
                let mut reader = Reader::new(src);
                let mut ends = Ends::default();
                let err = loop {
                    match reader.read_game(&mut ends) {
                        Ok(Some(())) => {}
                        Ok(None) => panic!("{format} {why}: no error"),
                        Err(e) => break e,
                    }
                };
                assert!(matches!(err.kind(), ReadErrorKind::Io(_)), "{format} {why}");
                // Game a, and game b only whole (the cut may spare all of the text).
                let (a, b) = ends.0.split_at(ends.0.len().min(games));
                assert!(a.iter().all(|e| e == "a;"), "{format} {why}: {:?}", ends.0);
                assert!(
                    b.iter().all(|e| e == "b;London;"),
                    "{format} {why}: {:?}",
                    ends.0
                );
                assert!(b.len() <= 1, "{format} {why}: {:?}", ends.0);
                if why == "junk" {
                    assert_eq!(ends.0.len(), games, "{format} {why}");
                }
                // The parallel reader: the same whole games, then the error.
                let src = decompress(Cursor::new(bytes)).expect("header");
                let mut ended = 0;
                let result = read_parallel(
                    src,
                    &ParallelOptions::new(2).chunk_bytes(64),
                    || (),
                    |_, mut reader, log: &mut ChunkLog, n: &mut usize| {
                        let mut ends = Ends::default();
                        while let Ok(Some(())) = reader.read_game(&mut ends) {
                            log.converted(0);
                        }
                        *n += ends.0.len();
                    },
                    |n, _| {
                        ended += std::mem::take(n);
                        Ok(())
                    },
                );
                assert!(
                    matches!(result, Err(ParallelError::Read { .. })),
                    "{format} {why}"
                );
                assert_eq!(ended, ends.0.len(), "{format} {why}");
            }
        }
    }
}

/// Issue 28, defect 5: the game right after an oversized one is read, blank line before its
/// tags or not, whatever the size past the limit; every thread count agrees.
#[test]
fn ok_issue_28_game_after_oversized_game_is_read() {
    let limit = 1000;
    let options = ReadOptions::new().max_game_bytes(limit);
    for size in [limit + 1, 5000, 300_000] {
        for between in ["\n", "\n\n", "\n%x\n", "\n \t"] {
            let text = format!(
                "[Event \"c\"]\n\n1. e4 {{{}}} e5 *{between}[Event \"after\"]\n\n1. d4 *\n",
                "x".repeat(size)
            );
            let mut reader = Reader::with_options(text.as_bytes(), options);
            let mut ends = Ends::default();
            let first = reader.read_game(&mut ends);
            assert!(
                matches!(
                    first.as_ref().map_err(|e| e.kind()),
                    Err(ReadErrorKind::GameTooLarge { .. })
                ),
                "{size} {between:?}: {first:?}"
            );
            assert_eq!(
                reader.read_game(&mut ends).ok(),
                Some(Some(())),
                "{size} {between:?}"
            );
            assert_eq!(ends.0, ["after;"], "{size} {between:?}");
        }
    }
}

/// Issue 28, defect 6: binary input (an image, random bytes, a NUL among the first 8 KiB) is
/// refused whole, with the first NUL's offset, by one reader and by every thread count; a NUL
/// past the first 8 KiB, or two NULs in a tag, are read as odd bytes of a PGN file.
#[test]
fn err_issue_28_binary_input_refused() {
    let png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00".to_vec();
    let mut rng = Rng(7);
    let random: Vec<u8> = (0..200_000).map(|_| rng.next() as u8).collect();
    let mut late_nul = b"1. e4 *\n\n".repeat(100);
    late_nul.extend_from_slice(b"\x00\x00 \x00\x00");
    // One or two NULs in a text file are odd bytes, not a binary file.
    let mut two_nuls = b"1. e4 *\n\n".repeat(100);
    two_nuls.extend_from_slice(b"[Event \"a\x00b\x00\"]\n\n1. d4 *\n");
    let mut past_window = b"1. e4 *\n\n".repeat(1000);
    past_window.extend_from_slice(b"1. d4 \x00 *\n");
    let cases: [(&str, &[u8], Option<u64>); 5] = [
        ("png", &png, Some(8)),
        (
            "random",
            &random,
            random.iter().position(|&b| b == 0).map(|i| i as u64),
        ),
        ("a NUL after games", &late_nul, Some(900)),
        ("a NUL past 8 KiB", &past_window, None),
        ("two NULs in a tag", &two_nuls, None),
    ];
    for (why, bytes, nul) in cases {
        let one = serial(bytes);
        match nul {
            Some(at) => {
                assert_eq!(one.len(), 1, "{why}: {one:?}");
                assert!(
                    one[0].starts_with("fatal: pgn: not a text PGN file: a NUL byte at byte"),
                    "{why}: {one:?}"
                );
                assert!(one[0].contains(&format!("at byte {at} ")), "{why}: {one:?}");
                let mut reader = Reader::new(bytes);
                let err = reader.skip_game().expect_err("refused");
                assert!(matches!(err.kind(), ReadErrorKind::Binary), "{why}");
                assert!(!err.is_recoverable(), "{why}");
                assert_eq!(err.location().byte, at, "{why}");
            }
            None => assert!(games(&one).len() > 100, "{why}: {one:?}"),
        }
        for (threads, chunk) in [(1, 64), (2, 7), (3, 32 << 10)] {
            assert_eq!(
                parallel(bytes, threads, chunk),
                one,
                "{why}: {threads} threads"
            );
        }
    }
}

/// The line and column of a refused input's NUL.
#[test]
fn err_issue_28_binary_location() {
    let mut reader = Reader::new(&b"[Event \"x\"]\r\n\r\n1. e4\n ab\x00\x00\x00\x00"[..]);
    let err = reader.skip_game().expect_err("refused");
    let at = err.location();
    assert_eq!((at.byte, at.line, at.column), (24, 4, 4));
}

/// Issue 38: a game over the size cap is given up as it streams at every thread count: no
/// chunk holds more of it than the cap and 192 KiB (and a chunk's bytes), the rest is skipped
/// by the reader's rule, the games before and after it are read, and every thread count and
/// chunk size reads what one reader reads.
#[test]
fn ok_issue_38_oversized_game_not_held_by_the_parallel_reader() {
    let limit = 100_000;
    let options = ReadOptions::new().max_game_bytes(limit);
    let big = 3 << 20;
    let bodies = [
        format!("1. e4 {}", "x".repeat(big)),
        format!("1. e4 {{{}}} *", "y".repeat(big)),
        format!("[Event \"{}\"]\n\n1. e4 *", "z".repeat(big)),
        format!("1. e4 {}*", "e5 Nf3\n".repeat(big / 7)),
        format!("1. e4 {{{}}} *", "y".repeat(limit + 1000)),
    ];
    for (i, body) in bodies.iter().enumerate() {
        let before = "[Event \"before\"]\n\n1. d4 *\n\n";
        let text = format!("{before}{body}\r\n [Event \"after\"]\n\n1. c4 *\n");
        let one = serial_with(text.as_bytes(), options);
        let read = games(&one);
        assert!(
            read.first().is_some_and(|g| g.contains("before")),
            "{i}: {read:?}"
        );
        assert!(
            read.last().is_some_and(|g| g.contains("after")),
            "{i}: {read:?}"
        );
        assert!(
            one.iter().any(|l| l.contains("at most 100000 bytes")),
            "{i}: {one:?}"
        );
        for (threads, chunk) in [(1, 1000), (2, 7), (2, 64 << 10), (3, 300_000)] {
            let many = parallel_with(text.as_bytes(), threads, chunk, options);
            assert_eq!(many, one, "{i}: {threads} threads, chunks of {chunk}");
            let held = largest_chunk(text.as_bytes(), threads, chunk, options);
            let bound = limit + (192 << 10) + chunk + (512 << 10);
            assert!(held <= bound, "{i}: a chunk of {held} bytes ({chunk})");
        }
    }
}

/// The largest chunk the parallel reader hands a worker.
fn largest_chunk(data: &[u8], threads: usize, chunk: usize, read: ReadOptions) -> usize {
    let largest = std::sync::atomic::AtomicUsize::new(0);
    let options = ParallelOptions::new(threads)
        .chunk_bytes(chunk)
        .read_options(read);
    let convert = |_: &mut (), reader: Reader<&[u8]>, log: &mut ChunkLog, _: &mut ()| {
        let bytes = reader.into_inner();
        largest.fetch_max(bytes.len(), std::sync::atomic::Ordering::Relaxed);
        let mut reader = Reader::with_options(bytes, read);
        loop {
            match reader.skip_game() {
                Ok(true) => log.converted(0),
                Ok(false) => break,
                Err(e) => log.rejected(e),
            }
        }
    };
    read_parallel(data, &options, || (), convert, |_, _| Ok(())).expect("in memory");
    largest.into_inner()
}

/// The most games one chunk held, reading `data` with `threads` workers, chunks of `chunk`
/// bytes and of about `games` games.
fn most_games_in_a_chunk(data: &[u8], threads: usize, chunk: usize, games: usize) -> usize {
    let most = std::sync::atomic::AtomicUsize::new(0);
    let options = ParallelOptions::new(threads)
        .chunk_bytes(chunk)
        .chunk_games(games);
    let convert = |_: &mut (), mut reader: Reader<&[u8]>, log: &mut ChunkLog, _: &mut ()| {
        let mut read = 0;
        while let Ok(true) = reader.skip_game() {
            log.converted(0);
            read += 1;
        }
        most.fetch_max(read, std::sync::atomic::Ordering::Relaxed);
    };
    read_parallel(data, &options, || (), convert, |_, _| Ok(())).expect("in memory");
    most.into_inner()
}

/// Issue 38: tiny games without tags (`1. e4 e5 * ` on one line) are cut into chunks of about
/// the games asked for, also at the end of the input, where the rest of a chunk's bytes was
/// one chunk (an input of 8 MB was one chunk of 760,000 games, its rows held at once);
/// ordinary games with tags too. Every thread count reads what one reader reads.
#[test]
fn ok_issue_38_chunks_hold_about_the_games_asked_for() {
    let line = b"1. e4 e5 * ".repeat(60_000);
    let tagged = b"[Event \"e\"]\n\n1. d4 d5 *\n\n".repeat(20_000);
    for (data, what) in [(&line[..], "one line"), (&tagged[..], "tags")] {
        let most = most_games_in_a_chunk(data, 2, 1 << 20, 1000);
        assert!(most <= 1100, "{what}: a chunk of {most} games");
        assert!(most >= 500, "{what}: a chunk of {most} games");
        let one = serial(data);
        assert_eq!(parallel(data, 2, 1 << 20), one, "{what}");
    }
}

/// Every thread count, chunk size and bound of games a chunk reads `data` as one reader does.
fn assert_agree_everywhere(data: &[u8]) {
    let one = serial(data);
    for threads in [1, 2, 3] {
        for chunk in [1, 7, 20, 64, 4096] {
            for games in [1, 3, usize::MAX] {
                let many = parallel_options(data, threads, (chunk, games), ReadOptions::new());
                assert_eq!(
                    many, one,
                    "{threads} threads, chunks of {chunk} bytes, {games} games"
                );
            }
        }
    }
}

/// Issue 38: the `threads` fuzz target's findings (each input in its corpus), and a plain game
/// of each kind, read at every thread count, chunk size and bound of games a chunk as one
/// reader reads them; in each plain game the `[` after the result starts a tag section that
/// a blank line and a new tag do not end.
/// 1. A result the lexer reads inside a word (`.*`: an odd move number, then `*`), a `[` after
///    it on its line, a blank line and a tag.
/// 2. (2026-11-29, about 455,000 runs into the hour) the same with a byte order mark between
///    `.` and `*` (the lexer skips the mark and reads `*`): one reader read `BlankLineInTags`
///    at byte 79, two threads with chunks of 7 bytes `MissingResult` there, 25 games against
///    24.
/// 3. (about 61,000 runs into the hour with chunks of games) a line of blanks, `%`, `*` and
///    `[`: a `%` after blanks is text to the lexer (an escape line starts in column 1), which
///    the cutter took as an escape line and cut after the blank line: 17 games against 16
///    with 3 threads, chunks of 1 byte and of 3 games.
/// 4. (about 479,000 runs into the next hour) a result, then a comment over several lines,
///    then `[` after the comment on its last line: the result's line ends where the comment
///    does, so the `[` starts the next game's tags; the cutter saw no result on that line
///    and cut after the blank line: 15 games against 14 with 1 thread, chunks of 7 bytes.
/// 5. (the sixth finding, about 409,000 runs into the next hour) a glyph, then a result, then
///    `[` on the line (`$1½-½[`): the lexer takes `$1` as a glyph and reads `½-½` again as a
///    result, so the `[` starts the next game's tags; the cutter read `1½-½` as one word and
///    no result, and cut after the blank line that followed: 35 games against 34 with 3
///    threads, chunks of 7 bytes.
#[test]
fn ok_issue_38_fuzz_findings_read_as_one_reader_reads_them() {
    let corpus = |name: &str| {
        let path = format!(
            "{}/../../fuzz-pgn/corpus/threads/{name}",
            env!("CARGO_MANIFEST_DIR")
        );
        std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
    };
    let cases: [(&str, &[u8]); 5] = [
        (
            "issue38_result_after_dot_then_bracket.bin",
            b"[Event \"a\"]\n\n1. e4 .* [Round \"1\"]\n\n[Site \"b\"]\n\n1. d4 *\n",
        ),
        (
            "issue38_bom_then_result_then_bracket.bin",
            b"[Event \"a\"]\n\n1. e4 .\xef\xbb\xbf* [Round \"1\"]\n\n[Site \"b\"]\n\n1. d4 *\n",
        ),
        (
            "issue38_percent_after_blanks_is_text.bin",
            b"  % a * [Round \"1\"]\n\n[Site \"b\"]\n\n1. d4 *\n",
        ),
        (
            "issue38_result_comment_over_lines_then_bracket.bin",
            b"[Event \"a\"]\n\n1. e4 * {a\nb} [Round \"1\"]\n\n[Site \"b\"]\n\n1. d4 *\n",
        ),
        (
            "issue38_glyph_then_result_then_bracket.bin",
            "[Event \"a\"]\n\n1. e4 $1½-½ [Round \"1\"]\n\n[Site \"b\"]\n\n1. d4 *\n".as_bytes(),
        ),
    ];
    for (found, plain) in cases {
        assert_agree_everywhere(&corpus(found));
        assert_agree_everywhere(plain);
        let lines = serial(plain);
        let read = games(&lines);
        assert_eq!(read.len(), 2, "{found}: {read:?}");
        assert!(
            read[1].contains("[Round \"1\"] [Site \"b\"] d4"),
            "{found}: {read:?}"
        );
    }
}

/// Issue 38, the `threads` target's fifth finding (about 743,000 runs into the hour, 1
/// thread, chunks of 1 byte and of 3 games): a lone bracketed word on its line (`[pgn]`,
/// forum markup) is no game, but a word longer than the lexer's 128 bytes of lookahead was
/// read as a tag when the buffer ended inside it, so that one reader read `NotAGame` and the
/// chunked reader a game. The line is now looked at up to 64 KiB whatever the reads bring.
#[test]
fn ok_issue_38_long_bare_bracket_line_read_alike() {
    let path = format!(
        "{}/../../fuzz-pgn/corpus/threads/issue38_long_bare_bracket_line.bin",
        env!("CARGO_MANIFEST_DIR")
    );
    let found = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    assert_agree_everywhere(&found);
    for len in [1, 127, 128, 129, 200, 5000] {
        let word = "8".repeat(len);
        let plain = format!("x\n\n[a{word}]\n\n[Site \"b\"]\n\n1. d4 *\n");
        assert_agree_everywhere(plain.as_bytes());
        let lines = serial(plain.as_bytes());
        assert!(
            lines.contains(&"oddity NotAGame at byte 3".to_string()),
            "{len}: {lines:?}"
        );
        assert_eq!(games(&lines).len(), 1, "{len}: {lines:?}");
    }
}

/// Issue 38: a chunk much larger than the chunk size (a game of megabytes, under the size cap
/// or over it) is read in place by its worker rather than copied into its reader's buffer;
/// those readers read what one reader reads, oddities, errors and locations included, and the
/// game after the large one is kept.
#[test]
fn ok_issue_38_large_chunks_read_in_place_agree() {
    let big = 2 << 20;
    let bodies = [
        format!("1. e4 {{{}}} e5 *", "y".repeat(big)),
        format!("[Event \"{}\"]\n\n1. e4 *", "z".repeat(big)),
        format!("1. e4 {}\n\n*", "x".repeat(big)),
        format!(
            "1. e4 {{{}\n\n[Site \"s\"]\n\n1. d4 *",
            "y\n".repeat(big / 2)
        ),
    ];
    for (i, body) in bodies.iter().enumerate() {
        let text =
            format!("[Event \"before\"]\n\n1. d4 *\n\n{body}\r\n\n[Event \"after\"]\n\n1. c4 *\n");
        for cap in [usize::MAX, big / 2] {
            let options = ReadOptions::new().max_game_bytes(cap);
            let one = serial_with(text.as_bytes(), options);
            let read = games(&one);
            assert!(
                read.last().is_some_and(|g| g.contains("after")),
                "{i}: {read:?}"
            );
            for (threads, chunk) in [(1, 64), (2, 7), (2, 4096)] {
                let many = parallel_with(text.as_bytes(), threads, chunk, options);
                assert_eq!(
                    many, one,
                    "{i}, cap {cap}: {threads} threads, chunks of {chunk}"
                );
            }
        }
    }
}
