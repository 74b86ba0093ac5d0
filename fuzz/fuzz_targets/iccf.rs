//! Fuzz target: the iccf parsers never panic and what they print parses back to the same value.
#![no_main]

#[path = "../../crates/scoresheet/tests/integration/fuzz_checks.rs"]
mod fuzz_checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzz_checks::iccf(data));
