//! Replays the fuzz corpora (`fuzz/corpus/<target>/`) through the fuzz targets' checks, so
//! every input the fuzzers kept is a stable regression test.

use std::path::PathBuf;

use crate::fuzz_checks;

fn replay(target: &str, check: fn(&[u8])) -> usize {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/corpus")
        .join(target);
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).expect("fuzz corpus directory exists") {
        let path = entry.expect("readable corpus entry").path();
        check(&std::fs::read(&path).expect("readable corpus file"));
        count += 1;
    }
    count
}

#[test]
fn ok_corpora_replay() {
    assert!(replay("san", fuzz_checks::san) >= 30);
    assert!(replay("lan", fuzz_checks::lan) >= 5);
    assert!(replay("uci", fuzz_checks::uci) >= 10);
    assert!(replay("fen", fuzz_checks::fen) >= 20);
    assert!(replay("figurine", fuzz_checks::figurine) >= 10);
    assert!(replay("localized", fuzz_checks::localized) >= 10);
    assert!(replay("iccf", fuzz_checks::iccf) >= 10);
    assert!(replay("smith", fuzz_checks::smith) >= 10);
    assert!(replay("descriptive", fuzz_checks::descriptive) >= 10);
    assert!(replay("quantum_recirq", fuzz_checks::quantum_recirq) >= 10);
}

/// The ReCirq corpus, each seed with every byte replaced by, and followed by, each byte of an
/// alphabet of the notation's characters (as the descriptive sweep below).
#[test]
fn ok_quantum_recirq_corpus_mutations() {
    const ALPHABET: &[u8] = b"abch1238^.m0:_JUMPSLIDEBASICXq\x00 ";
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus/quantum_recirq");
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).expect("fuzz corpus directory exists") {
        let seed = std::fs::read(entry.expect("entry").path()).expect("corpus file");
        for at in 0..=seed.len() {
            for &b in ALPHABET {
                let mut replaced = seed.clone();
                if at < seed.len() {
                    replaced[at] = b;
                    fuzz_checks::quantum_recirq(&replaced);
                }
                let mut inserted = seed.clone();
                inserted.insert(at, b);
                fuzz_checks::quantum_recirq(&inserted);
                count += 2;
            }
        }
    }
    assert!(count > 1000, "{count}");
}

/// The descriptive corpus, each seed with every byte replaced by, and followed by, each byte of
/// an alphabet of the notation's characters: a stable sweep of the fuzz target's properties
/// around the seeds (a few thousand inputs).
#[test]
fn ok_descriptive_corpus_mutations() {
    const ALPHABET: &[u8] = b"PNBRQKt-x()=/.,+# 0123456789echpmaSsqQ\x00";
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus/descriptive");
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).expect("fuzz corpus directory exists") {
        let seed = std::fs::read(entry.expect("entry").path()).expect("corpus file");
        for at in 0..=seed.len() {
            for &b in ALPHABET {
                let mut replaced = seed.clone();
                if at < seed.len() {
                    replaced[at] = b;
                    fuzz_checks::descriptive(&replaced);
                }
                let mut inserted = seed.clone();
                inserted.insert(at, b);
                fuzz_checks::descriptive(&inserted);
                count += 2;
            }
        }
    }
    assert!(count > 1000, "{count}");
}
