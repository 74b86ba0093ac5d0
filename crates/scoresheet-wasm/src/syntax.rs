//! `parse`: the syntax tree of one move string as JSON, the library's
//! `scoresheet::notation::syntax_tree::to_json` (the object `scoresheet parse` prints). No
//! position is needed: this is the board-free syntax of each notation.

use scoresheet::notation::syntax_tree;
use wasm_bindgen::prelude::*;

use crate::errors;

/// The syntax tree of `text` in `notation` as JSON (`strict`: the strict parser). Throws
/// `ParseError` with the offset where parsing stopped.
#[wasm_bindgen(js_name = parseJson)]
pub fn parse_json(text: &str, notation: &str, strict: bool) -> Result<String, JsValue> {
    let n = crate::notation::notation(notation)?;
    syntax_tree::to_json(n, text.as_bytes(), strict).map_err(|e| errors::notation(&e, text, None))
}
