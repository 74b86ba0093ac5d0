//! `scoresheet load`: store PGN games in a database.

use std::io::IsTerminal;
use std::path::Path;
use std::time::Duration;

use anyhow::Context;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use scoresheet_db::{load, Database, LoadEvent, LoadOptions, LoadSummary};

use super::database_url;
use crate::args::LoadArgs;
use crate::output::{Failure, Outcome};

/// Set to N in crash tests: the process aborts once N games are in an uncommitted transaction.
const ABORT_ENV: &str = "SCORESHEET_TEST_ABORT_AFTER_GAMES";

/// Runs `load`.
pub fn run(args: LoadArgs) -> Outcome {
    let url = database_url(&args.db)?;
    let mut db = Database::open(&url).with_context(|| format!("cannot open {url}"))?;
    db.migrate()
        .with_context(|| format!("cannot create the schema in {url}"))?;
    let abort = std::env::var(ABORT_ENV).ok().and_then(|v| v.parse().ok());
    let options = LoadOptions::new()
        .batch_size(args.batch_size)
        .abort_after_games(abort)
        .warnings(args.warnings)
        .threads(usize::from(args.threads))
        .replay(args.movetext.replay_options())
        .select_where(super::pumped::where_expr(args.where_.as_deref())?);
    let mut total = LoadSummary::default();
    for input in &args.inputs {
        let bar = progress_bar(input, args.quiet);
        let result = load::load_path(&mut db, input, &options, &mut |event| match event {
            LoadEvent::Rejected(message) => {
                bar.suspend(|| eprintln!("error: {message}"));
            }
            LoadEvent::Warning(message) => {
                bar.suspend(|| eprintln!("warning: {message}"));
            }
            LoadEvent::Progress { bytes, games } => {
                bar.set_position(bytes);
                bar.set_message(format!("{games} games"));
            }
            LoadEvent::BuildingIndexes => {
                bar.set_message("all games stored; building the indexes");
            }
            _ => {}
        });
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
