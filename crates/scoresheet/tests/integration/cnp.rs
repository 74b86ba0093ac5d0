//! The board-free SAN model against chess-notation-parser 0.2.3
//! (`tests/data/chess-notation-parser/cnp_test_vectors.tsv`) and the 30,474 legacy SAN strings
//! (`tests/data/san-strings/legacy_san_strings_with_symbols.txt`).
//!
//! OK rows parse leniently to the reference's components; ERR and PANIC rows are rejected by
//! the strict parser, and by the lenient one except for the listed forms it accepts on
//! purpose. Where we and the reference disagree, the lists below say why.

use scoresheet::san::{San, SanPlus, Suffix};
use scoresheet::{CastlingSide, File, Rank, Role, Square};

use crate::support::read;

/// OK rows that are not SAN: the reference accepted them, we reject them (both parsers).
const REFERENCE_WRONG_OK: &[(&str, &str)] = &[
    (
        "d4\0",
        "a NUL byte is not whitespace; the reference strips NULs, we do not",
    ),
    (
        "d4\0\0",
        "a NUL byte is not whitespace; the reference strips NULs, we do not",
    ),
    (
        "xe5",
        "a capture needs its origin: a pawn capture names its file (exd5)",
    ),
    ("3d4", "a pawn move never names its origin rank alone"),
];

/// ERR rows our lenient parser accepts on purpose (the SAN module docs list these forms).
/// The strict parser rejects all of them.
const LENIENT_ACCEPTS_ERR: &[(&str, &str)] = &[
    ("Pe4", "explicit pawn letter"),
    ("Pc2xd6", "explicit pawn letter and origin square"),
    ("e2-e4", "LAN separator"),
    ("d8Q", "promotion without '='"),
    ("d8=q", "lower-case promotion piece"),
    ("o-o", "lower-case castling"),
    ("o-o-o", "lower-case castling"),
    ("Nxe5 ", "surrounding whitespace"),
    (" Nxe5", "surrounding whitespace"),
    ("e4 ", "surrounding whitespace"),
];

/// ERR and PANIC rows that are valid SAN (the reference crate was wrong): none found.
const REFERENCE_WRONG_ERR: &[(&str, &str)] = &[];

/// A row of the vectors file: input, result, and the components of an OK row.
struct Row {
    input: String,
    result: String,
    fields: Vec<String>,
}

fn rows() -> Vec<Row> {
    read("chess-notation-parser/cnp_test_vectors.tsv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("source\t"))
        .map(|line| {
            let cols: Vec<&str> = line.split('\t').collect();
            Row {
                input: cols[1].replace("\\0", "\0"),
                result: cols[2].to_owned(),
                fields: cols[3..].iter().map(|s| (*s).to_owned()).collect(),
            }
        })
        .collect()
}

fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "Pawn",
        Role::Knight => "Knight",
        Role::Bishop => "Bishop",
        Role::Rook => "Rook",
        Role::Queen => "Queen",
        Role::King => "King",
    }
}

/// The reference's `src`: one square, the eight squares of a file or rank, or `-`.
fn sources(file: Option<File>, rank: Option<Rank>) -> String {
    let squares: Vec<String> = match (file, rank) {
        (Some(f), Some(r)) => vec![Square::new(f, r).to_string()],
        (Some(f), None) => Rank::ALL
            .iter()
            .map(|&r| Square::new(f, r).to_string())
            .collect(),
        (None, Some(r)) => File::ALL
            .iter()
            .map(|&f| Square::new(f, r).to_string())
            .collect(),
        (None, None) => vec!["-".to_owned()],
    };
    squares.join(",")
}

fn flags(plus: &SanPlus) -> String {
    let capture = matches!(plus.san, San::Normal { capture: true, .. });
    let mut out = Vec::new();
    match plus.suffix {
        Some(Suffix::Check) => out.push("CHECK"),
        Some(Suffix::Checkmate) => out.push("CHECKMATE"),
        None => {}
    }
    if capture {
        out.push("CAPTURE");
    }
    match out.is_empty() {
        true => "NONE".to_owned(),
        false => out.join("|"),
    }
}

/// The reference's columns `kind, who_or_castling_type, dst, src, promotion, flags, flags_u8,
/// display` for a parsed SAN (flags_u8 left out).
fn components(plus: &SanPlus) -> Vec<String> {
    let (kind, who, dst, src, promotion) = match plus.san {
        San::Castle(side) => {
            let who = if side == CastlingSide::KingSide {
                "Short"
            } else {
                "Long"
            };
            (
                "Castling",
                who.to_owned(),
                "-".to_owned(),
                "-".to_owned(),
                "-",
            )
        }
        San::Normal {
            role,
            file,
            rank,
            to,
            promotion,
            ..
        } => (
            "Move",
            role_name(role).to_owned(),
            to.to_string(),
            sources(file, rank),
            promotion.map_or("-", role_name),
        ),
        San::Null => ("Null", String::new(), String::new(), String::new(), "-"),
    };
    let display = SanPlus {
        annotation: None,
        ..*plus
    }
    .display_with_zeros()
    .to_string();
    let fields = [kind, &who, &dst, &src, promotion, &flags(plus), &display];
    fields.iter().map(|s| (*s).to_owned()).collect()
}

#[test]
fn ok_rows_parse_to_the_reference_components() {
    let mut checked = 0;
    let mut failures = Vec::new();
    for row in rows().iter().filter(|r| r.result == "OK") {
        let input = row.input.as_bytes();
        let parsed = SanPlus::from_ascii_lenient(input);
        if let Some((_, why)) = REFERENCE_WRONG_OK.iter().find(|(s, _)| *s == row.input) {
            assert!(parsed.is_err(), "{:?} accepted, but {why}", row.input);
            assert!(SanPlus::from_ascii(input).is_err(), "{:?}", row.input);
            continue;
        }
        let plus = match parsed {
            Ok(p) => p,
            Err(e) => {
                failures.push(format!("{:?}: {e}", row.input));
                continue;
            }
        };
        let mut expected = row.fields.clone();
        expected.remove(6); // flags_u8
        if components(&plus) != expected {
            failures.push(format!(
                "{:?}: {:?} != {:?}",
                row.input,
                components(&plus),
                expected
            ));
        }
        checked += 1;
    }
    assert!(failures.is_empty(), "{failures:#?}");
    assert_eq!(checked, 249);
}

#[test]
fn err_rows_are_rejected() {
    let mut checked = 0;
    let mut failures = Vec::new();
    for row in rows().iter().filter(|r| r.result != "OK") {
        let input = row.input.as_bytes();
        if REFERENCE_WRONG_ERR.iter().any(|(s, _)| *s == row.input) {
            SanPlus::from_ascii(input).unwrap_or_else(|e| panic!("{:?}: {e}", row.input));
            continue;
        }
        if SanPlus::from_ascii(input).is_ok() {
            failures.push(format!("strict accepts {:?}", row.input));
        }
        let lenient = SanPlus::from_ascii_lenient(input);
        let expected_ok = LENIENT_ACCEPTS_ERR.iter().any(|(s, _)| *s == row.input);
        if lenient.is_ok() != expected_ok {
            failures.push(format!("lenient {:?}: {:?}", row.input, lenient));
        }
        checked += 1;
    }
    assert!(failures.is_empty(), "{failures:#?}");
    // 123 ERR and PANIC rows in the vectors file.
    assert_eq!(checked, 123);
}

#[test]
fn ok_legacy_san_strings_round_trip() {
    let text = read("san-strings/legacy_san_strings_with_symbols.txt");
    let mut count = 0;
    for line in text.lines() {
        let plus = SanPlus::from_ascii(line.as_bytes()).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(plus.to_string(), line);
        count += 1;
    }
    assert_eq!(count, 30_474);
}
