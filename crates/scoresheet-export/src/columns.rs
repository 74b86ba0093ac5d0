//! Column buffers that a sink fills row by row and that can drop the rows of a game it
//! abandons (Arrow's builders cannot), turned into Arrow arrays once per batch.

use std::sync::Arc;

use arrow_array::types::{Int32Type, Int64Type, TimestampMicrosecondType};
use arrow_array::{ArrayRef, PrimitiveArray, StringArray};
use arrow_buffer::{Buffer, NullBuffer, OffsetBuffer, ScalarBuffer};
use arrow_schema::ArrowError;

use crate::plain::PlainText;

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

/// A value longer than this is given room of its own size when pushed.
const LONG_VALUE: usize = 1 << 20;

/// The most room a text column's next batch is given ahead.
const ROOM_AHEAD: usize = 16 << 20;

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
        // A long value (a 50 MB tag) gets room for itself alone, not twice what is held, and
        // room ahead for the batch's next values: without it the next one doubled the room
        // (100 MiB, the 50 MB copied and its old room freed while the batch was written).
        if value.len() > LONG_VALUE {
            self.bytes.reserve_exact(value.len() + LONG_VALUE);
        }
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

    /// The bytes of row `i` (empty for a null or a row out of range).
    #[cfg(test)]
    fn get_bytes(&self, i: usize) -> &[u8] {
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
            // The next batch is about as big: room for it now saves growing step by step (up
            // to a bound: one batch with a long value says nothing of the next).
            None => (
                Vec::new(),
                Vec::with_capacity(self.bytes.len().min(ROOM_AHEAD)),
            ),
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

impl Text {
    /// The strings as plain text (offsets from 0) and their validity, leaving this empty.
    pub(crate) fn take_plain(&mut self) -> (PlainText, Option<Vec<u8>>) {
        let mut text = PlainText::default();
        // A text past 2 GiB is cut by the caller's batches long before (as `take`).
        text.offsets.extend(self.ends.iter().map(|&end| end as i32));
        text.data = std::mem::take(&mut self.bytes);
        self.ends.clear();
        (text, self.take_valid())
    }

    fn take_valid(&mut self) -> Option<Vec<u8>> {
        let valid = (self.nulls > 0).then(|| self.valid.iter().map(|&v| u8::from(v)).collect());
        self.valid.clear();
        self.nulls = 0;
        valid
    }
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

    /// The values and their validity (a byte a row), leaving this empty.
    pub(crate) fn take_plain(&mut self) -> (Vec<T>, Option<Vec<u8>>) {
        let valid = (self.nulls > 0).then(|| self.valid.iter().map(|&v| u8::from(v)).collect());
        self.valid.clear();
        self.nulls = 0;
        (std::mem::take(&mut self.values), valid)
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
        v.push(7);
        let array = v.take();
        let array = array.as_any().downcast_ref::<Int32Array>().expect("i32");
        assert_eq!(array.len(), 3);
        assert!(array.is_null(1));
        assert_eq!(array.value(2), 7);
    }
}
