//! Every PGN row of `tests/data/bad_inputs_pgn.tsv` (copied from the shared adversarial input
//! table) behaves as its `expected_lenient` column says, as far as a tokenizer can tell. Rows
//! that need chess knowledge are listed in `SEMANTIC` with the reason; they still run and their
//! tokens are checked.

use std::fs;

use scoresheet_pgn::{OddityKind as K, Outcome, ReadErrorKind, ReadOptions};

use crate::common::{data_dir, read, read_with, Game};

/// Decodes the escapes of the `input` column: `\n \r \t \\`, `\xHH` (one byte),
/// `\u{HHHH}` (UTF-8) and `{{rep N|S}}`.
fn unescape(input: &str) -> Vec<u8> {
    let mut out = Vec::new();
    let mut rest = input;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("{{rep ") {
            let end = after.find("}}").expect("closed rep");
            let (count, text) = after[..end].split_once('|').expect("rep N|S");
            let unit = unescape(text);
            for _ in 0..count.parse::<usize>().expect("rep count") {
                out.extend_from_slice(&unit);
            }
            rest = &after[end + 2..];
        } else if let Some(after) = rest.strip_prefix('\\') {
            rest = unescape_one(after, &mut out);
        } else {
            let c = rest.chars().next().expect("non-empty");
            out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

fn unescape_one<'a>(after: &'a str, out: &mut Vec<u8>) -> &'a str {
    let simple = |b: u8| (b, 1);
    let (byte, used) = match after.as_bytes()[0] {
        b'n' => simple(b'\n'),
        b'r' => simple(b'\r'),
        b't' => simple(b'\t'),
        b'\\' => simple(b'\\'),
        b'x' => (u8::from_str_radix(&after[1..3], 16).expect("hex byte"), 3),
        b'u' => {
            let end = after.find('}').expect("closed \\u{");
            let scalar = u32::from_str_radix(&after[2..end], 16).expect("hex scalar");
            let c = char::from_u32(scalar).expect("scalar value");
            out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
            return &after[end + 1..];
        }
        other => panic!("unknown escape \\{}", other as char),
    };
    out.push(byte);
    &after[used..]
}

/// Rows whose `expected_lenient` needs move validation, tag semantics or a CLI option: the
/// reader's part (tokens and oddities) is checked in `check`, the rest by the EGD layer in
/// `egd_bad_inputs.rs`.
const SEMANTIC: [(&str, &str); 18] = [
    (
        "PGN-020",
        "duplicate tag warning: tag semantics, EGD layer (reader keeps both)",
    ),
    (
        "PGN-023",
        "case-insensitive known tag names: tag semantics, EGD layer",
    ),
    (
        "PGN-026",
        "result tag vs marker disagreement: EGD layer (reader reports both)",
    ),
    (
        "PGN-032",
        "move number mismatch: needs the position, EGD layer",
    ),
    (
        "PGN-041",
        "illegal 'Qa1' at ply 2: needs move validation, EGD layer",
    ),
    (
        "PGN-043",
        "null moves only with --allow-null-moves: EGD/CLI layer",
    ),
    ("PGN-044", "SetUp without FEN: tag semantics, EGD layer"),
    (
        "PGN-046",
        "invalid FEN tag: needs FEN validation, EGD layer",
    ),
    (
        "PGN-047",
        "FEN without kings: needs FEN validation, EGD layer",
    ),
    (
        "PGN-049",
        "Chess960 castling rights: needs move validation, EGD layer",
    ),
    ("PGN-050", "unsupported variant: tag semantics, EGD layer"),
    (
        "PGN-058",
        "structured clk/eval fields: comment semantics, EGD layer (raw kept here)",
    ),
    (
        "PGN-061",
        "forum markup rejection: EGD layer decides from the oddities reported here",
    ),
    (
        "PGN-062",
        "'Pf3' rejection: needs move validation, EGD layer",
    ),
    (
        "PGN-064",
        "figurines: SAN parsing, EGD layer (token kept whole here)",
    ),
    (
        "PGN-065",
        "LAN moves: needs move validation, EGD layer (tokens kept here)",
    ),
    (
        "PGN-067",
        "'e.p.' after an en passant capture: needs move validation, EGD layer",
    ),
    (
        "PGN-068",
        "wrong check suffixes: needs move validation, EGD layer",
    ),
];

fn one(input: &[u8]) -> Game {
    let mut games = read(input);
    assert_eq!(games.len(), 1, "one game expected");
    games.remove(0).expect("no read error")
}

fn summaries(input: &[u8]) -> Vec<String> {
    read(input)
        .into_iter()
        .map(|g| g.expect("no read error").summary())
        .collect()
}

/// Checks one row; returns false for an id it does not know.
fn check(id: &str, input: &[u8]) -> bool {
    check_structure(id, input)
        || check_tags(id, input)
        || check_movetext(id, input)
        || check_semantic_tokens(id, input)
}

fn check_structure(id: &str, input: &[u8]) -> bool {
    match id {
        "PGN-001" => assert!(read(input).is_empty()),
        "PGN-002" => assert_eq!(summaries(input), ["tags=1 [e4 e5] *"]),
        "PGN-004" => {
            let games = read(input);
            let err = games[0].as_ref().expect_err("utf-16 refused");
            assert!(matches!(err.kind(), ReadErrorKind::Utf16));
            assert!(err.to_string().contains("UTF-16"));
            assert_eq!(games.len(), 1);
        }
        "PGN-005" => assert_eq!(summaries(input), ["tags=1 [e4 e5 Nf3] *"]),
        "PGN-007" => assert_eq!(summaries(input), ["tags=0 [e4 c6 d4 d5] *"]),
        "PGN-008" => {
            let game = one(input);
            assert_eq!(game.summary(), "tags=1 [e4 e5 Nf3] *");
            assert_eq!(game.count(K::EscapedLine), 2);
        }
        "PGN-025" | "PGN-077" => {
            let game = one(input);
            let want = if id == "PGN-025" {
                "tags=1 [e4 e5] none"
            } else {
                "tags=1 [e4 e5 Nf] none"
            };
            assert_eq!(game.summary(), want);
            assert_eq!(game.count(K::MissingResult), 1);
        }
        "PGN-035" => {
            let games = read(input);
            let err = games[0].as_ref().expect_err("too deep");
            assert!(matches!(
                err.kind(),
                ReadErrorKind::VariationTooDeep { limit: 256 }
            ));
            assert_eq!(games.len(), 1, "the rest of the game is skipped");
        }
        "PGN-052" => {
            let game = one(input);
            assert_eq!(game.summary(), "tags=3 [e4] *");
            assert_eq!(game.count(K::BlankLineInTags), 1);
        }
        "PGN-053" => assert_eq!(summaries(input), ["tags=1 [e4] *", "tags=1 [e4] 0-1"]),
        "PGN-055" => assert_eq!(summaries(input), ["tags=0 [e4 c5 Nf3 Nc6] *"]),
        "PGN-076" => {
            let game = one(input);
            assert_eq!(game.summary(), "tags=0 [e4 e5] *");
            assert_eq!(game.comments[0].len(), 50_000_000);
            let small = read_with(input, ReadOptions::new().max_game_bytes(1 << 20));
            let err = small[0].as_ref().expect_err("over the cap");
            assert!(matches!(
                err.kind(),
                ReadErrorKind::GameTooLarge { limit: 1_048_576 }
            ));
        }
        _ => return false,
    }
    true
}

fn check_tags(id: &str, input: &[u8]) -> bool {
    let game = || one(input);
    match id {
        "PGN-013" => {
            let game = game();
            assert_eq!(game.summary(), "tags=2 [d4 a6] *");
            assert_eq!(
                (game.tag("Event"), game.tag("Site")),
                (Some("NII - Lille"), Some("Lille"))
            );
            assert_eq!(game.count(K::UnterminatedTagValue), 1);
        }
        "PGN-014" => assert_eq!(game().tag("White"), Some(r#"hello" \ world"#)),
        "PGN-016" => {
            assert_eq!(
                game().tag("Black"),
                Some(r#"Schwarzenegger, Arnold "The Terminator""#)
            )
        }
        "PGN-017" => {
            let game = game();
            assert_eq!(
                game.tag("Event"),
                Some(r#"5th "Mikis Theodorakis" International"#)
            );
            assert_eq!(
                (game.summary().as_str(), game.count(K::UnescapedQuoteInTag)),
                ("tags=1 [e4] *", 1)
            );
        }
        "PGN-019" => {
            let game = game();
            assert_eq!(
                (game.tag("BlackType:"), game.tag("123")),
                (Some("program"), Some("x"))
            );
            assert_eq!(game.count(K::NonstandardTagName), 2);
        }
        "PGN-022" => {
            let game = game();
            assert_eq!(
                (game.tag("Event"), game.tag("Site")),
                (Some("x"), Some("y"))
            );
            assert_eq!(
                (game.summary().as_str(), game.count(K::TagSpacing)),
                ("tags=2 [e4] *", 2)
            );
        }
        "PGN-071" => assert_eq!(game().tag("White"), Some("Robert'); DROP TABLE games;--")),
        "PGN-073" => assert_eq!(game().tag("White"), Some("A\u{1}\u{1b}B\u{2028}")),
        "PGN-074" => assert_eq!(game().tag("White"), Some("Müller")),
        "PGN-028" => {
            let game = game();
            assert_eq!(
                (game.tag("Result"), game.outcome),
                (Some("½-½"), Some(Some(Outcome::Draw)))
            );
            assert_eq!(game.count(K::NonstandardResult), 1);
        }
        "PGN-029" => {
            let game = game();
            assert_eq!(game.summary(), "tags=1 [] 1-0");
            assert_eq!(game.count(K::NonstandardResult), 1);
        }
        _ => return false,
    }
    true
}

fn check_movetext(id: &str, input: &[u8]) -> bool {
    const IDS: [&str; 10] = [
        "PGN-010", "PGN-011", "PGN-031", "PGN-034", "PGN-037", "PGN-038", "PGN-040", "PGN-056",
        "PGN-059", "PGN-070",
    ];
    if !IDS.contains(&id) {
        return false;
    }
    let game = one(input);
    let summary = game.summary();
    match id {
        "PGN-010" => {
            assert_eq!(summary, "tags=0 [e4 e5] *");
            assert_eq!(game.comments, [r#" ; ( [ " 1-0 "#]);
        }
        "PGN-011" => {
            assert_eq!(summary, "tags=0 [e4 e5] *");
            assert_eq!(
                (
                    game.count(K::NestedComment),
                    game.count(K::JunkAfterNestedComment)
                ),
                (1, 1)
            );
        }
        "PGN-031" => {
            assert_eq!(summary, "tags=0 [e4 e5 Nf3 Nc6 Bb5] *");
            assert_eq!(game.count(K::MoveNumberForm), 3);
        }
        "PGN-034" => {
            assert_eq!(summary, "tags=0 [e4 e5 Nf3 Nc6 Bb5 a6] *");
            assert_eq!(
                (game.nags.as_slice(), game.count(K::UnicodeGlyph)),
                (&[3, 4, 5, 6, 7, 15][..], 2)
            );
        }
        "PGN-037" => {
            assert_eq!(
                (summary.as_str(), game.variation_moves.as_slice()),
                ("tags=0 [e4] *", &["d4".to_string()][..])
            );
            assert_eq!(
                (game.count(K::UnmatchedCloseParen), game.nags.as_slice()),
                (2, &[5][..])
            );
        }
        "PGN-038" => {
            assert_eq!(
                (summary.as_str(), game.variation_moves.as_slice()),
                ("tags=0 [c4] *", &[][..])
            );
            assert_eq!(game.count(K::VariationBeforeFirstMove), 3);
            assert_eq!(game.count(K::UnclosedVariation), 0);
        }
        "PGN-040" => {
            assert_eq!((summary.as_str(), game.variations), ("tags=0 [e4 e5] *", 0));
            assert_eq!(game.count(K::EmptyVariation), 1);
        }
        "PGN-056" => assert_eq!(
            (summary.as_str(), game.comments.as_slice()),
            ("tags=0 [e4 e5 Nf3] *", &["comment".to_string()][..])
        ),
        "PGN-059" => assert_eq!(
            (summary.as_str(), game.count(K::NonAsciiWhitespace)),
            ("tags=0 [e4 e5] *", 2)
        ),
        "PGN-070" => assert_eq!(
            (summary.as_str(), game.count(K::AfterResult)),
            ("tags=0 [e4 e5] 1/2-1/2", 1)
        ),
        _ => return false,
    }
    true
}

/// The reader's part of the rows in `SEMANTIC`.
fn check_semantic_tokens(id: &str, input: &[u8]) -> bool {
    let want: &[&str] = match id {
        "PGN-020" => &["tags=2 [e4] *"],
        "PGN-023" => &["tags=1 [O-O] *"],
        "PGN-026" => &["tags=1 [e4] 0-1"],
        "PGN-032" => &["tags=0 [e4 e5] *"],
        "PGN-041" => &["tags=0 [e4 Qa1 e5 Qxf8] none", "tags=0 [a3] none"],
        "PGN-043" => &["tags=0 [e4 -- d4 Z0 c4] *"],
        "PGN-044" => &["tags=1 [e4] *"],
        "PGN-046" => &["tags=2 [Rd8#] 1-0"],
        "PGN-047" => &["tags=1 [e4] *"],
        "PGN-049" => &["tags=2 [g3] *"],
        "PGN-050" => &["tags=1 [e4 d5 exd5 Qxd5 N@f3] *"],
        "PGN-058" => &["tags=0 [e4 e5] *"],
        "PGN-061" => &["tags=1 [e4 e5] none"],
        "PGN-062" => &["tags=0 [e4 e5 Pf3] *"],
        "PGN-064" => &["tags=0 [e4 e5 ♘f3 ♞c6] *"],
        "PGN-065" => &["tags=0 [e2-e4 e7-e5 Ng1-f3] *"],
        "PGN-067" => &["tags=0 [e4 d5 e5 f5 exf6 e.p.] *"],
        "PGN-068" => &["tags=0 [e4+ e5#] *"],
        _ => return false,
    };
    assert_eq!(summaries(input), want);
    if id == "PGN-061" {
        let game = one(input);
        let oddities = [K::UnquotedTagValue, K::BracketInMovetext, K::MissingResult];
        assert!(
            oddities.iter().all(|k| game.oddities.contains(k)),
            "{:?}",
            game.oddities
        );
    }
    if id == "PGN-058" {
        assert_eq!(
            one(input).comments,
            [" [%clk 99:99:99.999] [%eval abc] ", " [%eval #-3] "]
        );
    }
    true
}

#[test]
fn ok_every_pgn_row() {
    let table = fs::read_to_string(data_dir().join("bad_inputs_pgn.tsv")).expect("test data");
    let mut checked = 0;
    for line in table.lines().skip(1) {
        let columns: Vec<&str> = line.split('\t').collect();
        let (id, input) = (columns[0], unescape(columns[2]));
        assert!(
            check(id, &input),
            "{id} has no check; expected: {}",
            columns[4]
        );
        let semantic = SEMANTIC.iter().any(|(row, _)| *row == id);
        eprintln!(
            "{id}: checked{}",
            if semantic {
                " (reader part; rest in EGD layer)"
            } else {
                ""
            }
        );
        checked += 1;
    }
    assert_eq!(checked, 52);
}

#[test]
fn ok_unescape() {
    let cases: [(&str, &[u8]); 5] = [
        (r"a\nb", b"a\nb"),
        (r"\xff\xfe", b"\xff\xfe"),
        (r"\u{BD}", "½".as_bytes()),
        ("{{rep 3|(}}x", b"(((x"),
        (r"\\", b"\\"),
    ];
    for (input, want) in cases {
        assert_eq!(unescape(input), want, "{input}");
    }
}
