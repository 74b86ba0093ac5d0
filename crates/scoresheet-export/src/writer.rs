//! [`DatasetWriter`]: the dataset directory, `games/` and `moves/`, one file per table part,
//! each written under a hidden temporary name and renamed when complete.

use std::fs::{self, File};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use arrow_array::RecordBatch;
use arrow_schema::SchemaRef;

use crate::batches::Batches;
use crate::csv;
use crate::encoded::{Chunk, EncodedBatches, RowGroups};
use crate::error::{ExportError, ExportErrorKind};
use crate::options::ExportOptions;
use crate::parquet_file::{writer_properties, EncodedRowGroup, ParquetFile};
use crate::schema::{games_schema, moves_file_schema, SCHEMA_VERSION};
use crate::selection::Columns;

/// Games per part file by default: about 100 MB of `moves` Parquet (without `fen_after`).
pub const GAMES_PER_FILE: u64 = 100_000;

/// The manifest's name, in the dataset directory (readers skip names starting with `_`).
pub const MANIFEST: &str = "_scoresheet.json";

/// The file format of the tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Format {
    /// Apache Parquet, zstd-compressed (the default).
    #[default]
    Parquet,
    /// CSV (RFC 4180), with a header line.
    Csv,
}

impl Format {
    /// The file name extension: `parquet` or `csv`.
    pub const fn extension(self) -> &'static str {
        match self {
            Format::Parquet => "parquet",
            Format::Csv => "csv",
        }
    }
}

/// Settings of a [`DatasetWriter`], with chaining setters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DatasetOptions {
    format: Format,
    games_per_file: u64,
    replace: bool,
    columns: Columns,
}

impl Default for DatasetOptions {
    fn default() -> Self {
        DatasetOptions::new()
    }
}

impl DatasetOptions {
    /// Parquet, [`GAMES_PER_FILE`] games per part, refusing a directory with a dataset.
    pub const fn new() -> DatasetOptions {
        DatasetOptions {
            format: Format::Parquet,
            games_per_file: GAMES_PER_FILE,
            replace: false,
            columns: Columns::DEFAULT,
        }
    }

    /// The file format.
    pub const fn format(mut self, format: Format) -> DatasetOptions {
        self.format = format;
        self
    }

    /// A part ends with the first batch that brings it to `games` games or more (at least 1);
    /// batches of at most [`DatasetWriter::room`] games make every part but the last hold
    /// exactly `games`.
    pub const fn games_per_file(mut self, games: u64) -> DatasetOptions {
        self.games_per_file = if games == 0 { 1 } else { games };
        self
    }

    /// Replaces a dataset already in the directory (its part files are removed first).
    pub const fn replace(mut self, yes: bool) -> DatasetOptions {
        self.replace = yes;
        self
    }

    /// The export settings: the columns of the tables.
    pub const fn export(mut self, options: ExportOptions) -> DatasetOptions {
        self.columns = options.columns;
        self
    }
}

/// What a finished dataset holds.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DatasetSummary {
    /// The files written, `games` and `moves` parts alternately.
    pub files: Vec<PathBuf>,
    /// Their size in bytes.
    pub bytes: u64,
    /// Rows of `games`.
    pub games: u64,
    /// Rows of `moves`.
    pub moves: u64,
}

/// Writes the dataset: `DIR/games/part-00000.parquet` and `DIR/moves/part-00000.parquet`,
/// then `part-00001`, ... Each part of `moves` holds the moves of the games in the same part
/// of `games`. A file is written as `.part-NNNNN.EXT.tmp` and renamed when complete, so that
/// a killed export leaves no file a reader takes for data (readers skip hidden names, and
/// `*.parquet` does not match them).
#[derive(Debug)]
pub struct DatasetWriter {
    dir: PathBuf,
    options: DatasetOptions,
    part: u32,
    games_in_part: u64,
    open: Option<[TableFile; 2]>,
    summary: DatasetSummary,
}

/// The `moves` of a batch of games, to write or to append.
enum Moves<'a> {
    Batch(&'a RecordBatch),
    Encoded(RowGroups),
}

impl DatasetWriter {
    /// Creates `dir` (and its parents) and its `games/` and `moves/` folders, removing
    /// temporary files a killed export left.
    ///
    /// # Errors
    ///
    /// [`ExportErrorKind::DatasetExists`] when the directory holds a complete dataset (its
    /// manifest says so; unless [`DatasetOptions::replace`]), or an I/O error. The part files
    /// of an export that failed (its manifest marked incomplete) or was killed (no manifest)
    /// are removed without asking.
    pub fn create(dir: &Path, options: DatasetOptions) -> Result<DatasetWriter, ExportError> {
        // The parts of an export that failed or was killed are no dataset to keep.
        let replace = options.replace || !matches!(dataset_state(dir)?, DatasetState::Complete);
        for table in ["games", "moves"] {
            let folder = dir.join(table);
            fs::create_dir_all(&folder).map_err(|e| ExportError::io(&folder, e))?;
            clear_folder(&folder, replace)?;
        }
        let manifest = dir.join(MANIFEST);
        if manifest.exists() {
            fs::remove_file(&manifest).map_err(|e| ExportError::io(&manifest, e))?;
        }
        Ok(DatasetWriter {
            dir: dir.to_owned(),
            options,
            part: 0,
            games_in_part: 0,
            open: None,
            summary: DatasetSummary::default(),
        })
    }

    /// Games the current part still takes: a batch of that many ends it exactly.
    pub fn room(&self) -> u64 {
        self.options
            .games_per_file
            .saturating_sub(self.games_in_part)
    }

    /// Writes a batch of each table; the part ends once it holds enough games.
    ///
    /// # Errors
    ///
    /// When a file cannot be written.
    pub fn write(&mut self, batches: &Batches) -> Result<(), ExportError> {
        self.write_part(&batches.games, Moves::Batch(&batches.moves))
    }

    /// Writes a chunk as [`write_split`](Self::write_split) does. When the worker encoded its
    /// `moves` as Parquet row groups and the chunk fits in the current part, they are
    /// appended as they are; a chunk that the part's end cuts is decoded and split (once per
    /// part at most). The files hold the same values either way. Returns the batches of a
    /// chunk not encoded, for their memory to be used again ([`crate::Recycler`]).
    ///
    /// # Errors
    ///
    /// When a file cannot be written.
    pub fn write_encoded(&mut self, chunk: EncodedBatches) -> Result<Option<Batches>, ExportError> {
        match chunk.into_chunk() {
            Chunk::Plain(batches) => {
                self.write_split(&batches)?;
                Ok(Some(batches))
            }
            Chunk::Encoded { games, moves } => {
                let fits = games.num_rows() as u64 <= self.room();
                if self.options.format == Format::Parquet && fits {
                    self.write_part(&games, Moves::Encoded(moves))?;
                } else {
                    let moves = moves.decode(self.options.columns)?;
                    self.write_split(&Batches { games, moves })?;
                }
                Ok(None)
            }
        }
    }

    /// Writes the rows of a batch of `games` and their `moves`, and ends the part once it
    /// holds enough games.
    fn write_part(&mut self, games: &RecordBatch, moves: Moves<'_>) -> Result<(), ExportError> {
        let move_rows = match &moves {
            Moves::Batch(batch) => batch.num_rows(),
            Moves::Encoded(groups) => groups.rows,
        };
        if games.num_rows() == 0 && move_rows == 0 {
            return Ok(());
        }
        if self.open.is_none() {
            self.open = Some(self.open_part()?);
        }
        if let Some([games_file, moves_file]) = &mut self.open {
            games_file.write(games)?;
            match moves {
                Moves::Batch(batch) => moves_file.write(batch)?,
                Moves::Encoded(groups) => moves_file.append(groups.groups)?,
            }
        }
        self.summary.games += games.num_rows() as u64;
        self.summary.moves += move_rows as u64;
        self.games_in_part += games.num_rows() as u64;
        if self.games_in_part >= self.options.games_per_file {
            self.close_part()?;
        }
        Ok(())
    }

    /// Writes a batch of each table of any size, cut where a part is full, so that every part
    /// but the last holds exactly the games per file asked for.
    ///
    /// # Errors
    ///
    /// When a file cannot be written.
    pub fn write_split(&mut self, batches: &Batches) -> Result<(), ExportError> {
        let mut rest = batches.clone();
        loop {
            let room = usize::try_from(self.room()).unwrap_or(usize::MAX);
            if rest.games.num_rows() <= room {
                return self.write(&rest);
            }
            let (head, tail) = rest.split_at(room);
            self.write(&head)?;
            rest = tail;
        }
    }

    /// Completes the last part (an empty part 0 when nothing was written, so that a glob
    /// over each folder always matches a file with the schema) and writes the manifest.
    ///
    /// # Errors
    ///
    /// When a file cannot be written or renamed.
    pub fn finish(mut self) -> Result<DatasetSummary, ExportError> {
        if self.open.is_none() && self.part == 0 {
            self.open = Some(self.open_part()?);
        }
        self.close_part()?;
        self.write_manifest(None)?;
        Ok(self.summary)
    }

    /// After an error that stopped the export (`why`, its message): completes the part files
    /// of what was written before it, and writes a manifest marked incomplete
    /// (`"complete":false`, with `"error"`), which [`check_dataset`] refuses and the next
    /// [`DatasetWriter::create`] replaces without asking.
    ///
    /// # Errors
    ///
    /// When a file cannot be written or renamed.
    pub fn finish_incomplete(mut self, why: &str) -> Result<DatasetSummary, ExportError> {
        self.close_part()?;
        self.write_manifest(Some(why))?;
        Ok(self.summary)
    }

    fn open_part(&mut self) -> Result<[TableFile; 2], ExportError> {
        let name = format!("part-{:05}.{}", self.part, self.options.format.extension());
        let columns = self.options.columns;
        let games = TableFile::create(
            &self.dir,
            "games",
            &name,
            games_schema(columns),
            self.options,
        )?;
        let moves = TableFile::create(
            &self.dir,
            "moves",
            &name,
            moves_file_schema(columns),
            self.options,
        )?;
        Ok([games, moves])
    }

    fn close_part(&mut self) -> Result<(), ExportError> {
        if let Some(files) = self.open.take() {
            for file in files {
                let (path, bytes) = file.finish()?;
                self.summary.files.push(path);
                self.summary.bytes += bytes;
            }
            self.part += 1;
            self.games_in_part = 0;
        }
        Ok(())
    }

    /// The manifest: complete, or incomplete because of the error `failed`.
    fn write_manifest(&self, failed: Option<&str>) -> Result<(), ExportError> {
        let state = match failed {
            None => "\"complete\":true".to_owned(),
            Some(why) => format!("\"complete\":false,\"error\":{}", json_string(why)),
        };
        let text = format!(
            "{{\"scoresheet_schema_version\":{SCHEMA_VERSION},{state},\"format\":\"{}\",\"tables\":[\"games\",\"moves\"],\"fen_after\":{},\"games_per_file\":{},\"parts\":{},\"games\":{},\"moves\":{}}}\n",
            self.options.format.extension(),
            self.options.columns.has_fen(),
            self.options.games_per_file,
            self.part,
            self.summary.games,
            self.summary.moves,
        );
        let path = self.dir.join(MANIFEST);
        let tmp = self.dir.join(format!(".{MANIFEST}.tmp"));
        fs::write(&tmp, text).map_err(|e| ExportError::io(&tmp, e))?;
        fs::rename(&tmp, &path).map_err(|e| ExportError::io(&path, e))
    }
}

/// `text` as a JSON string.
fn json_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if u32::from(c) < 0x20 => out.push_str(&format!("\\u{:04x}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// What a directory holds, as its manifest tells.
enum DatasetState {
    /// No manifest: nothing, or the parts of an export that was killed.
    NoManifest,
    /// A manifest marked incomplete: the export stopped at an error.
    Incomplete(String),
    /// A complete dataset (manifests written before the `complete` field are complete: only
    /// a finished export wrote one).
    Complete,
}

fn dataset_state(dir: &Path) -> Result<DatasetState, ExportError> {
    let path = dir.join(MANIFEST);
    let text = match fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(DatasetState::NoManifest),
        Err(e) => return Err(ExportError::io(&path, e)),
    };
    if !text.contains("\"complete\":false") {
        return Ok(DatasetState::Complete);
    }
    let error = text
        .split_once("\"error\":\"")
        .and_then(|(_, rest)| rest.split_once("\","))
        .map_or("", |(why, _)| why);
    Ok(DatasetState::Incomplete(error.to_owned()))
}

/// Checks that `dir` holds a complete dataset before it is read: its manifest
/// ([`MANIFEST`]) is there and not marked incomplete. A reader that globs the part files
/// (`DIR/moves/*.parquet`) cannot tell: the parts of an export that failed or was killed
/// are files like any other.
///
/// # Errors
///
/// [`ExportErrorKind::IncompleteDataset`] when the manifest is missing or marked incomplete,
/// or an I/O error reading it.
pub fn check_dataset(dir: &Path) -> Result<(), ExportError> {
    let why = match dataset_state(dir)? {
        DatasetState::Complete => return Ok(()),
        DatasetState::NoManifest => format!("no {MANIFEST}: the export was stopped or killed"),
        DatasetState::Incomplete(error) => format!("the export stopped at an error: {error}"),
    };
    Err(ExportErrorKind::IncompleteDataset {
        dir: dir.to_owned(),
        why,
    }
    .into())
}

/// Whether a file name is a part file or one of our temporary files.
fn is_part(name: &str) -> bool {
    name.starts_with("part-") && (name.ends_with(".parquet") || name.ends_with(".csv"))
}

fn is_temporary(name: &str) -> bool {
    name.starts_with(".part-") && name.ends_with(".tmp")
}

/// Removes temporary files; refuses (or, with `replace`, removes) part files.
fn clear_folder(folder: &Path, replace: bool) -> Result<(), ExportError> {
    let entries = fs::read_dir(folder).map_err(|e| ExportError::io(folder, e))?;
    let mut names: Vec<String> = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|e| ExportError::io(folder, e))?;
        names.push(entry.file_name().to_string_lossy().into_owned());
    }
    names.sort();
    if !replace {
        if let Some(name) = names.iter().find(|n| is_part(n)) {
            let found = folder.join(name);
            return Err(ExportErrorKind::DatasetExists { found }.into());
        }
    }
    for name in names.iter().filter(|n| is_temporary(n) || is_part(n)) {
        let path = folder.join(name);
        fs::remove_file(&path).map_err(|e| ExportError::io(&path, e))?;
    }
    Ok(())
}

/// One table file being written under its temporary name.
#[derive(Debug)]
struct TableFile {
    tmp: PathBuf,
    path: PathBuf,
    out: Output,
}

#[derive(Debug)]
enum Output {
    Parquet(Box<ParquetFile<BufWriter<File>>>),
    Csv(BufWriter<File>),
}

impl TableFile {
    /// The part `name` of `table` (`games` or `moves`) in the dataset `dir`.
    fn create(
        dir: &Path,
        table: &str,
        name: &str,
        schema: SchemaRef,
        options: DatasetOptions,
    ) -> Result<TableFile, ExportError> {
        let folder = dir.join(table);
        let tmp = folder.join(format!(".{name}.tmp"));
        let path = folder.join(name);
        let file = File::create(&tmp).map_err(|e| ExportError::io(&tmp, e))?;
        let file = BufWriter::with_capacity(1 << 20, file);
        let out = match options.format {
            Format::Parquet => {
                let props = writer_properties(&schema, table)?;
                Output::Parquet(Box::new(ParquetFile::try_new(file, schema, props)?))
            }
            Format::Csv => {
                let mut file = file;
                csv::write_header(&schema, &mut file).map_err(|e| ExportError::io(&tmp, e))?;
                Output::Csv(file)
            }
        };
        Ok(TableFile { tmp, path, out })
    }

    fn write(&mut self, batch: &RecordBatch) -> Result<(), ExportError> {
        match &mut self.out {
            Output::Parquet(writer) => Ok(writer.write(batch)?),
            Output::Csv(out) => {
                csv::write_batch(batch, out).map_err(|e| ExportError::io(&self.tmp, e))
            }
        }
    }

    fn append(&mut self, groups: Vec<EncodedRowGroup>) -> Result<(), ExportError> {
        match &mut self.out {
            Output::Parquet(writer) => Ok(writer.append(groups)?),
            Output::Csv(_) => Err(ExportError::io(
                &self.tmp,
                std::io::Error::other("Parquet row groups given for a CSV file"),
            )),
        }
    }

    /// Completes the file, syncs it and gives it its name; returns the path and size.
    fn finish(self) -> Result<(PathBuf, u64), ExportError> {
        let tmp = &self.tmp;
        let mut out = match self.out {
            Output::Parquet(writer) => writer.into_inner()?,
            Output::Csv(out) => out,
        };
        out.flush().map_err(|e| ExportError::io(tmp, e))?;
        let file = out
            .into_inner()
            .map_err(|e| ExportError::io(tmp, e.into_error()))?;
        file.sync_all().map_err(|e| ExportError::io(tmp, e))?;
        let bytes = file.metadata().map_err(|e| ExportError::io(tmp, e))?.len();
        drop(file);
        fs::rename(tmp, &self.path).map_err(|e| ExportError::io(&self.path, e))?;
        Ok((self.path, bytes))
    }
}
