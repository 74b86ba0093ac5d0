//! `scoresheet pgn`: expected outputs are written by hand from the moves (where each piece
//! goes, which square a variation starts from) and the PGN export format, not captured from
//! the binary.

mod common;
use common::run;

/// An Italian game with a comment, NAGs (one as a `?!` glyph), a variation holding a nested
/// variation with `0-0` castling, then a game with an illegal king move.
const GAMES: &str = r#"[Event "Test"]
[White "A"]
[Black "B"]
[Result "1-0"]
[ECO "C50"]

1. e4 e5 2. Nf3 {the main move} Nc6 3. Bc4 $1 (3. Bb5 a6 (3... Nf6 4. 0-0) 4. Ba4) 3... Bc5 4. c3 Nf6?! 5. d4 1-0

[Event "Bad"]

1. e4 e5 2. Ke3 *
"#;

/// The first game in UCI: the variation `3. Bb5` starts after `2... Nc6`, the nested one
/// (`3... Nf6`) replaces `3... a6`; White castles short as `e1g1`. The movetext wraps before
/// 80 columns, and Black's moves after a comment or a variation get `n...` numbers.
const GAME_UCI: &str = r#"[Event "Test"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "A"]
[Black "B"]
[Result "1-0"]
[ECO "C50"]

1. e2e4 e7e5 2. g1f3 {the main move} 2... b8c6 3. f1c4 $1 (3. f1b5 a7a6
(3... g8f6 4. e1g1) 4. b5a4) 3... f8c5 4. c2c3 g8f6 $6 5. d2d4 1-0

"#;

#[test]
fn ok_pgn_to_uci_keeps_comments_nags_variations() {
    let out = run(&["pgn", "--to", "uci", "-"], GAMES);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(String::from_utf8_lossy(&out.stdout), GAME_UCI, "{stderr}");
    assert_eq!(out.status.code(), Some(1), "a game was rejected: {stderr}");
    assert!(
        stderr.contains("-: game 2 (from line 9), line 11, column 13: move \"Ke3\": illegal move"),
        "{stderr}"
    );
    assert!(stderr.contains("1 games written, 1 rejected"), "{stderr}");
}

#[test]
fn ok_pgn_to_san_normalises() {
    let pgn = "[Event \"Scholar\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 1-0\n";
    let want = "[Event \"Scholar\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
        [White \"?\"]\n[Black \"?\"]\n[Result \"1-0\"]\n\n\
        1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n";
    let out = run(&["pgn", "--to", "san", "-"], pgn);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), want);
}

#[test]
fn ok_pgn_to_lan_from_fen_tag() {
    // White to move at move 40: the king steps aside, Black's king takes the rook on d3.
    let pgn =
        "[FEN \"8/8/8/8/8/3R4/2k5/4K3 w - - 0 40\"]\n[SetUp \"1\"]\n\n40. Kf1 Kxd3 41. Kf2 *\n";
    let want = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
        [White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\
        [FEN \"8/8/8/8/8/3R4/2k5/4K3 w - - 0 40\"]\n[SetUp \"1\"]\n\n\
        40. Ke1-f1 Kc2xd3 41. Kf1-f2 *\n\n";
    let out = run(&["pgn", "--to", "lan", "-"], pgn);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), want);
}

#[test]
fn err_pgn_missing_file_exits_2() {
    let out = run(&["pgn", "--to", "uci", "/nonexistent/games.pgn"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot open /nonexistent/games.pgn"));
}

/// ERAN moves are words: they are written whole, short and verbose (castling by name).
#[test]
fn ok_eran_moves_are_words() {
    let input = "[Event \"E\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O *\n";
    let cases = [
        (
            "eran-short",
            "1. P e2-e4 P e7-e5 2. N g1-f3 N b8-c6 3. B f1-b5 P a7-a6 4. ck *",
        ),
        (
            "eran",
            "1. Pawn e2-e4 Pawn e7-e5 2. Knight g1-f3 Knight b8-c6 3. Bishop f1-b5 Pawn a7-a6\n\
             4. castling-kingside *",
        ),
        (
            "quantum-recirq",
            "1. e2e4:PAWN_TWO_STEP:BASIC e7e5:PAWN_TWO_STEP:BASIC 2. g1f3:JUMP:BASIC\n\
             b8c6:JUMP:BASIC 3. f1b5:SLIDE:BASIC a7a6:PAWN_STEP:BASIC 4. e1g1:KS_CASTLE:BASIC\n*",
        ),
    ];
    for (to, movetext) in cases {
        let out = run(&["pgn", "--to", to, "-"], input);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{to}: {stdout}");
        let got = stdout
            .split("\n\n")
            .nth(1)
            .expect("movetext after the tags");
        assert_eq!(got, movetext, "{to}");
    }
}
