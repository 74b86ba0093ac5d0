//! The whole shared corpus (`shared/data/pgn/real.pgn`, beside the repository), when present.

use std::path::Path;

use crate::common::*;

#[test]
#[ignore = "loads the 3970-game corpus: run with --ignored"]
fn ok_full_corpus_sqlite() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/pgn/real.pgn");
    if !path.exists() {
        eprintln!("skipped: {} not found", path.display());
        return;
    }
    let (mut db, _) = sqlite_db("corpus");
    let (summary, rejected) = load_file(&mut db, &path, 1000);
    assert!(rejected.is_empty(), "{rejected:?}");
    assert_eq!(summary.stored as usize, reader_count(&path));
    assert_eq!(summary.stored, 3970);
    assert_eq!(summary.moves, 332_315);
    // Every ply reads back equal to its EGD record, the FENs that the view moves_fen computes
    // (schema version 5) among the rest.
    let games = egd_games(&path);
    let ids = game_ids(&mut db);
    assert_eq!(ids.len(), games.len());
    for (id, want) in ids.iter().zip(&games) {
        let got = db.game(*id).expect("reads").expect("stored");
        assert_eq!(got.moves, want.moves, "game {id}");
    }
}
