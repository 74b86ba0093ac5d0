//! `scoresheet load`: store PGN games in a database, in the shell of every command that reads
//! games ([`pumped::run_command`]: the progress line, the summary, the exit code), each input
//! opened and counted as theirs are ([`pumped::text`], [`pumped::table`]).

use std::io::{self, Read};
use std::path::Path;
use std::sync::atomic::Ordering;
use std::sync::Arc;

use anyhow::Context;
use scoresheet_db::{load, Database, DatabaseUrl, LoadEvent, LoadOptions, LoadSummary};
use scoresheet_export::table_input::TableOptions;
use scoresheet_pgn::input::{self, Compression};

use super::database_url;
use super::progress::{Counting, Progress};
use super::pumped::{self, Counters, Job};
use crate::args::LoadArgs;
use crate::output::{self, Failure, Outcome};

/// Set to N in crash tests: the process aborts once N games are in an uncommitted transaction.
const ABORT_ENV: &str = "SCORESHEET_TEST_ABORT_AFTER_GAMES";

/// Runs `load`.
pub fn run(args: LoadArgs) -> Outcome {
    let url = database_url(&args.db)?;
    let mut db = Database::open(&url).with_context(|| format!("cannot open {url}"))?;
    db.migrate()
        .with_context(|| format!("cannot create the schema in {url}"))?;
    let options = load_options(&args)?;
    pumped::run_command(
        args.quiet,
        |counters, bar| load_all(&args, (&mut db, &url), &options, counters, bar),
        |_, total| eprintln!("{total}"),
        rejected,
    )
}

/// Loads each input in turn; the totals, or the first error (after the totals so far, unless
/// `--quiet`).
fn load_all(
    args: &LoadArgs,
    (db, url): (&mut Database, &DatabaseUrl),
    options: &LoadOptions,
    counters: &Arc<Counters>,
    bar: &Progress,
) -> anyhow::Result<LoadSummary> {
    let mut total = LoadSummary::default();
    for input in &args.inputs {
        let name = input.display().to_string();
        let (src, compression) = open(input, &args.movetext_column, counters)
            .with_context(|| format!("cannot open {name}"))?;
        let job = Job {
            verb: "loading",
            name: &name,
            counters,
            bar,
        };
        let before = total.games;
        bar.note("");
        let mut on_event = |event: LoadEvent<'_>| show_event(event, &job, before);
        let result = load::load_decoded(db, src, &name, compression, options, &mut on_event);
        let (summary, error) = match result {
            Ok(summary) => (summary, None),
            Err(e) => {
                let (summary, error) = e.into_parts();
                (summary, Some(error))
            }
        };
        total.add(&summary);
        count(counters, &total);
        if let Some(error) = error {
            if !args.quiet {
                bar.println(&format!("{total} (stopped)"));
            }
            let error = anyhow::Error::new(error);
            return Err(error.context(format!("loading {name} into {url}")));
        }
    }
    Ok(total)
}

/// `load`'s failure when games were rejected (exit 1).
fn rejected(counters: &Counters) -> Failure {
    let n = counters.get(&counters.errors);
    let s = if n == 1 { "" } else { "s" };
    Failure::Rejected(format!("{n} game{s} rejected (not stored)"))
}

/// The totals of the inputs loaded so far as the shell counts them: games rejected, and the
/// others as converted (the progress line shows their sum, the games read).
fn count(counters: &Counters, total: &LoadSummary) {
    counters.errors.store(total.rejected, Ordering::Relaxed);
    let others = total.games.saturating_sub(total.rejected);
    counters.converted.store(others, Ordering::Relaxed);
}

/// The load's settings from the flags (and, in crash tests, [`ABORT_ENV`]).
///
/// # Errors
///
/// `--where` or `--openings` does not read.
fn load_options(args: &LoadArgs) -> anyhow::Result<LoadOptions> {
    let abort = std::env::var(ABORT_ENV).ok().and_then(|v| v.parse().ok());
    Ok(LoadOptions::new()
        .batch_size(args.batch_size)
        .abort_after_games(abort)
        .warnings(args.warnings)
        .threads(usize::from(args.threads))
        .max_game_bytes(args.max_game_bytes)
        .replay(args.movetext.replay_options())
        .select_where(super::pumped::where_expr(args.where_.as_deref())?)
        .openings(super::pumped::openings_table(&args.openings)?))
}

/// Shows an event of the load of `job`'s input (a table when the counters say so: a game is
/// named by its row too, [`pumped::row_prefix`], as every command names a table's games): a
/// rejected game or a warning on stderr, in every command's words, the games read (`before`
/// in the inputs before this one) and what the load is doing on the progress line.
fn show_event(event: LoadEvent<'_>, job: &Job<'_>, before: u64) {
    let counters = job.counters;
    match event {
        LoadEvent::Rejected(rejection) => {
            let row = match &rejection.location {
                Some(at) => pumped::row_prefix(counters, at),
                None => String::new(),
            };
            let line = output::rejected_game(job.name, format_args!("{row}{}", rejection.message));
            job.bar.println(&line);
            counters.add(0, 1, 0);
        }
        LoadEvent::Warning { at, what, .. } => {
            let row = pumped::row_prefix(counters, at);
            let line = output::warning(job.name, format_args!("{row}{at}"), what);
            job.bar.println(&line);
        }
        LoadEvent::Progress { games } => {
            let others = (before + games).saturating_sub(counters.get(&counters.errors));
            counters.converted.store(others, Ordering::Relaxed);
        }
        LoadEvent::BuildingIndexes => job.bar.note("all games stored; building the indexes"),
        _ => {}
    }
}

/// Opens `input` for the load, its bytes counted for the progress line as every command counts
/// them: a Parquet file (told by content) as its rows' PGN text, anything else (and standard
/// input always) as PGN text, compressed or not, with the compression found (the load takes
/// back what it stored from a compressed input that fails its checksums).
fn open(
    path: &Path,
    movetext_column: &str,
    counters: &Arc<Counters>,
) -> io::Result<(Counting<Box<dyn Read + Send>>, Compression)> {
    if path == Path::new("-") {
        let (raw, size) = input::open_raw(path)?;
        return pumped::text(raw, size, counters);
    }
    let options = TableOptions::new().movetext_column(movetext_column);
    pumped::open_counted(path, &options, counters)
}
