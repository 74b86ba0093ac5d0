//! The SQLite inserts of a load: one statement per game (its result says whether the game was
//! new), and the moves of a batch's new games through one prepared multi-row statement, so
//! that SQLite runs one statement per [`MOVE_ROWS`] rows instead of one per row.

use rusqlite::{CachedStatement, Transaction};
use scoresheet::Square;

use crate::row::{GameRow, PlyRow};
use crate::Error;

pub(crate) const INSERT_GAME: &str = "INSERT INTO games (game_id, content_hash, event, site, \
    date, round, white, black, result, tags, ply_count, start_fen, source_file, source_offset, \
    opening_eco, opening_name) \
    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16) \
    ON CONFLICT DO NOTHING";

const MOVE_COLUMNS: &str = "game_id, ply, move_number, side, san, lran, from_square, \
    to_square, piece, move_type, captured, promotion, position_after, is_check, \
    is_mate, halfmove_clock, repetition, fifty_move_claimable, seventy_five_move, \
    fivefold, stalemate, insufficient_material, meta, clock_seconds, emt_seconds, eval_cp, \
    eval_mate, uci, position_key";

/// Values per `moves` row.
const MOVE_WIDTH: usize = 29;

/// Rows per multi-row insert: 29 × 32 = 928 parameters, under SQLite's limit (32766 since
/// 3.32, 999 before).
pub(crate) const MOVE_ROWS: usize = 32;

/// `INSERT INTO moves (...) VALUES (?, ...), ...` for `rows` rows.
fn insert_moves_sql(rows: usize) -> String {
    let row = format!("({})", vec!["?"; MOVE_WIDTH].join(", "));
    format!(
        "INSERT INTO moves ({MOVE_COLUMNS}) VALUES {}",
        vec![row; rows].join(", ")
    )
}

/// A ply to insert: its game, its number (from 1), its record and derived columns.
pub(crate) type MoveRow<'a> = (i64, usize, &'a PlyRow);

/// Inserts a game's row; returns whether it was new (else its id was taken).
pub(crate) fn insert_game(stmt: &mut CachedStatement<'_>, g: &GameRow) -> Result<bool, Error> {
    let [event, site, date, round, white, black] = &g.roster;
    let changed = stmt.execute(rusqlite::params![
        g.game_id,
        g.content_hash,
        event,
        site,
        date,
        round,
        white,
        black,
        g.result,
        g.tags_json,
        g.moves.len() as i64,
        g.start_fen,
        &*g.source_file,
        g.source_offset as i64,
        g.opening.as_ref().map(|(eco, _)| eco),
        g.opening.as_ref().map(|(_, name)| name),
    ])?;
    Ok(changed > 0)
}

/// Inserts `rows`: [`MOVE_ROWS`] at a time, the rest one by one.
pub(crate) fn insert_moves(tx: &Transaction<'_>, rows: &[MoveRow<'_>]) -> Result<(), Error> {
    let mut chunks = rows.chunks_exact(MOVE_ROWS);
    if chunks.len() > 0 {
        let mut many = Params::new(tx.prepare_cached(&insert_moves_sql(MOVE_ROWS))?);
        for chunk in chunks.by_ref() {
            for (i, row) in chunk.iter().enumerate() {
                many.bind_move(i * MOVE_WIDTH, row)?;
            }
            many.stmt.raw_execute()?;
        }
    }
    let rest = chunks.remainder();
    if !rest.is_empty() {
        let mut one = Params::new(tx.prepare_cached(&insert_moves_sql(1))?);
        for row in rest {
            one.bind_move(0, row)?;
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

    /// Binds one row's values to parameters `base + 1 ..= base + 29`.
    fn bind_move(&mut self, base: usize, &(game_id, ply, m): &MoveRow<'_>) -> rusqlite::Result<()> {
        let r = &m.record;
        let ext = &m.features;
        let commands = m.commands();
        let at = |i: usize| base + i;
        self.int(at(1), game_id)?;
        self.int(at(2), ply as i64)?;
        self.int(at(3), r.move_number)?;
        self.text(at(4), m.side())?;
        self.text(at(5), &m.san())?;
        self.text(at(6), &m.lran)?;
        self.text(at(7), square_name(r.from))?;
        self.text(at(8), square_name(r.to))?;
        self.text(at(9), r.piece.as_str())?;
        self.text(at(10), r.move_type.as_str())?;
        self.opt_text(at(11), r.captured.map(|p| p.as_str()))?;
        self.opt_text(at(12), r.promotion.map(|p| p.as_str()))?;
        self.text(at(13), &m.position_after)?;
        self.flag(at(14), r.check)?;
        self.flag(at(15), r.mate)?;
        self.int(at(16), ext.halfmove_clock)?;
        self.int(at(17), ext.repetition)?;
        self.flag(at(18), ext.fifty_move_claimable)?;
        self.flag(at(19), ext.seventy_five_move)?;
        self.flag(at(20), ext.fivefold)?;
        self.flag(at(21), ext.stalemate)?;
        self.flag(at(22), ext.insufficient_material)?;
        self.opt_text(at(23), m.meta.as_deref())?;
        self.opt_real(at(24), commands.clock_seconds)?;
        self.opt_real(at(25), commands.emt_seconds)?;
        self.opt_int(at(26), commands.eval_cp)?;
        self.opt_int(at(27), commands.eval_mate)?;
        self.text(at(28), &m.uci())?;
        self.int(at(29), m.position_key())
    }
}

/// A square's name (`e4`), without allocating.
pub(crate) fn square_name(sq: Square) -> &'static str {
    const NAMES: [&str; 64] = [
        "a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "a2", "b2", "c2", "d2", "e2", "f2", "g2",
        "h2", "a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3", "a4", "b4", "c4", "d4", "e4", "f4",
        "g4", "h4", "a5", "b5", "c5", "d5", "e5", "f5", "g5", "h5", "a6", "b6", "c6", "d6", "e6",
        "f6", "g6", "h6", "a7", "b7", "c7", "d7", "e7", "f7", "g7", "h7", "a8", "b8", "c8", "d8",
        "e8", "f8", "g8", "h8",
    ];
    NAMES[sq as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ok_square_names() {
        for sq in Square::ALL {
            assert_eq!(square_name(sq), sq.to_string());
        }
    }

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
        assert_eq!(sql.matches('?').count(), 2 * MOVE_WIDTH);
        assert_eq!(MOVE_COLUMNS.split(',').count(), MOVE_WIDTH);
    }
}
