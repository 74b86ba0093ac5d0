//! Fuzz target `read`: arbitrary bytes through the PGN reader (and each game through the
//! writer) must not panic, and the reader's buffer must stay bounded.
//!
//! Usage: `cargo +nightly fuzz run --fuzz-dir fuzz-pgn read -- -max_total_time=120` from the
//! repository root. The corpus is replayed by
//! `crates/scoresheet-pgn/tests/integration/fuzz_replay.rs`.

#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../common/read.rs"]
mod read;

fuzz_target!(|data: &[u8]| {
    read::check(data);
});
