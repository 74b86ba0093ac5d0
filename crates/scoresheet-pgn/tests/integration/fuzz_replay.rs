//! Replays the corpora of the fuzz targets through the same checks as the fuzzer:
//! `fuzz-pgn/corpus/read/` with `fuzz-pgn/common/read.rs` (no panic, bounded buffer, games in
//! are games returned), `fuzz-pgn/corpus/egd/` with `fuzz-pgn/common/egd.rs` (EGD JSON well
//! formed, in agreement with the records, unchanged by emptying the output between games),
//! `fuzz-pgn/corpus/comment/` with `fuzz-pgn/common/comment.rs` (comment commands: text and
//! commands account for the comment, values re-render to themselves),
//! `fuzz-pgn/corpus/select_expr/` with `fuzz-pgn/common/select_expr.rs` (tag expressions: no
//! panic, printed and read back equal), and
//! `fuzz-pgn/corpus/threads/` (and the `read` and `egd` corpora) with
//! `fuzz-pgn/common/threads.rs` (one reader and the parallel reader agree).

use std::fs;
use std::path::PathBuf;

use crate::common::data_dir;

#[path = "../../../../fuzz-pgn/common/read.rs"]
pub(crate) mod read;

#[path = "../../../../fuzz-pgn/common/egd.rs"]
mod egd_check;

#[path = "../../../../fuzz-pgn/common/comment.rs"]
pub(crate) mod comment_check;

#[path = "../../../../fuzz-pgn/common/select_expr.rs"]
mod select_expr_check;
#[path = "../../../../fuzz-pgn/common/threads.rs"]
pub(crate) mod threads_check;

/// The files of a corpus, sorted; at least `min` of them.
fn corpus(name: &str, min: usize) -> Vec<PathBuf> {
    let corpus = data_dir().join("../../../../fuzz-pgn/corpus").join(name);
    let mut files: Vec<_> = fs::read_dir(&corpus)
        .expect("fuzz corpus present")
        .map(|entry| entry.expect("readable corpus directory").path())
        .collect();
    files.sort();
    assert!(files.len() >= min, "{name}: {} corpus files", files.len());
    files
}

/// Runs `check` on every file of a corpus; fails naming every file that panics.
fn replay(name: &str, min: usize, check: fn(&[u8])) {
    let mut failed = Vec::new();
    for file in corpus(name, min) {
        let data = fs::read(&file).expect("readable corpus file");
        if std::panic::catch_unwind(|| check(&data)).is_err() {
            failed.push(file.display().to_string());
        }
    }
    assert!(failed.is_empty(), "{name}: {failed:#?}");
}

#[test]
fn ok_fuzz_corpus_replays() {
    replay("read", 50, read::check);
}

#[test]
fn ok_fuzz_egd_corpus_replays() {
    replay("egd", 20, egd_check::check);
}

#[test]
fn ok_fuzz_comment_corpus_replays() {
    replay("comment", 20, comment_check::check);
}

#[test]
fn ok_fuzz_select_expr_corpus_replays() {
    replay("select_expr", 50, select_expr_check::check);
}

#[test]
fn ok_fuzz_threads_corpus_replays() {
    replay("threads", 10, threads_check::check);
}

/// The PGN corpora of the other targets, through the `threads` check.
#[test]
fn ok_fuzz_read_and_egd_corpora_agree_across_threads() {
    replay("read", 50, threads_check::check);
    replay("egd", 20, threads_check::check);
}
