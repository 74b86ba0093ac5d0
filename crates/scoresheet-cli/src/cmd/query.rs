//! `scoresheet query`: run a shipped analysis or the user's own SQL, list or show the shipped
//! ones.

use std::io::{Read, Write};

use anyhow::Context;
use scoresheet_db::query::{self, QueryResult};
use scoresheet_db::{Database, OpenOptions};

use super::database_url;
use crate::args::{QueryArgs, QueryFormat};
use crate::output::{self, Outcome};

/// Runs `query`.
pub fn run(args: QueryArgs) -> Outcome {
    if args.list {
        return print(&list());
    }
    if let Some(name) = &args.show {
        return print(query::find(name).map_err(anyhow::Error::new)?.sql);
    }
    let url = database_url(&args.db)?;
    let options = OpenOptions::new().create(false);
    let open = || Database::open_with(&url, options).with_context(|| format!("cannot open {url}"));
    let player = args.player.as_deref();
    let result = match (&args.sql, &args.name) {
        (Some(path), _) => {
            let sql = read_sql(path)?;
            open()?
                .run_sql(&sql, player)
                .with_context(|| format!("query {} on {url}", path.display()))?
        }
        (None, Some(name)) => {
            let shipped = query::find(name).map_err(anyhow::Error::new)?;
            open()?
                .run(shipped, player)
                .with_context(|| format!("query {} on {url}", shipped.name))?
        }
        // clap requires one of the name, --list, --show and --sql.
        (None, None) => return Ok(()),
    };
    print(&format_result(&result, args.format))
}

/// One line per shipped query: its name, padded, and what it answers.
fn list() -> String {
    let width = query::SHIPPED
        .iter()
        .map(|q| q.name.len())
        .max()
        .unwrap_or(0);
    let mut out = String::new();
    for q in query::SHIPPED {
        out.push_str(&format!("{:width$}  {}\n", q.name, q.summary()));
    }
    out
}

fn read_sql(path: &std::path::Path) -> anyhow::Result<String> {
    let mut sql = String::new();
    if path == std::path::Path::new("-") {
        std::io::stdin()
            .read_to_string(&mut sql)
            .context("cannot read SQL from standard input")?;
    } else {
        sql = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read SQL from {}", path.display()))?;
    }
    Ok(sql)
}

fn format_result(result: &QueryResult, format: QueryFormat) -> String {
    match format {
        QueryFormat::Table => result.to_table(),
        QueryFormat::Csv => result.to_csv(),
        QueryFormat::Json => result.to_json(),
    }
}

fn print(text: &str) -> Outcome {
    let mut out = output::stdout();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(())
}
