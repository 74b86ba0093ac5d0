//! The derived columns of plies stored before schema version 3 (the move in UCI, the
//! Polyglot key of the position after it, and that position as text equal exactly when the
//! repetition rules call two positions equal), for the migration that adds them: [`derive`]
//! replays a stored game from its rows' own columns (piece, squares, move type), without move
//! generation. A load takes the same facts from its one replay of each game
//! ([`crate::sink`]: each ply's `PlyRecord`), never from here; [`position_text`] (in
//! `row.rs`, on the load's path) is the one rule of the position's text for both.
//!
//! The FEN stored with a ply has the en-passant square after every double push (the PGN
//! standard), so one position would have two texts: one with the square (just after the
//! push, when no capture is possible) and one with `-` (the same position reached again by
//! other moves). The repetition rules count the en-passant square only when an en-passant
//! capture is legal, and so does `position_after`.

use scoresheet::fen::Fen;
use scoresheet::uci::UciMove;
use scoresheet::{CastlingMode, Move, Position, Square};
use scoresheet_pgn::egd::{EgdPly, MoveRecord, MoveType, PieceCode};

use crate::row::{meta_json, position_text};

/// The columns a stored ply gets beside its EGD record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Derived {
    /// The move in UCI (`e1g1` for castling in standard chess, king to rook in Chess960).
    pub uci: String,
    /// The Polyglot key of the position after the move, as a signed integer (same bits).
    pub position_key: i64,
    /// The FEN after the move without its counters, the en-passant square only when an
    /// en-passant capture is legal.
    pub position_after: String,
    /// The `meta` column: the EGD meta as JSON, or `None` when it holds nothing.
    pub meta: Option<String>,
}

/// What the replay of a ply gives towards its [`Derived`] columns, before the FEN of its EGD
/// record is known.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ReplayedPly {
    uci: String,
    position_key: i64,
    ep_legal: Option<Square>,
}

impl ReplayedPly {
    /// `mv`, played from `before` (whose Polyglot key is `key_before`) to `after`; returns
    /// the ply and the key of `after`, the next ply's `key_before`.
    pub(crate) fn of_move(
        before: &Position,
        key_before: u64,
        mv: Move,
        after: &Position,
    ) -> (ReplayedPly, u64) {
        let key = before.polyglot_key_after(key_before, mv, after);
        let ply = ReplayedPly {
            uci: {
                let mut uci = String::with_capacity(5);
                UciMove::from_move(before, mv).push_to(&mut uci);
                uci
            },
            // Polyglot keys are unsigned; the column holds the same 64 bits as a signed integer.
            position_key: key as i64,
            ep_legal: after.ep_square_legal(),
        };
        (ply, key)
    }

    /// The columns, given the ply's EGD record (its FEN after the move and its meta).
    pub(crate) fn with_record(self, record: &EgdPly) -> Derived {
        Derived {
            uci: self.uci,
            position_key: self.position_key,
            position_after: position_text(&record.end_position.fen, self.ep_legal),
            meta: meta_json(record.mv.meta.as_ref()),
        }
    }
}

/// A ply whose record does not describe a legal move of its position (stored data edited by
/// hand; the loader's own records always replay).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct DeriveError {
    /// The 1-based ply.
    pub ply: usize,
    /// What did not fit.
    pub what: &'static str,
}

impl std::fmt::Display for DeriveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ply {}: {}", self.ply, self.what)
    }
}

/// The start position a game's `start_fen` names.
pub(crate) fn start_position(fen: &str) -> Option<Position> {
    let setup = Fen::from_ascii_lenient(fen.as_bytes()).ok()?.into_setup();
    let mode = CastlingMode::detect(&setup);
    Position::from_fen_lenient(fen, mode).ok()
}

/// The derived columns of every ply, replaying from `start_fen`.
pub(crate) fn derive(start_fen: &str, plies: &[EgdPly]) -> Result<Vec<Derived>, DeriveError> {
    let mut pos = start_position(start_fen).ok_or(DeriveError {
        ply: 0,
        what: "start FEN does not load",
    })?;
    let mut out = Vec::with_capacity(plies.len());
    let mut key = pos.polyglot_key();
    for (i, record) in plies.iter().enumerate() {
        let ply = i + 1;
        let mv = move_of(&pos, &record.mv).ok_or(DeriveError {
            ply,
            what: "castling without the right",
        })?;
        let before = pos.clone();
        pos.play(mv).map_err(|_| DeriveError {
            ply,
            what: "move not legal in its position",
        })?;
        let (replayed, after) = ReplayedPly::of_move(&before, key, mv, &pos);
        key = after;
        out.push(replayed.with_record(record));
    }
    Ok(out)
}

/// The move a record describes, in the position before it.
fn move_of(pos: &Position, mv: &MoveRecord) -> Option<Move> {
    let (from, to) = (mv.from_square, mv.to_square);
    Some(match mv.move_type {
        MoveType::ShortCastle | MoveType::LongCastle => {
            let rights = pos.castle_rights(pos.turn());
            let file = match mv.move_type {
                MoveType::ShortCastle => rights.short,
                _ => rights.long,
            }?;
            Move::Castle {
                king: from,
                rook: Square::new(file, from.rank()),
            }
        }
        MoveType::EpCapture => Move::EnPassant { from, to },
        _ => Move::Normal {
            role: mv.piece.role(),
            from,
            capture: mv.captured_piece.map(PieceCode::role),
            to,
            promotion: mv.promotion.map(PieceCode::role),
        },
    })
}
