//! `scoresheet select`: choose games by their tags (`--where`), by what their mainline shows
//! (game criteria), drop duplicates, name openings; write the chosen games as they were.
//!
//! The library's [`Pump`](scoresheet_pgn::pump::Pump) reads the input on `--threads` threads
//! with a [`SelectConverter`](convert::SelectConverter) per thread, like every command that
//! reads games: the same rejections, warnings, exit codes and progress line. The tags decide
//! first, in the pump (`Reader::select_where`): a game they leave out is never replayed. A
//! game is replayed only when game criteria, `--classify` or `--unique` need it.
//!
//! With `--classify`, `--where` reads the `ECO` and `Opening` tags the output will have
//! (`openings::tags_with_opening`: the computed ones where a named position is reached, else
//! those of the input); every other tag as the input has it (repairs aside). An expression
//! that reads `ECO` or `Opening` is then decided after the replay, in the converter, on those
//! tags ([`Settings::classified_where`]); any other is decided in the pump as without
//! `--classify`.
//!
//! A chosen game is written as the input has it: the reader keeps each game's bytes
//! (`ReadOptions::keep_game_bytes`), from its first byte to the end of its result's line, and
//! the converter copies them, end trimmed, with a blank line after. With `--classify` its tags
//! are written again (with `ECO` and `Opening` set) before its movetext as it was.
//!
//! Duplicates (`--unique`) are decided in the in-order delivery ([`write`]), never in the
//! workers: the first kept is the first in the input, whatever the thread count.

mod convert;
mod split;
mod write;

use std::sync::Arc;

use scoresheet::notation::Caret;
use scoresheet_pgn::select::{
    Ending, GameCriteria, MaterialSignature, MaterialWhen, MoveSequence, OpeningTable, Repairs,
    TagExpr,
};

use super::progress::Progress;
use super::pumped::{self, Counters};
use crate::args::SelectArgs;
use crate::output::{Failure, Outcome};
use convert::SelectConverter;
use write::{Outputs, Totals};

/// Runs the subcommand.
pub fn run(args: SelectArgs) -> Outcome {
    let settings = Settings::from_args(&args)?;
    let read = |counters: &Arc<Counters>, bar: &Progress| {
        let mut outputs = Outputs::open(&args, settings.unique)?;
        let selected = select_inputs(&args, &settings, counters, bar, &mut outputs);
        // What was written before an input failed is whole: the files are kept (a write
        // error removes them instead).
        let (totals, finished) = outputs.finish();
        selected.and(finished).map(|()| totals)
    };
    let rejected = |counters: &Counters| {
        let rejected = counters.get(&counters.errors);
        let games = counters.games_in();
        Failure::Rejected(format!("{rejected} of {games} games rejected"))
    };
    pumped::run_command(
        args.input.quiet,
        read,
        |c, totals| summary(c, &totals),
        rejected,
    )
}

/// `select: N games in: S selected, X not selected, D duplicates, R rejected; <oddities>`.
fn summary(counters: &Counters, totals: &Totals) {
    let not_selected = counters.get(&counters.not_selected) + totals.dropped;
    eprintln!(
        "select: {} games in: {} selected, {not_selected} not selected, {} duplicates, {} rejected; {}",
        counters.games_in(),
        totals.chosen,
        totals.duplicates,
        counters.get(&counters.errors),
        counters.oddities()
    );
}

fn select_inputs(
    args: &SelectArgs,
    settings: &Settings,
    counters: &Arc<Counters>,
    bar: &Progress,
    outputs: &mut Outputs,
) -> anyhow::Result<()> {
    let pump = pumped::pump(&args.input)?
        .read_options(pumped::read_options(&args.input).keep_game_bytes(true))
        .select_where(settings.pump_where.clone());
    let new_worker = || SelectConverter::new(settings);
    pumped::each_input(&args.input, "reading", counters, bar, |job, src| {
        let deliver = |batch: &mut convert::Chosen, log| {
            job.log(&log);
            outputs.deliver(batch)
        };
        job.pump(&pump)
            .run(src, new_worker, deliver)
            .map_err(|e| job.error(e))
    })
}

/// The validated flags.
#[derive(Debug)]
struct Settings {
    criteria: GameCriteria,
    classify: bool,
    /// The table of `--openings`, when given (else the shipped one).
    openings: Option<&'static OpeningTable>,
    /// `--where` when the pump decides it (from the tags as read).
    pump_where: Option<Arc<TagExpr>>,
    /// `--where` when it reads `ECO` or `Opening` with `--classify`: decided after the
    /// replay, on the tags as classified (see the module docs).
    classified_where: Option<Arc<TagExpr>>,
    unique: bool,
    warnings: bool,
    replay: scoresheet_pgn::replay::ReplayOptions,
    /// The tag whose value names each game's file (`--split-by`).
    split_by: Option<String>,
    /// `--fix-result`, `--fix-ply-count`, `--fill-roster`.
    repairs: Repairs,
}

/// A flag's value that does not read: the message with a caret under `offset`, exit code 2.
fn bad_flag(flag: &str, text: &str, message: impl std::fmt::Display, offset: usize) -> Failure {
    let caret = Caret::new(text.as_bytes(), offset);
    Failure::Error(anyhow::anyhow!("{flag}: {message}\n{caret}"))
}

impl Settings {
    fn from_args(args: &SelectArgs) -> Result<Settings, Failure> {
        // Read here so that a bad expression fails before any output is opened.
        let expr = pumped::where_expr(args.input.where_.as_deref())?;
        let reads_opening = |e: &Arc<TagExpr>| {
            e.tags()
                .iter()
                .any(|tag| tag.eq_ignore_ascii_case("ECO") || tag.eq_ignore_ascii_case("Opening"))
        };
        let (pump_where, classified_where) = match expr {
            Some(e) if args.classify && reads_opening(&e) => (None, Some(e)),
            other => (other, None),
        };
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
        let openings = pumped::openings_table(&args.openings)?;
        Ok(Settings {
            criteria,
            classify: args.classify,
            openings,
            pump_where,
            classified_where,
            unique: args.unique || args.duplicates.is_some(),
            warnings: args.input.warnings,
            replay: args.input.movetext.replay_options(),
            split_by: args.split_by.clone(),
            repairs: Repairs::new()
                .result(args.fix_result)
                .ply_count(args.fix_ply_count)
                .roster(args.fill_roster),
        })
    }

    /// The openings table of `--classify`.
    fn openings(&self) -> &OpeningTable {
        self.openings.unwrap_or(OpeningTable::shipped())
    }

    /// Whether games must be replayed (else the tags decide alone).
    fn replays(&self) -> bool {
        !self.criteria.is_empty() || self.classify || self.unique || !self.repairs.is_empty()
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
