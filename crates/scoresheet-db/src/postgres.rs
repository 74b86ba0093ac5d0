//! The PostgreSQL backend: one synchronous connection, a transaction per batch, rows sent with
//! `COPY ... FROM STDIN` in the binary format ([`crate::pg_binary`]).
//!
//! Duplicates are found before the COPY (`game_id = ANY($1)`), so the COPY goes straight into
//! `games` and `moves`. If another loader stores one of the same games in between, the COPY
//! fails with a unique violation; the batch is then rolled back and tried again (up to three
//! times), and the second look finds the game.

use std::collections::HashMap;
use std::error::Error as StdError;
use std::io::Write;

use postgres::error::SqlState;
use postgres::types::{FromSql, Type};
use postgres::{Client, GenericClient, NoTls, Row};

use crate::{
    batch::BatchOutcome,
    columns::{GAME_COLUMNS, MOVE_COLUMNS},
    fetch::{self, derived_of, MovesSource, Stored},
    pg_binary::{copy_sql, BinaryRows},
    query::{QueryResult, Value},
    row::GameRow,
    schema::{check_version, CREATE_MIGRATIONS_TABLE, MIGRATIONS},
    Error,
};

/// A bulk load drops the primary key of `moves` and adds it back at its end (one sort instead
/// of a B-tree insertion per row, a third of the COPY's time). Its rows stay unique meanwhile:
/// a game's moves are written in the transaction that adds the game to `games`, whose primary
/// key stays, so a second loader's copy of the game fails there and is retried as a duplicate.
const DROP_MOVES_KEY: &str = "ALTER TABLE moves DROP CONSTRAINT IF EXISTS moves_pkey";

/// Adds the primary key of `moves` if it is missing (also after a bulk load that was killed).
const ADD_MOVES_KEY: &str = "DO $$ BEGIN \
    IF NOT EXISTS (SELECT 1 FROM pg_constraint \
                   WHERE conrelid = 'moves'::regclass AND contype = 'p') THEN \
        ALTER TABLE moves ADD CONSTRAINT moves_pkey PRIMARY KEY (game_id, ply); \
    END IF; END $$";

/// Serialises schema changes of concurrent loaders (an arbitrary constant).
const MIGRATION_LOCK: i64 = 0x5c0e_5bee_7000_0001;

/// A PostgreSQL database.
pub(crate) struct PostgresStore {
    client: Client,
    /// The URL it was opened with, for [`another`](PostgresStore::another).
    url: String,
    /// Whether the bulk settings are on (see [`set_bulk`](PostgresStore::set_bulk)).
    bulk: bool,
}

impl std::fmt::Debug for PostgresStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("PostgresStore")
    }
}

impl PostgresStore {
    /// Connects (without TLS).
    pub fn connect(url: &str) -> Result<Self, Error> {
        let client = Client::connect(url, NoTls)?;
        Ok(PostgresStore {
            client,
            url: url.to_owned(),
            bulk: false,
        })
    }

    /// A second connection to the same database, with the same bulk setting: a load writes
    /// through two, so that two server processes share the server's work (most of a load's
    /// time) over two cores.
    pub fn another(&self) -> Result<Self, Error> {
        let mut other = PostgresStore::connect(&self.url)?;
        if self.bulk {
            other.client.batch_execute("SET synchronous_commit = off")?;
            other.bulk = true;
        }
        Ok(other)
    }

    /// The schema version, `None` without scoresheet tables.
    pub fn schema_version(&mut self) -> Result<Option<i64>, Error> {
        let row = self.client.query_one(
            "SELECT to_regclass('scoresheet_migrations') IS NOT NULL",
            &[],
        )?;
        if !row.get::<_, bool>(0) {
            return Ok(None);
        }
        let row = self
            .client
            .query_one("SELECT MAX(version) FROM scoresheet_migrations", &[])?;
        Ok(row.get(0))
    }

    /// Applies the missing migrations under an advisory lock; returns the version reached.
    pub fn migrate(&mut self) -> Result<i64, Error> {
        let mut tx = self.client.transaction()?;
        tx.query("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])?;
        tx.batch_execute(CREATE_MIGRATIONS_TABLE)?;
        let found: i64 = tx
            .query_one(
                "SELECT COALESCE(MAX(version), 0) FROM scoresheet_migrations",
                &[],
            )?
            .get(0);
        check_version(found)?;
        let mut version = found;
        for m in MIGRATIONS.iter().filter(|m| m.version > found) {
            tx.batch_execute(m.postgres)?;
            if m.rewrite_plies {
                rewrite_plies(&mut tx)?;
            }
            tx.execute(
                "INSERT INTO scoresheet_migrations (version, name) VALUES ($1, $2)",
                &[&m.version, &m.name],
            )?;
            version = m.version;
        }
        tx.commit()?;
        Ok(version)
    }

    /// Writes a batch in one transaction; `on_game` runs after each game is encoded.
    pub fn write_batch(
        &mut self,
        games: &[GameRow],
        on_game: &mut dyn FnMut(),
    ) -> Result<BatchOutcome, Error> {
        let mut attempt = 0;
        loop {
            match self.try_batch(games, on_game) {
                Err(Error::Postgres(e)) if retry(&e) && attempt < 3 => {
                    attempt += 1;
                }
                result => return result,
            }
        }
    }

    fn try_batch(
        &mut self,
        games: &[GameRow],
        on_game: &mut dyn FnMut(),
    ) -> Result<BatchOutcome, Error> {
        let mut tx = self.client.transaction()?;
        let ids: Vec<i64> = games.iter().map(|g| g.game_id).collect();
        let mut known: HashMap<i64, String> = tx
            .query(
                "SELECT game_id, content_hash FROM games WHERE game_id = ANY($1)",
                &[&ids],
            )?
            .iter()
            .map(|r| (r.get(0), r.get(1)))
            .collect();
        let mut outcome = BatchOutcome::default();
        let (mut game_rows, mut move_rows) = (BinaryRows::new(), BinaryRows::new());
        for (index, game) in games.iter().enumerate() {
            match known.get(&game.game_id) {
                Some(hash) if *hash == game.content_hash => outcome.duplicates += 1,
                Some(_) => outcome.collisions.push(index),
                None => {
                    game_rows.row("games", &GAME_COLUMNS, game)?;
                    for row in &game.moves {
                        move_rows.row("moves", &MOVE_COLUMNS, row)?;
                    }
                    known.insert(game.game_id, game.content_hash.clone());
                    outcome.stored += 1;
                    outcome.stored_ids.push(game.game_id);
                    outcome.moves += game.moves.len() as u64;
                }
            }
            on_game();
        }
        if outcome.stored > 0 {
            copy(
                &mut tx,
                &copy_sql("games", &GAME_COLUMNS),
                &game_rows.finish(),
            )?;
            copy(
                &mut tx,
                &copy_sql("moves", &MOVE_COLUMNS),
                &move_rows.finish(),
            )?;
        }
        tx.commit()?;
        Ok(outcome)
    }

    /// Switches a bulk load's settings on or off: on, `moves` loses its primary key (see
    /// [`DROP_MOVES_KEY`]) and commits do not wait for the WAL to reach the disk
    /// (`synchronous_commit=off`: a crash of the server may lose the last batches committed,
    /// never part of one; the next load stores them again). Off adds the key back if it is
    /// missing and restores the server's setting.
    pub fn set_bulk(&mut self, on: bool) -> Result<(), Error> {
        match on {
            true => {
                self.schema_change(DROP_MOVES_KEY)?;
                self.client.batch_execute("SET synchronous_commit = off")?;
            }
            false => {
                self.schema_change(ADD_MOVES_KEY)?;
                self.client.batch_execute("RESET synchronous_commit")?;
            }
        }
        self.bulk = on;
        Ok(())
    }

    /// Runs schema statements in one transaction, under the migration lock (so that two
    /// loaders do not create the same index at once).
    pub fn schema_change(&mut self, sql: &str) -> Result<(), Error> {
        let mut tx = self.client.transaction()?;
        tx.query("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])?;
        tx.batch_execute(sql)?;
        tx.commit()?;
        Ok(())
    }

    /// Deletes games and their moves, in one transaction, in time proportional to what they
    /// hold: one statement per table, joined with the ids (a hash join, so that `moves` is
    /// read once even while a bulk load has dropped its key; a statement per chunk of ids read
    /// the whole table each time).
    pub fn remove_games(&mut self, ids: &[i64]) -> Result<(), Error> {
        let mut tx = self.client.transaction()?;
        tx.execute(
            "DELETE FROM moves USING unnest($1::bigint[]) AS removed(id) WHERE game_id = removed.id",
            &[&ids],
        )?;
        tx.execute(
            "DELETE FROM games USING unnest($1::bigint[]) AS removed(id) WHERE game_id = removed.id",
            &[&ids],
        )?;
        tx.commit()?;
        Ok(())
    }

    /// Runs `sql` with `$1` bound to `player` (if the statement has a parameter).
    pub fn query(&mut self, sql: &str, player: Option<&str>) -> Result<QueryResult, Error> {
        query(&mut self.client, sql, player)
    }

    /// The stored rows of one game, or `None`.
    pub fn fetch(&mut self, game_id: i64) -> Result<Option<Stored>, Error> {
        fetch(&mut self.client, game_id, MovesSource::View)
    }
}

/// Runs `sql` with `$1` bound to `player` (if the statement has a parameter).
fn query(
    client: &mut impl GenericClient,
    sql: &str,
    player: Option<&str>,
) -> Result<QueryResult, Error> {
    let stmt = client.prepare(sql)?;
    let rows = if stmt.params().is_empty() {
        client.query(&stmt, &[])?
    } else {
        client.query(&stmt, &[&player])?
    };
    let columns: Vec<String> = stmt.columns().iter().map(|c| c.name().to_owned()).collect();
    let kinds = stmt
        .columns()
        .iter()
        .map(|c| kind_of(c.type_(), c.name()))
        .collect::<Result<Vec<_>, _>>()?;
    let rows = rows
        .iter()
        .map(|row| {
            let values = kinds.iter().enumerate().map(|(i, k)| value_of(row, i, *k));
            values.collect::<Result<Vec<_>, _>>()
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(QueryResult { columns, rows })
}

/// Computes the derived ply columns of every stored game again (schema version 3).
fn rewrite_plies(client: &mut impl GenericClient) -> Result<(), Error> {
    let ids: Vec<i64> = client
        .query("SELECT game_id FROM games", &[])?
        .iter()
        .map(|r| r.get(0))
        .collect();
    let update = client.prepare(
        "UPDATE moves SET uci = $1, position_key = $2, position_after = $3 \
         WHERE game_id = $4 AND ply = $5",
    )?;
    for id in ids {
        let Some(stored) = fetch(client, id, MovesSource::Table)? else {
            continue;
        };
        let Some(derived) = derived_of(stored)? else {
            continue;
        };
        for (i, d) in derived.iter().enumerate() {
            let ply = i as i32 + 1;
            client.execute(
                &update,
                &[&d.uci, &d.position_key, &d.position_after, &id, &ply],
            )?;
        }
    }
    Ok(())
}

/// The stored rows of one game, or `None`.
fn fetch(
    client: &mut impl GenericClient,
    game_id: i64,
    source: MovesSource,
) -> Result<Option<Stored>, Error> {
    fetch::fetch(game_id, source, &mut |sql| query(client, sql, None))
}

/// Whether a batch that failed so is tried again: another loader (or this load's other
/// connection) stored one of its games first, or the two waited on each other's games.
fn retry(e: &postgres::Error) -> bool {
    let code = e.code();
    code == Some(&SqlState::UNIQUE_VIOLATION) || code == Some(&SqlState::T_R_DEADLOCK_DETECTED)
}

fn copy(tx: &mut postgres::Transaction<'_>, statement: &str, data: &[u8]) -> Result<(), Error> {
    let mut writer = tx.copy_in(statement)?;
    writer.write_all(data)?;
    writer.finish()?;
    Ok(())
}

/// How a result column is read.
#[derive(Debug, Clone, Copy)]
enum Kind {
    Bool,
    Int2,
    Int4,
    Int8,
    Float4,
    Float8,
    Numeric,
    Text,
}

fn kind_of(ty: &Type, column: &str) -> Result<Kind, Error> {
    Ok(match *ty {
        Type::BOOL => Kind::Bool,
        Type::INT2 => Kind::Int2,
        Type::INT4 => Kind::Int4,
        Type::INT8 => Kind::Int8,
        Type::FLOAT4 => Kind::Float4,
        Type::FLOAT8 => Kind::Float8,
        Type::NUMERIC => Kind::Numeric,
        Type::TEXT | Type::VARCHAR | Type::BPCHAR | Type::NAME | Type::UNKNOWN => Kind::Text,
        _ => {
            return Err(Error::UnsupportedType {
                column: column.to_owned(),
                type_name: ty.name().to_owned(),
            })
        }
    })
}

fn value_of(row: &Row, i: usize, kind: Kind) -> Result<Value, Error> {
    let value = match kind {
        Kind::Bool => row
            .try_get::<_, Option<bool>>(i)?
            .map(|b| Value::Int(b.into())),
        Kind::Int2 => row
            .try_get::<_, Option<i16>>(i)?
            .map(|v| Value::Int(v.into())),
        Kind::Int4 => row
            .try_get::<_, Option<i32>>(i)?
            .map(|v| Value::Int(v.into())),
        Kind::Int8 => row.try_get::<_, Option<i64>>(i)?.map(Value::Int),
        Kind::Float4 => row
            .try_get::<_, Option<f32>>(i)?
            .map(|v| Value::Float(v.into())),
        Kind::Float8 => row.try_get::<_, Option<f64>>(i)?.map(Value::Float),
        Kind::Numeric => row
            .try_get::<_, Option<Numeric>>(i)?
            .map(|n| Value::Float(n.0)),
        Kind::Text => row.try_get::<_, Option<String>>(i)?.map(Value::Text),
    };
    Ok(value.unwrap_or(Value::Null))
}

/// A `numeric` read as the `f64` nearest to its decimal value.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Numeric(f64);

impl<'a> FromSql<'a> for Numeric {
    fn from_sql(_: &Type, raw: &'a [u8]) -> Result<Numeric, Box<dyn StdError + Sync + Send>> {
        numeric_from_binary(raw)
            .map(Numeric)
            .ok_or_else(|| "malformed numeric value".into())
    }

    fn accepts(ty: &Type) -> bool {
        *ty == Type::NUMERIC
    }
}

/// Decodes the binary `numeric` format: digit count, weight, sign, scale (each 16 bits), then
/// base-10000 digits, the first one worth 10000^weight.
fn numeric_from_binary(raw: &[u8]) -> Option<f64> {
    let word = |i: usize| -> Option<u16> {
        let bytes = raw.get(2 * i..2 * i + 2)?;
        Some(u16::from_be_bytes([bytes[0], bytes[1]]))
    };
    let ndigits = usize::from(word(0)?);
    let weight = i64::from(word(1)? as i16);
    let sign = word(2)?;
    match sign {
        0xC000 => return Some(f64::NAN),
        0xD000 => return Some(f64::INFINITY),
        0xF000 => return Some(f64::NEG_INFINITY),
        _ => {}
    }
    let mut digits = String::with_capacity(ndigits * 4);
    for i in 0..ndigits {
        digits.push_str(&format!("{:04}", word(4 + i)?));
    }
    let point = (weight + 1) * 4;
    let text = if ndigits == 0 {
        "0".to_owned()
    } else if point <= 0 {
        format!("0.{}{digits}", "0".repeat(usize::try_from(-point).ok()?))
    } else if usize::try_from(point).ok()? >= digits.len() {
        format!(
            "{digits}{}",
            "0".repeat(usize::try_from(point).ok()? - digits.len())
        )
    } else {
        let (int, frac) = digits.split_at(usize::try_from(point).ok()?);
        format!("{int}.{frac}")
    };
    let value: f64 = text.parse().ok()?;
    Some(if sign == 0x4000 { -value } else { value })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn numeric(ndigits: u16, weight: i16, sign: u16, digits: &[u16]) -> Vec<u8> {
        let mut raw = Vec::new();
        for w in [ndigits, weight as u16, sign, 0] {
            raw.extend_from_slice(&w.to_be_bytes());
        }
        for d in digits {
            raw.extend_from_slice(&d.to_be_bytes());
        }
        raw
    }

    #[test]
    fn ok_numeric() {
        let cases = [
            (numeric(2, 0, 0, &[66, 7000]), 66.7),
            (numeric(1, -1, 0, &[5000]), 0.5),
            (numeric(1, -1, 0x4000, &[12]), -0.0012),
            (numeric(1, -2, 0, &[12]), 0.000_000_12),
            (numeric(1, 1, 0, &[3]), 30000.0),
            (numeric(0, 0, 0, &[]), 0.0),
        ];
        for (raw, want) in cases {
            assert_eq!(numeric_from_binary(&raw), Some(want));
        }
        assert_eq!(numeric_from_binary(&[0, 1]), None);
    }
}
