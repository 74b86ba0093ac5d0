//! ERAN against the reference engine's vectors (`tests/data/eran/`) and the ERAN rows of the
//! bad-input catalogue. Where the reference parser and the grammar disagree, the grammar wins
//! (see the `eran` module docs).

use scoresheet::eran::{Eran, EranForm, EranPrinter};
use scoresheet::uci::UciMove;
use scoresheet::MoveErrorKind;
use scoresheet::{CastlingMode, CastlingSide, Position, Role};

use crate::support::read;

/// The rows of a vectors file: tab-separated columns, comments and the header skipped, `\t`
/// and `\n` in the input column decoded.
fn rows(name: &str, header: &str) -> Vec<Vec<String>> {
    read(name)
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with(header))
        .map(|line| {
            let mut cols: Vec<String> = line.split('\t').map(str::to_owned).collect();
            cols.resize(10, String::new());
            cols
        })
        .collect()
}

fn unescape(input: &str) -> String {
    input.replace("\\t", "\t").replace("\\n", "\n")
}

fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}

/// The reference's columns `kind piece from to capture promotion`.
fn components(eran: &Eran) -> [String; 6] {
    let special = |kind: &str| [kind, "", "", "", "", ""].map(str::to_owned);
    match *eran {
        Eran::Castle(CastlingSide::KingSide) => special("castling_kingside"),
        Eran::Castle(CastlingSide::QueenSide) => special("castling_queenside"),
        Eran::EnPassant => special("en_passant"),
        Eran::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } => [
            "move_piece".to_owned(),
            role_name(role).to_owned(),
            from.to_string(),
            to.to_string(),
            capture.to_string(),
            promotion.map_or("", role_name).to_owned(),
        ],
    }
}

#[test]
fn ok_parser_spec_vectors() {
    let mut count = 0;
    for cols in rows("eran/eran_parser_spec_vectors.tsv", "spec_example\t") {
        let input = unescape(&cols[1]);
        let parsed = Eran::from_ascii(input.as_bytes());
        match cols[2].as_str() {
            "NIL" => assert!(parsed.is_err(), "{input:?}"),
            "OK(any non-nil)" => assert!(parsed.is_ok(), "{input:?}: {parsed:?}"),
            _ => {
                let eran = parsed.unwrap_or_else(|e| panic!("{input:?}: {e}"));
                let expected = &cols[3..9];
                assert_eq!(components(&eran)[..], *expected, "{input:?}");
            }
        }
        count += 1;
    }
    assert_eq!(count, 54);
}

/// Probe rows where our verdict differs from the grammar's (`ebnf_accepts`), and why.
const PROBES_NOT_AS_EBNF: &[(&str, &str)] = &[
    ("  Pawn   e2-e4  ", "surrounding whitespace is trimmed"),
    ("  Knight   b1-c3 ", "surrounding whitespace is trimmed"),
    ("  P   g7-g8   >Q   ", "surrounding whitespace is trimmed"),
    ("  ep   ", "surrounding whitespace is trimmed"),
    (
        "   castling-kingside   ",
        "surrounding whitespace is trimmed",
    ),
    ("P e2-e4\n", "surrounding whitespace is trimmed"),
    ("P e2-e4\n\n", "surrounding whitespace is trimmed"),
    ("\nP e2-e4", "surrounding whitespace is trimmed"),
];

/// Probe rows the reference parser accepts and the grammar (and we) reject.
const REFERENCE_NOT_AS_EBNF: &[(&str, &str)] = &[(
    "P\ne2-e4",
    "the grammar's separator is spaces and tabs, not a line break",
)];

#[test]
fn ok_probes_follow_the_grammar() {
    let mut count = 0;
    for cols in rows("eran/eran_parser_probe_results.tsv", "input\t") {
        let input = unescape(&cols[0]);
        let parsed = Eran::from_ascii(input.as_bytes());
        let differs = PROBES_NOT_AS_EBNF.iter().any(|(s, _)| *s == input);
        assert_eq!(
            parsed.is_ok(),
            (cols[8] == "yes") != differs,
            "{input:?}: {parsed:?}"
        );
        let reference_ok = cols[1] == "OK";
        let reference_wrong = REFERENCE_NOT_AS_EBNF.iter().any(|(s, _)| *s == input);
        assert_eq!(parsed.is_ok(), reference_ok != reference_wrong, "{input:?}");
        if let Ok(eran) = parsed {
            assert_eq!(components(&eran)[..], cols[2..8], "{input:?}");
            let printed = eran.to_string();
            assert_eq!(Eran::from_ascii(printed.as_bytes()), Ok(eran), "{printed}");
        }
        count += 1;
    }
    assert_eq!(count, 128);
}

/// The ERAN of a formatter-spec event, or `None` for the events our types cannot express
/// (missing or invalid pieces and squares: the reference formatter returns nil for them).
fn event(text: &str) -> Option<Eran> {
    if text.starts_with("EnPassantEvent") {
        return Some(Eran::EnPassant);
    }
    if let Some(rest) = text.strip_prefix("CastlingEvent") {
        let side = match rest.contains("kingside") {
            true => CastlingSide::KingSide,
            false => CastlingSide::QueenSide,
        };
        return Some(Eran::Castle(side));
    }
    let body = text.strip_prefix("MovePieceEvent[Piece[")?;
    let (piece, rest) = body.split_once("], ")?;
    let role = Role::ALL
        .into_iter()
        .find(|r| piece.ends_with(role_name(*r)))?;
    let (from, rest) = rest.split_once(", ")?;
    let (to, rest) = rest.split_once(']')?;
    let promotion = match rest.split_once(".promote(:") {
        Some((_, p)) => Some(
            Role::ALL
                .into_iter()
                .find(|r| p.starts_with(role_name(*r)))?,
        ),
        None => None,
    };
    Some(Eran::Normal {
        role,
        from: from.parse().ok()?,
        capture: rest.contains(".capture("),
        to: to.parse().ok()?,
        promotion,
    })
}

#[test]
fn ok_formatter_spec_vectors() {
    let mut count = 0;
    for cols in rows("eran/eran_formatter_spec_vectors.tsv", "formatter\t") {
        let form = match cols[0].as_str() {
            "ERANLongFormatter" => EranForm::Verbose,
            _ => EranForm::Short,
        };
        match (event(&cols[2]), cols[3].as_str()) {
            (None, "nil") => {}
            (Some(eran), expected) => {
                let printed = EranPrinter::new().form(form).display(&eran).to_string();
                assert_eq!(printed, expected, "{}", cols[2]);
                count += 1;
            }
            (None, expected) => panic!("{}: expected {expected}", cols[2]),
        }
    }
    assert_eq!(count, 15);
}

/// What a bad-input row expects of us.
#[derive(Debug)]
enum Expect {
    /// Parses and resolves to this UCI move.
    Move(&'static str),
    /// Parses, but is not a legal move here.
    NotLegal,
    /// Does not parse.
    Syntax,
}

/// The ERAN rows of `bad_inputs.tsv`, with our decision where the row leaves one open.
#[test]
fn ok_bad_input_rows() {
    use Expect::*;
    let castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let rooks = "r3k3/8/8/8/8/8/8/R3K3 w - - 0 1";
    let promo = "k7/6P1/8/8/8/8/8/4K3 w - - 0 1";
    let ep = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
    let long = "Pawn ".repeat(1_000_000) + "e2-e4";
    let rows: &[(&str, &str, &str, Expect)] = &[
        ("ERAN-001", "Pawn e2-e4", "startpos", Move("e2e4")),
        ("ERAN-002", "P e2-e4", "startpos", Move("e2e4")),
        ("ERAN-004", "N b1-c3", "startpos", Move("b1c3")),
        ("ERAN-005", "Knight b1-c3", "startpos", Move("b1c3")),
        ("ERAN-007", "R a1xa8", rooks, Move("a1a8")),
        ("ERAN-008", "R a1xa8", "startpos", NotLegal),
        ("ERAN-010", "N a1xa8", rooks, NotLegal),
        ("ERAN-011", "Pawn e2-e9", "startpos", Syntax),
        // Decided: the grammar has no spaces inside the movement.
        ("ERAN-013", "Pawn  e2 - e4", "startpos", Syntax),
        // Decided: no dash normalisation, ERAN accepts exactly its grammar.
        ("ERAN-014", "Pawn e2\u{2013}e4", "startpos", Syntax),
        ("ERAN-016", "P g7-g8 >Q", promo, Move("g7g8q")),
        // The grammar requires a space or tab before the promotion.
        ("ERAN-017", "P g7-g8->q", promo, Syntax),
        ("ERAN-019", "P g7-g8", promo, NotLegal),
        ("ERAN-020", "N b1-c3 >Q", "startpos", NotLegal),
        ("ERAN-022", "cq", castle, Move("e1c1")),
        ("ERAN-023", "CASTLING-KINGSIDE", castle, Move("e1g1")),
        ("ERAN-025", "CASTL\u{130}NG-KINGSIDE", castle, Syntax),
        ("ERAN-026", "castling kingside", castle, Syntax),
        // The grammar has no en-passant marker after a regular move: `ep` or the capture.
        ("ERAN-028", "P e5xf6 en-passant", ep, Syntax),
        ("ERAN-029", "P e5xf6", ep, Move("e5f6")),
        (
            "ERAN-031",
            "ep",
            "4k3/8/8/3PpP2/8/8/8/4K3 w - e6 0 1",
            NotLegal,
        ),
        ("ERAN-032", "ep", "startpos", NotLegal),
        ("ERAN-034", "Pawn e2-e4\0", "startpos", Syntax),
        ("ERAN-035", &long, "startpos", Syntax),
    ];
    for (id, input, fen, expect) in rows {
        let pos = match *fen {
            "startpos" => Position::new(),
            fen => Position::from_fen(fen, CastlingMode::Standard).expect("row fen is legal"),
        };
        let got = Eran::from_ascii(input.as_bytes()).map(|e| e.to_move(&pos));
        match (expect, got) {
            (Move(uci), Ok(Ok(mv))) => assert_eq!(UciMove::from_move(&pos, mv).to_string(), *uci),
            (NotLegal, Ok(Err(_))) | (Syntax, Err(_)) => {}
            (expect, got) => panic!("{id}: expected {expect:?}, got {got:?}"),
        }
    }
    let ambiguous =
        Position::from_fen("4k3/8/8/3PpP2/8/8/8/4K3 w - e6 0 1", CastlingMode::Standard)
            .expect("legal fen");
    let err = Eran::EnPassant
        .to_move(&ambiguous)
        .expect_err("two en-passant captures");
    assert!(matches!(err.kind(), MoveErrorKind::Ambiguous(m) if m.len() == 2));
    assert_eq!(
        err.to_string(),
        "eran: ambiguous move 'en-passant' in 4k3/8/8/3PpP2/8/8/8/4K3 w - e6 0 1: 2 legal moves match"
    );
}
