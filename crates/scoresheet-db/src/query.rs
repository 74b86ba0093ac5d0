//! The shipped analyses and query results.
//!
//! Each shipped query is one SQL file under `queries/` in this crate, readable on its own and
//! compiled into the library (`scoresheet query --show NAME` prints it). The same text runs on SQLite and PostgreSQL: it takes one
//! parameter, `$1`, the player's name or NULL.
//!
//! ```
//! use scoresheet_db::query::{QueryResult, Value, SHIPPED};
//!
//! assert!(SHIPPED.iter().any(|q| q.name == "openings"));
//! let result = QueryResult {
//!     columns: vec!["eco".into(), "games".into()],
//!     rows: vec![vec![Value::Text("B01".into()), Value::Int(12)]],
//! };
//! assert_eq!(result.to_table(), "eco  games\n---  -----\nB01     12\n");
//! assert_eq!(result.to_csv(), "eco,games\nB01,12\n");
//! assert_eq!(result.to_json(), "[\n{\"eco\":\"B01\",\"games\":12}\n]\n");
//! ```

use std::fmt;

use crate::{row::push_json_string, Error};

/// A shipped analysis.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShippedQuery {
    /// The name `scoresheet query` knows it by (the file name without `.sql`).
    pub name: &'static str,
    /// The SQL text, comments included.
    pub sql: &'static str,
}

impl ShippedQuery {
    /// The first line of the leading comment: what the query answers.
    pub fn summary(&self) -> &'static str {
        self.sql
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("--"))
            .map_or("", str::trim)
    }
}

macro_rules! shipped {
    ($($name:literal),* $(,)?) => {
        &[$(ShippedQuery {
            name: $name,
            sql: include_str!(concat!("../queries/", $name, ".sql")),
        }),*]
    };
}

/// Every shipped query.
pub const SHIPPED: &[ShippedQuery] = shipped!(
    "queen-trades",
    "losing-positions",
    "openings",
    "game-length"
);

/// The shipped query named `name`.
///
/// # Errors
///
/// [`Error::UnknownQuery`] when there is none.
pub fn find(name: &str) -> Result<&'static ShippedQuery, Error> {
    SHIPPED
        .iter()
        .find(|q| q.name == name)
        .ok_or_else(|| Error::UnknownQuery(name.to_owned()))
}

/// One value of a result. Booleans come back as `Int` 0 or 1, PostgreSQL `numeric` as
/// `Float`, so that both databases give equal results.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// SQL NULL.
    Null,
    /// An integer.
    Int(i64),
    /// A floating-point number.
    Float(f64),
    /// Text.
    Text(String),
}

impl Value {
    fn is_number(&self) -> bool {
        matches!(self, Value::Int(_) | Value::Float(_))
    }
}

impl fmt::Display for Value {
    /// NULL is empty; numbers as Rust prints them (`12`, `0.5`, `50`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Null => Ok(()),
            Value::Int(i) => write!(f, "{i}"),
            Value::Float(x) => write!(f, "{x}"),
            Value::Text(t) => f.write_str(t),
        }
    }
}

/// The columns and rows a query returned.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct QueryResult {
    /// Column names.
    pub columns: Vec<String>,
    /// Rows, each as long as `columns`.
    pub rows: Vec<Vec<Value>>,
}

impl QueryResult {
    /// An aligned table: a header, a rule, one line per row; numbers right-aligned, text
    /// left-aligned, columns two spaces apart, no trailing spaces.
    pub fn to_table(&self) -> String {
        let cells: Vec<Vec<String>> = self
            .rows
            .iter()
            .map(|r| r.iter().map(|v| one_line(&v.to_string())).collect())
            .collect();
        let mut widths: Vec<usize> = self.columns.iter().map(|c| width(c)).collect();
        for row in &cells {
            for (w, cell) in widths.iter_mut().zip(row) {
                *w = (*w).max(width(cell));
            }
        }
        let right: Vec<bool> = (0..self.columns.len())
            .map(|i| {
                let numeric =
                    |r: &Vec<Value>| r.get(i).is_none_or(|v| v.is_number() || *v == Value::Null);
                !self.rows.is_empty() && self.rows.iter().all(numeric)
            })
            .collect();
        let mut out = String::new();
        let rule: Vec<String> = widths.iter().map(|w| "-".repeat(*w)).collect();
        for line in std::iter::once(&self.columns)
            .chain(std::iter::once(&rule))
            .chain(&cells)
        {
            let mut text = String::new();
            for (i, cell) in line.iter().take(widths.len()).enumerate() {
                let pad = " ".repeat(widths[i] - width(cell));
                if i > 0 {
                    text.push_str("  ");
                }
                if right[i] && !std::ptr::eq(line, &self.columns) {
                    text.push_str(&pad);
                    text.push_str(cell);
                } else {
                    text.push_str(cell);
                    text.push_str(&pad);
                }
            }
            out.push_str(text.trim_end());
            out.push('\n');
        }
        out
    }

    /// CSV (RFC 4180): a header line, then one line per row; fields with `,`, `"` or line
    /// breaks are quoted. NULL is an empty field.
    pub fn to_csv(&self) -> String {
        let mut out = String::new();
        let header = self.columns.iter().map(|c| csv_field(c));
        out.push_str(&header.collect::<Vec<_>>().join(","));
        out.push('\n');
        for row in &self.rows {
            let fields = row.iter().map(|v| csv_field(&v.to_string()));
            out.push_str(&fields.collect::<Vec<_>>().join(","));
            out.push('\n');
        }
        out
    }

    /// A JSON array with one object per row, one row per line. NULL and non-finite numbers
    /// are `null`.
    pub fn to_json(&self) -> String {
        let mut out = String::from("[\n");
        for (n, row) in self.rows.iter().enumerate() {
            out.push('{');
            for (i, (column, value)) in self.columns.iter().zip(row).enumerate() {
                if i > 0 {
                    out.push(',');
                }
                push_json_string(&mut out, column);
                out.push(':');
                match value {
                    Value::Null => out.push_str("null"),
                    Value::Int(v) => out.push_str(&v.to_string()),
                    Value::Float(v) if v.is_finite() => out.push_str(&v.to_string()),
                    Value::Float(_) => out.push_str("null"),
                    Value::Text(t) => push_json_string(&mut out, t),
                }
            }
            out.push('}');
            if n + 1 < self.rows.len() {
                out.push(',');
            }
            out.push('\n');
        }
        out.push_str("]\n");
        out
    }
}

/// Display width, counting characters (good enough for names and FENs).
fn width(text: &str) -> usize {
    text.chars().count()
}

/// Control characters (tabs, line breaks) shown as spaces, to keep the table aligned.
fn one_line(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ok_shipped() {
        for q in SHIPPED {
            assert!(!q.summary().is_empty(), "{}", q.name);
            assert!(q.sql.contains("$1"), "{}", q.name);
            assert_eq!(find(q.name).expect("shipped").name, q.name);
        }
        assert!(matches!(find("nope"), Err(Error::UnknownQuery(_))));
    }

    #[test]
    fn ok_formats() {
        let result = QueryResult {
            columns: vec!["name".into(), "n".into(), "pct".into()],
            rows: vec![
                vec![
                    Value::Text("a,\"b\"".into()),
                    Value::Int(1),
                    Value::Float(50.0),
                ],
                vec![
                    Value::Text("tab\there".into()),
                    Value::Null,
                    Value::Float(0.5),
                ],
            ],
        };
        assert_eq!(
            result.to_table(),
            "name      n  pct\n--------  -  ---\na,\"b\"     1   50\ntab here     0.5\n"
        );
        assert_eq!(
            result.to_csv(),
            "name,n,pct\n\"a,\"\"b\"\"\",1,50\ntab\there,,0.5\n"
        );
        assert_eq!(
            result.to_json(),
            "[\n{\"name\":\"a,\\\"b\\\"\",\"n\":1,\"pct\":50},\n{\"name\":\"tab\\there\",\"n\":null,\"pct\":0.5}\n]\n"
        );
    }
}
