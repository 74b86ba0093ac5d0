//! Telling which notation a move list is written in: every reader is tried on the moves from
//! the start position, and those that play through are ranked.
//!
//! ```
//! use scoresheet::notation::detect::detect;
//! use scoresheet::Position;
//! let moves: [&[u8]; 5] = [b"e4", b"e5", b"Cf3", b"Cc6", b"Fb5"];
//! let found = detect(&Position::new(), &moves);
//! assert_eq!(found[0].notation.name(), "san-fr");
//! assert!(found[0].is_complete(moves.len()));
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! # Ranking
//! Each candidate reads the moves one by one, resolving each in the position reached, twice:
//! with the strict reader and with the lenient one ([`Notation::parse_move_strict`],
//! [`Notation::parse_move`]). A candidate's score is the number of moves the lenient reader
//! played before the first it refused, then the number the strict reader played; candidates
//! are sorted by score, best first (then by their order below). Candidates that read no move
//! are left out. When the two best share a score, the list is ambiguous
//! ([`is_ambiguous`]): `e2e4 e7e5` is UCI, Smith and quantum notation alike. The tied
//! candidates ([`best`]) may still read the same moves ([`read_alike`]): then which one wrote
//! the list does not matter to a converter.
//!
//! The candidates: every [`Notation::ALL`] reader once (`figurine` stands for the three
//! figurine writers, `eran` for both ERAN forms, which read alike), then localized SAN and LAN
//! in every [`Lang`] but English, by code.

use crate::chess_move::Move;
use crate::figurine::GlyphChoice;
use crate::localized::Lang;
use crate::notation::Notation;
use crate::position::Position;

/// How far one notation read a move list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Detection {
    /// The notation tried.
    pub notation: Notation,
    /// Moves its lenient reader played before the first it refused.
    pub lenient: usize,
    /// Moves its strict reader played before the first it refused.
    pub strict: usize,
}

impl Detection {
    /// Whether the lenient reader played all `total` moves.
    pub const fn is_complete(&self, total: usize) -> bool {
        self.lenient == total
    }
}

/// The notations tried, in the order ties keep.
pub fn candidates() -> Vec<Notation> {
    let mut all: Vec<Notation> = Notation::ALL
        .into_iter()
        .filter(|n| {
            !matches!(
                n,
                Notation::EranShort
                    | Notation::Figurine(GlyphChoice::Black | GlyphChoice::SideToMove)
            )
        })
        .collect();
    for lang in Lang::ALL.into_iter().filter(|l| *l != Lang::ENGLISH) {
        all.extend(
            [Notation::San.with_lang(lang), Notation::Lan.with_lang(lang)]
                .into_iter()
                .flatten(),
        );
    }
    all
}

/// Moves `notation` plays from `pos` before the first it refuses.
fn played(pos: &Position, moves: &[&[u8]], notation: Notation, strict: bool) -> usize {
    let mut pos = pos.clone();
    for (i, text) in moves.iter().enumerate() {
        let read = if strict {
            notation.parse_move_strict(&pos, text)
        } else {
            notation.parse_move(&pos, text)
        };
        match read {
            Ok(mv) => pos.play_unchecked(mv),
            Err(_) => return i,
        }
    }
    moves.len()
}

/// Every candidate that reads at least one move, best first (see the module docs).
pub fn detect(pos: &Position, moves: &[&[u8]]) -> Vec<Detection> {
    let mut found: Vec<Detection> = candidates()
        .into_iter()
        .map(|notation| Detection {
            notation,
            lenient: played(pos, moves, notation, false),
            strict: played(pos, moves, notation, true),
        })
        .filter(|d| d.lenient > 0 || d.strict > 0)
        .collect();
    // A stable sort keeps the candidates' order among equals.
    found.sort_by_key(|d| std::cmp::Reverse((d.lenient, d.strict)));
    found
}

/// Whether the best two detections share their score.
pub fn is_ambiguous(found: &[Detection]) -> bool {
    match found {
        [a, b, ..] => (a.lenient, a.strict) == (b.lenient, b.strict),
        _ => false,
    }
}

/// The detections that share the best score: the first of `found` (sorted as [`detect`] sorts)
/// and those tied with it; empty when `found` is.
pub fn best(found: &[Detection]) -> &[Detection] {
    let score = |d: &Detection| (d.lenient, d.strict);
    match found.first() {
        Some(first) => {
            let tied = found
                .iter()
                .take_while(|d| score(d) == score(first))
                .count();
            &found[..tied]
        }
        None => &[],
    }
}

/// The moves `notation` reads (leniently) from `pos`, up to the first it refuses.
fn moves_read(pos: &Position, moves: &[&[u8]], notation: Notation) -> Vec<Move> {
    let mut pos = pos.clone();
    let mut read = Vec::with_capacity(moves.len());
    for text in moves {
        match notation.parse_move(&pos, text) {
            Ok(mv) => {
                pos.play_unchecked(mv);
                read.push(mv);
            }
            Err(_) => break,
        }
    }
    read
}

/// Whether every detection of `found` reads the same moves from `pos` (leniently, up to the
/// first it refuses): `e2e4 e7e5` read as UCI or as Smith, `Sf3` read as German or Swedish.
/// True for fewer than two detections.
pub fn read_alike(pos: &Position, moves: &[&[u8]], found: &[Detection]) -> bool {
    let mut read = found.iter().map(|d| moves_read(pos, moves, d.notation));
    match read.next() {
        Some(first) => read.all(|other| other == first),
        None => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::CastlingMode;

    fn names(moves: &[&str]) -> Vec<(String, usize, usize)> {
        let bytes: Vec<&[u8]> = moves.iter().map(|m| m.as_bytes()).collect();
        detect(&Position::new(), &bytes)
            .into_iter()
            .map(|d| (d.notation.name().to_owned(), d.lenient, d.strict))
            .collect()
    }

    #[test]
    fn ok_each_notation_is_found_first() {
        for (moves, want) in [
            (&["e4", "e5", "Nf3", "Nc6", "Bb5"][..], "san"),
            (&["e4", "e5", "Cf3", "Cc6", "Fb5"][..], "san-fr"),
            (&["e4", "e5", "Кf3", "Кc6", "Сb5"][..], "san-ru"),
            (&["e4", "e5", "♘f3", "♞c6", "♗b5"][..], "figurine"),
            (&["5254", "5755", "7163"][..], "iccf"),
            (&["e2-e4", "e7-e5", "Ng1-f3"][..], "lan"),
            (&["Pawn e2-e4", "Pawn e7-e5"][..], "eran"),
            (&["P-K4", "P-K4", "N-KB3", "N-QB3"][..], "descriptive"),
        ] {
            let found = names(moves);
            assert_eq!(found[0].0, want, "{moves:?}: {found:?}");
            assert_eq!(
                (found[0].1, found[0].2),
                (moves.len(), moves.len()),
                "{moves:?}"
            );
        }
    }

    #[test]
    fn ok_ambiguity_is_reported() {
        let moves: [&[u8]; 2] = [b"e2e4", b"e7e5"];
        let found = detect(&Position::new(), &moves);
        assert!(is_ambiguous(&found));
        let tied: Vec<&str> = found
            .iter()
            .take_while(|d| (d.lenient, d.strict) == (2, 2))
            .map(|d| d.notation.name())
            .collect();
        assert_eq!(tied, ["uci", "quantum", "smith"]);
        let smith: [&[u8]; 3] = [b"e2e4", b"d7d5", b"e4d5p"];
        let found = detect(&Position::new(), &smith);
        assert_eq!(found[0].notation, Notation::Smith);
        assert!(!is_ambiguous(&found));
        assert!(detect(&Position::new(), &[b"xyz"]).is_empty());
    }

    /// Danish, German, Norwegian and Swedish share their letters, Croatian too but for the
    /// pawn: a German move list is all of them, and reported as ambiguous.
    #[test]
    fn ok_languages_with_the_same_letters_tie() {
        let moves: [&[u8]; 5] = [b"e4", b"e5", b"Sf3", b"Sc6", b"Lb5"];
        let found = detect(&Position::new(), &moves);
        assert!(is_ambiguous(&found));
        let tied: Vec<&str> = found
            .iter()
            .take_while(|d| (d.lenient, d.strict) == (5, 5))
            .map(|d| d.notation.name())
            .collect();
        assert_eq!(tied, ["san-da", "san-de", "san-hr", "san-no", "san-sv"]);
    }

    #[test]
    fn ok_best_and_read_alike() {
        let pos = Position::new();
        let german: [&[u8]; 3] = [b"e4", b"e5", b"Sf3"];
        let found = detect(&pos, &german);
        let names: Vec<&str> = best(&found).iter().map(|d| d.notation.name()).collect();
        // Polish `S` is the knight too; only `L` (its bishop is `G`) told it apart above.
        assert_eq!(
            names,
            ["san-da", "san-de", "san-hr", "san-no", "san-pl", "san-sv"]
        );
        assert!(read_alike(&pos, &german, best(&found)));
        // `Lb5` is a bishop move in German, a queen move in Estonian: with a queen on b1 and
        // a bishop on f1 both read it, as different moves.
        let pos = Position::from_fen("4k3/8/8/8/8/8/8/1Q2KB2 w - - 0 1", CastlingMode::Standard)
            .expect("legal FEN");
        let clash: [&[u8]; 1] = [b"Lb5"];
        let found = detect(&pos, &clash);
        let bishop = Notation::San.with_lang(Lang::from_code("de").expect("German"));
        let queen = Notation::San.with_lang(Lang::from_code("et").expect("Estonian"));
        let pair: Vec<Detection> = found
            .iter()
            .filter(|d| Some(d.notation) == bishop || Some(d.notation) == queen)
            .copied()
            .collect();
        assert_eq!(pair.len(), 2, "{found:?}");
        assert!(!read_alike(&pos, &clash, &pair));
        assert!(best(&[]).is_empty());
        assert!(read_alike(&pos, &clash, &[]));
    }
}
