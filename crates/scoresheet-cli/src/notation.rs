//! The `--from` / `--to` / `--notation` values: clap's names and help for the library's
//! [`scoresheet::notation::Notation`], which reads and writes the moves.

use clap::ValueEnum;
use scoresheet::notation::{Notation as Core, NotationError};
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
    /// The text parses but names no single legal move (the reason only: callers name the
    /// move and the position).
    Move(String),
}

impl From<NotationError> for MoveInputError {
    fn from(e: NotationError) -> MoveInputError {
        match e {
            NotationError::Move(e) => MoveInputError::Move(e.kind().to_string()),
            e => {
                let offset = e.offset().unwrap_or(0);
                MoveInputError::Syntax(e.to_string(), offset)
            }
        }
    }
}

impl Notation {
    /// The library's notation.
    pub const fn core(self) -> Core {
        match self {
            Notation::San => Core::San,
            Notation::Lan => Core::Lan,
            Notation::Uci => Core::Uci,
            Notation::Eran => Core::Eran,
            Notation::EranShort => Core::EranShort,
            Notation::Quantum => Core::Quantum,
        }
    }

    /// Reads a move (leniently) and resolves it in the position.
    pub fn read(self, pos: &Position, text: &str) -> Result<Move, MoveInputError> {
        Ok(self.core().parse_move(pos, text.as_bytes())?)
    }

    /// Writes a legal move of the position.
    pub fn write(self, pos: &Position, mv: Move) -> String {
        self.core().format_move(pos, mv)
    }
}
