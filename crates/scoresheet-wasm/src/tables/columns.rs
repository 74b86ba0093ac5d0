//! A table's plain columns ([`PlainColumn`], the export's values without Arrow arrays) as
//! JavaScript typed arrays, one copy per column: `{numRows, columns: [column...]}`, each column
//! `{name, type, values, valid?, ...}` as the package's wrapper reads it (`api.js`, which
//! decodes the text and dictionaries):
//!
//! | Arrow type | `type` | members |
//! |---|---|---|
//! | `Int32`, `Int64`, `Float64` | `int32`, `int64`, `float64` | `values`: `Int32Array`, `BigInt64Array`, `Float64Array` |
//! | `Boolean` | `bool` | `values`: `Uint8Array`, 0 or 1 |
//! | `Timestamp(Microsecond, "UTC")` | `timestamp` | `values`: `BigInt64Array` of microseconds |
//! | `Dictionary(UInt8 / Int16, Utf8)` | `dictionary` | `values`: the keys (`Uint8Array`, `Int16Array`); `dictionary`: `string[]` |
//! | `Utf8` | `utf8` | text: `offsets` (`Int32Array`, one more than the rows) and `data` (`Uint8Array`, UTF-8) |
//! | `Map(Utf8, Utf8)` | `map` | `offsets` (entries per row), `keys` and `items`: text |
//! | `FixedSizeList(UInt8, 64)` | `list` | `values`: `Uint8Array` of `size` (64) values a row |
//!
//! `valid` is there only when some row is null: a `Uint8Array`, 1 where the row has a value
//! and 0 where it is null (the value there is 0, or the empty text).

use js_sys::{
    Array as JsArray, BigInt64Array, Float64Array, Int16Array, Int32Array, Object, Uint8Array,
};
use scoresheet_export::{PlainColumn, PlainText, PlainValues};
use wasm_bindgen::JsValue;

/// Sets `key` of a fresh object (which cannot fail).
pub(crate) fn set(object: &Object, key: &str, value: &JsValue) {
    let _ = js_sys::Reflect::set(object, &JsValue::from_str(key), value);
}

/// The table of `columns` with `rows` rows.
pub(crate) fn table_js(columns: &[PlainColumn], rows: usize) -> JsValue {
    let list = JsArray::new();
    for column in columns {
        list.push(&column_js(column));
    }
    let table = Object::new();
    set(&table, "numRows", &JsValue::from_f64(rows as f64));
    set(&table, "columns", &list);
    table.into()
}

/// One column: its `name`, `type`, `values` and the members its type has (module docs).
fn column_js(column: &PlainColumn) -> Object {
    let out = Object::new();
    set(&out, "name", &JsValue::from_str(column.name));
    let (kind, values): (&str, JsValue) = match &column.values {
        PlainValues::Int32(v) => ("int32", Int32Array::from(v.as_slice()).into()),
        PlainValues::Int64(v) => ("int64", BigInt64Array::from(v.as_slice()).into()),
        PlainValues::Float64(v) => ("float64", Float64Array::from(v.as_slice()).into()),
        PlainValues::Bool(v) => ("bool", Uint8Array::from(v.as_slice()).into()),
        PlainValues::TimestampMicros(v) => ("timestamp", BigInt64Array::from(v.as_slice()).into()),
        PlainValues::Codes(keys, names) => {
            set(&out, "dictionary", &strings_js(names.iter().copied()));
            ("dictionary", Uint8Array::from(keys.as_slice()).into())
        }
        PlainValues::Tokens(keys, vocabulary) => {
            set(&out, "dictionary", &vocabulary_js(*vocabulary));
            ("dictionary", Int16Array::from(keys.as_slice()).into())
        }
        PlainValues::Text(text) => {
            text_js(&out, text);
            ("utf8", JsValue::UNDEFINED)
        }
        PlainValues::Map {
            offsets,
            keys,
            items,
        } => {
            set(
                &out,
                "offsets",
                &Int32Array::from(offsets.as_slice()).into(),
            );
            set(&out, "keys", &text_object(keys));
            set(&out, "items", &text_object(items));
            ("map", JsValue::UNDEFINED)
        }
        PlainValues::Board(codes) => {
            set(&out, "size", &JsValue::from_f64(64.0));
            ("list", Uint8Array::from(codes.as_slice()).into())
        }
    };
    set(&out, "type", &JsValue::from_str(kind));
    if !values.is_undefined() {
        set(&out, "values", &values);
    }
    if let Some(valid) = &column.valid {
        set(&out, "valid", &Uint8Array::from(valid.as_slice()).into());
    }
    out
}

/// Sets a text's `offsets` and `data`.
fn text_js(object: &Object, text: &PlainText) {
    set(
        object,
        "offsets",
        &Int32Array::from(text.offsets.as_slice()).into(),
    );
    set(
        object,
        "data",
        &Uint8Array::from(text.data.as_slice()).into(),
    );
}

/// A text as an object `{offsets, data}`.
fn text_object(text: &PlainText) -> JsValue {
    let object = Object::new();
    text_js(&object, text);
    object.into()
}

/// Strings as one JavaScript string, each ended by a newline (none holds one), which the
/// wrapper splits: one crossing instead of one a string.
fn strings_js<'a>(strings: impl Iterator<Item = &'a str>) -> JsValue {
    let mut joined = String::new();
    for s in strings {
        joined.push_str(s);
        joined.push('\n');
    }
    JsValue::from_str(&joined)
}

/// A vocabulary's strings in token-id order (as [`strings_js`]), made once a vocabulary: the
/// wrapper keeps the split strings of each it has seen.
fn vocabulary_js(vocabulary: scoresheet::vocab::Vocabulary) -> JsValue {
    strings_js(vocabulary.strings())
}
