//! Integration tests of the PGN reader, one module per theme. Test data is in `tests/data/`
//! (sources in `tests/data/SOURCES.md`).

mod bad_inputs;
mod boundaries;
mod comment_commands;
mod common;
mod counts;
mod egd;
mod egd_bad_inputs;
mod encoding;
mod feed;
mod fuzz_replay;
mod no_panic;
mod parallel;
mod pull;
mod select;
mod stress;
mod threads_agree;
mod writer_round_trip;
