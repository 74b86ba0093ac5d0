//! Quantum chess notation against every example string of the notation docs
//! (`tests/data/quantum/qc_notation_vectors.tsv`), the square part of ReCirq's move strings
//! (`recirq_move_strings.tsv`), and the QUANTUM rows of the bad-input catalogue.

use scoresheet::quantum::{QuantumKind, QuantumMove, Variant};
use scoresheet::uci::UciMove;
use scoresheet::{CastlingMode, Position};

use crate::support::read;

fn rows(name: &str, header: &str) -> Vec<Vec<String>> {
    read(name)
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with(header))
        .map(|line| {
            let mut cols: Vec<String> = line.split('\t').map(str::to_owned).collect();
            cols.resize(12, String::new());
            cols
        })
        .collect()
}

fn join<T: ToString>(items: impl IntoIterator<Item = T>) -> String {
    items
        .into_iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// The vectors' `variant` column: one name, or per target when they differ.
fn variant_column(q: &QuantumMove) -> String {
    let targets = q.targets();
    match targets {
        [] => String::new(),
        [first, rest @ ..] if rest.iter().all(|t| t.variant == first.variant) => {
            first.variant.name().to_owned()
        }
        _ => {
            let each: Vec<String> = targets
                .iter()
                .map(|t| format!("{}={}", t.square, t.variant.name()))
                .collect();
            format!("per-target: {}", each.join(", "))
        }
    }
}

/// The columns `move_kind piece_prefix sources targets variant measured measurement_outcome
/// promotion`.
fn components(q: &QuantumMove) -> Vec<String> {
    vec![
        q.kind.name().to_owned(),
        q.piece.map(|p| p.to_string()).unwrap_or_default(),
        join(q.sources()),
        join(q.targets().iter().map(|t| t.square)),
        variant_column(q),
        if q.measurement.is_some() { "yes" } else { "no" }.to_owned(),
        q.measurement.map(|m| m.to_string()).unwrap_or_default(),
        q.promotion
            .map(|r| r.char().to_string())
            .unwrap_or_default(),
    ]
}

#[test]
fn ok_notation_doc_vectors() {
    let mut count = 0;
    for cols in rows("quantum/qc_notation_vectors.tsv", "source\t") {
        let input = &cols[1];
        let q =
            QuantumMove::from_ascii(input.as_bytes()).unwrap_or_else(|e| panic!("{input}: {e}"));
        assert_eq!(components(&q), cols[3..11], "{input}");
        assert_eq!(q.to_string(), *input, "canonical form");
        count += 1;
    }
    assert_eq!(count, 19);
}

/// ReCirq's strings: the part before `:TYPE:VARIANT` is quantum notation (except the legacy
/// split spelling without `^`, which ReCirq rejects too). Checks squares, promotion and
/// measurement.
#[test]
fn ok_recirq_square_part() {
    let mut count = 0;
    for cols in rows("quantum/recirq_move_strings.tsv", "source\t") {
        let text = cols[1].rsplit("-> ").next().unwrap_or(&cols[1]);
        let squares = text.split(':').next().unwrap_or(text);
        let parsed = QuantumMove::from_ascii(squares.as_bytes());
        if squares == "g1f3h3" {
            assert!(parsed.is_err(), "legacy split spelling");
            continue;
        }
        let q = parsed.unwrap_or_else(|e| panic!("{squares}: {e}"));
        let (s1, t1, s2, t2) = match q.kind {
            QuantumKind::Standard { from, to } => {
                (from, to.square.to_string(), String::new(), String::new())
            }
            QuantumKind::Split { from, to: [a, b] } => (
                from,
                a.square.to_string(),
                String::new(),
                b.square.to_string(),
            ),
            QuantumKind::Merge { from: [a, b], to } => {
                (a, to.square.to_string(), b.to_string(), String::new())
            }
            QuantumKind::Null => panic!("{squares}: no null moves in ReCirq"),
        };
        assert_eq!([s1.to_string(), t1, s2, t2], cols[2..6], "{squares}");
        assert!(q.targets().iter().all(|t| t.variant == Variant::Basic));
        let promotion = q
            .promotion
            .map(|r| r.char().to_string())
            .unwrap_or_default();
        assert_eq!(
            promotion,
            cols[8]
                .chars()
                .next()
                .map(|c| c.to_ascii_lowercase().to_string())
                .unwrap_or_default()
        );
        assert_eq!(
            q.measurement.map(|m| m.to_string()).unwrap_or_default(),
            cols[9],
            "{squares}"
        );
        count += 1;
    }
    assert_eq!(count, 23);
}

/// The QUANTUM rows of `bad_inputs.tsv`. Where a row and the issue disagree, the issue wins:
/// measurements on any move, the per-target variant form and promotions are accepted.
#[test]
fn ok_bad_input_rows() {
    let castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    // (id, input, position or "-", expected: "uci move", "parse" (parses, no classical
    // check), or "reject")
    let rows = [
        ("QUANTUM-001", "a2a4", "startpos", "a2a4"),
        ("QUANTUM-002", "Pa2a4", "startpos", "a2a4"),
        ("QUANTUM-004", "b1^a3c3", "startpos", "parse"),
        ("QUANTUM-005", "a3c3^b5", "-", "parse"),
        ("QUANTUM-007", "b1wc3", "-", "parse"),
        ("QUANTUM-008", "b1wc3.m0", "-", "parse"),
        ("QUANTUM-010", "b1wc3.m", "-", "reject"),
        ("QUANTUM-011", "b1wc3.m99999999999999999999", "-", "reject"),
        // The issue: a measurement may follow any move.
        ("QUANTUM-013", "a2a4.m0", "startpos", "a2a4"),
        ("QUANTUM-014", "b1^a3a3", "startpos", "reject"),
        ("QUANTUM-016", "b1^a3c3d5", "startpos", "reject"),
        ("QUANTUM-017", "a3a3^b5", "-", "reject"),
        // The issue: the per-target variant form is accepted.
        ("QUANTUM-019", "b1^xa3wc3", "startpos", "parse"),
        ("QUANTUM-020", "Pa2^a3a4", "startpos", "reject"),
        ("QUANTUM-022", "e1g1", castle, "e1g1"),
        // The issue: promotions are accepted, UCI style.
        ("QUANTUM-023", "a7a8q", "-", "parse"),
    ];
    for (id, input, fen, expected) in rows {
        let parsed = QuantumMove::from_ascii(input.as_bytes());
        match expected {
            "reject" => assert!(parsed.is_err(), "{id}"),
            "parse" => assert!(parsed.is_ok(), "{id}: {parsed:?}"),
            uci => {
                let pos = match fen {
                    "startpos" => Position::new(),
                    fen => Position::from_fen(fen, CastlingMode::Standard).expect("row fen"),
                };
                let mv = parsed.expect("parses").to_move(&pos).expect("legal");
                assert_eq!(UciMove::from_move(&pos, mv).to_string(), uci, "{id}");
            }
        }
    }
}
