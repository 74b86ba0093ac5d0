//! Integration tests of the scoresheet library, over the shared vectors in `tests/data/`.

mod bad_inputs;
mod cnp;
mod fen_lists;
mod perft;
mod round_trip;
mod support;
