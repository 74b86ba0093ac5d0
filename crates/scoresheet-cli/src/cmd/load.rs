//! `scoresheet load`: store PGN games in a database.

use std::io::IsTerminal;
use std::path::Path;
use std::time::Duration;

use anyhow::Context;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use scoresheet_db::{load, Database, LoadEvent, LoadOptions, LoadSummary};
use scoresheet_export::table_input::{self, ParquetPgn, RawInput, TableOptions};
use scoresheet_pgn::Location;

use super::database_url;
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
    let mut total = LoadSummary::default();
    for input in &args.inputs {
        let bar = progress_bar(input, args.quiet);
        let name = input.display().to_string();
        let table = open_table(input, &args.movetext_column)?;
        let is_table = table.is_some();
        let mut on_event = |event: LoadEvent<'_>| show_event(event, &bar, &name, is_table);
        let result = match table {
            Some(rows) => load::load_reader(&mut db, rows, &name, &options, &mut on_event),
            None => load::load_path(&mut db, input, &options, &mut on_event),
        };
        bar.finish_and_clear();
        match result {
            Ok(summary) => total.add(&summary),
            Err(e) => {
                let (summary, error) = e.into_parts();
                total.add(&summary);
                if !args.quiet {
                    eprintln!("{total} (stopped)");
                }
                let error = anyhow::Error::new(error);
                return Err(Failure::Error(
                    error.context(format!("loading {} into {url}", input.display())),
                ));
            }
        }
    }
    if !args.quiet {
        eprintln!("{total}");
    }
    if total.rejected > 0 {
        let n = total.rejected;
        let s = if n == 1 { "" } else { "s" };
        return Err(Failure::Rejected(format!(
            "{n} game{s} rejected (not stored)"
        )));
    }
    Ok(())
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

/// Shows an event of the load of input `name` (a table when `table`: a game is named by its row
/// too, [`Location::row_prefix`], as every command names a table's games): a rejected game or a
/// warning on stderr, in every command's words, the progress on `bar`.
fn show_event(event: LoadEvent<'_>, bar: &ProgressBar, name: &str, table: bool) {
    let row = |at: &Location| match table {
        true => at.row_prefix(),
        false => String::new(),
    };
    match event {
        LoadEvent::Rejected(rejection) => {
            let row = rejection.location.as_ref().map_or_else(String::new, row);
            let line = output::rejected_game(name, format_args!("{row}{}", rejection.message));
            bar.suspend(|| eprintln!("{line}"));
        }
        LoadEvent::Warning { at, what, .. } => {
            let line = output::warning(name, format_args!("{}{at}", row(at)), what);
            bar.suspend(|| eprintln!("{line}"));
        }
        LoadEvent::Progress { bytes, games } => {
            bar.set_position(bytes);
            bar.set_message(format!("{games} games"));
        }
        LoadEvent::BuildingIndexes => {
            bar.set_message("all games stored; building the indexes");
        }
        _ => {}
    }
}

/// The rows of `input` as PGN text when it is a Parquet file (told by content; standard input
/// is always read as PGN by `load`, which verifies compressed input itself).
fn open_table(input: &Path, movetext_column: &str) -> Result<Option<ParquetPgn>, Failure> {
    if input == Path::new("-") {
        return Ok(None);
    }
    let options = TableOptions::new().movetext_column(movetext_column);
    match table_input::open_raw(input, &options) {
        Ok(RawInput::Parquet(rows)) => Ok(Some(rows)),
        Ok(RawInput::Text(..)) => Ok(None),
        Err(e) => Err(Failure::Error(
            anyhow::Error::new(e).context(format!("cannot open {}", input.display())),
        )),
    }
}

/// A progress bar over the input's bytes on stderr, hidden unless stderr is a terminal.
fn progress_bar(input: &Path, quiet: bool) -> ProgressBar {
    if quiet || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let len = std::fs::metadata(input)
        .ok()
        .filter(|m| m.is_file())
        .map(|m| m.len());
    let bar = match len {
        Some(len) => ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr()),
        None => ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr()),
    };
    let template = "{prefix} [{bar:30}] {bytes}/{total_bytes} {msg} ({elapsed}, eta {eta})";
    if let Ok(style) = ProgressStyle::with_template(template) {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.set_prefix(input.display().to_string());
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}
