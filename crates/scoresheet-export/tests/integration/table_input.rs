//! Tables as input: one row is one game whatever its movetext holds (the row-boundary
//! table), tags from columns, and Parquet files read back through the same rendering.

use std::io::Read;
use std::sync::Arc;

use arrow_array::{ArrayRef, Date32Array, Int16Array, RecordBatch, StringArray, Time32SecondArray};
use scoresheet_export::table_input::{self, RowsPgn, TableOptions};
use scoresheet_pgn::pump::{next_game, Convert, Event, GameOutcome, Pump, Tally};
use scoresheet_pgn::replay::{GameBuilder, Replayer};
use scoresheet_pgn::{Noted, Oddities, OddityKind, Reader};

/// What became of one game: its SAN moves and `White` tag, or rejected (the pump's log says
/// which game, counting in the whole input).
#[derive(Debug, Clone, PartialEq, Eq)]
enum Row {
    Game(String, Option<String>),
    Rejected,
}

struct Rows(Replayer<Noted<GameBuilder>>);

impl Convert for Rows {
    type Batch = Vec<Row>;
    fn next_game<R: Read>(
        &mut self,
        reader: &mut Reader<R>,
        out: &mut Vec<Row>,
    ) -> GameOutcome<u64> {
        let outcome = next_game(reader, &mut self.0).map(|game| {
            let sans: Vec<_> = game.plies.iter().map(|p| p.san.to_string()).collect();
            out.push(Row::Game(
                sans.join(" "),
                game.tag("White").map(str::to_owned),
            ));
            game.plies.len() as u64
        });
        if let GameOutcome::Rejected(_) = &outcome {
            out.push(Row::Rejected);
        }
        outcome
    }
    fn oddities(&self) -> &Oddities {
        self.0.sink().oddities()
    }
}

/// Every game of `src` with 1 and 2 threads (which must agree), the tally, and the indexes
/// of the rejected games.
fn pump_rows(pgn: &[u8]) -> (Vec<Row>, Tally, Vec<u64>) {
    let mut runs = Vec::new();
    for threads in [1, 2] {
        let (mut rows, mut tally, mut rejected) = (Vec::new(), Tally::default(), Vec::new());
        Pump::new(threads)
            .chunk_bytes(64)
            .run(
                pgn,
                || Rows(Replayer::new(Noted::new(GameBuilder::default()))),
                |batch: &mut Vec<Row>, log| {
                    rows.append(batch);
                    tally.add(&log);
                    for event in log.events() {
                        if let Event::Rejected(e) = event {
                            rejected.push(e.location().game_index);
                        }
                    }
                    Ok(())
                },
            )
            .expect("no input-ending error");
        runs.push((rows, tally, rejected));
    }
    let (two, one) = (runs.pop().expect("two runs"), runs.pop().expect("two runs"));
    assert_eq!((&one.0, &one.2), (&two.0, &two.2), "threads agree");
    one
}

fn render(batch: RecordBatch, options: TableOptions) -> Vec<u8> {
    let mut pgn = Vec::new();
    RowsPgn::new([Ok(batch)], options)
        .read_to_end(&mut pgn)
        .expect("renders");
    pgn
}

fn movetext_batch(cells: &[Option<&str>]) -> RecordBatch {
    let movetext: ArrayRef = Arc::new(StringArray::from(cells.to_vec()));
    let white: ArrayRef = Arc::new(StringArray::from(
        (0..cells.len())
            .map(|i| format!("p{i}"))
            .collect::<Vec<_>>(),
    ));
    RecordBatch::try_from_iter([("White", white), ("movetext", movetext)]).expect("batch")
}

/// The row-boundary table: each movetext, put between two good rows, is exactly one game
/// (accepted with these moves, or rejected), and the rows around it are untouched.
#[test]
fn ok_one_row_one_game() {
    let good = "1. e4 e5 2. Nf3 *";
    // (why, movetext, SAN moves if accepted, an oddity and its count)
    type Case<'a> = (&'a str, Option<&'a str>, Option<&'a str>, OddityKind, u64);
    let cases: [Case<'_>; 14] = [
        (
            "blank lines",
            Some("1. e4\n\n1... e5\n\n\n2. Nf3 *"),
            Some("e4 e5 Nf3"),
            OddityKind::NotAGame,
            0,
        ),
        (
            "blank line before 1.",
            Some("1. e4 e5\n\n1. d4 *"),
            Some("e4 e5 d4"),
            OddityKind::NotAGame,
            0,
        ),
        (
            "line of a tag",
            Some("1. e4\n[Event \"x\"]\n1... e5 *"),
            Some("e4 e5"),
            OddityKind::NotAGame,
            0,
        ),
        (
            "escape line",
            Some("1. e4\n% not read\ne5 *"),
            Some("e4 e5"),
            OddityKind::NotAGame,
            0,
        ),
        (
            "unclosed brace",
            Some("1. e4 { never closed e5 *"),
            None,
            OddityKind::NotAGame,
            0,
        ),
        (
            "semicolon comment",
            Some("1. e4 ; a comment 1-0 2. d4\ne5 *"),
            Some("e4 e5"),
            OddityKind::NotAGame,
            0,
        ),
        (
            "result then moves",
            Some("1. e4 1-0 2. d4 d5 *"),
            Some("e4"),
            OddityKind::NotAGame,
            1,
        ),
        (
            "result, line, moves",
            Some("1. e4 e5 0-1\n1. d4 *"),
            Some("e4 e5"),
            OddityKind::NotAGame,
            1,
        ),
        ("null movetext", None, Some(""), OddityKind::NotAGame, 0),
        (
            "empty movetext",
            Some(""),
            Some(""),
            OddityKind::NotAGame,
            0,
        ),
        (
            "unclosed variation",
            Some("1. e4 ( 1. d4 d5 *"),
            Some("e4"),
            OddityKind::UnclosedVariation,
            1,
        ),
        (
            "carriage returns",
            Some("1. e4\r\n1... e5\r2. Nf3 *"),
            Some("e4 e5 Nf3"),
            OddityKind::NotAGame,
            0,
        ),
        (
            "byte order mark, tag",
            Some("1. e4\n\u{feff}[Site \"x\"]\n1... e5 *"),
            Some("e4 e5"),
            OddityKind::NotAGame,
            0,
        ),
        (
            "illegal move",
            Some("1. e4 e4 *"),
            None,
            OddityKind::NotAGame,
            0,
        ),
    ];
    for (why, cell, want, oddity, count) in cases {
        let batch = movetext_batch(&[Some(good), cell, Some(good)]);
        let (rows, tally, rejected) = pump_rows(&render(batch, TableOptions::new()));
        let (middle, rejected_want) = match want {
            Some(sans) => (Row::Game(sans.to_owned(), Some("p1".to_owned())), vec![]),
            None => (Row::Rejected, vec![1]),
        };
        assert_eq!(rejected, rejected_want, "{why}: game 2 is row 1");
        let around = |i: usize| Row::Game("e4 e5 Nf3".to_owned(), Some(format!("p{i}")));
        assert_eq!(rows, [around(0), middle, around(2)], "{why}");
        assert_eq!(tally.games_in(), 3, "{why}");
        assert_eq!(tally.oddities().count(oddity), count, "{why}");
    }
}

/// A whole game's PGN in the movetext column: its tags are the game's, after the columns'.
#[test]
fn ok_whole_pgn_column() {
    let cells = [
        Some("[Event \"Cell\"]\n[Black \"B\"]\n\n1. e4 e5 *\n"),
        Some("[Round \"3\"]\n"),
        Some("1. d4 *"),
    ];
    let pgn =
        String::from_utf8(render(movetext_batch(&cells), TableOptions::new())).expect("utf-8");
    let games: Vec<_> = pgn.split("\n\n[Event").collect();
    assert_eq!(games.len(), 3, "{pgn}");
    // The text's Event first, the roster's defaults but for the text's Black, the column's White.
    let want = "[Event \"Cell\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
                [White \"p0\"]\n[Result \"*\"]\n[Black \"B\"]\n\n1. e4 e5 *\n\n";
    assert!(pgn.starts_with(want), "{pgn}");
    let (rows, tally, _) = pump_rows(pgn.as_bytes());
    assert_eq!(tally.games_in(), 3);
    assert_eq!(
        rows[0],
        Row::Game("e4 e5".to_owned(), Some("p0".to_owned()))
    );
    assert_eq!(rows[1], Row::Game(String::new(), Some("p1".to_owned())));
}

/// The lichess layout's types: int16 ratings (differences with their sign), date32, time32[s].
#[test]
fn ok_lichess_columns() {
    let col = |v: Vec<Option<&str>>| -> ArrayRef { Arc::new(StringArray::from(v)) };
    let int = |v: Vec<Option<i16>>| -> ArrayRef { Arc::new(Int16Array::from(v)) };
    let batch = RecordBatch::try_from_iter([
        ("Event", col(vec![Some("Rated Blitz game"), None])),
        ("White", col(vec![Some("a\"b\\c\nd"), Some("x")])),
        ("Result", col(vec![Some("1-0"), None])),
        ("WhiteElo", int(vec![Some(1500), None])),
        ("WhiteRatingDiff", int(vec![Some(0), Some(-7)])),
        (
            "UTCDate",
            Arc::new(Date32Array::from(vec![Some(15_706), None])) as ArrayRef,
        ),
        (
            "UTCTime",
            Arc::new(Time32SecondArray::from(vec![Some(3_723), None])) as ArrayRef,
        ),
        ("movetext", col(vec![Some("1. e4 1-0"), Some("*")])),
    ])
    .expect("batch");
    let pgn = String::from_utf8(render(batch, TableOptions::new())).expect("utf-8");
    let want = "[Event \"Rated Blitz game\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
                [White \"a\\\"b\\\\c d\"]\n[Black \"?\"]\n[Result \"1-0\"]\n[WhiteElo \"1500\"]\n\
                [WhiteRatingDiff \"+0\"]\n[UTCDate \"2013.01.01\"]\n[UTCTime \"01:02:03\"]\n\n\
                1. e4 1-0\n\n\
                [Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"x\"]\n\
                [Black \"?\"]\n[Result \"*\"]\n[WhiteRatingDiff \"-7\"]\n\n*\n\n";
    assert_eq!(pgn, want);
}

/// Tables that cannot be read are refused, naming the column.
#[test]
fn err_table_columns() {
    let text: ArrayRef = Arc::new(StringArray::from(vec!["1. e4 *"]));
    let float: ArrayRef = Arc::new(arrow_array::Float64Array::from(vec![1.0]));
    // (why, columns, options, the message holds)
    type Case<'a> = (&'a str, Vec<(&'a str, ArrayRef)>, TableOptions, &'a str);
    let cases: [Case<'_>; 4] = [
        (
            "no movetext",
            vec![("moves", text.clone())],
            TableOptions::new(),
            "no movetext column \"movetext\"",
        ),
        (
            "named",
            vec![("moves", text.clone())],
            TableOptions::new().movetext_column("pgn"),
            "no movetext column \"pgn\"",
        ),
        (
            "bad name",
            vec![("White Elo", text.clone()), ("movetext", text.clone())],
            TableOptions::new(),
            "column \"White Elo\" is not a PGN tag name",
        ),
        (
            "bad type",
            vec![("Score", float), ("movetext", text.clone())],
            TableOptions::new(),
            "column \"Score\" is Float64",
        ),
    ];
    for (why, columns, options, want) in cases {
        let batch = RecordBatch::try_from_iter(columns).expect("batch");
        let err = RowsPgn::new([Ok(batch)], options)
            .read_to_end(&mut Vec::new())
            .expect_err(why);
        assert!(err.to_string().contains(want), "{why}: {err}");
    }
}

/// A Parquet file written by arrow-rs reads back as the same text as its batch, told by
/// content whatever its name; text files still read as PGN.
#[test]
fn ok_parquet_file() {
    let cells = [
        Some("1. e4 e5 *"),
        Some("1. d4 { [%clk 0:01:00] } d5 0-1"),
        None,
    ];
    let batch = movetext_batch(&cells);
    let dir = std::env::temp_dir().join(format!("scoresheet-table-input-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("games.pgn");
    let file = std::fs::File::create(&path).expect("create");
    let mut writer =
        parquet::arrow::ArrowWriter::try_new(file, batch.schema(), None).expect("writer");
    writer.write(&batch).expect("write");
    writer.close().expect("close");
    let options = TableOptions::new().batch_rows(2);
    let mut from_file = Vec::new();
    table_input::open(&path, &options)
        .expect("opens")
        .read_to_end(&mut from_file)
        .expect("reads");
    assert_eq!(from_file, render(batch, TableOptions::new()));
    let text = dir.join("games.parquet");
    std::fs::write(&text, "1. e4 *\n").expect("write");
    let mut plain = Vec::new();
    table_input::open(&text, &options)
        .expect("opens")
        .read_to_end(&mut plain)
        .expect("reads");
    assert_eq!(plain, b"1. e4 *\n");
    std::fs::remove_dir_all(&dir).expect("clean up");
}
