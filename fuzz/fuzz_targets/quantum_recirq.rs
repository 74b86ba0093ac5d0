//! Fuzz target: the ReCirq quantum chess parsers never panic, what they print parses back to
//! the same value, and the `quantum` dialect reads what they convert to.
#![no_main]

#[path = "../../crates/scoresheet/tests/integration/fuzz_checks.rs"]
mod fuzz_checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzz_checks::quantum_recirq(data));
