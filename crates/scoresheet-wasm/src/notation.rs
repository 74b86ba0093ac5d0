//! Moves in every notation: `convert`, `detect` and `Position`, over the core's
//! `notation::Notation` (the names the command-line tool's `--from`/`--to`/`--notation` take).

use scoresheet::fen::Fen;
use scoresheet::localized::Lang;
use scoresheet::notation::detect;
use scoresheet::notation::Notation;
use scoresheet::uci::UciMove;
use scoresheet::{CastlingMode, EnPassantMode, FenError, Move};
use wasm_bindgen::prelude::*;

use crate::errors;
use crate::json::Json;

/// The notation named `name` (`san`, `uci`, `eran-short`, `san-de`, ...).
pub(crate) fn notation(name: &str) -> Result<Notation, JsValue> {
    name.parse::<Notation>()
        .map_err(|e| errors::usage(format!("notation {name:?}: {e}")))
}

/// The piece-letter language of an ISO 639-1 code.
pub(crate) fn lang(code: &str) -> Result<Lang, JsValue> {
    Lang::from_code(code).ok_or_else(|| {
        let codes: Vec<&str> = Lang::ALL.iter().map(|l| l.code()).collect();
        errors::usage(format!(
            "language {code:?}: expected one of {}",
            codes.join(", ")
        ))
    })
}

/// A FEN error as a `ParseError` of notation `fen`.
fn fen_error(e: &FenError, text: &str) -> JsValue {
    let (offset, expected) = match e {
        FenError::Parse(p) => {
            // The message is `invalid fen at byte N: <what was expected>`.
            let message = p.to_string();
            let expected = message.split_once(": ").map_or("", |(_, rest)| rest);
            (p.offset(), expected.to_owned())
        }
        FenError::Position(p) => (0, p.to_string()),
    };
    errors::syntax(&e.to_string(), "fen", offset, &expected, text).into_value()
}

/// The position of a FEN (Chess960 castling when asked or when the rights need it), else the
/// standard start position.
pub(crate) fn start(fen: Option<&str>, chess960: bool) -> Result<scoresheet::Position, JsValue> {
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
        .map_err(|e| fen_error(&FenError::Parse(e), text))?
        .into_setup();
    scoresheet::Position::from_setup(&setup, mode_for(CastlingMode::detect(&setup)))
        .map_err(|e| fen_error(&FenError::Position(e), text))
}

/// Reads `text` (surrounding blanks ignored) as a move of `pos` in `n`.
fn read(
    n: Notation,
    pos: &scoresheet::Position,
    text: &str,
    index: Option<usize>,
) -> Result<Move, JsValue> {
    n.parse_move(pos, text.trim_ascii().as_bytes())
        .map_err(|e| errors::notation(&e, text, index))
}

/// The notations `from` and `to` with `lang`'s piece letters for SAN and LAN (as the
/// command-line tool's `--lang`).
fn with_lang(
    from: Notation,
    to: Notation,
    lang: Option<&str>,
) -> Result<(Notation, Notation), JsValue> {
    let Some(code) = lang else {
        return Ok((from, to));
    };
    let l = self::lang(code)?;
    let (f, t) = (from.with_lang(l), to.with_lang(l));
    if f.is_none() && t.is_none() {
        return Err(errors::usage(format!(
            "language {code:?} sets the piece letters of san and lan; the notations given have none"
        )));
    }
    Ok((f.unwrap_or(from), t.unwrap_or(to)))
}

/// Plays `moves`, read leniently in `from`, from `fen` (else the start position) and writes
/// each in `to`, as `scoresheet convert`. Throws `ParseError` or `IllegalMoveError` (with the
/// move's `index`) at the first bad move.
#[wasm_bindgen]
pub fn convert(
    moves: Vec<String>,
    from: &str,
    to: &str,
    fen: Option<String>,
    chess960: bool,
    lang: Option<String>,
) -> Result<Vec<String>, JsValue> {
    let (from, to) = with_lang(notation(from)?, notation(to)?, lang.as_deref())?;
    let mut pos = start(fen.as_deref(), chess960)?;
    let mut out = Vec::with_capacity(moves.len());
    for (i, text) in moves.iter().enumerate() {
        let mv = read(from, &pos, text, Some(i))?;
        out.push(to.format_move(&pos, mv));
        pos.play_unchecked(mv);
    }
    Ok(out)
}

/// Which notations read `moves` from `fen` (else the start position), best first, as
/// `scoresheet detect`: a JSON array of `{notation, lenient, strict}` (moves each reader
/// played), then whether the best two tie (`ambiguous`) and whether the tied ones read the
/// same moves (`readAlike`).
#[wasm_bindgen(js_name = detectJson)]
pub fn detect_json(moves: Vec<String>, fen: Option<String>) -> Result<String, JsValue> {
    let pos = start(fen.as_deref(), false)?;
    let texts: Vec<&[u8]> = moves.iter().map(|m| m.trim_ascii().as_bytes()).collect();
    let found = detect::detect(&pos, &texts);
    let mut json = Json::new();
    json.open().key("candidates").open_array();
    for d in &found {
        json.open()
            .key("notation")
            .str(d.notation.name())
            .key("lenient")
            .num(d.lenient as f64)
            .key("strict")
            .num(d.strict as f64)
            .key("complete")
            .bool(d.is_complete(texts.len()))
            .close();
    }
    json.close_array()
        .key("ambiguous")
        .bool(detect::is_ambiguous(&found))
        .key("readAlike")
        .bool(detect::read_alike(&pos, &texts, detect::best(&found)))
        .close();
    Ok(json.finish())
}

/// Every notation name `convert` takes: the plain ones, then SAN and LAN in each language.
#[wasm_bindgen]
pub fn notations() -> Vec<String> {
    let localized = Lang::ALL
        .into_iter()
        .filter(|l| *l != Lang::ENGLISH)
        .flat_map(|l| [l.san_name(), l.lan_name()]);
    Notation::ALL
        .iter()
        .map(|n| n.name())
        .chain(localized)
        .map(str::to_owned)
        .collect()
}

/// The piece-letter languages: `code:name` pairs (`de:German`), ordered by code.
#[wasm_bindgen]
pub fn languages() -> Vec<String> {
    Lang::ALL
        .into_iter()
        .map(|l| format!("{}:{}", l.code(), l.name()))
        .collect()
}

/// A legal chess position. Moves are strings in a notation named as for `convert`.
#[wasm_bindgen]
#[derive(Debug, Clone)]
pub struct Position {
    pos: scoresheet::Position,
}

#[wasm_bindgen]
impl Position {
    /// The position of `fen`, else the standard start position; `chess960` writes castling
    /// as king takes rook.
    #[wasm_bindgen(constructor)]
    pub fn new(fen: Option<String>, chess960: Option<bool>) -> Result<Position, JsValue> {
        Ok(Position {
            pos: start(fen.as_deref(), chess960.unwrap_or(false))?,
        })
    }

    /// The FEN; `legalEnPassant` writes the en-passant square only when a capture is legal.
    pub fn fen(&self, legal_en_passant: Option<bool>) -> String {
        let mode = match legal_en_passant {
            Some(true) => EnPassantMode::Legal,
            _ => EnPassantMode::Always,
        };
        self.pos.fen(mode)
    }

    /// Every legal move in `notation` (default `uci`), sorted by UCI.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self, notation: Option<String>) -> Result<Vec<String>, JsValue> {
        let n = self::notation(notation.as_deref().unwrap_or("uci"))?;
        let mut moves = self.pos.legal_moves();
        moves.sort_by_cached_key(|&mv| UciMove::from_move(&self.pos, mv).to_string());
        Ok(moves
            .into_iter()
            .map(|mv| n.format_move(&self.pos, mv))
            .collect())
    }

    /// Plays a move written in `notation` (default `san`); returns it in UCI.
    pub fn play(&mut self, text: &str, notation: Option<String>) -> Result<String, JsValue> {
        let n = self::notation(notation.as_deref().unwrap_or("san"))?;
        let mv = read(n, &self.pos, text, None)?;
        let uci = UciMove::from_move(&self.pos, mv).to_string();
        self.pos.play_unchecked(mv);
        Ok(uci)
    }

    /// Writes a legal move, given in UCI, in `notation`.
    pub fn format(&self, uci: &str, notation: &str) -> Result<String, JsValue> {
        let mv = read(Notation::Uci, &self.pos, uci, None)?;
        Ok(self::notation(notation)?.format_move(&self.pos, mv))
    }

    /// Reads a move written in `notation` (default `san`); returns it in UCI.
    pub fn parse(&self, text: &str, notation: Option<String>) -> Result<String, JsValue> {
        let n = self::notation(notation.as_deref().unwrap_or("san"))?;
        let mv = read(n, &self.pos, text, None)?;
        Ok(UciMove::from_move(&self.pos, mv).to_string())
    }

    /// `"w"` or `"b"`: the side to move.
    #[wasm_bindgen(getter)]
    pub fn turn(&self) -> String {
        match self.pos.turn() {
            scoresheet::Color::White => "w".to_owned(),
            scoresheet::Color::Black => "b".to_owned(),
        }
    }

    /// Whether the side to move is in check.
    #[wasm_bindgen(js_name = isCheck)]
    pub fn is_check(&self) -> bool {
        self.pos.is_check()
    }

    /// Whether the side to move is mated.
    #[wasm_bindgen(js_name = isCheckmate)]
    pub fn is_checkmate(&self) -> bool {
        self.pos.is_checkmate()
    }

    /// Whether the side to move has no legal move and is not in check.
    #[wasm_bindgen(js_name = isStalemate)]
    pub fn is_stalemate(&self) -> bool {
        self.pos.is_stalemate()
    }

    /// A copy.
    #[wasm_bindgen(js_name = clone)]
    pub fn copy(&self) -> Position {
        self.clone()
    }

    /// The FEN.
    #[wasm_bindgen(js_name = toString)]
    pub fn to_fen_string(&self) -> String {
        self.pos.fen(EnPassantMode::Always)
    }
}
