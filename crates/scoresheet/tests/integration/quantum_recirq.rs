//! ReCirq's quantum chess notation (`quantum-recirq`) against every move string of ReCirq's
//! tests (`tests/data/quantum_recirq/recirq_test_moves.tsv`), and every legal move of the
//! positions of `real_clean.pgn` written, read back and carried through the `quantum` dialect.

use scoresheet::quantum::QuantumMove;
use scoresheet::quantum_recirq::{RecirqMove, RecirqSquares};
use scoresheet::san::SanPlus;
use scoresheet::{Move, Position};

use crate::support::{clean_games, read, stride};

/// Each string as written parses strictly, is written in its canonical spelling, converts to
/// the `quantum` dialect's spelling; splits and merges come back from it without a board.
#[test]
fn ok_every_recirq_test_string() {
    let data = read("quantum_recirq/recirq_test_moves.tsv");
    let mut count = 0;
    for line in data.lines().filter(|l| !l.starts_with('#')) {
        let cols: Vec<&str> = line.split('\t').collect();
        let [file, number, written, canonical, quantum] = cols[..] else {
            panic!("five columns: {line}");
        };
        let at = format!("{file}:{number} {written}");
        let r = RecirqMove::from_ascii(written.as_bytes()).unwrap_or_else(|e| panic!("{at}: {e}"));
        assert_eq!(r.to_string(), canonical, "{at}");
        assert_eq!(canonical.parse::<RecirqMove>(), Ok(r), "{at}");
        assert_eq!(RecirqMove::from_ascii_lenient(written.as_bytes()), Ok(r));
        let q = r.to_quantum();
        assert_eq!(q.to_string(), quantum, "{at}");
        assert_eq!(quantum.parse::<QuantumMove>(), Ok(q), "{at}");
        if !matches!(r.squares, RecirqSquares::Standard { .. }) {
            let back = RecirqMove::from_quantum(&q).unwrap_or_else(|e| panic!("{at}: {e}"));
            assert_eq!(back.to_quantum(), q, "{at}");
            assert_eq!(
                (back.squares, back.measurement),
                (r.squares, r.measurement),
                "{at}"
            );
        }
        count += 1;
    }
    assert_eq!(count, 185);
}

/// Written by `from_move`, read strictly and leniently; through the `quantum` dialect and back.
fn assert_round_trips(pos: &Position, mv: Move) {
    let written = RecirqMove::from_move(pos, mv);
    let text = written.to_string();
    let strict = RecirqMove::from_ascii(text.as_bytes()).expect("own ReCirq move parses");
    assert_eq!(strict, written, "{text}");
    assert_eq!(strict.to_move_strict(pos), Ok(mv), "{text}");
    assert_eq!(strict.to_move(pos), Ok(mv), "{text}");
    let quantum = written.to_quantum();
    // En passant is `BASIC` in ReCirq (its target is empty), a capture (`x`) in `quantum`.
    if !mv.is_en_passant() {
        assert_eq!(quantum, QuantumMove::from_move(pos, mv), "{text}");
    }
    assert_eq!(quantum.to_move(pos), Ok(mv), "{text}");
    assert_eq!(RecirqMove::from_quantum_in(pos, &quantum), Ok(written));
}

/// Every legal move of every position of `real_clean.pgn`'s games: of every 8th game by
/// default, of every game with `SCORESHEET_FULL_TESTS=1` (every game is played either way).
#[test]
fn ok_every_legal_move_of_real_clean_round_trips() {
    let games = clean_games(&read("real_clean.pgn"));
    let every = stride(8);
    let (mut positions, mut moves) = (0, 0);
    for (index, game) in games.iter().enumerate() {
        let mut pos = game.start();
        for token in &game.moves {
            if index % every == 0 {
                let legal = pos.legal_moves();
                for &mv in &legal {
                    assert_round_trips(&pos, mv);
                }
                moves += legal.len();
            }
            positions += 1;
            let san = SanPlus::from_ascii(token.as_bytes())
                .unwrap_or_else(|e| panic!("game {index}: {token}: {e}"));
            let mv = san
                .san
                .to_move(&pos)
                .unwrap_or_else(|e| panic!("game {index}: {token}: {e}"));
            pos.play(mv).expect("resolved move is legal");
        }
    }
    assert_eq!(positions, 332_315);
    // Over 5 million in all; a sample of every `every`th game, about its share.
    assert!(moves * every > 4_500_000, "{moves} (every {every}th game)");
}
