//! Runs the `scoresheet` binary and checks stdout, stderr and exit codes. Expected outputs are
//! chess facts (perft counts, known move sequences), not captured from the binary.

mod common;
use common::run;

mod db;

fn stdout_of(args: &[&str]) -> String {
    let out = run(args, "");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8 output")
}

#[test]
fn ok_convert_table() {
    let ruy = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6", "O-O"];
    let cases: &[(&[&str], &str)] = &[
        (
            &["--from", "san", "--to", "uci"],
            "e2e4\ne7e5\ng1f3\nb8c6\nf1b5\na7a6\nb5c6\nd7c6\ne1g1\n",
        ),
        (
            &["--from", "san", "--to", "lan"],
            "e2-e4\ne7-e5\nNg1-f3\nNb8-c6\nBf1-b5\na7-a6\nBb5xc6\nd7xc6\nO-O\n",
        ),
        (
            &["--from", "san", "--to", "uci", "--chess960"],
            "e2e4\ne7e5\ng1f3\nb8c6\nf1b5\na7a6\nb5c6\nd7c6\ne1h1\n",
        ),
    ];
    for (flags, want) in cases {
        let mut args = vec!["convert"];
        args.extend_from_slice(flags);
        args.extend_from_slice(&ruy);
        assert_eq!(stdout_of(&args), *want, "{flags:?}");
    }
}

#[test]
fn ok_convert_reads_stdin() {
    let out = run(
        &["convert", "--from", "uci", "--to", "san"],
        "e2e4\ne7e5\nd1h5\nb8c6\nf1c4\ng8f6\nh5f7\n",
    );
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "e4\ne5\nQh5\nNc6\nBc4\nNf6\nQxf7#\n"
    );
}

#[test]
fn err_convert_bad_move_prints_prefix_and_exits_1() {
    let out = run(
        &["convert", "--from", "san", "--to", "uci", "e4", "e5", "Ke3"],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "e2e4\ne7e5\n");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("move 3 'Ke3'"), "{err}");
    assert!(
        err.contains("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"),
        "{err}"
    );
    assert!(err.contains("illegal"), "{err}");
}

#[test]
fn ok_perft_last_line_is_node_count() {
    assert_eq!(stdout_of(&["perft", "4"]), "197281\n");
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    assert_eq!(stdout_of(&["perft", "--fen", kiwipete, "3"]), "97862\n");
    let divide = stdout_of(&["perft", "--divide", "2"]);
    let lines: Vec<&str> = divide.lines().collect();
    assert_eq!(lines.len(), 21);
    assert_eq!(lines[0], "a2a3: 20");
    assert_eq!(lines[20], "400");
}

#[test]
fn ok_moves_sorted_by_uci() {
    let moves = stdout_of(&["moves"]);
    assert_eq!(moves.lines().count(), 20);
    assert_eq!(moves.lines().next(), Some("a2a3"));
    assert_eq!(moves.lines().last(), Some("h2h4"));
    let castle = stdout_of(&[
        "moves",
        "--notation",
        "san",
        "--fen",
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
    ]);
    assert!(castle.lines().any(|l| l == "O-O"), "{castle}");
}

#[test]
fn ok_and_err_fen() {
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    assert_eq!(stdout_of(&["fen", fen]), format!("{fen}\n"));
    let legal = stdout_of(&["fen", "--en-passant", "legal", fen]);
    assert_eq!(
        legal,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"
    );
    let epd = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
    assert_eq!(
        stdout_of(&["fen", "--lenient", epd]),
        format!("{epd} 0 1\n")
    );
    let bad = run(&["fen", "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1"], "");
    assert_eq!(bad.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("not to move is in check"));
    let syntax = run(
        &[
            "fen",
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ],
        "",
    );
    assert_eq!(syntax.status.code(), Some(1));
    let err = String::from_utf8_lossy(&syntax.stderr);
    assert!(err.contains("byte 18") && err.contains('^'), "{err}");
}

#[test]
fn ok_parse_json_table() {
    let cases = [
        (
            "san",
            "exd8=Q+!?",
            r#"{"kind":"normal","piece":"pawn","from_file":"e","from_rank":null,"to":"d8","capture":true,"promotion":"queen","castling":null,"suffix":"check","annotation":"!?"}"#,
        ),
        (
            "san",
            "0-0-0#",
            r#"{"kind":"castling","piece":"king","from_file":null,"from_rank":null,"to":null,"capture":false,"promotion":null,"castling":"queenside","suffix":"checkmate","annotation":null}"#,
        ),
        (
            "eran",
            "Pawn g7-g8 ->Queen",
            r#"{"kind":"move","piece":"pawn","from":"g7","to":"g8","capture":false,"promotion":"queen","side":null}"#,
        ),
        (
            "eran-short",
            "ep",
            r#"{"kind":"en_passant","piece":"pawn","from":null,"to":null,"capture":true,"promotion":null,"side":null}"#,
        ),
        (
            "quantum",
            "b1^a3c3.m1",
            r#"{"type":"split","piece":null,"sources":["b1"],"targets":["a3","c3"],"variants":["basic","basic"],"promotion":null,"measurement":1}"#,
        ),
        (
            "uci",
            "e7e8q",
            r#"{"kind":"normal","from":"e7","to":"e8","promotion":"queen"}"#,
        ),
    ];
    for (notation, text, want) in cases {
        assert_eq!(
            stdout_of(&["parse", "--notation", notation, text]),
            format!("{want}\n"),
            "{text}"
        );
    }
}

#[test]
fn err_parse_shows_caret_and_exits_1() {
    let out = run(&["parse", "--notation", "eran", "P e2e4"], "");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("eran") && err.contains("P e2e4\n") && err.contains('^'),
        "{err}"
    );
}

#[test]
fn ok_parse_with_lang() {
    let knight_takes_f3_check = r#"{"kind":"normal","piece":"knight","from_file":null,"from_rank":null,"to":"f3","capture":true,"promotion":null,"castling":null,"suffix":"check","annotation":null}"#;
    let promotion = r#"{"kind":"normal","piece":"pawn","from_file":null,"from_rank":null,"to":"e8","capture":false,"promotion":"queen","castling":null,"suffix":null,"annotation":null}"#;
    let king_lan = r#"{"kind":"normal","piece":"king","from":"e1","to":"e2","capture":false,"promotion":null,"castling":null,"suffix":null,"annotation":null}"#;
    let cases: &[(&[&str], &str)] = &[
        (
            &["--notation", "san", "--lang", "de", "Sxf3+"],
            knight_takes_f3_check,
        ),
        (
            &["--notation", "san", "--lang", "fr", "--strict", "Cxf3+"],
            knight_takes_f3_check,
        ),
        (
            &["--notation", "san", "--lang", "en", "Nxf3+"],
            knight_takes_f3_check,
        ),
        (&["--notation", "san", "--lang", "de", "e8=D"], promotion),
        (&["--notation", "lan", "--lang", "ru", "Крe1-e2"], king_lan),
    ];
    for (flags, want) in cases {
        let mut args = vec!["parse"];
        args.extend_from_slice(flags);
        assert_eq!(stdout_of(&args), format!("{want}\n"), "{flags:?}");
    }
}

#[test]
fn err_parse_with_lang() {
    // An English knight is no German piece letter.
    let out = run(&["parse", "--notation", "san", "--lang", "de", "Nf3"], "");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: invalid san-de at byte 0: not a piece letter of the language\n  Nf3\n  ^\n"
    );
    // UCI has no piece letters: a usage error.
    let out = run(&["parse", "--notation", "uci", "--lang", "de", "e2e4"], "");
    assert_eq!(out.status.code(), Some(2));
    let out = run(&["parse", "--notation", "san", "--lang", "xx", "e4"], "");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn ok_convert_to_eran_and_quantum() {
    let moves = ["e4", "d5", "exd5", "Nf6", "O-O"];
    let out = run(
        &[
            "convert",
            "--from",
            "san",
            "--to",
            "eran-short",
            "e4",
            "d5",
            "exd5",
        ],
        "",
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "P e2-e4\nP d7-d5\nP e4xd5\n"
    );
    let verbose = stdout_of(&[
        "convert", "--from", "san", "--to", "eran", "e4", "d5", "exd5", "Nf6",
    ]);
    assert_eq!(
        verbose,
        "Pawn e2-e4\nPawn d7-d5\nPawn e4xd5\nKnight g8-f6\n"
    );
    let quantum = stdout_of(&[
        "convert", "--from", "san", "--to", "quantum", moves[0], moves[1], moves[2],
    ]);
    assert_eq!(quantum, "e2e4\nd7d5\ne4xd5\n");
    let back = stdout_of(&[
        "convert", "--from", "quantum", "--to", "san", "e2e4", "d7d5", "e4xd5",
    ]);
    assert_eq!(back, "e4\nd5\nexd5\n");
}

#[test]
fn err_adjacent_kings_rejected_by_every_command() {
    let fen = "8/8/8/8/8/8/3k4/4K3 w - - 0 1";
    let cases: &[&[&str]] = &[
        &["fen", fen],
        &["fen", "--lenient", fen],
        &["moves", "--fen", fen],
        &["perft", "--fen", fen, "2"],
        &[
            "convert", "--from", "san", "--to", "uci", "--fen", fen, "Kxd2",
        ],
    ];
    for args in cases {
        let out = run(args, "");
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("kings stand on adjacent squares"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn ok_fen_lenient_warns_strict_refuses() {
    let cases = [
        (
            "4k3/8/8/8/8/8/8/4K3 w KQ - 0 0",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n",
            &[
                "fen: warning: dropped castling right 'K' at byte 22",
                "fen: warning: dropped castling right 'Q' at byte 23",
                "fen: warning: read fullmove number 0 as 1",
            ][..],
        ),
        (
            "44/8/8/8/8/8/8/4K2k w - - 0 1",
            "8/8/8/8/8/8/8/4K2k w - - 0 1\n",
            &["fen: warning: read the digits in a row at byte 0 as 8"][..],
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n",
            &["fen: warning: dropped en-passant square e3"][..],
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKqq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kq - 0 1\n",
            &[
                "fen: warning: dropped castling right 'K' at byte 47: written twice",
                "fen: warning: dropped castling right 'q' at byte 49: written twice",
            ][..],
        ),
    ];
    for (fen, want, warnings) in cases {
        let out = run(&["fen", "--lenient", fen], "");
        assert_eq!(out.status.code(), Some(0), "{fen}");
        assert_eq!(String::from_utf8_lossy(&out.stdout), want, "{fen}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), warnings.len(), "{err}");
        for (line, warning) in err.lines().zip(warnings) {
            assert!(line.starts_with(warning), "{line}");
        }
        let strict = run(&["fen", fen], "");
        assert_eq!(strict.status.code(), Some(1), "{fen}");
        assert!(strict.stdout.is_empty(), "{fen}");
    }
}

#[test]
fn err_parse_strict_lan_refuses_lenient_forms() {
    for text in ["e7-e8q", "Qd1-h5++", "e5-f6ep"] {
        let strict = run(&["parse", "--notation", "lan", "--strict", text], "");
        assert_eq!(strict.status.code(), Some(1), "{text}");
        let err = String::from_utf8_lossy(&strict.stderr);
        assert!(err.contains("invalid lan at byte"), "{err}");
        let lenient = run(&["parse", "--notation", "lan", text], "");
        assert_eq!(lenient.status.code(), Some(0), "{text}");
    }
}

#[test]
fn err_control_bytes_escaped_and_excerpts_bounded() {
    let nul = run(&["convert", "--from", "san", "--to", "uci"], "e4\0\n");
    assert_eq!(nul.status.code(), Some(1));
    let err = String::from_utf8_lossy(&nul.stderr);
    assert!(!nul.stderr.contains(&0), "{err:?}");
    assert!(err.contains("move 1 'e4\\0'"), "{err}");
    assert!(
        err.contains("invalid san at byte 2: unexpected byte \\0"),
        "{err}"
    );
    assert!(err.contains("  e4\\0\n    ^"), "{err}");
    let uci = run(&["parse", "--notation", "uci", "e2e4\u{1}"], "");
    let err = String::from_utf8_lossy(&uci.stderr);
    assert!(
        err.contains("unexpected byte \\x01\n  e2e4\\x01\n      ^"),
        "{err}"
    );

    let huge = format!("e4{}", "x".repeat(100_000));
    let fen = format!("8/8/8/8/8/8/8/4K2k w - - 0 1{}", "\u{1}".repeat(100_000));
    let cases: &[&[&str]] = &[
        &["convert", "--from", "san", "--to", "uci", &huge],
        &["convert", "--from", "eran", "--to", "uci", &huge],
        &["parse", "--notation", "lan", &huge],
        &["fen", &fen],
        &["fen", "--lenient", &fen],
        &["moves", "--fen", &fen],
    ];
    for args in cases {
        let out = run(args, "");
        assert_eq!(out.status.code(), Some(1), "{:?}", &args[..2]);
        assert!(
            out.stderr.len() < 600,
            "{:?}: {} bytes",
            &args[..2],
            out.stderr.len()
        );
        assert!(
            !out.stderr.iter().any(|b| *b < 0x20 && *b != b'\n'),
            "{:?}",
            &args[..2]
        );
    }
}

#[test]
fn ok_convert_stdin_one_move_per_line() {
    let cases = [
        (
            &["--from", "eran", "--to", "uci"][..],
            "Pawn a2-a3\n",
            "a2a3\n",
        ),
        (
            &["--from", "eran-short", "--to", "san"][..],
            "P e2-e4\n\n  P e7-e5  \r\nN g1-f3\n",
            "e4\ne5\nNf3\n",
        ),
        (
            &["--from", "san", "--to", "uci"][..],
            "\n\ne4\n\n",
            "e2e4\n",
        ),
        (&["--from", "uci", "--to", "san"][..], "", ""),
    ];
    for (flags, input, want) in cases {
        let mut args = vec!["convert"];
        args.extend_from_slice(flags);
        let out = run(&args, input);
        assert!(
            out.status.success(),
            "{input:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(String::from_utf8_lossy(&out.stdout), want, "{input:?}");
    }
    // Two moves on one line are one (bad) move now.
    let out = run(&["convert", "--from", "san", "--to", "uci"], "e4 e5\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("move 1 'e4 e5'"));
    let help = run(&["convert", "--help"], "");
    assert!(String::from_utf8_lossy(&help.stdout).contains("one per line"));
}

#[test]
fn err_perft_depth_above_limit_is_a_usage_error() {
    for depth in ["65", "99", "4294967295"] {
        let out = run(&["perft", depth], "");
        assert_eq!(out.status.code(), Some(2), "{depth}");
        assert!(out.stdout.is_empty(), "{depth}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("above the limit of 64"), "{err}");
    }
    // A tree with one line of play is counted deep (the "prison": 1 at every depth).
    let prison = "2b5/kpPp4/1p1P4/1P6/6p1/4p1P1/4PpPK/5B2 w - - 0 1";
    assert_eq!(stdout_of(&["perft", "--fen", prison, "32"]), "1\n");
    // Not a terminal: no progress on stderr.
    let out = run(&["perft", "3"], "");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "8902\n");
    assert!(out.stderr.is_empty());
    assert_eq!(stdout_of(&["perft", "0"]), "1\n");
    assert_eq!(stdout_of(&["perft", "--divide", "0"]), "1\n");
    assert_eq!(stdout_of(&["perft", "1"]), "20\n");
}

/// ReCirq's notation (issue 27): the type and variant of each move are those ReCirq's
/// documentation defines (a queen's capture over two squares `d8d5:SLIDE:CAPTURE`, as its
/// example file writes it), written by hand here; reading them back gives the moves.
#[test]
fn ok_convert_to_and_from_quantum_recirq() {
    let san = [
        "e4", "d5", "exd5", "Qxd5", "Nc3", "Qd8", "Nf3", "Nf6", "Bc4", "Bg4", "O-O",
    ];
    let recirq = "e2e4:PAWN_TWO_STEP:BASIC\nd7d5:PAWN_TWO_STEP:BASIC\ne4d5:PAWN_CAPTURE:CAPTURE\n\
                  d8d5:SLIDE:CAPTURE\nb1c3:JUMP:BASIC\nd5d8:SLIDE:BASIC\ng1f3:JUMP:BASIC\n\
                  g8f6:JUMP:BASIC\nf1c4:SLIDE:BASIC\nc8g4:SLIDE:BASIC\ne1g1:KS_CASTLE:BASIC\n";
    let mut args = vec!["convert", "--from", "san", "--to", "quantum-recirq"];
    args.extend_from_slice(&san);
    assert_eq!(stdout_of(&args), recirq);
    let out = run(
        &["convert", "--from", "quantum-recirq", "--to", "san"],
        recirq,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), san.join("\n") + "\n");
    // ReCirq's own spellings of the same moves: no label, JUMP, BASIC for a capture.
    let loose = stdout_of(&[
        "convert",
        "--from",
        "quantum-recirq",
        "--to",
        "uci",
        "e2e4",
        "d7d5:JUMP:BASIC",
        "e4d5:PAWN_CAPTURE:BASIC",
    ]);
    assert_eq!(loose, "e2e4\nd7d5\ne4d5\n");
}

#[test]
fn err_convert_quantum_recirq_wrong_type_exits_1() {
    let out = run(
        &[
            "convert",
            "--from",
            "quantum-recirq",
            "--to",
            "san",
            "e2e4:PAWN_STEP:BASIC",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("move type does not match the move"), "{err}");
    let out = run(
        &[
            "convert",
            "--from",
            "quantum-recirq",
            "--to",
            "san",
            "e2e4:HOP:BASIC",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("invalid quantum-recirq at byte 5"), "{err}");
}

#[test]
fn ok_parse_and_moves_quantum_recirq() {
    assert_eq!(
        stdout_of(&[
            "parse",
            "--notation",
            "quantum-recirq",
            "b1^a3c3.m1:SPLIT_JUMP:BASIC"
        ]),
        "{\"type\":\"split\",\"sources\":[\"b1\"],\"targets\":[\"a3\",\"c3\"],\"promotion\":null,\
         \"measurement\":1,\"move_type\":\"SPLIT_JUMP\",\"variant\":\"BASIC\"}\n"
    );
    assert_eq!(
        stdout_of(&[
            "parse",
            "--notation",
            "quantum-recirq",
            "e2f1q:PAWN_CAPTURE:CAPTURE"
        ]),
        "{\"type\":\"standard\",\"sources\":[\"e2\"],\"targets\":[\"f1\"],\"promotion\":\"queen\",\
         \"measurement\":null,\"move_type\":\"PAWN_CAPTURE\",\"variant\":\"CAPTURE\"}\n"
    );
    let out = run(
        &["parse", "--notation", "quantum-recirq", "--strict", "a7a8q"],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("invalid quantum-recirq at byte 4"), "{err}");
    assert!(err.contains("  a7a8q\n      ^"), "{err}");
    let moves = stdout_of(&["moves", "--notation", "quantum-recirq"]);
    let lines: Vec<&str> = moves.lines().collect();
    assert_eq!(lines.len(), 20);
    for want in [
        "b1c3:JUMP:BASIC",
        "e2e4:PAWN_TWO_STEP:BASIC",
        "h2h3:PAWN_STEP:BASIC",
    ] {
        assert!(lines.contains(&want), "{moves}");
    }
}

/// `convert --to-lang`: SAN in one language to SAN in another (`--lang` the input's).
#[test]
fn ok_convert_between_languages() {
    let cases: [(&[&str], &str, &str); 4] = [
        (
            &[
                "--from",
                "san",
                "--lang",
                "de",
                "--to",
                "san",
                "--to-lang",
                "fr",
            ],
            "e4 e5 Sf3 Sc6 Lb5 a6 Lxc6 dxc6 O-O Dd6",
            "e4 e5 Cf3 Cc6 Fb5 a6 Fxc6 dxc6 O-O Dd6",
        ),
        (
            &[
                "--from",
                "san",
                "--lang",
                "fr",
                "--to",
                "san",
                "--to-lang",
                "en",
            ],
            "e4 e5 Cf3 Cc6 Fb5 a6 Fxc6 dxc6 O-O Dd6",
            "e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6 O-O Qd6",
        ),
        (
            &["--from", "san", "--to", "lan", "--to-lang", "de"],
            "e4 e5 Nf3 Nc6 Bb5",
            "e2-e4 e7-e5 Sg1-f3 Sb8-c6 Lf1-b5",
        ),
        // Without --to-lang, --lang is both sides' language, as before.
        (
            &["--from", "san", "--lang", "de", "--to", "san"],
            "e4 e5 Sf3",
            "e4 e5 Sf3",
        ),
    ];
    for (flags, moves, want) in cases {
        let mut args = vec!["convert"];
        args.extend_from_slice(flags);
        args.extend(moves.split(' '));
        let out = run(&args, "");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
        let got = String::from_utf8_lossy(&out.stdout)
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        assert_eq!(got, want, "{args:?}");
    }
    // --to-lang names the output's letters: refused for a notation without any.
    let out = run(
        &[
            "convert",
            "--from",
            "san",
            "--to",
            "uci",
            "--to-lang",
            "de",
            "e4",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
}
