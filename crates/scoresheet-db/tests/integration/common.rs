//! Databases, data and the scenarios both backends run (shared by the SQLite and the PostgreSQL
//! test binaries, each of which uses part of it).
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use scoresheet_db::query::{QueryResult, Value, SHIPPED};
use scoresheet_db::{load, Database, DatabaseUrl, LoadOptions, LoadSummary};
use scoresheet_pgn::egd::{DenormalizedGame, EgdOptions, EgdVisitor};
use scoresheet_pgn::{input, Reader};

/// A file of `tests/data`.
pub fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

/// The 200-game slice of the shared corpus.
pub fn sample() -> PathBuf {
    data("real-200.pgn")
}

/// A fresh, migrated SQLite file for one test.
pub fn sqlite_db(name: &str) -> (Database, PathBuf) {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("db-{name}.sqlite"));
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    let mut db = Database::open(&DatabaseUrl::sqlite(&path)).expect("sqlite opens");
    db.migrate().expect("schema created");
    (db, path)
}

/// Loads a file; returns the summary and the rejection messages.
pub fn load_file(db: &mut Database, path: &Path, batch: usize) -> (LoadSummary, Vec<String>) {
    let mut rejected = Vec::new();
    let options = LoadOptions::new().batch_size(batch);
    let summary = load::load_path(db, path, &options, &mut |event| {
        if let load::LoadEvent::Rejected(rejection) = event {
            rejected.push(rejection.to_string());
        }
    })
    .expect("load succeeds");
    (summary, rejected)
}

/// Loads PGN bytes.
pub fn load_bytes(db: &mut Database, pgn: &[u8]) -> (LoadSummary, Vec<String>) {
    let mut rejected = Vec::new();
    let summary = load::load_reader(db, pgn, "inline.pgn", &LoadOptions::new(), &mut |event| {
        if let load::LoadEvent::Rejected(rejection) = event {
            rejected.push(rejection.to_string());
        }
    })
    .expect("load succeeds");
    (summary, rejected)
}

/// The games of a file as the reader counts them.
pub fn reader_count(path: &Path) -> usize {
    let mut reader = Reader::new(input::open_input(path).expect("file opens"));
    let mut count = 0;
    while reader.skip_game().expect("no read error") {
        count += 1;
    }
    count
}

/// The EGD records (extended) of a file's games, all of which must convert.
pub fn egd_games(path: &Path) -> Vec<DenormalizedGame> {
    let mut reader = Reader::new(input::open_input(path).expect("file opens"));
    let mut visitor = EgdVisitor::new(EgdOptions::new().extended(true));
    reader
        .games(&mut visitor)
        .map(|g| g.expect("reads").expect("converts"))
        .collect()
}

/// A single integer from a query.
pub fn count(db: &mut Database, sql: &str) -> i64 {
    let result = db.query(sql, None).expect("query runs");
    match result.rows.first().and_then(|r| r.first()) {
        Some(Value::Int(n)) => *n,
        other => panic!("{sql}: expected an integer, got {other:?}"),
    }
}

/// All game ids, in file order.
pub fn game_ids(db: &mut Database) -> Vec<i64> {
    let result = db
        .query("SELECT game_id FROM games ORDER BY source_offset", None)
        .expect("query runs");
    result
        .rows
        .iter()
        .map(|r| match r[0] {
            Value::Int(id) => id,
            ref other => panic!("game_id {other:?}"),
        })
        .collect()
}

fn sorted_tags(game: &DenormalizedGame) -> Vec<(String, String)> {
    let mut tags = game.game_tags.clone();
    tags.sort();
    tags
}

/// Every game of the sample is stored, and reads back equal to the EGD record, field for
/// field (tags compared as a set: jsonb does not keep their order).
pub fn scenario_sample_matches_egd(db: &mut Database) {
    let path = sample();
    let games = egd_games(&path);
    assert_eq!(games.len(), reader_count(&path));
    assert_eq!(games.len(), 200);
    let (summary, rejected) = load_file(db, &path, 64);
    assert!(rejected.is_empty(), "{rejected:?}");
    assert_eq!(summary.games, 200);
    assert_eq!(summary.stored, 200);
    let plies: usize = games.iter().map(|g| g.moves.len()).sum();
    assert_eq!(summary.moves, plies as u64);
    assert_eq!(count(db, "SELECT COUNT(*) FROM games"), 200);
    assert_eq!(count(db, "SELECT COUNT(*) FROM moves"), plies as i64);
    let ids = game_ids(db);
    for (id, want) in ids.iter().zip(&games) {
        let got = db.game(*id).expect("reads").expect("stored");
        assert_eq!(sorted_tags(&got), sorted_tags(want), "game {id}");
        assert_eq!(got.moves.len(), want.moves.len(), "game {id}");
        for (g, w) in got.moves.iter().zip(&want.moves) {
            assert_eq!(g, w, "game {id}, ply {}", g.key);
        }
    }
}

/// Loading the same file again adds nothing.
pub fn scenario_reload_adds_nothing(db: &mut Database) {
    let (first, _) = load_file(db, &sample(), 1000);
    assert_eq!((first.stored, first.duplicates), (200, 0));
    let moves = count(db, "SELECT COUNT(*) FROM moves");
    let (again, _) = load_file(db, &sample(), 7);
    assert_eq!((again.games, again.stored, again.duplicates), (200, 0, 200));
    assert_eq!(count(db, "SELECT COUNT(*) FROM games"), 200);
    assert_eq!(count(db, "SELECT COUNT(*) FROM moves"), moves);
}

/// Tags and comments with quotes, backslashes, tabs, newlines, NUL and Latin-1 bytes.
pub const AWKWARD: &[u8] = b"[Event \"Quote \\\"q\\\" and back\\\\slash\"]\n\
[Site \"tab\there\"]\n\
[White \"nul\x00byte\"]\n\
[Black \"Caf\xe9\"]\n\
[Annotator \"\\\\N and \\\\t and 'single' $1\"]\n\
[Result \"1-0\"]\n\
\n\
1. e4 {quotes \"q\", back\\slash, tab\there, nul\x00, newline\nsecond line} e5 \
2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\
\n\
[Event \"Same moves, other tags\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\
\n\
[Event \"Same moves, other tags\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\
\n\
[Event \"Illegal\"]\n\n1. e4 e5 2. Ke3 Ke6 3. Kxe5 *\n";

/// The awkward games store, and read back as written.
pub fn scenario_escaping(db: &mut Database) {
    let (summary, rejected) = load_bytes(db, AWKWARD);
    assert_eq!(
        (
            summary.games,
            summary.stored,
            summary.duplicates,
            summary.rejected
        ),
        (4, 2, 1, 1),
        "{rejected:?}"
    );
    assert_eq!(summary.nul_replaced, 2);
    assert_eq!(rejected.len(), 1);
    assert!(
        rejected[0].starts_with("inline.pgn: game 4"),
        "{}",
        rejected[0]
    );
    let result = db
        .query(
            "SELECT event, site, white, black, tags ->> 'Annotator' FROM games \
             ORDER BY source_offset",
            None,
        )
        .expect("query runs");
    let text = |s: &str| Value::Text(s.to_owned());
    assert_eq!(
        result.rows[0],
        vec![
            text("Quote \"q\" and back\\slash"),
            text("tab\there"),
            text("nul\u{FFFD}byte"),
            text("Caf\u{e9}"),
            text("\\N and \\t and 'single' $1"),
        ]
    );
    assert_eq!(result.rows[1][0], text("Same moves, other tags"));
    assert_eq!(result.rows[1][2], Value::Null);
    let ids = game_ids(db);
    let game = db.game(ids[0]).expect("reads").expect("stored");
    let meta = game.moves[0].mv.meta.as_ref().expect("extended meta");
    assert_eq!(
        meta.comments,
        ["quotes \"q\", back\\slash, tab\there, nul\u{FFFD}, newline\nsecond line"]
    );
    assert!(game.moves[6].end_position.features.checkmate);
}

/// Every shipped query, for all games and for one player.
pub fn shipped_results(db: &mut Database) -> Vec<(String, Option<&'static str>, QueryResult)> {
    let mut out = Vec::new();
    for query in SHIPPED {
        for player in [None, Some("MagnusCarlsen")] {
            let result = db.run(query, player).expect("shipped query runs");
            // Carlsen lost too few games of the sample to repeat a position in them.
            let may_be_empty = query.name == "losing-positions" && player.is_some();
            assert!(
                may_be_empty || !result.rows.is_empty(),
                "{} {player:?}: no rows",
                query.name
            );
            out.push((query.name.to_owned(), player, result));
        }
    }
    out
}

/// Comment commands land in typed columns (schema version 2), and a malformed one stays text.
pub fn scenario_comment_commands(db: &mut Database) {
    let pgn = b"[Event \"clocks\"]\n\n1. e4 { [%eval 0.17] [%clk 0:03:00] } 1... e5 { [%eval #-3] [%clk 0:02:59.5] } \
2. Nf3 { Good. [%emt 0:00:05] [%clk abc] } *\n";
    let (summary, rejected) = load_bytes(db, pgn);
    assert_eq!((summary.stored, summary.rejected), (1, 0), "{rejected:?}");
    assert_eq!(summary.oddities, 1, "the malformed [%clk abc] is reported");
    let result = db
        .query(
            "SELECT clock_seconds, emt_seconds, eval_cp, eval_mate FROM moves ORDER BY ply",
            None,
        )
        .expect("query runs");
    let real = Value::Float;
    assert_eq!(
        result.rows,
        vec![
            vec![real(180.0), Value::Null, Value::Int(17), Value::Null],
            vec![real(179.5), Value::Null, Value::Null, Value::Int(-3)],
            vec![Value::Null, real(5.0), Value::Null, Value::Null],
        ]
    );
    let comment = count(
        db,
        "SELECT COUNT(*) FROM moves WHERE CAST(meta AS TEXT) LIKE '%Good. [\\%clk abc]%' ESCAPE '\\'",
    );
    assert_eq!(
        comment, 1,
        "the malformed command stays in the comment text"
    );
}

/// Issue 25 (schema version 6): `opening_eco` and `opening_name` hold the classified opening
/// (the names python-chess gives over the same table), beside the `ECO` tag as written; NULL
/// when no named position is reached.
pub fn scenario_opening_columns(db: &mut Database) {
    let pgn = b"[ECO \"B00\"]\n\n1. Nf3 c5 2. e4 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 *\n\n\
[Event \"none\"]\n\n*\n\n\
[Event \"mate\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n";
    let (summary, rejected) = load_bytes(db, pgn);
    assert_eq!((summary.stored, summary.rejected), (3, 0), "{rejected:?}");
    let result = db
        .query(
            "SELECT opening_eco, opening_name, tags ->> 'ECO' FROM games ORDER BY source_offset",
            None,
        )
        .expect("query runs");
    let text = |s: &str| Value::Text(s.to_owned());
    assert_eq!(
        result.rows,
        vec![
            vec![
                text("B90"),
                text("Sicilian Defense: Najdorf Variation"),
                text("B00")
            ],
            vec![Value::Null, Value::Null, Value::Null],
            vec![text("C23"), text("Bishop's Opening"), Value::Null],
        ]
    );
}

/// The sample, gzip-compressed, then cut in half or with its CRC spoiled, written to a file.
pub fn spoiled_gzip(name: &str, cut: bool) -> std::path::PathBuf {
    use std::io::Write;

    let bytes = std::fs::read(sample()).expect("sample present");
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(&bytes).expect("in memory");
    let mut gz = gz.finish().expect("in memory");
    if cut {
        gz.truncate(gz.len() / 2);
    } else {
        let crc = gz.len() - 8;
        gz[crc] ^= 0xff;
    }
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, gz).expect("written");
    path
}

/// Issue 28: a gzip cut short or with a spoiled CRC is known to be bad only at its end; the
/// games a load stored from it are removed again, whether the database held games before (a
/// game stays) or none (a bulk load, without the key of `moves` while it runs), and the
/// summary counts them. `indexes` lists the database's indexes, which end as they began.
pub fn scenario_unverified_gzip(
    db: &mut Database,
    name: &str,
    indexes: fn(&mut Database) -> Vec<String>,
) {
    for (before, cut) in [(false, true), (false, false), (true, true)] {
        let case = format!("{name}-{}-{}", before, if cut { "cut" } else { "crc" });
        let fresh = indexes(db);
        let (games, moves) = if before {
            load_bytes(db, b"[Event \"before\"]\n\n1. d4 d5 *\n");
            (1, 2)
        } else {
            (0, 0)
        };
        let path = spoiled_gzip(&format!("{case}.pgn.gz"), cut);
        let options = LoadOptions::new().batch_size(10);
        let err = load::load_path(db, &path, &options, &mut |_| {}).expect_err("bad gzip");
        let summary = err.summary();
        assert!(summary.removed > 50, "{case}: {err}");
        assert_eq!(summary.removed, summary.stored, "{case}");
        assert!(
            err.to_string().ends_with(&format!(
                "so the {} games this load had stored from it were removed again",
                summary.removed
            )),
            "{case}: {err}"
        );
        assert_eq!(count(db, "SELECT COUNT(*) FROM games"), games, "{case}");
        assert_eq!(count(db, "SELECT COUNT(*) FROM moves"), moves, "{case}");
        assert_eq!(indexes(db), fresh, "{case}");
        db.query("DELETE FROM moves", None).expect("emptied");
        db.query("DELETE FROM games", None).expect("emptied");
    }
}
