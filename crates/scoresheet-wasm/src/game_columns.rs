//! `readGames`' plies as columns: every ply of every game read, one typed array (or one text
//! buffer) per field, handed to JavaScript with one copy each, from which the package's
//! wrapper makes a game's ply objects only when its `plies` or `mainline` is first read. The
//! games themselves (tags, start, result, comments) stay JSON, one small object each.
//!
//! A ply's `parent` and `variationOf` are indices within its game (`-1` for none); a game's
//! plies are `plyCounts[game]` rows after the previous games'. Numbers that may be absent
//! (clock, elapsed time, evaluation) are `NaN` when absent; a comment is absent where
//! `commentValid` is 0. The rare fields (comments before a variation's first move, NAGs) are
//! one JSON array per game in `extras`: `null`, or `[[ply, commentsBefore, nags], ...]`.

use std::fmt::Write as _;

use js_sys::{Float64Array, Int32Array, Object, Uint32Array, Uint8Array};
use scoresheet::san::SanPlus;
use scoresheet::uci::UciMove;
use scoresheet_pgn::annotation::EvalScore;
use scoresheet_pgn::egd::MoveMeta;
use scoresheet_pgn::Location;
use wasm_bindgen::JsValue;

use crate::json::Json;

/// One ply as read, mainline or variation, until its game ends.
#[derive(Debug)]
pub(crate) struct JsPly {
    pub(crate) san: SanPlus,
    pub(crate) uci: UciMove,
    pub(crate) fen: Option<String>,
    pub(crate) parent: Option<usize>,
    pub(crate) depth: u32,
    pub(crate) variation_of: Option<usize>,
    pub(crate) comments_before: Vec<String>,
    pub(crate) comments: Vec<String>,
    pub(crate) nags: Vec<u16>,
    pub(crate) location: Location,
}

/// Text values end to end, with the offset where each starts and the last one's end.
#[derive(Debug)]
struct TextColumn {
    data: String,
    offsets: Vec<u32>,
}

impl Default for TextColumn {
    fn default() -> TextColumn {
        TextColumn {
            data: String::new(),
            offsets: vec![0],
        }
    }
}

impl TextColumn {
    /// Ends the value written since the last call.
    fn end(&mut self) {
        self.offsets
            .push(u32::try_from(self.data.len()).unwrap_or(u32::MAX));
    }

    fn push(&mut self, text: &str) {
        self.data.push_str(text);
        self.end();
    }

    fn append(&mut self, other: TextColumn) {
        let base = self.offsets.last().copied().unwrap_or(0);
        self.data.push_str(&other.data);
        self.offsets.extend(
            other.offsets[1..]
                .iter()
                .map(|end| end.saturating_add(base)),
        );
    }

    fn to_js(&self) -> JsValue {
        let out = Object::new();
        set(&out, "offsets", &Uint32Array::from(self.offsets.as_slice()));
        set(&out, "data", &Uint8Array::from(self.data.as_bytes()));
        out.into()
    }
}

/// The games of a run and their plies as columns (see the module docs).
#[derive(Debug, Default)]
pub(crate) struct GameColumns {
    games: Json,
    extras: Json,
    ply_counts: Vec<u32>,
    san: TextColumn,
    uci: TextColumn,
    fen: TextColumn,
    comment: TextColumn,
    comment_valid: Vec<u8>,
    parent: Vec<i32>,
    depth: Vec<u32>,
    variation_of: Vec<i32>,
    clock: Vec<f64>,
    emt: Vec<f64>,
    eval_cp: Vec<f64>,
    eval_mate: Vec<f64>,
    line: Vec<f64>,
    column: Vec<f64>,
    byte: Vec<f64>,
    /// Room for one SAN as it is written, kept from ply to ply.
    san_bytes: Vec<u8>,
}

/// A game-relative index as a column value: `-1` for none.
fn index(i: Option<usize>) -> i32 {
    i.map_or(-1, |i| i32::try_from(i).unwrap_or(i32::MAX))
}

fn or_nan(value: Option<f64>) -> f64 {
    value.unwrap_or(f64::NAN)
}

impl GameColumns {
    /// Adds a game: `header`, its JSON object without plies, then its plies.
    pub(crate) fn push_game(&mut self, header: &str, plies: &[JsPly]) {
        self.games.raw(header);
        self.ply_counts
            .push(u32::try_from(plies.len()).unwrap_or(u32::MAX));
        let mut extras = Json::new();
        for (i, ply) in plies.iter().enumerate() {
            self.push_ply(ply);
            if !ply.comments_before.is_empty() || !ply.nags.is_empty() {
                extras.open_array().num(i as f64).open_array();
                for comment in &ply.comments_before {
                    extras.str(comment);
                }
                extras.close_array().open_array();
                for &nag in &ply.nags {
                    extras.num(nag);
                }
                extras.close_array().close_array();
            }
        }
        match extras.finish() {
            text if text.is_empty() => self.extras.null(),
            text => self.extras.raw(&format!("[{text}]")),
        };
    }

    fn push_ply(&mut self, ply: &JsPly) {
        let mut meta = MoveMeta::default();
        for comment in &ply.comments {
            meta.add_comment(comment.as_bytes());
        }
        self.san_bytes.clear();
        ply.san.write_to(&mut self.san_bytes);
        self.san.push(&String::from_utf8_lossy(&self.san_bytes));
        let _ = write!(self.uci.data, "{}", ply.uci);
        self.uci.end();
        if let Some(fen) = &ply.fen {
            self.fen.push(fen);
        }
        self.comment.push(&meta.comments.join(" "));
        self.comment_valid.push(u8::from(!meta.comments.is_empty()));
        self.parent.push(index(ply.parent));
        self.depth.push(ply.depth);
        self.variation_of.push(index(ply.variation_of));
        self.clock.push(or_nan(meta.clock.map(|c| c.as_secs_f64())));
        self.emt.push(or_nan(meta.emt.map(|c| c.as_secs_f64())));
        let (eval_cp, eval_mate) = EvalScore::columns(meta.eval.map(|e| e.score));
        self.eval_cp.push(or_nan(eval_cp.map(f64::from)));
        self.eval_mate.push(or_nan(eval_mate.map(f64::from)));
        self.line.push(ply.location.line as f64);
        self.column.push(ply.location.column as f64);
        self.byte.push(ply.location.byte as f64);
    }

    /// Adds the games of a later run.
    pub(crate) fn append(&mut self, other: GameColumns) {
        let games = other.games.finish();
        if !games.is_empty() {
            self.games.raw(&games);
            self.extras.raw(&other.extras.finish());
        }
        self.ply_counts.extend(other.ply_counts);
        self.san.append(other.san);
        self.uci.append(other.uci);
        self.fen.append(other.fen);
        self.comment.append(other.comment);
        self.comment_valid.extend(other.comment_valid);
        self.parent.extend(other.parent);
        self.depth.extend(other.depth);
        self.variation_of.extend(other.variation_of);
        for (all, more) in [
            (&mut self.clock, other.clock),
            (&mut self.emt, other.emt),
            (&mut self.eval_cp, other.eval_cp),
            (&mut self.eval_mate, other.eval_mate),
            (&mut self.line, other.line),
            (&mut self.column, other.column),
            (&mut self.byte, other.byte),
        ] {
            all.extend(more);
        }
    }

    /// The games' JSON objects, joined by commas (without brackets).
    pub(crate) fn take_games(&mut self) -> Json {
        std::mem::take(&mut self.games)
    }

    /// The columns as a JavaScript object (`json` is the games and the run's log).
    pub(crate) fn into_js(self, json: String, fens: bool) -> JsValue {
        let out = Object::new();
        set(&out, "json", &JsValue::from_str(&json));
        set(
            &out,
            "extras",
            &JsValue::from_str(&format!("[{}]", self.extras.finish())),
        );
        set(
            &out,
            "plyCounts",
            &Uint32Array::from(self.ply_counts.as_slice()),
        );
        set(&out, "san", &self.san.to_js());
        set(&out, "uci", &self.uci.to_js());
        if fens {
            set(&out, "fen", &self.fen.to_js());
        }
        set(&out, "comment", &self.comment.to_js());
        set(
            &out,
            "commentValid",
            &Uint8Array::from(self.comment_valid.as_slice()),
        );
        set(&out, "parent", &Int32Array::from(self.parent.as_slice()));
        set(&out, "depth", &Uint32Array::from(self.depth.as_slice()));
        set(
            &out,
            "variationOf",
            &Int32Array::from(self.variation_of.as_slice()),
        );
        for (key, values) in [
            ("clock", &self.clock),
            ("emt", &self.emt),
            ("evalCp", &self.eval_cp),
            ("evalMate", &self.eval_mate),
            ("line", &self.line),
            ("column", &self.column),
            ("byte", &self.byte),
        ] {
            set(&out, key, &Float64Array::from(values.as_slice()));
        }
        out.into()
    }
}

fn set(object: &Object, key: &str, value: &JsValue) {
    let _ = js_sys::Reflect::set(object, &JsValue::from_str(key), value);
}
