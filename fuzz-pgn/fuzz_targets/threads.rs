//! Fuzz target `threads`: arbitrary bytes read by one reader and by the parallel reader (1 to 3
//! threads, chunks of 1 byte to 4 KiB and of 1 or 3 games or any number, picked by the first
//! byte) must give the same games, the same oddities and the same errors.
//!
//! Usage: `LSAN_OPTIONS=suppressions=fuzz-pgn/lsan-suppressions.txt cargo +nightly fuzz run
//! --fuzz-dir fuzz-pgn threads -- -max_total_time=120` from the repository root. The corpus is
//! replayed by `crates/scoresheet-pgn/tests/integration/threads_agree.rs`.

#![no_main]

use std::time::{Duration, Instant};

use libfuzzer_sys::fuzz_target;

#[path = "../common/threads.rs"]
mod threads;

/// The threads of this process (Linux: the entries of /proc/self/task), or 0 where unknown.
fn live_threads() -> usize {
    std::fs::read_dir("/proc/self/task").map_or(0, |dir| dir.count())
}

fuzz_target!(|data: &[u8]| {
    let before = live_threads();
    threads::check(data);
    // The parallel reader's scoped threads are waited for until their closures end, not until
    // they exit: their thread-local destructors and std's last frees of the thread (its
    // handle, its boxed closure, the scope's data) can come after `check` returns. libFuzzer
    // counts mallocs and frees during this call and runs LeakSanitizer when they differ,
    // which then reported those blocks as leaked (about once in 10,000 runs). Waiting here
    // until the threads have exited (at most 10 s) keeps the count to this input's own.
    let start = Instant::now();
    while live_threads() > before && start.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_micros(50));
    }
});
