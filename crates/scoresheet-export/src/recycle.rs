//! Reusing the memory of batches that were written: a [`Recycler`] takes back the batches a
//! consumer is done with, and the converters fill the buffers of their `moves` columns again
//! instead of allocating new ones.
//!
//! A batch of one chunk holds a few MB of `moves` columns. Freed by the writing thread and
//! allocated anew by a converter tens of milliseconds later, that memory had gone back to the
//! system in between, and the kernel cleared every page of it again on first touch: a tenth of
//! an export's CPU time (2026-11-26, `perf` on 200 MB). A buffer is reused only when nothing
//! else holds it (Arrow's `Buffer::into_vec`); any other is simply freed.

use std::sync::{Arc, Mutex};

use arrow_array::types::ArrowDictionaryKeyType;
use arrow_array::{
    Array, ArrayRef, ArrowPrimitiveType, DictionaryArray, PrimitiveArray, RecordBatch, StringArray,
};
use arrow_schema::SchemaRef;

use crate::batches::Batches;

/// Batches kept at most: a few per worker is all the converters take before more come back.
const KEPT: usize = 4;

/// Written batches handed back for their memory, shared by the converters of
/// [`export_parallel`](crate::export_parallel) ([`ParallelExport::recycler`]).
///
/// [`ParallelExport::recycler`]: crate::ParallelExport::recycler
#[derive(Debug, Clone, Default)]
pub struct Recycler {
    spare: Arc<Mutex<Vec<Batches>>>,
}

impl Recycler {
    /// An empty recycler.
    pub fn new() -> Recycler {
        Recycler::default()
    }

    /// Hands back batches whose rows are written. Arrays of them still held elsewhere stay
    /// valid: only buffers held by nothing else are reused.
    pub fn give_back(&self, batches: Batches) {
        if let Ok(mut spare) = self.spare.lock() {
            if spare.len() < KEPT {
                spare.push(batches);
            }
        }
    }

    /// The batches handed back last, if any.
    #[cfg_attr(not(feature = "parquet"), allow(dead_code))]
    pub(crate) fn take(&self) -> Option<Batches> {
        self.spare.lock().ok()?.pop()
    }
}

/// The columns of a written `moves` batch, taken by name by the columns of the next batch.
#[derive(Debug, Default)]
pub(crate) struct SpareColumns {
    schema: Option<SchemaRef>,
    columns: Vec<Option<ArrayRef>>,
}

impl SpareColumns {
    pub(crate) fn new(batch: RecordBatch) -> SpareColumns {
        let (schema, columns, _) = batch.into_parts();
        SpareColumns {
            schema: Some(schema),
            columns: columns.into_iter().map(Some).collect(),
        }
    }

    /// The column `name` as an array of type `T`, once, no longer held by this batch (so
    /// that its buffers are held by nothing else unless something outside holds them).
    fn take<T: Array + Clone + 'static>(&mut self, name: &str) -> Option<T> {
        let index = self.schema.as_ref()?.index_of(name).ok()?;
        let array = self.columns.get_mut(index)?.take()?;
        let typed = array.as_any().downcast_ref::<T>()?.clone();
        drop(array);
        Some(typed)
    }

    /// The values of the primitive column `name`, if its buffer is held by nothing else.
    pub(crate) fn primitive<A: ArrowPrimitiveType>(
        &mut self,
        name: &str,
    ) -> Option<Vec<A::Native>> {
        let (_, values, _) = self.take::<PrimitiveArray<A>>(name)?.into_parts();
        values.into_inner().into_vec().ok()
    }

    /// The keys of the dictionary column `name`, if held by nothing else.
    pub(crate) fn keys<K: ArrowDictionaryKeyType>(&mut self, name: &str) -> Option<Vec<K::Native>> {
        let (keys, _) = self.take::<DictionaryArray<K>>(name)?.into_parts();
        let (_, keys, _) = keys.into_parts();
        keys.into_inner().into_vec().ok()
    }

    /// The offsets and bytes of the text column `name`, if both are held by nothing else.
    pub(crate) fn text(&mut self, name: &str) -> Option<(Vec<i32>, Vec<u8>)> {
        let (offsets, bytes, _) = self.take::<StringArray>(name)?.into_parts();
        let offsets = offsets.into_inner().into_inner().into_vec().ok()?;
        Some((offsets, bytes.into_vec().ok()?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arrow_array::types::{Int32Type, Int64Type, UInt8Type};
    use arrow_array::Int64Array;
    use arrow_buffer::{Buffer, OffsetBuffer, ScalarBuffer};
    use arrow_schema::{DataType, Field, Schema};

    fn batch(columns: Vec<ArrayRef>) -> RecordBatch {
        let fields: Vec<Field> = ["a", "b", "c"]
            .iter()
            .zip(&columns)
            .map(|(name, c)| Field::new(*name, c.data_type().clone(), true))
            .collect();
        RecordBatch::try_new(Arc::new(Schema::new(fields)), columns).expect("same lengths")
    }

    /// A buffer comes back with its memory (same address and capacity) when nothing else
    /// holds it, and not at all when something does.
    #[test]
    fn ok_buffers_come_back_when_unshared() {
        let mut values: Vec<i64> = Vec::with_capacity(100);
        values.extend([1, 2, 3]);
        let address = values.as_ptr();
        let ints: ArrayRef = Arc::new(Int64Array::new(ScalarBuffer::from(values), None));
        let keys = PrimitiveArray::<UInt8Type>::new(ScalarBuffer::from(vec![0u8, 1, 0]), None);
        let names: ArrayRef = Arc::new(StringArray::from(vec!["x", "y"]));
        let coded: ArrayRef = Arc::new(DictionaryArray::try_new(keys, names).expect("keys"));
        // As the sink builds texts: from vectors (an array from Arrow's builders has buffers
        // of another alignment, which cannot become vectors and are left alone).
        let offsets = OffsetBuffer::new(ScalarBuffer::from(vec![0, 2, 4, 7]));
        let bytes = Buffer::from_vec(b"e4e5Nf3".to_vec());
        let text: ArrayRef = Arc::new(StringArray::try_new(offsets, bytes, None).expect("UTF-8"));
        let built: ArrayRef = Arc::new(StringArray::from(vec!["e4"]));
        let mut spare = SpareColumns::new(batch(vec![ints, coded, text]));
        let back = spare.primitive::<Int64Type>("a").expect("unshared");
        assert_eq!(
            (back.as_ptr(), back.capacity(), &back[..]),
            (address, 100, &[1, 2, 3][..])
        );
        assert_eq!(spare.primitive::<Int64Type>("a"), None, "taken once");
        let mut other =
            SpareColumns::new(batch(vec![Arc::clone(&built), Arc::clone(&built), built]));
        drop(other.take::<StringArray>("a"));
        drop(other.take::<StringArray>("b"));
        assert_eq!(other.text("c"), None, "a builder's buffers");
        assert_eq!(spare.keys::<UInt8Type>("b"), Some(vec![0, 1, 0]));
        let (offsets, bytes) = spare.text("c").expect("unshared");
        assert_eq!(
            (&offsets[..], &bytes[..]),
            (&[0, 2, 4, 7][..], &b"e4e5Nf3"[..])
        );

        let ints: ArrayRef = Arc::new(Int64Array::from(vec![7, 8, 9]));
        let held = Arc::clone(&ints);
        let text: ArrayRef = Arc::new(StringArray::from(vec!["a", "b", "c"]));
        let sliced = text.slice(1, 2);
        let other: ArrayRef = Arc::new(StringArray::from(vec!["x", "y", "z"]));
        let mut spare = SpareColumns::new(batch(vec![ints, text, other]));
        assert_eq!(spare.primitive::<Int64Type>("a"), None, "held elsewhere");
        assert_eq!(spare.text("b"), None, "a slice holds it");
        assert_eq!(spare.primitive::<Int32Type>("c"), None, "not that type");
        assert_eq!(spare.primitive::<Int64Type>("zz"), None, "no such column");
        assert_eq!(held.len(), 3);
        assert_eq!(sliced.len(), 2);
    }

    #[test]
    fn ok_recycler_keeps_a_few() {
        let recycler = Recycler::new();
        assert!(recycler.take().is_none());
        let empty = || Batches {
            games: RecordBatch::new_empty(Arc::new(Schema::empty())),
            moves: RecordBatch::new_empty(Arc::new(Schema::new(vec![Field::new(
                "a",
                DataType::Int64,
                false,
            )]))),
        };
        for _ in 0..KEPT + 3 {
            recycler.give_back(empty());
        }
        let mut taken = 0;
        while recycler.take().is_some() {
            taken += 1;
        }
        assert_eq!(taken, KEPT);
    }
}
