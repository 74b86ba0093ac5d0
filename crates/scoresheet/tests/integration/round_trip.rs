//! Every mainline move of `real_clean.pgn` (3,970 games, canonical SAN) resolves strictly and
//! formats back to the same SAN; every legal move of the positions reached goes through SAN,
//! LAN and UCI and parses back to itself: in every 8th game by default, in every game with
//! `SCORESHEET_FULL_TESTS=1` (over 5 million moves, the longest part).

use scoresheet::lan::Lan;
use scoresheet::san::{San, SanPlus};
use scoresheet::uci::UciMove;
use scoresheet::{Move, Position};

use crate::support::{clean_games, read, stride};

fn assert_round_trips(pos: &Position, mv: Move) {
    let san = SanPlus::from_move(pos, mv).to_string();
    let back = SanPlus::from_ascii(san.as_bytes()).expect("own san parses strictly");
    assert_eq!(back.to_move_strict(pos), Ok(mv), "san {san}");
    // `resolve` gives the move and its canonical SAN, from the canonical SAN and from one
    // naming the whole origin square (`Ng1f3`).
    assert_eq!(back.san.resolve(pos), Ok((mv, back.san)), "resolve {san}");
    if let San::Normal {
        role,
        capture,
        to,
        promotion,
        ..
    } = back.san
    {
        let full = San::Normal {
            role,
            file: Some(mv.from().file()),
            rank: Some(mv.from().rank()),
            capture,
            to,
            promotion,
        };
        assert_eq!(full.resolve(pos), Ok((mv, back.san)), "resolve {full}");
    }
    let lan = Lan::from_move(pos, mv).to_string();
    let back = Lan::from_ascii(lan.as_bytes()).expect("own lan parses");
    assert_eq!(back.to_move(pos), Ok(mv), "lan {lan}");
    let uci = UciMove::from_move(pos, mv).to_string();
    let back = UciMove::from_ascii(uci.as_bytes()).expect("own uci parses");
    assert_eq!(back.to_move(pos), Ok(mv), "uci {uci}");
}

#[test]
fn ok_real_games_round_trip() {
    let games = clean_games(&read("real_clean.pgn"));
    assert_eq!(games.len(), 3_970);
    let every = stride(8);
    let (mut positions, mut plies, mut moves_checked) = (0usize, 0usize, 0usize);
    for (index, game) in games.iter().enumerate() {
        let mut pos = game.start();
        for token in &game.moves {
            if index % every == 0 {
                let legal = pos.legal_moves();
                for &mv in &legal {
                    assert_round_trips(&pos, mv);
                }
                moves_checked += legal.len();
            }
            positions += 1;
            let written = SanPlus::from_ascii(token.as_bytes())
                .unwrap_or_else(|e| panic!("game {index}: {token}: {e}"));
            let mv = written
                .to_move_strict(&pos)
                .unwrap_or_else(|e| panic!("game {index}: {token}: {e}"));
            assert_eq!(
                SanPlus::from_move(&pos, mv).to_string(),
                *token,
                "game {index}"
            );
            assert_eq!(San::from_move(&pos, mv), written.san);
            pos.play(mv).expect("resolved move is legal");
            plies += 1;
        }
    }
    // 332,315 plies according to the corpus README (shared/data/README.md).
    assert_eq!(plies, 332_315);
    assert!(positions >= 100_000);
    // Over 5 million in all; a sample of every `every`th game, about its share.
    assert!(
        moves_checked * every > 4_500_000,
        "{moves_checked} (every {every}th game)"
    );
}
