//! [`EncodedBatches`]: a chunk's batches with their `moves` rows already encoded as Parquet
//! row groups, so that the thread writing the files only appends their bytes.
//!
//! A parallel export ([`crate::export_parallel_encoded`] with
//! [`ParallelExport::encode_parquet`](crate::ParallelExport::encode_parquet)) has each worker
//! encode the `moves` of the chunk it converted with a [`ChunkEncoder`] of its own, so that
//! the encoding and compression run on every core, and
//! [`DatasetWriter::write_encoded`](crate::DatasetWriter::write_encoded) appends the row
//! groups in input order.
//!
//! # Row groups
//!
//! - `moves`: each chunk of a parallel export is one row group (or more, past the
//!   properties' row count of 1,048,576): with chunks of [`PARQUET_CHUNK_BYTES`], about
//!   6,000 games and 500,000 moves. A chunk that would cross the end of a part file is not
//!   appended: the writer encodes its rows itself, cut at the part's end, so that every part
//!   but the last holds exactly the games per file asked for (at most one chunk per part).
//! - `games` (a row a game, about a hundredth of the encoding): written by the writer as
//!   with one thread, in row groups of up to 1,048,576 rows. As row groups of one chunk, its
//!   dictionaries and pages of tag text compressed less: 45% more bytes.

use std::fmt;

use parquet::errors::ParquetError;

use crate::convert::Batches;
use crate::error::ExportError;
use crate::parquet_file::{EncodedRowGroup, TableEncoder};
use crate::schema::moves_file_schema;
use crate::writer::writer_properties;

/// Input per chunk of a parallel export to Parquet: each chunk is a row group of `moves`,
/// and fewer rows a group make larger files (every group repeats its dictionaries: `uci`,
/// `san`, `clock_seconds`, `eval_cp`). Measured on 200 MB of `scripts/bench-export.sh`'s
/// input (2026-11-27), against the writer's groups of up to a million moves: 8 MB chunks,
/// 0.09% more bytes in all; 4 MB, 0.6%; 2 MB, 1.2%. The price is memory: a chunk of 8 MB
/// holds about 30 MB of columns, and the pump keeps up to four chunks a thread in flight
/// (peak 397 MB with 2 threads against 155 MB with the 1 MB chunks of [`CHUNK_BYTES`]).
///
/// [`CHUNK_BYTES`]: crate::CHUNK_BYTES
pub const PARQUET_CHUNK_BYTES: usize = 8 << 20;

/// A chunk's batches of both tables and, when the worker encoded them, their Parquet row
/// groups for [`DatasetWriter::write_encoded`](crate::DatasetWriter::write_encoded).
#[derive(Debug)]
pub struct EncodedBatches {
    /// The rows of both tables.
    pub batches: Batches,
    pub(crate) parquet: Option<RowGroups>,
}

impl EncodedBatches {
    /// Batches without encoded row groups.
    pub fn plain(batches: Batches) -> EncodedBatches {
        EncodedBatches {
            batches,
            parquet: None,
        }
    }

    /// Whether the rows come encoded as Parquet row groups too.
    pub fn is_encoded(&self) -> bool {
        self.parquet.is_some()
    }
}

/// The rows of a chunk's `moves` as Parquet row groups.
pub(crate) struct RowGroups {
    pub(crate) moves: Vec<EncodedRowGroup>,
}

impl fmt::Debug for RowGroups {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RowGroups")
            .field("moves", &self.moves.len())
            .finish()
    }
}

/// Encodes chunks of both tables as the dataset's files store them (the schemas and writer
/// properties of [`DatasetWriter`](crate::DatasetWriter)'s Parquet files).
#[derive(Debug)]
pub(crate) struct ChunkEncoder {
    moves: TableEncoder,
}

impl ChunkEncoder {
    /// An encoder for a dataset with `fen_after` in `moves` or not.
    pub(crate) fn try_new(fen: bool) -> Result<ChunkEncoder, ExportError> {
        let moves = moves_file_schema(fen);
        Ok(ChunkEncoder {
            moves: TableEncoder::try_new(moves.clone(), writer_properties(&moves)?)?,
        })
    }

    pub(crate) fn encode(&mut self, batches: &Batches) -> Result<RowGroups, ParquetError> {
        Ok(RowGroups {
            moves: self.moves.encode(&batches.moves)?,
        })
    }
}
