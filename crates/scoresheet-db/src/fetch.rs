//! Reading a stored game back as an EGD record.

use scoresheet::san::{suffix_after, Suffix};
use scoresheet::{Color, Square};
use scoresheet_pgn::codes::UnknownCode;
use scoresheet_pgn::egd::{
    DenormalizedGame, EgdPly, ExtendedFeatures, Features, MoveMeta, MoveRecord, PlyKey,
    PositionRecord,
};

use crate::columns::{read_list, GAME_COLUMNS, MOVE_COLUMNS};
use crate::derive::{derive, start_position, Derived};
use crate::query::{QueryResult, Value};
use crate::row::ROSTER;
use crate::Error;

/// The column of the view `moves_fen` (and of `moves` before schema version 5) that the read
/// back adds to the declared ones: the FEN after the move.
const FEN_AFTER: &str = "fen_after";

/// Where the moves are read from: the view `moves_fen` (schema version 5 on, see
/// `sql/*/0005_lean_moves.sql`), which computes `fen_after`; the table `moves` itself while
/// migrating to version 3, when it still stored the column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum MovesSource {
    View,
    Table,
}

impl MovesSource {
    pub const fn relation(self) -> &'static str {
        match self {
            MovesSource::View => "moves_fen",
            MovesSource::Table => "moves",
        }
    }
}

/// A stored game's rows as read back: the `games` columns declared to be read
/// ([`crate::columns`]), and those of its moves (with `fen_after`) in ply order.
#[derive(Debug)]
pub(crate) struct Stored {
    game: QueryResult,
    moves: QueryResult,
}

/// Reads game `game_id` back with `query`, a backend's way of running a `SELECT`; `None` when
/// no game has that id.
pub(crate) fn fetch(
    game_id: i64,
    source: MovesSource,
    query: &mut dyn FnMut(&str) -> Result<QueryResult, Error>,
) -> Result<Option<Stored>, Error> {
    let games = read_list(&GAME_COLUMNS);
    let game = query(&format!(
        "SELECT {games} FROM games WHERE game_id = {game_id}"
    ))?;
    if game.rows.is_empty() {
        return Ok(None);
    }
    let (moves, from) = (read_list(&MOVE_COLUMNS), source.relation());
    let moves = query(&format!(
        "SELECT {moves}, {FEN_AFTER} FROM {from} WHERE game_id = {game_id} ORDER BY ply"
    ))?;
    Ok(Some(Stored { game, moves }))
}

/// The derived columns of a stored game's plies (see [`crate::derive`]), or `None` for a game
/// whose rows do not replay (never one the loader wrote; such rows are left as they are).
pub(crate) fn derived_of(stored: Stored) -> Result<Option<Vec<Derived>>, Error> {
    let record = rebuild(stored)?;
    // A game without moves has nothing to derive (and `derive` then finds no start FEN).
    let start_fen = record
        .moves
        .first()
        .map_or("", |p| p.start_position.fen.as_str());
    Ok(derive(start_fen, &record.moves).ok())
}

fn corrupt(what: &str, value: &str) -> Error {
    Error::Corrupt(format!("unexpected {what} {value:?}"))
}

/// One row read back, its values found by column name.
#[derive(Debug, Clone, Copy)]
struct Fields<'r> {
    names: &'r [String],
    values: &'r [Value],
}

impl<'r> Fields<'r> {
    fn get(&self, name: &str) -> Result<&'r Value, Error> {
        let at = self.names.iter().position(|n| n == name);
        at.and_then(|i| self.values.get(i))
            .ok_or_else(|| Error::Corrupt(format!("no column {name} read back")))
    }

    fn opt_text(&self, name: &str) -> Result<Option<&'r str>, Error> {
        match self.get(name)? {
            Value::Null => Ok(None),
            Value::Text(text) => Ok(Some(text)),
            other => Err(corrupt(name, &other.to_string())),
        }
    }

    fn text(&self, name: &str) -> Result<&'r str, Error> {
        self.opt_text(name)?.ok_or_else(|| corrupt(name, "NULL"))
    }

    fn int(&self, name: &str) -> Result<i64, Error> {
        match self.get(name)? {
            Value::Int(n) => Ok(*n),
            other => Err(corrupt(name, &other.to_string())),
        }
    }

    /// A non-negative integer that fits 32 bits (a counter).
    fn counter(&self, name: &str) -> Result<u32, Error> {
        let n = self.int(name)?;
        u32::try_from(n).map_err(|_| corrupt(name, &n.to_string()))
    }

    /// A boolean (0 or 1 on SQLite).
    fn flag(&self, name: &str) -> Result<bool, Error> {
        self.int(name).map(|n| n != 0)
    }
}

/// The rows of a result, by column name.
fn rows(result: &QueryResult) -> impl Iterator<Item = Fields<'_>> {
    result.rows.iter().map(|values| Fields {
        names: &result.columns,
        values,
    })
}

/// Rebuilds the EGD record (with extended features) from its rows. Tags come back with
/// `Result` first, then the roster, then the other tags in the database's JSON key order.
pub(crate) fn rebuild(stored: Stored) -> Result<DenormalizedGame, Error> {
    let game = rows(&stored.game)
        .next()
        .ok_or_else(|| Error::Corrupt("no game read back".to_owned()))?;
    let mut game_tags = vec![("Result".to_owned(), game.text("result")?.to_owned())];
    for tag in ROSTER {
        if let Some(value) = game.opt_text(&tag.to_ascii_lowercase())? {
            game_tags.push((tag.to_owned(), value.to_owned()));
        }
    }
    let tags = game.text("tags")?;
    let others: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(tags).map_err(|_| corrupt("tags", tags))?;
    for (name, value) in others {
        let serde_json::Value::String(value) = value else {
            return Err(corrupt("tag value", &value.to_string()));
        };
        game_tags.push((name, value));
    }
    let start_fen = game.text("start_fen")?;
    let mut start = PositionRecord {
        features: start_features(start_fen)?,
        fen: start_fen.to_owned(),
    };
    let mut plies = Vec::with_capacity(stored.moves.rows.len());
    for m in rows(&stored.moves) {
        let ply = rebuild_ply(m, start)?;
        start = ply.end_position.clone();
        plies.push(ply);
    }
    Ok(DenormalizedGame {
        game_tags,
        moves: plies,
    })
}

fn rebuild_ply(m: Fields<'_>, start_position: PositionRecord) -> Result<EgdPly, Error> {
    let player = match m.text("side")? {
        "w" => Color::White,
        "b" => Color::Black,
        other => return Err(corrupt("side", other)),
    };
    let end = Features {
        check: m.flag("is_check")?,
        checkmate: m.flag("is_mate")?,
        extended: Some(ExtendedFeatures {
            halfmove_clock: m.counter("halfmove_clock")?,
            repetition: m.counter("repetition")?,
            fifty_move_claimable: m.flag("fifty_move_claimable")?,
            seventy_five_move: m.flag("seventy_five_move")?,
            fivefold: m.flag("fivefold")?,
            stalemate: m.flag("stalemate")?,
            insufficient_material: m.flag("insufficient_material")?,
        }),
    };
    let meta = match m.opt_text("meta")? {
        None => MoveMeta::default(),
        Some(json) => serde_json::from_str(json).map_err(|_| corrupt("meta", json))?,
    };
    Ok(EgdPly {
        key: PlyKey {
            fullmove: m.counter("move_number")?,
            player,
        },
        start_position,
        mv: MoveRecord {
            player,
            san: m.text("san")?.to_owned(),
            lran: m.text("lran")?.to_owned(),
            from_square: square(m.text("from_square")?)?,
            to_square: square(m.text("to_square")?)?,
            piece: code(m.text("piece")?)?,
            move_type: code(m.text("move_type")?)?,
            captured_piece: m.opt_text("captured")?.map(code).transpose()?,
            promotion: m.opt_text("promotion")?.map(code).transpose()?,
            meta: Some(meta),
        },
        end_position: PositionRecord {
            fen: m.text(FEN_AFTER)?.to_owned(),
            features: end,
        },
    })
}

fn square(text: &str) -> Result<Square, Error> {
    text.parse().map_err(|_| corrupt("square", text))
}

/// A code read back from its column ([`PieceCode`](scoresheet_pgn::codes::PieceCode) and
/// [`MoveType`](scoresheet_pgn::codes::MoveType) parse what they write).
fn code<T: std::str::FromStr<Err = UnknownCode>>(text: &str) -> Result<T, Error> {
    text.parse().map_err(|e: UnknownCode| corrupt(e.kind, text))
}

/// The (extended) features of the start position, which no row stores: those EGD gives a
/// start position (its first occurrence).
fn start_features(fen: &str) -> Result<Features, Error> {
    let pos = start_position(fen).ok_or_else(|| corrupt("start FEN", fen))?;
    let suffix = suffix_after(&pos);
    let (check, checkmate) = (suffix.is_some(), suffix == Some(Suffix::Checkmate));
    Ok(Features {
        check,
        checkmate,
        extended: Some(ExtendedFeatures::after(
            &pos,
            pos.halfmove_clock(),
            1,
            check,
            checkmate,
        )),
    })
}
