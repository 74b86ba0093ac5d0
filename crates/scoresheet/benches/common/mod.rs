//! What the notation benchmarks share: the positions and moves they run over.

use scoresheet::san::SanPlus;
use scoresheet::{CastlingMode, Move, Position};

/// (position, move) of every mainline ply of the first 500 games.
pub fn plies() -> Vec<(Position, Move)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/real_clean.pgn");
    let text = std::fs::read_to_string(path).expect("tests/data/real_clean.pgn");
    let mut out = Vec::new();
    let mut pos = Position::new();
    let mut games = 0;
    for line in text.lines() {
        if let Some(fen) = line.strip_prefix("[FEN \"") {
            let fen = fen.trim_end_matches("\"]");
            pos = Position::from_fen(fen, CastlingMode::Standard).expect("FEN tag");
        } else if line.starts_with("[Event ") {
            games += 1;
            if games > 500 {
                break;
            }
            pos = Position::new();
        } else if !line.starts_with('[') {
            for token in line.split_whitespace() {
                let Ok(san) = SanPlus::from_ascii(token.as_bytes()) else {
                    continue;
                };
                let Ok(mv) = san.san.to_move(&pos) else {
                    continue;
                };
                out.push((pos.clone(), mv));
                pos.play_unchecked(mv);
            }
        }
    }
    out
}
