//! [`Database`]: one connection to SQLite or PostgreSQL, with the same operations on both.

use std::time::Duration;

use scoresheet_pgn::egd::DenormalizedGame;

use crate::{
    batch::BatchOutcome,
    fetch::rebuild,
    postgres::PostgresStore,
    query::{QueryResult, ShippedQuery, Value},
    row::GameRow,
    sqlite::SqliteStore,
    url::{DatabaseUrl, Target},
    Error,
};

/// Settings for opening a database, with chaining setters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OpenOptions {
    busy_timeout: Duration,
    create: bool,
}

impl OpenOptions {
    /// The defaults: wait up to 10 s for a SQLite file locked by another writer; create a
    /// missing SQLite file.
    pub const fn new() -> OpenOptions {
        OpenOptions {
            busy_timeout: Duration::from_secs(10),
            create: true,
        }
    }

    /// How long a SQLite writer waits (retrying with backoff) for another writer's lock before
    /// failing with [`Error::Locked`].
    pub const fn busy_timeout(mut self, timeout: Duration) -> OpenOptions {
        self.busy_timeout = timeout;
        self
    }

    /// Whether a missing SQLite file is created (else [`Error::NotFound`]).
    pub const fn create(mut self, create: bool) -> OpenOptions {
        self.create = create;
        self
    }
}

impl Default for OpenOptions {
    fn default() -> OpenOptions {
        OpenOptions::new()
    }
}

/// A connection to a scoresheet database.
///
/// ```
/// use scoresheet_db::{Database, DatabaseUrl};
///
/// let mut db = Database::open(&DatabaseUrl::sqlite_memory())?;
/// assert_eq!(db.schema_version()?, None);
/// assert_eq!(db.migrate()?, scoresheet_db::SCHEMA_VERSION);
/// let result = db.query("SELECT COUNT(*) AS games FROM games", None)?;
/// assert_eq!(result.to_csv(), "games\n0\n");
/// # Ok::<_, scoresheet_db::Error>(())
/// ```
#[derive(Debug)]
pub struct Database {
    backend: Backend,
}

#[derive(Debug)]
enum Backend {
    Sqlite(SqliteStore),
    Postgres(PostgresStore),
}

impl Database {
    /// Opens the database with the default [`OpenOptions`].
    ///
    /// # Errors
    ///
    /// When the file cannot be opened or the server cannot be reached.
    pub fn open(url: &DatabaseUrl) -> Result<Database, Error> {
        Database::open_with(url, OpenOptions::new())
    }

    /// Opens the database.
    ///
    /// # Errors
    ///
    /// When the file cannot be opened (or does not exist and `create` is off) or the server
    /// cannot be reached.
    pub fn open_with(url: &DatabaseUrl, options: OpenOptions) -> Result<Database, Error> {
        let backend = match url.target() {
            Target::Postgres(text) => Backend::Postgres(PostgresStore::connect(text)?),
            target => Backend::Sqlite(SqliteStore::open(
                target,
                options.create,
                options.busy_timeout,
            )?),
        };
        Ok(Database { backend })
    }

    /// The schema version, or `None` for a database without scoresheet tables.
    ///
    /// # Errors
    ///
    /// When the database fails.
    pub fn schema_version(&mut self) -> Result<Option<i64>, Error> {
        match &mut self.backend {
            Backend::Sqlite(s) => s.schema_version(),
            Backend::Postgres(p) => p.schema_version(),
        }
    }

    /// Creates or upgrades the schema (see [`schema`](crate::schema)); returns its version.
    ///
    /// # Errors
    ///
    /// [`Error::SchemaTooNew`], or when the database fails.
    pub fn migrate(&mut self) -> Result<i64, Error> {
        match &mut self.backend {
            Backend::Sqlite(s) => s.migrate(),
            Backend::Postgres(p) => p.migrate(),
        }
    }

    /// Runs a query with `$1` bound to `player` (NULL for `None`), if the query has a
    /// parameter.
    ///
    /// # Errors
    ///
    /// When the database rejects the query or returns a column that is neither a number nor
    /// text.
    pub fn query(&mut self, sql: &str, player: Option<&str>) -> Result<QueryResult, Error> {
        match &mut self.backend {
            Backend::Sqlite(s) => s.query(sql, player),
            Backend::Postgres(p) => p.query(sql, player),
        }
    }

    /// Runs a [shipped query](crate::query::SHIPPED).
    ///
    /// # Errors
    ///
    /// As [`run_sql`](Database::run_sql).
    pub fn run(
        &mut self,
        query: &ShippedQuery,
        player: Option<&str>,
    ) -> Result<QueryResult, Error> {
        self.run_sql(query.sql, player)
    }

    /// Runs one SQL statement of the user's (like a shipped query: `$1` bound to `player`, if
    /// the statement has a parameter) on a database with the scoresheet schema.
    ///
    /// # Errors
    ///
    /// [`Error::Statements`] when `sql` holds no statement or several (only the first would
    /// run), [`Error::NoSchema`] for a database without scoresheet tables, [`Error::SchemaTooNew`],
    /// else as [`query`](Database::query).
    pub fn run_sql(&mut self, sql: &str, player: Option<&str>) -> Result<QueryResult, Error> {
        match crate::statements::count_statements(sql) {
            1 => {}
            n => return Err(Error::Statements(n)),
        }
        match self.schema_version()? {
            None => Err(Error::NoSchema),
            Some(version) => {
                crate::schema::check_version(version)?;
                self.query(sql, player)
            }
        }
    }

    /// Reads a stored game back as an EGD record with extended features.
    ///
    /// The tags come back with `Result` first, then the seven-tag roster, then the others in
    /// the database's JSON key order (file order on SQLite, jsonb order on PostgreSQL).
    ///
    /// # Errors
    ///
    /// When the database fails or holds values the loader does not write.
    pub fn game(&mut self, game_id: i64) -> Result<Option<DenormalizedGame>, Error> {
        let stored = match &mut self.backend {
            Backend::Sqlite(s) => s.fetch(game_id)?,
            Backend::Postgres(p) => p.fetch(game_id)?,
        };
        stored.map(rebuild).transpose()
    }

    /// Prepares a load: into an empty database, drops the secondary indexes and switches to
    /// the bulk settings (returns true: the load must call [`Database::end_bulk`]); else
    /// creates any index that is missing.
    pub(crate) fn begin_bulk(&mut self) -> Result<bool, Error> {
        let empty = self.query(
            "SELECT COUNT(*) FROM (SELECT 1 FROM moves LIMIT 1) AS m",
            None,
        )?;
        let empty = matches!(
            empty.rows.first().and_then(|r| r.first()),
            Some(Value::Int(0))
        );
        let sql = match empty {
            true => crate::schema::drop_indexes_sql(),
            false => crate::schema::create_indexes_sql(),
        };
        self.schema_change(&sql)?;
        // Not bulk: restores what a bulk load that was killed left (PostgreSQL's moves key).
        self.set_bulk(empty)?;
        Ok(empty)
    }

    /// The connections a load writes through besides this one: on PostgreSQL one more (two
    /// server processes share the server's work, most of a load's time), on SQLite none (it
    /// has one writer at a time).
    pub(crate) fn other_writers(&self) -> Result<Vec<Database>, Error> {
        match &self.backend {
            Backend::Sqlite(_) => Ok(Vec::new()),
            Backend::Postgres(p) => Ok(vec![Database {
                backend: Backend::Postgres(p.another()?),
            }]),
        }
    }

    /// Builds the secondary indexes after a bulk load (see [`Database::begin_bulk`]) and
    /// restores the usual settings.
    pub(crate) fn end_bulk(&mut self) -> Result<(), Error> {
        self.set_index_builds(true)?;
        let built = self.schema_change(&crate::schema::create_indexes_sql());
        let restored = self.set_bulk(false);
        let usual = self.set_index_builds(false);
        built.and(restored).and(usual)
    }

    /// SQLite's settings for building indexes, on or off (PostgreSQL has none to switch).
    fn set_index_builds(&self, on: bool) -> Result<(), Error> {
        match &self.backend {
            Backend::Sqlite(s) => s.set_index_builds(on),
            Backend::Postgres(_) => Ok(()),
        }
    }

    fn set_bulk(&mut self, on: bool) -> Result<(), Error> {
        match &mut self.backend {
            Backend::Sqlite(s) => s.set_bulk(on),
            Backend::Postgres(p) => p.set_bulk(on),
        }
    }

    fn schema_change(&mut self, sql: &str) -> Result<(), Error> {
        match &mut self.backend {
            Backend::Sqlite(s) => s.schema_change(sql),
            Backend::Postgres(p) => p.schema_change(sql),
        }
    }

    /// Deletes games and their moves, in one transaction.
    pub(crate) fn remove_games(&mut self, ids: &[i64]) -> Result<(), Error> {
        match &mut self.backend {
            Backend::Sqlite(s) => s.remove_games(ids),
            Backend::Postgres(p) => p.remove_games(ids),
        }
    }

    pub(crate) fn write_batch(
        &mut self,
        games: &[GameRow],
        on_game: &mut dyn FnMut(),
    ) -> Result<BatchOutcome, Error> {
        match &mut self.backend {
            Backend::Sqlite(s) => s.write_batch(games, on_game),
            Backend::Postgres(p) => p.write_batch(games, on_game),
        }
    }
}
