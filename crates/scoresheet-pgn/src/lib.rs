//! Streaming PGN reading: a fast, lenient tokenizer that pushes games into a [`Visitor`].
//!
//! ```
//! use std::ops::ControlFlow;
//! use scoresheet_pgn::{Location, RawTag, RawToken, Reader, Visitor};
//!
//! /// Counts the moves of each game and remembers its White player.
//! struct Summary;
//!
//! impl Visitor for Summary {
//!     type Tags = Option<String>;
//!     type Movetext = (Option<String>, usize);
//!     type Output = (Option<String>, usize);
//!
//!     fn begin_game(&mut self, _at: Location) -> ControlFlow<Self::Output, Option<String>> {
//!         ControlFlow::Continue(None)
//!     }
//!     fn tag(&mut self, white: &mut Option<String>, name: &[u8], value: RawTag<'_>) -> ControlFlow<Self::Output> {
//!         if name == b"White" {
//!             *white = Some(value.decode().into_owned());
//!         }
//!         ControlFlow::Continue(())
//!     }
//!     fn begin_movetext(&mut self, white: Option<String>, _at: Location) -> ControlFlow<Self::Output, Self::Movetext> {
//!         ControlFlow::Continue((white, 0))
//!     }
//!     fn san(&mut self, game: &mut Self::Movetext, _san: RawToken<'_>) -> ControlFlow<Self::Output> {
//!         game.1 += 1;
//!         ControlFlow::Continue(())
//!     }
//!     fn end_game(&mut self, game: Self::Movetext) -> Self::Output {
//!         game
//!     }
//! }
//!
//! let pgn = "[White \"Carlsen, Magnus\"]\n\n1. e4 e5 2. Nf3 {[%clk 0:03:00]} Nc6 1-0\n\n1. d4 *\n";
//! let mut reader = Reader::new(pgn.as_bytes());
//! let games: Vec<_> = reader.games(&mut Summary).collect::<Result<_, _>>()?;
//! assert_eq!(games, [(Some("Carlsen, Magnus".to_string()), 4), (None, 1)]);
//! # Ok::<_, scoresheet_pgn::ReadError>(())
//! ```
//!
//! # Vocabulary
//!
//! - A *game* is an optional tag section plus movetext. A *tag* is a `[Name "value"]` pair.
//! - A *token* is one lexical unit of movetext: a move token (handed over as written, the reader
//!   knows no chess), a NAG or glyph, a comment, `(` or `)`, or a result marker. Move numbers
//!   are read and dropped.
//! - Raw values ([`RawTag`], [`RawToken`], [`RawComment`]) are bytes borrowed from the reader's
//!   buffer, with `decode` helpers (UTF-8, else Latin-1; see [`decode`]).
//! - An [`Oddity`] is input that was accepted but is noteworthy, or that was skipped; a
//!   [`ReadError`] ends one game (or, for I/O, the input).
//!
//! # What the reader accepts
//!
//! A UTF-8 byte order mark (also at later line starts, reported); `\n`, `\r\n` and lone `\r`
//! line breaks; `%` escape lines; tag values with `\"` and `\\` escapes and `]` inside quotes;
//! malformed tags (reported); move numbers `12.`, `12...` and odd forms (reported); glyphs
//! attached to moves (`Nf3!?`, `g4+/-`); `$n` NAGs up to 255; results with Unicode dashes
//! (reported); nested variations to a configurable depth (kept in a counter, never on the call
//! stack); games without tags, without move numbers or without result; tag sections without
//! movetext; text before and between games (reported). The rules for where games begin and end,
//! and how the reader recovers from errors, are in the [`reader`] module docs.
//!
//! # Modules
//!
//! [`input`] opens files and standard input and decompresses gzip, zstd and bzip2. [`writer`]
//! writes games in the PGN export format. [`egd`] converts games to EGD (Extended Game
//! Description) records and JSON Lines. [`annotation`] reads the commands inside comments
//! (`[%clk 0:03:00]`, `[%eval 0.17]`, `[%cal Ge2e4]`, ...) as typed values. [`select`] chooses
//! games by tag expressions and replayed criteria, and names their openings.
//!
//! # Features
//!
//! - `json` (default): serde `Serialize`/`Deserialize` on the [`egd`] record types and
//!   [`egd::DenormalizedGame::from_json`]. The EGD JSON writer works without it.
//! - `compression` (default): [`input`] decodes gzip, zstd and bzip2 (zstd through its C
//!   library). Without it the crate is pure Rust (it builds for WebAssembly) and compressed
//!   input is refused with an error naming the format.
//! - `unicode-regex` (default): the `~` operator of tag expressions ([`select::TagExpr`]) is
//!   the regex crate's search, Unicode-aware. Without it `~` is regex-lite's: the same syntax,
//!   but `\d`, `\s`, `\w`, `\b` and case folding (`(?i)`) know only ASCII and `\p{..}` is an
//!   error (the npm package's WebAssembly build: about 260 KB smaller gzipped).
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![warn(missing_debug_implementations)]

pub mod annotation;
pub mod board;
mod buffer;
pub mod codes;
pub mod decode;
pub mod egd;
mod error;
pub mod game_id;
pub mod input;
mod lexer;
mod oddities;
pub mod parallel;
pub mod pump;
pub mod reader;
pub mod record;
pub mod replay;
pub mod rewrite;
mod scan;
pub mod select;
mod tag_line;
pub mod tag_value;
pub mod tokenize;
mod tokens;
pub mod visitor;
pub mod writer;

pub use annotation::{parse_comment, ParsedComment};
pub use error::{Location, ReadError, ReadErrorKind};
pub use oddities::{Noted, Oddities};
pub use reader::{BraceNesting, Games, ReadOptions, Reader, DEFAULT_MAX_GAME_BYTES};
pub use tokens::{CommentKind, Oddity, OddityKind, Outcome, RawComment, RawTag, RawToken, Skip};
pub use visitor::Visitor;
pub use writer::{WriteOptions, Writer};
