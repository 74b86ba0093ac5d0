//! [`TableSink`]: the [`ReplaySink`] that turns replayed games into rows of the `games` and
//! `moves` tables, column by column. Every rule it applies is defined elsewhere and only
//! called here: tags and result ([`GameTags`]), repetition ([`Repetitions`]), piece codes
//! ([`PieceCode`]), move types ([`MoveType::of`]), comment commands
//! ([`MoveMeta::add_comment`]), UCI ([`UciMove::from_move`]), the game's identity
//! ([`game_id`]), typed tag values ([`tag_value`]), the Polyglot key
//! ([`Position::polyglot_key`], [`Position::polyglot_key_after`]).

use std::sync::Arc;

use arrow_array::types::{Float64Type, Int32Type, Int64Type};
use arrow_array::{ArrayRef, MapArray, RecordBatch, StructArray};
use arrow_buffer::OffsetBuffer;
use arrow_schema::{ArrowError, DataType, SchemaRef};
use scoresheet::san::{SanPlus, Suffix};
use scoresheet::uci::UciMove;
use scoresheet::{Color, EnPassantMode, FenWriter, Position, Square};
use scoresheet_pgn::annotation::{ClockTime, CommentIssue, EvalScore};
use scoresheet_pgn::egd::{GameTags, MoveMeta, MoveType, PieceCode, Repetitions};
use scoresheet_pgn::replay::{Ply, ReplaySink};
use scoresheet_pgn::{game_id, tag_value, Location, Outcome, RawComment, RawTag};

use crate::columns::{take_codes, take_names, take_names_opt, Optional, Text, Values};
use crate::recycle::SpareColumns;
use crate::schema::{games_schema, moves_schema, moves_schema_coded, ROSTER, TEXT_TAGS};

/// The columns of the `games` table.
#[derive(Debug, Default)]
struct GameColumns {
    game_id: Values<i64>,
    roster: [Text; 6],
    result: Text,
    white_elo: Values<i32>,
    black_elo: Values<i32>,
    text_tags: [Text; 4],
    base_seconds: Values<i32>,
    increment_seconds: Values<i32>,
    utc_timestamp: Values<i64>,
    ply_count: Values<i32>,
    start_fen: Text,
    /// Number of entries of each game's `tags` map.
    tag_counts: Vec<i32>,
    tag_keys: Text,
    tag_values: Text,
    source_file: Text,
    source_offset: Values<i64>,
}

/// The columns of the `moves` table.
#[derive(Debug, Default)]
struct MoveColumns {
    game_id: Values<i64>,
    ply: Values<i32>,
    move_number: Values<i32>,
    side: Vec<Color>,
    san: Text,
    uci: Text,
    from_square: Vec<Square>,
    to_square: Vec<Square>,
    piece: Vec<PieceCode>,
    captured: Vec<Option<PieceCode>>,
    promotion: Vec<Option<PieceCode>>,
    move_type: Vec<MoveType>,
    is_check: Values<bool>,
    is_mate: Values<bool>,
    clock_seconds: Optional<f64>,
    emt_seconds: Optional<f64>,
    eval_cp: Optional<i32>,
    eval_mate: Optional<i32>,
    position_key: Values<i64>,
    halfmove_clock: Values<i32>,
    repetition: Values<i32>,
    fen_after: Text,
}

impl MoveColumns {
    fn len(&self) -> usize {
        self.ply.len()
    }

    /// Keeps the first `rows` rows of every column but the annotations' (which lag behind by
    /// the move whose comments may still come) and `game_id` (filled at the game's end).
    fn truncate(&mut self, rows: usize) {
        self.ply.truncate(rows);
        self.move_number.truncate(rows);
        self.side.truncate(rows);
        self.san.truncate(rows);
        self.uci.truncate(rows);
        self.from_square.truncate(rows);
        self.to_square.truncate(rows);
        self.piece.truncate(rows);
        self.captured.truncate(rows);
        self.promotion.truncate(rows);
        self.move_type.truncate(rows);
        self.is_check.truncate(rows);
        self.is_mate.truncate(rows);
        self.clock_seconds.truncate(rows);
        self.emt_seconds.truncate(rows);
        self.eval_cp.truncate(rows);
        self.eval_mate.truncate(rows);
        self.position_key.truncate(rows);
        self.halfmove_clock.truncate(rows);
        self.repetition.truncate(rows);
        self.fen_after.truncate(rows);
    }
}

/// The state of the game being replayed.
#[derive(Debug, Default)]
struct Current {
    tags: GameTags,
    marker: Option<&'static str>,
    /// The start position's FEN.
    start_fen: Vec<u8>,
    /// Rows of `moves` before this game's first.
    first_row: usize,
    /// Where the game starts in the input.
    byte: u64,
    /// The annotations of the last move, whose comments may still come (one value reused
    /// move after move: moving a fresh one in and out for each ply cost 2% of the export).
    meta: MoveMeta,
    /// Whether `meta` belongs to a move whose row waits for it.
    meta_open: bool,
    repetitions: Repetitions,
    /// The Polyglot key of the position reached, updated move by move.
    key: u64,
}

/// A [`ReplaySink`] that appends each replayed game to the `games` and `moves` columns (a
/// rejected game leaves none of its rows), and hands them over as Arrow record batches.
#[derive(Debug)]
pub struct TableSink {
    fen: bool,
    /// Whether the name columns of `moves` are dictionaries ([`TableSink::set_name_codes`]).
    codes: bool,
    source: Arc<str>,
    /// Added to each game's byte offset (the start of a chunk in its input).
    byte_base: u64,
    games: GameColumns,
    moves: MoveColumns,
    game: Current,
    fen_writer: FenWriter,
    games_schema: SchemaRef,
    moves_schema: SchemaRef,
    /// The columns of a written `moves` batch whose buffers the next batch reuses.
    spare: SpareColumns,
}

impl TableSink {
    /// A sink for games read from `source` (its name in the `source_file` column); `fen`
    /// adds the `fen_after` column.
    pub fn new(source: Arc<str>, fen: bool) -> TableSink {
        TableSink {
            fen,
            codes: false,
            source,
            byte_base: 0,
            games: GameColumns::default(),
            moves: MoveColumns::default(),
            game: Current::default(),
            fen_writer: FenWriter::new(),
            games_schema: games_schema(),
            moves_schema: moves_schema(fen),
            spare: SpareColumns::default(),
        }
    }

    /// Hands back a `moves` batch this sink made, once written: the next batch's columns
    /// reuse the buffers of its numbers, texts and keys that nothing else holds
    /// ([`crate::Recycler`] says why).
    pub fn recycle(&mut self, moves: RecordBatch) {
        self.spare = SpareColumns::new(moves);
    }

    /// Whether the batches of `moves` hold the name columns (`side`, squares, pieces,
    /// `move_type`) as dictionaries of `UInt8` keys over their names rather than as strings:
    /// the same values, cheaper to build and to write to Parquet ([`DatasetWriter`] writes
    /// them with the files' schema, strings). Off by default.
    ///
    /// [`DatasetWriter`]: crate::DatasetWriter
    pub fn set_name_codes(&mut self, yes: bool) {
        self.codes = yes;
        self.moves_schema = match yes {
            true => moves_schema_coded(self.fen),
            false => moves_schema(self.fen),
        };
    }

    /// Sets what is added to each game's byte offset: where the bytes read start in the input.
    pub fn set_byte_base(&mut self, base: u64) {
        self.byte_base = base;
    }

    /// Games held, not yet taken.
    pub fn games(&self) -> usize {
        self.games.game_id.len()
    }

    /// Moves held, not yet taken.
    pub fn moves(&self) -> usize {
        self.moves.game_id.len()
    }

    /// The games and moves held, as record batches (the games of this sink's schemas),
    /// leaving the sink empty.
    ///
    /// # Errors
    ///
    /// When a text column of the batch passes 2 GiB (take batches more often).
    pub fn take_batches(&mut self) -> Result<(RecordBatch, RecordBatch), ArrowError> {
        // Only whole games: the rows of one not ended yet go.
        self.game.meta_open = false;
        self.moves.truncate(self.moves.game_id.len());
        let games = self.take_games()?;
        let moves = self.take_moves()?;
        Ok((games, moves))
    }

    fn take_games(&mut self) -> Result<RecordBatch, ArrowError> {
        let g = &mut self.games;
        let mut columns: Vec<ArrayRef> = vec![g.game_id.take()];
        for text in &mut g.roster {
            columns.push(text.take()?);
        }
        columns.extend([g.result.take()?, g.white_elo.take(), g.black_elo.take()]);
        for text in &mut g.text_tags {
            columns.push(text.take()?);
        }
        let tags = take_map(&self.games_schema, g)?;
        columns.extend([
            g.base_seconds.take(),
            g.increment_seconds.take(),
            g.utc_timestamp.take_timestamp_utc(),
            g.ply_count.take(),
            g.start_fen.take()?,
            tags,
            g.source_file.take()?,
            g.source_offset.take(),
        ]);
        RecordBatch::try_new(Arc::clone(&self.games_schema), columns)
    }

    fn take_moves(&mut self) -> Result<RecordBatch, ArrowError> {
        let m = &mut self.moves;
        let spare = &mut std::mem::take(&mut self.spare);
        let mut columns: Vec<ArrayRef> = vec![
            m.game_id
                .take_reusing(spare.primitive::<Int64Type>("game_id")),
            m.ply.take_reusing(spare.primitive::<Int32Type>("ply")),
            m.move_number
                .take_reusing(spare.primitive::<Int32Type>("move_number")),
        ];
        let [side, from, to, piece, captured, promotion, move_type] = match self.codes {
            true => take_coded(m, spare)?,
            false => take_named(m),
        };
        let san = m.san.take_reusing(spare.text("san"))?;
        let uci = m.uci.take_reusing(spare.text("uci"))?;
        columns.extend([side, san, uci, from, to, piece]);
        columns.extend([captured, promotion, move_type]);
        columns.extend([
            m.is_check.take(),
            m.is_mate.take(),
            m.clock_seconds
                .take_reusing::<Float64Type>(spare.primitive::<Float64Type>("clock_seconds")),
            m.emt_seconds
                .take_reusing::<Float64Type>(spare.primitive::<Float64Type>("emt_seconds")),
            m.eval_cp
                .take_reusing::<Int32Type>(spare.primitive::<Int32Type>("eval_cp")),
            m.eval_mate
                .take_reusing::<Int32Type>(spare.primitive::<Int32Type>("eval_mate")),
            m.position_key
                .take_reusing(spare.primitive::<Int64Type>("position_key")),
            m.halfmove_clock
                .take_reusing(spare.primitive::<Int32Type>("halfmove_clock")),
            m.repetition
                .take_reusing(spare.primitive::<Int32Type>("repetition")),
        ]);
        if self.fen {
            columns.push(m.fen_after.take_reusing(spare.text("fen_after"))?);
        }
        RecordBatch::try_new(Arc::clone(&self.moves_schema), columns)
    }

    /// Writes the annotations of the last move into its row.
    fn flush_meta(&mut self) {
        if !std::mem::replace(&mut self.game.meta_open, false) {
            return;
        }
        let meta = &self.game.meta;
        let m = &mut self.moves;
        m.clock_seconds.push(meta.clock.map(ClockTime::as_secs_f64));
        m.emt_seconds.push(meta.emt.map(ClockTime::as_secs_f64));
        let (cp, mate) = match meta.eval.map(|e| e.score) {
            Some(EvalScore::Centipawns(cp)) => (Some(cp), None),
            Some(EvalScore::Mate(n)) => (None, Some(n)),
            None => (None, None),
        };
        m.eval_cp.push(cp);
        m.eval_mate.push(mate);
    }

    fn push_game(&mut self, id: i64, plies: usize) {
        let game = &self.game;
        let tags = &game.tags;
        let g = &mut self.games;
        g.game_id.push(id);
        for (text, (_, tag)) in g.roster.iter_mut().zip(ROSTER) {
            text.push_opt(tags.get(tag));
        }
        g.result.push(tags.result(game.marker));
        g.white_elo
            .push_opt(tags.get("WhiteElo").and_then(tag_value::elo));
        g.black_elo
            .push_opt(tags.get("BlackElo").and_then(tag_value::elo));
        for (text, (_, tag)) in g.text_tags.iter_mut().zip(TEXT_TAGS) {
            text.push_opt(tags.get(tag));
        }
        let tc = tags
            .get("TimeControl")
            .and_then(tag_value::TimeControl::parse);
        g.base_seconds.push_opt(tc.map(|tc| tc.base_seconds));
        g.increment_seconds
            .push_opt(tc.map(|tc| tc.increment_seconds));
        let when =
            tag_value::utc_timestamp(tags.get("UTCDate"), tags.get("UTCTime"), tags.get("Date"));
        g.utc_timestamp
            .push_opt(when.map(|secs| secs.saturating_mul(1_000_000)));
        g.ply_count.push(i32::try_from(plies).unwrap_or(i32::MAX));
        g.start_fen.push(start_fen(game, plies));
        let mut count = 0;
        for (name, value) in tags.others() {
            if !ROSTER.iter().any(|(_, tag)| tag == name) {
                g.tag_keys.push(name);
                g.tag_values.push(value);
                count += 1;
            }
        }
        g.tag_counts.push(count);
        g.source_file.push(&self.source);
        g.source_offset
            .push(i64::try_from(self.byte_base + game.byte).unwrap_or(i64::MAX));
    }
}

/// The stored start FEN ([`game_id::stored_start_fen`]).
fn start_fen(game: &Current, plies: usize) -> &str {
    let first = std::str::from_utf8(&game.start_fen)
        .ok()
        .filter(|_| plies > 0);
    game_id::stored_start_fen(first, game.tags.get("FEN"))
}

/// The squares' names, a1 b1 ... h8 (in the order of [`Square::index`]).
const SQUARE_NAMES: [&str; 64] = [
    "a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2",
    "a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3", "a4", "b4", "c4", "d4", "e4", "f4", "g4", "h4",
    "a5", "b5", "c5", "d5", "e5", "f5", "g5", "h5", "a6", "b6", "c6", "d6", "e6", "f6", "g6", "h6",
    "a7", "b7", "c7", "d7", "e7", "f7", "g7", "h7", "a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8",
];

fn side_name(side: Color) -> &'static str {
    match side {
        Color::White => "w",
        Color::Black => "b",
    }
}

fn square_name(sq: Square) -> &'static str {
    SQUARE_NAMES[sq as usize]
}

/// The name columns of `moves` as strings: `side`, `from_square`, `to_square`, `piece`,
/// `captured`, `promotion`, `move_type`.
fn take_named(m: &mut MoveColumns) -> [ArrayRef; 7] {
    [
        take_names(&mut m.side, side_name),
        take_names(&mut m.from_square, square_name),
        take_names(&mut m.to_square, square_name),
        take_names(&mut m.piece, PieceCode::as_str),
        take_names_opt(&mut m.captured, PieceCode::as_str),
        take_names_opt(&mut m.promotion, PieceCode::as_str),
        take_names(&mut m.move_type, MoveType::as_str),
    ]
}

/// [`take_named`] as dictionaries ([`TableSink::set_name_codes`]).
fn take_coded(m: &mut MoveColumns, spare: &mut SpareColumns) -> Result<[ArrayRef; 7], ArrowError> {
    let piece = |p: PieceCode| p as usize;
    Ok([
        take_codes(
            &mut m.side,
            Some,
            |c| c as usize,
            side_name,
            spare.keys("side"),
        )?,
        take_codes(
            &mut m.from_square,
            Some,
            |sq| sq as usize,
            square_name,
            spare.keys("from_square"),
        )?,
        take_codes(
            &mut m.to_square,
            Some,
            |sq| sq as usize,
            square_name,
            spare.keys("to_square"),
        )?,
        take_codes(
            &mut m.piece,
            Some,
            piece,
            PieceCode::as_str,
            spare.keys("piece"),
        )?,
        take_codes(
            &mut m.captured,
            |p| p,
            piece,
            PieceCode::as_str,
            spare.keys("captured"),
        )?,
        take_codes(
            &mut m.promotion,
            |p| p,
            piece,
            PieceCode::as_str,
            spare.keys("promotion"),
        )?,
        take_codes(
            &mut m.move_type,
            Some,
            |t| t as usize,
            MoveType::as_str,
            spare.keys("move_type"),
        )?,
    ])
}

/// The `tags` map column.
fn take_map(schema: &SchemaRef, g: &mut GameColumns) -> Result<ArrayRef, ArrowError> {
    let field = schema.field_with_name("tags")?;
    let DataType::Map(entries, sorted) = field.data_type() else {
        return Err(ArrowError::SchemaError("tags is not a map".to_owned()));
    };
    let DataType::Struct(fields) = entries.data_type() else {
        return Err(ArrowError::SchemaError(
            "tags entries are not a struct".to_owned(),
        ));
    };
    let lengths = std::mem::take(&mut g.tag_counts);
    let offsets = OffsetBuffer::<i32>::from_lengths(lengths.iter().map(|&n| n as usize));
    let struct_array = StructArray::try_new(
        fields.clone(),
        vec![g.tag_keys.take()?, g.tag_values.take()?],
        None,
    )?;
    let map = MapArray::try_new(Arc::clone(entries), offsets, struct_array, None, *sorted)?;
    Ok(Arc::new(map))
}

impl ReplaySink for TableSink {
    type Game = u32;

    fn begin_game(&mut self, at: Location) {
        self.game.tags.clear();
        self.game.marker = None;
        self.game.meta_open = false;
        self.game.repetitions.clear();
        // Rows of a game the reader gave up on without a word (a read error) go too.
        let committed = self.moves.game_id.len();
        self.moves.truncate(committed);
        self.game.first_row = committed;
        self.game.byte = at.byte;
    }

    fn tag(&mut self, name: &[u8], value: RawTag<'_>) {
        self.game.tags.add(name, value);
    }

    fn start(&mut self, start: &Position) {
        self.game.start_fen.clear();
        self.fen_writer
            .write(start, EnPassantMode::Always, &mut self.game.start_fen);
        self.game.repetitions.push(start);
        self.game.key = start.polyglot_key();
    }

    fn ply(&mut self, ply: &Ply<'_>) {
        let Some(mv) = ply.mv else {
            return;
        };
        self.flush_meta();
        let after = ply.after;
        let check = after.is_check();
        let mate = check && !after.has_legal_moves();
        let m = &mut self.moves;
        let number = m.len() - self.game.first_row + 1;
        m.ply.push(i32::try_from(number).unwrap_or(i32::MAX));
        let fullmove = ply.before.fullmove_number();
        m.move_number
            .push(i32::try_from(fullmove).unwrap_or(i32::MAX));
        m.side.push(ply.before.turn());
        let suffix = match (check, mate) {
            (_, true) => Some(Suffix::Checkmate),
            (true, false) => Some(Suffix::Check),
            _ => None,
        };
        let san = SanPlus {
            san: ply.san,
            suffix,
            annotation: None,
        };
        m.san.push_with(|out| san.write_to(out));
        m.uci
            .push_with(|out| write_uci(UciMove::from_move(ply.before, mv), out));
        m.from_square.push(mv.from());
        m.to_square.push(mv.to());
        let to = mv.to();
        m.piece.push(PieceCode::new(mv.role(), mv.from()));
        m.captured
            .push(mv.capture().map(|role| PieceCode::new(role, to)));
        m.promotion
            .push(mv.promotion().map(|role| PieceCode::new(role, to)));
        m.move_type.push(MoveType::of(mv));
        m.is_check.push(check);
        m.is_mate.push(mate);
        // Polyglot keys are unsigned; the column holds the same 64 bits as a signed integer.
        // Mainline plies come in order, each from the position the last one reached.
        self.game.key = ply.before.polyglot_key_after(self.game.key, mv, after);
        m.position_key.push(self.game.key as i64);
        m.halfmove_clock
            .push(i32::try_from(after.halfmove_clock()).unwrap_or(i32::MAX));
        let repetition = self.game.repetitions.push(after);
        m.repetition
            .push(i32::try_from(repetition).unwrap_or(i32::MAX));
        if self.fen {
            let writer = &mut self.fen_writer;
            m.fen_after
                .push_with(|out| writer.write(after, EnPassantMode::Always, out));
        }
        self.game.meta.clear();
        self.game.meta_open = true;
    }

    /// The tables have no row for a null move: it rejects the game (variations, where null
    /// moves are common, are skipped unread).
    fn null_move(&mut self, _ply: &Ply<'_>) -> Result<(), &'static str> {
        Err("the export")
    }

    /// A comment after a mainline move: its clock, elapsed time and evaluation go into the
    /// move's row.
    fn comment(&mut self, comment: RawComment<'_>) -> Vec<CommentIssue> {
        match self.game.meta_open {
            true => self.game.meta.add_comment(comment.as_bytes()),
            false => Vec::new(),
        }
    }

    fn outcome(&mut self, outcome: Option<Outcome>) {
        self.game.marker = Some(outcome.map_or("*", Outcome::as_str));
    }

    fn end_game(&mut self) -> u32 {
        self.flush_meta();
        let first = self.game.first_row;
        let plies = self.moves.len() - first;
        let result = self.game.tags.result(self.game.marker);
        let tags = std::iter::once(("Result", result)).chain(
            self.game
                .tags
                .others()
                .iter()
                .map(|(n, v)| (n.as_str(), v.as_str())),
        );
        let sans = (first..first + plies).map(|row| self.moves.san.get_bytes(row));
        let hash = game_id::content_hash_of_bytes(tags, start_fen(&self.game, plies), sans);
        let id = game_id::game_id_of(hash);
        self.moves.game_id.push_n(id, plies);
        self.push_game(id, plies);
        u32::try_from(plies).unwrap_or(u32::MAX)
    }

    fn abandon(&mut self) {
        self.game.meta_open = false;
        self.moves.truncate(self.game.first_row);
    }
}

/// Appends a move in UCI (`e2e4`, `e7e8q`).
fn write_uci(uci: UciMove, out: &mut Vec<u8>) {
    match uci {
        UciMove::Normal {
            from,
            to,
            promotion,
        } => {
            for sq in [from, to] {
                out.extend_from_slice(&[b'a' + sq.file() as u8, b'1' + sq.rank() as u8]);
            }
            if let Some(role) = promotion {
                out.push(role.char() as u8);
            }
        }
        UciMove::Null => out.extend_from_slice(b"0000"),
    }
}
