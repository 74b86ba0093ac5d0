//! Splitting `select`'s chosen games into files of a directory (`--out-dir`): by a number of
//! games per file (`--split-games N`: `part-00000.pgn`, `part-00001.pgn`, ...) or by a tag's
//! value (`--split-by TAG`: one file per value).
//!
//! Every file is written under a temporary name (`.NAME.partial-PID`, as every output file)
//! and renamed when complete: a file of `--split-games` when it holds its N games (the last
//! at the end), the files of `--split-by` at the end of the run. A failed run leaves no file
//! that looks complete.
//!
//! File names of `--split-by`: the value's letters and digits (any script), `-`, `_` and `.`
//! kept, any other character (`/`, `\`, spaces, quotes, control characters) written `_`,
//! leading dots dropped, at most 100 characters, then `.pgn`; an empty value is `_`, a game
//! without the tag goes to `_missing.pgn`. Two values whose names would be the same file (also
//! when they differ only in letter case, for case-insensitive file systems) get `-2`, `-3`,
//! ... after the second and later, in the order the values first appear. Files are kept open
//! up to [`MAX_OPEN`] at a time: past that, all are flushed and closed, and reopened when
//! needed.

use std::collections::{HashMap, HashSet};
use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;

use crate::output_file::{temp_path, OutputFile};

/// The most files of `--split-by` open at once.
pub const MAX_OPEN: usize = 64;

/// The longest file name made of a tag value, in characters (before `.pgn`).
const MAX_NAME: usize = 100;

/// Files of `N` games each.
pub struct GameFiles {
    dir: PathBuf,
    per_file: u64,
    in_file: u64,
    next: u64,
    file: Option<OutputFile>,
}

impl GameFiles {
    /// Files of `per_file` games in `dir` (created if needed).
    pub fn new(dir: &Path, per_file: u64) -> anyhow::Result<GameFiles> {
        create_dir(dir)?;
        Ok(GameFiles {
            dir: dir.to_owned(),
            per_file: per_file.max(1),
            in_file: 0,
            next: 0,
            file: None,
        })
    }

    /// Writes one game.
    pub fn write_game(&mut self, game: &[u8]) -> io::Result<()> {
        let file = match &mut self.file {
            Some(file) => file,
            None => {
                let target = self.dir.join(format!("part-{:05}.pgn", self.next));
                self.next += 1;
                self.in_file = 0;
                self.file
                    .insert(OutputFile::create(&target).map_err(io::Error::other)?)
            }
        };
        file.write_all(game)?;
        self.in_file += 1;
        if self.in_file == self.per_file {
            if let Some(file) = self.file.take() {
                file.commit().map_err(io::Error::other)?;
            }
        }
        Ok(())
    }

    /// Names the last file.
    pub fn finish(self) -> anyhow::Result<()> {
        self.file.map_or(Ok(()), OutputFile::commit)
    }
}

/// One file of `--split-by`.
struct TagFile {
    target: PathBuf,
    temp: PathBuf,
    out: Option<BufWriter<File>>,
}

/// One file per value of a tag.
pub struct TagFiles {
    dir: PathBuf,
    /// The file of each value (`None`: games without the tag).
    files: HashMap<Option<String>, TagFile>,
    /// The file names taken, lower-cased.
    taken: HashSet<String>,
    open: usize,
    /// Whether the files are renamed into place at the end (false after a write error: they
    /// are removed).
    failed: bool,
}

impl TagFiles {
    /// Files in `dir` (created if needed).
    pub fn new(dir: &Path) -> anyhow::Result<TagFiles> {
        create_dir(dir)?;
        Ok(TagFiles {
            dir: dir.to_owned(),
            files: HashMap::new(),
            taken: HashSet::new(),
            open: 0,
            failed: false,
        })
    }

    /// Writes one game to the file of `value` (`None`: the game has no such tag).
    pub fn write_game(&mut self, value: Option<&str>, game: &[u8]) -> io::Result<()> {
        let written = self.write(value, game);
        self.failed |= written.is_err();
        written
    }

    fn write(&mut self, value: Option<&str>, game: &[u8]) -> io::Result<()> {
        let key = value.map(str::to_owned);
        if !self.files.contains_key(&key) {
            let file = self.new_file(value)?;
            self.files.insert(key.clone(), file);
        }
        let must_open = self.files.get(&key).is_some_and(|f| f.out.is_none());
        if must_open && self.open >= MAX_OPEN {
            self.close_all()?;
        }
        let file = self
            .files
            .get_mut(&key)
            .ok_or_else(|| io::Error::other("split file lost"))?;
        if file.out.is_none() {
            let handle = OpenOptions::new().append(true).open(&file.temp);
            let handle = handle.map_err(|e| named(&file.target, e))?;
            file.out = Some(BufWriter::with_capacity(1 << 16, handle));
            self.open += 1;
        }
        let out = file
            .out
            .as_mut()
            .ok_or_else(|| io::Error::other("closed"))?;
        out.write_all(game).map_err(|e| named(&file.target, e))
    }

    /// A file for a value first met: its name chosen, its temporary file created empty.
    fn new_file(&mut self, value: Option<&str>) -> io::Result<TagFile> {
        let base = match value {
            Some(value) => safe_name(value),
            None => "_missing".to_owned(),
        };
        let mut name = base.clone();
        let mut n = 1;
        while !self.taken.insert(name.to_lowercase()) {
            n += 1;
            name = format!("{base}-{n}");
        }
        let target = self.dir.join(format!("{name}.pgn"));
        let temp = temp_path(&target).map_err(io::Error::other)?;
        File::create(&temp).map_err(|e| named(&target, e))?;
        Ok(TagFile {
            target,
            temp,
            out: None,
        })
    }

    fn close_all(&mut self) -> io::Result<()> {
        for file in self.files.values_mut() {
            if let Some(mut out) = file.out.take() {
                out.flush().map_err(|e| named(&file.target, e))?;
            }
        }
        self.open = 0;
        Ok(())
    }

    /// Flushes every file and gives each its name (after a write error, removes them).
    pub fn finish(mut self) -> anyhow::Result<()> {
        if self.failed {
            return Ok(());
        }
        self.close_all().context("cannot write the split files")?;
        for file in self.files.values() {
            let f = File::open(&file.temp).and_then(|f| f.sync_all());
            f.with_context(|| format!("cannot write {}", file.target.display()))?;
            fs::rename(&file.temp, &file.target).with_context(|| {
                let temp = file.temp.display();
                format!("cannot rename {temp} to {}", file.target.display())
            })?;
        }
        self.files.clear();
        Ok(())
    }
}

/// A split run not finished (an error) leaves no temporary file.
impl Drop for TagFiles {
    fn drop(&mut self) {
        for file in self.files.values() {
            let _ = fs::remove_file(&file.temp);
        }
    }
}

fn create_dir(dir: &Path) -> anyhow::Result<()> {
    fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))
}

/// The error, naming the file.
fn named(target: &Path, e: io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("cannot write {}: {e}", target.display()))
}

/// A tag value as a file name (without `.pgn`): see the module docs.
fn safe_name(value: &str) -> String {
    let kept = |c: char| c.is_alphanumeric() || matches!(c, '-' | '_' | '.');
    let name: String = value
        .chars()
        .map(|c| if kept(c) { c } else { '_' })
        .skip_while(|&c| c == '.')
        .take(MAX_NAME)
        .collect();
    match name.is_empty() {
        true => "_".to_owned(),
        false => name,
    }
}

#[cfg(test)]
mod tests {
    use super::safe_name;

    #[test]
    fn ok_safe_name() {
        let long = "x".repeat(300);
        let cases = [
            ("Carlsen, Magnus", "Carlsen__Magnus"),
            ("../../etc/passwd", "_.._etc_passwd"),
            ("..", "_"),
            ("", "_"),
            ("B90", "B90"),
            ("Müller", "Müller"),
            ("a\u{0}b\\c:d*e?f\"g<h>i|j", "a_b_c_d_e_f_g_h_i_j"),
            (".hidden", "hidden"),
            (long.as_str(), &long[..100]),
        ];
        for (value, want) in cases {
            assert_eq!(safe_name(value), want, "{value:?}");
        }
    }
}
