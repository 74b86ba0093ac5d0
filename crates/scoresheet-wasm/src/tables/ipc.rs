//! A table's plain columns as an Arrow IPC stream (`format: "arrow"`): the bytes Arrow JS's
//! `tableFromIPC`, DuckDB-WASM and pyarrow's `ipc.open_stream` read. Written here, small,
//! because the Arrow crates' IPC writer more than doubled the .wasm.
//!
//! A stream is a sequence of messages, each the continuation marker (`0xFFFFFFFF`), the length
//! of its metadata, the metadata (a FlatBuffers `Message`, the `flatbuf` module) padded to 8
//! bytes, then its body (the buffers, each padded to 8 bytes); and the end marker (the
//! continuation marker and a zero length). This one holds the schema (the table's Arrow
//! fields, as the export declares them), one dictionary batch per dictionary column (the
//! column's strings: the same in every batch, since columns declare them), one record batch
//! of every row, then the end. Validity bitmaps are written only for columns with a null.

use arrow_schema::{DataType, Field, Schema, TimeUnit};
use scoresheet_export::{PlainColumn, PlainText, PlainValues};

use super::flatbuf::{self, Fb, Slot};

/// The metadata version written (V5, Arrow 1.0 and later).
const V5: i16 = 4;
/// The `MessageHeader` union's members.
const SCHEMA: u8 = 1;
const DICTIONARY_BATCH: u8 = 2;
const RECORD_BATCH: u8 = 3;

/// The IPC stream of a table: its `schema` and its `columns` (in the schema's order).
pub(crate) fn stream(schema: &Schema, columns: &[PlainColumn]) -> Result<Vec<u8>, String> {
    if schema.fields().len() != columns.len() {
        return Err(format!(
            "arrow: {} fields for {} columns",
            schema.fields().len(),
            columns.len()
        ));
    }
    let mut out = Vec::new();
    let fields = schema
        .fields()
        .iter()
        .enumerate()
        .map(|(id, f)| field_fb(f, id as i64))
        .collect::<Result<Vec<_>, String>>()?;
    let schema_fb = Fb::Table(vec![Slot::I16(0), Slot::Ref(Fb::Tables(fields))]);
    message(&mut out, SCHEMA, schema_fb, Body::default());
    for (id, (field, column)) in schema.fields().iter().zip(columns).enumerate() {
        if field.name() != column.name {
            return Err(format!(
                "arrow: column {} is not field {}",
                column.name,
                field.name()
            ));
        }
        if let Some(strings) = dictionary(&column.values) {
            dictionary_batch(&mut out, id as i64, &strings);
        }
    }
    let rows = columns.first().map_or(0, |c| c.len());
    let mut body = Body::default();
    for (field, column) in schema.fields().iter().zip(columns) {
        body.column(field, column, rows)?;
    }
    let batch = body.record_batch(rows);
    message(&mut out, RECORD_BATCH, batch, body);
    out.extend_from_slice(&[0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0]);
    Ok(out)
}

/// Appends one message: marker, metadata length, metadata (`header` of kind `kind`), body.
fn message(out: &mut Vec<u8>, kind: u8, header: Fb, body: Body) {
    let metadata = flatbuf::finish(Fb::Table(vec![
        Slot::I16(V5),
        Slot::U8(kind),
        Slot::Ref(header),
        Slot::I64(body.bytes.len() as i64),
    ]));
    out.extend_from_slice(&[0xFF, 0xFF, 0xFF, 0xFF]);
    out.extend_from_slice(&(metadata.len() as i32).to_le_bytes());
    out.extend_from_slice(&metadata);
    out.extend_from_slice(&body.bytes);
}

/// The dictionary batch of id `id`: one `Utf8` column of `strings`, no nulls.
fn dictionary_batch(out: &mut Vec<u8>, id: i64, strings: &[&str]) {
    let mut body = Body::default();
    body.node(strings.len(), 0);
    body.buffer(&[]);
    body.text(&text_of(strings));
    let data = body.record_batch(strings.len());
    let header = Fb::Table(vec![Slot::I64(id), Slot::Ref(data), Slot::U8(0)]);
    message(out, DICTIONARY_BATCH, header, body);
}

/// A dictionary column's strings in key order; `None` for other columns.
fn dictionary(values: &PlainValues) -> Option<Vec<&str>> {
    match values {
        PlainValues::Codes(_, names) => Some(names.to_vec()),
        PlainValues::Tokens(_, vocabulary) => Some(vocabulary.strings().collect()),
        _ => None,
    }
}

/// Strings as offsets and bytes.
fn text_of(strings: &[&str]) -> PlainText {
    let mut text = PlainText {
        offsets: vec![0],
        data: Vec::new(),
    };
    for s in strings {
        text.data.extend_from_slice(s.as_bytes());
        text.offsets.push(text.data.len() as i32);
    }
    text
}

/// A field of the schema: name, nullability, type, children; a dictionary column's field has
/// its values' type and the dictionary `id` with the keys' type.
fn field_fb(field: &Field, id: i64) -> Result<Fb, String> {
    let (data_type, dictionary) = match field.data_type() {
        DataType::Dictionary(keys, values) => {
            let encoding = Fb::Table(vec![
                Slot::I64(id),
                Slot::Ref(int_type(keys).ok_or_else(|| unsupported(keys))?),
                Slot::U8(0),
            ]);
            (values.as_ref(), Slot::Ref(encoding))
        }
        other => (other, Slot::Absent),
    };
    let (kind, type_table, children) = type_fb(data_type)?;
    let children = children
        .iter()
        .map(|child| field_fb(child, id))
        .collect::<Result<Vec<_>, String>>()?;
    Ok(Fb::Table(vec![
        Slot::Ref(Fb::Str(field.name().clone())),
        Slot::U8(u8::from(field.is_nullable())),
        Slot::U8(kind),
        Slot::Ref(type_table),
        dictionary,
        Slot::Ref(Fb::Tables(children)),
    ]))
}

/// The error for a type the writer does not know (none of the tables' columns has one). Its
/// name is left out: arrow-schema's `Display` of types would grow the .wasm for an error that
/// cannot happen.
fn unsupported(_: &DataType) -> String {
    String::from("arrow: a column's type has no IPC writer here")
}

/// An `Int` type table, for the integer types.
fn int_type(data_type: &DataType) -> Option<Fb> {
    let (bits, signed) = match data_type {
        DataType::UInt8 => (8, false),
        DataType::Int16 => (16, true),
        DataType::Int32 => (32, true),
        DataType::Int64 => (64, true),
        _ => return None,
    };
    Some(Fb::Table(vec![Slot::I32(bits), Slot::U8(u8::from(signed))]))
}

/// A type as the `Type` union's member, its table, and the children fields it has.
fn type_fb(data_type: &DataType) -> Result<(u8, Fb, Vec<&Field>), String> {
    if let Some(int) = int_type(data_type) {
        return Ok((2, int, Vec::new()));
    }
    let empty = || Fb::Table(Vec::new());
    Ok(match data_type {
        DataType::Float64 => (3, Fb::Table(vec![Slot::I16(2)]), Vec::new()),
        DataType::Utf8 => (5, empty(), Vec::new()),
        DataType::Boolean => (6, empty(), Vec::new()),
        DataType::Timestamp(TimeUnit::Microsecond, zone) => {
            let zone = zone
                .as_ref()
                .map_or(Slot::Absent, |z| Slot::Ref(Fb::Str(z.to_string())));
            (10, Fb::Table(vec![Slot::I16(2), zone]), Vec::new())
        }
        DataType::Struct(fields) => (13, empty(), fields.iter().map(|f| f.as_ref()).collect()),
        DataType::FixedSizeList(item, size) => {
            (16, Fb::Table(vec![Slot::I32(*size)]), vec![item.as_ref()])
        }
        DataType::Map(entries, sorted) => (
            17,
            Fb::Table(vec![Slot::U8(u8::from(*sorted))]),
            vec![entries.as_ref()],
        ),
        other => return Err(unsupported(other)),
    })
}

/// A record batch's body as it is built: the buffers' bytes, and the nodes and buffers that
/// the metadata lists.
#[derive(Debug, Default)]
struct Body {
    bytes: Vec<u8>,
    /// `FieldNode` structs: length and null count, 16 bytes each.
    nodes: Vec<u8>,
    /// `Buffer` structs: offset and length in the body, 16 bytes each.
    buffers: Vec<u8>,
}

impl Body {
    fn node(&mut self, length: usize, nulls: usize) {
        self.nodes.extend_from_slice(&(length as i64).to_le_bytes());
        self.nodes.extend_from_slice(&(nulls as i64).to_le_bytes());
    }

    fn buffer(&mut self, bytes: &[u8]) {
        let offset = self.bytes.len();
        self.bytes.extend_from_slice(bytes);
        flatbuf::pad(&mut self.bytes, 8);
        self.buffers
            .extend_from_slice(&(offset as i64).to_le_bytes());
        self.buffers
            .extend_from_slice(&(bytes.len() as i64).to_le_bytes());
    }

    /// A `Utf8` array's offsets and data buffers.
    fn text(&mut self, text: &PlainText) {
        self.buffer(&le_bytes(&text.offsets));
        self.buffer(&text.data);
    }

    /// The `RecordBatch` table of `rows` rows over the nodes and buffers so far.
    fn record_batch(&mut self, rows: usize) -> Fb {
        let structs = |bytes: &mut Vec<u8>| Fb::Structs {
            count: bytes.len() / 16,
            bytes: std::mem::take(bytes),
        };
        Fb::Table(vec![
            Slot::I64(rows as i64),
            Slot::Ref(structs(&mut self.nodes)),
            Slot::Ref(structs(&mut self.buffers)),
        ])
    }

    /// One column's nodes and buffers, in the order of the schema's depth-first fields.
    fn column(&mut self, field: &Field, column: &PlainColumn, rows: usize) -> Result<(), String> {
        let nulls = column
            .valid
            .as_ref()
            .map_or(0, |v| v.iter().filter(|&&b| b == 0).count());
        self.node(rows, nulls);
        match &column.valid {
            Some(valid) if nulls > 0 => self.buffer(&bits(valid)),
            _ => self.buffer(&[]),
        }
        match &column.values {
            PlainValues::Int32(v) => self.buffer(&le_bytes(v)),
            PlainValues::Int64(v) | PlainValues::TimestampMicros(v) => self.buffer(&le_bytes(v)),
            PlainValues::Float64(v) => self.buffer(&le_bytes(v)),
            PlainValues::Bool(v) => self.buffer(&bits(v)),
            PlainValues::Codes(keys, _) => self.buffer(keys),
            PlainValues::Tokens(keys, _) => self.buffer(&le_bytes(keys)),
            PlainValues::Text(text) => self.text(text),
            PlainValues::Map {
                offsets,
                keys,
                items,
            } => {
                self.buffer(&le_bytes(offsets));
                let entries = keys.len();
                self.node(entries, 0);
                self.buffer(&[]);
                for text in [keys, items] {
                    self.node(entries, 0);
                    self.buffer(&[]);
                    self.text(text);
                }
            }
            PlainValues::Board(codes) => {
                let DataType::FixedSizeList(_, size) = field.data_type() else {
                    return Err(unsupported(field.data_type()));
                };
                self.node(rows * *size as usize, 0);
                self.buffer(&[]);
                self.buffer(codes);
            }
        }
        Ok(())
    }
}

/// Bytes that are 0 or not as a bitmap, least significant bit first.
fn bits(flags: &[u8]) -> Vec<u8> {
    let mut out = vec![0u8; flags.len().div_ceil(8)];
    for (i, &flag) in flags.iter().enumerate() {
        if flag != 0 {
            out[i / 8] |= 1 << (i % 8);
        }
    }
    out
}

/// Numbers whose little-endian bytes make a buffer.
trait LittleEndian: Copy {
    fn put(self, out: &mut Vec<u8>);
}

macro_rules! little_endian {
    ($($t:ty),*) => {$(
        impl LittleEndian for $t {
            fn put(self, out: &mut Vec<u8>) {
                out.extend_from_slice(&self.to_le_bytes());
            }
        }
    )*};
}

little_endian!(i16, i32, i64, f64);

fn le_bytes<T: LittleEndian>(values: &[T]) -> Vec<u8> {
    let mut out = Vec::with_capacity(std::mem::size_of_val(values));
    for &v in values {
        v.put(&mut out);
    }
    out
}
