//! [`EncodedBatches`]: a chunk's rows with its `moves` already encoded as Parquet row
//! groups, so that the thread writing the files only appends their bytes.
//!
//! A parallel export ([`crate::export_parallel_encoded`] with
//! [`ParallelExport::encode_parquet`](crate::ParallelExport::encode_parquet)) has each worker
//! encode the `moves` of its chunk with a [`ChunkEncoder`] of its own, a batch of
//! [`ExportOptions::batch_games`](crate::ExportOptions::batch_games) games at a time (the
//! batch's buffers then take the next games), so that the encoding and compression run on
//! every core, and [`DatasetWriter::write_encoded`](crate::DatasetWriter::write_encoded)
//! appends the row groups in input order.
//!
//! Measured with callgrind, 2 threads, 48 MB of `scripts/bench-export.sh`'s input (2026-11-27):
//! the delivery (one worker at a time) went from 3.33 G instructions to 0.49 G (encoding
//! `games`, copying bytes); the total went from 12.94 G to 13.06 G (`uci` compressed is half
//! of that). On 2 cores the delivery already overlapped the other worker's converting, so the
//! busier thread barely changed (6.66 G, then 6.62 G): the conversion bounds the speed. With
//! more cores the serial part no longer caps it at about 4 threads' worth.
//!
//! # Row groups
//!
//! - `moves`: each chunk of a parallel export is one row group (or more, past the
//!   properties' row count of 1,048,576): with chunks of [`PARQUET_CHUNK_BYTES`], about
//!   6,000 games and 500,000 moves. A chunk that would cross the end of a part file is not
//!   appended: the writer decodes its row groups and writes its rows cut at the part's end,
//!   so that every part but the last holds exactly the games per file asked for (at most one
//!   chunk per part).
//! - `games` (a row a game, about an eighth of the encoding): written by the writer as with
//!   one thread, in row groups of up to 1,048,576 rows. As row groups of one chunk, its
//!   dictionaries and pages of tag text compressed less: 88% more bytes with chunks of 1 MB,
//!   45% with 8 MB (1.4% of the dataset).

use std::fmt;
use std::sync::Arc;

use arrow_array::RecordBatch;
use bytes::Bytes;
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
use parquet::errors::ParquetError;

use crate::batches::Batches;
use crate::error::ExportError;
use crate::parquet_file::{writer_properties, EncodedRowGroup, ParquetFile, TableEncoder};
use crate::schema::moves_file_schema;
use crate::selection::Columns;

/// Input per chunk of a parallel export to Parquet: each chunk is a row group of `moves`,
/// and fewer rows a group make larger files (every group repeats its dictionaries: `uci`,
/// `san`, `clock_seconds`, `eval_cp`). Measured on 200 MB of `scripts/bench-export.sh`'s
/// input (2026-11-27), against the writer's groups of up to a million moves, before `uci`
/// was compressed: 8 MB chunks, 0.09% more bytes in all; 4 MB, 0.6%; 2 MB, 1.2%. With `uci`
/// compressed and 8 MB chunks the 1 GB dataset is 0.23% smaller than the serial writer's
/// before. The price is memory: the pump keeps up to four chunks a thread in flight, peak
/// 283 MB with 2 threads against 155 MB with the 1 MB chunks of [`CHUNK_BYTES`] (on 200 MB).
///
/// [`CHUNK_BYTES`]: crate::CHUNK_BYTES
pub const PARQUET_CHUNK_BYTES: usize = 8 << 20;

/// A chunk's rows for [`DatasetWriter::write_encoded`](crate::DatasetWriter::write_encoded):
/// batches of both tables, or, when the worker encoded them, the `games` batch and the
/// `moves` as Parquet row groups (the `moves` batch went back to the worker's buffers).
#[derive(Debug)]
pub struct EncodedBatches {
    chunk: Chunk,
}

#[derive(Debug)]
pub(crate) enum Chunk {
    Plain(Batches),
    Encoded {
        games: RecordBatch,
        moves: RowGroups,
    },
}

impl EncodedBatches {
    /// Batches without encoded row groups.
    pub fn plain(batches: Batches) -> EncodedBatches {
        EncodedBatches {
            chunk: Chunk::Plain(batches),
        }
    }

    pub(crate) fn encoded(games: RecordBatch, moves: RowGroups) -> EncodedBatches {
        EncodedBatches {
            chunk: Chunk::Encoded { games, moves },
        }
    }

    /// Whether the `moves` come encoded as Parquet row groups.
    pub fn is_encoded(&self) -> bool {
        matches!(self.chunk, Chunk::Encoded { .. })
    }

    /// The rows of `games`.
    pub fn games(&self) -> &RecordBatch {
        match &self.chunk {
            Chunk::Plain(batches) => &batches.games,
            Chunk::Encoded { games, .. } => games,
        }
    }

    /// The batches of both tables, unless the `moves` were encoded.
    pub fn into_batches(self) -> Option<Batches> {
        match self.chunk {
            Chunk::Plain(batches) => Some(batches),
            Chunk::Encoded { .. } => None,
        }
    }

    pub(crate) fn into_chunk(self) -> Chunk {
        self.chunk
    }
}

/// The rows of a chunk's `moves` as Parquet row groups.
pub(crate) struct RowGroups {
    pub(crate) groups: Vec<EncodedRowGroup>,
    /// Their rows.
    pub(crate) rows: usize,
}

impl fmt::Debug for RowGroups {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RowGroups")
            .field("groups", &self.groups.len())
            .field("rows", &self.rows)
            .finish()
    }
}

impl RowGroups {
    /// The rows back, as the files store them ([`moves_file_schema`]), through a file in
    /// memory: for the one chunk a part file cuts (its rows are split at the part's end).
    pub(crate) fn decode(self, columns: Columns) -> Result<RecordBatch, ExportError> {
        let schema = moves_file_schema(columns);
        let props = writer_properties(&schema, "moves")?;
        let mut file = ParquetFile::try_new(Vec::new(), Arc::clone(&schema), props)?;
        file.append(self.groups)?;
        let bytes = Bytes::from(file.into_inner()?);
        let mut reader = ParquetRecordBatchReaderBuilder::try_new(bytes)?
            .with_batch_size(self.rows.max(1))
            .build()?;
        match reader.next() {
            Some(batch) => Ok(batch?),
            None => Ok(RecordBatch::new_empty(schema)),
        }
    }
}

/// Encodes chunks of both tables as the dataset's files store them (the schemas and writer
/// properties of [`DatasetWriter`](crate::DatasetWriter)'s Parquet files).
#[derive(Debug)]
pub(crate) struct ChunkEncoder {
    moves: TableEncoder,
    /// Rows written since the last [`finish`](Self::finish).
    rows: usize,
}

impl ChunkEncoder {
    /// An encoder for a dataset of `columns`.
    pub(crate) fn try_new(columns: Columns) -> Result<ChunkEncoder, ExportError> {
        let moves = moves_file_schema(columns);
        Ok(ChunkEncoder {
            moves: TableEncoder::try_new(moves.clone(), writer_properties(&moves, "moves")?)?,
            rows: 0,
        })
    }

    /// Adds a `moves` batch to the chunk's row group.
    pub(crate) fn write(&mut self, moves: &RecordBatch) -> Result<(), ParquetError> {
        self.rows += moves.num_rows();
        self.moves.write(moves)
    }

    /// The chunk's row groups, closed; the next rows start another chunk.
    pub(crate) fn finish(&mut self) -> Result<RowGroups, ParquetError> {
        Ok(RowGroups {
            groups: self.moves.take_groups()?,
            rows: std::mem::take(&mut self.rows),
        })
    }
}
