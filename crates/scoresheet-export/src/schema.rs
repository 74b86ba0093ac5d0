//! The two tables' Arrow schemas, declared once. Their meaning is documented in the crate
//! docs; [`SCHEMA_VERSION`] changes whenever a column is added, removed or changes meaning.

use std::sync::Arc;

use arrow_schema::{DataType, Field, Schema, SchemaRef};

use crate::selection::Columns;

/// The version of the dataset schema (the crate docs list what each version changed). Written
/// in every Parquet file's key-value metadata as `scoresheet.schema_version`, and in the
/// dataset's `_scoresheet.json`.
pub const SCHEMA_VERSION: u32 = 4;

fn field(name: &str, data_type: DataType, nullable: bool) -> Field {
    Field::new(name, data_type, nullable)
}

/// The schema of the `games` table's `columns` (batches and files alike), from the crate's
/// `games_table` declaration.
pub fn games_schema(columns: Columns) -> SchemaRef {
    let fields: Vec<Field> = columns.games_declared().map(|c| c.field()).collect();
    Arc::new(Schema::new(fields))
}

/// The schema of the `moves` batches of `columns` (from the crate's `moves_table`
/// declaration: dictionaries where the values are a closed set).
pub fn moves_schema(columns: Columns) -> SchemaRef {
    let fields: Vec<Field> = columns
        .moves_declared()
        .map(|c| field(c.name, c.data_type(), c.nullable))
        .collect();
    Arc::new(Schema::new(fields))
}

/// The schema of the `moves` Parquet and CSV files: [`moves_schema`] with each dictionary
/// column as its values' text (Parquet dictionary-encodes it itself).
pub fn moves_file_schema(columns: Columns) -> SchemaRef {
    let fields: Vec<Field> = columns
        .moves_declared()
        .map(|c| field(c.name, c.file_type(), c.nullable))
        .collect();
    Arc::new(Schema::new(fields))
}

/// A table of the documentation from the columns' (name, type, nullable, meaning), in order:
/// consecutive columns of one type, nullability and meaning share a row.
#[cfg(test)]
pub(crate) fn docs_table<'a>(
    columns: impl IntoIterator<Item = (&'a str, &'a str, bool, &'a str)>,
) -> String {
    let mut rows: Vec<(String, &str, bool, &str)> = Vec::new();
    for (name, data_type, nullable, meaning) in columns {
        match rows.last_mut() {
            Some(row) if (row.1, row.2, row.3) == (data_type, nullable, meaning) => {
                row.0.push_str(&format!(" `{name}`"));
            }
            _ => rows.push((format!("`{name}`"), data_type, nullable, meaning)),
        }
    }
    let mut table = String::from("| column | type | null | meaning |\n|---|---|---|---|\n");
    for (names, data_type, nullable, meaning) in rows {
        let null = if nullable { "yes" } else { "no" };
        table.push_str(&format!("| {names} | {data_type} | {null} | {meaning} |\n"));
    }
    table
}

/// The table under `heading` in `docs/export.md`.
#[cfg(test)]
pub(crate) fn docs_table_under(heading: &str) -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/export.md");
    let docs = std::fs::read_to_string(path).expect("docs/export.md is in the repository");
    let section = docs.split(heading).nth(1).unwrap_or_default();
    section
        .lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .map(|l| format!("{l}\n"))
        .collect()
}
