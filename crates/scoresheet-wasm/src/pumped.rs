//! What `readGames`, `egd` and `rewritePgn` share: the library's game pump
//! (`scoresheet_pgn::pump::Pump`, one thread) over a text, with the run's log turned into
//! JSON as the command-line tool turns it into messages and counts. A front end adds only its
//! converter and what it keeps of a batch; the pump owns the loop over the games, the
//! per-game policy (`pump::next_game`) and the counts.
//!
//! The log is three JSON members: `rejected` (each rejected game, `errors::rejected_json`),
//! `warnings` (each oddity kept, in input order, `{game, firstLine, line, column, byte,
//! reason, message}`: `message` is location first, as `--warnings` prints it) and `counts`
//! (`{gamesIn, converted, rejected, notSelected, plies, oddities, oddityKinds}`: `notSelected`
//! counts the games a `where` left out (`readTables`), `oddities` is the total,
//! `oddityKinds` the `[kind, count]` pairs, most frequent first, and `summary` the counts in
//! the command's words).

use scoresheet_pgn::pump::{ChunkLog, Convert, Event, Pump, PumpError, Tally};
use scoresheet_pgn::replay::GameError;
use scoresheet_pgn::{Location, ReadOptions};
use wasm_bindgen::JsValue;

use crate::errors::{self, location_json, rejected_json};
use crate::json::Json;

/// A pumped text's log: rejections, warnings, counts.
#[derive(Debug, Default)]
pub(crate) struct Log {
    rejected: Json,
    warnings: Json,
    tally: Tally,
}

impl Log {
    pub(crate) fn add(&mut self, log: &ChunkLog) {
        for event in log.events() {
            match event {
                Event::Rejected(e) => rejected_json(&mut self.rejected, e),
                Event::Warning(at, what) => warning_json(&mut self.warnings, *at, what),
            }
        }
        self.tally.add(log);
    }

    /// Writes the members `rejected`, `warnings` and `counts` into the open object `json`.
    pub(crate) fn write(self, json: &mut Json) {
        let t = &self.tally;
        json.key("rejected")
            .raw(&format!("[{}]", self.rejected.finish()))
            .key("warnings")
            .raw(&format!("[{}]", self.warnings.finish()))
            .key("counts")
            .open()
            .key("gamesIn")
            .num(t.games_in() as f64)
            .key("converted")
            .num(t.converted() as f64)
            .key("rejected")
            .num(t.rejected() as f64)
            .key("notSelected")
            .num(t.not_selected() as f64)
            .key("plies")
            .num(t.plies() as f64)
            .key("oddities")
            .num(t.oddities().total() as f64)
            .key("oddityKinds")
            .open_array();
        for (kind, n) in t.oddities().by_kind() {
            json.open_array()
                .str(&kind.to_string())
                .num(n as f64)
                .close_array();
        }
        json.close_array()
            .key("summary")
            .str(&t.to_string())
            .close();
    }
}

/// A kept oddity: where, and what.
fn warning_json(json: &mut Json, at: Location, what: &str) {
    location_json(json.open(), at)
        .key("reason")
        .str(what)
        .key("message")
        .str(&format!("{at}: {what}"))
        .close();
}

/// The reader settings of a `maxGameBytes` option (`None`: the default, 64 MiB, as the
/// command-line tool's `--max-game-bytes` and Python's `max_game_bytes=`): a game larger than
/// that is rejected (`expected a game of at most N bytes`) and the next one read. Throws
/// `UsageError` for anything but a whole number from 1 to 1 GiB.
pub(crate) fn read_options(max_game_bytes: Option<f64>) -> Result<ReadOptions, JsValue> {
    const MOST: f64 = (1u64 << 30) as f64;
    match max_game_bytes {
        None => Ok(ReadOptions::new()),
        Some(bytes) if bytes.fract() == 0.0 && (1.0..=MOST).contains(&bytes) => {
            Ok(ReadOptions::new().max_game_bytes(bytes as usize))
        }
        Some(_) => Err(errors::usage("maxGameBytes: from 1 to 1073741824")),
    }
}

/// Pumps the games of `text` through a converter made by `new_worker`, read with `read`,
/// handing each batch to `take` (which empties it), and gives the log. Throws `PgnError` when
/// an error ends the input (UTF-16).
pub(crate) fn pump<C: Convert>(
    text: &str,
    read: ReadOptions,
    new_worker: impl Fn() -> C + Sync,
    take: impl FnMut(&mut C::Batch) + Send,
) -> Result<Log, JsValue> {
    pump_bytes(text.as_bytes(), read, new_worker, take)
}

/// [`pump`] over bytes (UTF-8 or Latin-1, as every reader takes them). No selection (`where`):
/// only `readTables` takes one (through its own feed, `tables.rs`), and a pump given a
/// selection at run time keeps a copy of the reader for it per converter (399,568 bytes
/// gzipped against 370,162 for the four converters here, 2026-11-28).
pub(crate) fn pump_bytes<C: Convert>(
    input: &[u8],
    read: ReadOptions,
    new_worker: impl Fn() -> C + Sync,
    mut take: impl FnMut(&mut C::Batch) + Send,
) -> Result<Log, JsValue> {
    let mut log = Log::default();
    let deliver = |batch: &mut C::Batch, chunk: ChunkLog| {
        take(batch);
        log.add(&chunk);
        Ok(())
    };
    match Pump::new(1)
        .read_options(read)
        .run(input, new_worker, deliver)
    {
        Ok(()) => Ok(log),
        Err(PumpError::Fatal(e)) => Err(errors::pgn(&GameError::from(e))),
        // Reading from memory has no I/O error, and `deliver` returns none.
        Err(e) => Err(errors::usage(format!("cannot read the input: {e}"))),
    }
}
