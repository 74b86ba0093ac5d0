//! Criterion benchmarks of parsing and formatting each notation of issue 13 next to SAN: the
//! mainline moves of the first 500 games of `real_clean.pgn`, formatted from moves
//! (`format/<notation>`) and parsed from the formatted strings (`parse/<notation>`, syntax only).
//!
//! Run: `cargo bench -p scoresheet --bench notations`.

// criterion_group! generates undocumented functions.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use scoresheet::figurine::{FigurineSan, GlyphChoice};
use scoresheet::iccf::IccfMove;
use scoresheet::localized::{Lang, LocalizedSan};
use scoresheet::san::SanPlus;
use scoresheet::smith::SmithMove;
use scoresheet::{Move, Position};

mod common;
use common::plies;

type Format = Box<dyn Fn(&Position, Move) -> String>;
type Parse = Box<dyn Fn(&[u8]) -> bool>;

/// The language of a code in the table.
fn lang(code: &str) -> Lang {
    Lang::from_code(code).expect("a code of the table")
}

/// Each notation's writer and (strict) reader. The languages are looked up once, here, not
/// in the measured loop.
fn notations() -> [(&'static str, Format, Parse); 6] {
    let (de, ru) = (lang("de"), lang("ru"));
    [
        (
            "san",
            Box::new(|p, m| SanPlus::from_move(p, m).to_string()),
            Box::new(|b| SanPlus::from_ascii(b).is_ok()),
        ),
        (
            "figurine",
            Box::new(|p, m| FigurineSan::from_move(p, m, GlyphChoice::White).to_string()),
            Box::new(|b| FigurineSan::from_ascii(b).is_ok()),
        ),
        (
            "san-de",
            Box::new(move |p, m| LocalizedSan::from_move(p, m, de).to_string()),
            Box::new(move |b| LocalizedSan::from_ascii(de, b).is_ok()),
        ),
        (
            "san-ru",
            Box::new(move |p, m| LocalizedSan::from_move(p, m, ru).to_string()),
            Box::new(move |b| LocalizedSan::from_ascii(ru, b).is_ok()),
        ),
        (
            "iccf",
            Box::new(|_, m| IccfMove::from_move(m).to_string()),
            Box::new(|b| IccfMove::from_ascii(b).is_ok()),
        ),
        (
            "smith",
            Box::new(|_, m| SmithMove::from_move(m).to_string()),
            Box::new(|b| SmithMove::from_ascii(b).is_ok()),
        ),
    ]
}

fn bench(c: &mut Criterion) {
    let plies = plies();
    let mut group = c.benchmark_group("notations");
    group.sample_size(10);
    for (name, format, parse) in notations() {
        group.bench_function(format!("format/{name}"), |b| {
            b.iter(|| {
                let mut bytes = 0;
                for (pos, mv) in &plies {
                    bytes += format(black_box(pos), *mv).len();
                }
                black_box(bytes)
            })
        });
        let texts: Vec<String> = plies.iter().map(|(p, m)| format(p, *m)).collect();
        assert!(
            texts.iter().all(|t| parse(t.as_bytes())),
            "{name} reads its own output"
        );
        group.bench_function(format!("parse/{name}"), |b| {
            b.iter(|| {
                texts
                    .iter()
                    .filter(|t| parse(black_box(t.as_bytes())))
                    .count()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
