//! `-o FILE`: an output file written under a temporary name next to it and renamed when
//! complete, so that a killed run or a full disk never leaves a half-written `FILE` that looks
//! like a result. Errors name the file. A target that exists and is not a regular file (a
//! device such as `/dev/null`, a named pipe) is written in place: renaming onto it would
//! replace the device with a file.

use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;

/// A file being written: `.NAME.partial-PID` in the target's folder until [`commit`]ted
/// (or the target itself when it is a device or a pipe).
///
/// [`commit`]: OutputFile::commit
pub struct OutputFile {
    target: PathBuf,
    /// The temporary file, renamed to the target by `commit`; `None` when writing in place.
    temp: Option<PathBuf>,
    file: Option<BufWriter<File>>,
}

impl OutputFile {
    /// Creates the temporary file for `target`.
    pub fn create(target: &Path) -> anyhow::Result<OutputFile> {
        if fs::metadata(target).is_ok_and(|m| !m.is_file() && !m.is_dir()) {
            let file = File::create(target)
                .with_context(|| format!("cannot write to {}", target.display()))?;
            return Ok(OutputFile {
                target: target.to_owned(),
                temp: None,
                file: Some(BufWriter::with_capacity(1 << 16, file)),
            });
        }
        let temp = temp_path(target)?;
        let file = File::create(&temp).with_context(|| {
            format!(
                "cannot create {} (for {})",
                temp.display(),
                target.display()
            )
        })?;
        Ok(OutputFile {
            target: target.to_owned(),
            temp: Some(temp),
            file: Some(BufWriter::with_capacity(1 << 16, file)),
        })
    }

    /// Flushes and syncs the data and gives the file its name.
    pub fn commit(mut self) -> anyhow::Result<()> {
        let target = self.target.display().to_string();
        let file = self.file.take().context("output already committed")?;
        let file = file
            .into_inner()
            .map_err(|e| e.into_error())
            .with_context(|| format!("cannot write {target}"))?;
        let Some(temp) = &self.temp else {
            return Ok(());
        };
        file.sync_all()
            .with_context(|| format!("cannot write {target}"))?;
        fs::rename(temp, &self.target)
            .with_context(|| format!("cannot rename {} to {target}", temp.display()))?;
        Ok(())
    }
}

impl Write for OutputFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match &mut self.file {
            Some(file) => file.write(buf).map_err(|e| named(&self.target, e)),
            None => Err(io::Error::other("output already committed")),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.file {
            Some(file) => file.flush().map_err(|e| named(&self.target, e)),
            None => Ok(()),
        }
    }
}

/// The temporary name a file is written under until complete: `.NAME.partial-PID` in the
/// target's folder.
///
/// # Errors
///
/// The target has no file name (`/`, `..`).
pub fn temp_path(target: &Path) -> anyhow::Result<PathBuf> {
    let name = target
        .file_name()
        .with_context(|| format!("cannot write to {}: not a file name", target.display()))?;
    let mut temp_name = std::ffi::OsString::from(".");
    temp_name.push(name);
    temp_name.push(format!(".partial-{}", std::process::id()));
    Ok(target.with_file_name(temp_name))
}

/// The error, naming the output file.
fn named(target: &Path, e: io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("cannot write {}: {e}", target.display()))
}

/// Where a command writes: standard output, or a file given by `-o` (`-` is standard output).
pub enum Destination {
    /// Standard output, buffered.
    Stdout(BufWriter<io::Stdout>),
    /// A file, renamed into place by [`Destination::finish`] unless a write failed.
    File {
        /// The file.
        file: OutputFile,
        /// Whether a write failed: the file is then removed, never renamed into place.
        failed: bool,
    },
}

impl Destination {
    /// Standard output for `None` or `-`, else the file.
    pub fn open(path: Option<&Path>) -> anyhow::Result<Destination> {
        Ok(match path {
            Some(p) if p.as_os_str() != "-" => Destination::File {
                file: OutputFile::create(p)?,
                failed: false,
            },
            _ => Destination::Stdout(BufWriter::with_capacity(1 << 16, io::stdout())),
        })
    }

    /// Flushes, and gives a file its name unless a write to it failed (it is then removed:
    /// the failure was reported when it happened).
    pub fn finish(self) -> anyhow::Result<()> {
        match self {
            Destination::Stdout(mut out) => out.flush().context("cannot write the output"),
            Destination::File {
                file,
                failed: false,
            } => file.commit(),
            Destination::File { failed: true, .. } => Ok(()),
        }
    }
}

impl Write for Destination {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Destination::Stdout(out) => out.write(buf),
            Destination::File { file, failed } => file.write(buf).inspect_err(|_| *failed = true),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Destination::Stdout(out) => out.flush(),
            Destination::File { file, failed } => file.flush().inspect_err(|_| *failed = true),
        }
    }
}

/// An output file not committed (an error, a panic) is removed.
impl Drop for OutputFile {
    fn drop(&mut self) {
        if let (Some(_), Some(temp)) = (self.file.take(), &self.temp) {
            let _ = fs::remove_file(temp);
        }
    }
}
