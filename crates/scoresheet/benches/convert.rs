//! Criterion benchmark of `convert`'s work into and out of each notation of issue 13, next to
//! SAN: every mainline ply of the first 500 games of `real_clean.pgn`, read in one notation
//! and resolved in its position, then written in the other, through [`Notation`] as the CLI
//! does (`into/<notation>`: SAN read, the notation written; `out/<notation>`: the notation
//! read, SAN written; `san` alone: SAN to SAN, the baseline).
//!
//! Run: `cargo bench -p scoresheet --bench convert`; `scripts/bench-convert.sh` runs it and
//! prints each time as a ratio to SAN's.

// criterion_group! generates undocumented functions.
#![allow(missing_docs)]

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use scoresheet::localized::Lang;
use scoresheet::notation::Notation;
use scoresheet::{Move, Position};

mod common;
use common::plies;

/// The notations compared with SAN, by name.
fn notations() -> Vec<(&'static str, Notation)> {
    let localized = |code| {
        let lang = Lang::from_code(code).expect("a code of the table");
        Notation::San
            .with_lang(lang)
            .expect("SAN has piece letters")
    };
    vec![
        ("figurine", "figurine".parse().expect("a notation")),
        ("san-de", localized("de")),
        ("san-ru", localized("ru")),
        ("san-zh", localized("zh")),
        ("iccf", Notation::Iccf),
        ("smith", Notation::Smith),
        ("descriptive", Notation::Descriptive),
    ]
}

/// Reads every text in `from` (leniently, as `convert` does) and writes the move in `to`;
/// the bytes written.
fn convert(plies: &[(Position, Move)], texts: &[String], from: Notation, to: Notation) -> usize {
    let mut out = String::with_capacity(32);
    let mut bytes = 0;
    for ((pos, _), text) in plies.iter().zip(texts) {
        let mv = from
            .parse_move(pos, text.as_bytes())
            .expect("every move converts");
        out.clear();
        to.write_move(pos, mv, &mut out).expect("String write");
        bytes += out.len();
    }
    bytes
}

fn bench(c: &mut Criterion) {
    let plies = plies();
    let written =
        |n: Notation| -> Vec<String> { plies.iter().map(|(p, m)| n.format_move(p, *m)).collect() };
    let san = written(Notation::San);
    let mut group = c.benchmark_group("convert");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    group.bench_function("san", |b| {
        b.iter(|| black_box(convert(&plies, &san, Notation::San, Notation::San)))
    });
    for (name, notation) in notations() {
        let texts = written(notation);
        group.bench_function(format!("into/{name}"), |b| {
            b.iter(|| black_box(convert(&plies, &san, Notation::San, notation)))
        });
        group.bench_function(format!("out/{name}"), |b| {
            b.iter(|| black_box(convert(&plies, &texts, notation, Notation::San)))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
