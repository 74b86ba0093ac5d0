//! The tables' columns as plain vectors, without Arrow arrays: what a front end that copies
//! each column out once needs (the npm package's `readTables`, whose WebAssembly module would
//! more than double with Arrow's array code). The values are the record batches' own, from the
//! same declarations (the crate's `moves_table` and `games_table` modules) over the same rows.

use scoresheet::vocab::Vocabulary;

/// One column: its name, values, and which rows have one (`None`: every row; else a byte a
/// row, 1 where the row has a value, 0 where it is null and the value is 0 or empty).
#[derive(Debug, Clone)]
pub struct PlainColumn {
    /// The column's name, as declared.
    pub name: &'static str,
    /// Its values.
    pub values: PlainValues,
    /// A byte a row, 1 present, 0 null; `None` when no row is null.
    pub valid: Option<Vec<u8>>,
}

/// A column's values, by the column's type in the record batches.
#[derive(Debug, Clone)]
pub enum PlainValues {
    /// `Int32`.
    Int32(Vec<i32>),
    /// `Int64`.
    Int64(Vec<i64>),
    /// `Float64`.
    Float64(Vec<f64>),
    /// `Boolean`, a byte a row (0 or 1).
    Bool(Vec<u8>),
    /// `Timestamp(Microsecond, "UTC")`: microseconds since 1970.
    TimestampMicros(Vec<i64>),
    /// `Dictionary(UInt8, Utf8)`: keys into the names.
    Codes(Vec<u8>, &'static [&'static str]),
    /// `Dictionary(Int16, Utf8)`: token ids of the vocabulary.
    Tokens(Vec<i16>, Vocabulary),
    /// `Utf8`.
    Text(PlainText),
    /// `Map(Utf8, Utf8)`: each row's entries (`offsets`, from 0, one more than the rows).
    Map {
        /// Where each row's entries start among `keys` and `items`.
        offsets: Vec<i32>,
        /// The entries' keys.
        keys: PlainText,
        /// The entries' values.
        items: PlainText,
    },
    /// `FixedSizeList(UInt8, 64)`: 64 codes a row.
    Board(Vec<u8>),
}

/// Strings as UTF-8 bytes and where each ends: `offsets` from 0, one more than the strings.
#[derive(Debug, Clone)]
pub struct PlainText {
    /// Where each string starts; the last is the end of the last.
    pub offsets: Vec<i32>,
    /// The strings' bytes, one after another.
    pub data: Vec<u8>,
}

impl Default for PlainText {
    fn default() -> Self {
        PlainText {
            offsets: vec![0],
            data: Vec::new(),
        }
    }
}

impl PlainText {
    /// The number of strings.
    pub fn len(&self) -> usize {
        self.offsets.len() - 1
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// String `i` (empty when past the end or not UTF-8, which the tables never hold).
    pub fn get(&self, i: usize) -> &str {
        let span = |i: usize| self.offsets.get(i).map(|&o| o as usize);
        match (span(i), span(i + 1)) {
            (Some(start), Some(end)) => self
                .data
                .get(start..end)
                .and_then(|bytes| std::str::from_utf8(bytes).ok())
                .unwrap_or(""),
            _ => "",
        }
    }

    /// Appends `other`'s strings.
    pub fn append(&mut self, other: PlainText) {
        let base = self.data.len() as i32;
        self.offsets
            .extend(other.offsets.iter().skip(1).map(|o| o + base));
        self.data.extend_from_slice(&other.data);
    }
}

/// Both tables' columns, in the order of their schemas.
#[derive(Debug, Clone, Default)]
pub struct PlainTables {
    /// The `games` columns.
    pub games: Vec<PlainColumn>,
    /// The `moves` columns.
    pub moves: Vec<PlainColumn>,
}

impl PlainTables {
    /// Appends `other`'s rows (of the same columns) to these.
    pub fn append(&mut self, other: PlainTables) {
        for (mine, theirs) in [
            (&mut self.games, other.games),
            (&mut self.moves, other.moves),
        ] {
            if mine.is_empty() {
                *mine = theirs;
                continue;
            }
            for (column, more) in mine.iter_mut().zip(theirs) {
                column.append(more);
            }
        }
    }
}

impl PlainColumn {
    /// The number of rows.
    pub fn len(&self) -> usize {
        match &self.values {
            PlainValues::Int32(v) => v.len(),
            PlainValues::Int64(v) | PlainValues::TimestampMicros(v) => v.len(),
            PlainValues::Float64(v) => v.len(),
            PlainValues::Bool(v) | PlainValues::Codes(v, _) => v.len(),
            PlainValues::Tokens(v, _) => v.len(),
            PlainValues::Text(t) => t.len(),
            PlainValues::Map { offsets, .. } => offsets.len() - 1,
            PlainValues::Board(v) => v.len() / 64,
        }
    }

    /// Whether it has no row.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Appends `other`'s rows (a column of the same declaration).
    fn append(&mut self, other: PlainColumn) {
        let (rows, more) = (self.len(), other.len());
        match (&mut self.valid, other.valid) {
            (None, None) => {}
            (Some(valid), None) => valid.resize(rows + more, 1),
            (valid, Some(theirs)) => {
                let mine = valid.get_or_insert_with(|| vec![1; rows]);
                mine.extend_from_slice(&theirs);
            }
        }
        use PlainValues as V;
        match (&mut self.values, other.values) {
            (V::Int32(a), V::Int32(b)) => a.extend_from_slice(&b),
            (V::Int64(a), V::Int64(b)) | (V::TimestampMicros(a), V::TimestampMicros(b)) => {
                a.extend_from_slice(&b)
            }
            (V::Float64(a), V::Float64(b)) => a.extend_from_slice(&b),
            (V::Bool(a), V::Bool(b)) | (V::Codes(a, _), V::Codes(b, _)) => a.extend_from_slice(&b),
            (V::Board(a), V::Board(b)) => a.extend_from_slice(&b),
            (V::Tokens(a, _), V::Tokens(b, _)) => a.extend_from_slice(&b),
            (V::Text(a), V::Text(b)) => a.append(b),
            (
                V::Map {
                    offsets,
                    keys,
                    items,
                },
                V::Map {
                    offsets: more_offsets,
                    keys: more_keys,
                    items: more_items,
                },
            ) => {
                let base = offsets.last().copied().unwrap_or(0);
                offsets.extend(more_offsets.iter().skip(1).map(|o| o + base));
                keys.append(more_keys);
                items.append(more_items);
            }
            // Columns of one declaration have one type.
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use arrow_array::cast::AsArray;
    use arrow_array::types::{
        Float64Type, Int16Type, Int32Type, Int64Type, TimestampMicrosecondType, UInt8Type,
    };
    use arrow_array::{Array, ArrayRef};

    use super::*;
    use crate::{Columns, ExportOptions, GameConverter};

    const PGN: &[u8] = b"[White \"A\"]\n[WhiteElo \"2500\"]\n[TimeControl \"180+2\"]\n[UTCDate \"2020.01.02\"]\n[UTCTime \"10:00:00\"]\n\n1. e4 {[%clk 0:03:00] [%eval 0.2]} e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n1. e4 e5 2. Ke3 *\n\n[Black \"B\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 {[%eval #-3]} Kd7 2. e5 Ke6 3. Kd2 Kxe5 1/2-1/2\n";

    /// Both tables of `PGN` with every column, taken as plain columns or as record batches.
    fn both() -> (PlainTables, crate::Batches) {
        let options = ExportOptions::new().columns(Columns::ALL);
        let read = |converter: &mut GameConverter| {
            let mut reader = scoresheet_pgn::Reader::new(PGN);
            while !matches!(
                converter.next_outcome(&mut reader),
                scoresheet_pgn::pump::GameOutcome::End
            ) {}
        };
        let mut plain = GameConverter::new(Arc::from("t.pgn"), options);
        read(&mut plain);
        let mut batches = GameConverter::new(Arc::from("t.pgn"), options);
        read(&mut batches);
        let plain = plain.take_plain().expect("plain");
        (plain, batches.take_batches().expect("batches"))
    }

    fn assert_column_equal(plain: &PlainColumn, array: &ArrayRef) {
        let name = plain.name;
        let valid: Option<Vec<u8>> = array
            .logical_nulls()
            .filter(|n| n.null_count() > 0)
            .map(|n| n.iter().map(u8::from).collect());
        assert_eq!(plain.valid, valid, "{name}: nulls");
        assert_eq!(plain.len(), array.len(), "{name}: rows");
        match &plain.values {
            PlainValues::Int32(v) => assert_eq!(
                &v[..],
                &array.as_primitive::<Int32Type>().values()[..],
                "{name}"
            ),
            PlainValues::Int64(v) => assert_eq!(
                &v[..],
                &array.as_primitive::<Int64Type>().values()[..],
                "{name}"
            ),
            PlainValues::Float64(v) => assert_eq!(
                &v[..],
                &array.as_primitive::<Float64Type>().values()[..],
                "{name}"
            ),
            PlainValues::TimestampMicros(v) => assert_eq!(
                &v[..],
                &array.as_primitive::<TimestampMicrosecondType>().values()[..],
                "{name}"
            ),
            PlainValues::Bool(v) => {
                let bits: Vec<u8> = array.as_boolean().values().iter().map(u8::from).collect();
                assert_eq!(v, &bits, "{name}");
            }
            PlainValues::Codes(keys, names) => {
                let d = array.as_dictionary::<UInt8Type>();
                assert_eq!(&keys[..], &d.keys().values()[..], "{name}");
                let strings: Vec<&str> = d.values().as_string::<i32>().iter().flatten().collect();
                assert_eq!(&strings[..], &names[..], "{name}");
            }
            PlainValues::Tokens(keys, vocabulary) => {
                let d = array.as_dictionary::<Int16Type>();
                assert_eq!(&keys[..], &d.keys().values()[..], "{name}");
                assert_eq!(d.values().len(), vocabulary.len(), "{name}");
            }
            PlainValues::Text(text) => {
                let strings = array.as_string::<i32>();
                for i in 0..text.len() {
                    assert_eq!(text.get(i), strings.value(i), "{name} row {i}");
                }
            }
            PlainValues::Map {
                offsets,
                keys,
                items,
            } => {
                let map = array.as_map();
                assert_eq!(&offsets[..], map.value_offsets(), "{name}");
                let (k, v) = (
                    map.keys().as_string::<i32>(),
                    map.values().as_string::<i32>(),
                );
                for i in 0..keys.len() {
                    assert_eq!(
                        (keys.get(i), items.get(i)),
                        (k.value(i), v.value(i)),
                        "{name}"
                    );
                }
            }
            PlainValues::Board(codes) => {
                let list = array.as_fixed_size_list();
                assert_eq!(
                    &codes[..],
                    &list.values().as_primitive::<UInt8Type>().values()[..],
                    "{name}"
                );
            }
        }
    }

    /// The plain columns hold the record batches' values, column for column, every column.
    #[test]
    fn ok_plain_columns_are_the_batches_values() {
        let (plain, batches) = both();
        assert_eq!(plain.games.len(), batches.games.num_columns());
        assert_eq!(plain.moves.len(), batches.moves.num_columns());
        assert_eq!(batches.games.num_rows(), 2);
        assert_eq!(batches.moves.num_rows(), 13);
        for (column, array) in plain.games.iter().zip(batches.games.columns()) {
            assert_column_equal(column, array);
        }
        for (column, array) in plain.moves.iter().zip(batches.moves.columns()) {
            assert_column_equal(column, array);
        }
    }

    /// Appending tables gives the rows of both, nulls kept in place.
    #[test]
    fn ok_append_keeps_rows_and_nulls() {
        let (first, _) = both();
        let mut joined = first.clone();
        joined.append(first.clone());
        for (one, two) in first.games.iter().zip(&joined.games) {
            assert_eq!(two.len(), 2 * one.len(), "{}", one.name);
            if let Some(valid) = &one.valid {
                assert_eq!(
                    two.valid.as_deref(),
                    Some(&[&valid[..], &valid[..]].concat()[..])
                );
            }
        }
        let elo = joined
            .games
            .iter()
            .find(|c| c.name == "white_elo")
            .expect("white_elo");
        assert_eq!(elo.valid.as_deref(), Some(&[1, 0, 1, 0][..]));
    }
}
