//! EGD conversion throughput (PGN to JSON Lines, as `scoresheet egd` does on one thread) on a
//! real-world corpus, base and extended.
//!
//! The corpus path comes from `SCORESHEET_BENCH_PGN`, by default the shared `real.pgn`
//! (`../../../shared/data/pgn/real.pgn` from the crate directory). Without it the benchmark is
//! skipped. Usage: `cargo bench -p scoresheet-pgn --bench egd`. `scripts/bench-egd.sh` compares
//! the whole command with the peers.

// criterion_group! generates an undocumented public function.
#![allow(missing_docs)]

mod common;

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use scoresheet_pgn::egd::{EgdOptions, JsonVisitor};
use scoresheet_pgn::Reader;

/// Converts every game, emptying the output every 64 KiB as the command does; the JSON bytes.
fn convert(bytes: &[u8], options: EgdOptions) -> usize {
    let mut reader = Reader::new(bytes);
    let mut visitor = JsonVisitor::new(options);
    let mut written = 0;
    while let Ok(Some(game)) = reader.read_game(&mut visitor) {
        black_box(game.is_ok());
        if visitor.output().len() >= 1 << 16 {
            written += black_box(visitor.output()).len();
            visitor.clear_output();
        }
    }
    written + visitor.output().len()
}

fn egd(c: &mut Criterion) {
    let Some(bytes) = common::corpus() else {
        return;
    };
    let mut group = c.benchmark_group("egd");
    group.throughput(Throughput::Bytes(bytes.len() as u64));
    group.sample_size(10);
    for (name, options) in [
        ("json", EgdOptions::new()),
        ("json_extended", EgdOptions::new().extended(true)),
    ] {
        group.bench_function(name, |b| b.iter(|| convert(black_box(&bytes), options)));
    }
    group.finish();
}

criterion_group!(benches, egd);
criterion_main!(benches);
