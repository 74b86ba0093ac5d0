//! Comment commands (`[%clk]`, `[%eval]`, ...) over real files: every comment of the lichess
//! and chess.com games parses without an issue, the text and the commands account for the
//! whole comment (the `comment` fuzz check), and the values add up to totals computed from
//! the files by other means (a Python script with exact decimals; see each test).

use std::fs;

use scoresheet_pgn::annotation::{parse_comment, EvalScore};

use crate::common::{data_dir, games};
use crate::fuzz_replay::comment_check;

/// What the commands of a file's comments add up to.
#[derive(Debug, Default, PartialEq, Eq)]
struct Totals {
    clocks: usize,
    clock_millis: u64,
    centipawn_evals: usize,
    centipawns: i64,
    mates: usize,
    mate_sum: i64,
}

/// Parses every comment of `pgn`: none may have an issue, and each passes the fuzz check.
fn totals(pgn: &[u8]) -> Totals {
    let mut totals = Totals::default();
    for game in games(pgn) {
        for comment in &game.comments {
            let parsed = parse_comment(comment.as_bytes());
            assert_eq!(parsed.issues(), &[], "{comment:?}");
            comment_check::check(comment.as_bytes());
            if parsed.has_commands() {
                // In these files a comment holds commands only (`grep` shows no text beside).
                assert_eq!(parsed.text(), "", "{comment:?}");
            }
            if let Some(clock) = parsed.clock() {
                totals.clocks += 1;
                totals.clock_millis += clock.as_millis();
            }
            match parsed.eval().map(|eval| eval.score) {
                Some(EvalScore::Centipawns(cp)) => {
                    totals.centipawn_evals += 1;
                    totals.centipawns += i64::from(cp);
                }
                Some(EvalScore::Mate(n)) => {
                    totals.mates += 1;
                    totals.mate_sum += i64::from(n);
                }
                None => {}
            }
        }
    }
    totals
}

/// `real_slice.pgn`: 877 `[%clk]` (`grep -o '\[%clk' | wc -l`), no `[%eval]`; the clock
/// total from a Python script (`h*3600000 + m*60000 + Decimal(s)*1000`).
#[test]
fn ok_real_slice_comments() {
    let pgn = fs::read(data_dir().join("real_slice.pgn")).expect("test data present");
    let want = Totals {
        clocks: 877,
        clock_millis: 1_016_030_100,
        ..Totals::default()
    };
    assert_eq!(totals(&pgn), want);
}

/// The full shared corpus, when it is next to the project (it is not part of a fresh clone):
/// 57,105 `[%clk]` and 2,216 `[%eval]` (`grep -o`), 176 of them mates; totals as above.
#[test]
fn ok_shared_real_pgn_comments() {
    let path = data_dir().join("../../../../../shared/data/pgn/real.pgn");
    let Ok(pgn) = fs::read(&path) else {
        eprintln!("skipped: {} not found", path.display());
        return;
    };
    let want = Totals {
        clocks: 57_105,
        clock_millis: 11_675_825_400,
        centipawn_evals: 2_040,
        centipawns: 70_293,
        mates: 176,
        mate_sum: -6,
    };
    assert_eq!(totals(&pgn), want);
}
