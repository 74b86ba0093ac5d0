//! The SQLite inserts of a load: one statement per game (its result says whether the game was
//! new), and the moves of a batch's new games through one prepared multi-row statement, so
//! that SQLite runs one statement per [`MOVE_ROWS`] rows instead of one per row.

use rusqlite::{CachedStatement, Transaction};
use scoresheet::Square;
use scoresheet_pgn::egd::PlyRecord;

use crate::derive::Derived;
use crate::row::{meta_json, Commands, GameRow};
use crate::Error;

pub(crate) const INSERT_GAME: &str = "INSERT INTO games (game_id, content_hash, event, site, \
    date, round, white, black, result, tags, ply_count, start_fen, source_file, source_offset) \
    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14) ON CONFLICT DO NOTHING";

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
pub(crate) type MoveRow<'a> = (i64, usize, &'a PlyRecord, &'a Derived);

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
        g.plies.len() as i64,
        g.start_fen,
        &*g.source_file,
        g.source_offset as i64,
    ])?;
    Ok(changed > 0)
}

/// Inserts `rows`: [`MOVE_ROWS`] at a time, the rest one by one.
pub(crate) fn insert_moves(tx: &Transaction<'_>, rows: &[MoveRow<'_>]) -> Result<(), Error> {
    let mut chunks = rows.chunks_exact(MOVE_ROWS);
    if chunks.len() > 0 {
        let mut many = tx.prepare_cached(&insert_moves_sql(MOVE_ROWS))?;
        for chunk in chunks.by_ref() {
            for (i, row) in chunk.iter().enumerate() {
                bind_move(&mut many, i * MOVE_WIDTH, row)?;
            }
            many.raw_execute()?;
        }
    }
    let rest = chunks.remainder();
    if !rest.is_empty() {
        let mut one = tx.prepare_cached(&insert_moves_sql(1))?;
        for row in rest {
            bind_move(&mut one, 0, row)?;
            one.raw_execute()?;
        }
    }
    Ok(())
}

/// Binds one row's values to parameters `base + 1 ..= base + 29`.
fn bind_move(
    stmt: &mut CachedStatement<'_>,
    base: usize,
    &(game_id, ply, r, derived): &MoveRow<'_>,
) -> rusqlite::Result<()> {
    let mv = &r.mv;
    let end = &r.end_position.features;
    let ext = end.extended.unwrap_or_default();
    let commands = Commands::of(mv.meta.as_ref());
    let mut at = base;
    let mut bind = |value: &dyn rusqlite::ToSql| {
        at += 1;
        stmt.raw_bind_parameter(at, value)
    };
    bind(&game_id)?;
    bind(&(ply as i64))?;
    bind(&r.key.fullmove)?;
    bind(&crate::fetch::side_str(r.key.player))?;
    bind(&mv.san)?;
    bind(&mv.lran)?;
    bind(&square_name(mv.from_square))?;
    bind(&square_name(mv.to_square))?;
    bind(&mv.piece.as_str())?;
    bind(&mv.move_type.as_str())?;
    bind(&mv.captured_piece.map(|p| p.as_str()))?;
    bind(&mv.promotion.map(|p| p.as_str()))?;
    bind(&derived.position_after)?;
    bind(&end.check)?;
    bind(&end.checkmate)?;
    bind(&ext.halfmove_clock)?;
    bind(&ext.repetition)?;
    bind(&ext.fifty_move_claimable)?;
    bind(&ext.seventy_five_move)?;
    bind(&ext.fivefold)?;
    bind(&ext.stalemate)?;
    bind(&ext.insufficient_material)?;
    bind(&meta_json(mv.meta.as_ref()))?;
    bind(&commands.clock_seconds)?;
    bind(&commands.emt_seconds)?;
    bind(&commands.eval_cp)?;
    bind(&commands.eval_mate)?;
    bind(&derived.uci)?;
    bind(&derived.position_key)
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

    #[test]
    fn ok_insert_sql_shape() {
        let sql = insert_moves_sql(2);
        assert_eq!(sql.matches('?').count(), 2 * MOVE_WIDTH);
        assert_eq!(MOVE_COLUMNS.split(',').count(), MOVE_WIDTH);
    }
}
