//! Replays the SAN mainlines of a PGN file without comments or variations (such as
//! `real_clean.pgn`): read the file, split the movetext, resolve each SAN against the
//! position, play it. Prints the median of RUNS timed runs, in the peer harness's format, so
//! `scripts/bench-core.sh` can compare it with shakmaty's `peers pgn play`.
//!
//! Usage: `cargo run --release -p scoresheet --example replay -- FILE RUNS`

use std::time::Instant;

use scoresheet::san::SanPlus;
use scoresheet::{CastlingMode, Position};

fn replay(text: &[u8]) -> (u64, u64) {
    let (mut games, mut plies) = (0u64, 0u64);
    let mut pos = Position::new();
    for line in text.split(|b| *b == b'\n') {
        if line.starts_with(b"[Event ") {
            games += 1;
            pos = Position::new();
        } else if let Some(fen) = line.strip_prefix(b"[FEN \"") {
            let fen = String::from_utf8_lossy(fen.strip_suffix(b"\"]").unwrap_or(fen));
            pos = Position::from_fen(&fen, CastlingMode::Standard).unwrap_or_default();
        } else if !line.starts_with(b"[") {
            for token in line.split(|b| *b == b' ').filter(|t| !t.is_empty()) {
                let Ok(san) = SanPlus::from_ascii(token) else {
                    continue;
                };
                if let Ok(mv) = san.san.to_move(&pos) {
                    pos.play_unchecked(mv);
                    plies += 1;
                }
            }
        }
    }
    (games, plies)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("usage: replay FILE RUNS");
    let runs: usize = args.next().and_then(|r| r.parse().ok()).unwrap_or(5);
    let text = std::fs::read(&path).expect("readable PGN file");
    let mut times = Vec::new();
    let mut counts = (0, 0);
    for _ in 0..runs {
        let start = Instant::now();
        counts = replay(&text);
        times.push(start.elapsed().as_secs_f64());
    }
    times.sort_by(f64::total_cmp);
    let median = times[times.len() / 2];
    println!(
        "scoresheet mode=play games={} plies={} median={median:.4}s",
        counts.0, counts.1
    );
}
