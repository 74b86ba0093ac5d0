//! [`ShortTextChunk`]: a dictionary-encoded Parquet column chunk of a text column whose values
//! are short (squares, piece codes, move types, SAN, UCI), written page by page here instead
//! of by the Arrow writer.
//!
//! The Arrow writer interns each value of a dictionary column by hashing its bytes (with a
//! general hasher) and comparing them with the stored value: a sixth of the export's
//! instructions went there. A value of at most seven bytes fits in one `u64` with its length,
//! so here it is interned by that number in a small open-addressing table: one load, a
//! multiply and an integer compare. Longer values (in `moves`, only the rarer move types:
//! castles, promotions, en-passant captures) go through a `HashMap`.
//!
//! The chunk is what the Arrow writer would write for the column with our settings: a PLAIN
//! dictionary page (values in first-seen order), then version 1 data pages of at most the
//! properties' row count limit, each holding (for a nullable column) the definition levels and
//! the values' dictionary indices, both in the RLE / bit-packing hybrid encoding, compressed
//! with the column's codec; no statistics, an offset index. Readers see the same column.

use std::collections::HashMap;
use std::sync::Arc;

use arrow_array::types::{ArrowDictionaryKeyType, Int16Type, UInt8Type};
use arrow_array::{Array, DictionaryArray, StringArray};
use arrow_buffer::ArrowNativeType;
use arrow_schema::ArrowError;
use bytes::Bytes;
use parquet::basic::{Compression, Encoding, PageType};
use parquet::column::page::{CompressedPage, Page, PageWriteSpec, PageWriter};
use parquet::column::writer::ColumnCloseResult;
use parquet::errors::ParquetError;
use parquet::file::metadata::{ColumnChunkMetaData, PageEncodingStats};
use parquet::file::page_index::offset_index::{OffsetIndexMetaData, PageLocation};
use parquet::file::properties::WriterProperties;
use parquet::file::writer::{SerializedPageWriter, TrackedWrite};
use parquet::schema::types::ColumnDescPtr;

/// The rows of one column chunk, as dictionary indices, until the row group ends.
#[derive(Debug)]
pub(crate) struct ShortTextChunk {
    descr: ColumnDescPtr,
    nullable: bool,
    dictionary: Dictionary,
    /// The dictionary index of each present value.
    indices: Vec<u32>,
    /// Whether each row's value is present (1) or null (0); empty for a required column.
    defined: Vec<u8>,
    rows: usize,
    /// Bytes of the last chunk written: room for the next.
    last_bytes: usize,
    /// Compresses the pages; kept, with its buffers, from one row group to the next.
    codec: PageCodec,
    /// A page's body before compression.
    body: Vec<u8>,
    /// [`Coded::index`]'s table, kept from one batch to the next.
    key_index: Vec<u32>,
}

impl ShortTextChunk {
    /// An empty chunk of the column `descr` (a text leaf at the top level).
    pub(crate) fn new(descr: ColumnDescPtr) -> ShortTextChunk {
        ShortTextChunk {
            nullable: descr.max_def_level() > 0,
            descr,
            dictionary: Dictionary::default(),
            indices: Vec::new(),
            defined: Vec::new(),
            rows: 0,
            last_bytes: 0,
            codec: PageCodec::default(),
            body: Vec::new(),
            key_index: Vec::new(),
        }
    }

    /// Empties the chunk for the next row group, keeping the memory of its buffers: a chunk
    /// grows to millions of rows, and memory freed and taken again between row groups had
    /// the kernel clear every page once more (page faults were a tenth of an export's time).
    fn clear(&mut self) {
        self.dictionary.clear();
        self.indices.clear();
        self.defined.clear();
        self.rows = 0;
    }

    /// Appends the rows of `array` (a `Utf8` array, or a dictionary of `UInt8` or `Int16`
    /// keys over one).
    pub(crate) fn write(&mut self, array: &dyn Array) -> Result<(), ArrowError> {
        if let Some(coded) = array.as_any().downcast_ref::<DictionaryArray<UInt8Type>>() {
            return self.write_coded(coded);
        }
        if let Some(coded) = array.as_any().downcast_ref::<DictionaryArray<Int16Type>>() {
            return self.write_coded(coded);
        }
        let array = array
            .as_any()
            .downcast_ref::<StringArray>()
            .ok_or_else(|| ArrowError::SchemaError("a short text column is not Utf8".into()))?;
        let offsets = array.value_offsets();
        let data = array.value_data();
        self.indices.reserve(array.len());
        let dictionary = &mut self.dictionary;
        let mut start = offsets[0] as usize;
        match array.nulls().filter(|_| self.nullable) {
            None => {
                let first = self.indices.len();
                self.indices.resize(first + array.len(), 0);
                dictionary.intern_all(data, offsets, &mut self.indices[first..]);
                if self.nullable {
                    self.defined.resize(self.defined.len() + array.len(), 1);
                }
            }
            Some(nulls) => {
                for (&end, valid) in offsets[1..].iter().zip(nulls.iter()) {
                    let end = end as usize;
                    self.defined.push(u8::from(valid));
                    if valid {
                        self.indices.push(dictionary.intern(data, start, end));
                    }
                    start = end;
                }
            }
        }
        self.rows += array.len();
        Ok(())
    }

    /// Appends the rows of a dictionary array: each key's value is interned at the key's first
    /// row, and the other rows take its index from a table by key (no hashing per row).
    fn write_coded<K: ArrowDictionaryKeyType>(
        &mut self,
        array: &DictionaryArray<K>,
    ) -> Result<(), ArrowError> {
        let names = array
            .values()
            .as_any()
            .downcast_ref::<StringArray>()
            .ok_or_else(|| ArrowError::SchemaError("a short text column is not Utf8".into()))?;
        let mut index = std::mem::take(&mut self.key_index);
        index.clear();
        index.resize(names.len(), NO_INDEX);
        let mut dictionary = std::mem::take(&mut self.dictionary);
        let mut coded = Coded {
            index: &mut index,
            names,
            dictionary: &mut dictionary,
        };
        let written = self.write_keys(array, &mut coded);
        self.dictionary = dictionary;
        self.key_index = index;
        written
    }

    fn write_keys<K: ArrowDictionaryKeyType>(
        &mut self,
        array: &DictionaryArray<K>,
        coded: &mut Coded<'_>,
    ) -> Result<(), ArrowError> {
        let keys = array.keys().values();
        match array.nulls().filter(|_| self.nullable) {
            None => {
                let first = self.indices.len();
                self.indices.resize(first + keys.len(), 0);
                for (out, &key) in self.indices[first..].iter_mut().zip(keys.iter()) {
                    *out = coded.index(key.as_usize())?;
                }
                if self.nullable {
                    self.defined.resize(self.defined.len() + array.len(), 1);
                }
            }
            Some(nulls) => {
                self.defined.extend(nulls.iter().map(u8::from));
                // By the set bits: `captured` and `promotion` are mostly null.
                for row in nulls.valid_indices() {
                    self.indices.push(coded.index(keys[row].as_usize())?);
                }
            }
        }
        self.rows += array.len();
        Ok(())
    }

    /// Encodes and compresses the pages; returns the chunk's bytes and what a row group
    /// writer needs to splice them in ([`SerializedRowGroupWriter::append_column`]), and
    /// leaves the chunk empty for the next row group.
    ///
    /// [`SerializedRowGroupWriter::append_column`]:
    ///     parquet::file::writer::SerializedRowGroupWriter::append_column
    pub(crate) fn finish(
        &mut self,
        props: &WriterProperties,
    ) -> Result<(Bytes, ColumnCloseResult), ParquetError> {
        let finished = self.encode(props);
        self.clear();
        finished
    }

    fn encode(
        &mut self,
        props: &WriterProperties,
    ) -> Result<(Bytes, ColumnCloseResult), ParquetError> {
        let path = self.descr.path();
        let compression = props.compression(path);
        let page_rows = props.data_page_row_count_limit().max(1);
        // About the size of the last chunk: growing step by step copies it over and over.
        let mut sink = TrackedWrite::new(Vec::with_capacity(self.last_bytes + self.last_bytes / 8));
        let mut pages = SerializedPageWriter::new(&mut sink);
        let mut totals = Totals::default();
        let dictionary_page = self.dictionary_page(compression)?;
        totals.add(&pages.write_page(dictionary_page)?);
        let mut locations = Vec::new();
        let (mut first_row, mut first_index) = (0, 0);
        let mut body = std::mem::take(&mut self.body);
        while first_row < self.rows {
            let rows = page_rows.min(self.rows - first_row);
            let values = self.page_body(first_row, rows, first_index, &mut body);
            let page = data_page(&body, rows, self.codec.compress(&body, compression)?);
            let spec = pages.write_page(page)?;
            locations.push(PageLocation {
                offset: spec.offset as i64,
                compressed_page_size: spec.bytes_written as i32,
                first_row_index: first_row as i64,
            });
            totals.add(&spec);
            first_row += rows;
            first_index += values;
        }
        pages.close()?;
        self.body = body;
        let bytes = Bytes::from(sink.into_inner()?);
        self.last_bytes = bytes.len();
        let close = self.close_result(compression, &totals, locations)?;
        Ok((bytes, close))
    }

    fn dictionary_page(
        &mut self,
        compression: Compression,
    ) -> Result<CompressedPage, ParquetError> {
        let plain = &self.dictionary.plain;
        let page = Page::DictionaryPage {
            buf: self.codec.compress(plain, compression)?,
            num_values: self.dictionary.len,
            encoding: Encoding::PLAIN,
            is_sorted: false,
        };
        Ok(CompressedPage::new(page, plain.len()))
    }

    /// Writes into `body` the levels and indices of `rows` rows from `first_row`, whose
    /// present values start at `first_index`; returns how many values are present.
    fn page_body(
        &self,
        first_row: usize,
        rows: usize,
        first_index: usize,
        body: &mut Vec<u8>,
    ) -> usize {
        body.clear();
        let mut values = rows;
        if self.nullable {
            let defined = &self.defined[first_row..first_row + rows];
            values = defined.iter().filter(|&&d| d == 1).count();
            body.extend_from_slice(&[0; 4]);
            encode_hybrid(defined, 1, body);
            let len = u32::try_from(body.len() - 4).unwrap_or(u32::MAX);
            body[..4].copy_from_slice(&len.to_le_bytes());
        }
        let width = bit_width(self.dictionary.len.saturating_sub(1));
        body.push(width);
        encode_hybrid(
            &self.indices[first_index..first_index + values],
            width,
            body,
        );
        values
    }

    fn close_result(
        &self,
        compression: Compression,
        totals: &Totals,
        locations: Vec<PageLocation>,
    ) -> Result<ColumnCloseResult, ParquetError> {
        let stats = |page_type, encoding, count| PageEncodingStats {
            page_type,
            encoding,
            count,
        };
        let data_pages = i32::try_from(locations.len()).unwrap_or(i32::MAX);
        let metadata = ColumnChunkMetaData::builder(Arc::clone(&self.descr))
            .set_compression(compression)
            .set_encodings(vec![
                Encoding::PLAIN,
                Encoding::RLE,
                Encoding::RLE_DICTIONARY,
            ])
            .set_page_encoding_stats(vec![
                stats(PageType::DICTIONARY_PAGE, Encoding::PLAIN, 1),
                stats(PageType::DATA_PAGE, Encoding::RLE_DICTIONARY, data_pages),
            ])
            .set_total_compressed_size(totals.compressed as i64)
            .set_total_uncompressed_size(totals.uncompressed as i64)
            .set_num_values(self.rows as i64)
            .set_data_page_offset(locations.first().map_or(0, |l| l.offset))
            .set_dictionary_page_offset(Some(0))
            .build()?;
        Ok(ColumnCloseResult {
            bytes_written: totals.compressed as u64,
            rows_written: self.rows as u64,
            metadata,
            bloom_filter: None,
            column_index: None,
            offset_index: Some(OffsetIndexMetaData {
                page_locations: locations,
                unencoded_byte_array_data_bytes: None,
            }),
        })
    }
}

/// Dictionary indices by key, for one dictionary array.
struct Coded<'a> {
    /// The chunk's dictionary index of each key's value ([`NO_INDEX`] until met).
    index: &'a mut [u32],
    names: &'a StringArray,
    dictionary: &'a mut Dictionary,
}

/// A key not met yet in [`Coded`].
const NO_INDEX: u32 = u32::MAX;

impl Coded<'_> {
    #[inline(always)]
    fn index(&mut self, key: usize) -> Result<u32, ArrowError> {
        match self.index.get(key) {
            Some(&NO_INDEX) | None => self.first_sight(key),
            Some(&index) => Ok(index),
        }
    }

    /// Interns the value of a key met for the first time.
    #[cold]
    fn first_sight(&mut self, key: usize) -> Result<u32, ArrowError> {
        if key >= self.names.len() || key >= self.index.len() {
            return Err(ArrowError::InvalidArgumentError(
                "a dictionary key past its values".into(),
            ));
        }
        let offsets = self.names.value_offsets();
        let (start, end) = (offsets[key] as usize, offsets[key + 1] as usize);
        let index = self.dictionary.intern(self.names.value_data(), start, end);
        self.index[key] = index;
        Ok(index)
    }
}

/// Sizes of the pages written, headers included.
#[derive(Debug, Default)]
struct Totals {
    compressed: usize,
    uncompressed: usize,
}

impl Totals {
    fn add(&mut self, spec: &PageWriteSpec) {
        self.compressed += spec.compressed_size;
        self.uncompressed += spec.uncompressed_size;
    }
}

/// A version 1 data page of `rows` rows (no repetition levels): `body` and its compressed
/// form.
fn data_page(body: &[u8], rows: usize, buf: Bytes) -> CompressedPage {
    let page = Page::DataPage {
        buf,
        num_values: u32::try_from(rows).unwrap_or(u32::MAX),
        encoding: Encoding::RLE_DICTIONARY,
        def_level_encoding: Encoding::RLE,
        rep_level_encoding: Encoding::RLE,
        statistics: None,
    };
    CompressedPage::new(page, body.len())
}

/// Compresses pages with one zstd context for as long as the level stays the same (making a
/// context for each page took its tables' memory from the system again every time).
#[derive(Default)]
struct PageCodec {
    zstd: Option<(i32, zstd::bulk::Compressor<'static>)>,
}

impl std::fmt::Debug for PageCodec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PageCodec")
            .field("zstd_level", &self.zstd.as_ref().map(|(level, _)| level))
            .finish()
    }
}

impl PageCodec {
    /// `data` compressed with `compression` (zstd or none, the codecs the export uses).
    fn compress(&mut self, data: &[u8], compression: Compression) -> Result<Bytes, ParquetError> {
        let external = |e: std::io::Error| ParquetError::External(Box::new(e));
        match compression {
            Compression::UNCOMPRESSED => Ok(Bytes::copy_from_slice(data)),
            Compression::ZSTD(level) => {
                let level = level.compression_level();
                let zstd = match &mut self.zstd {
                    Some((kept, zstd)) if *kept == level => zstd,
                    slot => {
                        let zstd = zstd::bulk::Compressor::new(level).map_err(external)?;
                        &mut slot.insert((level, zstd)).1
                    }
                };
                zstd.compress(data).map(Bytes::from).map_err(external)
            }
            other => Err(ParquetError::NYI(format!(
                "short text columns compressed with {other}"
            ))),
        }
    }
}

/// The distinct values of a column chunk, in first-seen order.
#[derive(Debug, Default)]
struct Dictionary {
    /// Open addressing by [`short_key`]: each slot holds a key (0 when free) and its index.
    slots: Vec<(u64, u32)>,
    /// Values of more than seven bytes.
    long: HashMap<Box<[u8]>, u32>,
    /// The values, PLAIN encoded (each a little-endian `u32` length, then its bytes): the
    /// dictionary page's body.
    plain: Vec<u8>,
    len: u32,
}

/// Slots of a new table; the table doubles when half full.
const FIRST_SLOTS: usize = 256;

impl Dictionary {
    /// Empties the dictionary, keeping its table's memory.
    fn clear(&mut self) {
        self.slots.fill((0, 0));
        self.long.clear();
        self.plain.clear();
        self.len = 0;
    }

    /// The index of the value at `start..end` in `data`, added if new.
    #[inline]
    fn intern(&mut self, data: &[u8], start: usize, end: usize) -> u32 {
        match find(&self.slots, data, start, end) {
            Some(index) => index,
            None => self.intern_slow(&data[start..end]),
        }
    }

    /// Writes into `out` the indices of the values between consecutive `offsets` in `data`
    /// (one more offset than `out` has room for), adding the new ones.
    fn intern_all(&mut self, data: &[u8], offsets: &[i32], out: &mut [u32]) {
        let mut done = 0;
        while done < out.len() {
            done += find_all(&self.slots, data, &offsets[done..], &mut out[done..]);
            if let (Some(out), Some(&[start, end])) =
                (out.get_mut(done), offsets.get(done..done + 2))
            {
                *out = self.intern_slow(&data[start as usize..end as usize]);
                done += 1;
            }
        }
    }

    /// A value new to the table, or one the fast path cannot take.
    #[cold]
    #[inline(never)]
    fn intern_slow(&mut self, value: &[u8]) -> u32 {
        let Some(key) = short_key(value) else {
            return self.intern_long(value);
        };
        if self.slots.is_empty() {
            self.slots = vec![(0, 0); FIRST_SLOTS];
        }
        let mask = self.slots.len() - 1;
        let mut slot = slot_of(key, mask);
        loop {
            let (k, index) = self.slots[slot];
            if k == key {
                return index;
            }
            if k == 0 {
                break;
            }
            slot = (slot + 1) & mask;
        }
        let index = self.push(value);
        self.slots[slot] = (key, index);
        if 2 * (index as usize + 1) >= self.slots.len() {
            self.grow();
        }
        index
    }

    #[cold]
    fn intern_long(&mut self, value: &[u8]) -> u32 {
        if let Some(&index) = self.long.get(value) {
            return index;
        }
        let index = self.push(value);
        self.long.insert(value.into(), index);
        index
    }

    fn push(&mut self, value: &[u8]) -> u32 {
        let len = u32::try_from(value.len()).unwrap_or(u32::MAX);
        self.plain.extend_from_slice(&len.to_le_bytes());
        self.plain.extend_from_slice(value);
        self.len += 1;
        self.len - 1
    }

    /// Doubles the table (the long values count towards its load too: harmless).
    #[cold]
    fn grow(&mut self) {
        let doubled = vec![(0, 0); self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, doubled);
        let mask = self.slots.len() - 1;
        for (key, index) in old.into_iter().filter(|&(key, _)| key != 0) {
            let mut slot = slot_of(key, mask);
            while self.slots[slot].0 != 0 {
                slot = (slot + 1) & mask;
            }
            self.slots[slot] = (key, index);
        }
    }
}

/// [`find`] for each value of a run, until one is not found: returns how many were.
fn find_all(slots: &[(u64, u32)], data: &[u8], offsets: &[i32], out: &mut [u32]) -> usize {
    for (i, (out, pair)) in out.iter_mut().zip(offsets.windows(2)).enumerate() {
        match find(slots, data, pair[0] as usize, pair[1] as usize) {
            Some(index) => *out = index,
            None => return i,
        }
    }
    out.len()
}

/// The index of the value at `start..end` in `data`, if it is short and in the table.
#[inline(always)]
fn find(slots: &[(u64, u32)], data: &[u8], start: usize, end: usize) -> Option<u32> {
    let len = end.wrapping_sub(start);
    if len > 7 {
        return None;
    }
    // One load of eight bytes, of which the value's own are kept (the last values of the
    // buffer, too near its end, go the slow way).
    let eight = data.get(start..start + 8)?;
    let word = u64::from_le_bytes(eight.try_into().unwrap_or_default());
    let key = (word & ((1 << (8 * len)) - 1)) | ((len as u64 + 1) << 56);
    let mask = slots.len().wrapping_sub(1);
    let mut slot = slot_of(key, mask);
    loop {
        let &(k, index) = slots.get(slot)?;
        if k == key {
            return Some(index);
        }
        if k == 0 {
            return None;
        }
        slot = (slot + 1) & mask;
    }
}

#[inline]
fn slot_of(key: u64, mask: usize) -> usize {
    // Fibonacci hashing: the high bits of the product mix every byte of the key.
    (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40) as usize & mask
}

/// A value of at most seven bytes as one number: its bytes (little-endian) and, in the top
/// byte, its length plus one (so that no key is 0, the free slot's). `None` for a longer value.
fn short_key(value: &[u8]) -> Option<u64> {
    if value.len() > 7 {
        return None;
    }
    let bytes = value
        .iter()
        .rev()
        .fold(0u64, |word, &b| (word << 8) | u64::from(b));
    Some(bytes | ((value.len() as u64 + 1) << 56))
}

/// Bits needed for values up to `max`.
fn bit_width(max: u32) -> u8 {
    (32 - max.leading_zeros()) as u8
}

/// Appends `values` in the RLE / bit-packing hybrid encoding with `width` bits a value (the
/// Parquet format's `Encodings.md`): a run of at least eight equal values, starting where the
/// last run ended, becomes an RLE run; other values go in groups of eight into bit-packed
/// runs (the last group padded).
fn encode_hybrid<T: Copy + Eq + Into<u64>>(values: &[T], width: u8, out: &mut Vec<u8>) {
    let mut packed_from = 0;
    let mut at = 0;
    while at < values.len() {
        let first = values[at];
        let group = &values[at..values.len().min(at + 8)];
        if group.len() == 8 && group.iter().all(|&v| v == first) {
            let run = values[at..].iter().take_while(|&&v| v == first).count();
            write_bit_packed(&values[packed_from..at], width, out);
            write_rle(first.into(), run, width, out);
            at += run;
            packed_from = at;
        } else if group.len() < 8 && at == packed_from && group.iter().all(|&v| v == first) {
            // The end: equal values after a run (or alone) as one more RLE run.
            write_rle(first.into(), group.len(), width, out);
            at += group.len();
            packed_from = at;
        } else {
            at += group.len();
        }
    }
    write_bit_packed(&values[packed_from..], width, out);
}

fn write_rle(value: u64, run: usize, width: u8, out: &mut Vec<u8>) {
    write_varint((run as u64) << 1, out);
    let bytes = value.to_le_bytes();
    out.extend_from_slice(&bytes[..usize::from(width).div_ceil(8)]);
}

/// Values in groups of eight (the last padded with zeros), as one bit-packed run.
fn write_bit_packed<T: Copy + Into<u64>>(values: &[T], width: u8, out: &mut Vec<u8>) {
    if values.is_empty() {
        return;
    }
    let groups = values.len().div_ceil(8);
    write_varint(((groups as u64) << 1) | 1, out);
    let bytes = usize::from(width);
    // Room for a whole `u128` past the last group: each is written whole, then cut to size.
    out.reserve(groups * bytes + 16);
    let mut group = [0u64; 8];
    for chunk in values.chunks(8) {
        for (g, &v) in group.iter_mut().zip(chunk) {
            *g = v.into();
        }
        group[chunk.len()..].fill(0);
        // A group of eight values takes exactly `width` bytes.
        let end = out.len() + bytes;
        if width <= 8 {
            out.extend_from_slice(&pack8(&group, width).to_le_bytes());
        } else if width <= 16 {
            out.extend_from_slice(&pack8_wide(&group, width).to_le_bytes());
        } else {
            write_wide_group(chunk, width, out);
        }
        out.truncate(end);
    }
}

/// Eight values of at most 8 bits, the first in the lowest bits.
#[inline]
fn pack8(group: &[u64; 8], width: u8) -> u64 {
    group.iter().rev().fold(0, |acc, &v| (acc << width) | v)
}

/// Eight values of at most 16 bits, the first in the lowest bits.
#[inline]
fn pack8_wide(group: &[u64; 8], width: u8) -> u128 {
    group
        .iter()
        .rev()
        .fold(0, |acc, &v| (acc << width) | u128::from(v))
}

/// One group of values of more than 16 bits (padded to eight values).
fn write_wide_group<T: Copy + Into<u64>>(group: &[T], width: u8, out: &mut Vec<u8>) {
    let width = u32::from(width);
    let mut acc: u64 = 0;
    let mut bits: u32 = 0;
    for &v in group {
        acc |= v.into() << bits;
        bits += width;
        while bits >= 8 {
            out.push(acc as u8);
            acc >>= 8;
            bits -= 8;
        }
    }
    let padding = (8 - group.len()) as u32 * width + bits;
    for _ in 0..padding.div_ceil(8) {
        out.push(acc as u8);
        acc >>= 8;
    }
}

fn write_varint(mut n: u64, out: &mut Vec<u8>) {
    while n >= 0x80 {
        out.push((n as u8) | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}
