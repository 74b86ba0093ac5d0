//! Moves in every notation: `convert` and `Position`, over the core's `notation::Notation`
//! (the names the command-line tool's `--from`/`--to`/`--notation` take).

use pyo3::prelude::*;
use scoresheet::fen::Fen;
use scoresheet::localized::Lang;
use scoresheet::notation::Notation;
use scoresheet::uci::UciMove;
use scoresheet::{CastlingMode, EnPassantMode, Move};

use crate::errors::{fen_error, move_error, value_error};
use crate::EnPassant;

/// The notation named `name` (`san`, `uci`, `eran-short`, `san-de`, ...: the core's names,
/// which the command-line tool's flags take).
pub fn notation(name: &str) -> PyResult<Notation> {
    name.parse::<Notation>()
        .map_err(|e| value_error(format!("notation {name:?}: {e}")))
}

/// The piece-letter language of an ISO 639-1 code.
fn lang(code: &str) -> PyResult<Lang> {
    code.parse::<Lang>()
        .map_err(|e| value_error(format!("lang {code:?}: {e}")))
}

/// The position of a FEN (strict; Chess960 castling when asked, or when the rights need it),
/// else the standard start position.
fn start(py: Python<'_>, fen: Option<&str>, chess960: bool) -> PyResult<scoresheet::Position> {
    let mode_for = |detected| match chess960 {
        true => CastlingMode::Chess960,
        false => detected,
    };
    let Some(text) = fen else {
        let mut pos = scoresheet::Position::new();
        pos.set_castling_mode(mode_for(CastlingMode::Standard));
        return Ok(pos);
    };
    let setup = Fen::from_ascii(text.as_bytes())
        .map_err(|e| fen_error(py, &scoresheet::FenError::Parse(e), text))?
        .into_setup();
    scoresheet::Position::from_setup(&setup, mode_for(CastlingMode::detect(&setup)))
        .map_err(|e| fen_error(py, &scoresheet::FenError::Position(e), text))
}

/// Reads `text` as a move of `pos`.
fn read(py: Python<'_>, n: Notation, pos: &scoresheet::Position, text: &str) -> PyResult<Move> {
    n.parse_move(pos, text.trim_ascii().as_bytes())
        .map_err(|e| move_error(py, &e, text, pos))
}

/// Plays `moves`, read leniently in the notation `from_`, from `fen` (else the start
/// position) and writes each in the notation `to`, as `scoresheet convert`. Notation names
/// are the command-line tool's: san, lan, uci, eran, eran-short, quantum, quantum-recirq,
/// figurine, figurine-black, figurine-side, iccf, smith, san-CODE, lan-CODE. `chess960` writes castling
/// as king takes rook; `lang` (ISO 639-1) gives SAN and LAN a language's piece letters.
/// Raises `ParseError` or `IllegalMoveError` at the first bad move.
#[pyfunction]
#[pyo3(signature = (moves, *, from_, to, fen = None, chess960 = false, lang = None))]
#[allow(clippy::too_many_arguments)]
pub fn convert(
    py: Python<'_>,
    moves: Vec<String>,
    from_: &str,
    to: &str,
    fen: Option<&str>,
    chess960: bool,
    lang: Option<&str>,
) -> PyResult<Vec<String>> {
    let (mut from, mut to) = (notation(from_)?, notation(to)?);
    if let Some(code) = lang {
        // As `--lang`: SAN and LAN take the language's letters, other notations stay.
        let l = self::lang(code)?;
        let (f, t) = (from.with_lang(l), to.with_lang(l));
        if f.is_none() && t.is_none() {
            return Err(value_error(format!(
                "lang {code:?} sets the piece letters of san and lan; the notations given have none"
            )));
        }
        (from, to) = (f.unwrap_or(from), t.unwrap_or(to));
    }
    let mut pos = start(py, fen, chess960)?;
    let mut out = Vec::with_capacity(moves.len());
    for text in &moves {
        let mv = read(py, from, &pos, text)?;
        out.push(to.format_move(&pos, mv));
        pos.play_unchecked(mv);
    }
    Ok(out)
}

/// A legal chess position: `Position(fen=None, *, chess960=False)`, the standard start
/// position without a FEN. Moves are strings in a notation named as for `convert`.
#[pyclass(module = "scoresheet", name = "Position", skip_from_py_object)]
#[derive(Debug, Clone)]
pub struct PyPosition {
    pos: scoresheet::Position,
}

#[pymethods]
impl PyPosition {
    /// The position of `fen`, else the standard start position.
    #[new]
    #[pyo3(signature = (fen = None, *, chess960 = false))]
    fn new(py: Python<'_>, fen: Option<&str>, chess960: bool) -> PyResult<PyPosition> {
        Ok(PyPosition {
            pos: start(py, fen, chess960)?,
        })
    }

    /// The FEN.
    #[pyo3(signature = (en_passant = "always"))]
    fn fen(&self, en_passant: &str) -> PyResult<String> {
        Ok(self.pos.fen(EnPassant::parse(en_passant)?.0))
    }

    /// Every legal move in `notation`, sorted by UCI.
    #[pyo3(signature = (notation = "uci"))]
    fn legal_moves(&self, notation: &str) -> PyResult<Vec<String>> {
        let n = self::notation(notation)?;
        let mut moves = self.pos.legal_moves();
        moves.sort_by_cached_key(|&mv| UciMove::from_move(&self.pos, mv).to_string());
        Ok(moves
            .into_iter()
            .map(|mv| n.format_move(&self.pos, mv))
            .collect())
    }

    /// Plays a move written in `notation`; returns it in UCI.
    #[pyo3(signature = (move_, notation = "san"))]
    fn play(&mut self, py: Python<'_>, move_: &str, notation: &str) -> PyResult<String> {
        let mv = read(py, self::notation(notation)?, &self.pos, move_)?;
        let uci = UciMove::from_move(&self.pos, mv).to_string();
        self.pos.play_unchecked(mv);
        Ok(uci)
    }

    /// Writes a legal move given in UCI in `notation`.
    fn format(&self, py: Python<'_>, move_: &str, notation: &str) -> PyResult<String> {
        let mv = read(py, Notation::Uci, &self.pos, move_)?;
        Ok(self::notation(notation)?.format_move(&self.pos, mv))
    }

    /// Reads a move written in `notation`; returns it in UCI.
    #[pyo3(signature = (move_, notation = "san"))]
    fn parse(&self, py: Python<'_>, move_: &str, notation: &str) -> PyResult<String> {
        let mv = read(py, self::notation(notation)?, &self.pos, move_)?;
        Ok(UciMove::from_move(&self.pos, mv).to_string())
    }

    /// `"w"` or `"b"`: the side to move.
    #[getter]
    fn turn(&self) -> &'static str {
        match self.pos.turn() {
            scoresheet::Color::White => "w",
            scoresheet::Color::Black => "b",
        }
    }

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool {
        self.pos.is_check()
    }

    /// Whether the side to move is mated.
    fn is_checkmate(&self) -> bool {
        self.pos.is_checkmate()
    }

    /// Whether the side to move has no legal move and is not in check.
    fn is_stalemate(&self) -> bool {
        self.pos.is_stalemate()
    }

    /// A copy.
    fn copy(&self) -> PyPosition {
        self.clone()
    }

    fn __str__(&self) -> String {
        self.pos.fen(EnPassantMode::Always)
    }

    fn __repr__(&self) -> String {
        format!("Position({:?})", self.pos.fen(EnPassantMode::Always))
    }

    fn __eq__(&self, other: &PyPosition) -> bool {
        self.pos.fen(EnPassantMode::Always) == other.pos.fen(EnPassantMode::Always)
    }
}
