//! [`TableSink`]: the [`ReplaySink`] that turns replayed games into rows of the `games` and
//! `moves` tables. Every rule it applies is defined elsewhere and only called here: the facts
//! of each ply ([`PlyRecorder`], one [`PlyRecord`] per `moves` row, whose columns are
//! declared in [`crate::moves_table`]), tags and result ([`GameTags`]), the game's identity
//! ([`game_id`]), typed tag values ([`tag_value`]).

use std::sync::Arc;

use arrow_array::{ArrayRef, MapArray, RecordBatch, StructArray};
use arrow_buffer::OffsetBuffer;
use arrow_schema::{ArrowError, DataType, SchemaRef};
use scoresheet::{EnPassantMode, FenWriter, Position};
use scoresheet_pgn::annotation::CommentIssue;
use scoresheet_pgn::egd::GameTags;
#[cfg(doc)]
use scoresheet_pgn::record::PlyRecord;
use scoresheet_pgn::record::PlyRecorder;
use scoresheet_pgn::replay::{Ply, ReplaySink};
use scoresheet_pgn::{game_id, tag_value, Location, Outcome, RawComment, RawTag};

use crate::columns::{Text, Values};
use crate::moves_table::{move_columns, MoveRow, Values as ColumnValues, MOVE_COLUMNS};
use crate::recycle::SpareColumns;
use crate::schema::{games_schema, moves_schema, ROSTER, TEXT_TAGS};

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

/// The rows of the `moves` table: a record per ply, and the FEN after each with `fen`.
#[derive(Debug, Default)]
struct MoveRows {
    rows: Vec<MoveRow>,
    fen_after: Text,
}

impl MoveRows {
    fn len(&self) -> usize {
        self.rows.len()
    }

    /// Keeps the first `rows` rows.
    fn truncate(&mut self, rows: usize) {
        self.rows.truncate(rows);
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
    recorder: PlyRecorder,
}

/// A [`ReplaySink`] that appends each replayed game to the `games` and `moves` columns (a
/// rejected game leaves none of its rows), and hands them over as Arrow record batches.
#[derive(Debug)]
pub struct TableSink {
    fen: bool,
    source: Arc<str>,
    /// Added to each game's byte offset (the start of a chunk in its input).
    byte_base: u64,
    games: GameColumns,
    moves: MoveRows,
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
            source,
            byte_base: 0,
            games: GameColumns::default(),
            moves: MoveRows::default(),
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
        self.game.first_row
    }

    /// The games and moves held, as record batches (the games of this sink's schemas),
    /// leaving the sink empty.
    ///
    /// # Errors
    ///
    /// When a text column of the batch passes 2 GiB (take batches more often).
    pub fn take_batches(&mut self) -> Result<(RecordBatch, RecordBatch), ArrowError> {
        // Only whole games: the rows of one not ended yet go.
        self.moves.truncate(self.game.first_row);
        self.game.first_row = 0;
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
        let mut columns = Vec::with_capacity(MOVE_COLUMNS.len());
        for column in move_columns(self.fen) {
            columns.push(match column.values {
                ColumnValues::FenAfter => m.fen_after.take_reusing(spare.text(column.name))?,
                _ => column.array(&m.rows, spare)?,
            });
        }
        m.rows.clear();
        RecordBatch::try_new(Arc::clone(&self.moves_schema), columns)
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
        // Rows of a game the reader gave up on without a word (a read error) go too.
        self.moves.truncate(self.game.first_row);
        self.game.byte = at.byte;
    }

    fn tag(&mut self, name: &[u8], value: RawTag<'_>) {
        self.game.tags.add(name, value);
    }

    fn start(&mut self, start: &Position) {
        self.game.start_fen.clear();
        self.fen_writer
            .write(start, EnPassantMode::Always, &mut self.game.start_fen);
        self.game.recorder.start(start);
    }

    fn ply(&mut self, ply: &Ply<'_>) {
        let Some(record) = self.game.recorder.record(ply) else {
            return;
        };
        // The game's id is known at its end.
        self.moves.rows.push(MoveRow { game_id: 0, record });
        if self.fen {
            let writer = &mut self.fen_writer;
            self.moves
                .fen_after
                .push_with(|out| writer.write(ply.after, EnPassantMode::Always, out));
        }
    }

    /// The tables have no row for a null move: it rejects the game (variations, where null
    /// moves are common, are skipped unread).
    fn null_move(&mut self, _ply: &Ply<'_>) -> Result<(), &'static str> {
        Err("the export")
    }

    /// A comment after a mainline move: its clock, elapsed time and evaluation go into the
    /// move's row.
    fn comment(&mut self, comment: RawComment<'_>) -> Vec<CommentIssue> {
        let first = self.game.first_row;
        match self.moves.rows.get_mut(first..).and_then(<[_]>::last_mut) {
            Some(last) => self
                .game
                .recorder
                .annotate(&mut last.record, comment.as_bytes()),
            None => Vec::new(),
        }
    }

    fn outcome(&mut self, outcome: Option<Outcome>) {
        self.game.marker = Some(outcome.map_or("*", Outcome::as_str));
    }

    fn end_game(&mut self) -> u32 {
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
        // The vocabulary's strings: a move it lacks fails the batch (`take_batches`).
        let sans = self.moves.rows[first..]
            .iter()
            .map(|row| row.record.san().as_bytes());
        let hash = game_id::content_hash_of_bytes(tags, start_fen(&self.game, plies), sans);
        let id = game_id::game_id_of(hash);
        for row in &mut self.moves.rows[first..] {
            row.game_id = id;
        }
        self.push_game(id, plies);
        self.game.first_row = self.moves.len();
        u32::try_from(plies).unwrap_or(u32::MAX)
    }

    fn abandon(&mut self) {
        self.moves.truncate(self.game.first_row);
    }
}
