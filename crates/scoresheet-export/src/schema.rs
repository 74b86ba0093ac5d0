//! The two tables' Arrow schemas, declared once. Their meaning is documented in the crate
//! docs; [`SCHEMA_VERSION`] changes whenever a column is added, removed or changes meaning.

use std::sync::Arc;

use arrow_schema::{DataType, Field, Schema, SchemaRef, TimeUnit};

use crate::moves_table::move_columns;

/// The version of the dataset schema (the crate docs list what each version changed). Written
/// in every Parquet file's key-value metadata as `scoresheet.schema_version`, and in the
/// dataset's `_scoresheet.json`.
pub const SCHEMA_VERSION: u32 = 2;

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

/// The schema of the `moves` batches (from the crate's `moves_table` declaration:
/// dictionaries where the values are a closed set); `fen_after` is the last column, present
/// with `fen`.
pub fn moves_schema(fen: bool) -> SchemaRef {
    let fields: Vec<Field> = move_columns(fen)
        .iter()
        .map(|c| field(c.name, c.data_type(), c.nullable))
        .collect();
    Arc::new(Schema::new(fields))
}

/// The schema of the `moves` Parquet and CSV files: [`moves_schema`] with each dictionary
/// column as its values' text (Parquet dictionary-encodes it itself).
pub fn moves_file_schema(fen: bool) -> SchemaRef {
    let fields: Vec<Field> = move_columns(fen)
        .iter()
        .map(|c| field(c.name, c.file_type(), c.nullable))
        .collect();
    Arc::new(Schema::new(fields))
}
