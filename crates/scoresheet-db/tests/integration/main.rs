//! Integration tests of scoresheet-db on SQLite. The same scenarios run on PostgreSQL in the
//! `postgres` test binary (`tests/postgres/main.rs`), against a throwaway server.

mod common;
mod corpus;
mod positions;
mod schema;
mod sqlite;
