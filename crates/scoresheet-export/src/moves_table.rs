//! The `moves` table, declared once: [`MOVE_COLUMNS`] names each column, its values (a view
//! of the ply's [`PlyRecord`]), whether it can be null, whether Parquet compresses it, and
//! what it means. The Arrow schemas (batches and files), the batches themselves, the Parquet
//! settings and the table of `docs/export.md` (tested against it) all come from here, so a new
//! per-ply column is a field of [`PlyRecord`] and a line of [`MOVE_COLUMNS`].
//!
//! Where the values are a closed set the batches hold dictionaries with a fixed dictionary:
//! `san` and `uci` are `Dictionary(Int16, Utf8)` over the whole vocabulary, so each row's key
//! is the move's token id (`scoresheet vocab san+` and `uci`); the squares, pieces, move types
//! and sides are `Dictionary(UInt8, Utf8)` over their names (a square's key is its index,
//! a1 = 0 ... h8 = 63). Parquet files store the same values as dictionary-encoded text.

use std::sync::{Arc, OnceLock};

use arrow_array::types::{Float64Type, Int16Type, Int32Type, Int64Type, UInt8Type};
use arrow_array::{
    ArrayRef, ArrowPrimitiveType, BooleanArray, DictionaryArray, PrimitiveArray, StringArray,
};
use arrow_buffer::{BooleanBuffer, BooleanBufferBuilder, Buffer, NullBuffer, ScalarBuffer};
use arrow_schema::{ArrowError, DataType, Field};
use scoresheet::vocab::Vocabulary;
use scoresheet::Color;
use scoresheet_pgn::egd::{MoveType, PieceCode};
use scoresheet_pgn::record::{CastlingRights, Facts, PlyRecord, SAN_VOCABULARY, UCI_VOCABULARY};

use crate::encoding::ParquetEncoding;
use crate::plain::{PlainColumn, PlainValues};
use crate::recycle::SpareColumns;

/// A row of `moves`: the game's id and the ply's record.
#[derive(Debug, Clone, Copy)]
pub(crate) struct MoveRow {
    pub(crate) game_id: i64,
    pub(crate) record: PlyRecord,
}

/// How a column's values come from the rows of a batch: a function over all the rows, written
/// from one row's value with [`each!`] (or [`each_opt!`], [`each_bool!`]) so that the value's
/// code is compiled into the loop (one call a column, not one a value).
#[derive(Debug, Clone, Copy)]
pub(crate) enum Values {
    /// `Int32`.
    Int32(Plain<i32>),
    /// `Int32`, null where the row has no value.
    OptInt32(Optional<i32>),
    /// `Int64`.
    Int64(Plain<i64>),
    /// `Float64`, null where the row has no value.
    OptFloat64(Optional<f64>),
    /// `Boolean`.
    Bool(fn(&[MoveRow]) -> BooleanBuffer),
    /// `Dictionary(UInt8, Utf8)` over the names: the value is a name's index.
    Code(&'static [&'static str], Plain<u8>),
    /// [`Code`](Values::Code), null where the row has no value.
    OptCode(&'static [&'static str], Optional<u8>),
    /// `Dictionary(Int16, Utf8)` over a vocabulary's strings: the value is a token id (a
    /// negative one for a string the vocabulary lacks, which fails the batch).
    Token(Vocabulary, Plain<i16>),
    /// `Utf8`: the FEN after the move, which the record does not hold (the sink writes it).
    FenAfter,
    /// `FixedSizeList(UInt8, 64)`: the board after the move, which the record does not hold
    /// (the sink writes it: [`BoardCodes`](scoresheet_pgn::board::BoardCodes)).
    Board,
}

/// Appends each row's value to the vector.
pub(crate) type Plain<T> = fn(&[MoveRow], &mut Vec<T>);

/// Appends each row's value to the vector (the default where it has none) and gives the
/// validity when some row has none.
pub(crate) type Optional<T> = fn(&[MoveRow], &mut Vec<T>) -> Option<NullBuffer>;

/// A [`Plain`] from the value of one row `|r| ...`.
macro_rules! each {
    (|$r:ident| $value:expr) => {
        |rows: &[MoveRow], out: &mut Vec<_>| out.extend(rows.iter().map(|$r: &MoveRow| $value))
    };
}

/// An [`Optional`] from the value of one row `|r| ...` (an `Option`).
macro_rules! each_opt {
    (|$r:ident| $value:expr) => {
        |rows: &[MoveRow], out: &mut Vec<_>| optional(rows, out, |$r: &MoveRow| $value)
    };
}

/// A `Values::Bool` function from the value of one row `|r| ...`.
macro_rules! each_bool {
    (|$r:ident| $value:expr) => {
        |rows: &[MoveRow]| {
            BooleanBuffer::collect_bool(rows.len(), |i| {
                let $r = &rows[i];
                $value
            })
        }
    };
}

/// A column of `moves`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct MoveColumn {
    pub(crate) name: &'static str,
    pub(crate) values: Values,
    pub(crate) nullable: bool,
    /// How Parquet stores it.
    pub(crate) parquet: ParquetEncoding,
    /// The costly facts of the ply its values need ([`Facts`]).
    pub(crate) facts: Facts,
    /// Written only when asked for by name (not in [`Columns::DEFAULT`](crate::Columns)).
    pub(crate) optional: bool,
    /// The meaning, as the documentation's table says it (read by the test that keeps
    /// `docs/export.md` equal to this declaration).
    #[cfg_attr(not(test), allow(dead_code))]
    pub(crate) meaning: &'static str,
}

const fn column(name: &'static str, values: Values, meaning: &'static str) -> MoveColumn {
    let nullable = matches!(
        values,
        Values::OptInt32(_) | Values::OptFloat64(_) | Values::OptCode(..)
    );
    MoveColumn {
        name,
        values,
        nullable,
        parquet: ParquetEncoding {
            dictionary: true,
            compressed: true,
            delta: false,
            statistics: false,
        },
        facts: Facts::NONE,
        optional: false,
        meaning,
    }
}

impl MoveColumn {
    const fn needs(mut self, facts: Facts) -> MoveColumn {
        self.facts = facts;
        self
    }

    const fn optional(mut self) -> MoveColumn {
        self.optional = true;
        self
    }

    const fn uncompressed(mut self) -> MoveColumn {
        self.parquet.compressed = false;
        self
    }

    const fn plain(mut self) -> MoveColumn {
        self.parquet.dictionary = false;
        self
    }

    const fn delta(mut self) -> MoveColumn {
        self.parquet.delta = true;
        self
    }

    const fn statistics(mut self) -> MoveColumn {
        self.parquet.statistics = true;
        self
    }
}

/// The squares' names, a1 b1 ... h8: a square's code is its index (the core crate's table).
pub(crate) const SQUARES: [&str; 64] = scoresheet::SQUARE_NAMES;

/// The files' names: a file's code is its index.
pub(crate) const FILES: [&str; 8] = ["a", "b", "c", "d", "e", "f", "g", "h"];

/// The sides: White's code is 0.
pub(crate) const SIDES: [&str; 2] = ["w", "b"];

/// The piece codes in the order of [`PieceCode`].
pub(crate) const PIECES: [&str; 7] = [
    PieceCode::Pawn.as_str(),
    PieceCode::Knight.as_str(),
    PieceCode::LightBishop.as_str(),
    PieceCode::DarkBishop.as_str(),
    PieceCode::Rook.as_str(),
    PieceCode::Queen.as_str(),
    PieceCode::King.as_str(),
];

/// The move types in the order of [`MoveType`].
pub(crate) const MOVE_TYPES: [&str; 7] = [
    MoveType::Move.as_str(),
    MoveType::Capture.as_str(),
    MoveType::EpCapture.as_str(),
    MoveType::Promotion.as_str(),
    MoveType::PromotionCapture.as_str(),
    MoveType::ShortCastle.as_str(),
    MoveType::LongCastle.as_str(),
];

fn int(n: u32) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

fn secs(t: Option<scoresheet_pgn::annotation::ClockTime>) -> Option<f64> {
    t.map(|t| t.as_secs_f64())
}

/// A token id as a key: negative when the vocabulary lacks the string (`None`).
fn token(id: Option<u16>) -> i16 {
    id.and_then(|id| i16::try_from(id).ok()).unwrap_or(-1)
}

fn side(c: Color) -> u8 {
    match c {
        Color::White => 0,
        Color::Black => 1,
    }
}

/// The columns of `moves`, in order; the optional ones (asked for by name, `fen_after` by
/// `--fen` too) last.
pub(crate) const MOVE_COLUMNS: [MoveColumn; 25] = {
    use scoresheet_pgn::annotation::EvalScore;
    [
        column("game_id", Values::Int64(each!(|r| r.game_id)), "`games.game_id`")
            .plain()
            .statistics(),
        column("ply", Values::Int32(each!(|r| int(r.record.ply))), "1, 2, ... within the game")
            .plain()
            .delta()
            .statistics(),
        column(
            "move_number",
            Values::Int32(each!(|r| int(r.record.move_number))),
            "fullmove number of the position before the move",
        )
        .plain(),
        column(
            "side",
            Values::Code(&SIDES, each!(|r| side(r.record.side))),
            "the mover, `w` or `b` (with `move_number`, EGD's key `12b`)",
        ),
        column(
            "san",
            Values::Token(SAN_VOCABULARY, each!(|r| token(r.record.san_id))),
            "canonical SAN with `+`/`#` from the position; key: its token id in `scoresheet vocab san+`",
        )
        .needs(Facts::SAN_ID),
        column(
            "uci",
            Values::Token(UCI_VOCABULARY, each!(|r| token(r.record.uci_id))),
            "`e2e4`, `e7e8q`; castling `e1g1` (`e1h1`, king takes rook, in Chess960); key: its token id in `scoresheet vocab uci`",
        )
        .needs(Facts::UCI_ID),
        column(
            "from_square",
            Values::Code(&SQUARES, each!(|r| r.record.from as u8)),
            "as EGD (the king's square for castling); key: the square's index, a1 = 0 ... h8 = 63",
        )
        .uncompressed(),
        column(
            "to_square",
            Values::Code(&SQUARES, each!(|r| r.record.to as u8)),
            "as `from_square`",
        )
        .uncompressed(),
        column(
            "piece",
            Values::Code(&PIECES, each!(|r| r.record.piece as u8)),
            "EGD code `p N Bl Bd R Q K` (bishops by square colour, not coloured by side)",
        ),
        column(
            "captured",
            Values::OptCode(&PIECES, each_opt!(|r| r.record.captured.map(|p| p as u8))),
            "EGD code of the piece taken",
        ),
        column(
            "promotion",
            Values::OptCode(&PIECES, each_opt!(|r| r.record.promotion.map(|p| p as u8))),
            "EGD code of the piece promoted to",
        ),
        column(
            "move_type",
            Values::Code(&MOVE_TYPES, each!(|r| r.record.move_type as u8)),
            "`move capture ep_capture promotion promotion_capture short_castle long_castle`",
        ),
        column(
            "is_check",
            Values::Bool(each_bool!(|r| r.record.check)),
            "the side to move after the move is in check",
        ),
        column(
            "is_mate",
            Values::Bool(each_bool!(|r| r.record.mate)),
            "the side to move after the move is mated",
        ),
        column(
            "clock_seconds",
            Values::OptFloat64(each_opt!(|r| secs(r.record.clock))),
            "`[%clk]` after the move: the mover's clock, seconds",
        ),
        column(
            "emt_seconds",
            Values::OptFloat64(each_opt!(|r| secs(r.record.emt))),
            "`[%emt]`: the time the move took, seconds",
        ),
        column(
            "eval_cp",
            Values::OptInt32(each_opt!(|r| r.record.eval.and_then(EvalScore::centipawns))),
            "`[%eval]` in centipawns, White's point of view as written",
        ),
        column(
            "eval_mate",
            Values::OptInt32(each_opt!(|r| r.record.eval.and_then(EvalScore::mate))),
            "`[%eval #n]`: mate in n, negative when Black mates",
        ),
        column(
            "position_key",
            // Polyglot keys are unsigned; the column holds the same 64 bits as a signed integer.
            Values::Int64(each!(|r| r.record.position_key as i64)),
            "Polyglot Zobrist key of the position after the move, its 64 bits read as signed",
        )
        .needs(Facts::POSITION_KEY)
        .plain()
        .uncompressed(),
        column(
            "halfmove_clock",
            Values::Int32(each!(|r| int(r.record.halfmove_clock))),
            "plies since the last capture or pawn move, after the move",
        )
        .plain()
        .delta(),
        column(
            "repetition",
            Values::Int32(each!(|r| int(r.record.repetition))),
            "occurrences of the position after the move in the game so far, this one included",
        )
        .needs(Facts::REPETITION)
        .plain(),
        column(
            "castling",
            Values::Code(&CastlingRights::NAMES, each!(|r| r.record.castling.0)),
            "optional: castling rights after the move as FEN writes them (`KQkq`, `-`); key: White short 1 + White long 2 + Black short 4 + Black long 8",
        )
        .optional(),
        column(
            "en_passant",
            Values::OptCode(&FILES, each_opt!(|r| r.record.en_passant.map(|f| f as u8))),
            "optional: the file of the pawn an en-passant capture can take after the move; NULL when none is legal; key: a = 0 ... h = 7",
        )
        .needs(Facts::EN_PASSANT)
        .optional(),
        column(
            "board",
            Values::Board,
            "optional: the board after the move, 64 piece codes from a1 (0) to h8 (63): 0 empty, 1-6 White pawn knight bishop rook queen king, 7-12 Black's",
        )
        .optional(),
        column(
            "fen_after",
            Values::FenAfter,
            "optional (or `--fen`): the FEN after the move",
        )
        .optional(),
    ]
};

impl MoveColumn {
    /// The column's type in batches.
    pub(crate) fn data_type(&self) -> DataType {
        match self.values {
            Values::Int32(_) | Values::OptInt32(_) => DataType::Int32,
            Values::Int64(_) => DataType::Int64,
            Values::OptFloat64(_) => DataType::Float64,
            Values::Bool(_) => DataType::Boolean,
            Values::Code(..) | Values::OptCode(..) => dictionary(DataType::UInt8),
            Values::Token(..) => dictionary(DataType::Int16),
            Values::FenAfter => DataType::Utf8,
            Values::Board => board_type(),
        }
    }

    /// The column's type in Parquet files: a dictionary's values as text (dictionary-encoded
    /// by Parquet itself).
    pub(crate) fn file_type(&self) -> DataType {
        match self.values {
            Values::Code(..) | Values::OptCode(..) | Values::Token(..) => DataType::Utf8,
            _ => self.data_type(),
        }
    }

    /// Whether the column holds short names (a dictionary in batches): written to Parquet by
    /// [`crate::short_text`].
    #[cfg_attr(not(feature = "parquet"), allow(dead_code))]
    pub(crate) fn is_short_text(&self) -> bool {
        matches!(
            self.values,
            Values::Code(..) | Values::OptCode(..) | Values::Token(..)
        )
    }
}

/// Rows a block: [`moves_arrays`] fills every column from one block of rows before it reads the
/// next, so that the block's rows are still in the cache when the next column reads them.
/// Column after column over a whole batch read every row (104 bytes) once a column
/// from memory: with 2,048-game batches (about 170,000 rows) one thread took nearly 40% longer
/// than with 64-game batches on `real.pgn` (medians of 31 interleaved runs); by blocks the
/// two are within the noise.
const BLOCK_ROWS: usize = 512;

/// The arrays of `columns` over `rows`, in order, in the buffers of `spare` where it has them;
/// `None` where a column's values do not come from the rows (`fen_after` and `board`, which
/// the sink writes).
///
/// # Errors
///
/// A move whose string its vocabulary lacks (a bug, reported rather than written wrong).
pub(crate) fn moves_arrays(
    columns: &[&MoveColumn],
    rows: &[MoveRow],
    spare: &mut SpareColumns,
) -> Result<Vec<Option<ArrayRef>>, ArrowError> {
    let mut building: Vec<Building> = columns
        .iter()
        .map(|c| Building::new(c, rows.len(), spare))
        .collect();
    for block in rows.chunks(BLOCK_ROWS) {
        for built in &mut building {
            built.extend(block);
        }
    }
    building.into_iter().map(|b| b.finish(rows)).collect()
}

/// A column's values so far, with how it gets them from rows ([`Values`]), while
/// [`moves_arrays`] fills it.
enum Building {
    Int32(Plain<i32>, Vec<i32>),
    OptInt32(Optional<i32>, Vec<i32>, Validity),
    Int64(Plain<i64>, Vec<i64>),
    OptFloat64(Optional<f64>, Vec<f64>, Validity),
    Bool(fn(&[MoveRow]) -> BooleanBuffer, BooleanBufferBuilder),
    Code(&'static [&'static str], Plain<u8>, Vec<u8>),
    OptCode(&'static [&'static str], Optional<u8>, Vec<u8>, Validity),
    Token(Vocabulary, Plain<i16>, Vec<i16>),
    /// Not from the rows (`fen_after`, `board`).
    Elsewhere,
}

impl Building {
    /// An empty column with room for `rows` values, in `spare`'s buffer when it has one.
    fn new(column: &MoveColumn, rows: usize, spare: &mut SpareColumns) -> Building {
        fn room<T>(spare: Option<Vec<T>>, rows: usize) -> Vec<T> {
            let mut values = spare.unwrap_or_default();
            values.clear();
            values.reserve(rows);
            values
        }
        let name = column.name;
        let none = Validity::default;
        match column.values {
            Values::Int32(fill) => {
                Building::Int32(fill, room(spare.primitive::<Int32Type>(name), rows))
            }
            Values::OptInt32(fill) => {
                Building::OptInt32(fill, room(spare.primitive::<Int32Type>(name), rows), none())
            }
            Values::Int64(fill) => {
                Building::Int64(fill, room(spare.primitive::<Int64Type>(name), rows))
            }
            Values::OptFloat64(fill) => Building::OptFloat64(
                fill,
                room(spare.primitive::<Float64Type>(name), rows),
                none(),
            ),
            Values::Bool(fill) => Building::Bool(fill, BooleanBufferBuilder::new(rows)),
            Values::Code(names, fill) => {
                Building::Code(names, fill, room(spare.keys::<UInt8Type>(name), rows))
            }
            Values::OptCode(names, fill) => Building::OptCode(
                names,
                fill,
                room(spare.keys::<UInt8Type>(name), rows),
                none(),
            ),
            Values::Token(vocab, fill) => {
                Building::Token(vocab, fill, room(spare.keys::<Int16Type>(name), rows))
            }
            Values::FenAfter | Values::Board => Building::Elsewhere,
        }
    }

    /// Appends the values of `block`.
    fn extend(&mut self, block: &[MoveRow]) {
        match self {
            Building::Int32(fill, out) => fill(block, out),
            Building::Int64(fill, out) => fill(block, out),
            Building::Code(_, fill, out) => fill(block, out),
            Building::Token(_, fill, out) => fill(block, out),
            Building::OptInt32(fill, out, valid) => {
                valid.append(fill(block, out), block.len(), out.len())
            }
            Building::OptFloat64(fill, out, valid) => {
                valid.append(fill(block, out), block.len(), out.len())
            }
            Building::OptCode(_, fill, out, valid) => {
                valid.append(fill(block, out), block.len(), out.len())
            }
            Building::Bool(fill, out) => out.append_buffer(&fill(block)),
            Building::Elsewhere => {}
        }
    }

    /// The column as an array; `None` for `fen_after` and `board`.
    fn finish(self, rows: &[MoveRow]) -> Result<Option<ArrayRef>, ArrowError> {
        fn array<T: ArrowPrimitiveType>(
            values: Vec<T::Native>,
            valid: Validity,
        ) -> Result<PrimitiveArray<T>, ArrowError> {
            PrimitiveArray::<T>::try_new(ScalarBuffer::from(values), valid.finish())
        }
        let none = Validity::default;
        Ok(Some(match self {
            Building::Int32(_, out) => Arc::new(array::<Int32Type>(out, none())?),
            Building::OptInt32(_, out, valid) => Arc::new(array::<Int32Type>(out, valid)?),
            Building::Int64(_, out) => Arc::new(array::<Int64Type>(out, none())?),
            Building::OptFloat64(_, out, valid) => Arc::new(array::<Float64Type>(out, valid)?),
            Building::Bool(_, mut out) => Arc::new(BooleanArray::new(out.finish(), None)),
            Building::Code(names, _, out) => {
                let keys = array::<UInt8Type>(out, none())?;
                Arc::new(DictionaryArray::try_new(keys, names_array(names))?)
            }
            Building::OptCode(names, _, out, valid) => {
                let keys = array::<UInt8Type>(out, valid)?;
                Arc::new(DictionaryArray::try_new(keys, names_array(names))?)
            }
            Building::Token(vocab, _, out) => {
                if let Some(at) = out.iter().position(|&k| k < 0) {
                    return Err(outside(vocab, rows.get(at).map(|r| &r.record)));
                }
                let keys = array::<Int16Type>(out, none())?;
                Arc::new(DictionaryArray::try_new(keys, vocabulary_array(vocab))?)
            }
            Building::Elsewhere => return Ok(None),
        }))
    }
}

/// The columns over `rows` as plain vectors ([`crate::plain`]), in order; `None` where a
/// column's values do not come from the rows (`fen_after` and `board`, which the sink
/// writes).
///
/// # Errors
///
/// A move whose string its vocabulary lacks (a bug, reported rather than written wrong).
pub(crate) fn moves_plain(
    columns: &[&MoveColumn],
    rows: &[MoveRow],
) -> Result<Vec<Option<PlainColumn>>, ArrowError> {
    columns.iter().map(|c| move_plain(c, rows)).collect()
}

/// One column over `rows` (see [`moves_plain`]).
fn move_plain(column: &MoveColumn, rows: &[MoveRow]) -> Result<Option<PlainColumn>, ArrowError> {
    fn fill<T>(rows: &[MoveRow], fill: Plain<T>) -> Vec<T> {
        let mut out = Vec::with_capacity(rows.len());
        fill(rows, &mut out);
        out
    }
    fn fill_opt<T>(rows: &[MoveRow], fill: Optional<T>) -> (Vec<T>, Option<Vec<u8>>) {
        let mut out = Vec::with_capacity(rows.len());
        let nulls = fill(rows, &mut out);
        (out, nulls.map(|n| n.iter().map(u8::from).collect()))
    }
    let (values, valid) = match column.values {
        Values::Int32(f) => (PlainValues::Int32(fill(rows, f)), None),
        Values::Int64(f) => (PlainValues::Int64(fill(rows, f)), None),
        Values::Code(names, f) => (PlainValues::Codes(fill(rows, f), names), None),
        Values::OptInt32(f) => {
            let (values, valid) = fill_opt(rows, f);
            (PlainValues::Int32(values), valid)
        }
        Values::OptFloat64(f) => {
            let (values, valid) = fill_opt(rows, f);
            (PlainValues::Float64(values), valid)
        }
        Values::OptCode(names, f) => {
            let (values, valid) = fill_opt(rows, f);
            (PlainValues::Codes(values, names), valid)
        }
        Values::Bool(f) => (
            PlainValues::Bool(f(rows).iter().map(u8::from).collect()),
            None,
        ),
        Values::Token(vocab, f) => {
            let keys = fill(rows, f);
            if let Some(at) = keys.iter().position(|&k| k < 0) {
                return Err(outside(vocab, rows.get(at).map(|r| &r.record)));
            }
            (PlainValues::Tokens(keys, vocab), None)
        }
        Values::FenAfter | Values::Board => return Ok(None),
    };
    Ok(Some(PlainColumn {
        name: column.name,
        values,
        valid,
    }))
}

/// Which values of a column are present: nothing while all are.
#[derive(Default)]
struct Validity(Option<BooleanBufferBuilder>);

impl Validity {
    /// Adds a block of `rows` values (`nulls`: their validity, `None` when all are present);
    /// the column holds `len` values with them.
    fn append(&mut self, nulls: Option<NullBuffer>, rows: usize, len: usize) {
        match (nulls, &mut self.0) {
            (Some(nulls), Some(valid)) => valid.append_buffer(nulls.inner()),
            (Some(nulls), None) => {
                let mut valid = BooleanBufferBuilder::new(len);
                valid.append_n(len - rows, true);
                valid.append_buffer(nulls.inner());
                self.0 = Some(valid);
            }
            (None, Some(valid)) => valid.append_n(rows, true),
            (None, None) => {}
        }
    }

    fn finish(self) -> Option<NullBuffer> {
        self.0.map(|mut valid| NullBuffer::new(valid.finish()))
    }
}

/// The type of `board`: 64 piece codes.
pub(crate) fn board_type() -> DataType {
    DataType::FixedSizeList(Arc::new(Field::new("item", DataType::UInt8, false)), 64)
}

fn dictionary(keys: DataType) -> DataType {
    DataType::Dictionary(Box::new(keys), Box::new(DataType::Utf8))
}

/// What [`each_opt!`] compiles to: the values in one pass (the default where absent), the
/// validity in a second only when some are absent.
#[inline(always)]
fn optional<T: Default>(
    rows: &[MoveRow],
    out: &mut Vec<T>,
    get: impl Fn(&MoveRow) -> Option<T>,
) -> Option<NullBuffer> {
    // One pass: each value read once, its validity bit set as it is pushed (64 rows a word).
    let mut words: Vec<u64> = Vec::with_capacity(rows.len().div_ceil(64));
    let mut absent = 0usize;
    out.reserve(rows.len());
    for chunk in rows.chunks(64) {
        let mut word = 0u64;
        for (bit, row) in chunk.iter().enumerate() {
            match get(row) {
                Some(value) => {
                    out.push(value);
                    word |= 1 << bit;
                }
                None => {
                    out.push(T::default());
                    absent += 1;
                }
            }
        }
        // Arrow's bits are least significant first in each byte, bytes in memory order.
        words.push(word.to_le());
    }
    (absent > 0).then(|| {
        let bits = BooleanBuffer::new(Buffer::from_vec(words), 0, rows.len());
        NullBuffer::new(bits)
    })
}

/// The names as a dictionary's values.
fn names_array(names: &'static [&'static str]) -> ArrayRef {
    Arc::new(StringArray::from_iter_values(names.iter()))
}

/// A vocabulary's strings in token-id order: built once and shared by every batch for the
/// vocabularies of `san` and `uci`, built anew for any other.
fn vocabulary_array(vocab: Vocabulary) -> ArrayRef {
    static SAN: OnceLock<ArrayRef> = OnceLock::new();
    static UCI: OnceLock<ArrayRef> = OnceLock::new();
    let build = || -> ArrayRef { Arc::new(StringArray::from_iter_values(vocab.strings())) };
    match vocab {
        SAN_VOCABULARY => Arc::clone(SAN.get_or_init(build)),
        UCI_VOCABULARY => Arc::clone(UCI.get_or_init(build)),
        _ => build(),
    }
}

/// A move whose string the vocabulary lacks: its proof says no legal move's does, so this is
/// a bug, reported rather than written wrong.
fn outside(vocab: Vocabulary, record: Option<&PlyRecord>) -> ArrowError {
    let what = record.map_or_else(String::new, |r| format!(" {} ({})", r.san, r.uci));
    ArrowError::ComputeError(format!(
        "the move{what} is not in the {} vocabulary (a bug: please report it)",
        vocab.name()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The type a column shows in SQL, and what the batches (Python, Arrow) hold.
    fn doc_type(c: &MoveColumn) -> &'static str {
        match c.values {
            Values::Int32(_) | Values::OptInt32(_) => "INTEGER",
            Values::Int64(_) => "BIGINT",
            Values::OptFloat64(_) => "DOUBLE",
            Values::Bool(_) => "BOOLEAN",
            Values::Code(..) | Values::OptCode(..) => "VARCHAR (batches: dictionary, uint8 keys)",
            Values::Token(..) => "VARCHAR (batches: dictionary, int16 keys)",
            Values::FenAfter => "VARCHAR",
            Values::Board => "UTINYINT[64]",
        }
    }

    /// The documentation's table of `moves` is the declaration's, row for row: a column added
    /// here and not there (or the reverse) fails, and the message has the table to paste.
    #[test]
    fn ok_docs_table_is_the_declaration() {
        let table = crate::schema::docs_table_under("### `moves`");
        let columns = MOVE_COLUMNS.iter();
        let expected = crate::schema::docs_table(
            columns.map(|c| (c.name, doc_type(c), c.nullable, c.meaning)),
        );
        assert!(
            table == expected,
            "docs/export.md's moves table differs from MOVE_COLUMNS; it should read:\n{expected}"
        );
    }

    /// The batches' and the files' schemas differ only in the dictionary columns, whose
    /// dictionaries hold exactly the names and vocabularies the keys index.
    #[test]
    fn ok_dictionaries_hold_every_key() {
        assert_eq!(SQUARES[scoresheet::Square::E4 as usize], "e4");
        assert_eq!(PIECES[PieceCode::DarkBishop as usize], "Bd");
        assert_eq!(MOVE_TYPES[MoveType::LongCastle as usize], "long_castle");
        assert_eq!(vocabulary_array(SAN_VOCABULARY).len(), 28_938);
        assert_eq!(vocabulary_array(UCI_VOCABULARY).len(), 1_968);
        for c in &MOVE_COLUMNS {
            let dictionary = matches!(c.data_type(), DataType::Dictionary(..));
            assert_eq!(dictionary, c.is_short_text(), "{}", c.name);
            assert_eq!(c.file_type() == c.data_type(), !dictionary, "{}", c.name);
        }
    }
}
