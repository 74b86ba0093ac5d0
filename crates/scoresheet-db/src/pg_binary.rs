//! The rows of `moves` in PostgreSQL's binary COPY format: the server reads integers,
//! booleans and floats as they are instead of parsing their text (about a fifth less of its
//! time for a batch of moves, measured with psql on real.pgn's rows).
//!
//! The format: a signature and two 32-bit header words; per row a 16-bit field count and
//! per field a 32-bit length (-1 for NULL) and the bytes; a 16-bit -1 at the end. Integers
//! are big-endian; `jsonb` is a version byte (1) and the JSON text.

use std::io;

use crate::row::PlyRow;
use crate::sqlite_insert::square_name;

/// `COPY moves ... FROM STDIN` in the binary format, the columns in [`encode_move`]'s order.
pub(crate) const COPY_MOVES_BINARY: &str = "COPY moves (game_id, ply, move_number, side, san, \
    lran, from_square, to_square, piece, move_type, captured, promotion, position_after, \
    is_check, is_mate, halfmove_clock, repetition, \
    fifty_move_claimable, seventy_five_move, fivefold, stalemate, insufficient_material, meta, \
    clock_seconds, emt_seconds, eval_cp, eval_mate, uci, position_key) FROM STDIN \
    (FORMAT binary)";

const FIELDS: u16 = 29;

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

    fn jsonb(&mut self, json: Option<&str>) {
        match json {
            Some(j) => {
                let mut bytes = Vec::with_capacity(j.len() + 1);
                bytes.push(1);
                bytes.extend_from_slice(j.replace('\0', "\u{FFFD}").as_bytes());
                self.field(&bytes);
            }
            None => self.null(),
        }
    }

    fn bool(&mut self, b: bool) {
        self.field(&[u8::from(b)]);
    }

    fn int4(
        &mut self,
        column: &str,
        n: impl TryInto<i32> + Copy + std::fmt::Display,
    ) -> io::Result<()> {
        let value: i32 = n.try_into().map_err(|_| {
            let message = format!("moves.{column} {n} is out of range for a PostgreSQL integer");
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

    /// Adds the row of ply `ply` (from 1) of game `game_id`.
    ///
    /// # Errors
    ///
    /// A number out of the range of its `integer` column (a FEN tag's move number beyond
    /// 2^31), which the text format would have the server refuse.
    pub(crate) fn encode_move(&mut self, game_id: i64, ply: usize, m: &PlyRow) -> io::Result<()> {
        let r = &m.record;
        let ext = &m.features;
        let commands = m.commands();
        self.buf.extend_from_slice(&FIELDS.to_be_bytes());
        self.int8(game_id);
        self.int4("ply", ply)?;
        self.int4("move_number", r.move_number)?;
        for text in [m.side(), &m.san(), &m.lran] {
            self.text(text);
        }
        for text in [square_name(r.from), square_name(r.to)] {
            self.text(text);
        }
        self.text(r.piece.as_str());
        self.text(r.move_type.as_str());
        self.opt_text(r.captured.map(|p| p.as_str()));
        self.opt_text(r.promotion.map(|p| p.as_str()));
        self.text(&m.position_after);
        self.bool(r.check);
        self.bool(r.mate);
        self.int4("halfmove_clock", ext.halfmove_clock)?;
        self.int4("repetition", ext.repetition)?;
        let flags = [
            ext.fifty_move_claimable,
            ext.seventy_five_move,
            ext.fivefold,
            ext.stalemate,
            ext.insufficient_material,
        ];
        for flag in flags {
            self.bool(flag);
        }
        self.jsonb(m.meta.as_deref());
        self.opt_float8(commands.clock_seconds);
        self.opt_float8(commands.emt_seconds);
        self.opt_int4(commands.eval_cp);
        self.opt_int4(commands.eval_mate);
        self.text(&m.uci());
        self.int8(m.position_key());
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
        rows.int4("ply", 7u32).expect("in range");
        let out = rows.finish();
        let mut want = b"PGCOPY\n\xff\r\n\0\0\0\0\0\0\0\0\0".to_vec();
        want.extend_from_slice(&[0, 0, 0, 5, b'a', 0xef, 0xbf, 0xbd, b'b']);
        want.extend_from_slice(&[0xff, 0xff, 0xff, 0xff]);
        want.extend_from_slice(&[0, 0, 0, 1, 1]);
        want.extend_from_slice(&[0, 0, 0, 4, 0, 0, 0, 7]);
        want.extend_from_slice(&[0xff, 0xff]);
        assert_eq!(out, want);
    }

    #[test]
    fn err_binary_out_of_range() {
        let err = BinaryRows::new()
            .int4("move_number", 3_000_000_000u32)
            .expect_err("beyond i32");
        assert_eq!(
            err.to_string(),
            "moves.move_number 3000000000 is out of range for a PostgreSQL integer"
        );
    }
}
