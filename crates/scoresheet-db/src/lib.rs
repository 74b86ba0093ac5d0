//! Store chess games for analysis: PGN in, one row per game and one per move out, in an
//! embedded SQLite file by default or in PostgreSQL for real workloads.
//!
//! ```
//! use scoresheet_db::{load, query, Database, DatabaseUrl, LoadOptions};
//!
//! let pgn = b"[White \"Anna\"]\n[Black \"Ben\"]\n[ECO \"C20\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";
//! let mut db = Database::open(&DatabaseUrl::parse("sqlite::memory:")?)?;
//! db.migrate()?;
//! let summary = load::load_reader(&mut db, &pgn[..], "inline", &LoadOptions::new(), &mut |_| {})?;
//! assert_eq!(summary.stored, 1);
//!
//! let openings = db.run(query::find("openings")?, Some("Anna"))?;
//! assert_eq!(openings.to_csv(), "eco,games,wins,draws,losses,score_pct\nC20,1,1,0,0,100\n");
//!
//! let mate = db.query("SELECT san, lran FROM moves WHERE is_mate", None)?;
//! assert_eq!(mate.to_csv(), "san,lran\nQxf7#,Qh5xf7\n");
//! # Ok::<_, scoresheet_db::Error>(())
//! ```
//!
//! # Schema
//!
//! The same tables, columns and indexes on both databases (the SQL is in `sql/sqlite/` and
//! `sql/postgres/`; see [`schema`] for versioning, and [`schema::columns`] for each column's
//! type on each database and its nullability):
//!
//! - `games`: `game_id` (primary key), `content_hash`, the seven-tag roster
//!   (`event`, `site`, `date`, `round`, `white`, `black`: NULL when missing; `result`: the
//!   Result tag, else the game-termination marker, else `*`), `tags` (every other tag, a JSON
//!   object: jsonb on PostgreSQL), `ply_count`, `start_fen`, `source_file`, `source_offset`
//!   (byte offset of the game in the decompressed input), `opening_eco` and `opening_name`
//!   (the opening the mainline reaches, as `select --classify` names it; NULL when none, and
//!   for games stored before version 6).
//! - `moves`: key `(game_id, ply)` (a primary key; on SQLite the unique index `moves_pkey`);
//!   `game_id` is that of `games` (not declared as a foreign key, which would double
//!   PostgreSQL's load time); `move_number`,
//!   `side` (`w`/`b`), `san`, `lran`, `uci`, `from_square`, `to_square`, `piece`, `move_type`,
//!   `captured`, `promotion`, `position_after` (the FEN after the move without its
//!   counters, the en-passant square only when an en-passant capture is legal: equal exactly
//!   when the repetition rules call two positions equal), `position_key` (the Polyglot key of
//!   that position as a signed 64-bit integer with the key's bits), and the features of the
//!   position after the move: `is_check`, `is_mate`, `halfmove_clock`, `repetition`,
//!   `fifty_move_claimable`, `seventy_five_move`, `fivefold`, `stalemate`,
//!   `insufficient_material`; `meta` (NAGs, glyphs and comments as JSON, NULL when none) and
//!   the comment commands `clock_seconds`, `emt_seconds`, `eval_cp`, `eval_mate`. The values
//!   are those of the EGD record ([`scoresheet_pgn::egd`]), field for field;
//!   [`Database::game`] reads a game back as one.
//! - `moves_fen`: a view, `moves` plus `fen_after` as EGD writes it (the en-passant square
//!   after every double push), computed from the row (schema version 5); the FEN before a
//!   move is the previous ply's, or `games.start_fen`.
//! - Indexes: `games(white)`, `games(black)`, `games(result)`, `games((tags ->> 'ECO'))`,
//!   `moves(position_key)`.
//!
//! `content_hash` is XXH3-128 of the tags (sorted by name), the start FEN and the SAN moves:
//! comments, NAGs, move numbers and layout do not count. `game_id` is its high 63 bits, so a
//! game gets the same id in every database, and a game already stored is found by its id.
//! Two different games with the same id (odds about 2^-63 per pair) are reported, and the
//! second is not stored.
//!
//! # Modules
//!
//! [`url`] parses database URLs (and hides passwords), [`load`] stores PGN, [`query`] holds
//! the shipped analyses and formats results.
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![warn(missing_debug_implementations)]

mod batch;
mod columns;
mod convert;
mod derive;
mod error;
mod fetch;
pub mod load;
mod options;
mod pg_binary;
mod postgres;
pub mod query;
mod row;
pub mod schema;
mod sink;
mod sqlite;
mod sqlite_insert;
mod statements;
mod store;
pub mod url;

pub use error::Error;
pub use load::{LoadError, LoadEvent, LoadOptions, LoadSummary, Rejection};
pub use schema::SCHEMA_VERSION;
pub use store::{Database, OpenOptions};
pub use url::{DatabaseUrl, DEFAULT_URL};
