//! The cozy-chess FEN validity lists, classified exactly (Shredder-FEN, Chess960 castling).

use scoresheet::{CastlingMode, EnPassantMode, Position};

use crate::support::read;

fn load(fen: &str) -> Result<Position, scoresheet::FenError> {
    Position::from_fen(fen, CastlingMode::Chess960)
}

#[test]
fn ok_valid_list_parses_and_round_trips() {
    let text = read("cozy-chess__valid.sfens");
    let mut count = 0;
    for fen in text.lines() {
        let pos = load(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(
            pos.fen(EnPassantMode::Always),
            fen,
            "shredder fen round trip"
        );
        count += 1;
    }
    assert_eq!(count, 10_000);
}

#[test]
fn ok_chess960_start_positions() {
    let text = read("cozy-chess__chess960_start_positions.sfens");
    let mut count = 0;
    for fen in text.lines() {
        let pos = load(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(pos.fen(EnPassantMode::Always), fen);
        count += 1;
    }
    assert_eq!(count, 960);
}

#[test]
fn err_invalid_list_rejected_with_reason() {
    let text = read("cozy-chess__invalid.sfens");
    let mut count = 0;
    for fen in text.lines() {
        match load(fen) {
            Ok(_) => panic!("accepted invalid fen {fen}"),
            Err(e) => assert!(!e.to_string().is_empty()),
        }
        count += 1;
    }
    assert_eq!(count, 9_992);
}

/// One `FenWriter` through every valid position that loads as standard chess, one after the
/// other (unrelated boards: every rank may change): always the text of `Position::fen`.
#[test]
fn ok_fen_writer_matches_fen() {
    let text = read("cozy-chess__valid.sfens");
    let mut writer = scoresheet::FenWriter::new();
    let mut standard = 0;
    for fen in text.lines() {
        let Ok(pos) = Position::from_fen(fen, CastlingMode::Standard) else {
            continue;
        };
        for ep in [EnPassantMode::Always, EnPassantMode::Legal] {
            let mut out = Vec::new();
            writer.write(&pos, ep, &mut out);
            assert_eq!(String::from_utf8_lossy(&out), pos.fen(ep), "{fen}");
        }
        standard += 1;
    }
    assert!(
        standard > 5_000,
        "{standard} positions load as standard chess"
    );
}
