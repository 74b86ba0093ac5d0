//! A game ready to store: the EGD record plus what the `games` row needs (id, content hash,
//! roster columns, other tags as JSON), with text made storable.

use std::sync::Arc;

use scoresheet_pgn::annotation::EvalScore;
use scoresheet_pgn::egd::{DenormalizedGame, MoveMeta, PlyRecord};

use crate::derive::{DeriveError, Derived};
use crate::sink::Replayed;

/// The seven-tag roster, in column order (`Result` has its own handling).
pub(crate) const ROSTER: [&str; 6] = ["Event", "Site", "Date", "Round", "White", "Black"];

/// The FEN of the standard start position.
pub(crate) const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

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
    pub plies: Vec<PlyRecord>,
    /// UCI, Polyglot key and position text of each ply, in ply order.
    pub derived: Vec<Derived>,
}

impl GameRow {
    /// Builds the row. Returns it with the number of NUL characters replaced by U+FFFD.
    ///
    /// # Errors
    ///
    /// When the replay did not give one [`ReplayedPly`](crate::derive::ReplayedPly) per ply
    /// of the record (never: the sink sees every ply the record holds).
    pub fn new(replayed: Replayed, source_file: Arc<str>) -> Result<(GameRow, u64), DeriveError> {
        let Replayed {
            mut game,
            plies,
            byte: offset,
            ..
        } = replayed;
        if plies.len() != game.moves.len() {
            return Err(DeriveError {
                ply: plies.len().min(game.moves.len()) + 1,
                what: "the replay and the EGD record differ in length",
            });
        }
        // Before the meta is written as JSON: that has the NULs replaced.
        let nuls = sanitize(&mut game);
        let derived = plies
            .into_iter()
            .zip(&game.moves)
            .map(|(ply, record)| ply.with_record(record))
            .collect();
        let mut roster: [Option<String>; 6] = Default::default();
        let mut result = String::from("*");
        let mut tags_json = String::from("{");
        for (name, value) in &game.game_tags {
            if name == "Result" {
                result.clone_from(value);
            } else if let Some(i) = ROSTER.iter().position(|r| r == name) {
                roster[i] = Some(value.clone());
            } else {
                if tags_json.len() > 1 {
                    tags_json.push(',');
                }
                push_json_string(&mut tags_json, name);
                tags_json.push(':');
                push_json_string(&mut tags_json, value);
            }
        }
        tags_json.push('}');
        let start_fen = match game.moves.first() {
            Some(ply) => ply.start_position.fen.clone(),
            None => game.tag("FEN").unwrap_or(START_FEN).to_owned(),
        };
        let hash = content_hash(&game, &start_fen);
        let row = GameRow {
            game_id: game_id_of(hash),
            content_hash: format!("{hash:032x}"),
            roster,
            result,
            tags_json,
            start_fen,
            source_file,
            source_offset: offset,
            plies: game.moves,
            derived,
        };
        Ok((row, nuls))
    }
}

/// The id of a game with this content hash ([`scoresheet_pgn::game_id::game_id_of`]).
pub(crate) fn game_id_of(hash: u128) -> i64 {
    scoresheet_pgn::game_id::game_id_of(hash)
}

/// The content hash of a game ([`scoresheet_pgn::game_id::content_hash`], shared with the
/// export): the tags, the start FEN and the SAN moves.
pub(crate) fn content_hash(game: &DenormalizedGame, start_fen: &str) -> u128 {
    let tags = game.game_tags.iter().map(|(n, v)| (n.as_str(), v.as_str()));
    let moves = game.moves.iter().map(|ply| ply.mv.san.as_str());
    scoresheet_pgn::game_id::content_hash(tags, start_fen, moves)
}

/// Replaces NUL characters (which PostgreSQL text cannot hold) by U+FFFD in every text that
/// comes from the input: tag names and values, comments and glyphs. Returns how many.
fn sanitize(game: &mut DenormalizedGame) -> u64 {
    let mut count = 0;
    for (name, value) in &mut game.game_tags {
        count += replace_nul(name) + replace_nul(value);
    }
    for ply in &mut game.moves {
        if let Some(meta) = &mut ply.mv.meta {
            for text in meta.comments.iter_mut().chain(meta.glyphs.iter_mut()) {
                count += replace_nul(text);
            }
        }
    }
    count
}

fn replace_nul(text: &mut String) -> u64 {
    if !text.contains('\0') {
        return 0;
    }
    let count = text.bytes().filter(|&b| b == 0).count();
    *text = text.replace('\0', "\u{FFFD}");
    count as u64
}

/// The `meta` column: the EGD meta as JSON, or `None` when it holds nothing.
pub(crate) fn meta_json(meta: Option<&MoveMeta>) -> Option<String> {
    let meta = meta?;
    if *meta == MoveMeta::default() {
        return None;
    }
    if meta.clock.is_some()
        || meta.emt.is_some()
        || meta.eval.is_some()
        || !meta.squares.is_empty()
        || !meta.arrows.is_empty()
    {
        // The EGD format writes the commands (format version 2); the columns hold them too.
        return serde_json::to_string(meta).ok();
    }
    let mut out = String::from("{\"nags\":[");
    for (i, nag) in meta.nags.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(&nag.to_string());
    }
    out.push_str("],\"glyphs\":");
    push_json_array(&mut out, &meta.glyphs);
    out.push_str(",\"comments\":");
    push_json_array(&mut out, &meta.comments);
    out.push('}');
    Some(out)
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
    pub(crate) fn of(meta: Option<&MoveMeta>) -> Commands {
        let Some(meta) = meta else {
            return Commands::default();
        };
        let (eval_cp, eval_mate) = match meta.eval.map(|e| e.score) {
            Some(EvalScore::Centipawns(cp)) => (Some(cp), None),
            Some(EvalScore::Mate(n)) => (None, Some(n)),
            None => (None, None),
        };
        Commands {
            clock_seconds: meta.clock.map(|c| c.as_secs_f64()),
            emt_seconds: meta.emt.map(|c| c.as_secs_f64()),
            eval_cp,
            eval_mate,
        }
    }
}

fn push_json_array(out: &mut String, items: &[String]) {
    out.push('[');
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        push_json_string(out, item);
    }
    out.push(']');
}

/// Appends `text` as a JSON string (the library's one escaping). NUL never reaches here (see
/// `sanitize`).
pub(crate) fn push_json_string(out: &mut String, text: &str) {
    scoresheet_pgn::egd::json::push_json_string(out, text);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(tags: &[(&str, &str)]) -> DenormalizedGame {
        DenormalizedGame {
            game_tags: tags
                .iter()
                .map(|(n, v)| (n.to_string(), v.to_string()))
                .collect(),
            moves: Vec::new(),
        }
    }

    #[test]
    fn ok_row() {
        let g = game(&[
            ("Result", "1-0"),
            ("White", "A \"q\" \\ b\tc"),
            ("ECO", "B01"),
            ("X", "nul\0here"),
        ]);
        let replayed = Replayed {
            game: g,
            plies: Vec::new(),
            byte: 7,
            at: scoresheet_pgn::Location::default(),
        };
        let (row, nuls) = GameRow::new(replayed, Arc::from("f.pgn")).expect("no moves to replay");
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
        let a = game(&[("Result", "*"), ("White", "a"), ("Black", "b")]);
        let b = game(&[("Result", "*"), ("Black", "b"), ("White", "a")]);
        let c = game(&[("Result", "*"), ("Black", "a"), ("White", "b")]);
        let h = |g: &DenormalizedGame| content_hash(g, START_FEN);
        assert_eq!(h(&a), h(&b));
        assert_ne!(h(&a), h(&c));
    }

    #[test]
    fn ok_json_string() {
        let mut out = String::new();
        push_json_string(&mut out, "a\"b\\c\n\u{1}é");
        assert_eq!(out, "\"a\\\"b\\\\c\\n\\u0001é\"");
    }
}
