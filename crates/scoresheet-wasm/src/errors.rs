//! Rust errors as JavaScript `Error`s carrying the same fields (the package's TypeScript types
//! declare them): `ParseError` (notation, offset, expected, input), `IllegalMoveError`
//! (notation, move, fen, reason), `PgnError` (game, firstLine, line, column, byte, token,
//! reason) and `UsageError` for a bad argument. `name` tells them apart; `message` is the
//! library's message, the one the command-line tool prints.

use js_sys::{Error, Reflect};
use scoresheet::notation::NotationError;
use scoresheet_pgn::replay::GameError;
use scoresheet_pgn::Location;
use wasm_bindgen::JsValue;

use crate::json::Json;

/// An `Error` named `name` with `message` and the fields `fields`.
fn error(name: &str, message: &str, fields: &[(&str, JsValue)]) -> JsValue {
    let e = Error::new(message);
    e.set_name(name);
    for (key, value) in fields {
        // Setting a property of a fresh Error cannot fail.
        let _ = Reflect::set(&e, &JsValue::from_str(key), value);
    }
    e.into()
}

/// A bad argument (an unknown notation name, a language code, a vocabulary).
pub fn usage(message: impl AsRef<str>) -> JsValue {
    error("UsageError", message.as_ref(), &[])
}

/// What a syntax error expected (the kind's message), or the move error's reason.
fn expected(e: &NotationError) -> String {
    match e {
        NotationError::San(e) => e.kind().to_string(),
        NotationError::Uci(e) => e.kind().to_string(),
        NotationError::Eran(e) => e.kind().to_string(),
        NotationError::Quantum(e) => e.kind().to_string(),
        NotationError::Iccf(e) => e.kind().to_string(),
        NotationError::Smith(e) => e.kind().to_string(),
        NotationError::Descriptive(e) => e.kind().to_string(),
        NotationError::Recirq(e) => e.kind().to_string(),
        NotationError::Move(e) => e.kind().to_string(),
        _ => e.to_string(),
    }
}

/// A move that does not parse (`ParseError`, with the offset into `input`) or is not one
/// legal move (`IllegalMoveError`, with the position's FEN). `index` is the move's place in
/// the list it came from, when it came from one.
pub fn notation(e: &NotationError, input: &str, index: Option<usize>) -> JsValue {
    let index = index.map_or(JsValue::UNDEFINED, |i| JsValue::from_f64(i as f64));
    match e {
        NotationError::Move(m) => error(
            "IllegalMoveError",
            &e.to_string(),
            &[
                ("notation", JsValue::from_str(m.notation())),
                ("move", JsValue::from_str(input)),
                ("fen", JsValue::from_str(m.fen())),
                ("reason", JsValue::from_str(&m.kind().to_string())),
                ("index", index),
            ],
        ),
        _ => syntax(
            &e.to_string(),
            e.notation(),
            e.offset().unwrap_or(0),
            &expected(e),
            input,
        )
        .with("index", index),
    }
}

/// A `ParseError`.
pub fn syntax(message: &str, notation: &str, offset: usize, expected: &str, input: &str) -> Fields {
    Fields(error(
        "ParseError",
        message,
        &[
            ("notation", JsValue::from_str(notation)),
            ("offset", JsValue::from_f64(offset as f64)),
            ("expected", JsValue::from_str(expected)),
            ("input", JsValue::from_str(input)),
        ],
    ))
}

/// An error value that takes further fields.
#[derive(Debug)]
pub struct Fields(JsValue);

impl Fields {
    /// Sets `key` (unless `value` is undefined) and gives the error.
    pub fn with(self, key: &str, value: JsValue) -> JsValue {
        if !value.is_undefined() {
            let _ = Reflect::set(&self.0, &JsValue::from_str(key), &value);
        }
        self.0
    }

    /// The error.
    pub fn into_value(self) -> JsValue {
        self.0
    }
}

/// The message without its location prefix (`game 2 (from line 9), line 11, column 13: `).
pub fn reason(error: &GameError) -> String {
    let message = error.to_string();
    let prefix = error.location().to_string();
    message
        .strip_prefix(prefix.as_str())
        .and_then(|rest| rest.strip_prefix(": "))
        .map_or_else(|| message.clone(), str::to_owned)
}

/// The fields of a location in a JSON object: `game` (from 1), `firstLine`, `line`, `column`
/// (from 1, in bytes) and `byte`.
pub(crate) fn location_json(json: &mut Json, at: Location) -> &mut Json {
    json.key("game")
        .num((at.game_index + 1) as f64)
        .key("firstLine")
        .num(at.game_first_line as f64)
        .key("line")
        .num(at.line as f64)
        .key("column")
        .num(at.column as f64)
        .key("byte")
        .num(at.byte as f64)
}

/// A rejected game as a JSON object: `game` (from 1), `firstLine`, `line`, `column` (from 1,
/// in bytes), `byte`, `token`, `reason` and `message` (the library's, location first).
pub(crate) fn rejected_json(json: &mut Json, error: &GameError) {
    location_json(json.open(), error.location())
        .key("token")
        .str(error.token())
        .key("reason")
        .str(&reason(error))
        .key("message")
        .str(&error.to_string())
        .close();
}

/// An error that ended the input (a UTF-16 input): a `PgnError` with the rejection's fields.
pub fn pgn(error: &GameError) -> JsValue {
    let at = error.location();
    let num = |n: u64| JsValue::from_f64(n as f64);
    self::error(
        "PgnError",
        &error.to_string(),
        &[
            ("game", num(at.game_index + 1)),
            ("firstLine", num(at.game_first_line)),
            ("line", num(at.line)),
            ("column", num(at.column)),
            ("byte", num(at.byte)),
            ("token", JsValue::from_str(error.token())),
            ("reason", JsValue::from_str(&reason(error))),
        ],
    )
}
