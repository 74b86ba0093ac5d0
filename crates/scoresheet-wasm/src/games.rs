//! `readGames` and `egd`: the games of a PGN text, read by the library's game pump on one
//! thread and replayed by its replay layer (`scoresheet_pgn::pump`, `scoresheet_pgn::replay`:
//! the loop, the per-game policy and the rules of every `scoresheet` command), for the
//! package's wrapper. Each result carries the pump's log (the `pumped` module): rejected
//! games, warnings and counts, as the command-line tool reports them.
//!
//! A game is `{number, firstLine, byte, tags, startFen, result, comments}` as JSON, and its
//! plies are rows of columns (the `game_columns` module), flat, in the order the moves are
//! written, mainline and variations alike: each ply has its `parent` (the index of the ply
//! before it, `-1` at the start), its variation `depth` (0 on the mainline), and the first ply
//! of a variation has `variationOf`, the index of the ply it replaces. The wrapper makes a
//! game's ply objects, `mainline` and each ply's `variations` from these when they are first
//! read, without recursion.

use scoresheet::san::{suffix_after, SanPlus};
use scoresheet::uci::UciMove;
use scoresheet::{CastlingMode, EnPassantMode, Position};
use scoresheet_pgn::annotation::CommentIssue;
use scoresheet_pgn::egd::{EgdOptions, JsonVisitor};
use scoresheet_pgn::pump::{next_game, Convert, GameOutcome};
use scoresheet_pgn::replay::{game_result, Ply, ReplayOptions, ReplaySink, Replayer};
use scoresheet_pgn::{
    Location, Noted, Oddities, Outcome, RawComment, RawTag, RawToken, ReadOptions, Reader,
};
use wasm_bindgen::prelude::*;

use crate::game_columns::{GameColumns, JsPly};
use crate::json::Json;
use crate::pumped;

/// The replay state of one line: its last ply, where it starts, which ply it replaces.
#[derive(Debug, Clone, Copy, Default)]
struct Line {
    last: Option<usize>,
    parent: Option<usize>,
    variation_of: Option<usize>,
}

/// The game being read.
#[derive(Debug, Default)]
struct GameRecord {
    location: Location,
    tags: Vec<(String, String)>,
    start_fen: String,
    castling: Option<CastlingMode>,
    comments: Vec<String>,
    plies: Vec<JsPly>,
    lines: Vec<Line>,
    pending: Vec<String>,
    outcome: Option<Option<Outcome>>,
}

/// The sink: each game as JSON, with its variations, and its number of mainline plies.
#[derive(Debug, Default)]
struct GameJson {
    fens: bool,
    game: GameRecord,
}

impl GameJson {
    fn line(&mut self) -> &mut Line {
        if self.game.lines.is_empty() {
            self.game.lines.push(Line::default());
        }
        let last = self.game.lines.len() - 1;
        &mut self.game.lines[last]
    }

    fn push(&mut self, ply: &Ply<'_>) {
        let mode = self.game.castling.unwrap_or(CastlingMode::Standard);
        let after = ply.after;
        let suffix = suffix_after(after);
        let uci = ply
            .mv
            .map_or(UciMove::Null, |mv| UciMove::from_move_in(mode, mv));
        let fens = self.fens;
        let index = self.game.plies.len();
        let line = *self.line();
        let record = JsPly {
            san: SanPlus {
                san: ply.san,
                suffix,
                annotation: None,
            },
            uci,
            fen: fens.then(|| after.fen(EnPassantMode::Always)),
            parent: line.last.or(line.parent),
            depth: ply.depth,
            variation_of: line.last.is_none().then_some(line.variation_of).flatten(),
            comments_before: std::mem::take(&mut self.game.pending),
            comments: Vec::new(),
            nags: Vec::new(),
            location: ply.token.location(),
        };
        self.game.plies.push(record);
        self.line().last = Some(index);
    }

    /// The ply comments and NAGs now attach to: the current line's last.
    fn current(&mut self) -> Option<usize> {
        self.game.lines.last().and_then(|l| l.last)
    }
}

impl ReplaySink for GameJson {
    /// The game's JSON object (without plies), its plies and its number of mainline plies.
    type Game = (String, Vec<JsPly>, u64);

    fn begin_game(&mut self, at: Location) {
        self.game = GameRecord {
            location: at,
            ..GameRecord::default()
        };
    }

    fn tag(&mut self, name: &[u8], value: RawTag<'_>) {
        let name = scoresheet_pgn::decode::decode(name).into_owned();
        self.game.tags.push((name, value.decode().into_owned()));
    }

    fn start(&mut self, start: &Position) {
        self.game.start_fen = start.fen(EnPassantMode::Always);
        self.game.castling = Some(start.castling_mode());
    }

    fn replays_variations(&self) -> bool {
        true
    }

    fn ply(&mut self, ply: &Ply<'_>) {
        self.push(ply);
    }

    fn null_move(&mut self, ply: &Ply<'_>) -> Result<(), &'static str> {
        self.push(ply);
        Ok(())
    }

    fn nag(&mut self, nag: u16, _token: RawToken<'_>) {
        if let Some(i) = self.current() {
            self.game.plies[i].nags.push(nag);
        }
    }

    fn comment(&mut self, comment: RawComment<'_>) -> Vec<CommentIssue> {
        let text = comment.decode().trim().to_owned();
        match self.current() {
            Some(i) => self.game.plies[i].comments.push(text),
            None if self.game.plies.is_empty() => self.game.comments.push(text),
            None => self.game.pending.push(text),
        }
        Vec::new()
    }

    fn begin_variation(&mut self) {
        let replaced = self.current();
        let parent = replaced.and_then(|i| self.game.plies[i].parent);
        self.game.lines.push(Line {
            last: None,
            parent,
            variation_of: replaced,
        });
    }

    fn end_variation(&mut self) {
        if self.game.lines.len() > 1 {
            self.game.lines.pop();
        }
        self.game.pending.clear();
    }

    fn outcome(&mut self, outcome: Option<Outcome>) {
        self.game.outcome = Some(outcome);
    }

    fn end_game(&mut self) -> (String, Vec<JsPly>, u64) {
        let mut game = std::mem::take(&mut self.game);
        let mainline = game.plies.iter().filter(|p| p.depth == 0).count() as u64;
        (game_json(&game), std::mem::take(&mut game.plies), mainline)
    }

    fn abandon(&mut self) {
        self.game = GameRecord::default();
    }
}

/// An array of strings.
fn strings_json(json: &mut Json, strings: &[String]) {
    json.open_array();
    for s in strings {
        json.str(s);
    }
    json.close_array();
}

/// A game as JSON, without its plies (see the module docs).
fn game_json(game: &GameRecord) -> String {
    let mut json = Json::new();
    let tag = |name: &str| {
        game.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    };
    json.open()
        .key("number")
        .num((game.location.game_index + 1) as f64)
        .key("firstLine")
        .num(game.location.game_first_line as f64)
        .key("byte")
        .num(game.location.byte as f64)
        .key("tags")
        .open_array();
    for (name, value) in &game.tags {
        json.open_array().str(name).str(value).close_array();
    }
    json.close_array()
        .key("startFen")
        .str(&game.start_fen)
        .key("result")
        .str(game_result(tag("Result"), game.outcome))
        .key("comments");
    strings_json(&mut json, &game.comments);
    json.close();
    json.finish()
}

/// The movetext language of SAN tokens (`de` reads `Sf3`), as `--lang`.
pub(crate) fn replay_options(lang: Option<&str>) -> Result<ReplayOptions, JsValue> {
    Ok(match lang {
        Some(code) => ReplayOptions::new().lang(Some(crate::notation::lang(code)?)),
        None => ReplayOptions::new(),
    })
}

/// `readGames` as the pump's converter: a batch is a run of games and their plies' columns.
#[derive(Debug)]
struct GamesConverter(Replayer<Noted<GameJson>>);

impl Convert for GamesConverter {
    type Batch = GameColumns;

    fn next_game<R: std::io::Read>(
        &mut self,
        reader: &mut Reader<R>,
        games: &mut GameColumns,
    ) -> GameOutcome<u64> {
        next_game(reader, &mut self.0).map(|(json, plies, mainline)| {
            games.push_game(&json, &plies);
            mainline
        })
    }

    fn oddities(&self) -> &Oddities {
        self.0.sink().oddities()
    }

    fn take_kept(&mut self) -> Vec<(Location, String)> {
        self.0.sink_mut().take_kept()
    }
}

/// The games of `text`: `json`, the JSON of `{games, rejected, warnings, counts}` (a game as
/// the module docs say; the log as the `pumped` module writes it: every oddity is a warning),
/// and the plies' columns (the `game_columns` module). `fens` adds each ply's position after
/// it; `max_game_bytes` is the largest game read (`None`: 64 MiB; a larger one is rejected and
/// the next read). Throws `PgnError` when the input cannot be read on (UTF-16), `UsageError`
/// for a bad `max_game_bytes`; games in = games + rejected.
#[wasm_bindgen(js_name = readGamesColumns)]
pub fn read_games_columns(
    text: &str,
    lang: Option<String>,
    fens: bool,
    max_game_bytes: Option<f64>,
) -> Result<JsValue, JsValue> {
    let options = replay_options(lang.as_deref())?;
    let read = pumped::read_options(max_game_bytes)?;
    let new_worker = || {
        let sink = Noted::new(GameJson {
            fens,
            ..GameJson::default()
        });
        GamesConverter(Replayer::with_options(sink.keep(true), options))
    };
    let mut all = GameColumns::default();
    let log = pumped::pump(text, read, new_worker, |batch: &mut GameColumns| {
        all.append(std::mem::take(batch));
    })?;
    let json = with_log("games", all.take_games(), log);
    Ok(all.into_js(json, fens))
}

/// The EGD records of `text` (the library's JSON writer as the pump's converter, the same as
/// `scoresheet egd --warnings`; `extended` as `--extended`) as JSON: `{records, rejected,
/// warnings, counts}`. Throws `PgnError` when the input cannot be read on.
#[wasm_bindgen(js_name = egdJson)]
pub fn egd_json(text: &str, extended: bool, lang: Option<String>) -> Result<String, JsValue> {
    let options = EgdOptions::new()
        .extended(extended)
        .replay(replay_options(lang.as_deref())?);
    let new_worker = || {
        let mut visitor = JsonVisitor::new(options);
        visitor.keep_oddities(true);
        visitor
    };
    let mut records = Json::new();
    let read = ReadOptions::new();
    let log = pumped::pump(text, read, new_worker, |lines: &mut Vec<u8>| {
        for line in String::from_utf8_lossy(lines).lines() {
            if !line.is_empty() {
                records.raw(line);
            }
        }
        lines.clear();
    })?;
    Ok(with_log("records", records, log))
}

/// `{KEY: [items], rejected, warnings, counts}`: a pumped run's items and its log.
fn with_log(key: &str, items: Json, log: pumped::Log) -> String {
    let mut json = Json::new();
    json.open().key(key).raw(&format!("[{}]", items.finish()));
    log.write(&mut json);
    json.close();
    json.finish()
}
