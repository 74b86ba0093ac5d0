//! The tables' columns as plain vectors, without Arrow arrays: what a front end that copies
//! each column out once needs (the npm package's `readTables`, whose WebAssembly module would
//! more than double with Arrow's array code). The values are the record batches' own, from the
//! same declarations ([`crate::moves_table`], [`crate::games_table`]) over the same rows.

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
            (Some(start), Some(end)) => std::str::from_utf8(&self.data[start..end]).unwrap_or(""),
            _ => "",
        }
    }

    /// Appends `other`'s strings.
    pub fn append(&mut self, other: PlainText) {
        let base = self.data.len() as i32;
        self.offsets
            .extend(other.offsets[1..].iter().map(|o| o + base));
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
                let base = offsets[offsets.len() - 1];
                offsets.extend(more_offsets[1..].iter().map(|o| o + base));
                keys.append(more_keys);
                items.append(more_items);
            }
            // Columns of one declaration have one type.
            _ => {}
        }
    }
}
