//! Replays the fuzz corpora (`fuzz/corpus/eran`, `fuzz/corpus/quantum`) through the fuzz
//! targets' own checks (`fuzz/check.rs`): no panic, and print/parse round trips.

use std::path::PathBuf;

#[path = "../../../../fuzz/check.rs"]
mod check;

/// The contents of every file of a corpus directory.
fn corpus(target: &str) -> Vec<(String, Vec<u8>)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/corpus")
        .join(target);
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .expect("fuzz corpus directory exists")
        .map(|entry| {
            let path = entry.expect("readable directory entry").path();
            let name = path.display().to_string();
            (name, std::fs::read(&path).expect("readable corpus file"))
        })
        .collect();
    files.sort();
    files
}

#[test]
fn ok_eran_corpus_replays() {
    let files = corpus("eran");
    assert!(files.len() >= 100, "{}", files.len());
    for (name, data) in files {
        let outcome = std::panic::catch_unwind(|| check::eran(&data));
        assert!(outcome.is_ok(), "{name}");
    }
}

#[test]
fn ok_quantum_corpus_replays() {
    let files = corpus("quantum");
    assert!(files.len() >= 40, "{}", files.len());
    for (name, data) in files {
        let outcome = std::panic::catch_unwind(|| check::quantum(&data));
        assert!(outcome.is_ok(), "{name}");
    }
}
