//! `roundTrip`: every legal move of a list of positions written in each of a list of
//! notations (`Notation::format_move`) and read back (`Notation::parse_move`, as
//! `Position.parse` reads it), in one call: the package's own check that what it writes it
//! reads, run over whole game collections without one JavaScript call per move.
//!
//! The result is JSON: `{positions, moves, checked, failures, examples}`: the positions read,
//! their legal moves, the moves times the notations checked, the round trips that failed,
//! and the first [`EXAMPLES`] of those as `{fen, notation, uci, text, read}` (`read`: the
//! move read back in UCI, or the error that refused the text).

use scoresheet::notation::Notation;
use scoresheet::uci::UciMove;
use scoresheet::{EnPassantMode, Move, Position};
use wasm_bindgen::prelude::*;

use crate::json::Json;
use crate::notation::{notation, start};

/// How many failed round trips are described (all are counted).
pub const EXAMPLES: usize = 20;

/// The counts of a round trip run, and its first failures as JSON objects.
#[derive(Debug, Default)]
struct Report {
    positions: u64,
    moves: u64,
    checked: u64,
    failures: u64,
    examples: Json,
}

impl Report {
    /// Writes each legal move of `pos` in each notation and reads it back.
    fn check(&mut self, pos: &Position, notations: &[Notation]) {
        let legal = pos.legal_moves();
        self.positions += 1;
        self.moves += legal.len() as u64;
        for &n in notations {
            for &mv in &legal {
                let text = n.format_move(pos, mv);
                let back = n.parse_move(pos, text.trim_ascii().as_bytes());
                self.checked += 1;
                if back.as_ref() != Ok(&mv) {
                    let read = back.map_or_else(|e| e.to_string(), |m| uci(pos, m));
                    self.fail(pos, n, mv, &text, &read);
                }
            }
        }
    }

    fn fail(&mut self, pos: &Position, n: Notation, mv: Move, text: &str, read: &str) {
        self.failures += 1;
        if self.failures as usize <= EXAMPLES {
            self.examples
                .open()
                .key("fen")
                .str(&pos.fen(EnPassantMode::Always))
                .key("notation")
                .str(n.name())
                .key("uci")
                .str(&uci(pos, mv))
                .key("text")
                .str(text)
                .key("read")
                .str(read)
                .close();
        }
    }

    fn json(self) -> String {
        let mut json = Json::new();
        json.open()
            .key("positions")
            .num(self.positions as f64)
            .key("moves")
            .num(self.moves as f64)
            .key("checked")
            .num(self.checked as f64)
            .key("failures")
            .num(self.failures as f64)
            .key("examples")
            .raw(&format!("[{}]", self.examples.finish()))
            .close();
        json.finish()
    }
}

fn uci(pos: &Position, mv: Move) -> String {
    UciMove::from_move(pos, mv).to_string()
}

/// Writes every legal move of each position of `fens` in each notation of `notations` and
/// reads it back (see the module docs); `chess960` as for `Position`. Throws `ParseError` for
/// a bad FEN and `UsageError` for an unknown notation.
#[wasm_bindgen(js_name = roundTripJson)]
pub fn round_trip_json(
    fens: Vec<String>,
    notations: Vec<String>,
    chess960: bool,
) -> Result<String, JsValue> {
    let notations = notations
        .iter()
        .map(|name| notation(name))
        .collect::<Result<Vec<_>, _>>()?;
    let mut report = Report::default();
    for fen in &fens {
        report.check(&start(Some(fen), chess960)?, &notations);
    }
    Ok(report.json())
}
