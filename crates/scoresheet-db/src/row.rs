//! A game ready to store: what the `games` row needs (id, content hash, roster columns, other
//! tags as JSON) and a [`PlyRow`] per ply (its [`PlyRecord`] and what the database stores
//! beside it), with text made storable.

use std::borrow::Cow;
use std::sync::Arc;

use scoresheet::{Color, Square};
use scoresheet_pgn::annotation::EvalScore;
use scoresheet_pgn::egd::{ExtendedFeatures, GameTags, MoveMeta};
use scoresheet_pgn::record::PlyRecord;

/// The seven-tag roster, in column order (`Result` has its own handling).
pub(crate) const ROSTER: [&str; 6] = ["Event", "Site", "Date", "Round", "White", "Black"];

/// The FEN of the standard start position.
pub(crate) const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// What a `moves` row holds beside the ply's [`PlyRecord`].
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct PlyExtras {
    /// The move in LRAN ([`PlyRecord::write_lran`]).
    pub lran: String,
    /// The FEN after the move without its counters, the en-passant square only when an
    /// en-passant capture is legal ([`position_text`]).
    pub position_after: String,
    /// EGD's extended features of the position after the move.
    pub features: ExtendedFeatures,
    /// The NAGs and comments after the move (made into the `meta` column's JSON by
    /// [`GameRow::new`]).
    pub meta: MoveMeta,
}

/// A game as the sink hands it over.
#[derive(Debug)]
pub(crate) struct Replayed {
    /// The tags (`Result` as written, if it was).
    pub tags: GameTags,
    /// `Result` as the game gives it: the tag, else the termination marker, else `*`.
    pub result: String,
    /// The FEN of the start position (en-passant square always written), when the game has
    /// a move.
    pub start_fen: Option<String>,
    /// The mainline plies, in order.
    pub plies: Vec<(PlyRecord, PlyExtras)>,
    /// The byte offset of the game in the (decompressed) input.
    pub byte: u64,
    /// The opening the mainline reaches ([`PlyRecorder::opening`]): ECO code and name.
    pub opening: Option<(String, String)>,
}

/// One game as it goes into the database.
#[derive(Debug, Clone)]
pub(crate) struct GameRow {
    pub game_id: i64,
    pub content_hash: String,
    /// Event, Site, Date, Round, White, Black: `None` when the tag is missing.
    pub roster: [Option<String>; 6],
    pub result: String,
    /// The other tags, as a JSON object in file order.
    pub tags_json: String,
    pub start_fen: String,
    pub source_file: Arc<str>,
    pub source_offset: u64,
    /// `opening_eco` and `opening_name`: the opening the mainline reaches, if any.
    pub opening: Option<(String, String)>,
    /// The `moves` rows, in ply order.
    pub moves: Vec<PlyRow>,
}

/// One `moves` row: its key, the ply's record (the columns that are views of it: squares,
/// codes, check, clock, key, ...) and what the database stores beside it.
#[derive(Debug, Clone)]
pub(crate) struct PlyRow {
    /// The game's id (set with the game's, once its moves are hashed).
    pub game_id: i64,
    /// 1 for the game's first ply.
    pub ply: usize,
    pub record: PlyRecord,
    /// The move in LRAN.
    pub lran: String,
    /// The `position_after` column.
    pub position_after: String,
    /// The extended features of the position after the move.
    pub features: ExtendedFeatures,
    /// The `meta` column: the NAGs and comments as JSON, or `None` when there are none (made
    /// here, on a load's reader thread, rather than by the writer, the slower of the two).
    pub meta: Option<String>,
}

impl GameRow {
    /// Builds the row. Returns it with the number of NUL characters replaced by U+FFFD.
    pub fn new(replayed: Replayed, source_file: Arc<str>) -> (GameRow, u64) {
        let Replayed {
            tags,
            result,
            start_fen,
            plies,
            byte: offset,
            opening,
        } = replayed;
        let mut game_tags = Vec::with_capacity(tags.others().len() + 1);
        game_tags.push(("Result".to_owned(), result));
        // Moved, not copied: a 50 MB tag value is held once.
        game_tags.extend(tags.into_others());
        let mut nuls = 0;
        for (name, value) in &mut game_tags {
            nuls += replace_nul(name) + replace_nul(value);
        }
        let mut moves: Vec<PlyRow> = plies
            .into_iter()
            .enumerate()
            .map(|(i, (record, extras))| {
                let (row, replaced) = PlyRow::new(i + 1, record, extras);
                nuls += replaced;
                row
            })
            .collect();
        let start_fen = match start_fen {
            Some(fen) => fen,
            None => tag(&game_tags, "FEN").unwrap_or(START_FEN).to_owned(),
        };
        let hash = content_hash(&game_tags, &start_fen, &moves);
        let (roster, result, tags_json) = split_tags(game_tags);
        let game_id = game_id_of(hash);
        for m in &mut moves {
            m.game_id = game_id;
        }
        let row = GameRow {
            game_id,
            content_hash: format!("{hash:032x}"),
            roster,
            result,
            tags_json,
            start_fen,
            source_file,
            source_offset: offset,
            opening,
            moves,
        };
        (row, nuls)
    }
}

impl PlyRow {
    /// The row of ply `ply` (from 1), with the number of NUL characters its comments and
    /// glyphs had (replaced before the meta is written as JSON). Its `game_id` is set later.
    fn new(ply: usize, record: PlyRecord, extras: PlyExtras) -> (PlyRow, u64) {
        let PlyExtras {
            lran,
            position_after,
            features,
            mut meta,
        } = extras;
        let mut nuls = 0;
        for text in meta.comments.iter_mut().chain(meta.glyphs.iter_mut()) {
            nuls += replace_nul(text);
        }
        let row = PlyRow {
            game_id: 0,
            ply,
            record,
            lran,
            position_after,
            features,
            meta: meta_json(Some(&meta)),
        };
        (row, nuls)
    }

    /// The `side` column: `w` or `b`.
    pub(crate) fn side(&self) -> &'static str {
        side_str(self.record.side)
    }

    /// The `san` column (the vocabulary's string; written out only for one it lacked).
    pub(crate) fn san(&self) -> Cow<'static, str> {
        match self.record.san_id {
            Some(_) => Cow::Borrowed(self.record.san()),
            None => Cow::Owned(self.record.san.to_string()),
        }
    }

    /// The `uci` column (as [`san`](Self::san)).
    pub(crate) fn uci(&self) -> Cow<'static, str> {
        match self.record.uci_id {
            Some(_) => Cow::Borrowed(self.record.uci()),
            None => Cow::Owned(self.record.uci.to_string()),
        }
    }

    /// The `position_key` column: the Polyglot key's 64 bits as a signed integer.
    pub(crate) fn position_key(&self) -> i64 {
        self.record.position_key as i64
    }

    /// The clock and eval columns.
    pub(crate) fn commands(&self) -> Commands {
        Commands::of(&self.record)
    }
}

/// `fen` without its move counters, its en-passant field replaced by `-` unless `legal_ep`.
pub(crate) fn position_text(fen: &str, legal_ep: Option<Square>) -> String {
    // The fields are separated by single spaces: the text is `fen` up to its fourth space
    // (the end of the en-passant field), or up to its third and then `-`.
    let mut spaces = memchr::memchr_iter(b' ', fen.as_bytes());
    let third = spaces.nth(2);
    let fourth = spaces.next().unwrap_or(fen.len());
    match (third, legal_ep) {
        (Some(third), None) => {
            let mut out = String::with_capacity(third + 2);
            out.push_str(&fen[..=third]);
            out.push('-');
            out
        }
        _ => fen[..fourth].to_owned(),
    }
}

/// The roster's columns, the result and the other tags as a JSON object in file order (the
/// roster's and the result's values moved, not copied).
fn split_tags(tags: Vec<(String, String)>) -> ([Option<String>; 6], String, String) {
    let mut roster: [Option<String>; 6] = Default::default();
    let mut result = String::from("*");
    let mut tags_json = String::from("{");
    for (name, value) in tags {
        if name == "Result" {
            result = value;
        } else if let Some(i) = ROSTER.iter().position(|r| *r == name) {
            roster[i] = Some(value);
        } else {
            if tags_json.len() > 1 {
                tags_json.push(',');
            }
            push_json_string(&mut tags_json, &name);
            tags_json.push(':');
            push_json_string(&mut tags_json, &value);
        }
    }
    tags_json.push('}');
    (roster, result, tags_json)
}

fn tag<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

/// The id of a game with this content hash ([`scoresheet_pgn::game_id::game_id_of`]).
pub(crate) fn game_id_of(hash: u128) -> i64 {
    scoresheet_pgn::game_id::game_id_of(hash)
}

/// The content hash of a game ([`scoresheet_pgn::game_id::content_hash`], shared with the
/// export): the tags, the start FEN and the SAN moves.
pub(crate) fn content_hash(tags: &[(String, String)], start_fen: &str, moves: &[PlyRow]) -> u128 {
    let tags = tags.iter().map(|(n, v)| (n.as_str(), v.as_str()));
    let sans: Vec<Cow<'static, str>> = moves.iter().map(PlyRow::san).collect();
    let moves = sans.iter().map(|san| san.as_ref());
    scoresheet_pgn::game_id::content_hash(tags, start_fen, moves)
}

fn replace_nul(text: &mut String) -> u64 {
    if !text.contains('\0') {
        return 0;
    }
    let count = text.bytes().filter(|&b| b == 0).count();
    *text = text.replace('\0', "\u{FFFD}");
    count as u64
}

/// The `meta` column: the EGD meta as JSON ([`MoveMeta::write_json`]), or `None` when it
/// holds nothing.
pub(crate) fn meta_json(meta: Option<&MoveMeta>) -> Option<String> {
    let meta = meta?;
    if *meta == MoveMeta::default() {
        return None;
    }
    let mut out = Vec::new();
    meta.write_json(&mut out);
    String::from_utf8(out).ok()
}

/// The commands of a move's comments, as the `moves` columns hold them.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(crate) struct Commands {
    pub clock_seconds: Option<f64>,
    pub emt_seconds: Option<f64>,
    pub eval_cp: Option<i32>,
    pub eval_mate: Option<i32>,
}

impl Commands {
    /// The columns of a ply's record.
    pub(crate) fn of(record: &PlyRecord) -> Commands {
        let (eval_cp, eval_mate) = EvalScore::columns(record.eval);
        Commands {
            clock_seconds: record.clock.map(|c| c.as_secs_f64()),
            emt_seconds: record.emt.map(|c| c.as_secs_f64()),
            eval_cp,
            eval_mate,
        }
    }
}

/// Appends `text` as a JSON string (the library's one escaping). NUL never reaches here (see
/// `sanitize`).
pub(crate) fn push_json_string(out: &mut String, text: &str) {
    scoresheet_pgn::egd::json::push_json_string(out, text);
}

/// `w` or `b`.
pub(crate) const fn side_str(color: Color) -> &'static str {
    match color {
        Color::White => "w",
        Color::Black => "b",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tags(tags: &[(&str, &str)]) -> Vec<(String, String)> {
        tags.iter()
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn ok_row() {
        let mut game_tags = scoresheet_pgn::egd::GameTags::default();
        for (name, value) in tags(&[
            ("Result", "1-0"),
            ("White", "A \"q\" \\ b\tc"),
            ("ECO", "B01"),
            ("X", "nul\0here"),
        ]) {
            game_tags.add_str(&name, &value);
        }
        let replayed = Replayed {
            result: game_tags.result(None).to_owned(),
            tags: game_tags,
            start_fen: None,
            plies: Vec::new(),
            byte: 7,
            opening: None,
        };
        let (row, nuls) = GameRow::new(replayed, Arc::from("f.pgn"));
        assert_eq!(nuls, 1);
        assert_eq!(row.result, "1-0");
        assert_eq!(row.roster[4].as_deref(), Some("A \"q\" \\ b\tc"));
        assert_eq!(row.roster[0], None);
        assert_eq!(row.tags_json, r#"{"ECO":"B01","X":"nul�here"}"#);
        assert_eq!(row.start_fen, START_FEN);
        assert_eq!(row.content_hash.len(), 32);
        assert!(row.game_id >= 0);
    }

    #[test]
    fn ok_hash_ignores_tag_order() {
        let a = tags(&[("Result", "*"), ("White", "a"), ("Black", "b")]);
        let b = tags(&[("Result", "*"), ("Black", "b"), ("White", "a")]);
        let c = tags(&[("Result", "*"), ("Black", "a"), ("White", "b")]);
        let h = |g: &Vec<(String, String)>| content_hash(g, START_FEN, &[]);
        assert_eq!(h(&a), h(&b));
        assert_ne!(h(&a), h(&c));
    }

    #[test]
    fn ok_position_text() {
        let cases = [
            (
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
                None,
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -",
            ),
            (
                "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
                Some(Square::D6),
                "4k3/8/8/3pP3/8/8/8/4K3 w - d6",
            ),
            ("8/8 w", None, "8/8 w"),
            ("8/8 w - e3", None, "8/8 w - -"),
            ("8/8 w - ", None, "8/8 w - -"),
            ("8/8 w - e3", Some(Square::E3), "8/8 w - e3"),
            ("", None, ""),
        ];
        for (fen, ep, want) in cases {
            assert_eq!(position_text(fen, ep), want, "{fen}");
        }
    }

    #[test]
    fn ok_json_string() {
        let mut out = String::new();
        push_json_string(&mut out, "a\"b\\c\n\u{1}é");
        assert_eq!(out, "\"a\\\"b\\\\c\\n\\u0001é\"");
    }
}
