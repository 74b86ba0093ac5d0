//! The typed side of the expression language: which tags have a type, how a literal of that
//! type is read, and how a tag's value compares with it. The rules are stated in the
//! [module docs](super).

use std::cmp::Ordering;

use crate::tag_value::{days_from_civil, elo, TimeControl};
use crate::Outcome;

use super::Op;

/// The engine of `~`: the regex crate with the `unicode-regex` feature, else regex-lite (the
/// same syntax; ASCII-only classes and case folding, no `\p{..}`: see the module docs).
#[cfg(feature = "unicode-regex")]
pub(super) use regex::Regex;
#[cfg(not(feature = "unicode-regex"))]
pub(super) use regex_lite::Regex;

/// The type of a tag, from its name (compared without case).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum TagType {
    Text,
    /// `*Elo`, `PlyCount`: whole numbers, read like ratings.
    Integer,
    /// `Date`, `UTCDate`, `EventDate`: dates with unknown parts.
    Date,
    /// `TimeControl`: base+increment, or a speed class.
    TimeControl,
    /// `Result`.
    Result,
}

impl TagType {
    pub(super) fn of(tag: &str) -> TagType {
        let is = |name: &str| tag.eq_ignore_ascii_case(name);
        let len = tag.len();
        if len >= 3 && tag.is_char_boundary(len - 3) && tag[len - 3..].eq_ignore_ascii_case("elo")
            || is("PlyCount")
        {
            TagType::Integer
        } else if is("Date") || is("UTCDate") || is("EventDate") {
            TagType::Date
        } else if is("TimeControl") {
            TagType::TimeControl
        } else if is("Result") {
            TagType::Result
        } else {
            TagType::Text
        }
    }

    /// What a literal of this type is, for error messages.
    pub(super) fn expected(self) -> &'static str {
        match self {
            TagType::Text => "a value",
            TagType::Integer => "a whole number (up to 5 digits)",
            TagType::Date => "a date (YYYY, YYYY.MM or YYYY.MM.DD, `?` for unknown parts)",
            TagType::TimeControl => {
                "a time control (seconds+increment, or ultrabullet, bullet, blitz, rapid, classical, correspondence)"
            }
            TagType::Result => "a result (1-0, 0-1, 1/2-1/2 or *)",
        }
    }
}

/// A literal read as its tag's type.
#[derive(Debug, Clone)]
pub(super) enum Typed {
    Text,
    Regex(Regex),
    Integer(i32),
    Date(DateRange),
    TimeControl(TimeControl),
    Speed(Speed),
    Result(Option<Outcome>),
}

impl Typed {
    /// Reads `text` as a literal of `ty`; `None` if it is not one.
    pub(super) fn read(ty: TagType, text: &str) -> Option<Typed> {
        match ty {
            TagType::Text => Some(Typed::Text),
            TagType::Integer => elo(text).map(Typed::Integer),
            TagType::Date => DateRange::parse(text).map(Typed::Date),
            TagType::TimeControl => match Speed::from_name(text) {
                Some(speed) => Some(Typed::Speed(speed)),
                None => TimeControl::parse(text).map(Typed::TimeControl),
            },
            TagType::Result => read_result(text).map(Typed::Result),
        }
    }

    /// Whether the tag's `value` stands in relation `op` to this literal (`literal` is its text).
    pub(super) fn test(&self, op: Op, value: &str, literal: &str) -> bool {
        let order = match self {
            Typed::Regex(re) => return re.is_match(value),
            Typed::Text => Some(value.cmp(literal)),
            Typed::Integer(n) => elo(value).map(|v| v.cmp(n)),
            Typed::Date(range) => {
                return DateRange::parse(value).is_some_and(|v| v.test(op, range))
            }
            Typed::TimeControl(tc) => {
                return time_control(value).is_some_and(|v| tc_test(op, v, tc))
            }
            Typed::Speed(speed) => time_control(value).map(|v| v.speed().cmp(speed)),
            Typed::Result(result) => read_result(value).map(|v| match v == *result {
                true => Ordering::Equal,
                false => Ordering::Less,
            }),
        };
        order.is_some_and(|order| op.holds(order))
    }
}

/// A result: `Some` outcome, or `None` for `*`.
fn read_result(text: &str) -> Option<Option<Outcome>> {
    match text.trim() {
        "*" => Some(None),
        text => Outcome::from_ascii(text.as_bytes()).map(Some),
    }
}

/// A time control tag: `base+increment`, or `-` (no clock: correspondence).
#[derive(Debug, Clone, Copy)]
enum TagTimeControl {
    Clock(TimeControl),
    NoClock,
}

impl TagTimeControl {
    fn speed(self) -> Speed {
        match self {
            TagTimeControl::Clock(tc) => Speed::of(tc),
            TagTimeControl::NoClock => Speed::Correspondence,
        }
    }
}

fn time_control(value: &str) -> Option<TagTimeControl> {
    match value.trim() {
        "-" => Some(TagTimeControl::NoClock),
        value => TimeControl::parse(value).map(TagTimeControl::Clock),
    }
}

/// `=`/`!=`: the same base and increment; order: by estimated duration.
fn tc_test(op: Op, value: TagTimeControl, literal: &TimeControl) -> bool {
    let TagTimeControl::Clock(tc) = value else {
        return false;
    };
    match op {
        Op::Eq => tc == *literal,
        Op::Ne => tc != *literal,
        _ => op.holds(estimated_seconds(tc).cmp(&estimated_seconds(*literal))),
    }
}

/// The estimated duration of a game for one player: base + 40 increments, as lichess
/// estimates it.
fn estimated_seconds(tc: TimeControl) -> i64 {
    i64::from(tc.base_seconds) + 40 * i64::from(tc.increment_seconds)
}

/// A speed class, as lichess defines it from the estimated duration (base + 40 increments):
/// ultrabullet below 30 s, bullet below 180 s, blitz below 480 s, rapid below 1500 s,
/// classical below 21600 s, correspondence from there (and for no clock, `-`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Speed {
    UltraBullet,
    Bullet,
    Blitz,
    Rapid,
    Classical,
    Correspondence,
}

impl Speed {
    const NAMES: [(&'static str, Speed); 6] = [
        ("ultrabullet", Speed::UltraBullet),
        ("bullet", Speed::Bullet),
        ("blitz", Speed::Blitz),
        ("rapid", Speed::Rapid),
        ("classical", Speed::Classical),
        ("correspondence", Speed::Correspondence),
    ];

    fn from_name(text: &str) -> Option<Speed> {
        let text = text.trim();
        Speed::NAMES
            .iter()
            .find(|(name, _)| name.eq_ignore_ascii_case(text))
            .map(|&(_, speed)| speed)
    }

    fn of(tc: TimeControl) -> Speed {
        match estimated_seconds(tc) {
            ..30 => Speed::UltraBullet,
            30..180 => Speed::Bullet,
            180..480 => Speed::Blitz,
            480..1500 => Speed::Rapid,
            1500..21600 => Speed::Classical,
            _ => Speed::Correspondence,
        }
    }
}

/// A date with unknown parts, as the days it may be: `2020.??.??` (and `2020`) is every day
/// of 2020, `2020.05.??` (and `2020.05`) every day of May 2020.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct DateRange {
    /// The first day, in days since 1970-01-01.
    first: i64,
    /// The last day.
    last: i64,
}

impl DateRange {
    /// `YYYY`, `YYYY.MM` or `YYYY.MM.DD` (separators `.`, `-` or `/`), where any part but the
    /// year may be `?`s and a part after an unknown one must be unknown too.
    fn parse(text: &str) -> Option<DateRange> {
        let mut parts = text.trim().split(['.', '-', '/']);
        let year = part(parts.next()?, 4)??;
        let month = parts.next().map_or(Some(None), |p| part(p, 2))?;
        let day = parts.next().map_or(Some(None), |p| part(p, 2))?;
        if parts.next().is_some() || (month.is_none() && day.is_some()) {
            return None;
        }
        let (first_month, last_month) = month.map_or((1, 12), |m| (m, m));
        if !(1..=12).contains(&first_month) || !(1..=12).contains(&last_month) {
            return None;
        }
        let last_of_month = days_in_month(year, last_month);
        let (first_day, last_day) = match day {
            Some(d) if (1..=last_of_month).contains(&d) => (d, d),
            Some(_) => return None,
            None => (1, last_of_month),
        };
        Some(DateRange {
            first: days_from_civil(year, first_month, first_day),
            last: days_from_civil(year, last_month, last_day),
        })
    }

    /// `=`: every day the tag may mean is in the literal's period; `<`: all before its first
    /// day; `<=`: all up to its last day; `>`: all after its last day; `>=`: all from its
    /// first day.
    fn test(self, op: Op, literal: &DateRange) -> bool {
        let within = self.first >= literal.first && self.last <= literal.last;
        match op {
            Op::Eq => within,
            Op::Ne => !within,
            Op::Lt => self.last < literal.first,
            Op::Le => self.last <= literal.last,
            Op::Gt => self.first > literal.last,
            Op::Ge => self.first >= literal.first,
            Op::Match => false,
        }
    }
}

/// A date part of exactly `width` digits: `Some(Some(n))`, or `Some(None)` when all `?`.
fn part(text: &str, width: usize) -> Option<Option<i64>> {
    if text.len() != width {
        return None;
    }
    if text.bytes().all(|b| b == b'?') {
        return Some(None);
    }
    match text.bytes().all(|b| b.is_ascii_digit()) {
        true => text.parse().ok().map(Some),
        false => None,
    }
}

fn days_in_month(year: i64, month: i64) -> i64 {
    match month {
        2 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `~` with either engine: what both match alike, and where they differ (the module docs).
    #[test]
    fn ok_regex_as_the_engine_documents() {
        let matches = |pattern: &str, value: &str| {
            let typed = super::super::parse::typed("White", Op::Match, pattern).expect("compiles");
            typed.test(Op::Match, value, pattern)
        };
        // Alike: literal non-ASCII text, ASCII classes, ASCII case folding, anchors.
        assert!(matches("Réti", "Réti, Richard"));
        assert!(matches("(?i)^reti", "RETI, Richard"));
        assert!(matches("^[A-Za-z]+, Richard$", "Reti, Richard"));
        assert!(!matches("^Richard", "Reti, Richard"));
        // Unicode-aware only with the regex crate.
        let unicode = cfg!(feature = "unicode-regex");
        assert_eq!(matches("^\\w+, Richard$", "Réti, Richard"), unicode);
        assert_eq!(matches("(?i)RÉTI", "Réti, Richard"), unicode);
        let greek = super::super::parse::typed("White", Op::Match, "\\p{Greek}");
        assert_eq!(greek.is_ok(), unicode);
    }

    #[test]
    fn ok_date_range() {
        let day = |y, m, d| days_from_civil(y, m, d);
        let cases = [
            ("2020", day(2020, 1, 1), day(2020, 12, 31)),
            ("2020.??.??", day(2020, 1, 1), day(2020, 12, 31)),
            ("2020.02", day(2020, 2, 1), day(2020, 2, 29)),
            ("2021-02-??", day(2021, 2, 1), day(2021, 2, 28)),
            ("2021/03/04", day(2021, 3, 4), day(2021, 3, 4)),
        ];
        for (text, first, last) in cases {
            assert_eq!(
                DateRange::parse(text),
                Some(DateRange { first, last }),
                "{text}"
            );
        }
    }

    #[test]
    fn err_date_range() {
        for text in [
            "",
            "????.??.??",
            "2020.??.01",
            "2020.13",
            "2021.02.29",
            "20",
            "2020.1.1",
        ] {
            assert_eq!(DateRange::parse(text), None, "{text}");
        }
    }

    #[test]
    fn ok_speed() {
        let tc = |base_seconds, increment_seconds| TimeControl {
            base_seconds,
            increment_seconds,
        };
        let cases = [
            (tc(15, 0), Speed::UltraBullet),
            (tc(60, 0), Speed::Bullet),
            (tc(120, 1), Speed::Bullet),
            (tc(180, 0), Speed::Blitz),
            (tc(300, 3), Speed::Blitz),
            (tc(600, 0), Speed::Rapid),
            (tc(900, 10), Speed::Rapid),
            (tc(1800, 0), Speed::Classical),
            (tc(86400, 0), Speed::Correspondence),
        ];
        for (tc, want) in cases {
            assert_eq!(Speed::of(tc), want, "{tc:?}");
        }
    }
}
