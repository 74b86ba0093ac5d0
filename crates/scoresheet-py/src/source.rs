//! Where PGN comes from: a path (plain or compressed, through `scoresheet_pgn::input`; a
//! Parquet file, told by content, through `scoresheet_export::table_input`), bytes (PGN or a
//! Parquet file), a binary file object (read in pieces, the GIL taken for each read), or an
//! Arrow table of games (one per row: a pyarrow `Table`, `RecordBatch`, `RecordBatchReader`,
//! or a `ChunkedArray`/`Array` of movetext, read through the Arrow C stream interface).

use std::io::{self, Cursor, Read};
use std::path::PathBuf;

use arrow_array::RecordBatchReader;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedBytes;
use pyo3::types::{PyByteArray, PyBytes, PyDict, PyMemoryView};
use scoresheet_export::table_input::{self, RawInput, RowsPgn, TableOptions};
use scoresheet_pgn::input;

/// A PGN source given from Python.
#[derive(Debug)]
pub enum Source {
    /// A file (`-` is standard input), opened by `input::open_input`.
    Path(PathBuf),
    /// Bytes in memory, shared with Python without copying (`bytes`; a `bytearray` or
    /// `memoryview` is copied).
    Bytes(PyBackedBytes),
    /// An object with a `read(n)` method returning bytes.
    File(Py<PyAny>),
    /// An Arrow table of games, one per row (`table_input`'s rendering), as a C stream.
    Table(arrow_array::ffi_stream::ArrowArrayStreamReader),
}

impl Source {
    /// The source that `obj` stands for: bytes-like, a table of games, a file object, or a
    /// path (`table` names the movetext column, the one an array of games becomes).
    ///
    /// # Errors
    /// `TypeError` for anything else.
    pub fn extract(obj: &Bound<'_, PyAny>, table: &TableOptions) -> PyResult<Source> {
        if obj.is_instance_of::<PyBytes>() {
            return Ok(Source::Bytes(obj.extract()?));
        }
        if obj.is_instance_of::<PyByteArray>() || obj.is_instance_of::<PyMemoryView>() {
            let copy = obj
                .py()
                .import("builtins")?
                .getattr("bytes")?
                .call1((obj,))?;
            return Ok(Source::Bytes(copy.extract()?));
        }
        if let Some(stream) = table_stream(obj, table)? {
            return Ok(Source::Table(stream));
        }
        if obj.hasattr("read")? {
            return Ok(Source::File(obj.clone().unbind()));
        }
        match obj.extract::<PathBuf>() {
            Ok(path) => Ok(Source::Path(path)),
            Err(_) => Err(PyTypeError::new_err(format!(
                "source: expected a path (str or os.PathLike), bytes or a binary file object, \
                 not {}",
                obj.get_type().name()?
            ))),
        }
    }

    /// The name reported in messages and in the `source_file` column: the path as given,
    /// `<bytes>`, or the file object's `name` (else `<file>`). A path that cannot be opened
    /// (such as PGN text given as a `str`) is cut short in the error
    /// ([`io_error`](crate::errors::io_error)).
    pub fn name(&self, py: Python<'_>) -> String {
        match self {
            Source::Path(path) => path.display().to_string(),
            Source::Bytes(_) => "<bytes>".to_owned(),
            Source::Table(_) => "<table>".to_owned(),
            Source::File(obj) => obj
                .bind(py)
                .getattr("name")
                .and_then(|n| n.extract::<String>())
                .unwrap_or_else(|_| "<file>".to_owned()),
        }
    }

    /// The number of bytes stored, where known before reading: a regular file's size (before
    /// decompression), bytes' length.
    pub fn stored_len(&self) -> Option<u64> {
        match self {
            Source::Path(path) => std::fs::metadata(path)
                .ok()
                .filter(std::fs::Metadata::is_file)
                .map(|m| m.len()),
            Source::Bytes(bytes) => u64::try_from(bytes.len()).ok(),
            Source::File(_) | Source::Table(_) => None,
        }
    }

    /// The decompressed bytes (compression told by content, as for every input); a table
    /// (Parquet or Arrow) rendered as PGN with the settings of `table`. With them, whether
    /// the input is such a table (one game a row): messages then name each game's row.
    ///
    /// # Errors
    /// The file cannot be opened, or its first bytes cannot be read.
    pub fn open(self, table: &TableOptions) -> io::Result<(Box<dyn Read + Send>, bool)> {
        match self {
            Source::Path(path) => match table_input::open_raw(&path, table)? {
                RawInput::Text(src, _) => Ok((input::decompress(src)?, false)),
                RawInput::Parquet(rows) => Ok((Box::new(rows), true)),
            },
            Source::Bytes(bytes) if input::is_parquet(&bytes) => {
                let rows = table_input::parquet_in_memory(bytes.to_vec(), table.clone())?;
                Ok((Box::new(rows), true))
            }
            Source::Bytes(bytes) => Ok((input::decompress(Cursor::new(bytes))?, false)),
            Source::File(obj) => Ok((input::decompress(FileReader { obj })?, false)),
            Source::Table(stream) => Ok((Box::new(RowsPgn::new(stream, table.clone())), true)),
        }
    }
}

/// The Arrow C stream of a table of games, when `obj` is one: anything with
/// `__arrow_c_stream__` (a pyarrow `Table`, `RecordBatchReader`, a Polars frame), a
/// `RecordBatch`, or a `ChunkedArray`/`Array` of movetext (a table of one column, named as
/// `options` names the movetext column).
fn table_stream(
    obj: &Bound<'_, PyAny>,
    options: &TableOptions,
) -> PyResult<Option<arrow_array::ffi_stream::ArrowArrayStreamReader>> {
    use arrow_pyarrow::FromPyArrow;
    if !obj.hasattr("__arrow_c_stream__")? && !obj.hasattr("__arrow_c_array__")? {
        return Ok(None);
    }
    let pyarrow = obj.py().import("pyarrow")?;
    let is = |name: &str| -> PyResult<bool> { obj.is_instance(&pyarrow.getattr(name)?) };
    let table = if is("ChunkedArray")? || is("Array")? {
        let columns = PyDict::new(obj.py());
        columns.set_item(options.movetext_column_name(), obj)?;
        pyarrow.getattr("table")?.call1((columns,))?
    } else if is("RecordBatch")? {
        pyarrow
            .getattr("Table")?
            .call_method1("from_batches", (vec![obj.clone()],))?
    } else {
        obj.clone()
    };
    arrow_array::ffi_stream::ArrowArrayStreamReader::from_pyarrow_bound(&table).map(Some)
}

/// A Python binary file object as `Read`.
struct FileReader {
    obj: Py<PyAny>,
}

impl Read for FileReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        Python::attach(|py| {
            let data = self
                .obj
                .bind(py)
                .call_method1("read", (buf.len(),))
                .map_err(io::Error::other)?;
            let data = data.cast::<PyBytes>().map_err(|_| {
                io::Error::other(
                    "the file object's read() must return bytes (open it in binary mode)",
                )
            })?;
            let bytes = data.as_bytes();
            let Some(dest) = buf.get_mut(..bytes.len()) else {
                return Err(io::Error::other(
                    "the file object's read(n) returned more than n bytes",
                ));
            };
            dest.copy_from_slice(bytes);
            Ok(bytes.len())
        })
    }
}

/// A source opened by [`open_source`].
pub struct Opened {
    /// Its name, for messages and the `source_file` column.
    pub name: String,
    /// Its bytes (PGN text; a table's rows rendered as PGN).
    pub src: Box<dyn Read + Send>,
    /// Their number where known before reading (a file's size as stored, bytes' length),
    /// which sizes the pump's chunks.
    pub len: Option<u64>,
    /// Whether it is a table of games, one a row: messages name each game's row.
    pub table: bool,
}

/// The source `obj` stands for, opened with the GIL released. `movetext_column` names a
/// table's movetext column (default `movetext`); it does not matter for PGN text.
///
/// # Errors
/// `TypeError` for an object that is no source; the `OSError` of
/// [`io_error`](crate::errors::io_error) when it cannot be opened or its first bytes read.
pub fn open_source(obj: &Bound<'_, PyAny>, movetext_column: Option<&str>) -> PyResult<Opened> {
    let py = obj.py();
    let options = match movetext_column {
        Some(name) => TableOptions::new().movetext_column(name),
        None => TableOptions::new(),
    };
    let source = Source::extract(obj, &options)?;
    let name = source.name(py);
    if let Source::Table(stream) = &source {
        if let Err(e) = table_input::check_columns(&stream.schema(), &options) {
            return Err(table_error(&name, &e));
        }
    }
    let len = source.stored_len();
    match py.detach(|| source.open(&options)) {
        Ok((src, table)) => Ok(Opened {
            name,
            src,
            len,
            table,
        }),
        Err(e) if e.kind() == io::ErrorKind::InvalidInput => Err(table_error(&name, &e)),
        Err(e) => Err(crate::errors::io_error(&name, &e)),
    }
}

/// A table whose columns cannot be read as games ([`table_input::check_columns`]: a wrong
/// `movetext_column`, a column that cannot be a tag): a `ValueError` naming the source and
/// the column, raised before any row is read.
fn table_error(name: &str, e: &io::Error) -> PyErr {
    crate::errors::value_error(format!("{name}: {e}"))
}
