//! Criterion benchmarks of the core: perft through `scoresheet` against the same loop written
//! directly on cozy-chess, and resolving + playing the SAN mainlines of `real_clean.pgn`.
//!
//! Run: `cargo bench -p scoresheet --bench core`.

// criterion_group! generates undocumented functions.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use scoresheet::san::SanPlus;
use scoresheet::{CastlingMode, Position};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// Perft written directly on cozy-chess, the reference for our wrapper's overhead.
fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
        return nodes;
    }
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            nodes += cozy_perft(&child, depth - 1);
        }
        false
    });
    nodes
}

fn perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (name, fen, depth) in [("startpos", None, 5), ("kiwipete", Some(KIWIPETE), 4)] {
        let pos = match fen {
            Some(f) => Position::from_fen(f, CastlingMode::Standard).expect("bench fen"),
            None => Position::new(),
        };
        group.bench_function(format!("scoresheet/{name}/d{depth}"), |b| {
            b.iter(|| scoresheet::perft::perft(black_box(&pos), depth))
        });
        let board = pos.board().clone();
        group.bench_function(format!("cozy-chess/{name}/d{depth}"), |b| {
            b.iter(|| cozy_perft(black_box(&board), depth))
        });
    }
    group.finish();
}

/// The mainline SAN tokens of each game (the file has no comments or variations).
fn games() -> Vec<(Option<String>, Vec<String>)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/real_clean.pgn");
    let text = std::fs::read_to_string(path).expect("tests/data/real_clean.pgn");
    let mut out: Vec<(Option<String>, Vec<String>)> = vec![(None, Vec::new())];
    for line in text.lines() {
        if let Some(fen) = line.strip_prefix("[FEN \"") {
            out.last_mut().expect("a game").0 = Some(fen.trim_end_matches("\"]").to_owned());
        } else if line.starts_with("[Event ") && !out.last().expect("a game").1.is_empty() {
            out.push((None, Vec::new()));
        } else if !line.starts_with('[') {
            let tokens = line
                .split_whitespace()
                .filter(|t| !t.ends_with('.') && !t.contains('-') || t.starts_with('O'));
            out.last_mut()
                .expect("a game")
                .1
                .extend(tokens.map(str::to_owned));
        }
    }
    out
}

fn replay(c: &mut Criterion) {
    let games = games();
    let starts: Vec<Position> = games
        .iter()
        .map(|(fen, _)| {
            fen.as_deref().map_or_else(Position::new, |f| {
                Position::from_fen(f, CastlingMode::Standard).expect("FEN tag")
            })
        })
        .collect();
    let mut group = c.benchmark_group("replay");
    group.sample_size(10);
    group.bench_function("san-resolve-play/real_clean", |b| {
        b.iter(|| {
            let mut plies = 0u32;
            for ((_, moves), start) in games.iter().zip(&starts) {
                let mut pos = start.clone();
                for token in moves {
                    let Ok(san) = SanPlus::from_ascii(token.as_bytes()) else {
                        break;
                    };
                    let Ok(mv) = san.san.to_move(&pos) else { break };
                    pos.play_unchecked(mv);
                    plies += 1;
                }
            }
            black_box(plies)
        })
    });
    group.finish();
}

criterion_group!(benches, perft, replay);
criterion_main!(benches);
