//! The SQLite inserts of a load: one statement per game (its result says whether the game was
//! new), and the moves of a batch's new games through one prepared multi-row statement, so
//! that SQLite runs one statement per [`MOVE_ROWS`] rows instead of one per row.

use rusqlite::{CachedStatement, Transaction};

use crate::columns::{name_list, Column, Values, GAME_COLUMNS, MOVE_COLUMNS};
use crate::row::{GameRow, PlyRow};
use crate::Error;

/// Rows per multi-row insert: 29 columns × 32 = 928 parameters, under SQLite's limit (32766
/// since 3.32, the bundled library's; 999 before).
pub(crate) const MOVE_ROWS: usize = 32;

const _: () = assert!(MOVE_ROWS * MOVE_COLUMNS.len() <= 32766);

/// `INSERT INTO games (...) VALUES (?, ...)`: a game whose id is taken is not inserted.
fn insert_game_sql() -> String {
    format!(
        "INSERT INTO games ({}) VALUES {} ON CONFLICT DO NOTHING",
        name_list(&GAME_COLUMNS),
        placeholders(GAME_COLUMNS.len(), 1)
    )
}

/// `INSERT INTO moves (...) VALUES (?, ...), ...` for `rows` rows.
fn insert_moves_sql(rows: usize) -> String {
    format!(
        "INSERT INTO moves ({}) VALUES {}",
        name_list(&MOVE_COLUMNS),
        placeholders(MOVE_COLUMNS.len(), rows)
    )
}

/// `(?, ?), (?, ?)`: `rows` rows of `width` parameters.
fn placeholders(width: usize, rows: usize) -> String {
    let row = format!("({})", vec!["?"; width].join(", "));
    vec![row; rows].join(", ")
}

/// The statement of [`insert_game_sql`], prepared for a batch.
pub(crate) struct GameInsert<'c>(Params<'c>);

impl<'c> GameInsert<'c> {
    pub(crate) fn new(tx: &'c Transaction<'_>) -> Result<GameInsert<'c>, Error> {
        Ok(GameInsert(Params::new(
            tx.prepare_cached(&insert_game_sql())?,
        )))
    }

    /// Inserts a game's row; returns whether it was new (else its id was taken).
    pub(crate) fn insert(&mut self, g: &GameRow) -> Result<bool, Error> {
        self.0.bind_row(0, &GAME_COLUMNS, g)?;
        Ok(self.0.stmt.raw_execute()? > 0)
    }
}

/// Inserts `rows`: [`MOVE_ROWS`] at a time, the rest one by one.
pub(crate) fn insert_moves(tx: &Transaction<'_>, rows: &[&PlyRow]) -> Result<(), Error> {
    let mut chunks = rows.chunks_exact(MOVE_ROWS);
    if chunks.len() > 0 {
        let mut many = Params::new(tx.prepare_cached(&insert_moves_sql(MOVE_ROWS))?);
        for chunk in chunks.by_ref() {
            for (i, row) in chunk.iter().enumerate() {
                many.bind_row(i * MOVE_COLUMNS.len(), &MOVE_COLUMNS, row)?;
            }
            many.stmt.raw_execute()?;
        }
    }
    let rest = chunks.remainder();
    if !rest.is_empty() {
        let mut one = Params::new(tx.prepare_cached(&insert_moves_sql(1))?);
        for row in rest {
            one.bind_row(0, &MOVE_COLUMNS, row)?;
            one.stmt.raw_execute()?;
        }
    }
    Ok(())
}

/// A value a parameter holds, when it is one that compares in a few instructions: NULL, an
/// integer, a float (its bits) or a text of up to 8 bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Held {
    Null,
    Int(i64),
    Real(u64),
    Short([u8; 8], u8),
}

impl Held {
    fn text(text: &str) -> Option<Held> {
        let bytes = text.as_bytes();
        let mut short = [0; 8];
        short.get_mut(..bytes.len())?.copy_from_slice(bytes);
        Some(Held::Short(short, bytes.len() as u8))
    }
}

/// A statement and the values bound to its parameters since it was taken from the cache
/// (which clears them). SQLite keeps a parameter's value from one execution to the next, so a
/// value equal to the one held is not bound again: most of a row's values (its game, the
/// side, the flags, absent captures, promotions and evals) equal those of the row a statement
/// (32 plies) before, and binding, which copies every text, was half of the writer's
/// instructions.
struct Params<'c> {
    stmt: CachedStatement<'c>,
    /// By parameter index from 0; `None`: unknown, or a value not kept here.
    held: Vec<Option<Held>>,
}

impl<'c> Params<'c> {
    fn new(stmt: CachedStatement<'c>) -> Params<'c> {
        let held = vec![None; stmt.parameter_count()];
        Params { stmt, held }
    }

    /// Binds `value` to parameter `at` (from 1) unless it holds `held` already.
    fn bind<T: rusqlite::ToSql + ?Sized>(
        &mut self,
        at: usize,
        held: Option<Held>,
        value: &T,
    ) -> rusqlite::Result<()> {
        let slot = &mut self.held[at - 1];
        if held.is_some() && *slot == held {
            return Ok(());
        }
        // Unknown until bound: a failed bind leaves the parameter's value unspecified.
        *slot = None;
        self.stmt.raw_bind_parameter(at, value)?;
        self.held[at - 1] = held;
        Ok(())
    }

    fn int(&mut self, at: usize, value: impl Into<i64>) -> rusqlite::Result<()> {
        let value = value.into();
        self.bind(at, Some(Held::Int(value)), &value)
    }

    fn flag(&mut self, at: usize, value: bool) -> rusqlite::Result<()> {
        self.int(at, value)
    }

    fn opt_int(&mut self, at: usize, value: Option<i32>) -> rusqlite::Result<()> {
        self.bind(
            at,
            Some(value.map_or(Held::Null, |v| Held::Int(v.into()))),
            &value,
        )
    }

    fn opt_real(&mut self, at: usize, value: Option<f64>) -> rusqlite::Result<()> {
        self.bind(
            at,
            Some(value.map_or(Held::Null, |v| Held::Real(v.to_bits()))),
            &value,
        )
    }

    fn text(&mut self, at: usize, value: &str) -> rusqlite::Result<()> {
        self.bind(at, Held::text(value), &value)
    }

    fn opt_text(&mut self, at: usize, value: Option<&str>) -> rusqlite::Result<()> {
        match value {
            Some(text) => self.text(at, text),
            None => self.bind(at, Some(Held::Null), &value),
        }
    }

    /// Binds a row's values to parameters `base + 1 ..= base + columns.len()`, in the
    /// columns' order.
    fn bind_row<R>(&mut self, base: usize, columns: &[Column<R>], row: &R) -> rusqlite::Result<()> {
        for (i, column) in columns.iter().enumerate() {
            let at = base + i + 1;
            match column.values {
                Values::BigInt(value) | Values::Integer(value) => self.int(at, value(row)),
                Values::OptInteger(value) => self.opt_int(at, value(row)),
                Values::OptReal(value) => self.opt_real(at, value(row)),
                Values::Boolean(value) => self.flag(at, value(row)),
                Values::Text(value) => self.text(at, &value(row)),
                Values::BinaryText(value) | Values::Json(value) => self.text(at, value(row)),
                Values::OptText(value) | Values::OptJson(value) => self.opt_text(at, value(row)),
            }?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A parameter keeps its value between executions and is bound again only when the value
    /// changes: each row must read back as given, whatever the previous row held there.
    #[test]
    fn ok_params_rebind_only_changes() {
        let conn = rusqlite::Connection::open_in_memory().unwrap();
        conn.execute_batch("CREATE TABLE t (a, b, c)").unwrap();
        type Row = (Option<&'static str>, Option<i32>, Option<f64>);
        let rows: [Row; 9] = [
            (Some("x"), Some(1), None),
            (None, Some(1), Some(2.5)),
            (Some("x"), None, Some(2.5)),
            (Some("x"), Some(0), Some(-0.0)),
            (Some("longer than 8"), Some(0), Some(0.0)),
            (Some("longer than 8"), Some(7), None),
            (Some(""), Some(7), None),
            (Some("12345678"), None, Some(1e300)),
            (Some("123456789"), None, Some(1e300)),
        ];
        let mut params = Params::new(
            conn.prepare_cached("INSERT INTO t VALUES (?1, ?2, ?3)")
                .unwrap(),
        );
        for (a, b, c) in rows {
            params.opt_text(1, a).unwrap();
            params.opt_int(2, b).unwrap();
            params.opt_real(3, c).unwrap();
            params.stmt.raw_execute().unwrap();
        }
        drop(params);
        let mut read = conn
            .prepare("SELECT a, b, c FROM t ORDER BY rowid")
            .unwrap();
        let back: Vec<(Option<String>, Option<i32>, Option<f64>)> = read
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
            .unwrap()
            .map(Result::unwrap)
            .collect();
        assert_eq!(back.len(), rows.len());
        for ((a, b, c), (a2, b2, c2)) in rows.iter().zip(&back) {
            assert_eq!((a.map(str::to_owned), *b), (a2.clone(), *b2));
            assert_eq!(c.map(f64::to_bits), c2.map(f64::to_bits));
        }
    }

    #[test]
    fn ok_insert_sql_shape() {
        let sql = insert_moves_sql(2);
        assert!(sql.starts_with("INSERT INTO moves (game_id, ply, move_number, side, san, "));
        assert!(sql.ends_with(
            ", uci, position_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, \
            ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?), (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, \
            ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        ));
        assert_eq!(
            insert_game_sql(),
            "INSERT INTO games (game_id, content_hash, event, site, date, round, white, black, \
             result, tags, ply_count, start_fen, source_file, source_offset, opening_eco, \
             opening_name) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) \
             ON CONFLICT DO NOTHING"
        );
    }
}
