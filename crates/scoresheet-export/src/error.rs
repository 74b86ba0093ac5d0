//! [`ExportError`]: why an export stopped.

use std::path::{Path, PathBuf};
use std::{error, fmt, io};

use arrow_schema::ArrowError;
use parquet::errors::ParquetError;
use scoresheet_pgn::ReadError;

/// Why an export stopped (a rejected game does not stop it: it is reported and skipped).
#[derive(Debug)]
pub struct ExportError {
    kind: Box<ExportErrorKind>,
}

/// What went wrong.
#[derive(Debug)]
#[non_exhaustive]
pub enum ExportErrorKind {
    /// Reading, writing, renaming or removing a file.
    Io {
        /// The file or directory.
        path: PathBuf,
        /// The cause.
        error: io::Error,
    },
    /// The output directory already holds a dataset (and replacing it was not asked for).
    DatasetExists {
        /// A data file found there.
        found: PathBuf,
    },
    /// The directory holds no complete dataset ([`check_dataset`](crate::check_dataset)).
    IncompleteDataset {
        /// The dataset directory.
        dir: PathBuf,
        /// Why: no manifest, or the error the export stopped at.
        why: String,
    },
    /// Reading the input failed past recovery (an I/O error, a game beyond the size limit).
    Read(ReadError),
    /// Writing Parquet failed.
    Parquet(ParquetError),
    /// Building a record batch failed.
    Arrow(ArrowError),
}

impl ExportError {
    /// What went wrong.
    pub fn kind(&self) -> &ExportErrorKind {
        &self.kind
    }

    pub(crate) fn io(path: &Path, error: io::Error) -> ExportError {
        ExportErrorKind::Io {
            path: path.to_owned(),
            error,
        }
        .into()
    }
}

impl From<ExportErrorKind> for ExportError {
    fn from(kind: ExportErrorKind) -> ExportError {
        ExportError {
            kind: Box::new(kind),
        }
    }
}

impl From<ParquetError> for ExportError {
    fn from(e: ParquetError) -> ExportError {
        ExportErrorKind::Parquet(e).into()
    }
}

impl From<ArrowError> for ExportError {
    fn from(e: ArrowError) -> ExportError {
        ExportErrorKind::Arrow(e).into()
    }
}

impl From<ReadError> for ExportError {
    fn from(e: ReadError) -> ExportError {
        ExportErrorKind::Read(e).into()
    }
}

impl fmt::Display for ExportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &*self.kind {
            ExportErrorKind::Io { path, .. } => write!(f, "cannot write {}", path.display()),
            ExportErrorKind::DatasetExists { found } => write!(
                f,
                "{} already holds a dataset ({}); remove it or pass --force to replace it",
                found
                    .parent()
                    .and_then(Path::parent)
                    .unwrap_or(Path::new("."))
                    .display(),
                found.display()
            ),
            ExportErrorKind::IncompleteDataset { dir, why } => {
                write!(f, "{} holds no complete dataset ({why})", dir.display())
            }
            ExportErrorKind::Read(e) => write!(f, "{e}"),
            ExportErrorKind::Parquet(_) => f.write_str("cannot write Parquet"),
            ExportErrorKind::Arrow(_) => f.write_str("cannot build a record batch"),
        }
    }
}

impl error::Error for ExportError {
    fn source(&self) -> Option<&(dyn error::Error + 'static)> {
        match &*self.kind {
            ExportErrorKind::Io { error, .. } => Some(error),
            ExportErrorKind::Parquet(e) => Some(e),
            ExportErrorKind::Arrow(e) => Some(e),
            ExportErrorKind::Read(_)
            | ExportErrorKind::DatasetExists { .. }
            | ExportErrorKind::IncompleteDataset { .. } => None,
        }
    }
}
