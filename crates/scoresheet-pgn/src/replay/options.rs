//! [`ReplayOptions`]: how the replay layer reads move tokens, one setting for every command.

use scoresheet::localized::Lang;

/// Settings of the replay layer ([`Replayer::with_options`](super::Replayer::with_options)),
/// with chaining setters. Every command that reads PGN (EGD, the database loader, the export,
/// the PGN rewriter) takes them, so movetext is read the same way everywhere.
///
/// ```
/// use scoresheet::localized::Lang;
/// use scoresheet_pgn::replay::{ReplayOptions, ReplayedGames};
///
/// let de = Lang::from_code("de").expect("German");
/// let pgn = "1. e4 e5 2. Sf3 Sc6 3. Lb5 *";
/// let options = ReplayOptions::new().lang(Some(de));
/// let games: Vec<_> = ReplayedGames::with_options(pgn.as_bytes(), options).collect::<Result<_, _>>()?;
/// assert_eq!(games[0].plies[4].san.to_string(), "Bb5");
/// # Ok::<_, scoresheet_pgn::replay::GameError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ReplayOptions {
    lang: Option<Lang>,
}

impl ReplayOptions {
    /// The defaults: movetext in PGN's English SAN (figurines, UCI and LAN read too).
    pub const fn new() -> ReplayOptions {
        ReplayOptions { lang: None }
    }

    /// The language of the movetext's piece letters (`Sf3` in German): SAN tokens are read as
    /// that language's SAN ([`scoresheet::localized`]), and never as English SAN, whose letters
    /// mean other pieces (German `B` is a pawn, English `B` a bishop). Figurines, castling,
    /// pawn moves, UCI and null moves read as always. `None` or English: PGN's English SAN.
    pub const fn lang(mut self, lang: Option<Lang>) -> ReplayOptions {
        self.lang = lang;
        self
    }

    /// The language of the movetext, when one is set.
    pub const fn movetext_lang(&self) -> Option<Lang> {
        self.lang
    }
}
