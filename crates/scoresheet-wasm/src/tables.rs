//! `readTables`: the `games` and `moves` tables of the Python package's `read_tables` (the
//! export's tables, `scoresheet_export`: the same column declarations, the same sink over the
//! one ply record, the same record batches), pumped by the library's game pump on one thread.
//! The export builds them as plain vectors ([`scoresheet_export::plain`]: Arrow's array code
//! would more than double the .wasm), and they leave WebAssembly with one copy per column, as
//! typed arrays (the `columns` module).

mod columns;
mod flatbuf;
mod ipc;

use std::sync::Arc;

use scoresheet_export::{
    games_schema, moves_schema, Columns, ExportOptions, GameConverter, PlainTables,
};
use scoresheet_pgn::pump::{ChunkLog, Convert, Feed, GameOutcome, Pump, PumpError};
use scoresheet_pgn::replay::GameError;
use scoresheet_pgn::select::TagExpr;
use scoresheet_pgn::{Location, Oddities, ReadOptions, Reader};
use wasm_bindgen::prelude::*;

use crate::errors;
use crate::json::Json;
use crate::pumped::{self, Log};

/// The input bytes of a streamed batch by default (`batchBytes`): about 1 MiB of PGN, some
/// 800 games of real.pgn.
const BATCH_BYTES: usize = 1 << 20;

/// The pieces the one-shot `readTables` pushes its input in.
const PIECE_BYTES: usize = 4 << 20;

/// The export as the pump's converter: the batches of each run (a run ends when the export's
/// batch is full), or the error that kept one from being built.
#[derive(Debug)]
struct TablesConverter(GameConverter);

impl Convert for TablesConverter {
    type Batch = Vec<Result<PlainTables, String>>;

    fn next_game<R: std::io::Read>(
        &mut self,
        reader: &mut Reader<R>,
        _: &mut Self::Batch,
    ) -> GameOutcome<u64> {
        self.0.next_outcome(reader)
    }

    fn oddities(&self) -> &Oddities {
        self.0.oddities()
    }

    fn take_kept(&mut self) -> Vec<(Location, String)> {
        self.0.take_kept()
    }

    fn begin_run(&mut self, byte: u64, _: &mut Self::Batch) {
        self.0.set_byte_base(byte);
    }

    /// Every run gives its tables, those of a run without games too: a batch of rejected
    /// games only still has its columns (no rows), and so has an input without games.
    fn end_run(&mut self, batch: &mut Self::Batch) {
        batch.push(self.0.take_plain().map_err(|e| e.to_string()));
    }

    fn batch_ready(&self, _: &Self::Batch) -> bool {
        self.0.batch_is_full()
    }
}

/// What a call of `readTables` asks for, as the wrapper passes it.
#[derive(Debug, Clone)]
struct Settings {
    export: ExportOptions,
    read: ReadOptions,
    columns: Columns,
    source: Arc<str>,
    format: Format,
    selection: Option<Arc<TagExpr>>,
}

/// How the tables leave WebAssembly (`format`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Format {
    /// `"columns"`: typed arrays, a column at a time (the `columns` module).
    Columns,
    /// `"arrow"`: each table as the bytes of an Arrow IPC stream (the `ipc` module).
    Arrow,
}

impl Format {
    /// The format named `name`; `UsageError` for another name.
    fn named(name: &str) -> Result<Format, JsValue> {
        match name {
            "columns" => Ok(Format::Columns),
            "arrow" => Ok(Format::Arrow),
            _ => Err(errors::usage(format!(
                "format: {name:?} is not a format (\"columns\" or \"arrow\")"
            ))),
        }
    }
}

impl Settings {
    /// The settings from the wrapper's arguments: a bad column name, `where` expression,
    /// language, game cap or format throws `UsageError`.
    fn new(
        columns: Option<Vec<String>>,
        fen: bool,
        selection: Option<String>,
        lang: Option<String>,
        source: String,
        max_game_bytes: Option<f64>,
        format: &str,
    ) -> Result<Settings, JsValue> {
        let selection = where_expr(selection.as_deref())?;
        let format = Format::named(format)?;
        let columns = match columns {
            None => Columns::DEFAULT,
            Some(names) => Columns::named(names.iter().map(String::as_str))
                .map_err(|e| errors::usage(format!("columns: {e}")))?,
        };
        // `fen` adds `fen_after`; without it a column named `fen_after` stays (as in Python).
        let columns = if fen { columns.fen(true) } else { columns };
        let export = ExportOptions::new()
            .columns(columns)
            .replay(crate::games::replay_options(lang.as_deref())?);
        Ok(Settings {
            export,
            read: pumped::read_options(max_game_bytes)?,
            columns,
            source: Arc::from(source),
            format,
            selection,
        })
    }

    /// The feed of a call: the library's pump on one thread, driven by pushed bytes, cutting
    /// chunks of about `chunk_bytes` whole games, each converted into one batch.
    fn feed(&self, chunk_bytes: usize) -> Feed<TablesConverter> {
        Pump::new(1)
            .chunk_bytes(chunk_bytes)
            .read_options(self.read)
            .select_where(self.selection.clone())
            .feed(self.new_worker(usize::MAX))
    }

    fn new_worker(&self, batch_games: usize) -> TablesConverter {
        let mut export = GameConverter::new(
            Arc::clone(&self.source),
            self.export.batch_games(batch_games),
        );
        export.keep_oddities(true);
        TablesConverter(export)
    }
}

/// A `where` expression read as the command-line tool's `--where` and Python's `where=`
/// (`scoresheet_pgn::select::expr`; `~` is regex-lite's search here, see the crate's
/// `unicode-regex` feature). Throws `ParseError` (notation `where`, with the offset and what
/// was expected) when it does not read.
fn where_expr(text: Option<&str>) -> Result<Option<Arc<TagExpr>>, JsValue> {
    let Some(text) = text else {
        return Ok(None);
    };
    match TagExpr::parse(text) {
        Ok(expr) => Ok(Some(Arc::new(expr))),
        Err(e) => Err(errors::syntax(
            &format!("where: {e}"),
            "where",
            e.offset(),
            &e.kind().to_string(),
            text,
        )
        .into_value()),
    }
}

/// The next batch of `feed` as one set of tables with its log; `None` when more bytes are
/// needed (or none are left). Throws `PgnError` when an error ends the input, `UsageError`
/// when the tables cannot be built.
fn next_tables(
    feed: &mut Feed<TablesConverter>,
    batch: &mut Vec<Result<PlainTables, String>>,
) -> Result<Option<(PlainTables, ChunkLog)>, JsValue> {
    let log = match feed.next_batch(batch) {
        Ok(Some(log)) => log,
        Ok(None) => return Ok(None),
        Err(PumpError::Fatal(e)) => return Err(errors::pgn(&GameError::from(e))),
        Err(e) => return Err(errors::usage(format!("cannot read the input: {e}"))),
    };
    let mut tables = PlainTables::default();
    for part in batch.drain(..) {
        match part {
            Ok(part) => tables.append(part),
            Err(e) => return Err(errors::usage(format!("cannot build the tables: {e}"))),
        }
    }
    Ok(Some((tables, log)))
}

/// The tables as `{games, moves}` in the settings' format: typed arrays ([`columns`]) or the
/// bytes of an Arrow IPC stream each ([`ipc`]).
fn tables_js(tables: &PlainTables, settings: &Settings) -> Result<js_sys::Object, JsValue> {
    let out = js_sys::Object::new();
    let (games, moves) = match settings.format {
        Format::Columns => {
            let rows = |c: &[scoresheet_export::PlainColumn]| c.first().map_or(0, |c| c.len());
            (
                columns::table_js(&tables.games, rows(&tables.games)),
                columns::table_js(&tables.moves, rows(&tables.moves)),
            )
        }
        Format::Arrow => {
            let bytes = |schema, columns| {
                ipc::stream(schema, columns)
                    .map(|b| JsValue::from(js_sys::Uint8Array::from(b.as_slice())))
                    .map_err(|e| errors::usage(format!("cannot build the tables: {e}")))
            };
            (
                bytes(&games_schema(settings.columns), &tables.games)?,
                bytes(&moves_schema(settings.columns), &tables.moves)?,
            )
        }
    };
    columns::set(&out, "games", &games);
    columns::set(&out, "moves", &moves);
    Ok(out)
}

/// The log as the JSON text `{rejected, warnings, counts}` (the `pumped` module's members).
fn log_json(log: Log) -> String {
    let mut json = Json::new();
    json.open();
    log.write(&mut json);
    json.close();
    json.finish()
}

/// The tables of `input` (PGN bytes, UTF-8 or Latin-1 as every reader takes them): `{games,
/// moves, log}`, the tables of typed arrays (the `columns` module), `log` the JSON text of the pump's
/// log. `columns` names columns of either table (`None`: the default ones), `fen` adds
/// `fen_after`, `selection` is a `where` expression, `source` names the input in
/// `source_file`, `max_game_bytes` is the largest game read (`None`: 64 MiB; a larger one is
/// rejected and the next read), `format` is `"columns"` or `"arrow"` (each table the bytes of
/// an Arrow IPC stream). Throws `UsageError` for a bad argument, `PgnError` when the input cannot be
/// read on (UTF-16).
#[wasm_bindgen(js_name = readTablesRaw)]
// The wrapper's options, an argument each (the package's `readTables` names them).
#[allow(clippy::too_many_arguments)]
pub fn read_tables_raw(
    input: &[u8],
    columns: Option<Vec<String>>,
    fen: bool,
    selection: Option<String>,
    lang: Option<String>,
    source: String,
    max_game_bytes: Option<f64>,
    format: String,
) -> Result<JsValue, JsValue> {
    let settings = Settings::new(
        columns,
        fen,
        selection,
        lang,
        source,
        max_game_bytes,
        &format,
    )?;
    // The stream's feed, given the input a piece at a time (so that it holds one piece, not
    // a second copy of the input): one reader for both forms, and one copy of its code in the
    // .wasm (the reader's code is generic over its input).
    let mut feed = settings.feed(BATCH_BYTES);
    let (mut tables, mut log, mut batch) = (PlainTables::default(), Log::default(), Vec::new());
    let mut pieces = input.chunks(PIECE_BYTES);
    let (mut finished, mut batches) = (false, 0);
    loop {
        match next_tables(&mut feed, &mut batch)? {
            Some((part, chunk)) => {
                tables.append(part);
                log.add(&chunk);
                batches += 1;
            }
            None if feed.is_done() || finished => break,
            None => match pieces.next() {
                Some(piece) => feed.push(piece),
                None => {
                    feed.finish();
                    finished = true;
                }
            },
        }
    }
    if batches == 0 {
        // An input without games gives no chunk: its tables are an empty run's (the columns,
        // no rows), as `Pump::run` gives them.
        settings.new_worker(usize::MAX).end_run(&mut batch);
        for part in batch.drain(..) {
            tables
                .append(part.map_err(|e| errors::usage(format!("cannot build the tables: {e}")))?);
        }
    }
    let out = tables_js(&tables, &settings)?;
    columns::set(&out, "log", &JsValue::from_str(&log_json(log)));
    Ok(out.into())
}

/// `readTables` over a stream: the wrapper pushes the stream's pieces as they come
/// ([`push`](TablesStream::push), then [`finish`](TablesStream::finish)) and takes each batch
/// that is ready ([`next`](TablesStream::next)). The library's pump cuts the input into chunks
/// of whole games as its bytes arrive ([`Feed`]: the cuts of its threads, not a rule of this
/// package) and converts each chunk into one batch; memory holds a chunk and its tables, not
/// the input.
#[wasm_bindgen]
#[derive(Debug)]
pub struct TablesStream {
    feed: Feed<TablesConverter>,
    settings: Settings,
    batch: Vec<Result<PlainTables, String>>,
}

#[wasm_bindgen]
impl TablesStream {
    /// A stream read with the settings of [`read_tables_raw`], batches of about `batch_bytes`
    /// input bytes (0: the default, 1 MiB; a batch holds whole games, so one game larger than
    /// that is a batch of its own). With `format` `"arrow"` each batch's tables are an Arrow
    /// IPC stream each (schema, dictionaries, one record batch).
    #[wasm_bindgen(constructor)]
    // The wrapper's options, an argument each, as `readTablesRaw` takes them.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        columns: Option<Vec<String>>,
        fen: bool,
        selection: Option<String>,
        lang: Option<String>,
        source: String,
        batch_bytes: usize,
        max_game_bytes: Option<f64>,
        format: String,
    ) -> Result<TablesStream, JsValue> {
        let settings = Settings::new(
            columns,
            fen,
            selection,
            lang,
            source,
            max_game_bytes,
            &format,
        )?;
        let size = if batch_bytes == 0 {
            BATCH_BYTES
        } else {
            batch_bytes
        };
        let feed = settings.feed(size);
        Ok(TablesStream {
            feed,
            settings,
            batch: Vec::new(),
        })
    }

    /// More bytes of the input (a piece of any size).
    pub fn push(&mut self, bytes: &[u8]) {
        self.feed.push(bytes);
    }

    /// The input ends after the bytes pushed.
    pub fn finish(&mut self) {
        self.feed.finish();
    }

    /// Whether every batch was taken (after `finish`), or an error ended the input.
    #[wasm_bindgen(getter)]
    pub fn done(&self) -> bool {
        self.feed.is_done()
    }

    /// The next batch, `{games, moves, log}` as `readTablesRaw` gives them (the log of this
    /// batch's games), or `undefined` when more bytes are needed (or none are left). Throws
    /// `PgnError` when an error ends the input (UTF-16), after the batch before it.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> Result<JsValue, JsValue> {
        let Some((tables, log)) = next_tables(&mut self.feed, &mut self.batch)? else {
            return Ok(JsValue::UNDEFINED);
        };
        let mut chunk = Log::default();
        chunk.add(&log);
        let out = tables_js(&tables, &self.settings)?;
        columns::set(&out, "log", &JsValue::from_str(&log_json(chunk)));
        Ok(out.into())
    }
}
