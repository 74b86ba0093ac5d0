//! Witness generation for whole vocabularies (issue 5): every string gets a verified legal
//! position. Run with `cargo bench -p scoresheet --bench vocab`.

// criterion_group! generates undocumented functions.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};
use scoresheet::vocab::Vocabulary;

fn witnesses(c: &mut Criterion) {
    let mut group = c.benchmark_group("vocab_witnesses");
    group.sample_size(10);
    for v in [
        Vocabulary::San,
        Vocabulary::SanWithSymbols,
        Vocabulary::Uci,
        Vocabulary::Lan,
    ] {
        // Build the table outside the measurement.
        let _ = v.len();
        group.bench_function(v.name(), |b| {
            b.iter(|| v.strings().filter(|s| v.witness(s).is_some()).count())
        });
    }
    group.finish();
}

criterion_group!(benches, witnesses);
criterion_main!(benches);
