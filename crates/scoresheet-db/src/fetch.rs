//! Reading a stored game back as an EGD record.

use scoresheet::fen::Fen;
use scoresheet::san::{suffix_after, Suffix};
use scoresheet::{CastlingMode, Color, Position, Square};
use scoresheet_pgn::codes::UnknownCode;
use scoresheet_pgn::egd::{
    DenormalizedGame, EgdPly, ExtendedFeatures, Features, MoveMeta, MoveRecord, PlyKey,
    PositionRecord,
};

use crate::derive::{derive, Derived};
use crate::row::ROSTER;
use crate::Error;

/// The columns of `games` that a game is rebuilt from.
#[derive(Debug)]
pub(crate) struct GameColumns {
    pub roster: [Option<String>; 6],
    pub result: String,
    pub tags_json: String,
    pub start_fen: String,
}

impl GameColumns {
    pub const SELECT: &'static str =
        "event, site, date, round, white, black, result, CAST(tags AS TEXT), start_fen";
}

/// The columns of one `moves` row.
#[derive(Debug)]
pub(crate) struct MoveColumns {
    pub move_number: i64,
    pub side: String,
    /// san, lran, from_square, to_square, piece, move_type.
    pub texts: [String; 6],
    pub captured: Option<String>,
    pub promotion: Option<String>,
    /// The FEN after the move; the one before it is the previous ply's (or the game's start).
    pub fen_after: String,
    /// is_check, is_mate.
    pub flags: [bool; 2],
    /// halfmove_clock, repetition.
    pub counters: [i64; 2],
    /// fifty_move_claimable, seventy_five_move, fivefold, stalemate, insufficient_material.
    pub extended: [bool; 5],
    pub meta: Option<String>,
}

impl MoveColumns {
    pub const SELECT: &'static str = "move_number, side, san, lran, from_square, to_square, \
        piece, move_type, captured, promotion, fen_after, is_check, is_mate, halfmove_clock, \
        repetition, fifty_move_claimable, seventy_five_move, fivefold, stalemate, \
        insufficient_material, CAST(meta AS TEXT)";
}

/// Where [`MoveColumns::SELECT`] reads from: the view `moves_fen` (schema version 5 on, see
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

/// The derived columns of a stored game's plies (see [`crate::derive`]), or `None` for a game
/// whose rows do not replay (never one the loader wrote; such rows are left as they are).
pub(crate) fn derived_of(
    game: GameColumns,
    moves: Vec<MoveColumns>,
) -> Result<Option<Vec<Derived>>, Error> {
    let start_fen = game.start_fen.clone();
    let record = rebuild(game, moves)?;
    Ok(derive(&start_fen, &record.moves).ok())
}

fn corrupt(what: &str, value: &str) -> Error {
    Error::Corrupt(format!("unexpected {what} {value:?}"))
}

/// Rebuilds the EGD record (with extended features) from its rows. Tags come back with
/// `Result` first, then the roster, then the other tags in the database's JSON key order.
pub(crate) fn rebuild(
    game: GameColumns,
    moves: Vec<MoveColumns>,
) -> Result<DenormalizedGame, Error> {
    let mut game_tags = vec![("Result".to_owned(), game.result)];
    for (name, value) in ROSTER.iter().zip(game.roster) {
        if let Some(value) = value {
            game_tags.push(((*name).to_owned(), value));
        }
    }
    let others: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(&game.tags_json).map_err(|_| corrupt("tags", &game.tags_json))?;
    for (name, value) in others {
        let serde_json::Value::String(value) = value else {
            return Err(corrupt("tag value", &value.to_string()));
        };
        game_tags.push((name, value));
    }
    let mut start = PositionRecord {
        features: start_features(&game.start_fen)?,
        fen: game.start_fen,
    };
    let mut plies = Vec::with_capacity(moves.len());
    for m in moves {
        let ply = rebuild_ply(m, start)?;
        start = ply.end_position.clone();
        plies.push(ply);
    }
    Ok(DenormalizedGame {
        game_tags,
        moves: plies,
    })
}

fn rebuild_ply(m: MoveColumns, start_position: PositionRecord) -> Result<EgdPly, Error> {
    let player = match m.side.as_str() {
        "w" => Color::White,
        "b" => Color::Black,
        other => return Err(corrupt("side", other)),
    };
    let [san, lran, from, to, piece, move_type] = m.texts;
    let counter = |v: i64| u32::try_from(v).map_err(|_| corrupt("counter", &v.to_string()));
    let [fifty, seventy_five, fivefold, stalemate, insufficient] = m.extended;
    let end = Features {
        check: m.flags[0],
        checkmate: m.flags[1],
        extended: Some(ExtendedFeatures {
            halfmove_clock: counter(m.counters[0])?,
            repetition: counter(m.counters[1])?,
            fifty_move_claimable: fifty,
            seventy_five_move: seventy_five,
            fivefold,
            stalemate,
            insufficient_material: insufficient,
        }),
    };
    let meta = match &m.meta {
        None => MoveMeta::default(),
        Some(json) => serde_json::from_str(json).map_err(|_| corrupt("meta", json))?,
    };
    Ok(EgdPly {
        key: PlyKey {
            fullmove: counter(m.move_number)?,
            player,
        },
        start_position,
        mv: MoveRecord {
            player,
            san,
            lran,
            from_square: square(&from)?,
            to_square: square(&to)?,
            piece: code(&piece)?,
            move_type: code(&move_type)?,
            captured_piece: m.captured.as_deref().map(code).transpose()?,
            promotion: m.promotion.as_deref().map(code).transpose()?,
            meta: Some(meta),
        },
        end_position: PositionRecord {
            fen: m.fen_after,
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

/// The (extended) features of the start position, which no row stores.
fn start_features(fen: &str) -> Result<Features, Error> {
    let setup = Fen::from_ascii_lenient(fen.as_bytes())
        .map_err(|_| corrupt("start FEN", fen))?
        .into_setup();
    let mode = CastlingMode::detect(&setup);
    let pos = Position::from_fen_lenient(fen, mode).map_err(|_| corrupt("start FEN", fen))?;
    let clock: u32 = fen
        .split(' ')
        .nth(4)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let suffix = suffix_after(&pos);
    let (check, checkmate) = (suffix.is_some(), suffix == Some(Suffix::Checkmate));
    Ok(Features {
        check,
        checkmate,
        extended: Some(ExtendedFeatures {
            halfmove_clock: clock,
            repetition: 1,
            fifty_move_claimable: clock >= 100,
            seventy_five_move: clock >= 150 && !checkmate,
            fivefold: false,
            stalemate: !check && !pos.has_legal_moves(),
            insufficient_material: pos.is_insufficient_material(),
        }),
    })
}
