//! Perft counts of the shared suites (sources in tests/data/SOURCES.md).

use scoresheet::perft::perft;

use crate::support::{perft_lines, perft_position, read};

/// Checks every count up to `max_depth`; returns the number of counts checked.
fn check_suite(name: &str, max_depth: u32, min_depth: u32) -> usize {
    let mut checked = 0;
    let mut unloadable = Vec::new();
    for line in perft_lines(&read(name)) {
        let pos = match perft_position(&line.fen) {
            Ok(pos) => pos,
            Err(e) => {
                unloadable.push(format!("{} ({e})", line.fen));
                continue;
            }
        };
        for &(depth, nodes) in &line.counts {
            if depth >= min_depth && depth <= max_depth {
                assert_eq!(
                    perft(&pos, depth),
                    nodes,
                    "{name}: {} depth {depth}",
                    line.fen
                );
                checked += 1;
            }
        }
    }
    let known: Vec<&str> = KNOWN_UNLOADABLE
        .iter()
        .filter(|(file, _, _)| *file == name)
        .map(|(_, fen, _)| *fen)
        .collect();
    let got: Vec<&str> = unloadable
        .iter()
        .map(|u| u.split(" (").next().unwrap_or(""))
        .collect();
    assert_eq!(
        got, known,
        "{name}: unloadable positions changed: {unloadable:?}"
    );
    checked
}

/// Positions of the suites that cozy-chess, our move generator, refuses to hold, with the
/// reason. They are impossible positions kept in the suites to stress other generators.
const KNOWN_UNLOADABLE: &[(&str, &str, &str)] = &[
    (
        "tricky.epd",
        "8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3",
        "en passant while in a check the double push cannot have given (cozy-chess rejects)",
    ),
    (
        "tricky.epd",
        "1b1k4/8/8/1rPpK3/8/8/8/8 w - d6",
        "en passant while in a check the double push cannot have given (cozy-chess rejects)",
    ),
    (
        "tricky.epd",
        "rnbqk1nr/bb3p1p/1q2r3/2pPp3/3P4/7P/1PP1NpPP/R1BQKBNR w KQkq c6",
        "en passant while checked by a pawn that did not just move (cozy-chess rejects)",
    ),
    (
        "tricky.epd",
        "kBQQQQQQ/BR5Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - -",
        "more than 16 white pieces (cozy-chess holds at most 16 a side)",
    ),
];

#[test]
fn ok_standard_to_depth_4() {
    // `grep -o ';D[1-4] ' standard.epd | wc -l` counts 505.
    assert_eq!(check_suite("standard.epd", 4, 1), 505);
}

#[test]
fn ok_tricky_to_depth_4() {
    // 93 counts of depth <= 4 in the file, 11 of them on the four unloadable positions.
    assert_eq!(check_suite("tricky.epd", 4, 1), 82);
}

#[test]
fn ok_chess960_to_depth_3() {
    assert_eq!(check_suite("chess960.epd", 3, 1), 960 * 3);
}

#[test]
#[ignore = "deep counts: minutes in release mode"]
fn ok_deep_counts() {
    check_suite("standard.epd", 6, 5);
    check_suite("tricky.epd", 6, 5);
    check_suite("chess960.epd", 5, 4);
}
