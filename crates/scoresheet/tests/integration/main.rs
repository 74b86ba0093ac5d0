//! Integration tests of the scoresheet library, over the shared vectors in `tests/data/`.

mod bad_inputs;
mod cnp;
mod descriptive;
mod docs;
mod eran;
mod fen_lists;
mod fuzz_checks;
mod fuzz_corpus;
mod fuzz_replay;
mod localized;
mod notation_round_trip;
mod perft;
mod polyglot;
mod quantum;
mod quantum_recirq;
mod round_trip;
mod support;
mod vocab;
