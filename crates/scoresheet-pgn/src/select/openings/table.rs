//! [`OpeningTable`]: named positions read from tables in the lichess chess-openings format.
//!
//! The format, as read here: UTF-8 text, lines ending in `\n` (a `\r` before it is dropped),
//! fields separated by tabs.
//!
//! ```text
//! table  = header row*
//! header = "eco" TAB "name" TAB "pgn" (TAB field)*   ; more columns are allowed and ignored
//! row    = eco TAB name TAB moves (TAB field)*       ; a line holding only whitespace is skipped
//! moves  = (number? move)*                            ; separated by spaces, from the start
//! number = digit+ "."+                                ; `1.`, `12...`, alone or before the move
//! ```
//!
//! A move is read as a game's move is ([`read_token`]: SAN, leniently, else UCI or LAN) and
//! must be legal; null moves are refused. When several rows reach one position (as the
//! Polyglot key without its en-passant part, [`without_en_passant`]) the first one read names
//! it: rows in file order, files in the order given, a directory's `*.tsv` files by name.

use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock, PoisonError};

use scoresheet::Position;

use super::without_en_passant;
use crate::replay::{read_token, GameErrorKind, TokenMove};

/// The shipped table's files (`data/openings/*.tsv`, copied from lichess chess-openings; see
/// the README beside them), ECO volume by volume.
#[cfg(any(test, not(target_arch = "wasm32")))]
const SHIPPED: [(&str, &str); 5] = [
    ("a.tsv", include_str!("../../../data/openings/a.tsv")),
    ("b.tsv", include_str!("../../../data/openings/b.tsv")),
    ("c.tsv", include_str!("../../../data/openings/c.tsv")),
    ("d.tsv", include_str!("../../../data/openings/d.tsv")),
    ("e.tsv", include_str!("../../../data/openings/e.tsv")),
];

/// The key of each row of [`SHIPPED`], in order, eight bytes little-endian: what replaying
/// the rows' moves gives (`ok_shipped_keys_are_the_rows` checks it, and writes the file with
/// `SCORESHEET_BLESS=1`).
#[cfg(not(target_arch = "wasm32"))]
const SHIPPED_KEYS: &[u8] = include_bytes!("../../../data/openings/keys.bin");

/// The shipped table from its rows and [`SHIPPED_KEYS`].
#[cfg(not(target_arch = "wasm32"))]
fn shipped_table() -> OpeningTable {
    let mut keys = SHIPPED_KEYS
        .chunks_exact(8)
        .map(|b| u64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]));
    let mut table = OpeningTable::new();
    for (file, text) in SHIPPED {
        let mut key_of = |_: &[u8]| keys.next().ok_or((0, Kind::Fields { found: 0 }));
        table
            .read_rows(Path::new(file), text.as_bytes(), &mut key_of)
            .expect("the shipped table reads (test ok_shipped_keys_are_the_rows)");
    }
    table
}

/// The shipped table's rows in their compact form (`data/openings/rows.bin`, see the
/// `compact` module): what the WebAssembly build ships instead of the files' text and keys
/// (36 KB of its size budget, gzipped, against 52 KB for the text and 30 KB more for the keys).
#[cfg(any(test, target_arch = "wasm32"))]
const SHIPPED_COMPACT: &[u8] = include_bytes!("../../../data/openings/rows.bin");

/// The shipped table in WebAssembly, from [`SHIPPED_COMPACT`].
#[cfg(target_arch = "wasm32")]
fn shipped_table() -> OpeningTable {
    compact_table(SHIPPED_COMPACT)
        .expect("the shipped compact rows read (test ok_shipped_compact_is_the_rows)")
}

/// The table of rows in the compact form; `None` if the bytes are not in that form.
#[cfg(any(test, target_arch = "wasm32"))]
fn compact_table(bytes: &[u8]) -> Option<OpeningTable> {
    let mut table = OpeningTable::new();
    super::compact::decode(bytes, |eco, name, key| table.insert_first(key, eco, name))?;
    Some(table)
}

/// A named opening: its ECO code and name as the table writes them, borrowed from the
/// [`OpeningTable`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Opening<'t> {
    /// The ECO code (`B90`).
    pub eco: &'t str,
    /// The name (`Sicilian Defense: Najdorf Variation`).
    pub name: &'t str,
}

/// A row's ECO code and name, owned by the table.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Named {
    eco: Box<str>,
    name: Box<str>,
}

/// Named positions: the key of each (the Polyglot key without its en-passant part, see
/// [`without_en_passant`]) to its ECO code and name.
///
/// [`OpeningTable::shipped`] is the lichess table copied into this crate, built at first use;
/// [`OpeningTable::read_paths`] reads others in the same format (see the [module
/// docs](self) for its grammar).
///
/// ```
/// use scoresheet::{san::San, Position};
/// use scoresheet_pgn::select::openings::{Opening, OpeningTable};
///
/// let mut table = OpeningTable::new();
/// let tsv = "eco\tname\tpgn\nB00\tKing's Pawn\t1. e4\n";
/// table.read_tsv("mine.tsv".as_ref(), tsv.as_bytes())?;
/// let mut pos = Position::new();
/// let (e4, _) = "e4".parse::<San>()?.resolve(&pos)?;
/// pos.play(e4)?;
/// let want = Opening { eco: "B00", name: "King's Pawn" };
/// assert_eq!(table.opening_of(&pos), Some(want));
/// assert!(OpeningTable::shipped().len() > 3000);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OpeningTable {
    keys: HashMap<u64, Named, BuildHasherDefault<KeyHasher>>,
}

/// The hasher of the table's keys: a key is already a hash (Zobrist: every bit equally
/// likely), so it is its own (SipHash took about 55 instructions a lookup, a few per cent
/// of an export's per-ply work).
#[derive(Debug, Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    /// Not used by `u64` keys; folds bytes in, should another key type come.
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

impl OpeningTable {
    /// An empty table.
    pub fn new() -> OpeningTable {
        OpeningTable::default()
    }

    /// The shipped table (lichess chess-openings, `data/openings/`), built at first use from
    /// its rows and the key of each row's position, shipped beside them
    /// (`data/openings/keys.bin`: replaying the rows' moves took about 50 M instructions, paid by the
    /// first export of every process).
    pub fn shipped() -> &'static OpeningTable {
        static SHIPPED_TABLE: OnceLock<OpeningTable> = OnceLock::new();
        SHIPPED_TABLE.get_or_init(shipped_table)
    }

    /// A table kept for the rest of the process (leaked once): for settings that are `Copy`,
    /// such as the export's, which hold a `&'static OpeningTable` as they hold the shipped one.
    pub fn leak(self) -> &'static OpeningTable {
        Box::leak(Box::new(self))
    }

    /// The table of a setting that names tables by path (the command-line tool's
    /// `--openings`, the Python readers' `openings=`): `None` when `paths` is empty (the
    /// setting is not given: the shipped table), else the tables in `paths` read as
    /// [`read_paths`](OpeningTable::read_paths) reads them and kept for the rest of the
    /// process, as [`leak`](OpeningTable::leak) keeps one. A table equal to one kept before
    /// by this function is not kept again: that one is returned, so a process that reads the
    /// same table for every input (a Python reader called per file) holds it once.
    ///
    /// # Errors
    ///
    /// Those of [`read_paths`](OpeningTable::read_paths).
    pub fn read_paths_kept<P: AsRef<Path>>(
        paths: &[P],
    ) -> Result<Option<&'static OpeningTable>, ReadOpeningsError> {
        static KEPT: Mutex<Vec<&'static OpeningTable>> = Mutex::new(Vec::new());
        if paths.is_empty() {
            return Ok(None);
        }
        let table = OpeningTable::read_paths(paths)?;
        // A panic elsewhere while the lock was held leaves the list whole (a push or none).
        let mut kept = KEPT.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(&same) = kept.iter().find(|&&other| *other == table) {
            return Ok(Some(same));
        }
        let table = table.leak();
        kept.push(table);
        Ok(Some(table))
    }

    /// The tables in `paths`, read in order: each a file in the lichess format, or a
    /// directory whose `*.tsv` files are read in the order of their names.
    ///
    /// # Errors
    ///
    /// A file that cannot be read, a directory without `*.tsv` files, or a file that is not a
    /// table ([`ReadOpeningsErrorKind`]), with its path, line and byte.
    pub fn read_paths<P: AsRef<Path>>(paths: &[P]) -> Result<OpeningTable, ReadOpeningsError> {
        let mut table = OpeningTable::new();
        for path in paths {
            let path = path.as_ref();
            let at_file = |kind| ReadOpeningsError::new(path, 0, 0, kind);
            let meta = std::fs::metadata(path).map_err(|e| at_file(Kind::Io(e)))?;
            let files = match meta.is_dir() {
                true => tsv_files(path).map_err(|e| at_file(Kind::Io(e)))?,
                false => vec![path.to_path_buf()],
            };
            if files.is_empty() {
                return Err(at_file(Kind::NoTables));
            }
            for file in files {
                let text = std::fs::read(&file)
                    .map_err(|e| ReadOpeningsError::new(&file, 0, 0, Kind::Io(e)))?;
                table.read_tsv(&file, &text)?;
            }
        }
        Ok(table)
    }

    /// Adds the rows of one table file's text (named `file` in errors); rows naming a position
    /// already in the table are skipped. Returns how many rows it held.
    ///
    /// # Errors
    ///
    /// The first line that does not read, as [`ReadOpeningsError`]; the rows before it stay
    /// added.
    pub fn read_tsv(&mut self, file: &Path, text: &[u8]) -> Result<usize, ReadOpeningsError> {
        self.read_rows(file, text, play)
    }

    /// [`read_tsv`](Self::read_tsv) with each row's key from `key_of` its moves.
    fn read_rows(
        &mut self,
        file: &Path,
        text: &[u8],
        mut key_of: impl FnMut(&[u8]) -> Result<u64, (usize, Kind)>,
    ) -> Result<usize, ReadOpeningsError> {
        let mut rows = 0;
        let mut lines = text.split(|&b| b == b'\n').enumerate();
        let error = |line: usize, byte: usize, kind| ReadOpeningsError::new(file, line, byte, kind);
        match lines.next() {
            Some((_, header)) if is_header(header) => {}
            _ => return Err(error(1, 0, Kind::Header)),
        }
        for (index, line) in lines {
            let line = line.strip_suffix(b"\r").unwrap_or(line);
            if line.trim_ascii().is_empty() {
                continue;
            }
            let at = |byte, kind| error(index + 1, byte, kind);
            let mut fields = line.split(|&b| b == b'\t');
            let (Some(eco), Some(name), Some(moves)) =
                (fields.next(), fields.next(), fields.next())
            else {
                let found = line.split(|&b| b == b'\t').count();
                return Err(at(line.len(), Kind::Fields { found }));
            };
            let eco = text_field(eco).map_err(|e| at(e.valid_up_to(), Kind::NotUtf8))?;
            let name_at = eco.len() + 1;
            let name =
                text_field(name).map_err(|e| at(name_at + e.valid_up_to(), Kind::NotUtf8))?;
            let moves_at = name_at + name.len() + 1;
            let key = key_of(moves).map_err(|(byte, kind)| at(moves_at + byte, kind))?;
            self.insert_first(key, eco, name);
            rows += 1;
        }
        Ok(rows)
    }

    /// Names the position of `key`, unless a row read before named it.
    fn insert_first(&mut self, key: u64, eco: &str, name: &str) {
        self.keys.entry(key).or_insert_with(|| Named {
            eco: eco.into(),
            name: name.into(),
        });
    }

    /// The opening named by the position of `key` (a Polyglot key without its en-passant
    /// part, [`without_en_passant`]).
    #[inline]
    pub fn get(&self, key: u64) -> Option<Opening<'_>> {
        self.keys.get(&key).map(|named| Opening {
            eco: &named.eco,
            name: &named.name,
        })
    }

    /// Whether the position of `key` is named (see [`get`](Self::get)).
    #[inline]
    pub fn contains(&self, key: u64) -> bool {
        self.keys.contains_key(&key)
    }

    /// The opening named by `pos`.
    pub fn opening_of(&self, pos: &Position) -> Option<Opening<'_>> {
        self.get(without_en_passant(pos, pos.polyglot_key()))
    }

    /// How many positions are named.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether no position is named.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }
}

/// The `*.tsv` files of `dir`, by name.
fn tsv_files(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.extension().is_some_and(|e| e == "tsv") && path.is_file() {
            files.push(path);
        }
    }
    files.sort();
    Ok(files)
}

fn is_header(line: &[u8]) -> bool {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    let mut fields = line.split(|&b| b == b'\t');
    [&b"eco"[..], b"name", b"pgn"]
        .iter()
        .all(|want| fields.next() == Some(*want))
}

fn text_field(field: &[u8]) -> Result<&str, std::str::Utf8Error> {
    std::str::from_utf8(field)
}

/// The key of the position a row's moves (`1. e4 e5 2. Nf3`) lead to, or where (the byte in
/// `moves`) and why they do not.
fn play(moves: &[u8]) -> Result<u64, (usize, Kind)> {
    let mut pos = Position::new();
    let mut at = 0;
    for word in moves.split(|&b| b == b' ') {
        let start = at;
        at += word.len() + 1;
        let number = word.iter().take_while(|b| b.is_ascii_digit()).count();
        let token = match word.get(number) {
            Some(b'.') if number > 0 => {
                let dots = word[number..].iter().take_while(|&&b| b == b'.').count();
                &word[number + dots..]
            }
            _ => word,
        };
        if token.is_empty() {
            continue;
        }
        let offset = start + (word.len() - token.len());
        let text = String::from_utf8_lossy(token).into_owned();
        match read_token(&pos, token) {
            Ok(TokenMove::Move { mv, .. }) => pos.play_unchecked(mv),
            Ok(TokenMove::Null) => return Err((offset, Kind::NullMove { text })),
            Err(reason) => return Err((offset, Kind::Move { text, reason })),
        }
    }
    Ok(without_en_passant(&pos, pos.polyglot_key()))
}

use ReadOpeningsErrorKind as Kind;

/// Why an openings table did not read; see [`ReadOpeningsError`].
#[derive(Debug)]
#[non_exhaustive]
pub enum ReadOpeningsErrorKind {
    /// The file or directory could not be read.
    Io(std::io::Error),
    /// A directory holds no `*.tsv` file.
    NoTables,
    /// The first line is not the header `eco<TAB>name<TAB>pgn`.
    Header,
    /// A row has fewer than three fields (eco, name, moves).
    Fields {
        /// How many it has.
        found: usize,
    },
    /// The ECO code or the name is not UTF-8.
    NotUtf8,
    /// A move does not read or is not legal where it is played.
    Move {
        /// The move as written.
        text: String,
        /// Why (the reason a game's move would be refused for).
        reason: GameErrorKind,
    },
    /// A null move (`--`, `Z0`, `0000`): a table names positions reached by moves.
    NullMove {
        /// The move as written.
        text: String,
    },
}

/// An openings table that did not read: the file, the line (from 1; 0 for the file as a
/// whole), the byte in that line (from 0) and why.
///
/// Its message: `openings table b.tsv, line 12, byte 17: expected a legal move, found "Nf9":
/// ...`.
#[derive(Debug)]
pub struct ReadOpeningsError {
    file: PathBuf,
    line: usize,
    byte: usize,
    kind: ReadOpeningsErrorKind,
}

impl ReadOpeningsError {
    fn new(file: &Path, line: usize, byte: usize, kind: Kind) -> ReadOpeningsError {
        ReadOpeningsError {
            file: file.to_path_buf(),
            line,
            byte,
            kind,
        }
    }

    /// The file (or directory) concerned.
    pub fn file(&self) -> &Path {
        &self.file
    }

    /// The line, from 1 (0: the file as a whole).
    pub fn line(&self) -> usize {
        self.line
    }

    /// The byte in the line where reading stopped, from 0.
    pub fn byte(&self) -> usize {
        self.byte
    }

    /// Why.
    pub fn kind(&self) -> &ReadOpeningsErrorKind {
        &self.kind
    }
}

impl fmt::Display for ReadOpeningsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "openings table {}", self.file.display())?;
        if self.line > 0 {
            write!(f, ", line {}, byte {}", self.line, self.byte)?;
        }
        match &self.kind {
            Kind::Io(e) => write!(f, ": {e}"),
            Kind::NoTables => write!(f, ": expected a directory holding *.tsv files, found none"),
            Kind::Header => write!(f, ": expected the header eco<TAB>name<TAB>pgn"),
            Kind::Fields { found } => write!(
                f,
                ": expected three tab-separated fields (eco, name, pgn), found {found}"
            ),
            Kind::NotUtf8 => write!(f, ": expected UTF-8 text"),
            Kind::Move { text, reason } => {
                write!(f, ": expected a legal move, found {text:?}: ")?;
                match reason {
                    GameErrorKind::Syntax(e) => write!(f, "{e}"),
                    GameErrorKind::Move { error, fen } => {
                        write!(f, "{} (position {fen})", error.kind())
                    }
                    other => write!(f, "{other:?}"),
                }
            }
            Kind::NullMove { text } => write!(f, ": expected a move, found the null move {text:?}"),
        }
    }
}

impl std::error::Error for ReadOpeningsError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            Kind::Io(e) => Some(e),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ok_shipped_table_reads() {
        let mut rows = 0;
        let mut table = OpeningTable::new();
        for (file, text) in SHIPPED {
            rows += table
                .read_tsv(Path::new(file), text.as_bytes())
                .expect("reads");
        }
        assert!(rows > 3000, "{rows} rows");
        assert_eq!(table.len(), OpeningTable::shipped().len());
    }

    /// Every row of the shipped files, in order: its ECO code, name and moves (the `pgn` field).
    fn shipped_rows() -> impl Iterator<Item = (&'static str, &'static str, &'static str)> {
        SHIPPED.into_iter().flat_map(|(_, text)| {
            let rows = text.lines().skip(1).filter(|l| !l.trim().is_empty());
            rows.map(|line| {
                let mut fields = line.split('\t');
                let mut field = |what| fields.next().expect(what);
                (field("eco"), field("name"), field("moves"))
            })
        })
    }

    /// The moves of a row's `pgn` field.
    fn row_moves(moves: &str) -> Vec<scoresheet::Move> {
        let mut pos = Position::new();
        let mut out = Vec::new();
        for word in moves.split(' ') {
            let token = word.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
            if token.is_empty() {
                continue;
            }
            match read_token(&pos, token.as_bytes()) {
                Ok(TokenMove::Move { mv, .. }) => {
                    out.push(mv);
                    pos.play_unchecked(mv);
                }
                other => panic!("{token:?} in {moves:?}: {other:?}"),
            }
        }
        out
    }

    /// The compact rows are the shipped rows (each row's ECO code, name and moves), and the
    /// table built from them is the table read from the files. With `SCORESHEET_BLESS=1` the
    /// file is written instead.
    #[test]
    fn ok_shipped_compact_is_the_rows() {
        let rows = shipped_rows().map(|(eco, name, moves)| (eco, name, row_moves(moves)));
        let compact = super::super::compact::encode(rows);
        if std::env::var_os("SCORESHEET_BLESS").is_some() {
            let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/openings/rows.bin");
            std::fs::write(path, &compact).expect("writes the compact rows");
            return;
        }
        assert!(
            compact == SHIPPED_COMPACT,
            "data/openings/rows.bin differs from the rows: run this test with SCORESHEET_BLESS=1"
        );
        let table = compact_table(SHIPPED_COMPACT).expect("the compact rows read");
        assert_eq!(table.len(), 3806);
        assert!(table == *OpeningTable::shipped());
    }

    #[test]
    fn err_compact_rows_cut_anywhere_give_none_or_fewer_rows() {
        // Cut bytes never panic: a row cut short is refused, never read as another row.
        for end in (0..SHIPPED_COMPACT.len()).step_by(997) {
            let cut = &SHIPPED_COMPACT[..end];
            let mut rows = 0;
            let whole = super::super::compact::decode(cut, |_, _, _| rows += 1);
            assert!(whole.is_none() || rows < 3807, "{end}");
        }
        assert!(compact_table(b"A00\x05x\n\x09\x00").is_none());
        assert!(compact_table(b"A00\x00x\n\x00\x01\xff").is_none());
    }

    /// The shipped keys are the rows' positions, replayed; the table built from them is the
    /// table read from the rows. With `SCORESHEET_BLESS=1` the file is written instead.
    #[test]
    fn ok_shipped_keys_are_the_rows() {
        let mut keys = Vec::new();
        for (_, _, moves) in shipped_rows() {
            keys.extend(
                play(moves.as_bytes())
                    .expect("the row replays")
                    .to_le_bytes(),
            );
        }
        if std::env::var_os("SCORESHEET_BLESS").is_some() {
            let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/openings/keys.bin");
            std::fs::write(path, &keys).expect("writes the shipped keys");
            return;
        }
        assert!(
            keys == SHIPPED_KEYS,
            "data/openings/keys.bin differs from the rows: run this test with SCORESHEET_BLESS=1"
        );
        let mut read = OpeningTable::new();
        for (file, text) in SHIPPED {
            read.read_tsv(Path::new(file), text.as_bytes())
                .expect("reads");
        }
        assert!(read == *OpeningTable::shipped());
    }

    #[test]
    fn ok_read_paths_kept_once() {
        let dir = std::env::temp_dir().join(format!("scoresheet-kept-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        let (one, two) = (dir.join("one.tsv"), dir.join("two.tsv"));
        std::fs::write(&one, "eco\tname\tpgn\nB00\tKing's Pawn\t1. e4\n").expect("written");
        std::fs::write(&two, "eco\tname\tpgn\nA40\tQueen's Pawn\t1. d4\n").expect("written");
        let none: [&Path; 0] = [];
        assert!(OpeningTable::read_paths_kept(&none)
            .expect("no paths")
            .is_none());
        let first = OpeningTable::read_paths_kept(&[&one])
            .expect("reads")
            .expect("a table");
        let again = OpeningTable::read_paths_kept(&[&one])
            .expect("reads")
            .expect("a table");
        let other = OpeningTable::read_paths_kept(&[&two])
            .expect("reads")
            .expect("a table");
        assert!(
            std::ptr::eq(first, again),
            "an equal table is the one kept before"
        );
        assert!(!std::ptr::eq(first, other), "another table is kept apart");
        assert_eq!(other.len(), 1);
        let missing =
            OpeningTable::read_paths_kept(&[dir.join("missing.tsv")]).expect_err("no file");
        let not_found = std::io::ErrorKind::NotFound;
        assert!(matches!(missing.kind(), Kind::Io(e) if e.kind() == not_found));
        std::fs::remove_dir_all(&dir).expect("removed");
    }

    #[test]
    fn ok_move_numbers() {
        for moves in [
            "1. e4 e5 2. Nf3",
            "1.e4 e5 2.Nf3",
            "1. e4 1... e5 2. Nf3",
            "e4 e5 Nf3",
        ] {
            let want = play(b"1. e4 e5 2. Nf3").expect("legal");
            assert_eq!(play(moves.as_bytes()).ok(), Some(want), "{moves}");
        }
        // Castling written with zeros is a move, not a move number.
        let zeros = play(b"1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0").expect("legal");
        let letters = play(b"1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O").expect("legal");
        assert_eq!(zeros, letters);
    }
}
