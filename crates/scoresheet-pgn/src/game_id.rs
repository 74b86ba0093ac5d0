//! A game's identity: the content hash and the `game_id` derived from it, the same in the
//! database (`scoresheet-db`), the export (`scoresheet-export`) and any other output that
//! names games.
//!
//! ```
//! use scoresheet_pgn::game_id::{content_hash, game_id_of, START_FEN};
//!
//! let tags = [("Result", "1-0"), ("White", "A")];
//! let hash = content_hash(tags, START_FEN, ["e4", "e5"]);
//! // Tag order does not count.
//! assert_eq!(hash, content_hash([("White", "A"), ("Result", "1-0")], START_FEN, ["e4", "e5"]));
//! assert!(game_id_of(hash) >= 0);
//! ```

use std::borrow::Cow;

use scoresheet::san::SanPlus;

/// The FEN of the standard start position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// XXH3-128 of the normalized game: the tags (`Result` included, as EGD gives it) sorted by
/// name then value, the start FEN and the moves in canonical SAN with `+`/`#` (EGD's `san`).
/// Comments, NAGs, move numbers and layout do not count. A NUL character in a tag counts as
/// U+FFFD (the database stores it so).
///
/// The text hashed is each tag as `name NUL value NUL`, then the byte 0x1E, the start FEN,
/// and each move preceded by a space.
pub fn content_hash<'a>(
    tags: impl IntoIterator<Item = (&'a str, &'a str)>,
    start_fen: &str,
    moves: impl IntoIterator<Item = &'a str>,
) -> u128 {
    content_hash_of_bytes(tags, start_fen, moves.into_iter().map(str::as_bytes))
}

/// [`content_hash`] with the moves given as their bytes (UTF-8, as SAN is), for a caller that
/// holds them so and need not check them again.
pub fn content_hash_of_bytes<'a>(
    tags: impl IntoIterator<Item = (&'a str, &'a str)>,
    start_fen: &str,
    moves: impl IntoIterator<Item = &'a [u8]>,
) -> u128 {
    hash_with(tags, start_fen, |text| {
        for san in moves {
            text.push(b" ");
            text.push(san);
        }
    })
}

/// [`content_hash`] with the moves given typed, written as SAN with their check or mate
/// suffix (an annotation such as `!` is not written), for a caller that has not written them.
pub fn content_hash_of_moves<'a>(
    tags: impl IntoIterator<Item = (&'a str, &'a str)>,
    start_fen: &str,
    moves: impl IntoIterator<Item = &'a SanPlus>,
) -> u128 {
    ContentHasher::default().hash_moves(tags, start_fen, moves)
}

/// The hash of the tags, the start FEN and what `moves` appends.
fn hash_with<'a>(
    tags: impl IntoIterator<Item = (&'a str, &'a str)>,
    start_fen: &str,
    moves: impl FnOnce(&mut HashText),
) -> u128 {
    ContentHasher::default().hash_with(tags, start_fen, moves)
}

/// [`content_hash_of_moves`] for one game after another, the same values for less work: the
/// text's buffer is kept from game to game, and the order the last game's tags sorted into is
/// tried first (games of one file mostly list the same tags in the same order), checked with
/// one comparison a tag instead of sorting them again.
///
/// ```
/// use scoresheet::san::SanPlus;
/// use scoresheet_pgn::game_id::{content_hash_of_moves, ContentHasher, START_FEN};
///
/// let moves: Vec<SanPlus> = ["e4", "e5"].iter().map(|m| m.parse()).collect::<Result<_, _>>()?;
/// let mut hasher = ContentHasher::default();
/// for tags in [[("White", "A"), ("Result", "1-0")], [("White", "B"), ("Result", "0-1")]] {
///     let want = content_hash_of_moves(tags, START_FEN, &moves);
///     assert_eq!(hasher.hash_moves(tags, START_FEN, &moves), want);
/// }
/// # Ok::<_, scoresheet::san::ParseSanError>(())
/// ```
#[derive(Debug, Default)]
pub struct ContentHasher {
    /// The bytes held of the text ([`HashText`]), kept empty between games.
    held: Vec<u8>,
    /// The input positions of the last game's tags, in sorted order.
    order: Vec<usize>,
}

impl ContentHasher {
    /// [`content_hash_of_moves`].
    pub fn hash_moves<'a>(
        &mut self,
        tags: impl IntoIterator<Item = (&'a str, &'a str)>,
        start_fen: &str,
        moves: impl IntoIterator<Item = &'a SanPlus>,
    ) -> u128 {
        self.hash_with(tags, start_fen, |text| {
            for san in moves {
                text.push_move(san);
            }
        })
    }

    /// The hash of the tags, the start FEN and what `moves` appends.
    fn hash_with<'a>(
        &mut self,
        tags: impl IntoIterator<Item = (&'a str, &'a str)>,
        start_fen: &str,
        moves: impl FnOnce(&mut HashText),
    ) -> u128 {
        let tags: Vec<(&'a str, &'a str)> = tags.into_iter().collect();
        self.held.clear();
        let mut text = HashText {
            held: std::mem::take(&mut self.held),
            streaming: None,
        };
        // A NUL in a tag is rare: the tags are written as given and their text searched once
        // for a NUL besides the separators; only then are they written again, each NUL as
        // U+FFFD ([`without_nul`]), and sorted by the replaced text.
        if !self.write_tags_as_given(&tags, &mut text) {
            let tags: Vec<(Cow<'a, str>, Cow<'a, str>)> = tags
                .iter()
                .map(|&(name, value)| (without_nul(name), without_nul(value)))
                .collect();
            self.sort(&tags);
            self.write_tags(&tags, &mut text);
        }
        text.push(&[0x1e]);
        text.push(start_fen.as_bytes());
        moves(&mut text);
        let (hash, held) = text.finish();
        self.held = held;
        hash
    }

    /// Writes `tags` sorted, as given, into `text` (empty), when they hold no NUL and fit in
    /// the bytes held ([`HashText::CHUNK`]); false, with `text` emptied again, when not.
    fn write_tags_as_given(&mut self, tags: &[(&str, &str)], text: &mut HashText) -> bool {
        let bytes: usize = tags.iter().map(|(n, v)| n.len() + v.len() + 2).sum();
        if bytes > HashText::CHUNK {
            return false;
        }
        self.sort(tags);
        self.write_tags(tags, text);
        let clean = memchr::memchr_iter(0, &text.held).count() == 2 * tags.len();
        if !clean {
            text.held.clear();
        }
        clean
    }

    /// Writes each tag of `tags`, in [`order`](Self::order), as `name NUL value NUL`.
    fn write_tags<T: AsRef<str>>(&self, tags: &[(T, T)], text: &mut HashText) {
        for &at in &self.order {
            let (name, value) = &tags[at];
            text.push_tag(name.as_ref().as_bytes(), value.as_ref().as_bytes());
        }
    }

    /// Sets [`order`](Self::order) to the positions of `tags` in sorted order (by name, then
    /// value: what sorting the pairs gives). The last game's order stands when it puts
    /// these tags in strictly increasing order, which only their sorted order does.
    fn sort<T: Ord>(&mut self, tags: &[T]) {
        let increasing = self.order.len() == tags.len()
            && self
                .order
                .windows(2)
                .all(|pair| tags.get(pair[0]) < tags.get(pair[1]));
        if !increasing {
            self.order.clear();
            self.order.extend(0..tags.len());
            self.order.sort_by(|&a, &b| tags[a].cmp(&tags[b]));
        }
    }
}

/// The text of a content hash, hashed as it is written: held up to [`HashText::CHUNK`]
/// bytes (almost every game: hashed at the end in one call), past that handed to a streaming
/// hasher chunk by chunk, so that a game with a 50 MB tag value is not copied whole once more
/// (issue 38). XXH3's streaming and one-shot forms give the same hash.
struct HashText {
    held: Vec<u8>,
    streaming: Option<twox_hash::XxHash3_128>,
}

impl HashText {
    /// The most bytes held before they are handed to the hasher.
    const CHUNK: usize = 64 << 10;

    /// Appends `bytes`.
    fn push(&mut self, bytes: &[u8]) {
        if self.held.len() + bytes.len() > HashText::CHUNK {
            self.spill();
            if bytes.len() > HashText::CHUNK {
                return self.hasher().write(bytes);
            }
        }
        self.held.extend_from_slice(bytes);
    }

    /// Appends a tag as `name NUL value NUL`.
    fn push_tag(&mut self, name: &[u8], value: &[u8]) {
        if self.held.len() + name.len() + value.len() + 2 > HashText::CHUNK {
            for part in [name, &[0], value, &[0]] {
                self.push(part);
            }
            return;
        }
        self.held.extend_from_slice(name);
        self.held.push(0);
        self.held.extend_from_slice(value);
        self.held.push(0);
    }

    /// Appends a space and a move in SAN with its suffix (its annotation left out).
    fn push_move(&mut self, san: &SanPlus) {
        // A move is at most ten bytes.
        if self.held.len() + 16 > HashText::CHUNK {
            self.spill();
        }
        self.held.push(b' ');
        san.san.write_with_suffix_to(san.suffix, &mut self.held);
    }

    fn hasher(&mut self) -> &mut twox_hash::XxHash3_128 {
        self.streaming
            .get_or_insert_with(twox_hash::XxHash3_128::new)
    }

    /// Hands the bytes held to the hasher.
    fn spill(&mut self) {
        let hasher = self
            .streaming
            .get_or_insert_with(twox_hash::XxHash3_128::new);
        hasher.write(&self.held);
        self.held.clear();
    }

    /// The hash, and the buffer (emptied when it grew past [`HashText::CHUNK`]).
    fn finish(mut self) -> (u128, Vec<u8>) {
        let hash = match self.streaming.take() {
            None => twox_hash::XxHash3_128::oneshot(&self.held),
            Some(mut hasher) => {
                hasher.write(&self.held);
                hasher.finish_128()
            }
        };
        let held = match self.held.capacity() > 2 * HashText::CHUNK {
            true => Vec::new(),
            false => self.held,
        };
        (hash, held)
    }
}

fn without_nul(text: &str) -> Cow<'_, str> {
    // Tag names and values are short: a plain loop is cheaper than a vector search's set-up.
    let has_nul = match text.len() {
        0..=64 => text.bytes().any(|b| b == 0),
        _ => memchr::memchr(0, text.as_bytes()).is_some(),
    };
    match has_nul {
        true => Cow::Owned(text.replace('\0', "\u{FFFD}")),
        false => Cow::Borrowed(text),
    }
}

/// The id of a game with this content hash: its high 63 bits, so that ids are positive.
pub fn game_id_of(hash: u128) -> i64 {
    // 128 - 65 = 63 bits: always below 2^63.
    i64::try_from(hash >> 65).unwrap_or(i64::MAX)
}

/// The start FEN a game is stored with: the FEN before its first move (`first`, written with
/// the en-passant square after every double push), else, for a game without moves, its `FEN`
/// tag as written, else [`START_FEN`].
pub fn stored_start_fen<'a>(first: Option<&'a str>, fen_tag: Option<&'a str>) -> &'a str {
    first.or(fen_tag).unwrap_or(START_FEN)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ok_hash_ignores_tag_order() {
        let h = |tags: [(&'static str, &'static str); 2]| content_hash(tags, START_FEN, ["e4"]);
        let a = h([("White", "a"), ("Black", "b")]);
        assert_eq!(a, h([("Black", "b"), ("White", "a")]));
        assert_ne!(a, h([("Black", "a"), ("White", "b")]));
    }

    #[test]
    fn ok_hash_of_nul_is_hash_of_replacement() {
        let a = content_hash([("X", "a\0b")], START_FEN, []);
        let b = content_hash([("X", "a\u{FFFD}b")], START_FEN, []);
        assert_eq!(a, b);
    }

    #[test]
    fn ok_hash_counts_moves_and_start() {
        let a = content_hash([], START_FEN, ["e4"]);
        assert_ne!(a, content_hash([], START_FEN, ["e4", "e5"]));
        assert_ne!(a, content_hash([], "8/8/8/8/8/8/8/K1k5 w - - 0 1", ["e4"]));
    }

    /// The hash is XXH3-128 of the text the docs describe, written here by hand, whatever
    /// its length: short, just over the bytes held at once, a tag value past them, thousands
    /// of moves (typed and as text).
    #[test]
    fn ok_hash_is_xxh3_of_the_documented_text() {
        let long = "v".repeat(3 * HashText::CHUNK + 5);
        let edge = "w".repeat(HashText::CHUNK - 20);
        let many: Vec<&str> = ["Nf3", "Nf6", "Ng1", "Ng8"].repeat(20_000);
        type Case<'a> = (&'a [(&'a str, &'a str)], &'a [&'a str]);
        let cases: [Case<'_>; 5] = [
            (&[("White", "a"), ("Result", "1-0")], &["e4", "e5"]),
            (&[("Event", edge.as_str())], &["e4", "e5", "Nf3"]),
            (&[("Event", long.as_str()), ("Black", "b")], &["d4"]),
            (&[("Site", "x")], &many),
            (&[], &[]),
        ];
        for (tags, moves) in cases {
            let mut sorted = tags.to_vec();
            sorted.sort();
            let mut text = Vec::new();
            for (name, value) in sorted {
                text.extend_from_slice(format!("{name}\0{value}\0").as_bytes());
            }
            text.push(0x1e);
            text.extend_from_slice(START_FEN.as_bytes());
            for san in moves {
                text.extend_from_slice(format!(" {san}").as_bytes());
            }
            let want = twox_hash::XxHash3_128::oneshot(&text);
            let tags = tags.iter().copied();
            assert_eq!(
                content_hash(tags.clone(), START_FEN, moves.iter().copied()),
                want
            );
            let typed: Vec<SanPlus> = moves.iter().map(|m| m.parse().expect("SAN")).collect();
            assert_eq!(content_hash_of_moves(tags, START_FEN, &typed), want);
        }
    }

    /// Issue 36: one hasher through games whose tags come in the last game's order, in
    /// another, fewer, more, or with two equal pairs gives each game the hash of a fresh one.
    #[test]
    fn ok_hasher_kept_across_games_issue_36() {
        let games: [&[(&str, &str)]; 7] = [
            &[("White", "a"), ("Black", "b"), ("Event", "e")],
            &[("White", "c"), ("Black", "d"), ("Event", "e")],
            &[("White", "c"), ("Black", "d"), ("Event", "a")],
            &[("Black", "d"), ("White", "c"), ("Event", "e")],
            &[("Black", "d"), ("White", "c")],
            &[("X", "1"), ("X", "1"), ("A", "2")],
            &[("X", "1"), ("X", "0"), ("A", "2")],
        ];
        let moves: Vec<SanPlus> = ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]
            .iter()
            .map(|m| m.parse().expect("SAN"))
            .collect();
        let mut hasher = ContentHasher::default();
        for tags in games.iter().chain(games.iter().rev()) {
            let tags = tags.iter().copied();
            let want = content_hash_of_moves(tags.clone(), START_FEN, &moves);
            assert_eq!(hasher.hash_moves(tags, START_FEN, &moves), want);
        }
    }

    #[test]
    fn ok_game_id_is_high_bits() {
        assert_eq!(game_id_of(u128::MAX), i64::MAX);
        assert_eq!(game_id_of(1 << 65), 1);
        assert_eq!(game_id_of((1 << 65) - 1), 0);
    }
}
