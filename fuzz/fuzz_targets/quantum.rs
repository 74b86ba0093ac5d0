//! Fuzz target: quantum notation parsing never panics and round-trips (see `../check.rs`).
#![no_main]

#[allow(dead_code)] // each target uses one of the checks
#[path = "../check.rs"]
mod check;

libfuzzer_sys::fuzz_target!(|data: &[u8]| check::quantum(data));
