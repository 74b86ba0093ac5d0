//! EGD against the reference: the `egd` Ruby gem's fixtures (`tests/data/egd/`), compared field
//! by field. Every difference must be one of the categories of `tests/data/egd/NOTES.md`
//! ([`Allowed`]); anything else fails.

use std::collections::BTreeMap;
use std::fs;
use std::path::PathBuf;

use scoresheet_pgn::egd::{
    DenormalizedGame, EgdError, EgdErrorKind, EgdOptions, EgdVisitor, Features, JsonVisitor,
    MoveType, PieceCode,
};
use scoresheet_pgn::{OddityKind, Reader};

use crate::common::Recorder;

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/egd")
        .join(name)
}

fn read(name: &str) -> Vec<u8> {
    fs::read(data(name)).expect("fixture exists")
}

/// Every game of a PGN, as records.
fn records(pgn: &[u8], options: EgdOptions) -> Vec<Result<DenormalizedGame, EgdError>> {
    let mut visitor = EgdVisitor::new(options);
    Reader::new(pgn)
        .games(&mut visitor)
        .map(|game| game.expect("reader accepts the fixture"))
        .collect()
}

/// The only game of a PGN, as a record.
fn record(pgn: &[u8]) -> DenormalizedGame {
    let mut games = records(pgn, EgdOptions::new());
    assert_eq!(games.len(), 1, "one game");
    games.remove(0).expect("game converts")
}

/// Every game of a PGN, as JSON Lines.
fn json(pgn: &[u8], options: EgdOptions) -> Vec<u8> {
    let mut visitor = JsonVisitor::new(options);
    let mut reader = Reader::new(pgn);
    while let Some(game) = reader.read_game(&mut visitor).expect("reader accepts it") {
        let _ = game;
    }
    visitor.take_output()
}

/// The categories of NOTES.md "The reference is wrong here; we are right" and "Decided here".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Allowed {
    /// "Check and mate come from the position, not from the `+`/`#` the file happens to carry."
    CheckFromPosition,
    /// "`O-O+`, `O-O-O#`, `0-0`, `bxa8=Q+` and en passant with a check suffix work (the gem
    /// crashes or gives the wrong from-square)."
    SuffixedMoves,
    /// "`Result` comes from the Result tag or the game-termination marker, never from
    /// annotation text."
    ResultFromTagOrMarker,
    /// "`san` is the canonical SAN of the move." (A capture marker on an empty square makes the
    /// gem write a capture of `-`; the move is not a capture.)
    CanonicalSan,
    /// "Fixture 11 has a malformed tag `[Event S ]`": decided, the value is `S` (the reader's
    /// reading, reported as an oddity); the gem gives `""`.
    MalformedTagValue,
}

/// A game flattened to `path -> value`, in a fixed order.
fn flatten(game: &DenormalizedGame) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let names: Vec<&str> = game.game_tags.iter().map(|(n, _)| n.as_str()).collect();
    out.insert("game_tags(order)".into(), names.join(","));
    for (name, value) in &game.game_tags {
        out.insert(format!("game_tags.{name}"), value.clone());
    }
    let keys: Vec<String> = game.moves.iter().map(|p| p.key.to_string()).collect();
    out.insert("moves(order)".into(), keys.join(","));
    for ply in &game.moves {
        let k = ply.key;
        let m = &ply.mv;
        let opt = |p: Option<PieceCode>| p.map_or(String::new(), |p| p.to_string());
        let fields = [
            ("start_position.fen", ply.start_position.fen.clone()),
            (
                "start_position.features",
                features(ply.start_position.features),
            ),
            ("move.player", format!("{:?}", m.player)),
            ("move.san", m.san.clone()),
            ("move.lran", m.lran.clone()),
            ("move.from_square", m.from_square.to_string()),
            ("move.to_square", m.to_square.to_string()),
            ("move.piece", m.piece.to_string()),
            ("move.move_type", m.move_type.to_string()),
            ("move.captured_piece", opt(m.captured_piece)),
            ("move.promotion", opt(m.promotion)),
            ("end_position.fen", ply.end_position.fen.clone()),
            ("end_position.features", features(ply.end_position.features)),
        ];
        for (field, value) in fields {
            out.insert(format!("moves.{k}.{field}"), value);
        }
    }
    out
}

fn features(f: Features) -> String {
    format!("check={} checkmate={}", f.check, f.checkmate)
}

/// Paths whose values differ (or exist on one side only).
fn differences(ours: &DenormalizedGame, theirs: &DenormalizedGame) -> Vec<String> {
    let (a, b) = (flatten(ours), flatten(theirs));
    let mut keys: Vec<&String> = a.keys().chain(b.keys()).collect();
    keys.sort();
    keys.dedup();
    keys.into_iter()
        .filter(|k| a.get(*k) != b.get(*k))
        .cloned()
        .collect()
}

/// Each fixture with the differences from `expected_json/` we claim, by category.
const FIXTURES: &[(&str, &[(&str, Allowed)])] = &[
    ("00_readme_example", &[]),
    ("01_fen_test", &[]),
    ("02_polgar_vs_kasparov", &[]),
    ("03_nested", &[]),
    ("04_termination", &[]),
    ("05_no_termination", &[]),
    (
        "06_annotations",
        &[("game_tags.Result", Allowed::ResultFromTagOrMarker)],
    ),
    (
        "07_promotion",
        &[("game_tags.Result", Allowed::ResultFromTagOrMarker)],
    ),
    ("08_chesscom", &[]),
    (
        "09_enpassant",
        &[("game_tags.Result", Allowed::ResultFromTagOrMarker)],
    ),
    (
        "11_invalid_header",
        &[("game_tags.Event", Allowed::MalformedTagValue)],
    ),
];

#[test]
fn ok_fixtures_match_reference_field_by_field() {
    for (name, allowed) in FIXTURES {
        let ours = record(&read(&format!("{name}.pgn")));
        let theirs = DenormalizedGame::from_json(&read(&format!("expected_json/{name}.json")))
            .expect("reference json reads as EGD");
        let found = differences(&ours, &theirs);
        let claimed: Vec<String> = allowed.iter().map(|(p, _)| p.to_string()).collect();
        assert_eq!(found, claimed, "{name}: differences from the reference");
    }
}

#[test]
fn ok_fixtures_without_differences_are_byte_identical() {
    for (name, allowed) in FIXTURES.iter().filter(|(_, a)| a.is_empty()) {
        let mut want = read(&format!("expected_json/{name}.json"));
        want.push(b'\n');
        let got = json(&read(&format!("{name}.pgn")), EgdOptions::new());
        assert_eq!(
            String::from_utf8(got).expect("utf-8"),
            String::from_utf8(want).expect("utf-8"),
            "{name} ({allowed:?})"
        );
    }
}

#[test]
fn ok_result_values() {
    let cases = [
        ("06_annotations", "*"),
        ("07_promotion", "*"),
        ("09_enpassant", "*"),
        ("04_termination", "1/2-1/2"),
        ("02_polgar_vs_kasparov", "0-1"),
        ("05_no_termination", "*"),
    ];
    for (name, want) in cases {
        let game = record(&read(&format!("{name}.pgn")));
        assert_eq!(game.game_tags[0], ("Result".into(), want.into()), "{name}");
    }
    // The tag wins over the marker; the marker fills in for a missing tag.
    let game = record(b"[Result \"1-0\"]\n\n1. e4 *\n");
    assert_eq!(game.tag("Result"), Some("1-0"));
    let game = record(b"[Event \"x\"]\n\n1. e4 0-1\n");
    assert_eq!(game.game_tags[0], ("Result".into(), "0-1".into()));
}

/// Fixture 10 (`1. e4 ^5blergh e5 *`) makes the gem raise. The reader skips `^5blergh` as an
/// unknown token (reported as an oddity), so the game converts: `e4 e5`.
#[test]
fn ok_fixture_10_converts_without_the_junk() {
    let errors = String::from_utf8(read("expected_json/ERRORS.tsv")).expect("utf-8");
    assert!(errors.starts_with("10_invalid.pgn\tERROR"));
    let pgn = read("10_invalid.pgn");
    let game = record(&pgn);
    let sans: Vec<&str> = game.moves.iter().map(|p| p.mv.san.as_str()).collect();
    assert_eq!(sans, ["e4", "e5"]);
    let mut recorder = Recorder::default();
    let raw = Reader::new(&pgn[..])
        .read_game(&mut recorder)
        .expect("reads")
        .expect("one game");
    assert_eq!(raw.count(OddityKind::UnknownToken), 1, "{raw:?}");
}

/// Fixture 11's `[Event S ]`: the reader reads `S` and reports the tag.
#[test]
fn ok_fixture_11_malformed_tag_is_kept_and_reported() {
    let pgn = read("11_invalid_header.pgn");
    let game = record(&pgn);
    let tags: Vec<(&str, &str)> = game
        .game_tags
        .iter()
        .map(|(n, v)| (n.as_str(), v.as_str()))
        .collect();
    assert_eq!(
        tags,
        [("Result", "*"), ("Event", "S"), ("Arbiter", "Johnny")]
    );
    let mut recorder = Recorder::default();
    let raw = Reader::new(&pgn[..])
        .read_game(&mut recorder)
        .expect("reads")
        .expect("one game");
    assert_eq!(raw.count(OddityKind::UnquotedTagValue), 1);
}

/// Fixture 03 nests braces; the reader reports it, the mainline is unchanged.
#[test]
fn ok_fixture_03_nested_comment_reported() {
    let pgn = read("03_nested.pgn");
    let mut recorder = Recorder::default();
    let raw = Reader::new(&pgn[..])
        .read_game(&mut recorder)
        .expect("reads")
        .expect("one game");
    assert!(raw.count(OddityKind::NestedComment) >= 1, "{raw:?}");
    assert_eq!(raw.moves, ["e4", "c5", "e5"]);
}

/// One row of `egd_moves_flat.tsv`, replayed from its start FEN.
struct Row<'a> {
    fixture: &'a str,
    fields: Vec<&'a str>,
}

const TSV_COLUMNS: [&str; 14] = [
    "fixture",
    "key",
    "player",
    "san",
    "lran",
    "from_square",
    "to_square",
    "piece",
    "move_type",
    "captured_piece",
    "promotion",
    "start_fen",
    "end_fen",
    "end_features",
];

/// Rows of the flat TSV where we differ, by category (fixture suffix, key, column).
const TSV_DIFFERENCES: &[(&str, &str, &str, Allowed)] = &[
    (
        "x04_en_passant_with_check_suffix.pgn",
        "3w",
        "san",
        Allowed::CanonicalSan,
    ),
    (
        "x04_en_passant_with_check_suffix.pgn",
        "3w",
        "lran",
        Allowed::SuffixedMoves,
    ),
    (
        "x04_en_passant_with_check_suffix.pgn",
        "3w",
        "from_square",
        Allowed::SuffixedMoves,
    ),
    (
        "x04_en_passant_with_check_suffix.pgn",
        "3w",
        "end_features",
        Allowed::CheckFromPosition,
    ),
    (
        "x09_checkmate_as_plus_lichess_style.pgn",
        "4w",
        "san",
        Allowed::CanonicalSan,
    ),
    (
        "x09_checkmate_as_plus_lichess_style.pgn",
        "4w",
        "end_features",
        Allowed::CheckFromPosition,
    ),
    (
        "x17_capture_marker_on_empty_square.pgn",
        "8b",
        "san",
        Allowed::CanonicalSan,
    ),
    (
        "x17_capture_marker_on_empty_square.pgn",
        "8b",
        "lran",
        Allowed::CanonicalSan,
    ),
    (
        "x17_capture_marker_on_empty_square.pgn",
        "8b",
        "move_type",
        Allowed::CanonicalSan,
    ),
    (
        "x17_capture_marker_on_empty_square.pgn",
        "8b",
        "captured_piece",
        Allowed::CanonicalSan,
    ),
    // Not a capture, so the halfmove clock is not reset: `... 1 9`, not `... 0 9`.
    (
        "x17_capture_marker_on_empty_square.pgn",
        "8b",
        "end_fen",
        Allowed::CanonicalSan,
    ),
];

/// Our values for a row: the SAN played from the start FEN given as a `FEN` tag.
fn replay(row: &Row<'_>) -> Vec<String> {
    let pgn = format!(
        "[FEN \"{}\"]\n[SetUp \"1\"]\n\n{} *\n",
        row.fields[11], row.fields[3]
    );
    let game = record(pgn.as_bytes());
    let ply = &game.moves[0];
    let m = &ply.mv;
    let opt = |p: Option<PieceCode>| p.map_or(String::new(), |p| p.to_string());
    let f = ply.end_position.features;
    let features = match (f.check, f.checkmate) {
        (true, true) => "checkmate",
        (true, false) => "check",
        _ => "",
    };
    vec![
        row.fixture.to_string(),
        ply.key.to_string(),
        if m.player == scoresheet::Color::White {
            "w"
        } else {
            "b"
        }
        .to_string(),
        m.san.clone(),
        m.lran.clone(),
        m.from_square.to_string(),
        m.to_square.to_string(),
        m.piece.to_string(),
        m.move_type.to_string(),
        opt(m.captured_piece),
        opt(m.promotion),
        ply.start_position.fen.clone(),
        ply.end_position.fen.clone(),
        features.to_string(),
    ]
}

#[test]
fn ok_flat_tsv_rows_replay() {
    let text = String::from_utf8(read("egd_moves_flat.tsv")).expect("utf-8");
    let mut lines = text.lines().filter(|l| !l.starts_with('#'));
    assert_eq!(lines.next(), Some(TSV_COLUMNS.join("\t").as_str()));
    let mut found = Vec::new();
    let mut rows = 0;
    for line in lines {
        let fields: Vec<&str> = line.split('\t').collect();
        let row = Row {
            fixture: fields[0],
            fields: fields.clone(),
        };
        let ours = replay(&row);
        for (i, column) in TSV_COLUMNS.iter().enumerate() {
            if ours[i] != fields[i] {
                let file = fields[0].rsplit('/').next().unwrap_or_default();
                found.push((file.to_string(), fields[1].to_string(), column.to_string()));
            }
        }
        rows += 1;
    }
    assert_eq!(rows, 425);
    let claimed: Vec<(String, String, String)> = TSV_DIFFERENCES
        .iter()
        .map(|(f, k, c, _)| (f.to_string(), k.to_string(), c.to_string()))
        .collect();
    assert_eq!(found, claimed);
}

fn spec() -> serde_json::Value {
    serde_json::from_slice(&read("spec_expectations.json")).expect("spec json")
}

/// `fen_difference_discerner` and `fen_builder`: one move from a FEN.
#[test]
fn ok_spec_single_moves() {
    let spec = spec();
    let start = spec["fen_builder"]["NULL_FEN"].as_str().expect("null fen");
    let cases = spec["fen_difference_discerner"]["cases"]
        .as_array()
        .expect("cases");
    for case in cases {
        let fen = case["start_fen"].as_str().unwrap_or(start);
        let mv = case["move"].as_str().expect("move");
        let pgn = format!("[FEN \"{fen}\"]\n\n{mv} *\n");
        let games = records(pgn.as_bytes(), EgdOptions::new());
        let Some(expected) = case.get("expected") else {
            assert!(matches!(&games[0], Err(e) if matches!(e.kind(), EgdErrorKind::Move { .. })));
            continue;
        };
        let game = games[0].as_ref().expect("converts");
        let m = serde_json::to_value(&game.moves[0].mv).expect("serializes");
        for (key, want) in expected.as_object().expect("object") {
            assert_eq!(&m[key], want, "{mv}: {key}");
        }
    }
    for case in spec["fen_builder"]["cases"].as_array().expect("cases") {
        let Some(mv) = case["move"].as_str() else {
            continue;
        };
        let fen = case["start_fen"].as_str().unwrap_or(start);
        let game = record(format!("[FEN \"{fen}\"]\n\n{mv} *\n").as_bytes());
        assert_eq!(game.moves[0].end_position.fen, case["expected"], "{mv}");
    }
}

/// `position_feature_discerner`: the features of the end positions, from the positions.
#[test]
fn ok_spec_features() {
    let spec = spec();
    for case in spec["position_feature_discerner"]["cases"]
        .as_array()
        .expect("cases")
    {
        let fen = case["end_fen"].as_str().expect("fen");
        let pos = scoresheet::Position::from_fen(fen, scoresheet::CastlingMode::Standard)
            .expect("legal fen");
        let want = &case["expected"];
        assert_eq!(pos.is_check(), want.get("check").is_some(), "{fen}");
        assert_eq!(pos.is_checkmate(), want.get("checkmate").is_some(), "{fen}");
    }
}

/// `builder_to_json`: the exact string for fixture 00.
#[test]
fn ok_spec_exact_json() {
    let spec = spec();
    let want = spec["builder_to_json"]["cases"][0]["expected_exact"]
        .as_str()
        .expect("exact json");
    let got = json(&read("00_readme_example.pgn"), EgdOptions::new());
    assert_eq!(
        std::str::from_utf8(&got).expect("utf-8"),
        format!("{want}\n")
    );
}

/// NOTES.md: every game of a multi-game file is converted.
#[test]
fn ok_every_game_of_a_file() {
    let mut all = Vec::new();
    let mut singles = Vec::new();
    for (name, _) in FIXTURES {
        let pgn = read(&format!("{name}.pgn"));
        all.extend_from_slice(&pgn);
        all.extend_from_slice(b"\n\n");
        singles.push(record(&pgn));
    }
    let games: Vec<DenormalizedGame> = records(&all, EgdOptions::new())
        .into_iter()
        .map(|g| g.expect("converts"))
        .collect();
    assert_eq!(games, singles);
}

/// The serde derives and the hand-written writer agree byte for byte, both ways.
#[test]
fn ok_serde_and_writer_agree() {
    for extended in [false, true] {
        let options = EgdOptions::new().extended(extended);
        for (name, _) in FIXTURES {
            let pgn = read(&format!("{name}.pgn"));
            let written = json(&pgn, options);
            let game = records(&pgn, options).remove(0).expect("converts");
            let mut serialized = serde_json::to_vec(&game).expect("serializes");
            serialized.push(b'\n');
            assert_eq!(
                String::from_utf8(written.clone()).expect("utf-8"),
                String::from_utf8(serialized).expect("utf-8"),
                "{name} extended={extended}"
            );
            let back = DenormalizedGame::from_json(&written).expect("reads back");
            assert_eq!(back, game, "{name}");
        }
    }
}

#[test]
fn ok_pretty_is_serde_pretty() {
    let pgn = read("08_chesscom.pgn");
    let pretty = json(&pgn, EgdOptions::new().pretty(true));
    let game = record(&pgn);
    let mut want = serde_json::to_vec_pretty(&game).expect("serializes");
    want.push(b'\n');
    assert_eq!(
        String::from_utf8(pretty).expect("utf-8"),
        String::from_utf8(want).expect("utf-8")
    );
}

#[test]
fn ok_fen_tag_sets_start_and_keys() {
    let pgn = b"[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 3 12\"]\n\n12... Kd7 13. e4 *\n";
    let game = record(pgn);
    let keys: Vec<String> = game.moves.iter().map(|p| p.key.to_string()).collect();
    assert_eq!(keys, ["12b", "13w"]);
    assert_eq!(
        game.moves[0].start_position.fen,
        "4k3/8/8/8/8/8/4P3/4K3 b - - 3 12"
    );
    assert_eq!(
        game.moves[1].end_position.fen,
        "8/3k4/8/8/4P3/8/8/4K3 b - e3 0 13"
    );
    let names: Vec<&str> = game.game_tags.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["Result", "SetUp", "FEN"]);
}

/// NOTES.md: `O-O+`, `O-O-O#`, `0-0`, `bxa8=Q+` and en passant with a check suffix work.
#[test]
fn ok_suffixed_moves() {
    let cases: [(&str, &str, &str, &str, MoveType); 4] = [
        (
            "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1",
            "0-0-0+",
            "O-O-O+",
            "O-O-O",
            MoveType::LongCastle,
        ),
        (
            "5k2/8/8/8/8/8/8/4K2R w K - 0 1",
            "O-O+",
            "O-O+",
            "O-O",
            MoveType::ShortCastle,
        ),
        (
            "r3k3/1P6/8/8/8/8/8/4K3 w q - 0 1",
            "bxa8=Q+",
            "bxa8=Q+",
            "b7xRa8=Q",
            MoveType::PromotionCapture,
        ),
        (
            "8/8/8/2k5/3Pp3/8/4K3/8 b - d3 0 1",
            "exd3+",
            "exd3+",
            "e4xd3",
            MoveType::EpCapture,
        ),
    ];
    for (fen, token, san, lran, move_type) in cases {
        let game = record(format!("[FEN \"{fen}\"]\n\n{token} *\n").as_bytes());
        let m = &game.moves[0].mv;
        assert_eq!(
            (m.san.as_str(), m.lran.as_str(), m.move_type),
            (san, lran, move_type)
        );
        assert!(game.moves[0].end_position.features.check, "{token}");
    }
}

#[test]
fn ok_bishop_codes() {
    // A bishop promotion on a light square, a capture of a dark-square bishop.
    let game = record(b"[FEN \"1b2k3/P7/8/8/8/8/8/4K3 w - - 0 1\"]\n\naxb8=B *\n");
    let m = &game.moves[0].mv;
    assert_eq!(m.lran, "a7xBb8=B");
    assert_eq!(m.captured_piece, Some(PieceCode::DarkBishop));
    assert_eq!(m.promotion, Some(PieceCode::DarkBishop));
    let game = record(b"1. e4 e5 2. Bc4 Nf6 3. Bxf7+ *\n");
    let m = &game.moves[4].mv;
    assert_eq!(
        (m.piece, m.lran.as_str()),
        (PieceCode::LightBishop, "Bc4xf7")
    );
}

#[test]
fn ok_tag_escapes_and_order() {
    let pgn = b"[White \"a \\\"b\\\" [c] \\\\ d\"]\n[Event \"x\"]\n[White \"again\"]\n\n1. e4 *\n";
    let game = record(pgn);
    let tags: Vec<(&str, &str)> = game
        .game_tags
        .iter()
        .map(|(n, v)| (n.as_str(), v.as_str()))
        .collect();
    assert_eq!(tags, [("Result", "*"), ("White", "again"), ("Event", "x")]);
    let game = record(b"[White \"a \\\"b\\\" [c] \\\\ d\"]\n\n1. e4 *\n");
    assert_eq!(game.tag("White"), Some("a \"b\" [c] \\ d"));
    let line = json(
        b"[White \"a \\\"b\\\" [c] \\\\ d\"]\n\n1. e4 *\n",
        EgdOptions::new(),
    );
    assert!(line.starts_with(br#"{"game_tags":{"Result":"*","White":"a \"b\" [c] \\ d"}"#));
}

#[test]
fn err_messages() {
    let pgn = b"[Event \"a\"]\n\n1. e4 e5\n2. Nf9 *\n\n1. e4 e5 2. Ke2 Ke7 3. -- *\n\n[FEN \"bad\"]\n\n1. e4 *\n\n1. e4 e5 2. Bd4 *\n";
    let games = records(pgn, EgdOptions::new());
    let errors: Vec<String> = games
        .iter()
        .map(|g| {
            g.as_ref()
                .map_or_else(|e| e.to_string(), |g| format!("ok {}", g.moves.len()))
        })
        .collect();
    assert_eq!(
        errors,
        [
            "game 1 (from line 1), line 4, column 4: move \"Nf9\": invalid san at byte 2: expected a destination square (a1-h8)",
            "game 2 (from line 6), line 6, column 24: move \"--\": a null move cannot be written in EGD",
            "game 3 (from line 8), line 8, column 1: FEN tag \"bad\": invalid fen at byte 1: expected a piece letter, a digit 1-8 or '/'",
            "game 4 (from line 12), line 12, column 13: move \"Bd4\": illegal move: no legal move matches (position rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2)",
        ]
    );
    let Err(e) = &games[3] else {
        panic!("game 4 fails")
    };
    assert_eq!((e.location().line, e.location().column), (12, 13));
    assert_eq!(e.token(), "Bd4");
}

#[test]
fn ok_extended_features_and_meta() {
    let pgn = b"1. Nf3 $1 {good} Nf6 2. Ng1!? Ng8 3. Nf3 +/- Nf6 4. Ng1 Ng8 *\n";
    let game = records(pgn, EgdOptions::new().extended(true))
        .remove(0)
        .expect("converts");
    let reps: Vec<u32> = game
        .moves
        .iter()
        .map(|p| {
            p.end_position
                .features
                .extended
                .expect("extended")
                .repetition
        })
        .collect();
    assert_eq!(reps, [1, 1, 1, 2, 2, 2, 2, 3]);
    let first = game.moves[0].start_position.features.extended.expect("ext");
    assert_eq!((first.repetition, first.halfmove_clock), (1, 0));
    let meta = game.moves[0].mv.meta.as_ref().expect("meta");
    assert_eq!(meta.nags, [1]);
    assert!(meta.glyphs.is_empty());
    assert_eq!(meta.comments, ["good"]);
    let meta = game.moves[2].mv.meta.as_ref().expect("meta");
    assert_eq!(
        (meta.nags.as_slice(), meta.glyphs.as_slice()),
        (&[5][..], &["!?".to_string()][..])
    );
    assert_eq!(game.moves[4].mv.meta.as_ref().expect("meta").nags, [16]);
    let stalemate = records(
        b"[FEN \"7k/8/6K1/8/8/8/8/5Q2 w - - 0 1\"]\n\n1. Qf7 *\n",
        EgdOptions::new().extended(true),
    )
    .remove(0)
    .expect("converts");
    let ext = stalemate.moves[0]
        .end_position
        .features
        .extended
        .expect("ext");
    assert!(ext.stalemate && !ext.insufficient_material);
}

/// A game that fails part-way leaves nothing in the output, whether its plies were written
/// straight out (it has a `Result` tag) or buffered (it has none, or the output is pretty):
/// the output of good, bad, good is that of good, good.
#[test]
fn ok_failed_game_leaves_nothing() {
    let good = "[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n";
    let untagged = "[Event \"c\"]\n\n1. d4 d5 *\n\n";
    let bad_tagged = "[Event \"b\"]\n[Result \"0-1\"]\n\n1. e4 e5 2. Ke3 0-1\n\n";
    let bad_untagged = "[Event \"b\"]\n\n1. e4 e5 2. Nf3 Nf6 3. Qxf7 *\n\n";
    for options in [EgdOptions::new(), EgdOptions::new().pretty(true)] {
        let want = json(format!("{good}{untagged}").as_bytes(), options);
        let events = String::from_utf8_lossy(&want).matches("\"Event\"").count();
        assert_eq!(events, 2, "both good games are written");
        for bad in [bad_tagged, bad_untagged] {
            let got = json(format!("{good}{bad}{untagged}").as_bytes(), options);
            assert_eq!(
                String::from_utf8_lossy(&got),
                String::from_utf8_lossy(&want),
                "{bad}"
            );
            let got = json(format!("{good}{untagged}{bad}").as_bytes(), options);
            assert_eq!(got, want, "at the end: {bad}");
        }
    }
}
