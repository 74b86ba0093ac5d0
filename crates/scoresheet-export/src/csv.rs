//! CSV output (RFC 4180): a header line, then one line per row, fields separated by commas,
//! lines ended by CRLF. A field holding a comma, a quote, CR or LF is quoted, its quotes
//! doubled. Nulls are empty fields; booleans `true`/`false`; floats in Rust's shortest
//! round-trip form; timestamps ISO 8601 in UTC (`2014-12-14T18:37:13Z`); the `tags` map a
//! JSON object (`{"ECO":"B06"}`); the `board` column's 64 codes one hexadecimal digit each
//! (`0` to `c`), a1 first.

use std::io::{self, Write};

use arrow_array::cast::AsArray;
use arrow_array::types::{
    Float64Type, Int16Type, Int32Type, Int64Type, TimestampMicrosecondType, UInt8Type,
};
use arrow_array::{Array, RecordBatch};
use arrow_schema::{DataType, SchemaRef};

/// Writes the header line: the column names.
pub(crate) fn write_header(schema: &SchemaRef, out: &mut impl Write) -> io::Result<()> {
    for (i, field) in schema.fields().iter().enumerate() {
        if i > 0 {
            out.write_all(b",")?;
        }
        write_text(field.name(), out)?;
    }
    out.write_all(b"\r\n")
}

/// Writes every row of the batch.
pub(crate) fn write_batch(batch: &RecordBatch, out: &mut impl Write) -> io::Result<()> {
    let mut line = Vec::with_capacity(256);
    for row in 0..batch.num_rows() {
        line.clear();
        for (i, column) in batch.columns().iter().enumerate() {
            if i > 0 {
                line.push(b',');
            }
            write_value(column.as_ref(), row, &mut line)?;
        }
        line.extend_from_slice(b"\r\n");
        out.write_all(&line)?;
    }
    Ok(())
}

fn write_value(column: &dyn Array, row: usize, out: &mut Vec<u8>) -> io::Result<()> {
    if column.is_null(row) {
        return Ok(());
    }
    match column.data_type() {
        DataType::Utf8 => write_text(column.as_string::<i32>().value(row), out),
        // The dictionary columns of `moves` (`crate::moves_table`): the key's value.
        DataType::Dictionary(_, _) => {
            if let Some(d) = column.as_dictionary_opt::<UInt8Type>() {
                return write_value(d.values().as_ref(), usize::from(d.keys().value(row)), out);
            }
            match column.as_dictionary_opt::<Int16Type>() {
                Some(d) => match usize::try_from(d.keys().value(row)) {
                    Ok(key) => write_value(d.values().as_ref(), key, out),
                    Err(_) => Err(io::Error::other("a negative dictionary key")),
                },
                None => Err(io::Error::other(
                    "a dictionary column without u8 or i16 keys",
                )),
            }
        }
        DataType::Int32 => write!(out, "{}", column.as_primitive::<Int32Type>().value(row)),
        DataType::Int64 => write!(out, "{}", column.as_primitive::<Int64Type>().value(row)),
        DataType::Float64 => write!(out, "{}", column.as_primitive::<Float64Type>().value(row)),
        DataType::Boolean => write!(out, "{}", column.as_boolean().value(row)),
        DataType::Timestamp(_, _) => {
            let micros = column.as_primitive::<TimestampMicrosecondType>().value(row);
            write_timestamp(micros, out)
        }
        DataType::Map(_, _) => {
            let entries = column.as_map().value(row);
            let keys = entries.column(0).as_string::<i32>();
            let values = entries.column(1).as_string::<i32>();
            let mut json = String::from("{");
            for i in 0..entries.len() {
                if i > 0 {
                    json.push(',');
                }
                scoresheet_pgn::egd::json::push_json_string(&mut json, keys.value(i));
                json.push(':');
                scoresheet_pgn::egd::json::push_json_string(&mut json, values.value(i));
            }
            json.push('}');
            write_text(&json, out)
        }
        DataType::FixedSizeList(_, _) => {
            let codes = column.as_fixed_size_list().value(row);
            let codes = codes.as_primitive::<UInt8Type>();
            out.extend(
                codes
                    .values()
                    .iter()
                    .map(|&c| b"0123456789abcdef"[usize::from(c & 15)]),
            );
            Ok(())
        }
        other => Err(io::Error::other(format!("no CSV form for {other}"))),
    }
}

/// Writes a text field, quoted when it needs to be.
fn write_text(text: &str, out: &mut impl Write) -> io::Result<()> {
    if !text
        .bytes()
        .any(|b| matches!(b, b',' | b'"' | b'\r' | b'\n'))
    {
        return out.write_all(text.as_bytes());
    }
    out.write_all(b"\"")?;
    out.write_all(text.replace('"', "\"\"").as_bytes())?;
    out.write_all(b"\"")
}

/// `2014-12-14T18:37:13Z` (fractions of a second, never produced by the export, are dropped).
fn write_timestamp(micros: i64, out: &mut Vec<u8>) -> io::Result<()> {
    let secs = micros.div_euclid(1_000_000);
    let (days, secs) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    let (y, m, d) = civil_from_days(days);
    let (h, min, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    write!(out, "{y:04}-{m:02}-{d:02}T{h:02}:{min:02}:{s:02}Z")
}

/// The date `days` after 1970-01-01 (Howard Hinnant's `civil_from_days` algorithm; also the
/// table input's `date32` tags).
pub(crate) fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ok_quoting() {
        let cases = [
            ("plain", "plain"),
            ("a,b", "\"a,b\""),
            ("say \"hi\"", "\"say \"\"hi\"\"\""),
            ("two\nlines", "\"two\nlines\""),
            ("", ""),
        ];
        for (text, want) in cases {
            let mut out = Vec::new();
            write_text(text, &mut out).expect("a Vec takes it");
            assert_eq!(String::from_utf8(out).expect("utf-8"), want);
        }
    }

    #[test]
    fn ok_timestamps() {
        // Checked with `date -u -d @SECONDS`.
        let cases = [
            (0, "1970-01-01T00:00:00Z"),
            (1_418_582_233, "2014-12-14T18:37:13Z"),
            (951_825_601, "2000-02-29T12:00:01Z"),
            (-86_400, "1969-12-31T00:00:00Z"),
        ];
        for (secs, want) in cases {
            let mut out = Vec::new();
            write_timestamp(secs * 1_000_000, &mut out).expect("a Vec takes it");
            assert_eq!(String::from_utf8(out).expect("utf-8"), want);
        }
    }
}
