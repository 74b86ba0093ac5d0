//! The `--from` / `--to` / `--notation` values: clap's names and help for the library's
//! [`scoresheet::notation::Notation`], which reads and writes the moves; and `--lang`, which
//! gives SAN and LAN a language's piece letters ([`Notation::with_lang`]).

use anyhow::anyhow;
use clap::ValueEnum;
use scoresheet::figurine::GlyphChoice;
use scoresheet::localized::Lang;
use scoresheet::notation::{Notation as Core, NotationError};
use scoresheet::{Move, Position};

use crate::output::Failure;

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
    /// Figurine SAN, written with white glyphs: `♘f3`, `♕xd8+`, `e8=♕` (both colours read).
    Figurine,
    /// Figurine SAN, written with black glyphs: `♞f3`, `♛xd8+`, `e8=♛`.
    FigurineBlack,
    /// Figurine SAN, written with the glyphs of the side to move.
    FigurineSide,
    /// ICCF numeric notation: `7163`, `5254`, `57581` (promotion to a queen), `5171` (O-O).
    Iccf,
    /// Smith notation: `g1f3`, `e4d5p` (takes a pawn), `e1g1c` (O-O), `e5d6E`, `a7a8Q`.
    Smith,
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
            Notation::Figurine => Core::Figurine(GlyphChoice::White),
            Notation::FigurineBlack => Core::Figurine(GlyphChoice::Black),
            Notation::FigurineSide => Core::Figurine(GlyphChoice::SideToMove),
            Notation::Iccf => Core::Iccf,
            Notation::Smith => Core::Smith,
        }
    }

    /// The library's notation in the piece letters of `lang` when it has piece letters (SAN,
    /// LAN), else as it is.
    pub fn with_lang(self, lang: Option<Lang>) -> Core {
        lang.and_then(|l| self.core().with_lang(l))
            .unwrap_or_else(|| self.core())
    }
}

/// A usage error when `--lang` is given but none of `notations` has piece letters.
pub fn check_lang(lang: Option<Lang>, notations: &[Notation]) -> Result<(), Failure> {
    match lang {
        Some(l) if notations.iter().all(|n| n.core().with_lang(l).is_none()) => {
            Err(Failure::Error(anyhow!(
                "--lang {l} sets the piece letters of san and lan; the notation given has none"
            )))
        }
        _ => Ok(()),
    }
}

/// The `--lang` value: an ISO 639-1 code of the piece-letter table.
pub fn parse_lang(code: &str) -> Result<Lang, String> {
    code.parse::<Lang>().map_err(|e| e.to_string())
}

/// Reads a move (leniently) and resolves it in the position.
pub fn read(notation: Core, pos: &Position, text: &str) -> Result<Move, MoveInputError> {
    Ok(notation.parse_move(pos, text.as_bytes())?)
}

/// Writes a legal move of the position.
pub fn write(notation: Core, pos: &Position, mv: Move) -> String {
    notation.format_move(pos, mv)
}
