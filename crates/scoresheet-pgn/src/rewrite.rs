//! PGN rewritten with every move in one notation: the [`Rewrite`] replay sink, and
//! [`RewriteConverter`], the same as the [`Pump`](crate::pump::Pump)'s converter (batches of
//! PGN text). `scoresheet pgn --to` is this; so is any other front end that rewrites games.
//!
//! Every move of the mainline and of the variations is written in the target notation by the
//! core's [`Notation::format_move`]; tags are kept as written, except that the names the replay
//! layer reads without case (`fEn`) are spelled as the standard does, and a game from a `FEN`
//! tag gets `[SetUp "1"]` when it has none. Null moves are kept: `--`, or `0000` in UCI. A tag
//! the [`Writer`] cannot represent is left out with a warning naming the game.
//!
//! ```
//! use scoresheet::notation::Notation;
//! use scoresheet_pgn::pump::{Pump, Tally};
//! use scoresheet_pgn::rewrite::RewriteConverter;
//! use scoresheet_pgn::replay::ReplayOptions;
//!
//! let pgn = b"[Event \"a\"]\n\n1. e4 (1. d4) e5 2. Nf3 *\n";
//! let mut out = Vec::new();
//! Pump::new(1).run(
//!     &pgn[..],
//!     || RewriteConverter::new(Notation::Uci, ReplayOptions::new()),
//!     |text: &mut Vec<u8>, _log| {
//!         out.append(text);
//!         Ok(())
//!     },
//! )?;
//! assert!(String::from_utf8(out).unwrap().ends_with("1. e2e4 (1. d2d4) 1... e7e5 2. g1f3 *\n\n"));
//! # Ok::<_, scoresheet_pgn::pump::PumpError>(())
//! ```

use std::io::{self, Read};

use scoresheet::notation::Notation;

use crate::annotation::CommentIssue;
use crate::pump::{next_game, Convert, GameOutcome};
use crate::replay::{Ply, ReplayOptions, ReplaySink, Replayer};
use crate::{
    Location, Noted, Oddities, Outcome, RawComment, RawTag, RawToken, Reader, WriteOptions, Writer,
};

/// One part of a rewritten game, its move already in the target notation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Item {
    /// A move (or null move) as written in the target notation.
    Move(String),
    /// A NAG.
    Nag(u16),
    /// A comment's text.
    Comment(String),
    /// A variation begins.
    Begin,
    /// A variation ends.
    End,
}

/// A replayed game, ready to be written.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct RewrittenGame {
    /// Where the game starts in the input.
    pub at: Location,
    /// Its tags, in order.
    pub tags: Vec<(String, String)>,
    /// Its movetext.
    pub items: Vec<Item>,
    /// The termination marker read (`None` when the movetext had none).
    pub outcome: Option<Option<Outcome>>,
}

/// The tags the replay layer reads without case.
const STEERING: [&str; 4] = ["FEN", "SetUp", "Variant", "Result"];

/// The replay sink: each game's tags, and its movetext with every move (mainline and
/// variations) written in the target notation.
#[derive(Debug)]
pub struct Rewrite {
    to: Notation,
    game: RewrittenGame,
}

impl Rewrite {
    /// A sink writing moves in `to` (with its language, for SAN and LAN).
    pub fn new(to: Notation) -> Rewrite {
        Rewrite {
            to,
            game: RewrittenGame::default(),
        }
    }
}

impl ReplaySink for Rewrite {
    type Game = RewrittenGame;

    fn begin_game(&mut self, at: Location) {
        self.game = RewrittenGame {
            at,
            ..RewrittenGame::default()
        };
    }

    /// Tags are kept as written, but the names the replay read without case (`fEn`) are
    /// written as the standard spells them, so that other readers find them.
    fn tag(&mut self, name: &[u8], value: RawTag<'_>) {
        let name = match STEERING
            .iter()
            .find(|known| known.as_bytes().eq_ignore_ascii_case(name))
        {
            Some(known) => (*known).to_owned(),
            None => String::from_utf8_lossy(name).into_owned(),
        };
        self.game.tags.push((name, value.decode().into_owned()));
    }

    fn replays_variations(&self) -> bool {
        true
    }

    fn ply(&mut self, ply: &Ply<'_>) {
        if let Some(mv) = ply.mv {
            let written = self.to.format_move(ply.before, mv);
            self.game.items.push(Item::Move(written));
        }
    }

    fn null_move(&mut self, _ply: &Ply<'_>) -> Result<(), &'static str> {
        let null = match self.to {
            Notation::Uci => "0000",
            _ => "--",
        };
        self.game.items.push(Item::Move(null.to_owned()));
        Ok(())
    }

    fn nag(&mut self, nag: u16, _token: RawToken<'_>) {
        self.game.items.push(Item::Nag(nag));
    }

    fn comment(&mut self, comment: RawComment<'_>) -> Vec<CommentIssue> {
        let text = comment.decode().into_owned();
        self.game.items.push(Item::Comment(text));
        Vec::new()
    }

    fn begin_variation(&mut self) {
        self.game.items.push(Item::Begin);
    }

    fn end_variation(&mut self) {
        self.game.items.push(Item::End);
    }

    fn outcome(&mut self, outcome: Option<Outcome>) {
        self.game.outcome = Some(outcome);
    }

    /// A game from a `FEN` tag gets `[SetUp "1"]` if it had none, as the standard asks.
    fn end_game(&mut self) -> RewrittenGame {
        let tags = &mut self.game.tags;
        let has = |tags: &[(String, String)], name: &str| tags.iter().any(|(n, _)| n == name);
        if has(tags, "FEN") && !has(tags, "SetUp") {
            let at = tags
                .iter()
                .position(|(n, _)| n == "FEN")
                .unwrap_or(tags.len());
            tags.insert(at, ("SetUp".to_owned(), "1".to_owned()));
        }
        std::mem::take(&mut self.game)
    }
}

/// Writes a rewritten game. A tag the writer cannot represent is left out: the reasons are
/// returned (the game is written without them).
///
/// # Errors
///
/// Writing failed.
pub fn write_game<W: io::Write>(
    writer: &mut Writer<W>,
    game: &RewrittenGame,
) -> io::Result<Vec<String>> {
    let mut skipped = Vec::new();
    writer.begin_game()?;
    for (name, value) in &game.tags {
        if let Err(e) = writer.tag(name, value) {
            skipped.push(e.to_string());
        }
    }
    for item in &game.items {
        match item {
            Item::Move(text) => writer.san(text)?,
            Item::Nag(nag) => writer.nag(*nag)?,
            Item::Comment(text) => writer.comment(text)?,
            Item::Begin => writer.begin_variation()?,
            Item::End => writer.end_variation()?,
        }
    }
    let tagged = game
        .tags
        .iter()
        .rev()
        .find(|(n, _)| n == "Result")
        .and_then(|(_, v)| Outcome::from_ascii(v.as_bytes()));
    writer.end_game(game.outcome.unwrap_or(tagged))?;
    Ok(skipped)
}

/// The rewrite as the pump's converter: a batch is the PGN text of a run of games.
#[derive(Debug)]
pub struct RewriteConverter {
    replayer: Replayer<Noted<Rewrite>>,
    writer: Writer<Vec<u8>>,
    /// Tags left out by the writer, with the game's location.
    skipped: Vec<(Location, String)>,
}

/// With one thread, PGN text is delivered once this many bytes are written.
const DELIVER_AT: usize = 1 << 16;

impl RewriteConverter {
    /// A converter writing moves in `to`, reading movetext with `replay`'s settings.
    pub fn new(to: Notation, replay: ReplayOptions) -> RewriteConverter {
        // ERAN moves are words (`Pawn e2-e4`), and a descriptive en-passant capture is
        // `PxP e.p.`: each is kept whole on its line.
        let words = matches!(
            to,
            Notation::Eran | Notation::EranShort | Notation::Descriptive
        );
        RewriteConverter {
            replayer: Replayer::with_options(Noted::new(Rewrite::new(to)), replay),
            writer: Writer::with_options(Vec::new(), WriteOptions::new().words_in_moves(words)),
            skipped: Vec::new(),
        }
    }

    /// Whether to keep each oddity to be shown (off by default).
    pub fn keep_oddities(&mut self, keep: bool) {
        self.replayer.sink_mut().set_keep(keep);
    }
}

impl Convert for RewriteConverter {
    type Batch = Vec<u8>;

    fn next_game<R: Read>(&mut self, reader: &mut Reader<R>, _: &mut Vec<u8>) -> GameOutcome<u64> {
        let outcome = next_game(reader, &mut self.replayer);
        let GameOutcome::Accepted(game) = outcome else {
            return outcome.map(|_| 0);
        };
        let plies = game
            .items
            .iter()
            .filter(|item| matches!(item, Item::Move(_)))
            .count() as u64;
        match write_game(&mut self.writer, &game) {
            Ok(skipped) => {
                let at = game.at;
                self.skipped
                    .extend(skipped.into_iter().map(|why| (at, why)));
                GameOutcome::Accepted(plies)
            }
            // A writer into memory fails only on a call out of order, which this one never makes.
            Err(e) => {
                GameOutcome::Fatal(crate::ReadError::new(crate::ReadErrorKind::Io(e), game.at))
            }
        }
    }

    fn oddities(&self) -> &Oddities {
        self.replayer.sink().oddities()
    }

    fn take_kept(&mut self) -> Vec<(Location, String)> {
        let mut kept = self.replayer.sink_mut().take_kept();
        kept.append(&mut self.skipped);
        kept
    }

    fn end_run(&mut self, text: &mut Vec<u8>) {
        let spare = std::mem::take(text);
        // Writing into a `Vec` cannot fail.
        *text = self.writer.replace_inner(spare).unwrap_or_default();
    }

    fn batch_ready(&self, _: &Vec<u8>) -> bool {
        self.writer.buffered() + self.writer.get_ref().map_or(0, Vec::len) >= DELIVER_AT
    }
}
