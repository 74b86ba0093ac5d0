//! The `games` table, declared once: [`GAME_COLUMNS`] names each column, its values (a view
//! of the game's [`GameFacts`]), whether it can be null, how Parquet stores it, and what it
//! means. The Arrow schema, the batches ([`GameRows`]), the Parquet settings and the table of
//! `docs/export.md` (tested against it) all come from here, so a new per-game column is a
//! line of [`GAME_COLUMNS`] (and, when it needs a fact the game does not hold yet, a field of
//! [`GameFacts`]).

use std::sync::Arc;

use arrow_array::{ArrayRef, MapArray, StructArray};
use arrow_buffer::OffsetBuffer;
use arrow_schema::{ArrowError, DataType, Field, Fields, TimeUnit};
use scoresheet_pgn::egd::GameTags;
use scoresheet_pgn::record::Facts;
use scoresheet_pgn::select::Opening;
use scoresheet_pgn::tag_value::{self, TimeControl};

use crate::columns::{Text, Values};
use crate::encoding::ParquetEncoding;
use crate::plain::{PlainColumn, PlainValues};

/// What a row of `games` is made of: the facts of one replayed game.
#[derive(Debug, Clone, Copy)]
pub(crate) struct GameFacts<'a> {
    pub(crate) game_id: i64,
    /// The tags other than `Result`, and `Result` as written.
    pub(crate) tags: &'a GameTags,
    /// The result by the one rule ([`GameTags::result`]).
    pub(crate) result: &'a str,
    /// Mainline plies.
    pub(crate) plies: usize,
    /// The stored start FEN (`game_id::stored_start_fen`).
    pub(crate) start_fen: &'a str,
    /// The input as named.
    pub(crate) source_file: &'a str,
    /// Where the game starts in the input.
    pub(crate) source_offset: u64,
    /// The opening its mainline reaches ([`PlyRecorder::opening`](scoresheet_pgn::record::PlyRecorder::opening)).
    pub(crate) opening: Option<Opening<'a>>,
}

/// How a column's values come from a game.
#[derive(Debug, Clone, Copy)]
pub(crate) enum GameValues {
    /// `Int32`.
    Int32(fn(&GameFacts<'_>) -> i32),
    /// `Int32`, null where `None`.
    OptInt32(fn(&GameFacts<'_>) -> Option<i32>),
    /// `Int64`.
    Int64(fn(&GameFacts<'_>) -> i64),
    /// `Utf8`.
    Text(for<'a> fn(&GameFacts<'a>) -> &'a str),
    /// `Utf8`, null where `None`.
    OptText(for<'a> fn(&GameFacts<'a>) -> Option<&'a str>),
    /// `Utf8`: a tag's value as written, null when the game lacks it.
    Tag(&'static str),
    /// `Timestamp(Microsecond, "UTC")`: seconds since 1970 (null where `None`).
    OptUtcSeconds(fn(&GameFacts<'_>) -> Option<i64>),
    /// `Map(Utf8, Utf8)`: the tags other than `Result` and the [`ROSTER`], in file order.
    OtherTags,
}

/// A column of `games`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct GameColumn {
    pub(crate) name: &'static str,
    pub(crate) values: GameValues,
    pub(crate) nullable: bool,
    /// How Parquet stores it.
    #[cfg_attr(not(feature = "parquet"), allow(dead_code))]
    pub(crate) parquet: ParquetEncoding,
    /// The costly facts of the game's plies its values need.
    pub(crate) facts: Facts,
    /// The meaning, as the documentation's table says it (consecutive columns of one type and
    /// one meaning share a row there).
    #[cfg_attr(not(test), allow(dead_code))]
    pub(crate) meaning: &'static str,
}

const fn column(name: &'static str, values: GameValues, meaning: &'static str) -> GameColumn {
    let nullable = matches!(
        values,
        GameValues::OptInt32(_)
            | GameValues::OptText(_)
            | GameValues::Tag(_)
            | GameValues::OptUtcSeconds(_)
    );
    GameColumn {
        name,
        values,
        nullable,
        // Parquet's defaults: dictionaries, zstd, statistics.
        parquet: ParquetEncoding {
            dictionary: true,
            compressed: true,
            delta: false,
            statistics: true,
        },
        facts: Facts::NONE,
        meaning,
    }
}

impl GameColumn {
    const fn needs(mut self, facts: Facts) -> GameColumn {
        self.facts = facts;
        self
    }
}

/// The roster tags with a column of their own (`Result` aside): `tags` leaves them out.
pub(crate) const ROSTER: [&str; 6] = ["Event", "Site", "Date", "Round", "White", "Black"];

const ROSTER_MEANING: &str = "the roster tags as written; NULL when missing";

const OPENING_MEANING: &str = "ECO code and name of the last position of the lichess openings table the mainline reaches in its first 40 plies (as `select --classify` writes them); NULL when none";

fn time_control(g: &GameFacts<'_>) -> Option<TimeControl> {
    g.tags.get("TimeControl").and_then(TimeControl::parse)
}

/// The columns of `games`, in order.
pub(crate) const GAME_COLUMNS: [GameColumn; 24] = [
    column(
        "game_id",
        GameValues::Int64(|g| g.game_id),
        "the database's id for the same game: high 63 bits of XXH3-128 over the sorted tags, start FEN and SAN moves",
    ),
    column("event", GameValues::Tag(ROSTER[0]), ROSTER_MEANING),
    column("site", GameValues::Tag(ROSTER[1]), ROSTER_MEANING),
    column("date", GameValues::Tag(ROSTER[2]), ROSTER_MEANING),
    column("round", GameValues::Tag(ROSTER[3]), ROSTER_MEANING),
    column("white", GameValues::Tag(ROSTER[4]), ROSTER_MEANING),
    column("black", GameValues::Tag(ROSTER[5]), ROSTER_MEANING),
    column(
        "result",
        GameValues::Text(|g| g.result),
        "`Result` tag when `1-0`, `0-1` or `1/2-1/2`, else the termination marker when one of those, else `*` (the one rule of every output)",
    ),
    column(
        "white_elo",
        GameValues::OptInt32(|g| g.tags.get("WhiteElo").and_then(tag_value::elo)),
        "`WhiteElo`/`BlackElo` when 1 to 5 digits",
    ),
    column(
        "black_elo",
        GameValues::OptInt32(|g| g.tags.get("BlackElo").and_then(tag_value::elo)),
        "`WhiteElo`/`BlackElo` when 1 to 5 digits",
    ),
    column("eco", GameValues::Tag("ECO"), "those tags as written"),
    column("opening", GameValues::Tag("Opening"), "those tags as written"),
    column(
        "opening_eco",
        GameValues::OptText(|g| g.opening.map(|o| o.eco)),
        OPENING_MEANING,
    )
    .needs(Facts::OPENING),
    column(
        "opening_name",
        GameValues::OptText(|g| g.opening.map(|o| o.name)),
        OPENING_MEANING,
    )
    .needs(Facts::OPENING),
    column(
        "termination",
        GameValues::Tag("Termination"),
        "those tags as written",
    ),
    column(
        "time_control",
        GameValues::Tag("TimeControl"),
        "those tags as written",
    ),
    column(
        "base_seconds",
        GameValues::OptInt32(|g| time_control(g).map(|tc| tc.base_seconds)),
        "`TimeControl` when `base` or `base+increment`",
    ),
    column(
        "increment_seconds",
        GameValues::OptInt32(|g| time_control(g).map(|tc| tc.increment_seconds)),
        "`TimeControl` when `base` or `base+increment`",
    ),
    column(
        "utc_timestamp",
        GameValues::OptUtcSeconds(|g| {
            let tags = g.tags;
            tag_value::utc_timestamp(tags.get("UTCDate"), tags.get("UTCTime"), tags.get("Date"))
        }),
        "`UTCDate`+`UTCTime`, else `Date` at 00:00, when the date is complete",
    ),
    column(
        "ply_count",
        GameValues::Int32(|g| i32::try_from(g.plies).unwrap_or(i32::MAX)),
        "mainline plies = rows in `moves`",
    ),
    column(
        "start_fen",
        GameValues::Text(|g| g.start_fen),
        "the position before the first move (as the database stores it)",
    ),
    column(
        "tags",
        GameValues::OtherTags,
        "every other tag (`ECO`, `WhiteElo`, `Link`, ...) as written",
    ),
    column(
        "source_file",
        GameValues::Text(|g| g.source_file),
        "the input as named on the command line",
    ),
    column(
        "source_offset",
        GameValues::Int64(|g| i64::try_from(g.source_offset).unwrap_or(i64::MAX)),
        "byte offset of the game in the input, after decompression",
    ),
];

impl GameColumn {
    /// The column's field in the schema (batches and files alike).
    pub(crate) fn field(&self) -> Field {
        match self.values {
            GameValues::OtherTags => Field::new_map(
                self.name,
                "key_value",
                Field::new("key", DataType::Utf8, false),
                Field::new("value", DataType::Utf8, false),
                false,
                self.nullable,
            ),
            _ => Field::new(self.name, self.data_type(), self.nullable),
        }
    }

    fn data_type(&self) -> DataType {
        match self.values {
            GameValues::Int32(_) | GameValues::OptInt32(_) => DataType::Int32,
            GameValues::Int64(_) => DataType::Int64,
            GameValues::Text(_) | GameValues::OptText(_) | GameValues::Tag(_) => DataType::Utf8,
            GameValues::OptUtcSeconds(_) => {
                DataType::Timestamp(TimeUnit::Microsecond, Some("UTC".into()))
            }
            GameValues::OtherTags => self.field().data_type().clone(),
        }
    }
}

/// One column's values, held until the batch is taken, with how they come from a game.
#[derive(Debug)]
enum Buffer {
    Int32(Values<i32>, fn(&GameFacts<'_>) -> i32),
    OptInt32(Values<i32>, fn(&GameFacts<'_>) -> Option<i32>),
    Int64(Values<i64>, fn(&GameFacts<'_>) -> i64),
    Text(Text, for<'a> fn(&GameFacts<'a>) -> &'a str),
    OptText(Text, for<'a> fn(&GameFacts<'a>) -> Option<&'a str>),
    Tag(Text, &'static str),
    /// Microseconds since 1970.
    UtcMicros(Values<i64>, fn(&GameFacts<'_>) -> Option<i64>),
    /// The entries of each game's map.
    OtherTags {
        lengths: Vec<i32>,
        keys: Text,
        values: Text,
    },
}

impl Buffer {
    fn new(values: GameValues) -> Buffer {
        match values {
            GameValues::Int32(get) => Buffer::Int32(Values::default(), get),
            GameValues::OptInt32(get) => Buffer::OptInt32(Values::default(), get),
            GameValues::Int64(get) => Buffer::Int64(Values::default(), get),
            GameValues::Text(get) => Buffer::Text(Text::default(), get),
            GameValues::OptText(get) => Buffer::OptText(Text::default(), get),
            GameValues::Tag(tag) => Buffer::Tag(Text::default(), tag),
            GameValues::OptUtcSeconds(get) => Buffer::UtcMicros(Values::default(), get),
            GameValues::OtherTags => Buffer::OtherTags {
                lengths: Vec::new(),
                keys: Text::default(),
                values: Text::default(),
            },
        }
    }

    fn push(&mut self, game: &GameFacts<'_>) {
        match self {
            Buffer::Int32(b, get) => b.push(get(game)),
            Buffer::OptInt32(b, get) => b.push_opt(get(game)),
            Buffer::Int64(b, get) => b.push(get(game)),
            Buffer::Text(b, get) => b.push(get(game)),
            Buffer::OptText(b, get) => b.push_opt(get(game)),
            Buffer::Tag(b, tag) => b.push_opt(game.tags.get(tag)),
            Buffer::UtcMicros(b, get) => {
                b.push_opt(get(game).map(|secs| secs.saturating_mul(1_000_000)));
            }
            Buffer::OtherTags {
                lengths,
                keys,
                values,
            } => {
                let mut count = 0;
                for (name, value) in game.tags.others() {
                    if !ROSTER.contains(&name.as_str()) {
                        keys.push(name);
                        values.push(value);
                        count += 1;
                    }
                }
                lengths.push(count);
            }
        }
    }
}

/// The rows of `games` not yet taken, a buffer per column written.
#[derive(Debug)]
pub(crate) struct GameRows {
    columns: Vec<&'static GameColumn>,
    buffers: Vec<Buffer>,
    rows: usize,
}

impl Default for GameRows {
    fn default() -> Self {
        GameRows::new(GAME_COLUMNS.iter().collect())
    }
}

impl GameRows {
    /// Rows of `columns` (declared in [`GAME_COLUMNS`], in its order).
    pub(crate) fn new(columns: Vec<&'static GameColumn>) -> GameRows {
        GameRows {
            buffers: columns.iter().map(|c| Buffer::new(c.values)).collect(),
            columns,
            rows: 0,
        }
    }

    /// Rows held.
    pub(crate) fn len(&self) -> usize {
        self.rows
    }

    /// Appends a game's row.
    pub(crate) fn push(&mut self, game: &GameFacts<'_>) {
        for buffer in &mut self.buffers {
            buffer.push(game);
        }
        self.rows += 1;
    }

    /// The columns as arrays, in order, leaving the rows empty.
    pub(crate) fn take(&mut self) -> Result<Vec<ArrayRef>, ArrowError> {
        self.rows = 0;
        let columns = self.columns.iter().zip(&mut self.buffers);
        columns.map(|(c, b)| take_array(c, b)).collect()
    }
}

impl GameRows {
    /// The columns as plain vectors, in order, leaving the rows empty.
    pub(crate) fn take_plain(&mut self) -> Vec<PlainColumn> {
        self.rows = 0;
        let columns = self.columns.iter().zip(&mut self.buffers);
        columns.map(|(c, b)| take_plain(c, b)).collect()
    }
}

fn take_plain(column: &GameColumn, buffer: &mut Buffer) -> PlainColumn {
    let (values, valid) = match buffer {
        Buffer::Int32(b, _) | Buffer::OptInt32(b, _) => {
            let (values, valid) = b.take_plain();
            (PlainValues::Int32(values), valid)
        }
        Buffer::Int64(b, _) => (PlainValues::Int64(b.take_plain().0), None),
        Buffer::UtcMicros(b, _) => {
            let (values, valid) = b.take_plain();
            (PlainValues::TimestampMicros(values), valid)
        }
        Buffer::Text(b, _) | Buffer::OptText(b, _) | Buffer::Tag(b, _) => {
            let (text, valid) = b.take_plain();
            (PlainValues::Text(text), valid)
        }
        Buffer::OtherTags {
            lengths,
            keys,
            values,
        } => {
            let mut offsets = vec![0i32];
            for n in std::mem::take(lengths) {
                offsets.push(offsets[offsets.len() - 1] + n);
            }
            let (keys, items) = (keys.take_plain().0, values.take_plain().0);
            (
                PlainValues::Map {
                    offsets,
                    keys,
                    items,
                },
                None,
            )
        }
    };
    PlainColumn {
        name: column.name,
        values,
        valid,
    }
}

fn take_array(column: &GameColumn, buffer: &mut Buffer) -> Result<ArrayRef, ArrowError> {
    Ok(match buffer {
        Buffer::Int32(b, _) | Buffer::OptInt32(b, _) => b.take(),
        Buffer::Int64(b, _) => b.take(),
        Buffer::Text(b, _) | Buffer::OptText(b, _) | Buffer::Tag(b, _) => b.take()?,
        Buffer::UtcMicros(b, _) => b.take_timestamp_utc(),
        Buffer::OtherTags {
            lengths,
            keys,
            values,
        } => {
            let field = column.field();
            let DataType::Map(entries, sorted) = field.data_type() else {
                return Err(ArrowError::SchemaError("tags is not a map".to_owned()));
            };
            let DataType::Struct(fields) = entries.data_type() else {
                return Err(ArrowError::SchemaError(
                    "tags entries are not a struct".to_owned(),
                ));
            };
            let lengths = std::mem::take(lengths);
            let offsets = OffsetBuffer::<i32>::from_lengths(lengths.iter().map(|&n| n as usize));
            let entries_array: StructArray = StructArray::try_new(
                Fields::clone(fields),
                vec![keys.take()?, values.take()?],
                None,
            )?;
            Arc::new(MapArray::try_new(
                Arc::clone(entries),
                offsets,
                entries_array,
                None,
                *sorted,
            )?)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The type a column shows in SQL.
    fn doc_type(c: &GameColumn) -> &'static str {
        match c.values {
            GameValues::Int32(_) | GameValues::OptInt32(_) => "INTEGER",
            GameValues::Int64(_) => "BIGINT",
            GameValues::Text(_) | GameValues::OptText(_) | GameValues::Tag(_) => "VARCHAR",
            GameValues::OptUtcSeconds(_) => "TIMESTAMP WITH TIME ZONE (µs, UTC)",
            GameValues::OtherTags => "MAP(VARCHAR, VARCHAR)",
        }
    }

    /// The documentation's table of `games` is the declaration's: a column added here and not
    /// there (or the reverse) fails, and the message has the table to paste.
    #[test]
    fn ok_docs_table_is_the_declaration() {
        let table = crate::schema::docs_table_under("### `games`");
        let columns = GAME_COLUMNS.iter();
        let expected = crate::schema::docs_table(
            columns.map(|c| (c.name, doc_type(c), c.nullable, c.meaning)),
        );
        assert!(
            table == expected,
            "docs/export.md's games table differs from GAME_COLUMNS; it should read:\n{expected}"
        );
    }

    /// Every roster tag has its column, which is why `tags` leaves it out.
    #[test]
    fn ok_roster_tags_are_columns() {
        for tag in ROSTER {
            let column = GAME_COLUMNS
                .iter()
                .find(|c| matches!(c.values, GameValues::Tag(t) if t == tag));
            assert!(column.is_some(), "{tag} has no column");
        }
    }

    /// The schema's fields are the declaration's, and a game's row fills every column.
    #[test]
    fn ok_row_fills_every_column() {
        let mut tags = GameTags::default();
        tags.add_str("Event", "E");
        tags.add_str("WhiteElo", "2400");
        tags.add_str("TimeControl", "180+2");
        tags.add_str("Link", "x");
        let mut rows = GameRows::default();
        rows.push(&GameFacts {
            game_id: 7,
            tags: &tags,
            result: "*",
            plies: 3,
            start_fen: "fen",
            source_file: "f.pgn",
            source_offset: 12,
            opening: Some(Opening {
                eco: "C70",
                name: "Ruy Lopez: Morphy Defense",
            }),
        });
        let fields: Vec<Field> = GAME_COLUMNS.iter().map(|c| c.field()).collect();
        let schema = Arc::new(arrow_schema::Schema::new(fields));
        let batch = arrow_array::RecordBatch::try_new(schema, rows.take().expect("small"))
            .expect("the arrays match the schema");
        assert_eq!(batch.num_rows(), 1);
        assert_eq!(batch.num_columns(), GAME_COLUMNS.len());
        let column = |name: &str| batch.column_by_name(name).expect("declared");
        use arrow_array::cast::AsArray;
        use arrow_array::types::Int32Type;
        use arrow_array::Array;
        assert_eq!(
            column("white_elo").as_primitive::<Int32Type>().value(0),
            2400
        );
        assert_eq!(
            column("increment_seconds")
                .as_primitive::<Int32Type>()
                .value(0),
            2
        );
        assert!(column("site").is_null(0));
        assert_eq!(column("opening_eco").as_string::<i32>().value(0), "C70");
        assert!(column("opening").is_null(0));
        let tags = column("tags").as_map();
        // Event is a column; WhiteElo, TimeControl and Link are in the map.
        assert_eq!(tags.value(0).len(), 3);
        assert_eq!(rows.len(), 0);
    }
}
