//! `scoresheet detect` and `convert --from auto`: the notation of a move list is found from
//! the moves. Expected outputs are written by hand from the piece-letter table (French `C` is
//! the knight and `F` the bishop; German `S` and `L`; Estonian `L` is the queen).

mod common;
use common::run;

/// Exit code, stdout and stderr of a run.
fn outcome(args: &[&str], stdin: &str) -> (Option<i32>, String, String) {
    let out = run(args, stdin);
    let text = |b: Vec<u8>| String::from_utf8(b).expect("utf-8 output");
    (out.status.code(), text(out.stdout), text(out.stderr))
}

/// The rows of `detect`'s table, split on whitespace, without the header and verdict.
fn rows(stdout: &str) -> Vec<Vec<&str>> {
    let lines: Vec<&str> = stdout.lines().collect();
    lines[1..lines.len() - 1]
        .iter()
        .map(|l| l.split_whitespace().collect())
        .collect()
}

#[test]
fn ok_detect_french_ranks_readers() {
    let (code, out, err) = outcome(&["detect", "e4", "e5", "Cf3", "Cc6", "Fb5"], "");
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        out.lines().next(),
        Some("notation       language        read  strict")
    );
    let rows = rows(&out);
    assert_eq!(rows[0], ["san-fr", "French", "5", "5"]);
    // The languages whose knight is `C` but whose bishop is not `F` stop at `Fb5`.
    let four: Vec<&str> = rows[1..6].iter().map(|r| r[0]).collect();
    assert_eq!(four, ["san-ca", "san-es", "san-it", "san-pt", "san-ro"]);
    assert!(rows[1..6].iter().all(|r| r[2..] == ["4", "4"]), "{out}");
    assert_eq!(
        out.lines().last(),
        Some("detected: san-fr, 5 of 5 moves read")
    );
}

#[test]
fn ok_detect_reads_stdin() {
    let (code, out, err) = outcome(&["detect"], "5254\n\n  5755  \n");
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        out,
        "notation       language        read  strict\n\
         iccf           -                  2       2\n\
         detected: iccf, 2 of 2 moves read\n"
    );
}

#[test]
fn ok_detect_ties_on_the_same_moves_are_accepted() {
    let (code, out, _) = outcome(&["detect", "e2e4", "e7e5"], "");
    assert_eq!(code, Some(0));
    let rows = rows(&out);
    assert_eq!(rows[0], ["uci", "-", "2", "2"]);
    assert_eq!(rows[1], ["quantum", "-", "2", "2"]);
    assert_eq!(rows[2], ["smith", "-", "2", "2"]);
    // Lenient SAN reads `e2e4` as a pawn move; strict SAN does not.
    assert_eq!(rows[3], ["san", "English", "2", "0"]);
    assert_eq!(
        out.lines().last(),
        Some("ambiguous: uci, quantum, smith (they read the same moves), 2 of 2 moves read")
    );
}

#[test]
fn err_detect_ties_on_different_moves_exit_1() {
    // `Lb5`: the bishop f1 in Afrikaans, Danish, German, ...; the queen b1 in Estonian.
    let fen = "4k3/8/8/8/8/8/8/1Q2KB2 w - - 0 1";
    let (code, out, _) = outcome(&["detect", "--fen", fen, "Lb5"], "");
    assert_eq!(code, Some(1));
    assert_eq!(
        out.lines().last(),
        Some(
            "ambiguous: san-af, san-da, san-de, san-et, san-fi, san-hr, san-nl, san-no, \
             san-sv (they read different moves), 1 of 1 move read"
        )
    );
}

#[test]
fn err_detect_unread_moves_exit_1() {
    let (code, out, _) = outcome(&["detect", "xyz"], "");
    assert_eq!(code, Some(1));
    assert_eq!(
        out,
        "notation       language        read  strict\n\
         undetected: no notation reads move 1 'xyz'\n"
    );
    let (code, out, _) = outcome(&["detect", "e4", "e5", "Cf3", "Xb5"], "");
    assert_eq!(code, Some(1));
    assert_eq!(
        out.lines().last(),
        Some(
            "undetected: the best, san-ca, san-es, san-fr, san-it, san-pt, san-ro (they read \
             the same moves), read 3 of 4 moves, not move 4 'Xb5'"
        )
    );
    let (code, out, err) = outcome(&["detect"], "");
    assert_eq!((code, out.as_str()), (Some(1), ""));
    assert_eq!(err, "error: detect: no moves given\n");
}

#[test]
fn ok_detect_odd_input_does_not_panic() {
    for input in [
        "\u{0}",
        "Кр",
        "♘",
        "O-O-O-O",
        "e8=",
        "車車車",
        "99999999999",
        "\u{ff}e4",
    ] {
        let (code, out, err) = outcome(&["detect"], format!("{input}\n").as_str());
        assert_eq!(code, Some(1), "{input:?}: {err}");
        assert!(out.starts_with("notation"), "{input:?}: {out}");
        assert!(!err.contains("panicked"), "{input:?}: {err}");
    }
}

#[test]
fn ok_convert_from_auto() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["--to", "uci", "e4", "e5", "Cf3", "Cc6", "Fb5"],
            "e2e4\ne7e5\ng1f3\nb8c6\nf1b5\n",
        ),
        // German, Danish, Swedish, ... tie and read the same moves.
        (
            &["--to", "san", "e4", "e5", "Sf3", "Sc6", "Lb5"],
            "e4\ne5\nNf3\nNc6\nBb5\n",
        ),
        // UCI, Smith and quantum tie and read the same moves; --lang is for --to.
        (
            &["--to", "san", "--lang", "de", "e2e4", "e7e5", "g1f3"],
            "e4\ne5\nSf3\n",
        ),
        (
            &["--to", "lan", "5254", "5755", "7163"],
            "e2-e4\ne7-e5\nNg1-f3\n",
        ),
        (&["--to", "uci", "♘f3", "♞f6"], "g1f3\ng8f6\n"),
        (
            &["--to", "uci", "Кf3", "Кf6", "g3", "g6", "Сg2"],
            "g1f3\ng8f6\ng2g3\ng7g6\nf1g2\n",
        ),
    ];
    for (flags, want) in cases {
        let mut args = vec!["convert", "--from", "auto"];
        args.extend_from_slice(flags);
        let (code, out, err) = outcome(&args, "");
        assert_eq!(code, Some(0), "{flags:?}: {err}");
        assert_eq!(out, *want, "{flags:?}");
    }
    let (code, out, _) = outcome(
        &["convert", "--from", "auto", "--to", "uci"],
        "e4\ne5\nDh5\n",
    );
    assert_eq!((code, out.as_str()), (Some(0), "e2e4\ne7e5\nd1h5\n"));
}

#[test]
fn err_convert_from_auto_refuses_ambiguity() {
    let fen = "4k3/8/8/8/8/8/8/1Q2KB2 w - - 0 1";
    let args = [
        "convert", "--from", "auto", "--to", "uci", "--fen", fen, "Lb5",
    ];
    let (code, out, err) = outcome(&args, "");
    assert_eq!((code, out.as_str()), (Some(1), ""));
    assert_eq!(
        err,
        "error: --from auto: ambiguous: san-af, san-da, san-de, san-et, san-fi, san-hr, \
         san-nl, san-no, san-sv (they read different moves), 1 of 1 move read; give the \
         notation with --from\n"
    );
    let (code, _, err) = outcome(&["convert", "--from", "auto", "--to", "uci", "xyz"], "");
    assert_eq!(code, Some(1));
    assert!(err.contains("no notation reads move 1 'xyz'"), "{err}");
    // A best reader that stops early converts up to the move it refuses.
    let args = [
        "convert", "--from", "auto", "--to", "uci", "e4", "e5", "Cf3", "Xb5",
    ];
    let (code, out, err) = outcome(&args, "");
    assert_eq!((code, out.as_str()), (Some(1), "e2e4\ne7e5\ng1f3\n"));
    assert!(err.contains("move 4 'Xb5'"), "{err}");
    // --lang applies to --to only with --from auto: UCI has no piece letters.
    let args = [
        "convert", "--from", "auto", "--to", "uci", "--lang", "de", "e4",
    ];
    assert_eq!(outcome(&args, "").0, Some(2));
}

#[test]
fn ok_help_shows_detection() {
    let (code, out, _) = outcome(&["detect", "--help"], "");
    assert_eq!(code, Some(0));
    assert!(out.contains("scoresheet detect e4 e5 Cf3 Cc6 Fb5"), "{out}");
    assert!(out.contains("--fen <FEN>"), "{out}");
    let (_, out, _) = outcome(&["convert", "--help"], "");
    assert!(
        out.contains("scoresheet convert --from auto --to san"),
        "{out}"
    );
    assert!(out.contains("auto:"), "{out}");
}

/// ReCirq's labelled moves are read by `quantum-recirq` alone.
#[test]
fn ok_detect_quantum_recirq() {
    let (code, out, err) = outcome(
        &[
            "detect",
            "e2e4:PAWN_TWO_STEP:BASIC",
            "e7e5:PAWN_TWO_STEP:BASIC",
            "g1f3:JUMP:BASIC",
        ],
        "",
    );
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(rows(&out), [["quantum-recirq", "-", "3", "3"]]);
    assert_eq!(
        out.lines().last(),
        Some("detected: quantum-recirq, 3 of 3 moves read")
    );
}
