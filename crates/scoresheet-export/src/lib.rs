//! Chess games as a columnar dataset: two tables, `games` and `moves`, written as Parquet
//! (zstd) or CSV files that DuckDB, pyarrow, Polars, Spark and Trino read as one table each.
//!
//! ```
//! use std::sync::Arc;
//! use scoresheet_export::{export_parallel, DatasetOptions, DatasetWriter, ParallelExport};
//!
//! let pgn = b"[White \"Anderssen\"]\n[Result \"1-0\"]\n\n1. e4 {[%clk 0:03:00]} e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";
//! let dir = std::env::temp_dir().join(format!("scoresheet-export-doc-{}", std::process::id()));
//! let mut writer = DatasetWriter::create(&dir, DatasetOptions::new().replace(true))?;
//! let mut moves = 0;
//! // The pump reads the games (with one thread here) and hands each batch over.
//! export_parallel(&pgn[..], Arc::from("mate.pgn"), ParallelExport::new(1), |batches, _log| {
//!     moves += batches.moves.num_rows();
//!     writer.write(&batches).map_err(std::io::Error::other)
//! })?;
//! assert_eq!(moves, 7);
//! let summary = writer.finish()?;
//! assert!(summary.files[1].ends_with("moves/part-00000.parquet"));
//! # std::fs::remove_dir_all(&dir)?;
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! The rows come from the one replay layer ([`scoresheet_pgn::replay`]) through a
//! [`TableSink`]: every game the other commands accept is exported, every game they reject
//! is left out of both tables and reported. Column names and meanings are those of the
//! database (`scoresheet-db`) and EGD wherever they overlap.
//!
//! # Schema, version 3
//!
//! [`SCHEMA_VERSION`] is written in each Parquet file's key-value metadata
//! (`scoresheet.schema_version`, with `scoresheet.table`) and in `DIR/_scoresheet.json`.
//!
//! ## `games`: one row per game exported
//!
//! | column | type | null | meaning |
//! |---|---|---|---|
//! | `game_id` | int64 | no | the database's id: the high 63 bits of the content hash ([`scoresheet_pgn::game_id`]); equal games, equal ids |
//! | `event`, `site`, `date`, `round`, `white`, `black` | string | yes | the roster tags as written (null when missing) |
//! | `result` | string | no | the `Result` tag when `1-0`, `0-1` or `1/2-1/2`, else the termination marker when one of those, else `*` (the one rule: `scoresheet_pgn::replay::game_result`) |
//! | `white_elo`, `black_elo` | int32 | yes | `WhiteElo`/`BlackElo` when 1 to 5 digits ([`scoresheet_pgn::tag_value::elo`]) |
//! | `eco`, `opening` | string | yes | the `ECO`, `Opening` tags as written |
//! | `opening_eco`, `opening_name` | string | yes | the ECO code and name of the opening the mainline reaches ([`scoresheet_pgn::record::PlyRecorder::opening`]: the last named position of the lichess openings table in the first 40 plies, as `select --classify` names it); null when none |
//! | `termination`, `time_control` | string | yes | the `Termination`, `TimeControl` tags as written |
//! | `base_seconds`, `increment_seconds` | int32 | yes | `TimeControl` when it is `base` or `base+increment` ([`scoresheet_pgn::tag_value::TimeControl`]) |
//! | `utc_timestamp` | timestamp(µs, UTC) | yes | `UTCDate` + `UTCTime`, else `Date` at midnight, when complete ([`scoresheet_pgn::tag_value::utc_timestamp`]) |
//! | `ply_count` | int32 | no | mainline plies (rows in `moves`) |
//! | `start_fen` | string | no | the position before the first move (en-passant square after any double push), as the database stores it |
//! | `tags` | map<string, string> | no | every tag but the roster and `Result`, names and values as written (also `ECO`, `WhiteElo`, ...) |
//! | `source_file` | string | no | the input as named on the command line (`-` for standard input) |
//! | `source_offset` | int64 | no | byte offset of the game's first byte in the input, after decompression |
//!
//! ## `moves`: one row per mainline ply of an exported game
//!
//! Its columns are declared once, in the crate's `moves_table` module: each is a view of the
//! ply's [`PlyRecord`](scoresheet_pgn::record::PlyRecord) (the game's id, the ply, the move
//! in SAN and UCI, its squares, EGD piece codes and move type, check and mate, the clock,
//! elapsed time and evaluation of its comments, the Polyglot key, halfmove clock and
//! repetition count after it, and with [`ExportOptions::fen`] the FEN after it). The table of
//! every column, its type and meaning is in `docs/export.md`, which a test keeps equal to the
//! declaration. In batches ([`moves_schema`]) `san` and `uci` are dictionaries of `Int16` keys
//! over the whole vocabulary (a key is the move's token id) and the squares, piece codes, move
//! types and `side` dictionaries of `UInt8` keys; the files ([`moves_file_schema`]) store
//! their values as text.
//!
//! The comment commands follow [`scoresheet_pgn::annotation`] (the last of each in a move's
//! comments wins). To compare `position_key` with python-chess or an opening book, read it
//! back as unsigned (`position_key & 0xFFFFFFFFFFFFFFFF` in Python; in DuckDB
//! `printf('%016x', position_key)` writes the key as books print it).
//!
//! # Files
//!
//! `DIR/games/part-NNNNN.parquet` and `DIR/moves/part-NNNNN.parquet`: a part ends at the first
//! batch (of [`BATCH_GAMES`] games or fewer) that brings it to [`GAMES_PER_FILE`] games
//! (settable; the CLI cuts batches at [`DatasetWriter::room`], so every part but the last
//! holds exactly that many), and part `N` of `moves` holds the moves of the games of part `N` of `games`. With the defaults
//! a `moves` part is about 100 MB and a `games` part about 10 MB; Parquet row groups hold up
//! to 1,048,576 rows. Every file is written as `.part-NNNNN.EXT.tmp` and renamed once complete.
//!
//! # Versions
//!
//! - 1: the tables above, every text column as strings in batches too.
//! - 2: the same values; in batches, the columns of `moves` whose values are a closed set are
//!   dictionaries (`san`, `uci` keyed by token id).
//! - 3: `games.opening_eco` and `games.opening_name` added (the opening each game reaches).
//! - 4: the optional `moves` columns `castling`, `en_passant` and `board`, written when asked
//!   for by name ([`Columns`]); `games.result` by the one result rule of every output (a
//!   `Result` tag that is no decided result, such as `?`, gives way to a decided marker).

#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![warn(missing_debug_implementations)]

mod batches;
mod columns;
mod convert;
#[cfg(feature = "parquet")]
mod csv;
#[cfg(feature = "parquet")]
mod encoded;
mod encoding;
#[cfg(feature = "parquet")]
mod error;
mod games_table;
mod moves_table;
mod options;
#[cfg(feature = "parquet")]
mod parallel;
#[cfg(feature = "parquet")]
mod parquet_file;
pub mod plain;
mod recycle;
mod schema;
mod selection;
#[cfg(feature = "parquet")]
mod short_text;
mod sink;
#[cfg(feature = "parquet")]
pub mod table_input;
#[cfg(feature = "parquet")]
mod writer;

pub use batches::Batches;
#[cfg(feature = "parquet")]
pub use convert::ExportBatch;
pub use convert::GameConverter;
#[cfg(feature = "parquet")]
pub use encoded::{EncodedBatches, PARQUET_CHUNK_BYTES};
#[cfg(feature = "parquet")]
pub use error::{ExportError, ExportErrorKind};
pub use options::{ExportOptions, BATCH_GAMES};
#[cfg(feature = "parquet")]
pub use parallel::{
    export_parallel, export_parallel_encoded, ParallelExport, CHUNK_BYTES, CHUNK_GAMES,
};
pub use plain::{PlainColumn, PlainTables, PlainText, PlainValues};
pub use recycle::Recycler;
pub use schema::{games_schema, moves_file_schema, moves_schema, SCHEMA_VERSION};
pub use selection::{Columns, UnknownColumn};
pub use sink::TableSink;
#[cfg(feature = "parquet")]
pub use writer::{
    check_dataset, DatasetOptions, DatasetSummary, DatasetWriter, Format, GAMES_PER_FILE, MANIFEST,
};
