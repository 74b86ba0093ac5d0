//! `scoresheet select`: choose games by their tags (`--where`), by what their mainline shows
//! (game criteria), drop duplicates, name openings; write the chosen games as they were.
//!
//! Each game's bytes are recorded as the reader reads them ([`Recording`]), so a chosen game
//! is written as the input had it: from its first byte to the end of its last token's line,
//! followed by a blank line. With `--classify` its tags are written again (with `ECO` and
//! `Opening` set) before its movetext as it was. A game is replayed only when game criteria,
//! `--classify` or `--unique` need it; games that the tags reject are never replayed.
//!
//! The per-game step is the pump's [`next_game`]: the tags are judged by the reader's
//! selection (`Reader::select_where`), the one place every command's `--where` is applied.

use std::cell::RefCell;
use std::collections::HashSet;
use std::io::{self, Read, Write};
use std::ops::ControlFlow;
use std::rc::Rc;
use std::sync::Arc;

use anyhow::Context;
use scoresheet::notation::Caret;
use scoresheet_pgn::pump::{next_game, GameOutcome};
use scoresheet_pgn::replay::{GameError, Replayer};
use scoresheet_pgn::select::{
    Ending, FactsSink, GameCriteria, GameFacts, MaterialSignature, MaterialWhen, MoveSequence,
    TagExpr,
};
use scoresheet_pgn::{
    input, Location, Noted, Oddities, Oddity, Outcome as GameResult, RawComment, RawTag, RawToken,
    Reader, Skip, Visitor,
};

use crate::args::SelectArgs;
use crate::output::{rejected_game, warning, Failure, Outcome};
use crate::output_file::Destination;

/// Runs the subcommand.
pub fn run(args: SelectArgs) -> Outcome {
    let settings = Settings::from_args(&args)?;
    let mut out = io::BufWriter::with_capacity(1 << 16, Destination::open(args.output.as_deref())?);
    let mut duplicates = match &args.duplicates {
        Some(path) => Some(io::BufWriter::new(Destination::open(Some(path))?)),
        None => None,
    };
    let mut tally = Tally::default();
    let stdin = ["-".to_owned()];
    let inputs = if args.inputs.is_empty() {
        &stdin[..]
    } else {
        &args.inputs[..]
    };
    let mut seen = HashSet::new();
    let mut outputs = Outputs {
        chosen: &mut out,
        duplicates: duplicates.as_mut().map(|w| w as &mut dyn Write),
        seen: &mut seen,
    };
    let selected = inputs
        .iter()
        .try_for_each(|path| select_file(path, &settings, &mut outputs, &mut tally));
    let finished = finish(out).and_then(|()| duplicates.map_or(Ok(()), finish));
    selected.and(finished.map_err(Failure::Error))?;
    if !args.quiet {
        eprintln!(
            "select: {} games selected, {} not selected, {} duplicates, {} rejected; {}",
            tally.chosen, tally.dropped, tally.duplicates, tally.rejected, tally.oddities
        );
    }
    if tally.rejected > 0 {
        let total = tally.chosen + tally.dropped + tally.duplicates + tally.rejected;
        return Err(Failure::Rejected(format!(
            "{} of {total} games rejected",
            tally.rejected
        )));
    }
    Ok(())
}

fn finish(out: io::BufWriter<Destination>) -> anyhow::Result<()> {
    let out = out
        .into_inner()
        .map_err(|e| e.into_error())
        .context("cannot write the output")?;
    out.finish()
}

/// The validated flags.
#[derive(Debug)]
struct Settings {
    expr: Option<Arc<TagExpr>>,
    criteria: GameCriteria,
    classify: bool,
    unique: bool,
    warnings: bool,
}

/// A flag's value that does not read: the message with a caret under `offset`, exit code 2.
fn bad_flag(flag: &str, text: &str, message: impl std::fmt::Display, offset: usize) -> Failure {
    let caret = Caret::new(text.as_bytes(), offset);
    Failure::Error(anyhow::anyhow!("{flag}: {message}\n{caret}"))
}

impl Settings {
    fn from_args(args: &SelectArgs) -> Result<Settings, Failure> {
        let expr = super::pumped::where_expr(args.where_.as_deref())?;
        let mut criteria = GameCriteria::new();
        for fen in &args.position {
            let pos = crate::cmd::fen::load(fen, false, false).map_err(|e| match e {
                Failure::Rejected(message) => {
                    Failure::Error(anyhow::anyhow!("--position: {message}"))
                }
                other => other,
            })?;
            criteria = criteria.reaches(&pos);
        }
        let signatures = [
            (&args.material, MaterialWhen::AnyPly),
            (&args.final_material, MaterialWhen::End),
        ];
        for (texts, when) in signatures {
            for text in texts {
                let sig = MaterialSignature::parse(text)
                    .map_err(|e| bad_flag("--material", text, &e, e.offset()))?;
                criteria = criteria.material(sig, when);
            }
        }
        if let Some(text) = &args.starts_with {
            let moves = MoveSequence::parse(text)
                .map_err(|e| bad_flag("--starts-with", text, &e, e.offset()))?;
            criteria = criteria.starts_with(moves);
        }
        criteria = with_flags(criteria, args);
        Ok(Settings {
            expr,
            criteria,
            classify: args.classify,
            unique: args.unique || args.duplicates.is_some(),
            warnings: args.warnings,
        })
    }

    /// Whether games must be replayed (else the tags decide alone).
    fn replays(&self) -> bool {
        !self.criteria.is_empty() || self.classify || self.unique
    }
}

/// The game criteria given by plain flags.
fn with_flags(mut criteria: GameCriteria, args: &SelectArgs) -> GameCriteria {
    if let Some(n) = args.min_plies {
        criteria = criteria.min_plies(n);
    }
    if let Some(n) = args.max_plies {
        criteria = criteria.max_plies(n);
    }
    if args.checkmate {
        criteria = criteria.ends_in(Ending::Checkmate);
    }
    if args.stalemate {
        criteria = criteria.ends_in(Ending::Stalemate);
    }
    if args.underpromotion {
        criteria = criteria.underpromotion();
    }
    if args.threefold {
        criteria = criteria.threefold();
    }
    criteria
}

/// Games chosen, dropped, duplicated and rejected so far.
#[derive(Debug, Default)]
struct Tally {
    chosen: u64,
    dropped: u64,
    duplicates: u64,
    rejected: u64,
    oddities: Oddities,
}

/// Where games go.
struct Outputs<'a> {
    chosen: &'a mut dyn Write,
    duplicates: Option<&'a mut dyn Write>,
    /// The mainline hashes of the games chosen so far (with `--unique`).
    seen: &'a mut HashSet<u128>,
}

/// The bytes read from the input and not yet written or passed: the reader's source appends
/// to it, the command takes each game's bytes out of it.
#[derive(Debug, Default)]
struct Recorded {
    bytes: Vec<u8>,
    /// The input offset of `bytes[0]`.
    base: u64,
}

impl Recorded {
    /// The bytes from input offset `start` to `end`.
    fn slice(&self, start: u64, end: u64) -> &[u8] {
        let at = |byte: u64| usize::try_from(byte.saturating_sub(self.base)).unwrap_or(usize::MAX);
        let end = at(end).min(self.bytes.len());
        &self.bytes[at(start).min(end)..end]
    }

    /// Forgets the bytes before input offset `byte`.
    fn forget_before(&mut self, byte: u64) {
        let n = usize::try_from(byte.saturating_sub(self.base)).unwrap_or(usize::MAX);
        let n = n.min(self.bytes.len());
        self.bytes.drain(..n);
        self.base += n as u64;
    }
}

/// A source that records what it reads, so that games can be written as their own bytes.
struct Recording<R> {
    inner: R,
    record: Rc<RefCell<Recorded>>,
}

impl<R: Read> Read for Recording<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.record.borrow_mut().bytes.extend_from_slice(&buf[..n]);
        Ok(n)
    }
}

/// Selects the games of one input file.
fn select_file(
    path: &str,
    settings: &Settings,
    outputs: &mut Outputs<'_>,
    tally: &mut Tally,
) -> Result<(), Failure> {
    let src = input::open_input(path).with_context(|| format!("cannot open {path}"))?;
    let record = Rc::new(RefCell::new(Recorded::default()));
    // The tags decide first, in the pump's one place: a game they leave out is not replayed.
    let mut reader = Reader::new(Recording {
        inner: src,
        record: Rc::clone(&record),
    })
    .select_where(settings.expr.clone());
    let sink = Noted::new(FactsSink::new(settings.criteria.clone()).classify(settings.classify));
    let mut selector = Selector::new(settings, Replayer::new(sink.keep(settings.warnings)));
    loop {
        let game = next_selected(&mut reader, &mut selector);
        for (at, what) in selector.replayer.sink_mut().take_kept() {
            eprintln!("{}", warning(path, at, &what));
        }
        let end = reader.location().byte;
        match game {
            GameOutcome::End => break,
            GameOutcome::Accepted(verdict) => {
                let record = record.borrow();
                let bytes = record.slice(selector.begin.byte, end);
                let game = ChosenGame {
                    bytes,
                    selector: &selector,
                };
                write_verdict(verdict, &game, settings, outputs, tally)
                    .context("cannot write the output")?;
            }
            GameOutcome::Rejected(rejected) => {
                eprintln!("{}", rejected_game(path, rejected));
                tally.rejected += 1;
            }
            GameOutcome::Fatal(err) => {
                tally.dropped += reader.not_selected();
                tally.oddities.merge(selector.replayer.sink().oddities());
                let err = anyhow::Error::new(err).context(format!("cannot read {path}"));
                return Err(err.into());
            }
        }
        record.borrow_mut().forget_before(end);
    }
    tally.dropped += reader.not_selected();
    tally.oddities.merge(selector.replayer.sink().oddities());
    Ok(())
}

/// The per-game step: the pump's policy ([`next_game`]), which leaves out the games whose
/// tags fail `--where` before their movetext; the selector decides on the others.
fn next_selected<R: Read>(
    reader: &mut Reader<R>,
    selector: &mut Selector<'_>,
) -> GameOutcome<Verdict> {
    next_game(reader, selector)
}

/// A game read to its end, with its bytes.
struct ChosenGame<'a, 'b> {
    bytes: &'a [u8],
    selector: &'a Selector<'b>,
}

/// Counts a game and writes it where it goes.
fn write_verdict(
    verdict: Verdict,
    game: &ChosenGame<'_, '_>,
    settings: &Settings,
    outputs: &mut Outputs<'_>,
    tally: &mut Tally,
) -> io::Result<()> {
    let facts = match verdict {
        Verdict::Dropped => {
            tally.dropped += 1;
            return Ok(());
        }
        Verdict::Chosen(facts) => facts,
    };
    let duplicate = settings.unique && facts.is_some_and(|f| !outputs.seen.insert(f.mainline));
    if duplicate {
        tally.duplicates += 1;
        return match &mut outputs.duplicates {
            Some(out) => write_game(*out, game, settings, facts),
            None => Ok(()),
        };
    }
    tally.chosen += 1;
    write_game(outputs.chosen, game, settings, facts)
}

/// Writes a game: its own bytes, or (with `--classify`) its tags again and its movetext as
/// it was; then a blank line.
fn write_game(
    out: &mut dyn Write,
    game: &ChosenGame<'_, '_>,
    settings: &Settings,
    facts: Option<GameFacts>,
) -> io::Result<()> {
    let mut bytes = game.bytes;
    if settings.classify {
        let s = game.selector;
        let movetext = usize::try_from(s.movetext.byte.saturating_sub(s.begin.byte)).unwrap_or(0);
        write_tags(out, &s.tags, facts.and_then(|f| f.opening))?;
        bytes = bytes.get(movetext..).unwrap_or_default();
    }
    out.write_all(bytes.trim_ascii_end())?;
    out.write_all(b"\n\n")
}

/// Tags in the PGN export format, with `ECO` and `Opening` replaced (or added after the
/// others) when the game has an opening.
fn write_tags(
    out: &mut dyn Write,
    tags: &[(String, String)],
    opening: Option<scoresheet_pgn::select::Opening>,
) -> io::Result<()> {
    let named = |name: &str| opening.is_some() && (name == "ECO" || name == "Opening");
    for (name, value) in tags.iter().filter(|(name, _)| !named(name)) {
        write_tag(out, name, value)?;
    }
    if let Some(opening) = opening {
        write_tag(out, "ECO", opening.eco)?;
        write_tag(out, "Opening", opening.name)?;
    }
    out.write_all(b"\n")
}

fn write_tag(out: &mut dyn Write, name: &str, value: &str) -> io::Result<()> {
    let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
    writeln!(out, "[{name} \"{escaped}\"]")
}

/// What becomes of a game read to its end.
#[derive(Debug)]
enum Verdict {
    /// Chosen; with what the replay found, when it was replayed.
    Chosen(Option<GameFacts>),
    /// Not chosen (by its tags, or by the game criteria).
    Dropped,
}

type Replay = Replayer<Noted<FactsSink>>;
type Output = Result<Verdict, GameError>;

/// The visitor of `select` (of the games `--where` keeps): collects the tags, and replays the
/// game only when game criteria, `--classify` or `--unique` need it.
struct Selector<'a> {
    settings: &'a Settings,
    replayer: Replay,
    tags: Vec<(String, String)>,
    begin: Location,
    movetext: Location,
}

impl<'a> Selector<'a> {
    fn new(settings: &'a Settings, replayer: Replay) -> Selector<'a> {
        Selector {
            settings,
            replayer,
            tags: Vec::new(),
            begin: Location::default(),
            movetext: Location::default(),
        }
    }
}

/// The replayer's answer, as `select`'s.
fn relay<T>(flow: ControlFlow<Result<GameFacts, GameError>, T>) -> ControlFlow<Output, T> {
    flow.map_break(|game| game.map(verdict))
}

fn verdict(facts: GameFacts) -> Verdict {
    match facts.selected {
        true => Verdict::Chosen(Some(facts)),
        false => Verdict::Dropped,
    }
}

impl Visitor for Selector<'_> {
    type Tags = ();
    type Movetext = ();
    type Output = Output;

    fn begin_game(&mut self, at: Location) -> ControlFlow<Output> {
        self.tags.clear();
        self.begin = at;
        relay(self.replayer.begin_game(at))
    }

    fn tag(&mut self, _: &mut (), name: &[u8], value: RawTag<'_>) -> ControlFlow<Output> {
        let decoded = scoresheet_pgn::decode::decode(name).into_owned();
        self.tags.push((decoded, value.decode().into_owned()));
        relay(self.replayer.tag(&mut (), name, value))
    }

    fn begin_movetext(&mut self, _: (), at: Location) -> ControlFlow<Output> {
        self.movetext = at;
        let settings = self.settings;
        if !settings.replays() {
            return ControlFlow::Break(Ok(Verdict::Chosen(None)));
        }
        relay(self.replayer.begin_movetext((), at))
    }

    fn san(&mut self, _: &mut (), san: RawToken<'_>) -> ControlFlow<Output> {
        relay(self.replayer.san(&mut (), san))
    }

    fn nag(&mut self, _: &mut (), nag: u16, token: RawToken<'_>) -> ControlFlow<Output> {
        relay(self.replayer.nag(&mut (), nag, token))
    }

    fn comment(&mut self, _: &mut (), comment: RawComment<'_>) -> ControlFlow<Output> {
        relay(self.replayer.comment(&mut (), comment))
    }

    fn begin_variation(&mut self, _: &mut (), at: Location) -> ControlFlow<Output, Skip> {
        relay(self.replayer.begin_variation(&mut (), at))
    }

    fn end_variation(&mut self, _: &mut (), at: Location) -> ControlFlow<Output> {
        relay(self.replayer.end_variation(&mut (), at))
    }

    fn outcome(
        &mut self,
        _: &mut (),
        outcome: Option<GameResult>,
        at: Location,
    ) -> ControlFlow<Output> {
        relay(self.replayer.outcome(&mut (), outcome, at))
    }

    fn oddity(&mut self, oddity: Oddity<'_>) {
        self.replayer.oddity(oddity);
    }

    fn end_game(&mut self, _: ()) -> Output {
        self.replayer.end_game(()).map(verdict)
    }
}
