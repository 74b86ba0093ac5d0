//! The SAN, UCI and FEN rows of the bad-input catalogue (`tests/data/bad_inputs_core.tsv`), and
//! our own rows for the notations of issue 13 (FIGURINE, SAN-<code> for localized SAN, ICCF,
//! SMITH, DESCRIPTIVE; their rationale column says "issue 13" or names the definition they test)
//! and of issue 27 (RECIRQ, ReCirq's quantum chess notation),
//! each checked against its `expected_lenient` and `expected_strict` column. Where a row
//! offers a choice ("or REJECT", "decide"), the first alternative is our policy; the SAN
//! module docs state it.

use scoresheet::descriptive::DescriptivePlus;
use scoresheet::fen::Fen;
use scoresheet::figurine::FigurineSan;
use scoresheet::iccf::IccfMove;
use scoresheet::localized::{Lang, LocalizedSan};
use scoresheet::quantum_recirq::RecirqMove;
use scoresheet::san::{San, SanPlus};
use scoresheet::smith::SmithMove;
use scoresheet::uci::UciMove;
use scoresheet::{CastlingMode, Move, Position};

use crate::support::read;

/// What a row expects: a move in UCI, a null move, a position, or a rejection.
#[derive(Debug, PartialEq)]
enum Outcome {
    Accept(Option<String>),
    Null,
    Reject,
}

fn expected(column: &str) -> Outcome {
    let mut words = column.split_whitespace();
    match words.next().map(|w| w.trim_end_matches([',', ';'])) {
        Some("ACCEPT") => Outcome::Accept(
            words
                .next()
                .filter(|w| UciMove::from_ascii(w.as_bytes()).is_ok())
                .map(str::to_owned),
        ),
        Some("same") => Outcome::Null,
        _ => Outcome::Reject,
    }
}

/// Decodes the catalogue's escapes: `\n \r \t \\`, `\xHH`, `\u{HHHH}`, `{{rep N|S}}`.
fn unescape(input: &str) -> Vec<u8> {
    let mut out = Vec::new();
    let mut rest = input;
    while !rest.is_empty() {
        if let Some(body) = rest.strip_prefix("{{rep ") {
            let end = body.find("}}").expect("closed rep");
            let (n, s) = body[..end].split_once('|').expect("rep N|S");
            out.extend(s.repeat(n.parse().expect("rep count")).bytes());
            rest = &body[end + 2..];
        } else if let Some(body) = rest.strip_prefix("\\u{") {
            let end = body.find('}').expect("closed \\u{");
            let c = char::from_u32(u32::from_str_radix(&body[..end], 16).expect("hex"))
                .expect("scalar");
            out.extend(c.to_string().bytes());
            rest = &body[end + 1..];
        } else if let Some(body) = rest.strip_prefix("\\x") {
            out.push(u8::from_str_radix(&body[..2], 16).expect("hex byte"));
            rest = &body[2..];
        } else if let Some(body) = rest.strip_prefix('\\') {
            let c = body.as_bytes()[0];
            out.push(match c {
                b'n' => b'\n',
                b'r' => b'\r',
                b't' => b'\t',
                other => other,
            });
            rest = &body[1..];
        } else {
            let c = rest.chars().next().expect("non-empty");
            out.extend(c.to_string().bytes());
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

fn context(ctx: &str) -> Position {
    match ctx {
        "startpos" | "-" => Position::new(),
        _ => match ctx.strip_prefix("960:") {
            Some(fen) => Position::from_fen(fen, CastlingMode::Chess960).expect("context fen"),
            None => Position::from_fen(ctx, CastlingMode::Standard).expect("context fen"),
        },
    }
}

fn uci_of(pos: &Position, mv: Move) -> Outcome {
    Outcome::Accept(Some(UciMove::from_move(pos, mv).to_string()))
}

fn san_lenient(input: &[u8], pos: &Position) -> Outcome {
    match SanPlus::from_ascii_lenient(input).map(|s| s.san) {
        Ok(San::Null) => Outcome::Null,
        Ok(san) => san
            .to_move(pos)
            .map_or(Outcome::Reject, |mv| uci_of(pos, mv)),
        Err(_) => Outcome::Reject,
    }
}

fn san_strict(input: &[u8], pos: &Position) -> Outcome {
    SanPlus::from_ascii(input)
        .ok()
        .and_then(|s| s.to_move_strict(pos).ok())
        .map_or(Outcome::Reject, |mv| uci_of(pos, mv))
}

fn uci_with(
    parsed: Result<UciMove, scoresheet::uci::ParseUciError>,
    pos: &Position,
    nulls: bool,
) -> Outcome {
    match parsed {
        Ok(UciMove::Null) if nulls => Outcome::Accept(None),
        Ok(uci) => uci
            .to_move(pos)
            .map_or(Outcome::Reject, |mv| uci_of(pos, mv)),
        Err(_) => Outcome::Reject,
    }
}

fn fen_with(input: &[u8], lenient: bool) -> Outcome {
    let text = String::from_utf8_lossy(input);
    let parsed = if lenient {
        Fen::from_ascii_lenient(input)
    } else {
        Fen::from_ascii(input)
    };
    let Ok(fen) = parsed else {
        return Outcome::Reject;
    };
    let mode = CastlingMode::detect(&fen.0);
    let pos = if lenient {
        Position::from_fen_lenient(&text, mode)
    } else {
        Position::from_fen(&text, mode)
    };
    pos.map_or(Outcome::Reject, |_| Outcome::Accept(None))
}

/// The lenient and strict outcome of a row of a notation added by issue 13.
fn new_notation(category: &str, input: &[u8], pos: &Position) -> (Outcome, Outcome) {
    let outcome = |mv: Option<Move>| mv.map_or(Outcome::Reject, |mv| uci_of(pos, mv));
    match category {
        "FIGURINE" => (
            outcome(
                FigurineSan::from_ascii_lenient(input)
                    .ok()
                    .and_then(|f| f.to_move(pos).ok()),
            ),
            outcome(
                FigurineSan::from_ascii(input)
                    .ok()
                    .and_then(|f| f.to_move_strict(pos).ok()),
            ),
        ),
        "ICCF" => (
            outcome(
                IccfMove::from_ascii_lenient(input)
                    .ok()
                    .and_then(|m| m.to_move(pos).ok()),
            ),
            outcome(
                IccfMove::from_ascii(input)
                    .ok()
                    .and_then(|m| m.to_move(pos).ok()),
            ),
        ),
        "SMITH" => (
            outcome(
                SmithMove::from_ascii_lenient(input)
                    .ok()
                    .and_then(|m| m.to_move(pos).ok()),
            ),
            outcome(
                SmithMove::from_ascii(input)
                    .ok()
                    .and_then(|m| m.to_move_strict(pos).ok()),
            ),
        ),
        "RECIRQ" => (
            outcome(
                RecirqMove::from_ascii_lenient(input)
                    .ok()
                    .and_then(|m| m.to_move(pos).ok()),
            ),
            outcome(
                RecirqMove::from_ascii(input)
                    .ok()
                    .and_then(|m| m.to_move_strict(pos).ok()),
            ),
        ),
        "DESCRIPTIVE" => (
            outcome(
                DescriptivePlus::from_ascii_lenient(input)
                    .ok()
                    .and_then(|m| m.to_move(pos).ok()),
            ),
            outcome(
                DescriptivePlus::from_ascii(input)
                    .ok()
                    .and_then(|m| m.to_move_strict(pos).ok()),
            ),
        ),
        other => {
            let code = other
                .strip_prefix("SAN-")
                .expect("a known category")
                .to_lowercase();
            let lang = Lang::from_code(&code).expect("a language of the table");
            (
                outcome(
                    LocalizedSan::from_ascii_lenient(lang, input)
                        .ok()
                        .and_then(|s| s.to_move(pos).ok()),
                ),
                outcome(
                    LocalizedSan::from_ascii(lang, input)
                        .ok()
                        .and_then(|s| s.to_move_strict(pos).ok()),
                ),
            )
        }
    }
}

/// Compares only what the row names: a UCI move when it gives one.
fn matches(got: &Outcome, want: &Outcome) -> bool {
    match (got, want) {
        (Outcome::Accept(_), Outcome::Accept(None)) => true,
        _ => got == want,
    }
}

/// Rows whose expectation we do not follow, and why.
const OVERRIDDEN: &[(&str, &str)] = &[(
    "FEN-014",
    "the board has no black king; FEN-008 rejects a missing king, and so do we (the FEN \
     syntax parses, the position is illegal)",
)];

#[test]
fn ok_rows_behave_as_documented() {
    let text = read("bad_inputs_core.tsv");
    let mut checked = 0;
    let mut failures = Vec::new();
    for line in text.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        let (id, category, input, ctx) = (cols[0], cols[1], unescape(cols[2]), cols[3]);
        let (lenient, strict) = (expected(cols[4]), expected(cols[5]));
        let (got_lenient, got_strict) = match category {
            "SAN" => (
                san_lenient(&input, &context(ctx)),
                san_strict(&input, &context(ctx)),
            ),
            "UCI" => {
                let pos = context(ctx);
                (
                    uci_with(UciMove::from_ascii_lenient(&input), &pos, true),
                    uci_with(UciMove::from_ascii(&input), &pos, false),
                )
            }
            "FEN" => (fen_with(&input, true), fen_with(&input, false)),
            other => new_notation(other, &input, &context(ctx)),
        };
        if let Some((_, why)) = OVERRIDDEN.iter().find(|(row, _)| *row == id) {
            assert_eq!(
                (&got_lenient, &got_strict),
                (&Outcome::Reject, &Outcome::Reject),
                "{id}: {why}"
            );
            checked += 1;
            continue;
        }
        if !matches(&got_lenient, &lenient) {
            failures.push(format!(
                "{id} lenient: got {got_lenient:?}, want {lenient:?}"
            ));
        }
        if !matches(&got_strict, &strict) {
            failures.push(format!("{id} strict: got {got_strict:?}, want {strict:?}"));
        }
        checked += 1;
    }
    assert_eq!(failures, Vec::<String>::new());
    assert_eq!(checked, 61 + 27 + 16 + 22);
}

/// A control byte stops every parser, strict and lenient, as an unexpected byte at its offset
/// (not as whatever the parser expected next), and the message shows it escaped.
#[test]
fn err_control_bytes_every_notation() {
    use scoresheet::eran::Eran;
    use scoresheet::lan::Lan;
    use scoresheet::quantum::QuantumMove;

    type Parse = fn(&[u8]) -> Result<(), (String, usize, String)>;
    fn of<T, K: std::fmt::Debug + std::fmt::Display>(
        r: Result<T, scoresheet::notation::ParseError<K>>,
    ) -> Result<(), (String, usize, String)> {
        r.map(|_| ())
            .map_err(|e| (format!("{:?}", e.kind()), e.offset(), e.to_string()))
    }
    let parsers: [(&str, Parse, &[u8], usize); 21] = [
        (
            "figurine",
            |b| of(FigurineSan::from_ascii(b)),
            "♘f3\0".as_bytes(),
            5,
        ),
        (
            "figurine",
            |b| of(FigurineSan::from_ascii_lenient(b)),
            " ♘\x01f3".as_bytes(),
            4,
        ),
        (
            "san-de",
            |b| {
                of(LocalizedSan::from_ascii(
                    Lang::from_code("de").expect("de"),
                    b,
                ))
            },
            b"Sf3\x7f",
            3,
        ),
        ("iccf", |b| of(IccfMove::from_ascii(b)), b"52\x0154", 2),
        (
            "descriptive",
            |b| of(DescriptivePlus::from_ascii(b)),
            b"P-K\x014",
            3,
        ),
        (
            "descriptive",
            |b| of(DescriptivePlus::from_ascii_lenient(b)),
            b" Kt - KB3\x7f",
            9,
        ),
        (
            "smith",
            |b| of(SmithMove::from_ascii_lenient(b)),
            b" e2e4\x02",
            5,
        ),
        ("san", |b| of(SanPlus::from_ascii(b)), b"e4\0", 2),
        ("san", |b| of(SanPlus::from_ascii_lenient(b)), b"e4\0\n", 2),
        ("san", |b| of(SanPlus::from_ascii_lenient(b)), b"N\x01f3", 1),
        ("lan", |b| of(Lan::from_ascii(b)), b"e2-e4\x7f", 5),
        ("lan", |b| of(Lan::from_ascii_lenient(b)), b"e2\x1b-e4", 2),
        ("uci", |b| of(UciMove::from_ascii(b)), b"e2e4\0", 4),
        ("uci", |b| of(UciMove::from_ascii_lenient(b)), b"e2\0e4 ", 2),
        ("eran", |b| of(Eran::from_ascii(b)), b"Pawn a2-a3\0", 10),
        ("eran", |b| of(Eran::from_ascii(b)), b"\0Pawn a2-a3", 0),
        (
            "quantum",
            |b| of(QuantumMove::from_ascii(b)),
            b"b1^a3\0c3",
            5,
        ),
        (
            "quantum",
            |b| of(QuantumMove::from_ascii_lenient(b)),
            b" b1a3\x02",
            5,
        ),
        (
            "quantum-recirq",
            |b| of(RecirqMove::from_ascii(b)),
            b"b1^a3c3:SPLIT\0JUMP:BASIC",
            13,
        ),
        (
            "quantum-recirq",
            |b| of(RecirqMove::from_ascii_lenient(b)),
            b" b1\x7fa3",
            3,
        ),
        ("san", |b| of(San::from_ascii(b)), b"\0", 0),
    ];
    for (notation, parse, input, offset) in parsers {
        let (kind, at, message) = parse(input).expect_err("control byte refused");
        let byte = input[offset];
        assert_eq!(
            kind,
            format!("UnexpectedByte({byte})"),
            "{notation} {input:?}"
        );
        assert_eq!(at, offset, "{notation} {input:?}");
        assert!(
            message.starts_with(&format!(
                "invalid {notation} at byte {offset}: unexpected byte \\"
            )),
            "{message}"
        );
        assert!(
            !message.bytes().any(|b| b.is_ascii_control()),
            "{message:?}"
        );
    }
    let fen = Fen::from_ascii(b"8/8/8/8/8/8/8/4K2k w - - 0 1\0").expect_err("control byte");
    assert_eq!(
        (fen.kind(), fen.offset()),
        (scoresheet::fen::ParseFenErrorKind::UnexpectedByte(0), 28)
    );
    assert_eq!(
        fen.to_string(),
        "invalid fen at byte 28: unexpected byte \\0"
    );
    // A control byte after an earlier error does not hide it.
    let earlier = SanPlus::from_ascii(b"e9\0").expect_err("bad square");
    assert_eq!(
        (earlier.kind(), earlier.offset()),
        (&scoresheet::san::ParseSanErrorKind::Square, 1)
    );
}
