//! EGD as JSON Lines: the wire format, version 1, and [`JsonVisitor`], which writes it.
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
//! # Format, version 1
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
//! - `TAGS`: an object of strings. `"Result"` first (the `Result` tag, else the termination
//!   marker, else `"*"`), then every other tag in file order, each once (a repeated tag keeps its
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
//! and each `MOVE` ends with `"meta": {"nags": [number], "glyphs": [string], "comments":
//! [string]}`: the annotations between this move and the next (in the mainline) — every NAG
//! number (`$n` and glyphs: `!` is 1, `+/-` is 16), the glyphs as written, and the comments'
//! text, trimmed. Comments before the first move are not recorded.
//!
//! ## Versions
//!
//! Version 1 is this format. Its base part is the output of the `egd` Ruby gem (1.0.x), except
//! where the gem is wrong (check and mate from the suffix written, `Result` from annotation
//! text, castling with a suffix, one game per file, no `FEN` tag). A later version will only add
//! keys, at the end of the objects they belong to.

use std::ops::ControlFlow;

use super::visitor::{delegate_visitor, push_square, Converter, Ply, Sink};
use super::{player_char, EgdOptions, Features};
use crate::replay::Replayer;

/// Writes JSON Lines.
///
/// A game with a `Result` tag is written straight into `out` (header at the start of the
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

    fn ply(&mut self, ply: &Ply<'_>) {
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
fn write_rest_of_move(out: &mut Vec<u8>, ply: &Ply<'_>) {
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
        out.extend_from_slice(b",\"meta\":{\"nags\":[");
        for (i, nag) in meta.nags.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            write_u32(out, u32::from(*nag));
        }
        out.extend_from_slice(b"],\"glyphs\":");
        write_str_array(out, &meta.glyphs);
        out.extend_from_slice(b",\"comments\":");
        write_str_array(out, &meta.comments);
        out.push(b'}');
    }
    out.push(b'}');
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

/// Appends a JSON string, escaped like `serde_json` does.
pub(crate) fn write_str(out: &mut Vec<u8>, text: &str) {
    out.push(b'"');
    let bytes = text.as_bytes();
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        let escape: &[u8] = match b {
            b'"' => b"\\\"",
            b'\\' => b"\\\\",
            b'\n' => b"\\n",
            b'\r' => b"\\r",
            b'\t' => b"\\t",
            0x08 => b"\\b",
            0x0c => b"\\f",
            0..=0x1f => b"",
            _ => continue,
        };
        out.extend_from_slice(&bytes[start..i]);
        start = i + 1;
        if escape.is_empty() {
            const HEX: &[u8; 16] = b"0123456789abcdef";
            out.extend_from_slice(b"\\u00");
            out.extend_from_slice(&[HEX[usize::from(b >> 4)], HEX[usize::from(b & 15)]]);
        } else {
            out.extend_from_slice(escape);
        }
    }
    out.extend_from_slice(&bytes[start..]);
    out.push(b'"');
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
    inner: Replayer<Converter<JsonLines>>,
}

impl JsonVisitor {
    /// A visitor with the given options.
    pub fn new(options: EgdOptions) -> JsonVisitor {
        let sink = JsonLines {
            pretty: options.pretty,
            ..JsonLines::default()
        };
        JsonVisitor {
            inner: Replayer::new(Converter::new(options, sink)),
        }
    }

    /// The JSON written so far: one object plus `\n` per converted game.
    pub fn output(&self) -> &[u8] {
        let sink = &self.inner.sink().sink;
        &sink.out[..sink.committed]
    }

    /// Empties the output buffer (keeping its memory).
    pub fn clear_output(&mut self) {
        let sink = &mut self.inner.sink_mut().sink;
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
        let sink = &mut self.inner.sink_mut().sink;
        buffer.clear();
        sink.out.truncate(sink.committed);
        sink.committed = 0;
        std::mem::replace(&mut sink.out, buffer)
    }
}

delegate_visitor!(JsonVisitor, u32);

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
}
