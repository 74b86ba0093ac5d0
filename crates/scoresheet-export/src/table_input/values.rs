//! A table column's value as a tag value: the types a column may have and how each is written.

use std::fmt::Write as _;

use arrow_array::cast::AsArray;
use arrow_array::types::{
    Date32Type, Int16Type, Int32Type, Int64Type, Int8Type, Time32MillisecondType, Time32SecondType,
    Time64MicrosecondType, Time64NanosecondType, UInt16Type, UInt32Type, UInt64Type, UInt8Type,
};
use arrow_array::{Array, ArrowPrimitiveType};
use arrow_schema::{DataType, TimeUnit};

/// Whether a column of type `data_type` can be read as tag values (and the movetext column,
/// when `text_only`).
pub(super) fn readable(data_type: &DataType, text_only: bool) -> bool {
    let text = matches!(
        data_type,
        DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View
    );
    text || (!text_only
        && matches!(
            data_type,
            DataType::Int8
                | DataType::Int16
                | DataType::Int32
                | DataType::Int64
                | DataType::UInt8
                | DataType::UInt16
                | DataType::UInt32
                | DataType::UInt64
                | DataType::Date32
                | DataType::Time32(TimeUnit::Second | TimeUnit::Millisecond)
                | DataType::Time64(TimeUnit::Microsecond | TimeUnit::Nanosecond)
        ))
}

/// The text of a string column's row, `None` when null (or not a string column).
pub(super) fn text(array: &dyn Array, row: usize) -> Option<&str> {
    if array.is_null(row) {
        return None;
    }
    match array.data_type() {
        DataType::Utf8 => Some(array.as_string::<i32>().value(row)),
        DataType::LargeUtf8 => Some(array.as_string::<i64>().value(row)),
        DataType::Utf8View => Some(array.as_string_view().value(row)),
        _ => None,
    }
}

/// Writes the row's value of a column readable as tags into `out`; false when it is null.
/// `signed`: integers with their sign (`+0`, `+5`, `-3`).
pub(super) fn write(array: &dyn Array, row: usize, signed: bool, out: &mut String) -> bool {
    if array.is_null(row) {
        return false;
    }
    if let Some(text) = text(array, row) {
        out.push_str(text);
        return true;
    }
    match array.data_type() {
        DataType::Int8 => integer::<Int8Type>(array, row, signed, out),
        DataType::Int16 => integer::<Int16Type>(array, row, signed, out),
        DataType::Int32 => integer::<Int32Type>(array, row, signed, out),
        DataType::Int64 => integer::<Int64Type>(array, row, signed, out),
        DataType::UInt8 => integer::<UInt8Type>(array, row, signed, out),
        DataType::UInt16 => integer::<UInt16Type>(array, row, signed, out),
        DataType::UInt32 => integer::<UInt32Type>(array, row, signed, out),
        DataType::UInt64 => integer::<UInt64Type>(array, row, signed, out),
        DataType::Date32 => date(array.as_primitive::<Date32Type>().value(row), out),
        // Parquet has no seconds: pyarrow's time32[s] comes back as milliseconds.
        DataType::Time32(TimeUnit::Second) => {
            time(
                array.as_primitive::<Time32SecondType>().value(row).into(),
                out,
            );
        }
        DataType::Time32(TimeUnit::Millisecond) => {
            let ms = array.as_primitive::<Time32MillisecondType>().value(row);
            time(i64::from(ms).div_euclid(1_000), out);
        }
        DataType::Time64(TimeUnit::Microsecond) => {
            let us = array.as_primitive::<Time64MicrosecondType>().value(row);
            time(us.div_euclid(1_000_000), out);
        }
        DataType::Time64(TimeUnit::Nanosecond) => {
            let ns = array.as_primitive::<Time64NanosecondType>().value(row);
            time(ns.div_euclid(1_000_000_000), out);
        }
        _ => return false,
    }
    true
}

fn integer<T: ArrowPrimitiveType>(array: &dyn Array, row: usize, signed: bool, out: &mut String)
where
    T::Native: std::fmt::Display + Default + PartialOrd,
{
    let value = array.as_primitive::<T>().value(row);
    if signed && value >= T::Native::default() {
        out.push('+');
    }
    let _ = write!(out, "{value}");
}

/// Days since 1970-01-01 as `YYYY.MM.DD` (the proleptic Gregorian calendar).
fn date(days: i32, out: &mut String) {
    let (year, month, day) = crate::csv::civil_from_days(i64::from(days));
    let _ = write!(out, "{year:04}.{month:02}.{day:02}");
}

/// Seconds since midnight as `HH:MM:SS`.
fn time(seconds: i64, out: &mut String) {
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    let _ = write!(out, "{h:02}:{m:02}:{s:02}");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ok_dates_and_times() {
        let dates = [
            (0, "1970.01.01"),
            (15_706, "2013.01.01"),
            (-1, "1969.12.31"),
            (11_016, "2000.02.29"),
            (19_782, "2024.02.29"),
        ];
        for (days, want) in dates {
            let mut out = String::new();
            date(days, &mut out);
            assert_eq!(out, want, "{days}");
        }
        for (seconds, want) in [(0, "00:00:00"), (3_723, "01:02:03"), (86_399, "23:59:59")] {
            let mut out = String::new();
            time(seconds, &mut out);
            assert_eq!(out, want, "{seconds}");
        }
    }
}
