//! `scoresheet pgn`: replay PGN games and write them again with every move in one notation.
//!
//! Games are replayed by the library's replay layer (`scoresheet_pgn::replay`: start position
//! from the tags, move tokens as SAN, UCI or LAN, variations) into a list of [`Item`]s with
//! every move in the target notation. A game whose moves all replay is written with the PGN
//! writer; a game with an illegal move (or a bad `FEN` or `Variant` tag, or a read error) is
//! reported on stderr and not written.

use std::io::{self, Write};

use anyhow::Context;
use scoresheet_pgn::annotation::CommentIssue;
use scoresheet_pgn::replay::{Ply, ReplayOptions, ReplaySink, Replayer};
use scoresheet_pgn::{
    input, Location, Noted, Oddities, Outcome as GameResult, RawComment, RawTag, RawToken, Reader,
    WriteOptions, Writer,
};

use crate::args::PgnArgs;
use crate::notation::{check_lang, write, Notation};
use crate::output::{rejected_game, warning, Failure, Outcome};
use crate::output_file::Destination;
use scoresheet::notation::Notation as Core;

/// Runs the subcommand.
pub fn run(args: PgnArgs) -> Outcome {
    check_lang(args.to_lang, &[args.to])?;
    let out = Destination::open(args.output.as_deref())?;
    // ERAN moves are words (`Pawn e2-e4`), and a descriptive en-passant capture is
    // `PxP e.p.`: each is kept whole on its line.
    let words = matches!(
        args.to,
        Notation::Eran | Notation::EranShort | Notation::Descriptive
    );
    let mut writer = Writer::with_options(out, WriteOptions::new().words_in_moves(words));
    let mut tally = Tally {
        warnings: args.warnings,
        ..Tally::default()
    };
    let stdin = ["-".to_owned()];
    let inputs = if args.inputs.is_empty() {
        &stdin[..]
    } else {
        &args.inputs[..]
    };
    let to = args.to.with_lang(args.to_lang.or(args.lang));
    let replay = ReplayOptions::new().lang(args.lang);
    let converted = inputs
        .iter()
        .try_for_each(|path| convert_file(path, (to, replay), &mut writer, &mut tally));
    // What was written before an input failed is whole: the file is kept (a write error
    // removes it instead).
    let finished = match writer.into_inner() {
        Ok(out) => out.finish(),
        Err(e) => Err(anyhow::Error::new(e).context("cannot write the output")),
    };
    converted.and(finished.map_err(Failure::Error))?;
    if !args.quiet {
        eprintln!(
            "pgn: {} games written, {} rejected; {}",
            tally.written, tally.rejected, tally.oddities
        );
    }
    if tally.rejected > 0 {
        return Err(Failure::Rejected(format!(
            "{} of {} games rejected",
            tally.rejected,
            tally.written + tally.rejected
        )));
    }
    Ok(())
}

/// Games written and rejected so far.
#[derive(Debug, Default)]
struct Tally {
    written: u64,
    rejected: u64,
    oddities: Oddities,
    /// Whether to print each oddity.
    warnings: bool,
}

/// Converts the games of one input file.
fn convert_file<W: Write>(
    path: &str,
    (to, replay): (Core, ReplayOptions),
    writer: &mut Writer<W>,
    tally: &mut Tally,
) -> Result<(), Failure> {
    let src = input::open_input(path).with_context(|| format!("cannot open {path}"))?;
    let mut reader = Reader::new(src);
    let sink = Noted::new(Rewrite::new(to)).keep(tally.warnings);
    let mut replayer = Replayer::with_options(sink, replay);
    loop {
        let game = reader.read_game(&mut replayer);
        for (at, what) in replayer.sink_mut().take_kept() {
            eprintln!("{}", warning(path, at, &what));
        }
        match game {
            Ok(None) => {
                tally.oddities.merge(replayer.sink().oddities());
                return Ok(());
            }
            Ok(Some(Ok(game))) => {
                write_game(writer, &game).context("cannot write the output")?;
                tally.written += 1;
            }
            Ok(Some(Err(rejected))) => {
                eprintln!("{}", rejected_game(path, rejected));
                tally.rejected += 1;
            }
            Err(err) if err.is_recoverable() => {
                eprintln!("{}", rejected_game(path, err));
                tally.rejected += 1;
            }
            Err(err) => {
                tally.oddities.merge(replayer.sink().oddities());
                let err = anyhow::Error::new(err).context(format!("cannot read {path}"));
                return Err(err.into());
            }
        }
    }
}

/// One part of a game, with its move already in the target notation.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Item {
    Move(String),
    Nag(u16),
    Comment(String),
    Begin,
    End,
}

/// A replayed game.
#[derive(Debug, Default)]
struct Game {
    tags: Vec<(String, String)>,
    items: Vec<Item>,
    outcome: Option<Option<GameResult>>,
}

/// The tags the replay layer reads without case.
const STEERING: [&str; 4] = ["FEN", "SetUp", "Variant", "Result"];

/// The replay sink: each game's tags, and its movetext with every move (mainline and
/// variations) written in the target notation. Null moves are kept: `--`, or `0000` in UCI.
#[derive(Debug)]
struct Rewrite {
    to: Core,
    game: Game,
}

impl Rewrite {
    fn new(to: Core) -> Rewrite {
        Rewrite {
            to,
            game: Game::default(),
        }
    }
}

impl ReplaySink for Rewrite {
    type Game = Game;

    fn begin_game(&mut self, _at: Location) {
        self.game = Game::default();
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
            let written = write(self.to, ply.before, mv);
            self.game.items.push(Item::Move(written));
        }
    }

    fn null_move(&mut self, _ply: &Ply<'_>) -> Result<(), &'static str> {
        let null = match self.to {
            Core::Uci => "0000",
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

    fn outcome(&mut self, outcome: Option<GameResult>) {
        self.game.outcome = Some(outcome);
    }

    /// A game from a `FEN` tag gets `[SetUp "1"]` if it had none, as the standard asks.
    fn end_game(&mut self) -> Game {
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

/// Writes a replayed game. A tag the writer cannot represent is skipped with a warning.
fn write_game<W: Write>(writer: &mut Writer<W>, game: &Game) -> io::Result<()> {
    writer.begin_game()?;
    for (name, value) in &game.tags {
        if let Err(e) = writer.tag(name, value) {
            eprintln!("warning: {e}");
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
        .and_then(|(_, v)| GameResult::from_ascii(v.as_bytes()));
    writer.end_game(game.outcome.unwrap_or(tagged))
}
