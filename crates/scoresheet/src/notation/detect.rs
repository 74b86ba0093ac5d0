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
//! ([`is_ambiguous`]): `e2e4 e7e5` is UCI, Smith and quantum notation alike.
//!
//! The candidates: every [`Notation::ALL`] reader once (`figurine` stands for the three
//! figurine writers, `eran` for both ERAN forms, which read alike), then localized SAN and LAN
//! in every [`Lang`] but English, by code.

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

#[cfg(test)]
mod tests {
    use super::*;

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
}
