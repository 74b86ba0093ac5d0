//! Integration tests of scoresheet-db: the same scenarios on SQLite (always) and PostgreSQL
//! (when `SCORESHEET_TEST_POSTGRES_URL` is set; required under `CI=true`).

mod common;
mod corpus;
mod postgres;
mod sqlite;
