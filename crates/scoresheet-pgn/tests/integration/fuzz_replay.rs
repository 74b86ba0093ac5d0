//! Replays the corpus of the `read` fuzz target (`fuzz-pgn/corpus/read/`) through the same
//! check as the fuzzer (`fuzz-pgn/common/read.rs`): no panic, bounded buffer.

use std::fs;

use crate::common::data_dir;

#[path = "../../../../fuzz-pgn/common/read.rs"]
mod read;

#[test]
fn ok_fuzz_corpus_replays() {
    let corpus = data_dir().join("../../../../fuzz-pgn/corpus/read");
    let mut files: Vec<_> = fs::read_dir(&corpus)
        .expect("fuzz corpus present")
        .map(|entry| entry.expect("readable corpus directory").path())
        .collect();
    files.sort();
    assert!(files.len() >= 50, "{} corpus files", files.len());
    for file in files {
        let data = fs::read(&file).expect("readable corpus file");
        let outcome = std::panic::catch_unwind(|| read::check(&data));
        assert!(outcome.is_ok(), "{}", file.display());
    }
}
