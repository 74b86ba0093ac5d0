//! `Position::polyglot_key` against the Polyglot format's published examples, and the
//! positions reached by playing their moves (the key of a played position equals the key of
//! the same position read from its FEN).

use scoresheet::{CastlingMode, Position};

fn vectors() -> Vec<(String, u64)> {
    include_str!("../data/polyglot_keys.tsv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            let (fen, key) = l.split_once('\t').expect("fen, tab, key");
            let key = u64::from_str_radix(key, 16).expect("hex key");
            (fen.to_owned(), key)
        })
        .collect()
}

#[test]
fn ok_published_polyglot_keys() {
    let rows = vectors();
    assert_eq!(rows.len(), 9);
    for (fen, key) in rows {
        let pos = Position::from_fen(&fen, CastlingMode::Standard).expect(&fen);
        assert_eq!(
            pos.polyglot_key(),
            key,
            "{fen}: {:016x}",
            pos.polyglot_key()
        );
    }
}

#[test]
fn ok_played_positions_have_the_published_keys() {
    // The format's example line: e4 d5 e5 f5 Ke2 Kf7, then a4 b5 h4 b4 c4 bxc3 Ra3.
    let lines: [&[&str]; 2] = [
        &["e2e4", "d7d5", "e4e5", "f7f5", "e1e2", "e8f7"],
        &["a2a4", "b7b5", "h2h4", "b5b4", "c2c4", "b4c3", "a1a3"],
    ];
    let keys: Vec<u64> = vectors().into_iter().map(|(_, k)| k).collect();
    let want: [&[u64]; 2] = [&keys[1..7], &keys[7..9]];
    for (line, want) in lines.iter().zip(want) {
        let mut pos = Position::new();
        let mut got = Vec::new();
        for uci in line.iter() {
            let mv: scoresheet::uci::UciMove = uci.parse().expect("uci");
            pos.play(mv.to_move(&pos).expect("legal")).expect("legal");
            got.push(pos.polyglot_key());
        }
        // The second line's examples are after c4 and after Ra3.
        let got = if line.len() == 7 {
            vec![got[4], got[6]]
        } else {
            got
        };
        assert_eq!(got, want, "{line:?}");
    }
}

/// Every move to depth 2 from `pos`: the key updated by the move equals the key computed anew.
fn check_key_updates(pos: &Position, depth: u32, context: &str) -> usize {
    let key = pos.polyglot_key();
    let mut checked = 0;
    for mv in pos.legal_moves() {
        let mut after = pos.clone();
        after.play_unchecked(mv);
        assert_eq!(
            pos.polyglot_key_after(key, mv, &after),
            after.polyglot_key(),
            "{context}: {mv:?} from {}",
            pos.fen(scoresheet::EnPassantMode::Always)
        );
        checked += 1;
        if depth > 1 {
            checked += check_key_updates(&after, depth - 1, context);
        }
    }
    checked
}

#[test]
fn ok_key_after_a_move_equals_the_key_computed_anew() {
    // Castling (standard and Chess960), en passant, promotions with and without capture, and
    // the rights a rook capture removes: the perft suites' positions, every move to depth 2.
    let suites = [
        (include_str!("../data/tricky.epd"), CastlingMode::Standard),
        (include_str!("../data/standard.epd"), CastlingMode::Standard),
        (include_str!("../data/chess960.epd"), CastlingMode::Chess960),
    ];
    let mut checked = 0;
    for (suite, mode) in suites {
        let fens = suite
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(|l| l.split(';').next().unwrap_or(l).trim());
        for fen in fens.take(120) {
            // The suites' few positions cozy-chess cannot hold are the perft test's business.
            if let Ok(pos) = Position::from_fen_lenient(fen, mode) {
                checked += check_key_updates(&pos, 2, fen);
            }
        }
    }
    assert!(checked > 100_000, "{checked} moves checked");
}
