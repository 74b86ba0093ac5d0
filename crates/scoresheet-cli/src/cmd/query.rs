//! `scoresheet query`: run a shipped analysis.

use std::io::Write;

use anyhow::Context;
use scoresheet_db::{query, Database, OpenOptions};

use super::database_url;
use crate::args::{QueryArgs, QueryFormat};
use crate::output::{self, Outcome};

/// Runs `query`.
pub fn run(args: QueryArgs) -> Outcome {
    let url = database_url(&args.db)?;
    let shipped = query::find(&args.name).map_err(anyhow::Error::new)?;
    let options = OpenOptions::new().create(false);
    let mut db =
        Database::open_with(&url, options).with_context(|| format!("cannot open {url}"))?;
    let result = db
        .run(shipped, args.player.as_deref())
        .with_context(|| format!("query {} on {url}", shipped.name))?;
    let text = match args.format {
        QueryFormat::Table => result.to_table(),
        QueryFormat::Csv => result.to_csv(),
        QueryFormat::Json => result.to_json(),
    };
    let mut out = output::stdout();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(())
}
