//! Games from tables: Parquet files and Arrow record batches with one game per row, read as
//! PGN text, so that every front end (the CLI's `export`, `egd` and `load`, the Python
//! readers) reads them through the one game pump with the one replay layer.
//!
//! The layout is that of lichess's games on Hugging Face (`Lichess/standard-chess-games`:
//! header columns `Event`, `Site`, `White`, `Black`, `Result`, `WhiteTitle`, `BlackTitle`,
//! `WhiteElo`, `BlackElo`, `WhiteRatingDiff`, `BlackRatingDiff`, `UTCDate`, `UTCTime`, `ECO`,
//! `Opening`, `Termination`, `TimeControl`, and a `movetext` string), and generally any table
//! with a movetext (or whole-PGN) text column, named by [`TableOptions::movetext_column`].
//!
//! ```
//! use std::io::Read;
//! use std::sync::Arc;
//! use arrow_array::{ArrayRef, Int16Array, RecordBatch, StringArray};
//! use scoresheet_export::table_input::{RowsPgn, TableOptions};
//!
//! let white: ArrayRef = Arc::new(StringArray::from(vec![Some("Anna"), None]));
//! let elo: ArrayRef = Arc::new(Int16Array::from(vec![Some(1500), None]));
//! let moves: ArrayRef = Arc::new(StringArray::from(vec!["1. e4 { [%clk 0:03:00] } 1-0", "1. d4 *"]));
//! let batch = RecordBatch::try_from_iter([("White", white), ("WhiteElo", elo), ("movetext", moves)])?;
//! let mut pgn = String::new();
//! RowsPgn::new([Ok(batch)], TableOptions::new()).read_to_string(&mut pgn)?;
//! assert!(pgn.starts_with("[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"Anna\"]\n"));
//! assert!(pgn.contains("[WhiteElo \"1500\"]\n\n1. e4 { [%clk 0:03:00] } 1-0\n\n[Event \"?\"]\n"));
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! # Which input is a table
//!
//! An input is a Parquet file when it starts with `PAR1`
//! ([`scoresheet_pgn::input::is_parquet`], told by content, never by name); [`open`] reads it
//! as rows and anything else as PGN text (plain or compressed, [`scoresheet_pgn::input`]).
//! Parquet is read a batch of [`TableOptions::batch_rows`] rows at a time (memory bounded by
//! a batch and a row group, not the file); standard input holding Parquet is read into memory
//! first (a Parquet file is read from its end).
//!
//! # One row, one game
//!
//! Each row is written as exactly one game of PGN text, so that game `N` (counting from 1) is
//! row `N - 1` (counting from 0), whatever the row holds:
//!
//! ```text
//! row       = "[Event" ... "]\n" roster-rest column-tags text-tags "\n" movetext rest "\n"
//! ```
//!
//! - **Tags.** The seven-tag roster first, in its order, as PGN's export format has it (and
//!   the crate's writer, [`scoresheet_pgn::writer`]): each from its column when the row's value
//!   is not null, else from the row's text tags (below) when they hold it, else the default
//!   (`?`, `????.??.??` for `Date`, `*` for `Result`). `Event` always comes first. Then every
//!   other column but the movetext, in the table's order, named as the column, left out when
//!   null. Values are escaped by the writer's rule (`\"`, `\\`, line breaks and other control
//!   characters as spaces). Column types: strings (`utf8`, `large_utf8`, `utf8_view`) as they
//!   are; integers in decimal (a column whose name ends in `RatingDiff` with its sign, `+0`,
//!   `+5`, `-3`, as lichess writes it); `date32` as `YYYY.MM.DD`; a time of day (`time32`, `time64`;
//!   Parquet stores pyarrow's `time32[s]` as milliseconds) as `HH:MM:SS`, fractions dropped.
//!   A table with a column of another type, or a name that is not a PGN tag name (letters,
//!   digits, `_`), is refused with an error naming the column. A null or missing movetext
//!   column value is an empty movetext.
//! - **Text tags** (a whole-PGN column): the leading lines of the movetext value whose first
//!   byte other than blanks is `[` are tag lines, written as they are, after the column tags
//!   (the `Event` line first).
//! - **Movetext**: the remaining lines of the value, each on a line of its own (`\n`, `\r\n`
//!   and `\r` end a line); blank lines are left out (no blank line can end the game or cut a
//!   comment), and a line whose first character other than blanks and byte order marks is `[`
//!   starts with a form feed (`\x0c`, blank to the PGN reader) so that it is neither a tag
//!   line nor the start of the next game. `%` lines stay escape lines (the reader skips them
//!   inside a game as between games). An unclosed `{` runs to the next row's tag line, where
//!   the reader ends it with an error for this row only.
//! - **Rest**: when the value would still be read as more than one game (a result marker
//!   followed by more moves: the reader ends a game at its result marker), the text from the
//!   second game on becomes one `;` comment line after the first game (line breaks as spaces,
//!   at most [`MAX_REST_BYTES`]), which the reader skips as text that is not a game and reports
//!   as an oddity ([`OddityKind::NotAGame`](scoresheet_pgn::OddityKind::NotAGame)).
//!
//! Locations in messages (line, column, byte) are those of this rendering; the game number
//! names the row.

mod render;
mod values;

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

use arrow_array::RecordBatch;
use arrow_schema::ArrowError;
use parquet::arrow::arrow_reader::{ParquetRecordBatchReader, ParquetRecordBatchReaderBuilder};
use parquet::file::reader::ChunkReader;
use scoresheet_pgn::input;

pub use render::MAX_REST_BYTES;

/// Checks, before any row is read, that a table with `schema` can be read as games with
/// `options`: the movetext column is there and is text, and every other column can be a tag
/// (see the [module docs](self)). Every reader of tables calls it ([`fn@parquet`] when it opens
/// a file; [`RowsPgn`] again at each batch).
///
/// # Errors
///
/// [`io::ErrorKind::InvalidInput`] naming the column and what it should be: the caller's
/// table does not fit (a wrong `movetext_column`, say), not a damaged file.
pub fn check_columns(schema: &arrow_schema::Schema, options: &TableOptions) -> io::Result<()> {
    render::check_schema(schema, options)
}

/// Rows per batch read from Parquet by default (and the rendering's unit of memory).
pub const BATCH_ROWS: usize = 1024;

/// How a table is read: the movetext column and the batch size, with chaining setters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableOptions {
    movetext_column: String,
    batch_rows: usize,
}

impl Default for TableOptions {
    fn default() -> TableOptions {
        TableOptions::new()
    }
}

impl TableOptions {
    /// The defaults: the column `movetext`, [`BATCH_ROWS`] rows a batch.
    pub fn new() -> TableOptions {
        TableOptions {
            movetext_column: "movetext".to_owned(),
            batch_rows: BATCH_ROWS,
        }
    }

    /// The column holding each game's movetext (or whole PGN text).
    pub fn movetext_column(mut self, name: impl Into<String>) -> TableOptions {
        self.movetext_column = name.into();
        self
    }

    /// Rows read from Parquet at a time (at least 1).
    pub fn batch_rows(mut self, rows: usize) -> TableOptions {
        self.batch_rows = rows.max(1);
        self
    }

    /// The movetext column's name.
    pub fn movetext_column_name(&self) -> &str {
        &self.movetext_column
    }
}

/// The PGN text of a table's rows, one game per row (see the [module docs](self)), rendered a
/// batch at a time as it is read.
#[derive(Debug)]
pub struct RowsPgn<I> {
    batches: I,
    options: TableOptions,
    text: Vec<u8>,
    pos: usize,
    rows: u64,
    ended: bool,
}

impl<I: Iterator<Item = Result<RecordBatch, ArrowError>>> RowsPgn<I> {
    /// The rows of `batches`, in order.
    pub fn new(batches: impl IntoIterator<IntoIter = I>, options: TableOptions) -> RowsPgn<I> {
        RowsPgn {
            batches: batches.into_iter(),
            options,
            text: Vec::new(),
            pos: 0,
            rows: 0,
            ended: false,
        }
    }

    /// Rows rendered so far.
    pub fn rows(&self) -> u64 {
        self.rows
    }

    /// Renders the next batch; false at the end.
    fn next_batch(&mut self) -> io::Result<bool> {
        self.text.clear();
        self.pos = 0;
        while self.text.is_empty() {
            let Some(batch) = self.batches.next() else {
                self.ended = true;
                return Ok(false);
            };
            let batch = batch.map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))?;
            render::batch(&batch, &self.options, &mut self.text)?;
            self.rows += batch.num_rows() as u64;
        }
        Ok(true)
    }
}

impl<I: Iterator<Item = Result<RecordBatch, ArrowError>>> Read for RowsPgn<I> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.pos == self.text.len() && (self.ended || !self.next_batch()?) {
            return Ok(0);
        }
        let n = buf.len().min(self.text.len() - self.pos);
        buf[..n].copy_from_slice(&self.text[self.pos..self.pos + n]);
        self.pos += n;
        Ok(n)
    }
}

/// The games of a Parquet file as PGN text, one per row.
pub type ParquetPgn = RowsPgn<ParquetRecordBatchReader>;

/// Reads the Parquet data of `src` (a [`File`], or [`bytes::Bytes`] in memory) as PGN text.
///
/// # Errors
///
/// When the file is not readable Parquet, or its columns cannot be tags (the error names the
/// column; see the [module docs](self)).
pub fn parquet<T: ChunkReader + 'static>(src: T, options: TableOptions) -> io::Result<ParquetPgn> {
    let invalid = |e: parquet::errors::ParquetError| {
        io::Error::new(io::ErrorKind::InvalidData, format!("parquet: {e}"))
    };
    let builder = ParquetRecordBatchReaderBuilder::try_new(src).map_err(invalid)?;
    render::check_schema(builder.schema(), &options)?;
    let reader = builder
        .with_batch_size(options.batch_rows)
        .build()
        .map_err(invalid)?;
    Ok(RowsPgn::new(reader, options))
}

/// Reads Parquet data held in memory (a whole file's bytes) as PGN text.
///
/// # Errors
///
/// As [`parquet()`].
pub fn parquet_in_memory(data: Vec<u8>, options: TableOptions) -> io::Result<ParquetPgn> {
    parquet(bytes::Bytes::from(data), options)
}

/// An input opened by [`open_raw`]: PGN text as stored (maybe compressed), or a table's rows.
pub enum RawInput {
    /// PGN text, not yet decompressed ([`input::decompress`]), with the file's size if known.
    Text(Box<dyn Read + Send>, Option<u64>),
    /// A Parquet file's rows as PGN text.
    Parquet(ParquetPgn),
}

impl std::fmt::Debug for RawInput {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RawInput::Text(_, size) => f.debug_tuple("Text").field(size).finish(),
            RawInput::Parquet(rows) => f.debug_tuple("Parquet").field(&rows.rows()).finish(),
        }
    }
}

/// Opens `path` (standard input for `-`) and tells Parquet from text by its first bytes.
///
/// # Errors
///
/// When the file cannot be opened or read, or is Parquet that cannot be read (see
/// [`parquet()`]).
pub fn open_raw(path: &Path, options: &TableOptions) -> io::Result<RawInput> {
    let (mut src, size) = input::open_raw(path)?;
    let mut head = Vec::with_capacity(4);
    (&mut src).take(4).read_to_end(&mut head)?;
    if !input::is_parquet(&head) {
        return Ok(RawInput::Text(
            Box::new(io::Cursor::new(head).chain(src)),
            size,
        ));
    }
    if path == Path::new("-") {
        // Standard input cannot be read again from its start: the whole file in memory.
        src.read_to_end(&mut head)?;
        return parquet_in_memory(head, options.clone()).map(RawInput::Parquet);
    }
    drop(src);
    parquet(File::open(path)?, options.clone()).map(RawInput::Parquet)
}

/// Opens `path` (standard input for `-`) as PGN text: a Parquet file's rows rendered (see the
/// [module docs](self)), anything else decompressed if needed ([`input::open_input`]).
///
/// # Errors
///
/// As [`open_raw`] and [`input::decompress`].
pub fn open(path: &Path, options: &TableOptions) -> io::Result<Box<dyn Read + Send>> {
    match open_raw(path, options)? {
        RawInput::Text(src, _) => input::decompress(src),
        RawInput::Parquet(rows) => Ok(Box::new(rows)),
    }
}
