//! The WebAssembly module of the npm package `scoresheet` (`npm/`): a thin layer that turns
//! JavaScript arguments into library calls and library results into JavaScript values. Every
//! rule lives in the Rust crates (`scoresheet`, `scoresheet-pgn`); the package's JavaScript
//! API, its documentation and its TypeScript types are in `npm/`.
//!
//! Structured results (games, EGD records, detections, syntax trees) cross into JavaScript as
//! one JSON text each, which the package's wrapper parses (`JSON.parse` is faster than making
//! each object through the boundary); the plies of `readGames`, the bulk of its result, cross
//! as columns instead (the `game_columns` module), made into objects only when read. Errors
//! are JavaScript `Error`s with the Rust errors' fields ([`errors`]).
//!
//! Only the pure-Rust parts are built in: `scoresheet-pgn` without its `compression` feature
//! (zstd is C), and no database or Parquet crate.

#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![warn(missing_debug_implementations)]

pub mod errors;
mod game_columns;
pub mod games;
mod json;
pub mod notation;
mod pumped;
pub mod rewrite;
pub mod round_trip;
pub mod syntax;
pub mod tables;
pub mod vocab;
