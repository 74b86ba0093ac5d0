//! Integration tests of the PGN reader, one module per theme. Test data is in `tests/data/`
//! (sources in `tests/data/SOURCES.md`).

mod bad_inputs;
mod common;
mod counts;
mod egd;
mod encoding;
mod no_panic;
mod stress;
