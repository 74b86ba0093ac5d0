//! Column buffers that a sink fills row by row and that can drop the rows of a game it
//! abandons (Arrow's builders cannot), turned into Arrow arrays once per batch.

use std::sync::Arc;

use arrow_array::types::{Int32Type, Int64Type, TimestampMicrosecondType, UInt8Type};
use arrow_array::ArrowPrimitiveType;
use arrow_array::{ArrayRef, BooleanArray, DictionaryArray, PrimitiveArray, StringArray};
use arrow_buffer::{
    ArrowNativeType, BooleanBuffer, Buffer, NullBuffer, OffsetBuffer, ScalarBuffer,
};
use arrow_schema::ArrowError;

/// A text column: the bytes of every value, and where each ends.
#[derive(Debug, Default)]
pub(crate) struct Text {
    /// End of each value in `bytes` (the first starts at 0).
    ends: Vec<usize>,
    bytes: Vec<u8>,
    /// Whether each value is present; empty while all are.
    valid: Vec<bool>,
    nulls: usize,
}

impl Text {
    /// Appends a value written by `write` (which appends bytes, UTF-8).
    pub(crate) fn push_with(&mut self, write: impl FnOnce(&mut Vec<u8>)) {
        write(&mut self.bytes);
        self.ends.push(self.bytes.len());
        if self.nulls > 0 {
            self.valid.push(true);
        }
    }

    pub(crate) fn push(&mut self, value: &str) {
        self.push_with(|out| out.extend_from_slice(value.as_bytes()));
    }

    pub(crate) fn push_opt(&mut self, value: Option<&str>) {
        match value {
            Some(value) => self.push(value),
            None => self.push_null(),
        }
    }

    pub(crate) fn push_null(&mut self) {
        if self.nulls == 0 {
            self.valid.reserve(self.ends.capacity());
            self.valid.resize(self.ends.len(), true);
        }
        self.nulls += 1;
        self.ends.push(self.bytes.len());
        self.valid.push(false);
    }

    /// The value of row `i` (empty for a null or a row out of range).
    #[cfg(test)]
    pub(crate) fn get(&self, i: usize) -> &str {
        std::str::from_utf8(self.get_bytes(i)).unwrap_or_default()
    }

    /// The bytes of row `i` (empty for a null or a row out of range): [`get`](Self::get)
    /// without checking UTF-8 again.
    pub(crate) fn get_bytes(&self, i: usize) -> &[u8] {
        let start = match i {
            0 => 0,
            _ => self.ends.get(i - 1).copied().unwrap_or(0),
        };
        let end = self.ends.get(i).copied().unwrap_or(start);
        self.bytes.get(start..end).unwrap_or_default()
    }

    /// Keeps the first `rows` rows.
    pub(crate) fn truncate(&mut self, rows: usize) {
        if rows >= self.ends.len() {
            return;
        }
        self.bytes
            .truncate(if rows == 0 { 0 } else { self.ends[rows - 1] });
        self.ends.truncate(rows);
        if self.nulls > 0 {
            self.valid.truncate(rows);
            self.nulls = self.valid.iter().filter(|v| !**v).count();
            if self.nulls == 0 {
                self.valid.clear();
            }
        }
    }

    /// The column as an Arrow array, leaving it empty.
    pub(crate) fn take(&mut self) -> Result<ArrayRef, ArrowError> {
        self.take_reusing(None)
    }

    /// [`take`](Self::take) into the offsets and bytes of an array written before
    /// ([`crate::recycle`]), and with the spare bytes as the next batch's.
    pub(crate) fn take_reusing(
        &mut self,
        spare: Option<(Vec<i32>, Vec<u8>)>,
    ) -> Result<ArrayRef, ArrowError> {
        let (mut offsets, room) = match spare {
            Some((mut offsets, mut bytes)) => {
                offsets.clear();
                bytes.clear();
                (offsets, bytes)
            }
            // The next batch is about as big: room for it now saves growing step by step.
            None => (Vec::new(), Vec::with_capacity(self.bytes.len())),
        };
        offsets.reserve(self.ends.len() + 1);
        offsets.push(0i32);
        for &end in &self.ends {
            offsets.push(i32::try_from(end).map_err(|_| too_large())?);
        }
        let nulls = self.take_nulls();
        self.ends.clear();
        let bytes = Buffer::from_vec(std::mem::replace(&mut self.bytes, room));
        let offsets = OffsetBuffer::new(ScalarBuffer::from(offsets));
        // The bytes are UTF-8 by construction; `try_new` checks it anyway.
        Ok(Arc::new(StringArray::try_new(offsets, bytes, nulls)?))
    }

    fn take_nulls(&mut self) -> Option<NullBuffer> {
        let nulls = (self.nulls > 0).then(|| NullBuffer::from(self.valid.as_slice()));
        self.valid.clear();
        self.nulls = 0;
        nulls
    }
}

/// A text column whose values are names from a fixed set (squares, piece codes, move types),
/// as an Arrow array, leaving `values` empty (the names are UTF-8, so Arrow need not check the
/// bytes again, as [`Text::take`] has it do: writing the names into one buffer ourselves and
/// having Arrow check them cost more than its builder, tried 2026-11-26).
pub(crate) fn take_names<T: Copy>(
    values: &mut Vec<T>,
    name: impl Fn(T) -> &'static str,
) -> ArrayRef {
    let array = StringArray::from_iter_values(values.iter().map(|&v| name(v)));
    values.clear();
    Arc::new(array)
}

/// [`take_names`] for a column with nulls (`None`).
pub(crate) fn take_names_opt<T: Copy>(
    values: &mut Vec<Option<T>>,
    name: impl Fn(T) -> &'static str,
) -> ArrayRef {
    let array: StringArray = values.iter().map(|v| v.map(&name)).collect();
    values.clear();
    Arc::new(array)
}

/// [`take_names_opt`] as a dictionary array: each row's key is `index` of its value (below
/// [`CODES`]), the dictionary has an entry per key, the name of the values met (empty for the
/// others). Several times cheaper than the names themselves, and the Parquet writer then
/// interns each key once instead of hashing each row's name.
/// `get` gives a row's value (`None` for a null); the keys go into `spare` when given (the
/// keys of an array written before, [`crate::recycle`]).
pub(crate) fn take_codes<V: Copy, T: Copy>(
    values: &mut Vec<V>,
    get: impl Fn(V) -> Option<T>,
    index: impl Fn(T) -> usize,
    name: impl Fn(T) -> &'static str,
    spare: Option<Vec<u8>>,
) -> Result<ArrayRef, ArrowError> {
    let mut names: [Option<&str>; CODES] = [None; CODES];
    let mut keys = spare.unwrap_or_default();
    keys.clear();
    keys.resize(values.len(), 0);
    let mut nulls = 0;
    for (key, &value) in keys.iter_mut().zip(values.iter()) {
        let Some(v) = get(value) else {
            nulls += 1;
            continue;
        };
        let i = index(v);
        match names.get_mut(i) {
            Some(Some(_)) => {}
            Some(slot) => *slot = Some(name(v)),
            None => return Err(too_many_codes()),
        }
        // Below `CODES`, checked just above.
        *key = i as u8;
    }
    let nulls = (nulls > 0).then(|| {
        let valid: Vec<bool> = values.iter().map(|&v| get(v).is_some()).collect();
        NullBuffer::from(valid)
    });
    values.clear();
    let keys = PrimitiveArray::<UInt8Type>::new(ScalarBuffer::from(keys), nulls);
    let names = StringArray::from_iter_values(names.map(Option::unwrap_or_default));
    Ok(Arc::new(DictionaryArray::try_new(keys, Arc::new(names))?))
}

/// Keys of a [`take_codes`] column: a `u8` each.
pub(crate) const CODES: usize = 256;

fn too_many_codes() -> ArrowError {
    ArrowError::ComputeError("a value's code does not fit a byte".to_owned())
}

fn too_large() -> ArrowError {
    ArrowError::ComputeError("a text column of one batch exceeds 2 GiB".to_owned())
}

/// A column of numbers or booleans, each maybe absent.
#[derive(Debug)]
pub(crate) struct Values<T> {
    values: Vec<T>,
    valid: Vec<bool>,
    nulls: usize,
}

impl<T> Default for Values<T> {
    fn default() -> Self {
        Values {
            values: Vec::new(),
            valid: Vec::new(),
            nulls: 0,
        }
    }
}

impl<T: Copy + Default> Values<T> {
    #[inline]
    pub(crate) fn push(&mut self, value: T) {
        self.values.push(value);
        if self.nulls > 0 {
            self.valid.push(true);
        }
    }

    #[inline]
    pub(crate) fn push_opt(&mut self, value: Option<T>) {
        match value {
            Some(value) => self.push(value),
            None => {
                if self.nulls == 0 {
                    self.valid.reserve(self.values.capacity());
                    self.valid.resize(self.values.len(), true);
                }
                self.nulls += 1;
                self.values.push(T::default());
                self.valid.push(false);
            }
        }
    }

    /// Appends `value` `n` times.
    pub(crate) fn push_n(&mut self, value: T, n: usize) {
        self.values.resize(self.values.len() + n, value);
        if self.nulls > 0 {
            self.valid.resize(self.values.len(), true);
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.values.len()
    }

    pub(crate) fn truncate(&mut self, rows: usize) {
        if rows >= self.values.len() {
            return;
        }
        self.values.truncate(rows);
        if self.nulls > 0 {
            self.valid.truncate(rows);
            self.nulls = self.valid.iter().filter(|v| !**v).count();
            if self.nulls == 0 {
                self.valid.clear();
            }
        }
    }

    /// The values and nulls, leaving as the next batch's buffer `spare` (emptied) or, without
    /// it, a new one as big as this batch's (room for it now saves growing step by step).
    fn take_parts(&mut self, spare: Option<Vec<T>>) -> (Vec<T>, Option<NullBuffer>) {
        let nulls = self.take_nulls();
        let room = match spare {
            Some(mut spare) => {
                spare.clear();
                spare
            }
            None => Vec::with_capacity(self.values.len()),
        };
        (std::mem::replace(&mut self.values, room), nulls)
    }

    fn take_nulls(&mut self) -> Option<NullBuffer> {
        let nulls = (self.nulls > 0).then(|| NullBuffer::from(self.valid.as_slice()));
        self.valid.clear();
        self.nulls = 0;
        nulls
    }
}

/// A column of numbers often absent (a move's clock, elapsed time, evaluation): one `Option`
/// a row, split into values and validity once per batch, which costs less per row than
/// [`Values::push_opt`] keeping both up to date (the annotations' four columns took 3% of the
/// export's instructions that way).
#[derive(Debug)]
pub(crate) struct Optional<T> {
    rows: Vec<Option<T>>,
}

impl<T> Default for Optional<T> {
    fn default() -> Self {
        Optional { rows: Vec::new() }
    }
}

impl<T: ArrowNativeType> Optional<T> {
    #[inline]
    pub(crate) fn push(&mut self, value: Option<T>) {
        self.rows.push(value);
    }

    pub(crate) fn truncate(&mut self, rows: usize) {
        self.rows.truncate(rows);
    }

    /// The column as an Arrow array of type `A`, leaving it empty; its values go into `spare`
    /// when given (the values of an array written before, [`crate::recycle`]).
    pub(crate) fn take_reusing<A: ArrowPrimitiveType<Native = T>>(
        &mut self,
        spare: Option<Vec<T>>,
    ) -> ArrayRef {
        let rows = &self.rows;
        let nulls = rows.iter().any(Option::is_none).then(|| {
            let valid: Vec<bool> = rows.iter().map(Option::is_some).collect();
            NullBuffer::from(valid)
        });
        let mut values = spare.unwrap_or_default();
        values.clear();
        values.extend(rows.iter().map(|v| v.unwrap_or_default()));
        self.rows.clear();
        Arc::new(PrimitiveArray::<A>::new(ScalarBuffer::from(values), nulls))
    }
}

macro_rules! take_primitive {
    ($t:ty, $arrow:ty) => {
        impl Values<$t> {
            /// The column as an Arrow array, leaving it empty.
            pub(crate) fn take(&mut self) -> ArrayRef {
                self.take_reusing(None)
            }

            /// [`take`](Self::take), with `spare` (the values of an array written before,
            /// [`crate::recycle`]) as the next batch's buffer.
            pub(crate) fn take_reusing(&mut self, spare: Option<Vec<$t>>) -> ArrayRef {
                let (values, nulls) = self.take_parts(spare);
                Arc::new(PrimitiveArray::<$arrow>::new(
                    ScalarBuffer::from(values),
                    nulls,
                ))
            }
        }
    };
}
take_primitive!(i32, Int32Type);

impl Values<i64> {
    /// The column as an Arrow array of UTC timestamps in microseconds, leaving it empty.
    pub(crate) fn take_timestamp_utc(&mut self) -> ArrayRef {
        let (values, nulls) = self.take_parts(None);
        let array =
            PrimitiveArray::<TimestampMicrosecondType>::new(ScalarBuffer::from(values), nulls);
        Arc::new(array.with_timezone("UTC"))
    }
}
take_primitive!(i64, Int64Type);

impl Values<bool> {
    /// The column as an Arrow array, leaving it empty.
    pub(crate) fn take(&mut self) -> ArrayRef {
        let nulls = self.take_nulls();
        // From the slice, 64 bits at a time (collecting an iterator of `bool` went bit by bit).
        let bits = BooleanBuffer::from(self.values.as_slice());
        self.values.clear();
        Arc::new(BooleanArray::new(bits, nulls))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arrow_array::{Array, Int32Array};

    #[test]
    fn ok_text_truncate_and_nulls() {
        let mut t = Text::default();
        t.push("a");
        t.push_null();
        t.push("bc");
        assert_eq!(t.get(2), "bc");
        t.truncate(2);
        t.push("d");
        let array = t.take().expect("small");
        let array = array
            .as_any()
            .downcast_ref::<StringArray>()
            .expect("strings");
        assert_eq!(array.len(), 3);
        assert_eq!(array.value(0), "a");
        assert!(array.is_null(1));
        assert_eq!(array.value(2), "d");
    }

    #[test]
    fn ok_optional_values_and_nulls() {
        let mut v = Optional::<i32>::default();
        v.push(Some(3));
        v.push(None);
        v.push(Some(-1));
        v.push(None);
        v.truncate(3);
        let array = v.take_reusing::<Int32Type>(None);
        let array = array.as_any().downcast_ref::<Int32Array>().expect("i32");
        let got: Vec<Option<i32>> = array.iter().collect();
        assert_eq!(got, [Some(3), None, Some(-1)]);
        v.push(Some(5));
        let array = v.take_reusing::<Int32Type>(None);
        assert_eq!((array.len(), array.null_count()), (1, 0));
    }

    #[test]
    fn ok_truncate_drops_nulls() {
        let mut t = Text::default();
        t.push("a");
        t.push_null();
        t.truncate(1);
        let array = t.take().expect("small");
        assert_eq!(array.null_count(), 0);
        let mut v = Values::<i32>::default();
        v.push(1);
        v.push_opt(None);
        v.push_n(7, 2);
        v.truncate(3);
        let array = v.take();
        let array = array.as_any().downcast_ref::<Int32Array>().expect("i32");
        assert_eq!(array.len(), 3);
        assert!(array.is_null(1));
        assert_eq!(array.value(2), 7);
    }
}
