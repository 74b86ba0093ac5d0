//! [`ParquetFile`]: one Parquet table file, written row group by row group like arrow-rs's
//! `ArrowWriter` (same schema metadata, properties and row group size), except that the
//! short text columns of `moves` ([`is_short_text`]) are encoded by [`ShortTextChunk`] rather
//! than by the Arrow column writers.
//!
//! The encoding of a row group and its writing are apart: a [`TableEncoder`] turns rows into
//! [`EncodedRowGroup`]s (closed, compressed column chunks in memory) on any thread, and
//! [`ParquetFile::append`] only copies such a group's bytes into the file. A parallel export
//! encodes each chunk's rows in its worker ([`crate::export_parallel_encoded`]); a serial one
//! ([`ParquetFile::write`]) fills row groups of up to the properties' row count and encodes
//! each when it is full, with the file's own encoder.

use std::io::Write;
use std::sync::Arc;

use arrow_array::{Array, MapArray, RecordBatch, StringArray};
use arrow_buffer::ArrowNativeType;
use arrow_schema::SchemaRef;
use bytes::Bytes;
use parquet::arrow::arrow_writer::{
    compute_leaves, ArrowColumnChunk, ArrowColumnWriter, ArrowRowGroupWriterFactory,
};
use parquet::arrow::ArrowWriter;
use parquet::basic::{Compression, Encoding, ZstdLevel};
use parquet::column::writer::ColumnCloseResult;
use parquet::errors::ParquetError;
use parquet::file::metadata::KeyValue;
use parquet::file::properties::{EnabledStatistics, WriterProperties, WriterPropertiesPtr};
use parquet::file::writer::SerializedFileWriter;
use parquet::schema::types::{ColumnDescPtr, ColumnPath};

use crate::encoding::ParquetEncoding;
use crate::error::ExportError;
use crate::games_table::GAME_COLUMNS;
use crate::moves_table::MOVE_COLUMNS;
use crate::schema::SCHEMA_VERSION;
use crate::short_text::ShortTextChunk;

/// Whether a column of `moves` is a text encoded by [`ShortTextChunk`]: the columns that
/// batches hold as dictionaries (squares, codes, `san`, `uci`), whose values nearly all have
/// at most seven bytes (a longer one, such as `move_type`'s `short_castle`, takes a slower
/// path).
fn is_short_text(column: &str) -> bool {
    MOVE_COLUMNS
        .iter()
        .any(|c| c.name == column && c.is_short_text())
}

/// A Parquet file being written.
pub(crate) struct ParquetFile<W: Write + Send> {
    writer: SerializedFileWriter<W>,
    encoder: TableEncoder,
    /// The rows not yet encoded (serial writing).
    group: Option<RowGroup>,
}

impl<W: Write + Send> std::fmt::Debug for ParquetFile<W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ParquetFile")
            .field("schema", &self.encoder.schema)
            .finish_non_exhaustive()
    }
}

impl<W: Write + Send> ParquetFile<W> {
    /// Starts a file with `schema` (stored in the file as the Arrow writer stores it).
    pub(crate) fn try_new(
        out: W,
        schema: SchemaRef,
        props: WriterProperties,
    ) -> Result<ParquetFile<W>, ParquetError> {
        let arrow = ArrowWriter::try_new(out, Arc::clone(&schema), Some(props))?;
        let (writer, factory) = arrow.into_serialized_writer()?;
        let encoder = TableEncoder::with_factory(&writer, factory, schema);
        Ok(ParquetFile {
            writer,
            encoder,
            group: None,
        })
    }

    /// Writes a batch, ending a row group each time it reaches the maximum row count. A row
    /// holding a text value over [`LONG_VALUE`] bytes is a row group of its own
    /// ([`write_alone`](Self::write_alone)).
    pub(crate) fn write(&mut self, batch: &RecordBatch) -> Result<(), ParquetError> {
        let mut start = 0;
        for (row, columns) in long_values(batch) {
            self.write_rows(&batch.slice(start, row - start))?;
            self.write_alone(&batch.slice(row, 1), &columns)?;
            start = row + 1;
        }
        self.write_rows(&batch.slice(start, batch.num_rows() - start))
    }

    /// Writes one row holding a long text value in `columns` (their indices in the schema)
    /// as a row group of its own, without min/max statistics for those columns, after the
    /// rows written before it; the next rows start another group.
    ///
    /// arrow-rs's column writer copies a value twice for its statistics (the minimum and the
    /// maximum of each batch it encodes) and keeps them until the row group closes, beside
    /// the batch's value and the dictionary's: with a 50 MB tag value, four copies at once
    /// (`export` peaked at 287 to 314 MiB at 1 thread, 336 at 2). Without the statistics,
    /// the batch and the dictionary (then its page) hold it, and only while this row is
    /// encoded. The values are the same; the group's chunk of a long column has no
    /// statistics (a reader cannot skip that group by them, and reads it).
    fn write_alone(&mut self, row: &RecordBatch, columns: &[usize]) -> Result<(), ParquetError> {
        let schema = Arc::clone(&self.encoder.schema);
        let long: Vec<&str> = columns
            .iter()
            .map(|&c| schema.field(c).name().as_str())
            .collect();
        let mut props = WriterProperties::clone(&self.encoder.props).into_builder();
        for (leaf, _) in &self.encoder.leaves {
            let path = leaf.path();
            if path
                .parts()
                .first()
                .is_some_and(|p| long.contains(&p.as_str()))
            {
                props = props.set_column_statistics_enabled(path.clone(), EnabledStatistics::None);
            }
        }
        let mut encoder = TableEncoder::try_new(Arc::clone(&schema), props.build())?;
        encoder.write(row)?;
        let groups = encoder.take_groups()?;
        drop(encoder);
        self.append(groups)
    }

    /// Writes rows into the open row group, ending it each time it reaches the maximum row
    /// count.
    fn write_rows(&mut self, batch: &RecordBatch) -> Result<(), ParquetError> {
        let max_rows = self.encoder.max_rows;
        let mut rest = batch.clone();
        while rest.num_rows() > 0 {
            if self.group.is_none() {
                self.group = Some(self.encoder.new_group()?);
            }
            let group = self
                .group
                .as_mut()
                .ok_or_else(|| ParquetError::General("no row group".into()))?;
            let take = rest.num_rows().min(max_rows - group.rows);
            let head = rest.slice(0, take);
            rest = rest.slice(take, rest.num_rows() - take);
            group.write(&self.encoder.schema, &head)?;
            if group.rows >= max_rows {
                self.flush()?;
            }
        }
        Ok(())
    }

    /// Appends row groups encoded elsewhere, after the rows written before them.
    pub(crate) fn append(&mut self, groups: Vec<EncodedRowGroup>) -> Result<(), ParquetError> {
        self.flush()?;
        for group in groups {
            self.append_group(group)?;
        }
        Ok(())
    }

    /// Completes the file and returns the output.
    pub(crate) fn into_inner(mut self) -> Result<W, ParquetError> {
        self.flush()?;
        self.writer.into_inner()
    }

    fn flush(&mut self) -> Result<(), ParquetError> {
        let Some(group) = self.group.take() else {
            return Ok(());
        };
        let encoded = self.encoder.close(group)?;
        self.append_group(encoded)
    }

    fn append_group(&mut self, group: EncodedRowGroup) -> Result<(), ParquetError> {
        let mut out = self.writer.next_row_group()?;
        for column in group.columns {
            match column {
                EncodedColumn::Arrow(chunk) => chunk.append_to_row_group(&mut out)?,
                EncodedColumn::Short(bytes, close) => out.append_column(&bytes, *close)?,
            }
        }
        out.close()?;
        Ok(())
    }
}

/// A text value longer than this is written in a row group of its own, without statistics
/// ([`ParquetFile::write_alone`]): no ordinary value comes near it (a game's tags take a few
/// hundred bytes), and finding one costs a length comparison per text column of a batch.
const LONG_VALUE: usize = 1 << 20;

/// The rows of `batch` holding a text value over [`LONG_VALUE`] bytes, in order, each with
/// the columns (indices) holding one.
fn long_values(batch: &RecordBatch) -> Vec<(usize, Vec<usize>)> {
    let mut found: Vec<(usize, usize)> = Vec::new();
    for (column, array) in batch.columns().iter().enumerate() {
        found.extend(
            long_rows(array.as_ref())
                .into_iter()
                .map(|row| (row, column)),
        );
    }
    found.sort_unstable();
    let mut rows: Vec<(usize, Vec<usize>)> = Vec::new();
    for (row, column) in found {
        match rows.last_mut() {
            Some((last, columns)) if *last == row => columns.push(column),
            _ => rows.push((row, vec![column])),
        }
    }
    rows
}

/// The rows of `array` holding a text value over [`LONG_VALUE`] bytes, a map's keys and
/// values included (the `tags` column), in order. A text column whose bytes in all are
/// fewer is not read further.
fn long_rows(array: &dyn Array) -> Vec<usize> {
    if let Some(text) = array.as_any().downcast_ref::<StringArray>() {
        if text.values().len() <= LONG_VALUE {
            return Vec::new();
        }
        let ends = text.value_offsets().windows(2).enumerate();
        return ends
            .filter(|(_, w)| w[1].as_usize() - w[0].as_usize() > LONG_VALUE)
            .map(|(row, _)| row)
            .collect();
    }
    let Some(map) = array.as_any().downcast_ref::<MapArray>() else {
        return Vec::new();
    };
    // Entries are numbered in the map's entries, which a slice of the map does not cut.
    let offsets = map.value_offsets();
    let mut rows: Vec<usize> = map
        .entries()
        .columns()
        .iter()
        .flat_map(|c| long_rows(c.as_ref()))
        .filter_map(|entry| {
            let after = offsets.partition_point(|&o| o.as_usize() <= entry);
            after.checked_sub(1).filter(|_| after < offsets.len())
        })
        .collect();
    rows.sort_unstable();
    rows.dedup();
    rows
}

/// Rows of one table encoded as a Parquet row group: every column chunk closed and
/// compressed, in memory, waiting to be appended to a file of the same schema and properties
/// ([`ParquetFile::append`]).
pub(crate) struct EncodedRowGroup {
    columns: Vec<EncodedColumn>,
}

impl std::fmt::Debug for EncodedRowGroup {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EncodedRowGroup")
            .field("columns", &self.columns.len())
            .finish_non_exhaustive()
    }
}

enum EncodedColumn {
    Arrow(Box<ArrowColumnChunk>),
    Short(Bytes, Box<ColumnCloseResult>),
}

/// Encodes rows of one table into row groups: the column writers of the Arrow writer, and a
/// [`ShortTextChunk`] for each short text column (kept, with its buffers, from one group to
/// the next). Made for the schema and properties of the files the groups go into.
pub(crate) struct TableEncoder {
    /// The row group being filled by [`TableEncoder::write`].
    open: Option<RowGroup>,
    /// The row groups filled, closed.
    done: Vec<EncodedRowGroup>,
    factory: ArrowRowGroupWriterFactory,
    schema: SchemaRef,
    props: WriterPropertiesPtr,
    /// The leaf columns, and whether each is one [`is_short_text`] names.
    leaves: Vec<(ColumnDescPtr, bool)>,
    /// The short text chunks of the last row group, emptied, by leaf column: the next group
    /// fills them again (their buffers stay allocated).
    spare: Vec<Option<Box<ShortTextChunk>>>,
    max_rows: usize,
}

impl std::fmt::Debug for TableEncoder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TableEncoder")
            .field("schema", &self.schema)
            .finish_non_exhaustive()
    }
}

impl TableEncoder {
    /// An encoder for files of `schema` written with `props` (as [`ParquetFile::try_new`]
    /// makes them).
    pub(crate) fn try_new(
        schema: SchemaRef,
        props: WriterProperties,
    ) -> Result<TableEncoder, ParquetError> {
        // The file writer only lends its schema descriptor and properties; nothing is written.
        let arrow = ArrowWriter::try_new(std::io::sink(), Arc::clone(&schema), Some(props))?;
        let (writer, factory) = arrow.into_serialized_writer()?;
        Ok(TableEncoder::with_factory(&writer, factory, schema))
    }

    fn with_factory<W: Write + Send>(
        writer: &SerializedFileWriter<W>,
        factory: ArrowRowGroupWriterFactory,
        schema: SchemaRef,
    ) -> TableEncoder {
        let props = Arc::clone(writer.properties());
        let leaves: Vec<(ColumnDescPtr, bool)> = writer
            .schema_descr()
            .columns()
            .iter()
            .map(|c| {
                let parts = c.path().parts();
                (Arc::clone(c), parts.len() == 1 && is_short_text(&parts[0]))
            })
            .collect();
        TableEncoder {
            open: None,
            done: Vec::new(),
            factory,
            schema,
            max_rows: props.max_row_group_row_count().unwrap_or(usize::MAX).max(1),
            props,
            spare: leaves.iter().map(|_| None).collect(),
            leaves,
        }
    }

    /// Adds the rows of `batch` (of the encoder's schema, or its batch form with dictionaries
    /// for the short text columns) to the row group being filled, closing it (and starting
    /// another) whenever it reaches the properties' row count.
    pub(crate) fn write(&mut self, batch: &RecordBatch) -> Result<(), ParquetError> {
        let mut start = 0;
        while start < batch.num_rows() {
            let mut group = match self.open.take() {
                Some(group) => group,
                None => self.new_group()?,
            };
            let rows = (self.max_rows - group.rows).min(batch.num_rows() - start);
            group.write(&self.schema, &batch.slice(start, rows))?;
            start += rows;
            match group.rows >= self.max_rows {
                true => {
                    let closed = self.close(group)?;
                    self.done.push(closed);
                }
                false => self.open = Some(group),
            }
        }
        Ok(())
    }

    /// Closes the row group being filled, and returns every group closed since the last call.
    pub(crate) fn take_groups(&mut self) -> Result<Vec<EncodedRowGroup>, ParquetError> {
        if let Some(group) = self.open.take() {
            let closed = self.close(group)?;
            self.done.push(closed);
        }
        Ok(std::mem::take(&mut self.done))
    }

    fn new_group(&mut self) -> Result<RowGroup, ParquetError> {
        // The index only matters to encryption, which these files do not use.
        let writers = self.factory.create_column_writers(0)?;
        let columns = writers
            .into_iter()
            .zip(&self.leaves)
            .zip(&mut self.spare)
            .map(|((writer, (descr, short)), spare)| match short {
                true => Column::Short(
                    spare
                        .take()
                        .unwrap_or_else(|| Box::new(ShortTextChunk::new(Arc::clone(descr)))),
                ),
                false => Column::Arrow(Box::new(writer)),
            })
            .collect();
        Ok(RowGroup { columns, rows: 0 })
    }

    /// Closes every column chunk of `group`.
    fn close(&mut self, group: RowGroup) -> Result<EncodedRowGroup, ParquetError> {
        let mut columns = Vec::with_capacity(group.columns.len());
        for (column, spare) in group.columns.into_iter().zip(&mut self.spare) {
            columns.push(match column {
                Column::Arrow(writer) => EncodedColumn::Arrow(Box::new(writer.close()?)),
                Column::Short(mut chunk) => {
                    let (bytes, close) = chunk.finish(&self.props)?;
                    *spare = Some(chunk);
                    EncodedColumn::Short(bytes, Box::new(close))
                }
            });
        }
        Ok(EncodedRowGroup { columns })
    }
}

/// The row group being filled: one encoder per leaf column.
struct RowGroup {
    columns: Vec<Column>,
    rows: usize,
}

enum Column {
    Arrow(Box<ArrowColumnWriter>),
    Short(Box<ShortTextChunk>),
}

impl RowGroup {
    fn write(&mut self, schema: &SchemaRef, batch: &RecordBatch) -> Result<(), ParquetError> {
        let mut columns = self.columns.iter_mut();
        for (field, array) in schema.fields().iter().zip(batch.columns()) {
            // A short text column is a leaf of its own: no levels to compute for it.
            let mut next = columns.next();
            if let Some(Column::Short(chunk)) = &mut next {
                chunk.write(array.as_ref())?;
                continue;
            }
            for leaf in compute_leaves(field, array)? {
                match next.take().or_else(|| columns.next()) {
                    Some(Column::Arrow(writer)) => writer.write(&leaf)?,
                    _ => return Err(ParquetError::General("leaves and columns differ".into())),
                }
            }
        }
        self.rows += batch.num_rows();
        Ok(())
    }
}

/// zstd (level 1: 10% faster than 3 for 1% more bytes), the schema version in the key-value
/// metadata, and per-column settings where the defaults waste space or time (each measured in
/// instructions on `real.pgn` and bytes on 100 MB of it, 2026-11-25):
///
/// - `ply` as deltas, `position_key` without a dictionary (nearly every value is distinct);
/// - in `moves`, no dictionary where interning each value costs more than it saves: `game_id`
///   (the same value for a game's rows: plain values compress to less than the dictionary of
///   every game), `move_number`, `repetition`, `halfmove_clock` (as deltas): 4.5% fewer
///   instructions, 0.7% more bytes (with `side`, which now has a dictionary again: below);
/// - no min/max statistics on the text columns of `moves` (comparing every string for them was
///   a fifth of the Parquet encoding's time) nor on its numbers that no range filter can use
///   to skip a row group (each group of a million moves holds nearly every value:
///   `move_number`, clocks, evaluations, `position_key`, ...): 2% fewer instructions.
///   `game_id` and `ply` keep theirs, and so does every column of `games`;
/// - values handed to the encoders 8,192 at a time (default 1,024): 0.4% fewer;
/// - `position_key` (64 random bits a value), `from_square` and `to_square` (pages of
///   dictionary indices, nearly as dense as they come) not compressed: zstd took 3% of the
///   instructions to save 3.6% of the bytes (with `uci`, compressed again since 2026-11-27:
///   a parallel export's `moves` row groups are a chunk each, and repeat `uci`'s dictionary
///   page, which compression shrinks too; on `real.pgn` 0.5% more instructions, in the
///   workers, for 0.4% fewer bytes; on 200 MB of the benchmark input with 2 threads, 3.8%
///   fewer bytes of `uci`, the dataset 0.28% smaller than the serial writer's before).
///
/// The short text columns of `moves` (`side`, `san`, `uci`, squares, piece codes,
/// `move_type`) always have a dictionary and no statistics; their compression comes from
/// here, but their pages are written by [`ParquetFile`] without the Arrow writer's interning
/// (2026-11-26, `real.pgn`: 14.0% fewer instructions, 15.0% with `side`, which as lengths and
/// bytes had cost more; the same tables, 0.03% more bytes with `side`).
pub(crate) fn writer_properties(
    schema: &SchemaRef,
    table: &str,
) -> Result<WriterProperties, ExportError> {
    let metadata = vec![
        KeyValue::new(
            "scoresheet.schema_version".to_owned(),
            SCHEMA_VERSION.to_string(),
        ),
        KeyValue::new("scoresheet.table".to_owned(), table.to_owned()),
    ];
    let column = |name: &str| ColumnPath::from(name);
    let mut builder = WriterProperties::builder()
        .set_compression(Compression::ZSTD(ZstdLevel::try_new(1)?))
        .set_key_value_metadata(Some(metadata))
        .set_write_batch_size(8192);
    let columns: Vec<(&str, ParquetEncoding)> = match table {
        "moves" => MOVE_COLUMNS.iter().map(|c| (c.name, c.parquet)).collect(),
        _ => GAME_COLUMNS.iter().map(|c| (c.name, c.parquet)).collect(),
    };
    let columns = columns
        .into_iter()
        .filter(|(name, _)| schema.field_with_name(name).is_ok());
    for (name, p) in columns {
        let path = column(name);
        builder = builder.set_column_dictionary_enabled(path.clone(), p.dictionary);
        if !p.compressed {
            builder = builder.set_column_compression(path.clone(), Compression::UNCOMPRESSED);
        }
        if p.delta {
            builder = builder.set_column_encoding(path.clone(), Encoding::DELTA_BINARY_PACKED);
        }
        if !p.statistics {
            builder = builder.set_column_statistics_enabled(path, EnabledStatistics::None);
        }
    }
    Ok(builder.build())
}

#[cfg(test)]
mod tests {
    use super::*;
    use arrow_array::{ArrayRef, Int32Array, StringArray};
    use arrow_schema::{DataType, Field, Schema};
    use arrow_select::concat::concat_batches;
    use bytes::Bytes;
    use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
    use parquet::basic::{Compression, ZstdLevel};
    use std::sync::Arc;

    /// Values of `san` (required) and `captured` (nullable) for `rows` rows: `distinct`
    /// values, among them the empty one and some longer than seven bytes.
    fn columns(rows: usize, distinct: usize) -> (StringArray, StringArray) {
        let name = |i: usize| match i % distinct {
            0 => String::new(),
            3 => "a value longer than seven bytes".to_owned(),
            n => format!("v{n}"),
        };
        let san = StringArray::from_iter_values((0..rows).map(|i| name(i * 7 / 3)));
        let captured: StringArray = (0..rows)
            .map(|i| (i % 5 != 1 && i % 40 < 30).then(|| name(i / 9)))
            .collect();
        (san, captured)
    }

    /// How the batches reach the file.
    #[derive(Debug, Clone, Copy, PartialEq)]
    enum Via {
        /// [`ParquetFile::write`]: the file's own row groups.
        Write,
        /// [`TableEncoder::write`] (another encoder, as a worker's) and
        /// [`ParquetFile::append`].
        Append,
        /// Both, batch after batch.
        Mixed,
    }

    /// Writes the rows in batches of `batch` and reads them back.
    fn round_trip(rows: usize, distinct: usize, batch: usize, compression: Compression, via: Via) {
        let schema = Arc::new(Schema::new(vec![
            Field::new("ply", DataType::Int32, false),
            Field::new("san", DataType::Utf8, false),
            Field::new("captured", DataType::Utf8, true),
        ]));
        let (san, captured) = columns(rows, distinct);
        let ply = Int32Array::from_iter_values(0..rows as i32);
        let all: Vec<ArrayRef> = vec![Arc::new(ply), Arc::new(san), Arc::new(captured)];
        let all = RecordBatch::try_new(Arc::clone(&schema), all).expect("same schema");
        let props = WriterProperties::builder()
            .set_compression(compression)
            .set_data_page_row_count_limit(7)
            .set_max_row_group_row_count(Some(50))
            .build();
        let mut worker = TableEncoder::try_new(Arc::clone(&schema), props.clone()).expect("schema");
        let mut file =
            ParquetFile::try_new(Vec::new(), Arc::clone(&schema), props).expect("schema");
        let mut appended_groups = 0;
        for (i, start) in (0..rows).step_by(batch).enumerate() {
            let len = batch.min(rows - start);
            let slice = all.slice(start, len);
            if via == Via::Append || (via == Via::Mixed && i % 2 == 1) {
                worker.write(&slice).expect("in memory");
                let groups = worker.take_groups().expect("in memory");
                appended_groups += groups.len();
                file.append(groups).expect("in memory");
            } else {
                file.write(&slice).expect("in memory");
            }
        }
        let bytes = Bytes::from(file.into_inner().expect("in memory"));
        let builder = ParquetRecordBatchReaderBuilder::try_new(bytes).expect("a Parquet file");
        let groups = builder.metadata().num_row_groups();
        let reader = builder.build().expect("a reader");
        let read: Vec<RecordBatch> = reader.map(|b| b.expect("readable")).collect();
        let read = concat_batches(&schema, &read).expect("same schema");
        let what = format!("rows {rows}, distinct {distinct}, batch {batch}, {via:?}");
        assert_eq!(read, all, "{what}");
        if via == Via::Append {
            // A group per batch, or more when a batch has more rows than a group takes.
            let expected: usize = (0..rows)
                .step_by(batch)
                .map(|start| batch.min(rows - start).div_ceil(50))
                .sum();
            assert_eq!(groups, expected, "{what}");
            assert_eq!(groups, appended_groups, "{what}");
        }
    }

    /// A row with a text value over [`LONG_VALUE`] (in a text column or among a map's
    /// values) is a row group of its own, whose long columns have no statistics; the values
    /// read back are the ones written, and the other groups keep their statistics.
    #[test]
    fn ok_long_value_row_group_alone() {
        use arrow_array::builder::{MapBuilder, StringBuilder};
        let long = "z".repeat(LONG_VALUE + 1);
        let event = StringArray::from(vec!["a", long.as_str(), "b", "c", "d"]);
        let mut tags = MapBuilder::new(None, StringBuilder::new(), StringBuilder::new());
        for row in 0..5 {
            if row == 3 {
                tags.keys().append_value("Annotator");
                tags.values().append_value(&long);
            }
            tags.keys().append_value("Round");
            tags.values().append_value(row.to_string());
            tags.append(true).expect("keys and values");
        }
        let tags = tags.finish();
        let schema = Arc::new(Schema::new(vec![
            Field::new("ply", DataType::Int32, false),
            Field::new("event", DataType::Utf8, false),
            Field::new("tags", tags.data_type().clone(), false),
        ]));
        let columns: Vec<ArrayRef> = vec![
            Arc::new(Int32Array::from_iter_values(0..5)),
            Arc::new(event),
            Arc::new(tags),
        ];
        let all = RecordBatch::try_new(Arc::clone(&schema), columns).expect("same schema");
        assert_eq!(long_values(&all), [(1, vec![1]), (3, vec![2])]);
        assert_eq!(long_values(&all.slice(2, 3)), [(1, vec![2])], "a slice");
        assert!(long_values(&all.slice(4, 1)).is_empty());
        let props = WriterProperties::builder().build();
        let mut file =
            ParquetFile::try_new(Vec::new(), Arc::clone(&schema), props).expect("schema");
        file.write(&all.slice(0, 4)).expect("in memory");
        file.write(&all.slice(4, 1)).expect("in memory");
        let bytes = Bytes::from(file.into_inner().expect("in memory"));
        let builder = ParquetRecordBatchReaderBuilder::try_new(bytes).expect("a Parquet file");
        let metadata = Arc::clone(builder.metadata());
        let read: Vec<RecordBatch> = builder
            .build()
            .expect("a reader")
            .map(|b| b.expect("readable"))
            .collect();
        assert_eq!(concat_batches(&schema, &read).expect("same schema"), all);
        // Rows 0, 1 (long event), 2, 3 (long tag value), then 4 with the next batch's.
        let groups: Vec<i64> = metadata.row_groups().iter().map(|g| g.num_rows()).collect();
        assert_eq!(groups, [1, 1, 1, 1, 1]);
        // Leaves: ply, event, tags' key, tags' value.
        let has_statistics = |group: usize| -> Vec<bool> {
            let columns = metadata.row_group(group).columns();
            columns.iter().map(|c| c.statistics().is_some()).collect()
        };
        assert_eq!(has_statistics(0), [true; 4]);
        assert_eq!(has_statistics(1), [true, false, true, true]);
        assert_eq!(has_statistics(3), [true, true, false, false]);
        assert_eq!(has_statistics(4), [true; 4]);
    }

    #[test]
    fn ok_short_text_round_trip() {
        let zstd = Compression::ZSTD(ZstdLevel::try_new(1).expect("a level"));
        for (rows, distinct, batch) in [
            (0, 1, 1),
            (1, 1, 1),
            (9, 1, 4),
            (120, 5, 13),
            (333, 300, 64),
            (70_000, 70_000, 9_000),
        ] {
            for compression in [Compression::UNCOMPRESSED, zstd] {
                for via in [Via::Write, Via::Append, Via::Mixed] {
                    round_trip(rows, distinct, batch, compression, via);
                }
            }
        }
    }
}
