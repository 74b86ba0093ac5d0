//! Chess games as a columnar dataset: two tables, `games` and `moves`, written as Parquet
//! (zstd) or CSV files that DuckDB, pyarrow, Polars, Spark and Trino read as one table each.
//!
//! ```
//! use std::sync::Arc;
//! use scoresheet_export::{convert_games, DatasetOptions, DatasetWriter, ExportOptions};
//!
//! let pgn = b"[White \"Anderssen\"]\n[Result \"1-0\"]\n\n1. e4 {[%clk 0:03:00]} e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";
//! let out = convert_games(pgn, 0, Arc::from("mate.pgn"), ExportOptions::new())?;
//! assert_eq!(out.batches.moves.num_rows(), 7);
//!
//! let dir = std::env::temp_dir().join(format!("scoresheet-export-doc-{}", std::process::id()));
//! let mut writer = DatasetWriter::create(&dir, DatasetOptions::new().replace(true))?;
//! writer.write(&out.batches)?;
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
//! # Schema, version 1
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
//! | `result` | string | no | the `Result` tag as written, else the termination marker, else `*` (as EGD) |
//! | `white_elo`, `black_elo` | int32 | yes | `WhiteElo`/`BlackElo` when 1 to 5 digits ([`scoresheet_pgn::tag_value::elo`]) |
//! | `eco`, `opening`, `termination`, `time_control` | string | yes | the `ECO`, `Opening`, `Termination`, `TimeControl` tags as written |
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
//! | column | type | null | meaning |
//! |---|---|---|---|
//! | `game_id` | int64 | no | the game (`games.game_id`) |
//! | `ply` | int32 | no | 1 for the game's first move, counting plies |
//! | `move_number`, `side` | int32, string | no | the fullmove number and the mover, `w` or `b` (EGD's key `12b`) |
//! | `san` | string | no | canonical SAN with `+`/`#` from the position (EGD `san`) |
//! | `uci` | string | no | UCI: `e2e4`, `e7e8q`, castling `e1g1` (king takes rook, `e1h1`, in Chess960) |
//! | `from_square`, `to_square` | string | no | where the piece (the king, castling) comes from and goes (EGD) |
//! | `piece` | string | no | EGD piece code of the mover: `p N Bl Bd R Q K` ([`PieceCode`](scoresheet_pgn::egd::PieceCode)) |
//! | `captured` | string | yes | EGD code of the piece captured (EGD `captured_piece`; the database's `captured`) |
//! | `promotion` | string | yes | EGD code of the piece promoted to |
//! | `move_type` | string | no | `move`, `capture`, `ep_capture`, `promotion`, `promotion_capture`, `short_castle`, `long_castle` ([`MoveType`](scoresheet_pgn::egd::MoveType)) |
//! | `is_check`, `is_mate` | bool | no | the side to move after the move is in check, is mated |
//! | `clock_seconds` | float64 | yes | `[%clk]` after the move: the mover's clock, seconds |
//! | `emt_seconds` | float64 | yes | `[%emt]`: the time the move took, seconds |
//! | `eval_cp` | int32 | yes | `[%eval]` in centipawns, White's point of view as the comment writes it |
//! | `eval_mate` | int32 | yes | `[%eval #n]`: mate in n, negative when Black mates |
//! | `position_key` | int64 | no | Polyglot Zobrist key of the position after the move ([`Position::polyglot_key`](scoresheet::Position::polyglot_key)), the same 64 bits read as signed |
//! | `halfmove_clock` | int32 | no | plies since the last capture or pawn move, after the move |
//! | `repetition` | int32 | no | how often the position after the move has occurred in the game, this time included ([`Repetitions`](scoresheet_pgn::egd::Repetitions)) |
//! | `fen_after` | string | no | only with [`ExportOptions::fen`]: the FEN after the move (EGD `end_position.fen`) |
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
//! - 1: the tables above.

#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![warn(missing_debug_implementations)]

mod columns;
mod convert;
mod csv;
mod error;
mod parallel;
mod parquet_file;
mod recycle;
mod schema;
mod short_text;
mod sink;
pub mod table_input;
mod writer;

pub use convert::{
    convert_games, Batches, Converted, ExportBatch, ExportOptions, GameConverter, GameRead,
    Rejected, BATCH_GAMES,
};
pub use error::{ExportError, ExportErrorKind};
pub use parallel::{export_parallel, ParallelExport, CHUNK_BYTES};
pub use recycle::Recycler;
pub use schema::{games_schema, moves_schema, SCHEMA_VERSION};
pub use sink::TableSink;
pub use writer::{
    check_dataset, DatasetOptions, DatasetSummary, DatasetWriter, Format, GAMES_PER_FILE, MANIFEST,
};
