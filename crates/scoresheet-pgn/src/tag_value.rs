//! Typed values of common tags: ratings (`WhiteElo`), time controls (`TimeControl`) and the
//! game's start as a UTC timestamp (`UTCDate`/`UTCTime`, else `Date`). Board-free, lenient
//! only where stated, and never guessing: a value that does not follow the form gives `None`.
//!
//! ```
//! use scoresheet_pgn::tag_value::{elo, utc_timestamp, TimeControl};
//!
//! assert_eq!(elo("2862"), Some(2862));
//! assert_eq!(elo("?"), None);
//! assert_eq!(TimeControl::parse("180+2"), Some(TimeControl { base_seconds: 180, increment_seconds: 2 }));
//! assert_eq!(TimeControl::parse("-"), None);
//! // 2014-12-14 18:37:13 UTC, in seconds since 1970.
//! assert_eq!(utc_timestamp(Some("2014.12.14"), Some("18:37:13"), None), Some(1_418_582_233));
//! assert_eq!(utc_timestamp(None, None, Some("2014.12.??")), None);
//! ```

/// A rating: 1 to 5 ASCII digits (surrounding spaces allowed), at most 99,999. `?`, `-`, the
/// empty value and anything else give `None`.
pub fn elo(value: &str) -> Option<i32> {
    let digits = value.trim();
    if digits.is_empty() || digits.len() > 5 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

/// A single-period `TimeControl` tag: `base` or `base+increment`, in whole seconds (the PGN
/// standard's forms `"180"` and `"180+2"`). Multi-period controls (`40/7200:3600`), moves per
/// period (`40/7200`), sandclock (`*60`), unknown (`?`) and none (`-`) give `None`: the tag's
/// text says them, no two numbers do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TimeControl {
    /// The time each player starts with.
    pub base_seconds: i32,
    /// The time added after each move (0 when none is written).
    pub increment_seconds: i32,
}

impl TimeControl {
    /// Reads `base` or `base+increment` (whole seconds, each below 2^31).
    pub fn parse(value: &str) -> Option<TimeControl> {
        let value = value.trim();
        let (base, increment) = match value.split_once('+') {
            Some((base, increment)) => (base, Some(increment)),
            None => (value, None),
        };
        let number = |text: &str| -> Option<i32> {
            match !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
                true => text.parse().ok(),
                false => None,
            }
        };
        Some(TimeControl {
            base_seconds: number(base)?,
            increment_seconds: match increment {
                Some(text) => number(text)?,
                None => 0,
            },
        })
    }
}

/// The start of the game in seconds since 1970-01-01 00:00:00 UTC: `UTCDate` with `UTCTime`
/// (midnight when the time is missing or not `HH:MM:SS`), else `Date` at midnight (the PGN
/// standard does not give its time zone; it is taken as UTC). A date must be complete,
/// `YYYY.MM.DD` and valid (no `?`); otherwise `None`.
pub fn utc_timestamp(
    utc_date: Option<&str>,
    utc_time: Option<&str>,
    date: Option<&str>,
) -> Option<i64> {
    if let Some(day) = utc_date.and_then(days_since_epoch) {
        let secs = utc_time.and_then(seconds_of_day).unwrap_or(0);
        return Some(day * 86_400 + secs);
    }
    date.and_then(days_since_epoch).map(|day| day * 86_400)
}

/// `YYYY.MM.DD` (also with `-` or `/`) as days since 1970-01-01.
fn days_since_epoch(date: &str) -> Option<i64> {
    let b = date.trim().as_bytes();
    if b.len() != 10 || !matches!(b[4], b'.' | b'-' | b'/') || b[7] != b[4] {
        return None;
    }
    let year = digits(&b[0..4])?;
    let month = digits(&b[5..7])?;
    let day = digits(&b[8..10])?;
    if !(1..=12).contains(&month) || day < 1 || day > days_in_month(year, month) {
        return None;
    }
    Some(days_from_civil(year, month, day))
}

/// `HH:MM:SS` as seconds since midnight.
fn seconds_of_day(time: &str) -> Option<i64> {
    let b = time.trim().as_bytes();
    if b.len() != 8 || b[2] != b':' || b[5] != b':' {
        return None;
    }
    let (h, m, s) = (digits(&b[0..2])?, digits(&b[3..5])?, digits(&b[6..8])?);
    (h < 24 && m < 60 && s < 60).then_some(h * 3600 + m * 60 + s)
}

fn digits(b: &[u8]) -> Option<i64> {
    b.iter().try_fold(0i64, |n, &d| match d {
        b'0'..=b'9' => Some(n * 10 + i64::from(d - b'0')),
        _ => None,
    })
}

fn days_in_month(year: i64, month: i64) -> i64 {
    match month {
        2 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (Howard Hinnant's
/// `days_from_civil` algorithm).
pub(crate) fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ok_elo() {
        let cases = [("1500", Some(1500)), (" 2862 ", Some(2862)), ("0", Some(0))];
        for (text, want) in cases {
            assert_eq!(elo(text), want, "{text}");
        }
    }

    #[test]
    fn err_elo() {
        for text in ["", "?", "-", "15OO", "1500.5", "-100", "123456", "+1500"] {
            assert_eq!(elo(text), None, "{text}");
        }
    }

    #[test]
    fn ok_time_control() {
        let tc = |b, i| {
            Some(TimeControl {
                base_seconds: b,
                increment_seconds: i,
            })
        };
        let cases = [
            ("180+2", tc(180, 2)),
            ("600", tc(600, 0)),
            ("0+1", tc(0, 1)),
        ];
        for (text, want) in cases {
            assert_eq!(TimeControl::parse(text), want, "{text}");
        }
    }

    #[test]
    fn err_time_control() {
        for text in [
            "-",
            "?",
            "",
            "40/7200:3600",
            "1/259200",
            "*60",
            "180+",
            "+2",
            "3e2",
            "99999999999",
        ] {
            assert_eq!(TimeControl::parse(text), None, "{text}");
        }
    }

    #[test]
    fn ok_timestamp() {
        // Checked with `date -u -d '2000-02-29 12:00:01' +%s`.
        assert_eq!(
            utc_timestamp(Some("2000.02.29"), Some("12:00:01"), None),
            Some(951_825_601)
        );
        assert_eq!(utc_timestamp(Some("1970.01.01"), None, None), Some(0));
        assert_eq!(
            utc_timestamp(Some("1969.12.31"), Some("bad"), None),
            Some(-86_400)
        );
        // `Date` when `UTCDate` is missing or incomplete.
        assert_eq!(
            utc_timestamp(Some("2020.??.??"), None, Some("2021.03.04")),
            Some(1_614_816_000)
        );
    }

    #[test]
    fn err_timestamp() {
        for date in [
            "2021.02.29",
            "2021.13.01",
            "2021.00.10",
            "????.??.??",
            "2021.3.4",
            "20210304",
        ] {
            assert_eq!(utc_timestamp(Some(date), None, Some(date)), None, "{date}");
        }
    }
}
