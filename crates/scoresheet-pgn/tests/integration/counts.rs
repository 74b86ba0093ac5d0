//! Game counts of the data files. Expected counts were found without this reader: for files
//! with tags by `grep -c '^\[Event '`, for the tagless EGD fixtures by reading them (one game
//! each).

use std::fs;

use scoresheet_pgn::{input, Reader};

use crate::common::{data_dir, games};

const COUNTS: [(&str, usize); 16] = [
    ("egd/00_readme_example.pgn", 1),
    ("egd/01_fen_test.pgn", 1),
    ("egd/02_polgar_vs_kasparov.pgn", 1),
    ("egd/03_nested.pgn", 1),
    ("egd/04_termination.pgn", 1),
    ("egd/05_no_termination.pgn", 1),
    ("egd/06_annotations.pgn", 1),
    ("egd/07_promotion.pgn", 1),
    ("egd/08_chesscom.pgn", 1),
    ("egd/09_enpassant.pgn", 1),
    ("egd/10_invalid.pgn", 1),
    ("egd/11_invalid_header.pgn", 1),
    ("sources/pychess_dortmund_first3.pgn", 3),
    ("sources/pychess_world_matches_first2.pgn", 2),
    ("sources/pythonchess_kasparov-deep-blue-1997.pgn", 6),
    ("sources/pythonchess_nepomniachtchi-liren-game1.pgn", 1),
];

#[test]
fn ok_game_counts() {
    for (file, want) in COUNTS {
        let bytes = fs::read(data_dir().join(file)).expect("test data present");
        assert_eq!(games(&bytes).len(), want, "{file}");
    }
}

#[test]
fn ok_game_counts_through_open_input() {
    for (file, want) in COUNTS {
        let src = input::open_input(data_dir().join(file)).expect("test data present");
        let mut reader = Reader::new(src);
        let mut count = 0;
        while reader.skip_game().expect("no read error") {
            count += 1;
        }
        assert_eq!(count, want, "{file}");
    }
}

/// The full shared corpus, when it is next to the project (it is not part of a fresh clone).
#[test]
fn ok_shared_real_pgn_count() {
    let path = data_dir().join("../../../../../shared/data/pgn/real.pgn");
    let Ok(bytes) = fs::read(&path) else {
        eprintln!("skipped: {} not found", path.display());
        return;
    };
    // grep -c '^\[Event ' real.pgn
    assert_eq!(games(&bytes).len(), 3970);
}

#[test]
fn ok_egd_fixtures() {
    let read = |file: &str| {
        let bytes = fs::read(data_dir().join("egd").join(file)).expect("test data present");
        games(&bytes).remove(0)
    };
    let game = read("01_fen_test.pgn");
    assert_eq!(game.summary(), "tags=0 [e4 a6 Bc4 a5 Ne2 a4 e5 f5 exf6] *");
    let game = read("03_nested.pgn");
    assert_eq!(game.summary(), "tags=0 [e4 c5 e5] *");
    let game = read("06_annotations.pgn");
    assert_eq!(game.summary(), "tags=0 [d4 d5 g4] none");
    assert_eq!(game.nags, [6, 5, 16]);
    let game = read("08_chesscom.pgn");
    assert_eq!(game.tag("Result"), Some("1-0"));
    assert!(
        game.comments.iter().all(|c| c.starts_with("[%clk")),
        "{:?}",
        game.comments
    );
    let game = read("10_invalid.pgn");
    assert_eq!(game.summary(), "tags=0 [e4 e5] *");
    assert!(game
        .oddities
        .contains(&scoresheet_pgn::OddityKind::UnknownToken));
    let game = read("11_invalid_header.pgn");
    assert_eq!(
        game.tags,
        [
            ("Event".into(), "S".into()),
            ("Arbiter".into(), "Johnny".into())
        ]
    );
}
