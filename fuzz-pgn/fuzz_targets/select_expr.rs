//! Fuzz target `select_expr`: arbitrary bytes read as a tag expression by
//! `scoresheet_pgn::select::TagExpr` must not panic; a valid expression prints as text that
//! reads back equal.
//!
//! Usage: `cargo +nightly fuzz run --fuzz-dir fuzz-pgn select_expr -- -max_total_time=120`
//! from the repository root. The corpus is replayed by
//! `crates/scoresheet-pgn/tests/integration/fuzz_replay.rs`.

#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../common/select_expr.rs"]
mod select_expr;

fuzz_target!(|data: &[u8]| {
    select_expr::check(data);
});
