//! Parse-only throughput of the PGN reader on a real-world corpus.
//!
//! The corpus path comes from `SCORESHEET_BENCH_PGN`, by default the shared `real.pgn`
//! (`../../../shared/data/pgn/real.pgn` from the crate directory). Without it the benchmark is
//! skipped. Usage: `cargo bench -p scoresheet-pgn --bench read`.

// criterion_group! generates an undocumented public function.
#![allow(missing_docs)]

mod common;

use std::{hint::black_box, ops::ControlFlow};

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use scoresheet_pgn::{Location, RawToken, Reader, Skip, Visitor};

/// Counts mainline move tokens and skips variations, like the peer harness's parse mode.
struct Count(u64);

impl Visitor for Count {
    type Tags = ();
    type Movetext = ();
    type Output = ();

    fn begin_game(&mut self, _at: Location) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, _tags: (), _at: Location) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    fn san(&mut self, _: &mut (), san: RawToken<'_>) -> ControlFlow<()> {
        self.0 += san.as_bytes().len() as u64;
        ControlFlow::Continue(())
    }
    fn begin_variation(&mut self, _: &mut (), _at: Location) -> ControlFlow<(), Skip> {
        ControlFlow::Continue(Skip(true))
    }
    fn end_game(&mut self, _: ()) {}
}

fn read(c: &mut Criterion) {
    let Some(bytes) = common::corpus() else {
        return;
    };
    let mut group = c.benchmark_group("read");
    group.throughput(Throughput::Bytes(bytes.len() as u64));
    group.sample_size(20);
    group.bench_function("parse_skip_variations", |b| {
        b.iter(|| {
            let mut count = Count(0);
            let mut reader = Reader::new(black_box(&bytes[..]));
            while let Ok(Some(())) = reader.read_game(&mut count) {}
            count.0
        })
    });
    group.finish();
}

criterion_group!(benches, read);
criterion_main!(benches);
