//! Fuzz target: the descriptive parsers never panic, what they print parses back to the same
//! value, and a move read in the start position is written back in a form that reads as it.
#![no_main]

#[path = "../../crates/scoresheet/tests/integration/fuzz_checks.rs"]
mod fuzz_checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzz_checks::descriptive(data));
