//! The SQLite backend: one connection, WAL journal (synchronous=NORMAL: a commit survives a
//! crash of the process, though not always a power cut), a transaction per batch, prepared
//! inserts.

use std::time::Duration;

use rusqlite::{params, types::ValueRef, Connection, ErrorCode, OpenFlags, OptionalExtension};

use crate::{
    batch::BatchOutcome,
    fetch::{self, derived_of, MovesSource, Stored},
    query::{QueryResult, Value},
    row::{GameRow, PlyRow},
    schema::{check_version, CREATE_MIGRATIONS_TABLE, MIGRATIONS},
    sqlite_insert::{insert_moves, GameInsert},
    url::Target,
    Error,
};

/// A SQLite database.
#[derive(Debug)]
pub(crate) struct SqliteStore {
    conn: Connection,
    busy_timeout: Duration,
    /// A file (not `:memory:`): has a journal and a sync mode.
    file: bool,
}

impl SqliteStore {
    /// Opens (and with `create`, creates) the database.
    pub fn open(target: &Target, create: bool, busy_timeout: Duration) -> Result<Self, Error> {
        let conn = match target {
            Target::SqliteMemory => Connection::open_in_memory()?,
            Target::SqliteFile(path) => {
                if !create && !path.exists() {
                    return Err(Error::NotFound(path.display().to_string()));
                }
                let mut flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
                if create {
                    flags |= OpenFlags::SQLITE_OPEN_CREATE;
                }
                Connection::open_with_flags(path, flags)?
            }
            Target::Postgres(_) => return Err(Error::Url("not a SQLite URL".into())),
        };
        conn.busy_timeout(busy_timeout)?;
        let file = matches!(target, Target::SqliteFile(_));
        let store = SqliteStore {
            conn,
            busy_timeout,
            file,
        };
        store.set_index_builds(false)?;
        if file {
            // While a bulk load holds the file in rollback mode, the switch is refused at
            // once: this connection then works in that mode (it waits for each of the load's
            // commits), and the load switches the file back to WAL at its end.
            store.set_journal("WAL")?;
            store.map_busy(store.conn.pragma_update(None, "synchronous", "NORMAL"))?;
            // Checkpoint every 64 MiB of WAL instead of every 4 MiB: a page written by several
            // batches is copied into the database file once.
            store.map_busy(store.conn.pragma_update(None, "wal_autocheckpoint", 16384))?;
        }
        Ok(store)
    }

    /// Turns `SQLITE_BUSY` into [`Error::Locked`].
    fn map_busy<T>(&self, result: rusqlite::Result<T>) -> Result<T, Error> {
        result.map_err(|e| busy_error(e, self.busy_timeout))
    }

    /// The schema version, `None` without scoresheet tables.
    pub fn schema_version(&mut self) -> Result<Option<i64>, Error> {
        let exists: bool = self.conn.query_row(
            "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE name = 'scoresheet_migrations')",
            [],
            |r| r.get(0),
        )?;
        if !exists {
            return Ok(None);
        }
        let version =
            self.conn
                .query_row("SELECT MAX(version) FROM scoresheet_migrations", [], |r| {
                    r.get(0)
                })?;
        Ok(version)
    }

    /// Applies the missing migrations; returns the version reached.
    pub fn migrate(&mut self) -> Result<i64, Error> {
        let busy = self.busy_timeout;
        let tx = self
            .conn
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)
            .map_err(|e| busy_error(e, busy))?;
        tx.execute_batch(CREATE_MIGRATIONS_TABLE)?;
        let found: i64 = tx.query_row(
            "SELECT COALESCE(MAX(version), 0) FROM scoresheet_migrations",
            [],
            |r| r.get(0),
        )?;
        check_version(found)?;
        let mut version = found;
        for m in MIGRATIONS.iter().filter(|m| m.version > found) {
            tx.execute_batch(m.sqlite)?;
            if m.rewrite_plies {
                rewrite_plies(&tx)?;
            }
            tx.execute(
                "INSERT INTO scoresheet_migrations (version, name) VALUES (?1, ?2)",
                params![m.version, m.name],
            )?;
            version = m.version;
        }
        tx.commit().map_err(|e| busy_error(e, busy))?;
        Ok(version)
    }

    /// Writes a batch in one transaction; `on_game` runs after each game is in it.
    pub fn write_batch(
        &mut self,
        games: &[GameRow],
        on_game: &mut dyn FnMut(),
    ) -> Result<BatchOutcome, Error> {
        let busy = self.busy_timeout;
        let tx = self
            .conn
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)
            .map_err(|e| busy_error(e, busy))?;
        let mut outcome = BatchOutcome::default();
        let plies = games.iter().map(|g| g.moves.len()).sum();
        let mut moves: Vec<&PlyRow> = Vec::with_capacity(plies);
        {
            let mut insert = GameInsert::new(&tx)?;
            let mut existing =
                tx.prepare_cached("SELECT content_hash FROM games WHERE game_id = ?1")?;
            for (index, game) in games.iter().enumerate() {
                if insert.insert(game)? {
                    moves.extend(&game.moves);
                    outcome.stored += 1;
                    outcome.stored_ids.push(game.game_id);
                    outcome.moves += game.moves.len() as u64;
                } else {
                    let hash: Option<String> = existing
                        .query_row([game.game_id], |r| r.get(0))
                        .optional()?;
                    match hash {
                        Some(h) if h == game.content_hash => outcome.duplicates += 1,
                        _ => outcome.collisions.push(index),
                    }
                }
                on_game();
            }
        }
        insert_moves(&tx, &moves)?;
        tx.commit().map_err(|e| busy_error(e, busy))?;
        Ok(outcome)
    }

    /// Switches a bulk load's settings on or off. During a load into an empty database the
    /// key index of `moves` (`moves_pkey`, schema version 4) is dropped and built at the end
    /// (rows stay unique meanwhile: a game's moves are written in the transaction that adds
    /// the game to `games`, whose primary key stays), and the journal is not synced
    /// (`synchronous=OFF`): a crash of the process still loses nothing committed, but a power
    /// cut or an OS crash may leave the file damaged. It held no games before the load, so the
    /// remedy is to delete it and load again.
    ///
    /// The journal is a rollback journal (`journal_mode=DELETE`) instead of the WAL meanwhile:
    /// the WAL writes every page twice (into the WAL, then into the database at a checkpoint),
    /// while a rollback journal keeps only the old contents of pages that existed before the
    /// transaction, and a load into an empty file mostly adds new pages. A process killed in
    /// a transaction leaves a hot journal that the next connection rolls back. The load took
    /// about 20% less time on `real.pgn`. If another connection holds the file, the mode
    /// stays WAL.
    ///
    /// Off builds the key if it is missing (also after a bulk load that was killed) and
    /// restores `NORMAL` and the WAL.
    pub fn set_bulk(&mut self, on: bool) -> Result<(), Error> {
        self.schema_change(match on {
            true => "DROP INDEX IF EXISTS moves_pkey",
            false => "CREATE UNIQUE INDEX IF NOT EXISTS moves_pkey ON moves (game_id, ply)",
        })?;
        if self.file {
            let mode = if on { "OFF" } else { "NORMAL" };
            self.map_busy(self.conn.pragma_update(None, "synchronous", mode))?;
            self.set_journal(if on { "DELETE" } else { "WAL" })?;
        }
        Ok(())
    }

    /// Sets the journal mode; leaves it as it is when other connections keep it from changing
    /// (a busy database, or SQLite answering with the old mode).
    fn set_journal(&self, mode: &str) -> Result<(), Error> {
        let set = self
            .conn
            .pragma_update_and_check(None, "journal_mode", mode, |r| r.get::<_, String>(0));
        match self.map_busy(set) {
            Err(Error::Locked { .. }) => Ok(()),
            result => result.map(drop),
        }
    }

    /// Switches the settings of index builds on or off.
    ///
    /// Off (the usual): 16 MiB of page cache (peak memory of a load stays under 100 MB), as
    /// the B-trees keyed by `game_id` are written in random order, and no helper thread.
    ///
    /// On: SQLite sorts an index's entries in runs of one cache's worth, and a run of 16 MiB
    /// is sorted with a cache miss at almost every step; runs of 1 MiB fit the CPU's caches and
    /// are then merged in streams. One helper thread sorts a run while the table scan fills
    /// the next. Building the two `moves` indexes after a 200 MB load took 17.4 s instead of
    /// 28.1 s (sqlite3 shell, peak 10 MB instead of 38 MB), 0.34 s instead of 0.64 s after
    /// `real.pgn`.
    pub fn set_index_builds(&self, on: bool) -> Result<(), Error> {
        let (cache_kib, threads) = if on { (1024, 1) } else { (16384, 0) };
        self.map_busy(self.conn.pragma_update(None, "cache_size", -cache_kib))?;
        self.map_busy(self.conn.pragma_update(None, "threads", threads))?;
        Ok(())
    }

    /// Runs schema statements in one transaction.
    pub fn schema_change(&mut self, sql: &str) -> Result<(), Error> {
        let busy = self.busy_timeout;
        let tx = self
            .conn
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)
            .map_err(|e| busy_error(e, busy))?;
        tx.execute_batch(sql)?;
        tx.commit().map_err(|e| busy_error(e, busy))?;
        Ok(())
    }

    /// Deletes games and their moves, in one transaction, in time proportional to what they
    /// hold: the ids go into a temporary table and each table is deleted from in one
    /// statement, so that `moves` is read once even while a bulk load has dropped its key
    /// (one `DELETE` per game read the whole table each time: quadratic).
    pub fn remove_games(&mut self, ids: &[i64]) -> Result<(), Error> {
        let busy = self.busy_timeout;
        let tx = self
            .conn
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)
            .map_err(|e| busy_error(e, busy))?;
        tx.execute_batch(
            "CREATE TEMP TABLE IF NOT EXISTS removed_games (game_id INTEGER PRIMARY KEY);
             DELETE FROM temp.removed_games;",
        )?;
        {
            let mut add = tx.prepare("INSERT OR IGNORE INTO temp.removed_games VALUES (?1)")?;
            for id in ids {
                add.execute([id])?;
            }
        }
        tx.execute_batch(
            "DELETE FROM moves WHERE game_id IN (SELECT game_id FROM temp.removed_games);
             DELETE FROM games WHERE game_id IN (SELECT game_id FROM temp.removed_games);
             DROP TABLE temp.removed_games;",
        )?;
        tx.commit().map_err(|e| busy_error(e, busy))?;
        Ok(())
    }

    /// Runs `sql` with `$1` bound to `player` (if the statement has a parameter).
    pub fn query(&mut self, sql: &str, player: Option<&str>) -> Result<QueryResult, Error> {
        query(&self.conn, sql, player)
    }

    /// The stored rows of one game, or `None`.
    pub fn fetch(&mut self, game_id: i64) -> Result<Option<Stored>, Error> {
        fetch(&self.conn, game_id, MovesSource::View)
    }
}

/// Runs `sql` on `conn` with `$1` bound to `player` (if the statement has a parameter).
fn query(conn: &Connection, sql: &str, player: Option<&str>) -> Result<QueryResult, Error> {
    let mut stmt = conn.prepare(sql)?;
    if stmt.parameter_count() > 0 {
        stmt.raw_bind_parameter(1, player)?;
    }
    let columns: Vec<String> = stmt.column_names().iter().map(|c| c.to_string()).collect();
    let width = columns.len();
    let mut rows = Vec::new();
    let mut raw = stmt.raw_query();
    while let Some(row) = raw.next()? {
        let mut values = Vec::with_capacity(width);
        for (i, column) in columns.iter().enumerate() {
            values.push(value_of(row.get_ref(i)?, column)?);
        }
        rows.push(values);
    }
    Ok(QueryResult { columns, rows })
}

/// Computes the derived ply columns of every stored game again (schema version 3).
fn rewrite_plies(conn: &Connection) -> Result<(), Error> {
    let ids: Vec<i64> = conn
        .prepare("SELECT game_id FROM games")?
        .query_map([], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    let mut update = conn.prepare(
        "UPDATE moves SET uci = ?1, position_key = ?2, position_after = ?3 \
         WHERE game_id = ?4 AND ply = ?5",
    )?;
    for id in ids {
        let Some(stored) = fetch(conn, id, MovesSource::Table)? else {
            continue;
        };
        let Some(derived) = derived_of(stored)? else {
            continue;
        };
        for (i, d) in derived.iter().enumerate() {
            let ply = i as i64 + 1;
            update.execute(params![d.uci, d.position_key, d.position_after, id, ply])?;
        }
    }
    Ok(())
}

/// The stored rows of one game, or `None`.
fn fetch(conn: &Connection, game_id: i64, source: MovesSource) -> Result<Option<Stored>, Error> {
    fetch::fetch(game_id, source, &mut |sql| query(conn, sql, None))
}

fn busy_error(e: rusqlite::Error, waited: Duration) -> Error {
    match e.sqlite_error_code() {
        Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked) => Error::Locked { waited },
        _ => Error::Sqlite(e),
    }
}

fn value_of(v: ValueRef<'_>, column: &str) -> Result<Value, Error> {
    Ok(match v {
        ValueRef::Null => Value::Null,
        ValueRef::Integer(i) => Value::Int(i),
        ValueRef::Real(f) => Value::Float(f),
        ValueRef::Text(t) => Value::Text(String::from_utf8_lossy(t).into_owned()),
        ValueRef::Blob(_) => {
            return Err(Error::UnsupportedType {
                column: column.to_owned(),
                type_name: "BLOB".to_owned(),
            })
        }
    })
}
