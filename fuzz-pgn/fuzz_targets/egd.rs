//! Fuzz target `egd`: arbitrary bytes converted to EGD by `JsonVisitor` and `EgdVisitor` must
//! not panic, the JSON must be well formed (one object per converted game) and agree with the
//! records, and emptying the output between games must not change it.
//!
//! Usage: `cargo +nightly fuzz run --fuzz-dir fuzz-pgn egd -- -max_total_time=120` from the
//! repository root. The corpus is replayed by
//! `crates/scoresheet-pgn/tests/integration/fuzz_replay.rs`.

#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../common/egd.rs"]
mod egd;

fuzz_target!(|data: &[u8]| {
    egd::check(data);
});
