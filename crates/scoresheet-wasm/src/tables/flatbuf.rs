//! A small FlatBuffers writer: the metadata of Arrow's IPC messages (`ipc`) is a FlatBuffers
//! table, and this is the little of the format they need. A value is described as a tree
//! ([`Fb`]) and written front to back: a table's vtable first, then the table, then what its
//! fields point to, each reference patched once its target is placed (an offset is unsigned
//! and counts forward from where it is stored; a table's signed offset to its vtable points
//! back). Tables start on 8 bytes and their scalars on their own size, so a reader that checks
//! alignment (Arrow C++'s verifier) accepts every field.

/// A FlatBuffers value.
#[derive(Debug)]
pub(crate) enum Fb {
    /// A table: its fields by field id (the declaration's order in the schema).
    Table(Vec<Slot>),
    /// A string (UTF-8, written with its length and a terminating zero).
    Str(String),
    /// A vector of tables.
    Tables(Vec<Fb>),
    /// A vector of structs whose fields are all 8-byte: `count` structs as their raw
    /// little-endian bytes.
    Structs { count: usize, bytes: Vec<u8> },
}

/// A table's field.
#[derive(Debug)]
pub(crate) enum Slot {
    /// Not written (the reader takes the schema's default).
    Absent,
    /// A `bool` or `ubyte` (a union's type).
    U8(u8),
    /// A `short` (the format's enums).
    I16(i16),
    /// An `int`.
    I32(i32),
    /// A `long`.
    I64(i64),
    /// A table, string or vector, stored as an offset.
    Ref(Fb),
}

impl Slot {
    /// The bytes the field takes in its table (0: absent).
    fn size(&self) -> usize {
        match self {
            Slot::Absent => 0,
            Slot::U8(_) => 1,
            Slot::I16(_) => 2,
            Slot::I32(_) | Slot::Ref(_) => 4,
            Slot::I64(_) => 8,
        }
    }
}

/// `value` (a table) as a finished buffer: the root offset, then the table and all it holds,
/// padded to 8 bytes.
pub(crate) fn finish(value: Fb) -> Vec<u8> {
    let mut out = vec![0; 4];
    let root = write(&mut out, value);
    patch(&mut out, 0, root);
    pad(&mut out, 8);
    out
}

/// Writes `value` at the end of `out`; where a reference to it must point.
fn write(out: &mut Vec<u8>, value: Fb) -> usize {
    match value {
        Fb::Table(slots) => write_table(out, slots),
        Fb::Str(text) => {
            pad(out, 4);
            let at = out.len();
            put_len(out, text.len());
            out.extend_from_slice(text.as_bytes());
            out.push(0);
            at
        }
        Fb::Tables(tables) => {
            pad(out, 4);
            let at = out.len();
            put_len(out, tables.len());
            let first = out.len();
            out.resize(first + 4 * tables.len(), 0);
            for (i, table) in tables.into_iter().enumerate() {
                let target = write(out, table);
                patch(out, first + 4 * i, target);
            }
            at
        }
        Fb::Structs { count, bytes } => {
            // The length just before the first struct, which starts on 8 bytes.
            while out.len() % 8 != 4 {
                out.push(0);
            }
            let at = out.len();
            put_len(out, count);
            out.extend_from_slice(&bytes);
            at
        }
    }
}

/// Writes a table (vtable, then the table, then its references' targets); the table's start.
fn write_table(out: &mut Vec<u8>, slots: Vec<Slot>) -> usize {
    let (places, size) = layout(&slots);
    pad(out, 2);
    let vtable = out.len();
    put_u16(out, 4 + 2 * slots.len());
    put_u16(out, size);
    for &place in &places {
        put_u16(out, place);
    }
    pad(out, 8);
    let table = out.len();
    out.extend_from_slice(&((table - vtable) as i32).to_le_bytes());
    out.resize(table + size, 0);
    let mut pending = Vec::new();
    for (slot, place) in slots.into_iter().zip(places) {
        let at = table + place;
        match slot {
            Slot::Absent => {}
            Slot::U8(v) => out[at] = v,
            Slot::I16(v) => out[at..at + 2].copy_from_slice(&v.to_le_bytes()),
            Slot::I32(v) => out[at..at + 4].copy_from_slice(&v.to_le_bytes()),
            Slot::I64(v) => out[at..at + 8].copy_from_slice(&v.to_le_bytes()),
            Slot::Ref(target) => pending.push((at, target)),
        }
    }
    for (at, target) in pending {
        let to = write(out, target);
        patch(out, at, to);
    }
    table
}

/// Each field's place in its table, after the vtable offset (4 bytes), largest first so that
/// each is aligned on its size; and the table's size.
fn layout(slots: &[Slot]) -> (Vec<usize>, usize) {
    let mut order: Vec<usize> = (0..slots.len()).filter(|&i| slots[i].size() > 0).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(slots[i].size()));
    let mut places = vec![0usize; slots.len()];
    let mut size: usize = 4;
    for &i in &order {
        let width = slots[i].size();
        size = size.next_multiple_of(width);
        places[i] = size;
        size += width;
    }
    (places, size)
}

/// Stores at `at` the offset from `at` forward to `target`.
fn patch(out: &mut [u8], at: usize, target: usize) {
    let offset = (target - at) as u32;
    out[at..at + 4].copy_from_slice(&offset.to_le_bytes());
}

fn put_len(out: &mut Vec<u8>, len: usize) {
    out.extend_from_slice(&(len as u32).to_le_bytes());
}

fn put_u16(out: &mut Vec<u8>, value: usize) {
    out.extend_from_slice(&(value as u16).to_le_bytes());
}

/// Zero bytes until the length is a multiple of `align`.
pub(crate) fn pad(out: &mut Vec<u8>, align: usize) {
    out.resize(out.len().next_multiple_of(align), 0);
}
