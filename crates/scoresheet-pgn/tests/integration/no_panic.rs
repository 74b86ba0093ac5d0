//! The reader never panics on any test file or fuzz seed (a stand-in until the fuzz target).

use std::{fs, path::Path};

use scoresheet_pgn::{BraceNesting, ReadOptions};

use crate::common::{data_dir, read_with};

fn files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in fs::read_dir(dir).expect("readable test data") {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            files(&path, out);
        } else {
            out.push(path);
        }
    }
}

#[test]
fn ok_every_data_file_and_seed() {
    let mut paths = Vec::new();
    files(&data_dir(), &mut paths);
    let seeds = paths
        .iter()
        .filter(|p| p.to_string_lossy().contains("seeds/pgn/"))
        .count();
    assert_eq!(seeds, 50, "all PGN seeds copied");
    let options = [
        ReadOptions::new(),
        ReadOptions::new().brace_nesting(BraceNesting::Counted),
        ReadOptions::new().max_game_bytes(64).max_variation_depth(1),
    ];
    for path in paths {
        let bytes = fs::read(&path).expect("readable test data");
        for options in options {
            let games = read_with(&bytes, options);
            assert!(games.len() <= bytes.len() + 1, "{}", path.display());
        }
    }
}
