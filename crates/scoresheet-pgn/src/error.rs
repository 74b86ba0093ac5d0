//! Where things are in a PGN input, and the errors of the reader.
//!
//! Every callback of a [`Visitor`](crate::Visitor) and every [`ReadError`] carries a
//! [`Location`]: the game (its index and first line) and the exact line, column and byte.
//!
//! ```
//! use scoresheet_pgn::{ReadErrorKind, ReadOptions, Reader, Visitor};
//! # use scoresheet_pgn::Location;
//! # use std::ops::ControlFlow;
//! # struct Count;
//! # impl Visitor for Count {
//! #     type Tags = ();
//! #     type Movetext = ();
//! #     type Output = ();
//! #     fn begin_game(&mut self, _: Location) -> ControlFlow<(), ()> { ControlFlow::Continue(()) }
//! #     fn begin_movetext(&mut self, _: (), _: Location) -> ControlFlow<(), ()> { ControlFlow::Continue(()) }
//! #     fn end_game(&mut self, _: ()) {}
//! # }
//! let pgn = b"1. e4 (((( 1... e5 *\n\n1. d4 *\n";
//! let options = ReadOptions::new().max_variation_depth(3);
//! let mut reader = Reader::with_options(&pgn[..], options);
//! let err = reader.read_game(&mut Count).expect_err("too deep");
//! assert!(matches!(err.kind(), ReadErrorKind::VariationTooDeep { limit: 3 }));
//! assert_eq!(err.location().line, 1);
//! assert_eq!(err.location().column, 10);
//! assert_eq!(
//!     err.to_string(),
//!     "pgn: game 1 (from line 1), line 1, column 10: expected at most 3 nested variations"
//! );
//! // The reader resynchronises: the next game reads normally.
//! assert!(reader.read_game(&mut Count)?.is_some());
//! # Ok::<_, scoresheet_pgn::ReadError>(())
//! ```

use std::{error, fmt, io};

/// A place in a PGN input.
///
/// Lines and columns count from 1; columns count bytes. `\n`, `\r\n` and a lone `\r` each end a
/// line outside comments; inside comments only `\n` is counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Location {
    /// Index of the game in the input, counting from 0.
    pub game_index: u64,
    /// Line on which the game starts.
    pub game_first_line: u64,
    /// Line of the token.
    pub line: u64,
    /// Column (in bytes, from 1) of the token's first byte.
    pub column: u64,
    /// Byte offset of the token's first byte from the start of the input (after decompression,
    /// including any byte order mark).
    pub byte: u64,
}

impl Location {
    /// A position found by reading a slice of a larger input, as a position in that input: the
    /// slice starts at `start` (its first byte is `start.byte`, on `start.line` at
    /// `start.column`, and its first game is game `start.game_index`).
    pub fn offset_by(self, start: Location) -> Location {
        let first_line = self.line == 1;
        Location {
            game_index: self.game_index + start.game_index,
            game_first_line: self.game_first_line + start.line.saturating_sub(1),
            line: self.line + start.line.saturating_sub(1),
            column: self.column
                + if first_line {
                    start.column.saturating_sub(1)
                } else {
                    0
                },
            byte: self.byte + start.byte,
        }
    }
}

impl Location {
    /// `row N: `, how a message names the row of a game read from a table of games (a
    /// Parquet file or an Arrow table, one game a row: game N + 1 is row N, counted from 0
    /// as Arrow and Parquet count rows), written before the game's location. Every front end
    /// reporting a table's games calls this.
    ///
    /// ```
    /// use scoresheet_pgn::Location;
    /// let at = Location { game_index: 4, game_first_line: 60, line: 61, column: 5, byte: 900 };
    /// assert_eq!(format!("{}{at}", at.row_prefix()), "row 4: game 5 (from line 60), line 61, column 5");
    /// ```
    pub fn row_prefix(&self) -> String {
        format!("row {}: ", self.game_index)
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "game {} (from line {}), line {}, column {}",
            self.game_index + 1,
            self.game_first_line,
            self.line,
            self.column
        )
    }
}

/// What went wrong while reading PGN.
#[derive(Debug)]
#[non_exhaustive]
pub enum ReadErrorKind {
    /// The underlying reader failed. Reading does not go on after this.
    Io(io::Error),
    /// The input starts with a UTF-16 byte order mark. Reading does not go on after this.
    Utf16,
    /// The input is binary, not PGN text: a NUL byte (at the error's location) among its
    /// first 8 KiB. Reading does not go on after this.
    Binary,
    /// The game is longer than [`ReadOptions::max_game_bytes`](crate::ReadOptions); the rest of it
    /// was skipped without buffering.
    GameTooLarge {
        /// The configured limit in bytes.
        limit: usize,
    },
    /// Variations nest deeper than [`ReadOptions::max_variation_depth`](crate::ReadOptions); the
    /// rest of the game was skipped.
    VariationTooDeep {
        /// The configured limit.
        limit: u32,
    },
    /// A brace comment (starting at the error's location) has no `}` before a blank line
    /// followed by a line starting with `[`, or before the end of the input. The game ends
    /// there; the next game starts at that line.
    UnterminatedComment,
}

/// An error of the PGN [`Reader`](crate::Reader): a kind plus where it happened.
///
/// Errors other than [`ReadErrorKind::Io`], [`ReadErrorKind::Utf16`] and
/// [`ReadErrorKind::Binary`] concern one game only:
/// the reader has already skipped the rest of that game and the next call reads the next one.
#[derive(Debug)]
pub struct ReadError {
    kind: ReadErrorKind,
    position: Location,
}

impl ReadError {
    pub(crate) fn new(kind: ReadErrorKind, position: Location) -> ReadError {
        ReadError { kind, position }
    }

    /// An I/O error after `byte` bytes of input: the input ends there.
    pub fn from_io(error: std::io::Error, byte: u64) -> ReadError {
        let at = Location {
            byte,
            ..Location::default()
        };
        ReadError::new(ReadErrorKind::Io(error), at)
    }

    /// What went wrong.
    pub fn kind(&self) -> &ReadErrorKind {
        &self.kind
    }

    /// Where it went wrong.
    pub fn location(&self) -> Location {
        self.position
    }

    /// Whether the reader can go on with the next game.
    pub fn is_recoverable(&self) -> bool {
        !matches!(
            self.kind,
            ReadErrorKind::Io(_) | ReadErrorKind::Utf16 | ReadErrorKind::Binary
        )
    }

    /// Turns the error into its kind.
    pub fn into_kind(self) -> ReadErrorKind {
        self.kind
    }
}

impl ReadError {
    /// Shifts the location: for games read out of a slice of a larger input that starts at
    /// `start`. See [`Location::offset_by`].
    pub fn offset_by(&mut self, start: Location) {
        self.position = self.position.offset_by(start);
    }

    /// The message without the `pgn:` prefix, location first (what a rejected game's report
    /// prints after the input's name).
    pub(crate) fn write_located(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ReadErrorKind::Io(err) => {
                write!(f, "i/o error after byte {}: {err}", self.position.byte)
            }
            ReadErrorKind::Utf16 => {
                f.write_str("input is UTF-16 (byte order mark found), which is not supported")
            }
            ReadErrorKind::Binary => write!(
                f,
                "not a text PGN file: a NUL byte at byte {} (line {}, column {})",
                self.position.byte, self.position.line, self.position.column
            ),
            ReadErrorKind::GameTooLarge { limit } => write!(
                f,
                "{}: expected a game of at most {limit} bytes",
                self.position
            ),
            ReadErrorKind::VariationTooDeep { limit } => write!(
                f,
                "{}: expected at most {limit} nested variations",
                self.position
            ),
            ReadErrorKind::UnterminatedComment => write!(
                f,
                "{}: expected `}}` closing this comment before the next game's tags or the end of the input",
                self.position
            ),
        }
    }
}

/// `pgn: ` and the message; an I/O error's own message is its [source](error::Error::source).
impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("pgn: ")?;
        match &self.kind {
            ReadErrorKind::Io(_) => write!(f, "i/o error after byte {}", self.position.byte),
            _ => self.write_located(f),
        }
    }
}

impl error::Error for ReadError {
    fn source(&self) -> Option<&(dyn error::Error + 'static)> {
        match &self.kind {
            ReadErrorKind::Io(err) => Some(err),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(line: u64, column: u64) -> Location {
        Location {
            game_index: 2,
            game_first_line: 10,
            line,
            column,
            byte: 99,
        }
    }

    #[test]
    fn ok_display() {
        let cases = [
            (
                ReadErrorKind::GameTooLarge { limit: 5 },
                "pgn: game 3 (from line 10), line 11, column 4: expected a game of at most 5 bytes",
            ),
            (
                ReadErrorKind::VariationTooDeep { limit: 2 },
                "pgn: game 3 (from line 10), line 11, column 4: expected at most 2 nested variations",
            ),
            (
                ReadErrorKind::UnterminatedComment,
                "pgn: game 3 (from line 10), line 11, column 4: expected `}` closing this comment before the next game's tags or the end of the input",
            ),
            (
                ReadErrorKind::Utf16,
                "pgn: input is UTF-16 (byte order mark found), which is not supported",
            ),
            (
                ReadErrorKind::Binary,
                "pgn: not a text PGN file: a NUL byte at byte 99 (line 11, column 4)",
            ),
            (
                ReadErrorKind::Io(io::Error::other("boom")),
                "pgn: i/o error after byte 99",
            ),
        ];
        for (kind, want) in cases {
            assert_eq!(ReadError::new(kind, at(11, 4)).to_string(), want);
        }
    }

    #[test]
    fn ok_recoverable_and_source() {
        let io = ReadError::new(ReadErrorKind::Io(io::Error::other("boom")), at(1, 1));
        assert!(!io.is_recoverable());
        assert!(error::Error::source(&io).is_some());
        let deep = ReadError::new(ReadErrorKind::VariationTooDeep { limit: 1 }, at(1, 1));
        assert!(deep.is_recoverable());
        assert!(error::Error::source(&deep).is_none());
    }
}
