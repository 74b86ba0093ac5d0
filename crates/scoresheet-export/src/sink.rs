//! [`TableSink`]: the [`ReplaySink`] that turns replayed games into rows of the `games` and
//! `moves` tables. Every rule it applies is defined elsewhere and only called here: the facts
//! of each ply ([`PlyRecorder`], one [`PlyRecord`] per `moves` row, whose columns are
//! declared in [`crate::moves_table`]), tags and result ([`GameTags`]), the game's identity
//! ([`game_id`]), typed tag values ([`tag_value`]).

use std::sync::Arc;

use arrow_array::{ArrayRef, FixedSizeListArray, RecordBatch, UInt8Array};
use arrow_schema::{ArrowError, DataType, SchemaRef};
use scoresheet::{EnPassantMode, FenWriter, Position};
use scoresheet_pgn::annotation::CommentIssue;
use scoresheet_pgn::board::BoardCodes;
use scoresheet_pgn::egd::GameTags;
use scoresheet_pgn::game_id::ContentHasher;
use scoresheet_pgn::record::{PlyRecord, PlyRecorder};
use scoresheet_pgn::replay::{Ply, ReplaySink};
use scoresheet_pgn::select::OpeningTable;
use scoresheet_pgn::{game_id, Location, Outcome, RawComment, RawTag};

use crate::columns::Text;
use crate::games_table::{GameFacts, GameRows};
use crate::moves_table::{board_type, moves_arrays, moves_plain, MoveColumn, MoveRow, Values};
use crate::plain::{PlainColumn, PlainTables, PlainValues};
use crate::recycle::SpareColumns;
use crate::schema::{games_schema, moves_schema};
use crate::selection::Columns;

/// The rows of the `moves` table: a record per ply, and the FEN and the board after each
/// when those columns are written.
#[derive(Debug, Default)]
struct MoveRows {
    rows: Vec<MoveRow>,
    fen_after: Text,
    boards: Vec<[u8; 64]>,
}

impl MoveRows {
    fn len(&self) -> usize {
        self.rows.len()
    }

    /// Keeps the first `rows` rows.
    fn truncate(&mut self, rows: usize) {
        self.rows.truncate(rows);
        self.fen_after.truncate(rows);
        self.boards.truncate(rows);
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
    /// The board reached (kept when the `board` column is written).
    board: BoardCodes,
    /// The game's id, its buffers kept from game to game.
    hasher: ContentHasher,
}

/// A [`ReplaySink`] that appends each replayed game to the `games` and `moves` columns (a
/// rejected game leaves none of its rows), and hands them over as Arrow record batches.
#[derive(Debug)]
pub struct TableSink {
    columns: Columns,
    /// Whether `fen_after` and `board` are written.
    fen: bool,
    board: bool,
    source: Arc<str>,
    /// Added to each game's byte offset (the start of a chunk in its input).
    byte_base: u64,
    games: GameRows,
    moves: MoveRows,
    game: Current,
    fen_writer: FenWriter,
    games_schema: SchemaRef,
    moves_schema: SchemaRef,
    /// The columns of a written `moves` batch whose buffers the next batch reuses.
    spare: SpareColumns,
}

impl TableSink {
    /// A sink for games read from `source` (its name in the `source_file` column) writing
    /// `columns`: its recorder computes the facts they need and no other.
    pub fn new(source: Arc<str>, columns: Columns) -> TableSink {
        let has = |name: &str| columns.move_names().any(|n| n == name);
        TableSink {
            columns,
            fen: has("fen_after"),
            board: has("board"),
            source,
            byte_base: 0,
            games: GameRows::new(columns.games_declared().collect()),
            moves: MoveRows::default(),
            game: Current {
                recorder: PlyRecorder::new(columns.facts(), None),
                ..Current::default()
            },
            fen_writer: FenWriter::new(),
            games_schema: games_schema(columns),
            moves_schema: moves_schema(columns),
            spare: SpareColumns::default(),
        }
    }

    /// Names openings (`opening_eco`, `opening_name`) with `table` (`None`: the shipped one).
    pub fn openings(mut self, table: Option<&'static OpeningTable>) -> TableSink {
        self.game.recorder = PlyRecorder::new(self.columns.facts(), table);
        self
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
        self.games.len()
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
        let moves = self.take_moves_batch()?;
        Ok((games, moves))
    }

    /// The moves of the games held, as a record batch, leaving their games held (the
    /// games' batch comes with the next [`take_batches`](Self::take_batches)).
    ///
    /// # Errors
    ///
    /// When a text column of the batch passes 2 GiB.
    #[cfg_attr(not(feature = "parquet"), allow(dead_code))]
    pub(crate) fn take_moves(&mut self) -> Result<RecordBatch, ArrowError> {
        self.moves.truncate(self.game.first_row);
        self.game.first_row = 0;
        self.take_moves_batch()
    }

    /// The games held, as a record batch (their moves are taken by
    /// [`take_moves`](Self::take_moves)).
    ///
    /// # Errors
    ///
    /// When a text column of the batch passes 2 GiB.
    pub(crate) fn take_games(&mut self) -> Result<RecordBatch, ArrowError> {
        let columns = self.games.take()?;
        RecordBatch::try_new(Arc::clone(&self.games_schema), columns)
    }

    fn take_moves_batch(&mut self) -> Result<RecordBatch, ArrowError> {
        let m = &mut self.moves;
        let spare = &mut std::mem::take(&mut self.spare);
        let declared: Vec<&MoveColumn> = self.columns.moves_declared().collect();
        let arrays = moves_arrays(&declared, &m.rows, spare)?;
        let mut columns = Vec::with_capacity(declared.len());
        for (column, array) in declared.iter().zip(arrays) {
            columns.push(match (array, column.values) {
                (Some(array), _) => array,
                (None, Values::Board) => {
                    // Handed over without a copy; the next batch's room is made anew.
                    let room = Vec::with_capacity(m.boards.len());
                    boards_array(std::mem::replace(&mut m.boards, room))?
                }
                (None, _) => m.fen_after.take_reusing(spare.text(column.name))?,
            });
        }
        m.rows.clear();
        m.boards.clear();
        RecordBatch::try_new(Arc::clone(&self.moves_schema), columns)
    }

    /// The games and moves held as plain columns ([`PlainTables`]: the same values as
    /// [`take_batches`](Self::take_batches), without Arrow arrays), leaving the sink empty.
    ///
    /// # Errors
    ///
    /// A move whose string its vocabulary lacks (a bug, reported rather than written wrong).
    pub fn take_plain(&mut self) -> Result<PlainTables, ArrowError> {
        self.moves.truncate(self.game.first_row);
        self.game.first_row = 0;
        let games = self.games.take_plain();
        let m = &mut self.moves;
        let declared: Vec<&MoveColumn> = self.columns.moves_declared().collect();
        let plain = moves_plain(&declared, &m.rows)?;
        let mut moves = Vec::with_capacity(declared.len());
        for (column, values) in declared.iter().zip(plain) {
            moves.push(match (values, column.values) {
                (Some(values), _) => values,
                (None, Values::Board) => PlainColumn {
                    name: column.name,
                    values: PlainValues::Board(m.boards.as_flattened().to_vec()),
                    valid: None,
                },
                (None, _) => {
                    let (text, valid) = m.fen_after.take_plain();
                    PlainColumn {
                        name: column.name,
                        values: PlainValues::Text(text),
                        valid,
                    }
                }
            });
        }
        m.rows.clear();
        m.boards.clear();
        Ok(PlainTables { games, moves })
    }

    fn push_game(&mut self, id: i64, plies: usize) {
        let game = &self.game;
        self.games.push(&GameFacts {
            game_id: id,
            tags: &game.tags,
            result: game.tags.result(game.marker),
            plies,
            start_fen: start_fen(game, plies),
            source_file: &self.source,
            source_offset: self.byte_base + game.byte,
            opening: game.recorder.opening(),
        });
    }
}

/// The boards as a `board` column (64 codes a row, [`BoardCodes`]).
fn boards_array(boards: Vec<[u8; 64]>) -> Result<ArrayRef, ArrowError> {
    let DataType::FixedSizeList(item, size) = board_type() else {
        return Err(ArrowError::SchemaError(
            "board is not a fixed-size list".to_owned(),
        ));
    };
    let codes = UInt8Array::from(boards.into_flattened());
    Ok(Arc::new(FixedSizeListArray::try_new(
        item,
        size,
        Arc::new(codes),
        None,
    )?))
}

/// The stored start FEN ([`game_id::stored_start_fen`]).
fn start_fen(game: &Current, plies: usize) -> &str {
    let first = std::str::from_utf8(&game.start_fen)
        .ok()
        .filter(|_| plies > 0);
    game_id::stored_start_fen(first, game.tags.get("FEN"))
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
        if self.board {
            self.game.board = BoardCodes::of(start);
        }
    }

    fn ply(&mut self, ply: &Ply<'_>) {
        // The row is made in place (a record is about a hundred bytes); the game's id is known
        // at its end.
        let rows = &mut self.moves.rows;
        rows.push(MoveRow {
            game_id: 0,
            record: PlyRecord::BLANK,
        });
        let row = rows.last_mut().map(|row| &mut row.record);
        if !row.is_some_and(|row| self.game.recorder.record_into(ply, row)) {
            rows.pop();
            return;
        }
        if self.fen {
            let writer = &mut self.fen_writer;
            self.moves
                .fen_after
                .push_with(|out| writer.write(ply.after, EnPassantMode::Always, out));
        }
        if let (true, Some(mv)) = (self.board, ply.mv) {
            self.game.board.play(ply.before.turn(), mv);
            self.moves.boards.push(*self.game.board.codes());
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
        let sans = self.moves.rows[first..].iter().map(|row| &row.record.san);
        // Out of the game while the game's tags and start are borrowed.
        let mut hasher = std::mem::take(&mut self.game.hasher);
        let hash = hasher.hash_moves(tags, start_fen(&self.game, plies), sans);
        self.game.hasher = hasher;
        let id = game_id::game_id_of(hash);
        for row in &mut self.moves.rows[first..] {
            row.game_id = id;
        }
        self.push_game(id, plies);
        // The row holds the tags now. A long value's string goes (`GameTags::clear`) rather
        // than waiting for the next game, which in a worker of a parallel export can begin
        // long after the writer got the row (a 50 MB tag value: a copy more at the peak).
        self.game.tags.clear();
        self.game.first_row = self.moves.len();
        u32::try_from(plies).unwrap_or(u32::MAX)
    }

    fn abandon(&mut self) {
        self.moves.truncate(self.game.first_row);
    }
}
