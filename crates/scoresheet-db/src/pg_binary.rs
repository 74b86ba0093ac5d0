//! The rows of `games` and `moves` in PostgreSQL's binary COPY format, each value encoded as
//! its column's declaration says ([`crate::columns`]): the server reads integers, booleans and
//! floats as they are instead of parsing their text (about a fifth less of its time for a
//! batch of moves, measured with psql on real.pgn's rows).
//!
//! The format: a signature and two 32-bit header words; per row a 16-bit field count and
//! per field a 32-bit length (-1 for NULL) and the bytes; a 16-bit -1 at the end. Integers
//! are big-endian; `jsonb` is a version byte (1) and the JSON text.

use std::io;

use crate::columns::{name_list, Column, Values};

/// `COPY table (...) FROM STDIN` in the binary format, the columns in their declared order
/// (that of [`BinaryRows::row`]).
pub(crate) fn copy_sql<R>(table: &str, columns: &[Column<R>]) -> String {
    let names = name_list(columns);
    format!("COPY {table} ({names}) FROM STDIN (FORMAT binary)")
}

/// Rows being encoded.
#[derive(Debug)]
pub(crate) struct BinaryRows {
    buf: Vec<u8>,
}

impl BinaryRows {
    pub(crate) fn new() -> BinaryRows {
        let mut buf = Vec::with_capacity(1 << 20);
        buf.extend_from_slice(b"PGCOPY\n\xff\r\n\0");
        buf.extend_from_slice(&[0; 8]);
        BinaryRows { buf }
    }

    /// The data to send, with its trailer.
    pub(crate) fn finish(mut self) -> Vec<u8> {
        self.buf.extend_from_slice(&(-1i16).to_be_bytes());
        self.buf
    }

    fn field(&mut self, bytes: &[u8]) {
        // A field is a tag value, a comment or a FEN: far below 2 GiB.
        let len = i32::try_from(bytes.len()).unwrap_or(i32::MAX);
        self.buf.extend_from_slice(&len.to_be_bytes());
        self.buf.extend_from_slice(bytes);
    }

    fn null(&mut self) {
        self.buf.extend_from_slice(&(-1i32).to_be_bytes());
    }

    /// Text; NUL (which PostgreSQL text cannot hold, and the loader already replaced) becomes
    /// U+FFFD, as in the text format.
    fn text(&mut self, text: &str) {
        if text.contains('\0') {
            return self.field(text.replace('\0', "\u{FFFD}").as_bytes());
        }
        self.field(text.as_bytes());
    }

    fn opt_text(&mut self, text: Option<&str>) {
        match text {
            Some(t) => self.text(t),
            None => self.null(),
        }
    }

    /// `jsonb`: the version byte 1 and the text (NUL replaced, as by [`text`](Self::text)).
    fn jsonb(&mut self, json: Option<&str>) {
        let Some(json) = json else {
            return self.null();
        };
        if json.contains('\0') {
            return self.jsonb(Some(&json.replace('\0', "\u{FFFD}")));
        }
        // A JSON value is a comment's text or a game's tags: far below 2 GiB.
        let len = i32::try_from(json.len() + 1).unwrap_or(i32::MAX);
        self.buf.extend_from_slice(&len.to_be_bytes());
        self.buf.push(1);
        self.buf.extend_from_slice(json.as_bytes());
    }

    fn bool(&mut self, b: bool) {
        self.field(&[u8::from(b)]);
    }

    fn int4(&mut self, table: &str, column: &str, n: i64) -> io::Result<()> {
        let value = i32::try_from(n).map_err(|_| {
            let message = format!("{table}.{column} {n} is out of range for a PostgreSQL integer");
            io::Error::new(io::ErrorKind::InvalidData, message)
        })?;
        self.field(&value.to_be_bytes());
        Ok(())
    }

    fn opt_int4(&mut self, n: Option<i32>) {
        match n {
            Some(n) => self.field(&n.to_be_bytes()),
            None => self.null(),
        }
    }

    fn int8(&mut self, n: i64) {
        self.field(&n.to_be_bytes());
    }

    fn opt_float8(&mut self, x: Option<f64>) {
        match x {
            Some(x) => self.field(&x.to_be_bytes()),
            None => self.null(),
        }
    }

    /// Adds `row`, a row of `table` whose columns are `columns`.
    ///
    /// # Errors
    ///
    /// A number out of the range of its `integer` column (a FEN tag's move number beyond
    /// 2^31), which the text format would have the server refuse.
    pub(crate) fn row<R>(&mut self, table: &str, columns: &[Column<R>], row: &R) -> io::Result<()> {
        let fields = u16::try_from(columns.len()).unwrap_or(u16::MAX);
        self.buf.extend_from_slice(&fields.to_be_bytes());
        for column in columns {
            match column.values {
                Values::BigInt(value) => self.int8(value(row)),
                Values::Integer(value) => self.int4(table, column.name, value(row))?,
                Values::OptInteger(value) => self.opt_int4(value(row)),
                Values::OptReal(value) => self.opt_float8(value(row)),
                Values::Boolean(value) => self.bool(value(row)),
                Values::Text(value) => self.text(&value(row)),
                Values::BinaryText(value) => self.text(value(row)),
                Values::OptText(value) => self.opt_text(value(row)),
                Values::Json(value) => self.jsonb(Some(value(row))),
                Values::OptJson(value) => self.jsonb(value(row)),
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ok_binary_fields() {
        let mut rows = BinaryRows::new();
        rows.text("a\0b");
        rows.opt_text(None);
        rows.bool(true);
        rows.jsonb(Some("{}"));
        rows.int4("moves", "ply", 7).expect("in range");
        let out = rows.finish();
        let mut want = b"PGCOPY\n\xff\r\n\0\0\0\0\0\0\0\0\0".to_vec();
        want.extend_from_slice(&[0, 0, 0, 5, b'a', 0xef, 0xbf, 0xbd, b'b']);
        want.extend_from_slice(&[0xff, 0xff, 0xff, 0xff]);
        want.extend_from_slice(&[0, 0, 0, 1, 1]);
        want.extend_from_slice(&[0, 0, 0, 3, 1, b'{', b'}']);
        want.extend_from_slice(&[0, 0, 0, 4, 0, 0, 0, 7]);
        want.extend_from_slice(&[0xff, 0xff]);
        assert_eq!(out, want);
    }

    #[test]
    fn err_binary_out_of_range() {
        let err = BinaryRows::new()
            .int4("moves", "move_number", 3_000_000_000)
            .expect_err("beyond i32");
        assert_eq!(
            err.to_string(),
            "moves.move_number 3000000000 is out of range for a PostgreSQL integer"
        );
    }
}
