//! Comment commands (`[%clk]`, `[%eval]`, ...) over real files: every comment of the lichess
//! and chess.com games parses without an issue, the text and the commands account for the
//! whole comment (the `comment` fuzz check), and the values add up to totals computed from
//! the files by other means (a Python script with exact decimals; see each test).

use std::fs;

use scoresheet_pgn::annotation::{
    parse_comment, ClockTime, CommandName, CommentIssueKind, EvalScore,
};
use scoresheet_pgn::egd::MoveMeta;

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

/// `MoveMeta::add_comment`: text and values across the comments of one move; a clock,
/// elapsed time or evaluation given again wins and is reported.
#[test]
fn ok_move_meta_add_comment() {
    let mut meta = MoveMeta::default();
    assert_eq!(meta.add_comment(b" [%eval 0.17] [%clk 0:03:00] "), []);
    assert_eq!(meta.add_comment(b"{}"), []);
    assert_eq!(meta.add_comment(b""), []);
    assert_eq!(meta.add_comment(b"Sharp. [%csl Ra1] [%cal Ge2e4]"), []);
    let issues = meta.add_comment(b"[%clk 0:02:59] [%eval #2] [%eval #1] [%emt x]");
    let issues: Vec<_> = issues
        .iter()
        .map(|i| (i.command(), i.kind(), i.offset()))
        .collect();
    assert_eq!(
        issues,
        [
            (CommandName::Clk, CommentIssueKind::Repeated, 0),
            (CommandName::Eval, CommentIssueKind::Repeated, 15),
            (CommandName::Eval, CommentIssueKind::Repeated, 26),
            (CommandName::Emt, CommentIssueKind::Malformed, 43),
        ]
    );
    assert_eq!(meta.comments, ["{}", "", "Sharp.", "[%emt x]"]);
    assert_eq!(meta.clock, Some(ClockTime::from_millis(179_000)));
    assert_eq!(meta.eval.map(|e| e.score), Some(EvalScore::Mate(1)));
    assert_eq!(meta.emt, None);
    assert_eq!((meta.squares.len(), meta.arrows.len()), (1, 1));
}

/// `MoveMeta` JSON read back: old (version 1) meta objects still read; contradictions do not.
#[test]
fn ok_move_meta_json() {
    let v1 = r#"{"nags":[1],"glyphs":["!"],"comments":["[%clk 0:03:00]"]}"#;
    let meta: MoveMeta = serde_json::from_str(v1).expect("a version 1 meta");
    assert_eq!((meta.clock, meta.comments.len()), (None, 1));
    let v2 = r#"{"nags":[],"glyphs":[],"comments":[],"clock_seconds":179.9,"eval_mate":-3,"arrows":[{"color":"yellow","from":"a1","to":"h8"}]}"#;
    let meta: MoveMeta = serde_json::from_str(v2).expect("a version 2 meta");
    assert_eq!(meta.clock, Some(ClockTime::from_millis(179_900)));
    assert_eq!(meta.eval.map(|e| e.score), Some(EvalScore::Mate(-3)));
    assert_eq!(meta.arrows[0].to_string(), "Ya1h8");
    assert_eq!(serde_json::to_string(&meta).expect("serializes"), v2);
}

#[test]
fn err_move_meta_json() {
    let base = r#""nags":[],"glyphs":[],"comments":[]"#;
    let cases = [
        r#""eval_cp":1,"eval_mate":2"#,
        r#""eval_depth":20"#,
        r#""clock_seconds":-1"#,
        r#""clock_seconds":3600000000"#,
        r#""emt_seconds":"5""#,
        r#""squares":[{"color":"R","square":"a1"}]"#,
        r#""arrows":[{"color":"red","from":"a1","to":"i9"}]"#,
    ];
    for case in cases {
        let json = format!("{{{base},{case}}}");
        assert!(serde_json::from_str::<MoveMeta>(&json).is_err(), "{json}");
    }
}
