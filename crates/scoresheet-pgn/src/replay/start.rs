//! Where a game starts: the `FEN`, `SetUp` and `Variant` tags.

use scoresheet::fen::{Fen, FenRepair};
use scoresheet::{CastlingMode, FenError, Position};

use super::{GameError, GameErrorKind};
use crate::{Location, RawTag};

/// The rules a game is played under, from its `Variant` tag.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Standard chess (also a game from a set-up position).
    Standard,
    /// Chess960 (Fischer random chess): castling with the king and rooks where the start
    /// position put them.
    Chess960,
}

/// `Variant` tag values read as standard chess, compared after [`normalize`]: the names
/// written by lichess, chess.com, ChessBase, cutechess, SCID and the PGN standard's silence.
const STANDARD: [&str; 9] = [
    "",
    "standard",
    "chess",
    "normal",
    "fromposition",
    "regular",
    "classical",
    "orthodox",
    "international",
];

/// `Variant` tag values read as Chess960, compared after [`normalize`].
const CHESS960: [&str; 9] = [
    "chess960",
    "960",
    "fischerandom",
    "fischerrandom",
    "fischerrandomchess",
    "frc",
    "freestyle",
    "freestylechess",
    "chess960fischerandom",
];

/// Lower-case ASCII letters and digits only: `Fischer Random` and `fischer-random` are
/// `fischerrandom`.
fn normalize(name: &str) -> String {
    name.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

impl Variant {
    /// Reads a `Variant` tag value: the one table of names this crate knows, compared without
    /// case, spaces, hyphens or other punctuation. `None` for any other variant (Antichess,
    /// Crazyhouse, ...), which no command replays.
    ///
    /// ```
    /// use scoresheet_pgn::replay::Variant;
    /// assert_eq!(Variant::from_tag("Fischer Random"), Some(Variant::Chess960));
    /// assert_eq!(Variant::from_tag("From Position"), Some(Variant::Standard));
    /// assert_eq!(Variant::from_tag("Antichess"), None);
    /// ```
    pub fn from_tag(value: &str) -> Option<Variant> {
        let name = normalize(value);
        if STANDARD.contains(&name.as_str()) {
            Some(Variant::Standard)
        } else if CHESS960.contains(&name.as_str()) {
            Some(Variant::Chess960)
        } else {
            None
        }
    }
}

/// The tags that decide where a game starts, collected while its tags are read. Tag names
/// are matched without case (`fEn` is `FEN`); a repeated tag keeps its last value.
#[derive(Debug, Clone, Default)]
pub struct StartTags {
    fen: Option<(String, Location)>,
    variant: Option<(String, Location)>,
    /// Where a `SetUp "1"` tag is.
    set_up: Option<Location>,
}

impl StartTags {
    /// No tags yet.
    pub fn new() -> StartTags {
        StartTags::default()
    }

    /// Forgets the tags of the last game.
    pub fn clear(&mut self) {
        self.fen = None;
        self.variant = None;
        self.set_up = None;
    }

    /// Notes a tag if it is `FEN` or `Variant`; returns whether it was. (`SetUp` is not
    /// needed: a `FEN` tag is honoured with or without it. `SetUp "1"` is noted for
    /// [`set_up_without_fen`](StartTags::set_up_without_fen).)
    pub fn note(&mut self, name: &[u8], value: &RawTag<'_>) -> bool {
        if name.eq_ignore_ascii_case(b"SetUp") {
            if value.decode().trim() == "1" {
                self.set_up = Some(value.location());
            }
            return false;
        }
        let slot = if name.eq_ignore_ascii_case(b"FEN") {
            &mut self.fen
        } else if name.eq_ignore_ascii_case(b"Variant") {
            &mut self.variant
        } else {
            return false;
        };
        *slot = Some((value.decode().trim().to_owned(), value.location()));
        true
    }

    /// Where the `FEN` tag is, if there is one.
    pub fn fen_location(&self) -> Option<Location> {
        self.fen.as_ref().map(|(_, at)| *at)
    }

    /// Where the tag is that marks the game as set up from a position (`SetUp "1"`, or a
    /// `Variant` such as `From Position`) when there is no `FEN` tag to give that position:
    /// the game is then replayed from the standard start, a repair to report
    /// ([`OddityKind::SetUpWithoutFen`](crate::OddityKind::SetUpWithoutFen)).
    pub fn set_up_without_fen(&self) -> Option<Location> {
        if self.fen.is_some() {
            return None;
        }
        let from_position = self
            .variant
            .as_ref()
            .filter(|(name, _)| normalize(name) == "fromposition")
            .map(|(_, at)| *at);
        self.set_up.or(from_position)
    }

    /// The `FEN` tag's value, if any.
    pub fn fen(&self) -> Option<&str> {
        self.fen.as_ref().map(|(fen, _)| fen.as_str())
    }

    /// The position the game starts from:
    ///
    /// - a `Variant` tag that [`Variant::from_tag`] does not know is an error naming it;
    /// - without a `FEN` tag, the standard start position (with Chess960 castling for a
    ///   Chess960 game);
    /// - with one, the FEN read leniently; castling rights are read as Chess960 when the
    ///   variant says so or when the FEN needs it (Shredder-FEN letters, or X-FEN rights
    ///   whose king or rook is not on a standard square).
    ///
    /// # Errors
    ///
    /// [`GameErrorKind::Variant`] or [`GameErrorKind::Fen`], at the tag.
    pub fn start_position(&self) -> Result<Position, GameError> {
        self.start_position_repaired().map(|(pos, _)| pos)
    }

    /// As [`start_position`](StartTags::start_position), with what the lenient reading of the
    /// `FEN` tag repaired (castling rights the position cannot have, a fullmove number of 0,
    /// ...), for the caller to report.
    ///
    /// # Errors
    ///
    /// As [`start_position`](StartTags::start_position).
    pub fn start_position_repaired(&self) -> Result<(Position, Vec<FenRepair>), GameError> {
        let variant = match &self.variant {
            None => Variant::Standard,
            Some((name, at)) => Variant::from_tag(name)
                .ok_or_else(|| GameError::new(GameErrorKind::Variant, *at, name))?,
        };
        let Some((fen, at)) = &self.fen else {
            let mut pos = Position::new();
            if variant == Variant::Chess960 {
                pos.set_castling_mode(CastlingMode::Chess960);
            }
            return Ok((pos, Vec::new()));
        };
        position_from_fen(fen, variant).map_err(|e| GameError::new(GameErrorKind::Fen(e), *at, fen))
    }
}

/// A position from a `FEN` tag, read leniently, in the castling mode it needs, with what was
/// repaired.
fn position_from_fen(fen: &str, variant: Variant) -> Result<(Position, Vec<FenRepair>), FenError> {
    let (parsed, mut repairs) =
        Fen::from_ascii_repaired(fen.as_bytes()).map_err(FenError::Parse)?;
    let setup = parsed.into_setup();
    let mode = match variant {
        Variant::Chess960 => CastlingMode::Chess960,
        Variant::Standard => CastlingMode::detect(&setup),
    };
    let (pos, more) = Position::from_setup_repaired(&setup, mode).map_err(FenError::Position)?;
    repairs.extend(more);
    Ok((pos, repairs))
}

#[cfg(test)]
mod tests {
    use super::*;
    use scoresheet::EnPassantMode;

    #[test]
    fn ok_variant_names() {
        let cases = [
            ("Standard", Some(Variant::Standard)),
            ("", Some(Variant::Standard)),
            ("From Position", Some(Variant::Standard)),
            ("fromPosition", Some(Variant::Standard)),
            ("Chess960", Some(Variant::Chess960)),
            ("chess 960", Some(Variant::Chess960)),
            ("fischerandom", Some(Variant::Chess960)),
            ("Fischer Random", Some(Variant::Chess960)),
            ("FRC", Some(Variant::Chess960)),
            ("Antichess", None),
            ("starwars", None),
            ("crazyhouse", None),
        ];
        for (name, want) in cases {
            assert_eq!(Variant::from_tag(name), want, "{name:?}");
        }
    }

    fn tags(list: &[(&str, &str)]) -> StartTags {
        let mut tags = StartTags::new();
        for (name, value) in list {
            let raw = RawTag {
                bytes: value.as_bytes(),
                position: Location::default(),
            };
            tags.note(name.as_bytes(), &raw);
        }
        tags
    }

    type Tags = &'static [(&'static str, &'static str)];

    #[test]
    fn ok_set_up_without_fen() {
        const FEN: (&str, &str) = ("FEN", "8/8/8/8/8/8/k7/7K b - - 3 40");
        let cases: [(Tags, bool); 8] = [
            (&[("SetUp", "1")], true),
            (&[("setup", " 1 ")], true),
            (&[("Variant", "From Position")], true),
            (&[("SetUp", "1"), FEN], false),
            (&[("Variant", "From Position"), FEN], false),
            (&[("SetUp", "0")], false),
            (&[("Variant", "Standard")], false),
            (&[], false),
        ];
        for (list, want) in cases {
            let got = tags(list).set_up_without_fen().is_some();
            assert_eq!(got, want, "{list:?}");
        }
    }

    #[test]
    fn ok_start_position() {
        const X_FEN_960: &str = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
        let cases: [(Tags, &str, CastlingMode); 5] = [
            (
                &[],
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                CastlingMode::Standard,
            ),
            (
                &[("fEn", "8/8/8/8/8/8/k7/7K b - - 3 40")],
                "8/8/8/8/8/8/k7/7K b - - 3 40",
                CastlingMode::Standard,
            ),
            (&[("FEN", X_FEN_960)], X_FEN_960, CastlingMode::Chess960),
            (
                &[
                    ("Variant", "fischerandom"),
                    (
                        "FEN",
                        "rkrbbnnq/pppppppp/8/8/8/8/PPPPPPPP/RKRBBNNQ w KQkq - 0 1",
                    ),
                ],
                "rkrbbnnq/pppppppp/8/8/8/8/PPPPPPPP/RKRBBNNQ w KQkq - 0 1",
                CastlingMode::Chess960,
            ),
            (
                &[("Variant", "Chess960")],
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                CastlingMode::Chess960,
            ),
        ];
        for (list, fen, mode) in cases {
            let pos = tags(list).start_position().expect("valid start");
            assert_eq!(pos.castling_mode(), mode, "{list:?}");
            let same = Position::from_fen_lenient(fen, mode).expect("test FEN");
            assert_eq!(
                pos.fen(EnPassantMode::Always),
                same.fen(EnPassantMode::Always),
                "{list:?}"
            );
        }
    }

    #[test]
    fn err_start_position() {
        let cases: [(Tags, &str); 3] = [
            (&[("Variant", "Antichess")], "Antichess"),
            (&[("FEN", "not a fen")], "not a fen"),
            (
                &[
                    ("Variant", "Crazyhouse"),
                    ("FEN", "8/8/8/8/8/8/k7/7K b - - 3 40"),
                ],
                "Crazyhouse",
            ),
        ];
        for (list, token) in cases {
            let err = tags(list).start_position().expect_err("rejected");
            assert_eq!(err.token(), token, "{list:?}");
        }
    }
}
