//! Helpers shared by the integration tests: data paths, EPD lines, a small movetext splitter.

use std::path::PathBuf;

use scoresheet::{CastlingMode, Position};

/// The path of a file in `tests/data/`.
pub fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

/// The text of a file in `tests/data/`.
pub fn read(name: &str) -> String {
    std::fs::read_to_string(data(name)).expect("test data file exists (tests/data)")
}

/// One EPD perft line: FEN and (depth, nodes) pairs.
pub struct PerftLine {
    pub fen: String,
    pub counts: Vec<(u32, u64)>,
}

/// Parses `FEN ;D1 n ;D2 n ...` lines, skipping comments and blank lines.
pub fn perft_lines(text: &str) -> Vec<PerftLine> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let mut parts = line.split(';');
            let fen = parts.next().expect("fen before ';'").trim().to_owned();
            let counts = parts
                .map(|p| {
                    let mut it = p.trim().trim_start_matches('D').split_whitespace();
                    let depth = it.next().and_then(|d| d.parse().ok()).expect("depth");
                    let nodes = it.next().and_then(|n| n.parse().ok()).expect("nodes");
                    (depth, nodes)
                })
                .collect();
            PerftLine { fen, counts }
        })
        .collect()
}

/// Loads a perft FEN (four fields allowed), trying standard castling first, then Chess960.
pub fn perft_position(fen: &str) -> Result<Position, scoresheet::FenError> {
    let setup = scoresheet::fen::Fen::from_ascii_lenient(fen.as_bytes())
        .map_err(scoresheet::FenError::Parse)?
        .into_setup();
    Position::from_setup_any_material(&setup, CastlingMode::Standard)
        .or_else(|_| Position::from_setup_any_material(&setup, CastlingMode::Chess960))
        .map_err(scoresheet::FenError::Position)
}

/// A game of a clean PGN file: its `FEN` tag, if any, and its mainline SAN tokens.
#[derive(Default)]
pub struct CleanGame {
    pub fen: Option<String>,
    pub moves: Vec<String>,
}

impl CleanGame {
    /// The start position (the FEN tag's, else the standard one).
    pub fn start(&self) -> Position {
        match &self.fen {
            Some(fen) => Position::from_fen(fen, CastlingMode::Standard).expect("FEN tag is legal"),
            None => Position::new(),
        }
    }
}

/// The games of a PGN file without comments or variations (such as `real_clean.pgn`): tag
/// lines skipped but for `FEN`, move numbers and results dropped.
pub fn clean_games(text: &str) -> Vec<CleanGame> {
    let mut games = Vec::new();
    let mut current = CleanGame::default();
    for line in text.lines() {
        if line.starts_with('[') {
            if !current.moves.is_empty() {
                games.push(std::mem::take(&mut current));
            }
            if let Some(fen) = line.strip_prefix("[FEN \"") {
                current.fen = Some(fen.trim_end_matches("\"]").to_owned());
            }
            continue;
        }
        for token in line.split_whitespace() {
            let is_number = token
                .trim_end_matches('.')
                .chars()
                .all(|c| c.is_ascii_digit());
            let is_result = matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*");
            if !is_number && !is_result {
                let san = token.rsplit('.').next().unwrap_or(token);
                current.moves.push(san.to_owned());
            }
        }
    }
    if !current.moves.is_empty() {
        games.push(current);
    }
    games
}

/// Whether the long suites run whole: `SCORESHEET_FULL_TESTS=1` (README, "Tests"). Without it
/// they check a fixed sample (every `stride`th game), still asserting on each case checked.
pub fn full_tests() -> bool {
    std::env::var_os("SCORESHEET_FULL_TESTS").is_some_and(|v| v == "1")
}

/// Every case with `SCORESHEET_FULL_TESTS=1`, else every `every`th: the stride of a sample.
pub fn stride(every: usize) -> usize {
    if full_tests() {
        1
    } else {
        every
    }
}
