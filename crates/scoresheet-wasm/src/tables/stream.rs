//! [`TableReader`]: placeholder, filled in below.
use wasm_bindgen::prelude::*;

/// Reads the tables of an input handed over in chunks.
#[wasm_bindgen]
#[derive(Debug, Default)]
pub struct TableReader {}
