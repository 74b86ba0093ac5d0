//! The dataset directory: names, parts, temporary files, refusing an existing dataset.

use std::fs;
use std::path::PathBuf;
use std::sync::Arc;

use scoresheet_export::{
    export_parallel, DatasetOptions, DatasetWriter, ExportErrorKind, ExportOptions, Format,
    ParallelExport,
};

/// Writes the games of `pgn`, read through the pump with one thread, with `writer`.
fn write_games(writer: &mut DatasetWriter, pgn: &str, options: ExportOptions) {
    let settings = ParallelExport::new(1).export(options);
    export_parallel(pgn.as_bytes(), Arc::from("g"), settings, |batches, _| {
        writer.write(&batches).map_err(std::io::Error::other)
    })
    .expect("writes");
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("scoresheet-export-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    dir
}

fn names(dir: &PathBuf) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .expect("folder exists")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

const GAMES: &str = "1. e4 e5 *\n\n1. d4 d5 *\n\n1. c4 c5 *\n";

#[test]
fn ok_parts_roll_and_temporaries_go() {
    let dir = temp_dir("parts");
    let options = ExportOptions::new().batch_games(1);
    // A stale temporary file of a killed run is removed; it never was data.
    fs::create_dir_all(dir.join("moves")).expect("writable");
    fs::write(dir.join("moves/.part-00007.parquet.tmp"), b"junk").expect("writable");
    let mut writer = DatasetWriter::create(&dir, DatasetOptions::new().games_per_file(2))
        .expect("no dataset there yet");
    for game in GAMES.split("\n\n") {
        write_games(&mut writer, game, options);
        // While a part is open, only its temporary file exists.
        assert!(names(&dir.join("games"))
            .iter()
            .all(|n| n.starts_with("part-") || n.starts_with(".part-")));
    }
    let summary = writer.finish().expect("completes");
    assert_eq!((summary.games, summary.moves), (3, 6));
    assert_eq!(
        names(&dir.join("games")),
        ["part-00000.parquet", "part-00001.parquet"]
    );
    assert_eq!(
        names(&dir.join("moves")),
        ["part-00000.parquet", "part-00001.parquet"]
    );
    let manifest = fs::read_to_string(dir.join("_scoresheet.json")).expect("manifest");
    assert!(
        manifest.contains("\"scoresheet_schema_version\":4"),
        "{manifest}"
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn err_existing_dataset_refused_unless_replaced() {
    let dir = temp_dir("exists");
    let writer = DatasetWriter::create(&dir, DatasetOptions::new()).expect("a new directory");
    writer.finish().expect("an empty dataset");
    assert_eq!(names(&dir.join("moves")), ["part-00000.parquet"]);
    let err = DatasetWriter::create(&dir, DatasetOptions::new()).expect_err("a dataset is there");
    assert!(matches!(err.kind(), ExportErrorKind::DatasetExists { .. }));
    assert!(err.to_string().contains("--force"), "{err}");
    let writer = DatasetWriter::create(
        &dir,
        DatasetOptions::new().replace(true).format(Format::Csv),
    )
    .expect("replacing is asked for");
    writer.finish().expect("an empty dataset");
    assert_eq!(names(&dir.join("moves")), ["part-00000.csv"]);
    let header = fs::read_to_string(dir.join("moves/part-00000.csv")).expect("csv");
    assert!(
        header.starts_with("game_id,ply,move_number,side,san,uci,"),
        "{header}"
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn ok_csv_rows() {
    let dir = temp_dir("csv");
    let pgn = "[White \"Doe, J\"]\n[Event \"say \\\"hi\\\"\"]\n\n1. e4 {[%clk 0:03:00]} 1-0\n";
    let mut writer =
        DatasetWriter::create(&dir, DatasetOptions::new().format(Format::Csv)).expect("new");
    write_games(&mut writer, pgn, ExportOptions::new());
    writer.finish().expect("completes");
    let games = fs::read_to_string(dir.join("games/part-00000.csv")).expect("csv");
    let row = games.lines().nth(1).expect("a row");
    assert!(
        row.contains(",\"say \"\"hi\"\"\",,,,\"Doe, J\",,1-0,"),
        "{row}"
    );
    let moves = fs::read_to_string(dir.join("moves/part-00000.csv")).expect("csv");
    let row = moves.lines().nth(1).expect("a row");
    assert!(
        row.contains(",1,1,w,e4,e2e4,e2,e4,p,,,move,false,false,180,,,,"),
        "{row}"
    );
    let _ = fs::remove_dir_all(&dir);
}
