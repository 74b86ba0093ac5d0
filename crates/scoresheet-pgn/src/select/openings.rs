//! Opening classification from the lichess chess-openings table (`data/openings/*.tsv`, CC0;
//! its source and version are in `data/openings/README.md`).
//!
//! A game's opening is the named position it reaches last within its first
//! [`SEARCH_PLIES`] plies, as lichess names games: positions are compared by placement, side
//! to move and castling rights, as lichess compares them (the Polyglot key without its
//! en-passant part, see [`table`]), so a transposition into a named position counts, and the
//! moves that led there do not matter, nor whether the last one was a double pawn push.
//!
//! ```
//! use scoresheet_pgn::replay::ReplayedGames;
//! use scoresheet_pgn::select::openings;
//!
//! let pgn = "1. Nf3 c5 2. e4 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 *";
//! let game = ReplayedGames::new(pgn.as_bytes()).next().expect("a game")?;
//! let mut classifier = openings::Classifier::new(&game.start);
//! let mut pos = game.start.clone();
//! for ply in &game.plies {
//!     let mv = ply.mv.expect("no null move");
//!     let before = pos.clone();
//!     pos.play(mv)?;
//!     classifier.ply(&before, mv, &pos);
//! }
//! let opening = classifier.opening().expect("named");
//! assert_eq!((opening.eco, opening.name), ("B90", "Sicilian Defense: Najdorf Variation"));
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use std::collections::HashMap;
use std::sync::OnceLock;

use scoresheet::{Move, Position};

use crate::replay::{read_token, TokenMove};

/// How many plies of a game are searched for named positions: 40, as lichess does (the
/// table's longest line has 36).
pub const SEARCH_PLIES: u32 = 40;

/// The table's rows, ECO volume by volume.
const TABLE: [&str; 5] = [
    include_str!("../../data/openings/a.tsv"),
    include_str!("../../data/openings/b.tsv"),
    include_str!("../../data/openings/c.tsv"),
    include_str!("../../data/openings/d.tsv"),
    include_str!("../../data/openings/e.tsv"),
];

/// A named opening: its ECO code and name as the table writes them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Opening {
    /// The ECO code (`B90`).
    pub eco: &'static str,
    /// The name (`Sicilian Defense: Najdorf Variation`).
    pub name: &'static str,
}

/// The table's positions: key (the Polyglot key without its en-passant part, see
/// [`without_en_passant`]) to opening. Built at first use by replaying each row's moves (about
/// 3,600 rows, a few milliseconds); when two rows reach one position the first in table order
/// names it.
pub fn table() -> &'static HashMap<u64, Opening> {
    static TABLE_KEYS: OnceLock<HashMap<u64, Opening>> = OnceLock::new();
    TABLE_KEYS.get_or_init(build)
}

fn build() -> HashMap<u64, Opening> {
    let mut keys = HashMap::with_capacity(4096);
    for row in TABLE.iter().flat_map(|volume| volume.lines().skip(1)) {
        let mut fields = row.split('\t');
        let (Some(eco), Some(name), Some(moves)) = (fields.next(), fields.next(), fields.next())
        else {
            continue;
        };
        if let Some(key) = play(moves) {
            keys.entry(key).or_insert(Opening { eco, name });
        }
    }
    keys
}

/// The key of the position a row's moves (`1. e4 e5 2. Nf3`) lead to; `None` if one is not
/// legal (no row of the shipped table; the tests check every row plays).
fn play(moves: &str) -> Option<u64> {
    let mut pos = Position::new();
    for word in moves.split_ascii_whitespace() {
        let token = word.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
        if token.is_empty() {
            continue;
        }
        match read_token(&pos, token.as_bytes()).ok()? {
            TokenMove::Move { mv, .. } => pos.play_unchecked(mv),
            TokenMove::Null => return None,
        }
    }
    Some(without_en_passant(&pos, pos.polyglot_key()))
}

/// `key`, the Polyglot key of `pos`, without its en-passant part: lichess keys the positions
/// of its openings by placement, side to move and castling rights, so `1. d4 c5 2. d5 d6 3. e4
/// e5` (after which d5xe6 en passant is possible) reaches the position of `1. d4 c5 2. d5 e5
/// 3. e4 d6` (Semi-Benoni) for lichess, where the two Polyglot keys differ.
pub fn without_en_passant(pos: &Position, key: u64) -> u64 {
    key ^ pos.polyglot_en_passant_key()
}

/// Classifies one game, fed its mainline moves.
#[derive(Debug, Clone)]
pub struct Classifier {
    key: u64,
    plies: u32,
    opening: Option<Opening>,
}

impl Classifier {
    /// Starts a game at `start`.
    pub fn new(start: &Position) -> Classifier {
        let key = start.polyglot_key();
        Classifier {
            key,
            plies: 0,
            opening: table().get(&without_en_passant(start, key)).copied(),
        }
    }

    /// The move `mv` led from `before` to `after` (`None`: a null move).
    pub fn ply(&mut self, before: &Position, mv: impl Into<Option<Move>>, after: &Position) {
        if self.plies >= SEARCH_PLIES {
            return;
        }
        self.plies += 1;
        self.key = match mv.into() {
            Some(mv) => before.polyglot_key_after(self.key, mv, after),
            None => after.polyglot_key(),
        };
        if let Some(&opening) = table().get(&without_en_passant(after, self.key)) {
            self.opening = Some(opening);
        }
    }

    /// The opening: the last named position reached so far.
    pub fn opening(&self) -> Option<Opening> {
        self.opening
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ok_every_row_plays() {
        let rows: Vec<&str> = TABLE.iter().flat_map(|v| v.lines().skip(1)).collect();
        assert!(rows.len() > 3000, "{} rows", rows.len());
        for row in rows {
            let moves = row.split('\t').nth(2).expect("three fields");
            assert!(play(moves).is_some(), "{row}");
        }
    }

    #[test]
    fn ok_ep_keys_are_the_polyglot_ones() {
        // The format's published example: after 1. e4 d5 2. e5 f5 the key includes file f.
        let with_ep = 0x22a48b5a8e47ff78;
        let pos = Position::from_fen(
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            scoresheet::CastlingMode::Standard,
        )
        .expect("valid");
        assert_eq!(pos.polyglot_key(), with_ep);
        let plain = Position::from_fen(
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3",
            scoresheet::CastlingMode::Standard,
        )
        .expect("valid");
        assert_eq!(without_en_passant(&pos, with_ep), plain.polyglot_key());
        assert_eq!(
            without_en_passant(&plain, plain.polyglot_key()),
            plain.polyglot_key()
        );
    }

    #[test]
    fn ok_start_position_is_not_named() {
        assert_eq!(Classifier::new(&Position::new()).opening(), None);
    }
}
