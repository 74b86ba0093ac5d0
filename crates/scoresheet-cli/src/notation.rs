//! The `--from` / `--to` / `--notation` values and their dispatch to the library's notations.

use clap::ValueEnum;
use scoresheet::eran::{Eran, EranForm, EranPrinter};
use scoresheet::lan::Lan;
use scoresheet::quantum::QuantumMove;
use scoresheet::san::SanPlus;
use scoresheet::uci::UciMove;
use scoresheet::{Move, Position};

/// A move notation the CLI reads and writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Notation {
    /// Standard algebraic notation: `Nf3`, `exd5`, `O-O`, `e8=Q+`.
    San,
    /// Long algebraic notation: `Ng1-f3`, `e4xd5`, `O-O`, `e7-e8=Q+`.
    Lan,
    /// UCI: `g1f3`, `e4d5`, `e1g1` (`e1h1` with --chess960), `e7e8q`.
    Uci,
    /// ERAN, verbose: `Knight g1-f3`, `Pawn e4xd5`, `castling-kingside`, `en-passant`.
    Eran,
    /// ERAN, short: `N g1-f3`, `P e4xd5`, `ck`, `ep`, `P e7-e8 >Q`.
    EranShort,
    /// Quantum chess notation: `g1f3`, `e4xd5` (capture variant), `e7e8q`.
    Quantum,
}

/// Why a move string was not accepted: a syntax error with its offset, or a move error.
pub enum MoveInputError {
    /// The text does not parse; the message and byte offset.
    Syntax(String, usize),
    /// The text parses but names no single legal move.
    Move(String),
}

fn syntax<K: std::fmt::Display>(e: scoresheet::notation::ParseError<K>) -> MoveInputError {
    MoveInputError::Syntax(e.to_string(), e.offset())
}

/// The reason only: callers name the move and the position themselves.
fn semantic(e: scoresheet::MoveError) -> MoveInputError {
    MoveInputError::Move(e.kind().to_string())
}

impl Notation {
    /// Reads a move (leniently) and resolves it in the position.
    pub fn read(self, pos: &Position, text: &str) -> Result<Move, MoveInputError> {
        let bytes = text.as_bytes();
        match self {
            Notation::San => {
                let san = SanPlus::from_ascii_lenient(bytes).map_err(syntax)?;
                san.san.to_move(pos).map_err(semantic)
            }
            Notation::Lan => {
                let lan = Lan::from_ascii_lenient(bytes).map_err(syntax)?;
                lan.to_move(pos).map_err(semantic)
            }
            Notation::Uci => {
                let uci = UciMove::from_ascii_lenient(bytes).map_err(syntax)?;
                uci.to_move(pos).map_err(semantic)
            }
            Notation::Eran | Notation::EranShort => {
                let eran = Eran::from_ascii(bytes).map_err(syntax)?;
                eran.to_move(pos).map_err(semantic)
            }
            Notation::Quantum => {
                let quantum = QuantumMove::from_ascii_lenient(bytes).map_err(syntax)?;
                quantum.to_move(pos).map_err(semantic)
            }
        }
    }

    /// Writes a legal move of the position.
    pub fn write(self, pos: &Position, mv: Move) -> String {
        match self {
            Notation::San => SanPlus::from_move(pos, mv).to_string(),
            Notation::Lan => Lan::from_move(pos, mv).to_string(),
            Notation::Uci => UciMove::from_move(pos, mv).to_string(),
            Notation::Eran => EranPrinter::new().move_to_string(pos, mv),
            Notation::EranShort => EranPrinter::new()
                .form(EranForm::Short)
                .move_to_string(pos, mv),
            Notation::Quantum => QuantumMove::from_move(pos, mv).to_string(),
        }
    }
}
