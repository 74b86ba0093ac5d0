//! Deep nesting, huge games, garbage: no stack overflow, no panic, bounded work.

use scoresheet_pgn::{BraceNesting, ReadErrorKind, ReadOptions};

use crate::common::{read, read_with};

#[test]
fn ok_deep_nesting_no_stack_overflow() {
    let mut pgn = b"1. e4 ".to_vec();
    pgn.extend(std::iter::repeat_n(b'(', 100_000));
    pgn.extend_from_slice(b" e5 *\n\n1. d4 *\n");
    let games = read(&pgn);
    assert_eq!(games.len(), 2);
    assert!(matches!(
        games[0].as_ref().map_err(|e| e.kind()),
        Err(ReadErrorKind::VariationTooDeep { .. })
    ));
    assert_eq!(
        games[1].as_ref().expect("second game").summary(),
        "tags=0 [d4] *"
    );
    let deep = read_with(&pgn, ReadOptions::new().max_variation_depth(u32::MAX));
    let game = deep[0].as_ref().expect("deep nesting allowed");
    assert_eq!(
        (game.variations, game.variation_moves.as_slice()),
        (100_000, &["e5".to_string()][..])
    );
}

#[test]
fn ok_game_too_large_resyncs() {
    let big = format!(
        "[Event \"big\"]\n\n1. e4 {{{}\n\n[Event \"x\"]\n}} *\n\n",
        "x".repeat(10_000)
    );
    let pgn = format!("{big}[Event \"next\"]\n\n1. d4 *\n");
    let games = read_with(pgn.as_bytes(), ReadOptions::new().max_game_bytes(1000));
    let err = games[0].as_ref().expect_err("too large");
    assert!(matches!(
        err.kind(),
        ReadErrorKind::GameTooLarge { limit: 1000 }
    ));
    assert_eq!(err.location().game_index, 0);
    // Raw resynchronisation stops at the first "[" line after a blank line, even inside the
    // unterminated-looking comment: that "game" ends at the next tag line.
    let rest: Vec<String> = games[1..]
        .iter()
        .map(|g| g.as_ref().expect("ok").summary())
        .collect();
    assert_eq!(rest.last().map(String::as_str), Some("tags=1 [d4] *"));
}

#[test]
fn ok_nested_comment_counted() {
    let pgn = b"1. e4 { a { b } c } e5 *";
    let games = read_with(pgn, ReadOptions::new().brace_nesting(BraceNesting::Counted));
    let game = games[0].as_ref().expect("ok");
    assert_eq!(game.comments, [" a { b } c "]);
    assert_eq!(game.summary(), "tags=0 [e4 e5] *");
}

#[test]
fn ok_empty_and_garbage_never_panic() {
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let mut inputs: Vec<Vec<u8>> = vec![
        vec![],
        b"[".to_vec(),
        b"{".to_vec(),
        b"$".to_vec(),
        b"\r".to_vec(),
    ];
    for len in [1, 7, 64, 129, 1000, 70_000] {
        let bytes = (0..len)
            .map(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                b"[]{}()\"\\;%$!?+-=*./01 \n\r\te4NfxO\xc2\xa0\xff"[(seed % 33) as usize]
            })
            .collect();
        inputs.push(bytes);
    }
    for input in inputs {
        for options in [
            ReadOptions::new(),
            ReadOptions::new().max_game_bytes(50).max_variation_depth(2),
        ] {
            let games = read_with(&input, options);
            assert!(games.len() <= input.len() + 1);
        }
    }
}
