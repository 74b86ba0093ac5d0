//! Fuzz target `threads`: arbitrary bytes read by one reader and by the parallel reader (1 to 3
//! threads, chunks of 1 byte to 4 KiB, picked by the first byte) must give the same games, the
//! same oddities and the same errors.
//!
//! Usage: `cargo +nightly fuzz run --fuzz-dir fuzz-pgn threads -- -max_total_time=120` from the
//! repository root. The corpus is replayed by
//! `crates/scoresheet-pgn/tests/integration/threads_agree.rs`.

#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../common/threads.rs"]
mod threads;

fuzz_target!(|data: &[u8]| {
    threads::check(data);
});
