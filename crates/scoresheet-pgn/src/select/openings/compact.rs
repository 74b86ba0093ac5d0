//! The shipped table's rows in a compact form (`data/openings/rows.bin`), for the WebAssembly
//! build: 36 KB gzipped against 52 KB for the rows' text, and no move to parse when the table
//! is built. Written from the rows by the test `ok_shipped_compact_is_the_rows` (with
//! `SCORESHEET_BLESS=1`), which checks it against them.
//!
//! ```text
//! rows   = row*                                  ; in the order of the files' rows
//! row    = eco shared rest LF parent count index*
//! eco    = 3 bytes                               ; the ECO code (ASCII)
//! shared = 1 byte                                ; bytes of the previous row's name this one starts with
//! rest   = UTF-8 text without LF                 ; the rest of the name
//! parent = varint                                ; 0: from the start position; n: the moves of
//!                                                ; the row n rows before, then this row's
//! count  = 1 byte                                ; moves after the parent's
//! index  = 1 byte                                ; the move's place in `Position::legal_moves`
//! varint = LEB128 (7 bits a byte, low first, high bit set on all but the last)
//! ```

use scoresheet::Position;

use super::without_en_passant;

/// Each row of `bytes` (ECO code, name, key of the position its moves reach), in order; `None`
/// if the bytes are not rows in this form.
pub(super) fn decode(bytes: &[u8], mut row: impl FnMut(&str, &str, u64)) -> Option<()> {
    let mut at = bytes;
    let mut positions: Vec<Position> = Vec::new();
    let mut name = String::new();
    while !at.is_empty() {
        let (eco, rest) = at.split_at_checked(3)?;
        let (&shared, rest) = rest.split_first()?;
        let end = rest.iter().position(|&b| b == b'\n')?;
        let shared = usize::from(shared);
        if !name.is_char_boundary(shared) {
            return None;
        }
        name.truncate(shared);
        name.push_str(std::str::from_utf8(&rest[..end]).ok()?);
        let (back, rest) = varint(&rest[end + 1..])?;
        let mut pos = match back {
            0 => Position::new(),
            n => positions.get(positions.len().checked_sub(n)?)?.clone(),
        };
        let (&count, rest) = rest.split_first()?;
        let (moves, rest) = rest.split_at_checked(usize::from(count))?;
        for &index in moves {
            let mv = *pos.legal_moves().get(usize::from(index))?;
            pos.play_unchecked(mv);
        }
        row(
            std::str::from_utf8(eco).ok()?,
            &name,
            without_en_passant(&pos, pos.polyglot_key()),
        );
        positions.push(pos);
        at = rest;
    }
    Some(())
}

/// A LEB128 number and the bytes after it.
fn varint(bytes: &[u8]) -> Option<(usize, &[u8])> {
    let mut n = 0usize;
    for (i, &b) in bytes.iter().enumerate().take(4) {
        n |= usize::from(b & 0x7f) << (7 * i);
        if b & 0x80 == 0 {
            return Some((n, &bytes[i + 1..]));
        }
    }
    None
}

/// Appends `n` as a LEB128 number (what [`varint`] reads).
#[cfg(test)]
fn push_varint(out: &mut Vec<u8>, mut n: usize) {
    loop {
        let low = (n & 0x7f) as u8;
        n >>= 7;
        out.push(if n == 0 { low } else { low | 0x80 });
        if n == 0 {
            return;
        }
    }
}

/// The compact form of rows (ECO code, name, moves from the start position).
///
/// # Panics
///
/// On rows this form cannot hold (an ECO code not of 3 bytes, a line break in a name, more
/// than 255 moves past the parent): the shipped rows have none (the test that writes it).
#[cfg(test)]
pub(super) fn encode<'a>(
    rows: impl IntoIterator<Item = (&'a str, &'a str, Vec<scoresheet::Move>)>,
) -> Vec<u8> {
    use std::collections::HashMap;

    let mut out = Vec::new();
    let mut first_row_of: HashMap<Vec<scoresheet::Move>, usize> = HashMap::new();
    let mut previous = "";
    for (i, (eco, name, moves)) in rows.into_iter().enumerate() {
        assert!(
            eco.len() == 3 && !name.contains('\n'),
            "row {i}: {eco} {name}"
        );
        let mut shared = previous
            .bytes()
            .zip(name.bytes())
            .take_while(|(a, b)| a == b)
            .count()
            .min(255);
        while !name.is_char_boundary(shared) {
            shared -= 1;
        }
        out.extend_from_slice(eco.as_bytes());
        out.push(shared as u8);
        out.extend_from_slice(&name.as_bytes()[shared..]);
        out.push(b'\n');
        let (parent, from) = (0..=moves.len())
            .rev()
            .find_map(|k| match k {
                0 => Some((None, 0)),
                _ => first_row_of.get(&moves[..k]).map(|&r| (Some(r), k)),
            })
            .unwrap_or((None, 0));
        push_varint(&mut out, parent.map_or(0, |r| i - r));
        let count = u8::try_from(moves.len() - from).expect("at most 255 moves past the parent");
        out.push(count);
        let mut pos = Position::new();
        for (k, &mv) in moves.iter().enumerate() {
            if k >= from {
                let index = pos.legal_moves().iter().position(|&m| m == mv);
                out.push(
                    index
                        .and_then(|i| u8::try_from(i).ok())
                        .expect("a legal move"),
                );
            }
            pos.play_unchecked(mv);
        }
        first_row_of.entry(moves).or_insert(i);
        previous = name;
    }
    out
}
