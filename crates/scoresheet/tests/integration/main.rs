//! Integration tests of the scoresheet library, over the shared vectors in `tests/data/`.

mod bad_inputs;
mod fen_lists;
mod fuzz_checks;
mod fuzz_replay;
mod perft;
mod round_trip;
mod support;
mod vocab;
