//! Opening classification from the lichess chess-openings table (`data/openings/*.tsv`, CC0;
//! its source and version are in `data/openings/README.md`), or from tables in its format
//! that the user gives ([`OpeningTable::read_paths`]; the format's grammar is in [`table`]'s
//! docs).
//!
//! A game's opening is the named position it reaches last within its first
//! [`SEARCH_PLIES`] plies, as lichess names games: positions are compared by placement, side
//! to move and castling rights, as lichess compares them (the Polyglot key without its
//! en-passant part, see [`without_en_passant`]), so a transposition into a named position counts, and the
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

#[cfg(any(test, target_arch = "wasm32"))]
mod compact;
pub mod table;

pub use table::{Opening, OpeningTable, ReadOpeningsError, ReadOpeningsErrorKind};

use std::borrow::Cow;

use scoresheet::{Move, Position};

/// How many plies of a game are searched for named positions: 40, as lichess does (the
/// table's longest line has 36).
pub const SEARCH_PLIES: u32 = 40;

/// `key`, the Polyglot key of `pos`, without its en-passant part: lichess keys the positions
/// of its openings by placement, side to move and castling rights, so `1. d4 c5 2. d5 d6 3. e4
/// e5` (after which d5xe6 en passant is possible) reaches the position of `1. d4 c5 2. d5 e5
/// 3. e4 d6` (Semi-Benoni) for lichess, where the two Polyglot keys differ.
pub fn without_en_passant(pos: &Position, key: u64) -> u64 {
    key ^ pos.polyglot_en_passant_key()
}

/// `tags` (name, value, in file order) as `opening` names the game: without their `ECO` and
/// `Opening` tags (any letter case) and with the opening's after the others; `tags` unchanged
/// when there is no opening. The one rule for the tags of a classified game: those `select
/// --classify` writes, and those its `--where` reads.
///
/// ```
/// use scoresheet_pgn::select::openings::{tags_with_opening, Opening};
///
/// let tags = [("ECO".to_owned(), "A00".to_owned()), ("White".to_owned(), "X".to_owned())];
/// let opening = Opening { eco: "C70", name: "Ruy Lopez: Morphy Defense" };
/// let named = tags_with_opening(&tags, Some(opening));
/// let names: Vec<_> = named.iter().map(|(n, v)| (n.as_str(), v.as_str())).collect();
/// assert_eq!(names, [("White", "X"), ("ECO", "C70"), ("Opening", "Ruy Lopez: Morphy Defense")]);
/// assert_eq!(tags_with_opening(&tags, None)[..], tags[..]);
/// ```
pub fn tags_with_opening<'a>(
    tags: &'a [(String, String)],
    opening: Option<Opening<'_>>,
) -> Cow<'a, [(String, String)]> {
    let Some(opening) = opening else {
        return Cow::Borrowed(tags);
    };
    let named =
        |name: &str| name.eq_ignore_ascii_case("ECO") || name.eq_ignore_ascii_case("Opening");
    let mut out: Vec<(String, String)> = Vec::with_capacity(tags.len() + 2);
    out.extend(tags.iter().filter(|(name, _)| !named(name)).cloned());
    out.push(("ECO".to_owned(), opening.eco.to_owned()));
    out.push(("Opening".to_owned(), opening.name.to_owned()));
    Cow::Owned(out)
}

/// The search for a game's opening, its table aside (so that an owner of the table, such as
/// the ply record's [`PlyRecorder`](crate::record::PlyRecorder), can keep it beside): the key
/// of the last named position reached in the first [`SEARCH_PLIES`] plies.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Search {
    plies: u32,
    named: Option<u64>,
}

impl Search {
    /// A game starts at `start`, whose Polyglot key is `key`.
    pub(crate) fn start(table: &OpeningTable, start: &Position, key: u64) -> Search {
        let key = without_en_passant(start, key);
        Search {
            plies: 0,
            named: table.contains(key).then_some(key),
        }
    }

    /// Whether the plies still to come are past the search.
    #[inline]
    pub(crate) fn is_over(&self) -> bool {
        self.plies >= SEARCH_PLIES
    }

    /// A ply led to `after`, whose Polyglot key is `key`: one table lookup within the first
    /// [`SEARCH_PLIES`] plies, nothing after.
    #[inline]
    pub(crate) fn ply(&mut self, table: &OpeningTable, after: &Position, key: u64) {
        if self.is_over() {
            return;
        }
        self.plies += 1;
        let key = without_en_passant(after, key);
        if table.contains(key) {
            self.named = Some(key);
        }
    }

    /// The opening found so far.
    pub(crate) fn opening<'t>(&self, table: &'t OpeningTable) -> Option<Opening<'t>> {
        table.get(self.named?)
    }
}

/// Classifies one game, fed its mainline moves, with a table borrowed for `'t`.
#[derive(Debug, Clone)]
pub struct Classifier<'t> {
    table: &'t OpeningTable,
    key: u64,
    search: Search,
}

impl Classifier<'static> {
    /// Starts a game at `start`, with the shipped table ([`OpeningTable::shipped`]).
    pub fn new(start: &Position) -> Classifier<'static> {
        Classifier::with_table(OpeningTable::shipped(), start)
    }
}

impl<'t> Classifier<'t> {
    /// Starts a game at `start`, with `table`.
    pub fn with_table(table: &'t OpeningTable, start: &Position) -> Classifier<'t> {
        let key = start.polyglot_key();
        Classifier {
            table,
            key,
            search: Search::start(table, start, key),
        }
    }

    /// The move `mv` led from `before` to `after` (`None`: a null move).
    #[inline]
    pub fn ply(&mut self, before: &Position, mv: impl Into<Option<Move>>, after: &Position) {
        if self.search.is_over() {
            return;
        }
        self.key = match mv.into() {
            Some(mv) => before.polyglot_key_after(self.key, mv, after),
            None => after.polyglot_key(),
        };
        self.search.ply(self.table, after, self.key);
    }

    /// The opening: the last named position reached so far.
    pub fn opening(&self) -> Option<Opening<'t>> {
        self.search.opening(self.table)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
