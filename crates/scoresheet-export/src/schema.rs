//! The two tables' Arrow schemas, declared once. Their meaning is documented in the crate
//! docs; [`SCHEMA_VERSION`] changes whenever a column is added, removed or changes meaning.

use std::sync::Arc;

use arrow_schema::{DataType, Field, Schema, SchemaRef, TimeUnit};

/// The version of the dataset schema (the crate docs list what each version changed). Written
/// in every Parquet file's key-value metadata as `scoresheet.schema_version`, and in the
/// dataset's `_scoresheet.json`.
pub const SCHEMA_VERSION: u32 = 1;

/// The seven-tag roster without `Result`, as `games` columns: (column, tag).
pub(crate) const ROSTER: [(&str, &str); 6] = [
    ("event", "Event"),
    ("site", "Site"),
    ("date", "Date"),
    ("round", "Round"),
    ("white", "White"),
    ("black", "Black"),
];

/// Tags with a text column of their own in `games` besides the roster: (column, tag).
pub(crate) const TEXT_TAGS: [(&str, &str); 4] = [
    ("eco", "ECO"),
    ("opening", "Opening"),
    ("termination", "Termination"),
    ("time_control", "TimeControl"),
];

fn field(name: &str, data_type: DataType, nullable: bool) -> Field {
    Field::new(name, data_type, nullable)
}

/// The schema of the `games` table.
pub fn games_schema() -> SchemaRef {
    let mut fields = vec![field("game_id", DataType::Int64, false)];
    for (column, _) in ROSTER {
        fields.push(field(column, DataType::Utf8, true));
    }
    fields.push(field("result", DataType::Utf8, false));
    fields.push(field("white_elo", DataType::Int32, true));
    fields.push(field("black_elo", DataType::Int32, true));
    for (column, _) in TEXT_TAGS {
        fields.push(field(column, DataType::Utf8, true));
    }
    fields.extend([
        field("base_seconds", DataType::Int32, true),
        field("increment_seconds", DataType::Int32, true),
        field(
            "utc_timestamp",
            DataType::Timestamp(TimeUnit::Microsecond, Some("UTC".into())),
            true,
        ),
        field("ply_count", DataType::Int32, false),
        field("start_fen", DataType::Utf8, false),
        Field::new_map(
            "tags",
            "key_value",
            Field::new("key", DataType::Utf8, false),
            Field::new("value", DataType::Utf8, false),
            false,
            false,
        ),
        field("source_file", DataType::Utf8, false),
        field("source_offset", DataType::Int64, false),
    ]);
    Arc::new(Schema::new(fields))
}

/// The schema of the `moves` table; `fen_after` is the last column, present with `fen`.
pub fn moves_schema(fen: bool) -> SchemaRef {
    let mut fields = vec![
        field("game_id", DataType::Int64, false),
        field("ply", DataType::Int32, false),
        field("move_number", DataType::Int32, false),
        field("side", DataType::Utf8, false),
        field("san", DataType::Utf8, false),
        field("uci", DataType::Utf8, false),
        field("from_square", DataType::Utf8, false),
        field("to_square", DataType::Utf8, false),
        field("piece", DataType::Utf8, false),
        field("captured", DataType::Utf8, true),
        field("promotion", DataType::Utf8, true),
        field("move_type", DataType::Utf8, false),
        field("is_check", DataType::Boolean, false),
        field("is_mate", DataType::Boolean, false),
        field("clock_seconds", DataType::Float64, true),
        field("emt_seconds", DataType::Float64, true),
        field("eval_cp", DataType::Int32, true),
        field("eval_mate", DataType::Int32, true),
        field("position_key", DataType::Int64, false),
        field("halfmove_clock", DataType::Int32, false),
        field("repetition", DataType::Int32, false),
    ];
    if fen {
        fields.push(field("fen_after", DataType::Utf8, false));
    }
    Arc::new(Schema::new(fields))
}

/// The columns of `moves` whose values are names from a small set (squares, piece codes, move
/// types, sides): with [`ExportOptions::name_codes`](crate::ExportOptions::name_codes) their
/// batches hold them as dictionaries of `UInt8` keys over the names.
pub(crate) const NAME_COLUMNS: [&str; 7] = [
    "side",
    "from_square",
    "to_square",
    "piece",
    "captured",
    "promotion",
    "move_type",
];

/// [`moves_schema`] with the [`NAME_COLUMNS`] as `Dictionary(UInt8, Utf8)`: the schema of
/// the batches [`ExportOptions::name_codes`](crate::ExportOptions::name_codes) asks for (the
/// files' schema stays [`moves_schema`]).
pub(crate) fn moves_schema_coded(fen: bool) -> SchemaRef {
    let coded = DataType::Dictionary(Box::new(DataType::UInt8), Box::new(DataType::Utf8));
    let fields: Vec<Field> = moves_schema(fen)
        .fields()
        .iter()
        .map(|f| match NAME_COLUMNS.contains(&f.name().as_str()) {
            true => f.as_ref().clone().with_data_type(coded.clone()),
            false => f.as_ref().clone(),
        })
        .collect();
    Arc::new(Schema::new(fields))
}
