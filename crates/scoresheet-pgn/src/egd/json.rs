//! EGD as JSON Lines: the wire format, version 2 ([`FORMAT_VERSION`]), and [`JsonVisitor`],
//! which writes it.
//!
//! ```
//! use scoresheet_pgn::egd::{EgdOptions, JsonVisitor};
//! use scoresheet_pgn::Reader;
//!
//! let mut visitor = JsonVisitor::new(EgdOptions::new());
//! let mut reader = Reader::new(&b"1. e4 *\n"[..]);
//! reader.read_game(&mut visitor)?.expect("one game")?;
//! assert_eq!(
//!     std::str::from_utf8(visitor.output())?,
//!     concat!(
//!         r#"{"game_tags":{"Result":"*"},"moves":{"1w":{"#,
//!         r#""start_position":{"fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","features":{}},"#,
//!         r#""move":{"player":"w","san":"e4","lran":"e2-e4","from_square":"e2","to_square":"e4","piece":"p","move_type":"move"},"#,
//!         r#""end_position":{"fen":"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1","features":{}}}}}"#,
//!         "\n"
//!     )
//! );
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! # Format, version 2
//!
//! The output is a sequence of JSON objects, one per converted game in input order, each
//! followed by `\n`. Compact output has one object per line (JSON Lines); with
//! [`EgdOptions::pretty`] each object is indented with two spaces and spans several lines.
//! Games that could not be converted produce nothing. Keys always come in the order listed
//! here. Strings are UTF-8; `"`, `\` and control characters are escaped as in `serde_json`
//! (`\n`, `\t`, `\u001f`, ...); nothing else is.
//!
//! ```text
//! {"game_tags": TAGS, "moves": MOVES}
//! ```
//!
//! - `TAGS`: an object of strings. `"Result"` first (the `Result` tag when `1-0`, `0-1` or
//!   `1/2-1/2`, else the termination marker when one of those, else `"*"`: the one rule of
//!   every output, `replay::game_result`), then every other tag in file order, each once (a repeated tag keeps its
//!   first place and its last value). Values are unescaped and decoded (UTF-8, else Latin-1).
//! - `MOVES`: an object with one member per mainline ply in game order. The key is the move
//!   number of the position before the move and `w` or `b` for the side that moves (`"1w"`,
//!   `"1b"`, `"2w"`, ...; a game from a `FEN` tag starts at its move number and side). The value
//!   is a `PLY`.
//!
//! ```text
//! PLY      = {"start_position": POSITION, "move": MOVE, "end_position": POSITION}
//! POSITION = {"fen": string, "features": FEATURES}
//! MOVE     = {"player": "w"|"b", "san": string, "lran": string, "from_square": SQUARE,
//!             "to_square": SQUARE, "piece": PIECE, "move_type": TYPE
//!             [, "captured_piece": PIECE] [, "promotion": PIECE] [, "meta": META]}
//! PIECE    = "p" | "N" | "Bl" | "Bd" | "R" | "Q" | "K"
//! TYPE     = "move" | "capture" | "ep_capture" | "promotion" | "promotion_capture"
//!          | "short_castle" | "long_castle"
//! ```
//!
//! - `fen`: the position's FEN. The en-passant square is written after every double pawn push,
//!   capture possible or not. Castling rights are `KQkq`, or rook files for Chess960.
//! - `san`: the canonical SAN of the move with `+` or `#` from the position after it;
//!   `lran`: see [`MoveRecord::lran`](super::MoveRecord::lran).
//! - `from_square`, `to_square`: like `"e2"`; for castling the king's squares (`e1`, `g1`).
//! - `piece`: what moves; `captured_piece` (captures only): what is taken, `p` for en passant;
//!   `promotion` (promotions only): what the pawn becomes. Pieces are not coloured; a bishop is
//!   `Bl` on a light square and `Bd` on a dark one (a8 and h1 are light), judged on the square it
//!   stands on (the from-square for `piece`, the to-square for the other two).
//! - `FEATURES` in the base format: `{}`, `{"check": true}` (the side to move is in check) or
//!   `{"check": true, "checkmate": true}`, from the position itself. `start_position` features
//!   are always `{}`, as in the `egd` Ruby gem.
//!
//! ## Extended (`EgdOptions::extended`, `--extended`)
//!
//! Both positions of every ply carry all features, `check` and `checkmate` (present when true)
//! included, followed by these keys, always present:
//!
//! | key | type | meaning |
//! |---|---|---|
//! | `halfmove_clock` | number | plies since the last capture or pawn move |
//! | `repetition` | number | times this position has occurred in the game so far, this one included (1 the first time): same pieces, side to move, castling rights and en-passant square where a capture is legal |
//! | `fifty_move_claimable` | bool | `halfmove_clock >= 100` |
//! | `seventy_five_move` | bool | `halfmove_clock >= 150` and not checkmate |
//! | `fivefold` | bool | `repetition >= 5` |
//! | `stalemate` | bool | no legal move, not in check |
//! | `insufficient_material` | bool | neither side can mate: bare kings, a single minor piece, or only bishops on one square colour |
//!
//! and each `MOVE` ends with `"meta": META`, the annotations between this move and the next
//! (in the mainline). Comments before the first move are not recorded.
//!
//! ```text
//! META   = {"nags": [number], "glyphs": [string], "comments": [string]
//!           [, "clock_seconds": SECONDS] [, "emt_seconds": SECONDS]
//!           [, "eval_cp": number | "eval_mate": number] [, "eval_depth": number]
//!           [, "squares": [{"color": COLOR, "square": SQUARE}]]
//!           [, "arrows": [{"color": COLOR, "from": SQUARE, "to": SQUARE}]]}
//! COLOR  = "red" | "green" | "yellow" | "blue"
//! ```
//!
//! - `nags`: every NAG number (`$n` and glyphs: `!` is 1, `+/-` is 16); `glyphs`: the glyphs as
//!   written.
//! - `comments`: each comment's text with its commands (below) cut out, trimmed, in order. A
//!   comment that held commands and nothing else adds nothing; an empty comment adds `""`.
//!   Unknown commands (`[%timestamp 5]`) and malformed known ones (`[%clk abc]`) stay in
//!   the text.
//! - The comment commands, read as in the [`annotation`](crate::annotation) module; each key
//!   is there only when one of the move's comments holds the command:
//!   - `clock_seconds` (`[%clk]`, the mover's clock after the move) and `emt_seconds`
//!     (`[%emt]`, the time the move took): `SECONDS` is a number, exact to the millisecond:
//!     an integer when whole (`180`), else with the decimals needed, at most three
//!     (`179.9`, `0.125`); below 3,600,000,000.
//!   - `eval_cp` (`[%eval 0.17]`: 17) or `eval_mate` (`[%eval #-3]`: -3; `#0` is 0), never
//!     both: integers from White's point of view; `eval_depth` (`[%eval 0.17,20]`: 20) only
//!     with one of them.
//!   - `squares` (`[%csl Ra1]`) and `arrows` (`[%cal Ge2e4]`): in order, absent when empty.
//!
//!   When a move's comments hold a clock, elapsed time or evaluation more than once, the last
//!   one is written.
//!
//! ## Versions
//!
//! The version is stated here and in [`FORMAT_VERSION`]; the output carries none.
//!
//! - **Version 2** (extended format only; the base format is unchanged): `meta` gains
//!   `clock_seconds`, `emt_seconds`, `eval_cp`, `eval_mate`, `eval_depth`, `squares` and
//!   `arrows` after `comments`, and `comments` hold the text without the commands now
//!   written as those keys (a comment of commands only, `{ [%clk 0:03:00] }`, was `"[%clk
//!   0:03:00]"` and is now left out). A reader of version 1 that ignores unknown keys reads
//!   version 2, except for what it took from the comments' text.
//! - **Version 1**: its base part is the output of the `egd` Ruby gem (1.0.x), except where
//!   the gem is wrong (check and mate from the suffix written, `Result` from annotation text,
//!   castling with a suffix, one game per file, no `FEN` tag).
//!
//! A later version will add keys at the end of the objects they belong to, and say here what
//! else changed.

use std::ops::ControlFlow;

use super::visitor::{delegate_visitor, noted_oddities, Converter, EgdPlyView, Sink};
use super::{player_char, EgdOptions, Features, MoveMeta};
use crate::annotation::{ClockTime, EvalScore, ShapeColor};
use crate::codes::push_square;
use crate::replay::Replayer;
use crate::Noted;
use scoresheet::json::escape_json;

/// The version of the format these docs describe and [`JsonVisitor`] writes.
pub const FORMAT_VERSION: u32 = 2;

/// Writes JSON Lines.
///
/// A game with a decided `Result` tag is written straight into `out` (header at the start of the
/// movetext, then each ply); one without is buffered in `moves` until its result is known, and
/// so is every game in pretty mode. `out[..committed]` holds the finished games: a game that
/// fails is cut off when the next one begins.
#[derive(Debug, Default)]
pub(crate) struct JsonLines {
    moves: Vec<u8>,
    out: Vec<u8>,
    committed: usize,
    direct: bool,
    plies: u32,
    scratch: Vec<u8>,
    pretty: bool,
}

impl Sink for JsonLines {
    type Game = u32;

    fn begin(&mut self) {
        self.out.truncate(self.committed);
        self.moves.clear();
        self.direct = false;
        self.plies = 0;
    }

    fn header(&mut self, tags: &[(String, String)], result: Option<&str>) {
        if let (Some(result), false) = (result, self.pretty) {
            write_header(&mut self.out, tags, result);
            self.direct = true;
        }
    }

    fn ply(&mut self, ply: &EgdPlyView<'_>) {
        let out = match self.direct {
            true => &mut self.out,
            false => &mut self.moves,
        };
        if self.plies > 0 {
            out.push(b',');
        }
        self.plies += 1;
        let facts = ply.facts;
        out.push(b'"');
        write_u32(out, facts.key.fullmove);
        out.push(player_char(facts.key.player) as u8);
        out.extend_from_slice(b"\":{\"start_position\":");
        write_position(out, ply.start_fen, &facts.start);
        out.extend_from_slice(b",\"move\":{\"player\":\"");
        out.push(player_char(facts.key.player) as u8);
        out.extend_from_slice(b"\",\"san\":\"");
        facts.san.write_to(out);
        out.extend_from_slice(b"\",\"lran\":\"");
        facts.write_lran(out);
        out.extend_from_slice(b"\",\"from_square\":\"");
        push_square(out, facts.mv.from());
        out.extend_from_slice(b"\",\"to_square\":\"");
        push_square(out, facts.mv.to());
        write_rest_of_move(out, ply);
        out.extend_from_slice(b",\"end_position\":");
        write_position(out, ply.end_fen, &facts.end);
        out.push(b'}');
    }

    fn finish(&mut self, tags: &[(String, String)], result: &str, plies: u32) -> u32 {
        if self.direct {
            self.out.extend_from_slice(b"}}\n");
            self.committed = self.out.len();
            return plies;
        }
        let out = match self.pretty {
            true => &mut self.scratch,
            false => &mut self.out,
        };
        write_header(out, tags, result);
        out.extend_from_slice(&self.moves);
        out.extend_from_slice(b"}}");
        if self.pretty {
            prettify(&self.scratch, &mut self.out);
            self.scratch.clear();
        }
        self.out.push(b'\n');
        self.committed = self.out.len();
        plies
    }
}

/// The object's start, up to the opening brace of `moves`.
fn write_header(out: &mut Vec<u8>, tags: &[(String, String)], result: &str) {
    out.extend_from_slice(b"{\"game_tags\":{\"Result\":");
    write_str(out, result);
    for (name, value) in tags {
        out.push(b',');
        write_str(out, name);
        out.push(b':');
        write_str(out, value);
    }
    out.extend_from_slice(b"},\"moves\":{");
}

/// The move keys after `to_square`, up to the closing brace.
fn write_rest_of_move(out: &mut Vec<u8>, ply: &EgdPlyView<'_>) {
    let facts = ply.facts;
    out.extend_from_slice(b"\",\"piece\":\"");
    out.extend_from_slice(facts.piece.as_str().as_bytes());
    out.extend_from_slice(b"\",\"move_type\":\"");
    out.extend_from_slice(facts.move_type.as_str().as_bytes());
    out.push(b'"');
    if let Some(piece) = facts.captured {
        out.extend_from_slice(b",\"captured_piece\":\"");
        out.extend_from_slice(piece.as_str().as_bytes());
        out.push(b'"');
    }
    if let Some(piece) = facts.promotion {
        out.extend_from_slice(b",\"promotion\":\"");
        out.extend_from_slice(piece.as_str().as_bytes());
        out.push(b'"');
    }
    if let Some(meta) = ply.meta {
        out.extend_from_slice(b",\"meta\":");
        meta.write_json(out);
    }
    out.push(b'}');
}

impl MoveMeta {
    /// Appends the `META` object as EGD JSON writes it (and as the database's `meta` column
    /// holds it): `nags`, `glyphs`, `comments`, then each command present (clock, elapsed
    /// time, evaluation, squares, arrows). The same text as serializing with serde.
    pub fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"nags\":[");
        for (i, nag) in self.nags.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            write_u32(out, u32::from(*nag));
        }
        out.extend_from_slice(b"],\"glyphs\":");
        write_str_array(out, &self.glyphs);
        out.extend_from_slice(b",\"comments\":");
        write_str_array(out, &self.comments);
        write_comment_values(out, self);
        out.push(b'}');
    }
}

/// The meta keys after `comments` (format version 2), each only when there is a value.
fn write_comment_values(out: &mut Vec<u8>, meta: &MoveMeta) {
    if let Some(time) = meta.clock {
        out.extend_from_slice(b",\"clock_seconds\":");
        write_seconds(out, time);
    }
    if let Some(time) = meta.emt {
        out.extend_from_slice(b",\"emt_seconds\":");
        write_seconds(out, time);
    }
    if let Some(eval) = meta.eval {
        let (cp, mate) = EvalScore::columns(Some(eval.score));
        for (key, n) in [(&b",\"eval_cp\":"[..], cp), (b",\"eval_mate\":", mate)] {
            if let Some(n) = n {
                out.extend_from_slice(key);
                out.extend_from_slice(itoa::Buffer::new().format(n).as_bytes());
            }
        }
        if let Some(depth) = eval.depth {
            out.extend_from_slice(b",\"eval_depth\":");
            write_u32(out, depth);
        }
    }
    write_shapes(out, b"squares", &meta.squares, |out, h| {
        write_shape_color(out, h.color);
        out.extend_from_slice(b",\"square\":\"");
        push_square(out, h.square);
    });
    write_shapes(out, b"arrows", &meta.arrows, |out, a| {
        write_shape_color(out, a.color);
        out.extend_from_slice(b",\"from\":\"");
        push_square(out, a.from);
        out.extend_from_slice(b"\",\"to\":\"");
        push_square(out, a.to);
    });
}

/// `,"name":[{...},...]` when there are items; `item` writes an object's inside up to its
/// last string's closing quote.
fn write_shapes<T>(out: &mut Vec<u8>, name: &[u8], items: &[T], item: fn(&mut Vec<u8>, &T)) {
    if items.is_empty() {
        return;
    }
    out.extend_from_slice(b",\"");
    out.extend_from_slice(name);
    out.extend_from_slice(b"\":[");
    for (i, one) in items.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        out.push(b'{');
        item(out, one);
        out.extend_from_slice(b"\"}");
    }
    out.push(b']');
}

fn write_shape_color(out: &mut Vec<u8>, color: ShapeColor) {
    out.extend_from_slice(b"\"color\":\"");
    out.extend_from_slice(color.as_str().as_bytes());
    out.push(b'"');
}

/// Seconds: an integer when whole, else with the decimals needed (at most three), which is
/// how `serde_json` writes the `f64` of such a time.
fn write_seconds(out: &mut Vec<u8>, time: ClockTime) {
    let ms = time.as_millis();
    out.extend_from_slice(itoa::Buffer::new().format(ms / 1000).as_bytes());
    let fraction = ms % 1000;
    if fraction != 0 {
        let digits = [
            b'.',
            b'0' + (fraction / 100) as u8,
            b'0' + (fraction / 10 % 10) as u8,
            b'0' + (fraction % 10) as u8,
        ];
        let len = 4 - digits[1..].iter().rev().take_while(|&&d| d == b'0').count();
        out.extend_from_slice(&digits[..len]);
    }
}

fn write_position(out: &mut Vec<u8>, fen: &[u8], features: &Features) {
    out.extend_from_slice(b"{\"fen\":\"");
    out.extend_from_slice(fen);
    out.extend_from_slice(b"\",\"features\":{");
    let mut first = true;
    let mut key = |out: &mut Vec<u8>, name: &[u8]| {
        if !first {
            out.push(b',');
        }
        first = false;
        out.push(b'"');
        out.extend_from_slice(name);
        out.extend_from_slice(b"\":");
    };
    if features.check {
        key(out, b"check");
        out.extend_from_slice(b"true");
    }
    if features.checkmate {
        key(out, b"checkmate");
        out.extend_from_slice(b"true");
    }
    if let Some(ext) = &features.extended {
        key(out, b"halfmove_clock");
        write_u32(out, ext.halfmove_clock);
        key(out, b"repetition");
        write_u32(out, ext.repetition);
        let flags = [
            (&b"fifty_move_claimable"[..], ext.fifty_move_claimable),
            (b"seventy_five_move", ext.seventy_five_move),
            (b"fivefold", ext.fivefold),
            (b"stalemate", ext.stalemate),
            (b"insufficient_material", ext.insufficient_material),
        ];
        for (name, value) in flags {
            key(out, name);
            out.extend_from_slice(if value { b"true" } else { b"false" });
        }
    }
    out.extend_from_slice(b"}}");
}

fn write_str_array(out: &mut Vec<u8>, items: &[String]) {
    out.push(b'[');
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        write_str(out, item);
    }
    out.push(b']');
}

/// Appends a number in decimal.
fn write_u32(out: &mut Vec<u8>, n: u32) {
    out.extend_from_slice(itoa::Buffer::new().format(n).as_bytes());
}

/// Appends a JSON string, escaped like `serde_json` does (the core's [`escape_json`]).
pub(crate) fn write_str(out: &mut Vec<u8>, text: &str) {
    out.push(b'"');
    escape_json(text, |part| out.extend_from_slice(part.as_bytes()));
    out.push(b'"');
}

/// Appends `text` to `out` as a JSON string, quotes included: the one JSON string escaping of
/// every output of the project (EGD, the database's JSON columns, the export's CSV, the
/// command-line tool's JSON), that of `serde_json`: `\"`, `\\`, `\n`, `\r`, `\t`, `\b`, `\f`,
/// other control characters as `\u00XX`.
///
/// ```
/// let mut out = String::new();
/// scoresheet_pgn::egd::json::push_json_string(&mut out, "a\"b\\c\nd\u{8}e\u{1}");
/// assert_eq!(out, r#""a\"b\\c\nd\be\u0001""#);
/// ```
pub fn push_json_string(out: &mut String, text: &str) {
    out.push('"');
    escape_json(text, |part| out.push_str(part));
    out.push('"');
}

/// Re-indents compact JSON with two spaces, `": "` after keys and `{}`/`[]` kept for empty
/// containers (the layout of `serde_json::to_string_pretty`).
pub(crate) fn prettify(json: &[u8], out: &mut Vec<u8>) {
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    let newline = |out: &mut Vec<u8>, depth: usize| {
        out.push(b'\n');
        out.resize(out.len() + 2 * depth, b' ');
    };
    for (i, &b) in json.iter().enumerate() {
        if in_string {
            out.push(b);
            in_string = escaped || b != b'"';
            escaped = !escaped && b == b'\\';
            continue;
        }
        match b {
            b'"' => {
                in_string = true;
                out.push(b);
            }
            b'{' | b'[' => {
                out.push(b);
                let closes = json.get(i + 1).is_some_and(|&c| c == b'}' || c == b']');
                if !closes {
                    depth += 1;
                    newline(out, depth);
                }
            }
            b'}' | b']' => {
                let opened = i > 0 && (json[i - 1] == b'{' || json[i - 1] == b'[');
                if !opened {
                    depth = depth.saturating_sub(1);
                    newline(out, depth);
                }
                out.push(b);
            }
            b',' => {
                out.push(b);
                newline(out, depth);
            }
            b':' => out.extend_from_slice(b": "),
            _ => out.push(b),
        }
    }
}

/// A [`Visitor`](crate::Visitor) that writes each converted game as one JSON object (see the
/// [module docs](self)) into its output buffer.
///
/// Its output is `Ok(plies)` with the game appended to [`output`](JsonVisitor::output), or
/// `Err(GameError)` with nothing appended.
#[derive(Debug)]
pub struct JsonVisitor {
    inner: Replayer<Noted<Converter<JsonLines>>>,
}

impl JsonVisitor {
    /// A visitor with the given options.
    pub fn new(options: EgdOptions) -> JsonVisitor {
        let sink = JsonLines {
            pretty: options.pretty,
            ..JsonLines::default()
        };
        JsonVisitor {
            inner: Replayer::with_options(
                Noted::new(Converter::new(options, sink)),
                options.replay,
            ),
        }
    }

    /// The JSON written so far: one object plus `\n` per converted game.
    pub fn output(&self) -> &[u8] {
        let sink = &self.inner.sink().inner().sink;
        &sink.out[..sink.committed]
    }

    /// Empties the output buffer (keeping its memory).
    pub fn clear_output(&mut self) {
        let sink = &mut self.inner.sink_mut().inner_mut().sink;
        sink.out.clear();
        sink.committed = 0;
    }

    /// Takes the output buffer, leaving an empty one.
    pub fn take_output(&mut self) -> Vec<u8> {
        self.replace_output(Vec::new())
    }

    /// Takes the output buffer and writes on into `buffer` (emptied first): hand back a
    /// buffer that has been written out to reuse its memory.
    pub fn replace_output(&mut self, mut buffer: Vec<u8>) -> Vec<u8> {
        let sink = &mut self.inner.sink_mut().inner_mut().sink;
        buffer.clear();
        sink.out.truncate(sink.committed);
        sink.committed = 0;
        std::mem::replace(&mut sink.out, buffer)
    }
}

delegate_visitor!(JsonVisitor, u32);
noted_oddities!(JsonVisitor);

/// With one thread, JSON is delivered once this many bytes are buffered.
const DELIVER_AT: usize = 1 << 16;

/// The EGD JSON conversion as the [`Pump`](crate::pump::Pump)'s converter: a batch is the JSON
/// Lines of a run of games.
impl crate::pump::Convert for JsonVisitor {
    type Batch = Vec<u8>;

    fn next_game<R: std::io::Read>(
        &mut self,
        reader: &mut crate::Reader<R>,
        _json: &mut Vec<u8>,
    ) -> crate::pump::GameOutcome<u64> {
        crate::pump::next_game(reader, self).map(u64::from)
    }

    fn oddities(&self) -> &crate::Oddities {
        JsonVisitor::oddities(self)
    }

    fn take_kept(&mut self) -> Vec<(crate::Location, String)> {
        JsonVisitor::take_kept(self)
    }

    fn end_run(&mut self, json: &mut Vec<u8>) {
        let spare = std::mem::take(json);
        *json = self.replace_output(spare);
    }

    fn batch_ready(&self, _json: &Vec<u8>) -> bool {
        self.output().len() >= DELIVER_AT
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ok_escapes() {
        let cases = [
            ("plain", r#""plain""#),
            ("a\"b\\c", r#""a\"b\\c""#),
            ("tab\tnl\n\u{1}", r#""tab\tnl\n\u0001""#),
            ("Müller", "\"Müller\""),
        ];
        for (text, want) in cases {
            let mut out = Vec::new();
            write_str(&mut out, text);
            assert_eq!(String::from_utf8(out).expect("utf-8"), want);
        }
    }

    #[test]
    fn ok_prettify() {
        let mut out = Vec::new();
        prettify(br#"{"a":{},"b":[1,2],"c":{"d":"x,{y}: \"z\""}}"#, &mut out);
        let want = "{\n  \"a\": {},\n  \"b\": [\n    1,\n    2\n  ],\n  \"c\": {\n    \"d\": \"x,{y}: \\\"z\\\"\"\n  }\n}";
        assert_eq!(String::from_utf8(out).expect("utf-8"), want);
    }

    /// A meta from comments, as the visitor builds it.
    fn meta_of(comments: &[&str]) -> MoveMeta {
        let mut meta = MoveMeta::default();
        for comment in comments {
            let _ = meta.add_comment(comment.as_bytes());
        }
        meta
    }

    #[test]
    fn ok_meta_values() {
        let cases: &[(&[&str], &str)] = &[
            (&[], r#"{"nags":[],"glyphs":[],"comments":[]}"#),
            (&[""], r#"{"nags":[],"glyphs":[],"comments":[""]}"#),
            (
                &[" [%clk 0:03:00] "],
                r#"{"nags":[],"glyphs":[],"comments":[],"clock_seconds":180}"#,
            ),
            (
                &["[%clk 0:02:59.9]", "[%emt 0:00:00.125]"],
                r#"{"nags":[],"glyphs":[],"comments":[],"clock_seconds":179.9,"emt_seconds":0.125}"#,
            ),
            (
                &["Good move. [%eval -0.35] [%clk 0:00:07.05]"],
                r#"{"nags":[],"glyphs":[],"comments":["Good move."],"clock_seconds":7.05,"eval_cp":-35}"#,
            ),
            (
                &["[%eval #-3,24]"],
                r#"{"nags":[],"glyphs":[],"comments":[],"eval_mate":-3,"eval_depth":24}"#,
            ),
            (
                &["[%csl Ra1,Gb2]", "x [%cal Ge2e4] [%csl Bh8]"],
                concat!(
                    r#"{"nags":[],"glyphs":[],"comments":["x"],"#,
                    r#""squares":[{"color":"red","square":"a1"},{"color":"green","square":"b2"},{"color":"blue","square":"h8"}],"#,
                    r#""arrows":[{"color":"green","from":"e2","to":"e4"}]}"#
                ),
            ),
            (
                &["[%timestamp 5] [%clk abc]"],
                r#"{"nags":[],"glyphs":[],"comments":["[%timestamp 5] [%clk abc]"]}"#,
            ),
            (
                &["[%clk 999999:59:59.999] [%eval 21474836.47,4294967295]"],
                r#"{"nags":[],"glyphs":[],"comments":[],"clock_seconds":3599999999.999,"eval_cp":2147483647,"eval_depth":4294967295}"#,
            ),
        ];
        for &(comments, want) in cases {
            let meta = meta_of(comments);
            let mut out = Vec::new();
            meta.write_json(&mut out);
            assert_eq!(String::from_utf8(out).expect("utf-8"), want, "{comments:?}");
            #[cfg(feature = "json")]
            {
                let serialized = serde_json::to_string(&meta).expect("serializes");
                assert_eq!(serialized, want, "serde: {comments:?}");
                let back: MoveMeta = serde_json::from_str(want).expect("reads back");
                assert_eq!(back, meta, "{comments:?}");
            }
        }
    }

    /// Every millisecond value of the first ten seconds and some large ones are written as
    /// `serde_json` writes their `f64`.
    #[cfg(feature = "json")]
    #[test]
    fn ok_seconds_like_serde_json() {
        let large = (0..1000).map(|i| 3_599_999_999_999 - i * 7_777_777);
        for ms in (0..10_000).chain(large) {
            let mut out = Vec::new();
            write_seconds(&mut out, ClockTime::from_millis(ms));
            let want = match ms % 1000 {
                0 => serde_json::to_string(&(ms / 1000)),
                _ => serde_json::to_string(&(ms as f64 / 1000.0)),
            };
            assert_eq!(
                String::from_utf8(out).expect("utf-8"),
                want.expect("number"),
                "{ms}"
            );
        }
    }
}
