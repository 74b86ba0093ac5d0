//! Fuzz target `comment`: arbitrary bytes read as a PGN comment by
//! `scoresheet_pgn::annotation::parse_comment` must not panic; the text and the commands
//! account for the whole comment, the text holds no recognised command, and the values
//! re-rendered parse back to themselves.
//!
//! Usage: `cargo +nightly fuzz run --fuzz-dir fuzz-pgn comment -- -max_total_time=120` from
//! the repository root. The corpus is replayed by
//! `crates/scoresheet-pgn/tests/integration/fuzz_replay.rs`.

#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../common/comment.rs"]
mod comment;

fuzz_target!(|data: &[u8]| {
    comment::check(data);
});
