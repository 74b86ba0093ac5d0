//! Move vocabularies and token ids: the core's `vocab::Vocabulary`, by the names the
//! command-line tool's `vocab` and `tokenize` take.

use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyIterator, PyList};
use scoresheet::uci::UciMove;
use scoresheet::vocab;
use scoresheet::CastlingMode;

use crate::errors::value_error;
use crate::games::PyGame;

/// A move vocabulary: every string a notation can write for a legal move, in token-id order.
/// A sequence of those strings: `len(v)`, `s in v`, `v[5]` (the string of token id 5,
/// negative indexes from the end), `list(v)`, `v.index(s)` (the token id of `s`).
#[pyclass(
    module = "scoresheet",
    name = "Vocabulary",
    frozen,
    skip_from_py_object
)]
#[derive(Debug, Clone, Copy)]
pub struct PyVocabulary {
    inner: vocab::Vocabulary,
}

impl PyVocabulary {
    /// The vocabulary of a name, with `+`/`#` when `with_symbols`.
    pub fn named(name: &str, with_symbols: bool) -> PyResult<PyVocabulary> {
        let unknown = || {
            let names: Vec<&str> = vocab::Vocabulary::ALL.iter().map(|v| v.name()).collect();
            value_error(format!(
                "vocabulary {name:?}: expected one of {}",
                names.join(", ")
            ))
        };
        let base = vocab::Vocabulary::from_name(name).ok_or_else(unknown)?;
        let inner = match with_symbols {
            false => base,
            true => base.with_symbols().ok_or_else(|| {
                value_error(format!("with_symbols: {name} writes no check symbols"))
            })?,
        };
        Ok(PyVocabulary { inner })
    }

    /// A vocabulary given as a `Vocabulary` or a name.
    pub fn of(obj: &Bound<'_, PyAny>) -> PyResult<vocab::Vocabulary> {
        if let Ok(v) = obj.cast::<PyVocabulary>() {
            return Ok(v.get().inner);
        }
        Ok(PyVocabulary::named(&obj.extract::<String>()?, false)?.inner)
    }
}

#[pymethods]
impl PyVocabulary {
    /// The vocabulary's name: `san`, `san+`, `uci`, `lan`, `lan+`, `eran`, `eran-short`.
    #[getter]
    fn name(&self) -> &'static str {
        self.inner.name()
    }

    /// The strings, in token-id order.
    fn strings(&self) -> Vec<&'static str> {
        self.inner.strings().collect()
    }

    /// The token id of a string (`None` when not in the vocabulary).
    fn token_id(&self, s: &str) -> Option<u32> {
        self.inner.token_id(s)
    }

    /// The string of a token id (`None` past the end).
    fn token_str(&self, id: u32) -> Option<&'static str> {
        self.inner.token_str(id)
    }

    /// A proof that `s` occurs: `(fen, uci)`, a legal position and the move written `s`.
    fn witness(&self, s: &str) -> Option<(String, String)> {
        self.inner
            .witness(s)
            .map(|w| (w.fen(), w.uci().to_string()))
    }

    fn __len__(&self) -> usize {
        self.inner.len()
    }

    fn __contains__(&self, s: &str) -> bool {
        self.inner.token_id(s).is_some()
    }

    /// The string of token id `index`; a negative index counts from the end. `IndexError`
    /// past either end.
    fn __getitem__(&self, index: isize) -> PyResult<&'static str> {
        let len = self.inner.len();
        let id = match index {
            0.. => usize::try_from(index).ok(),
            _ => len.checked_sub(index.unsigned_abs()),
        };
        id.and_then(|id| u32::try_from(id).ok())
            .and_then(|id| self.inner.token_str(id))
            .ok_or_else(|| {
                PyIndexError::new_err(format!(
                    "index {index} out of range for the {} vocabulary ({len} strings)",
                    self.inner.name()
                ))
            })
    }

    /// The strings, in token-id order.
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        PyList::new(py, self.inner.strings())?.try_iter()
    }

    /// The token id of `s`, as `list.index`: `ValueError` when `s` is not in the vocabulary.
    fn index(&self, s: &str) -> PyResult<u32> {
        self.inner.token_id(s).ok_or_else(|| {
            value_error(format!(
                "{s:?} is not in the {} vocabulary",
                self.inner.name()
            ))
        })
    }

    fn __repr__(&self) -> String {
        format!(
            "<Vocabulary {} ({} strings)>",
            self.inner.name(),
            self.inner.len()
        )
    }
}

/// The vocabulary `name` (`san`, `uci`, `lan`, `eran`, `eran-short`; `san+`/`lan+` or
/// `with_symbols` for SAN and LAN with `+`/`#`).
#[pyfunction]
#[pyo3(name = "vocab", signature = (name, with_symbols = false))]
pub fn vocab_named(name: &str, with_symbols: bool) -> PyResult<PyVocabulary> {
    PyVocabulary::named(name, with_symbols)
}

/// The strings a game's mainline is tokenized from: SAN without `+`/`#` (or with them, for a
/// vocabulary with symbols), UCI with standard castling (`e1g1`, as `scoresheet tokenize`).
fn game_strings(game: &PyGame, v: vocab::Vocabulary) -> Vec<String> {
    match v {
        vocab::Vocabulary::Uci => game
            .moves()
            .iter()
            .map(|mv| {
                mv.map_or(UciMove::Null, |mv| {
                    UciMove::from_move_in(CastlingMode::Standard, mv)
                })
                .to_string()
            })
            .collect(),
        _ => game.sans().into_iter().map(str::to_owned).collect(),
    }
}

/// The id of one string: as written, else (in a vocabulary without symbols) without a final
/// `+` or `#`.
fn id_of(v: vocab::Vocabulary, s: &str, index: usize) -> PyResult<u32> {
    let bare = s.trim_end_matches(['+', '#']);
    v.token_id(s)
        .or_else(|| match v.with_symbols() == Some(v) {
            true => None,
            false => v.token_id(bare),
        })
        .ok_or_else(|| {
            value_error(format!(
                "move {} {s:?} is not in the {} vocabulary",
                index + 1,
                v.name()
            ))
        })
}

/// Token ids of moves (strings, or a `Game`), as little-endian int32 bytes (the package makes
/// them a NumPy array).
#[pyfunction]
pub fn tokenize_bytes<'py>(
    py: Python<'py>,
    moves: &Bound<'py, PyAny>,
    vocab: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyByteArray>> {
    let v = PyVocabulary::of(vocab)?;
    let strings = match moves.cast::<PyGame>() {
        Ok(game) => game_strings(game.get(), v),
        Err(_) => moves.extract::<Vec<String>>()?,
    };
    let mut out = Vec::with_capacity(strings.len() * 4);
    for (i, s) in strings.iter().enumerate() {
        let id = i32::try_from(id_of(v, s, i)?).map_err(|_| value_error("token id past i32"))?;
        out.extend_from_slice(&id.to_le_bytes());
    }
    Ok(PyByteArray::new(py, &out))
}

/// The strings of token ids in `vocab` (a `Vocabulary` or its name). Raises `ValueError`
/// for an id past the vocabulary.
#[pyfunction]
pub fn detokenize(ids: Vec<i64>, vocab: &Bound<'_, PyAny>) -> PyResult<Vec<&'static str>> {
    let v = PyVocabulary::of(vocab)?;
    ids.iter()
        .enumerate()
        .map(|(i, &id)| {
            u32::try_from(id)
                .ok()
                .and_then(|id| v.token_str(id))
                .ok_or_else(|| {
                    value_error(format!(
                        "id {} ({id}) is not in the {} vocabulary ({} ids)",
                        i + 1,
                        v.name(),
                        v.len()
                    ))
                })
        })
        .collect()
}
