//! Move vocabularies and token ids: the core's `vocab::Vocabulary`, by the names the
//! command-line tool's `vocab` and `tokenize` take.

use scoresheet::vocab;
use wasm_bindgen::prelude::*;

use crate::errors;

/// A move vocabulary: every string a notation can write for a legal move, in token-id order.
#[wasm_bindgen]
#[derive(Debug, Clone, Copy)]
pub struct Vocabulary {
    inner: vocab::Vocabulary,
}

#[wasm_bindgen]
impl Vocabulary {
    /// The vocabulary `name` (`san`, `san+`, `uci`, `lan`, `lan+`, `eran`, `eran-short`).
    #[wasm_bindgen(constructor)]
    pub fn new(name: &str) -> Result<Vocabulary, JsValue> {
        let inner = vocab::Vocabulary::from_name(name).ok_or_else(|| {
            let names: Vec<&str> = vocab::Vocabulary::ALL.iter().map(|v| v.name()).collect();
            errors::usage(format!(
                "vocabulary {name:?}: expected one of {}",
                names.join(", ")
            ))
        })?;
        Ok(Vocabulary { inner })
    }

    /// The vocabulary's name.
    #[wasm_bindgen(getter)]
    pub fn name(&self) -> String {
        self.inner.name().to_owned()
    }

    /// The number of strings.
    #[wasm_bindgen(getter)]
    pub fn size(&self) -> u32 {
        u32::try_from(self.inner.len()).unwrap_or(u32::MAX)
    }

    /// The strings, in token-id order.
    pub fn strings(&self) -> Vec<String> {
        self.inner.strings().map(str::to_owned).collect()
    }

    /// The token id of a string (`undefined` when not in the vocabulary).
    #[wasm_bindgen(js_name = tokenId)]
    pub fn token_id(&self, s: &str) -> Option<u32> {
        self.inner.token_id(s)
    }

    /// The string of a token id (`undefined` past the end).
    #[wasm_bindgen(js_name = tokenStr)]
    pub fn token_str(&self, id: u32) -> Option<String> {
        self.inner.token_str(id).map(str::to_owned)
    }

    /// A proof that `s` occurs: `[fen, uci]`, a legal position and the move written `s`.
    pub fn witness(&self, s: &str) -> Option<Vec<String>> {
        self.inner
            .witness(s)
            .map(|w| vec![w.fen(), w.uci().to_string()])
    }

    /// The token ids of `moves`: each as written, else (in a vocabulary without `+`/`#`)
    /// without a final `+` or `#`, as `scoresheet tokenize`. Throws `UsageError` naming the
    /// first move not in the vocabulary.
    pub fn tokenize(&self, moves: Vec<String>) -> Result<Vec<u32>, JsValue> {
        let v = self.inner;
        let symbols = v.with_symbols() == Some(v);
        moves
            .iter()
            .enumerate()
            .map(|(i, s)| {
                v.token_id(s)
                    .or_else(|| match symbols {
                        true => None,
                        false => v.token_id(s.trim_end_matches(['+', '#'])),
                    })
                    .ok_or_else(|| {
                        errors::usage(format!(
                            "move {} {s:?} is not in the {} vocabulary",
                            i + 1,
                            v.name()
                        ))
                    })
            })
            .collect()
    }

    /// The strings of token ids. Throws `UsageError` for an id past the vocabulary.
    pub fn detokenize(&self, ids: Vec<u32>) -> Result<Vec<String>, JsValue> {
        let v = self.inner;
        ids.iter()
            .enumerate()
            .map(|(i, &id)| {
                v.token_str(id).map(str::to_owned).ok_or_else(|| {
                    errors::usage(format!(
                        "id {} ({id}) is not in the {} vocabulary ({} ids)",
                        i + 1,
                        v.name(),
                        v.len()
                    ))
                })
            })
            .collect()
    }
}

/// The names of every vocabulary.
#[wasm_bindgen(js_name = vocabularies)]
pub fn vocabularies() -> Vec<String> {
    vocab::Vocabulary::ALL
        .iter()
        .map(|v| v.name().to_owned())
        .collect()
}
