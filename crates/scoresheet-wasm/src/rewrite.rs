//! `rewritePgn`: the games of a PGN text written again with every move (mainline and
//! variations) in one notation, as `scoresheet pgn --to NOTATION` writes them, with the PGN
//! writer of `scoresheet-pgn`.
//!
//! The sink below holds the same rules as the command's (`scoresheet-cli/src/cmd/pgn.rs`):
//! the tags the replay reads without case written as the standard spells them, `[SetUp "1"]`
//! added before a `FEN` tag that has none, null moves as `--` (`0000` in UCI). The package's
//! tests compare its output with the command's on the same files.

use scoresheet::notation::Notation;
use scoresheet_pgn::annotation::CommentIssue;
use scoresheet_pgn::replay::{GameError, Ply, ReplayOptions, ReplaySink, Replayer};
use scoresheet_pgn::{
    Location, Outcome, RawComment, RawTag, RawToken, Reader, WriteOptions, Writer,
};
use wasm_bindgen::prelude::*;

use crate::errors::{self, rejected_json};
use crate::json::Json;

/// One part of a game, its move already in the target notation.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Item {
    Move(String),
    Nag(u16),
    Comment(String),
    Begin,
    End,
}

/// A replayed game.
#[derive(Debug, Default)]
struct Game {
    tags: Vec<(String, String)>,
    items: Vec<Item>,
    outcome: Option<Option<Outcome>>,
}

/// The tags the replay layer reads without case.
const STEERING: [&str; 4] = ["FEN", "SetUp", "Variant", "Result"];

/// The replay sink: tags, and the movetext with every move in `to`.
#[derive(Debug)]
struct Rewrite {
    to: Notation,
    game: Game,
}

impl ReplaySink for Rewrite {
    type Game = Game;

    fn begin_game(&mut self, _at: Location) {
        self.game = Game::default();
    }

    fn tag(&mut self, name: &[u8], value: RawTag<'_>) {
        let name = match STEERING
            .iter()
            .find(|known| known.as_bytes().eq_ignore_ascii_case(name))
        {
            Some(known) => (*known).to_owned(),
            None => String::from_utf8_lossy(name).into_owned(),
        };
        self.game.tags.push((name, value.decode().into_owned()));
    }

    fn replays_variations(&self) -> bool {
        true
    }

    fn ply(&mut self, ply: &Ply<'_>) {
        if let Some(mv) = ply.mv {
            let written = self.to.format_move(ply.before, mv);
            self.game.items.push(Item::Move(written));
        }
    }

    fn null_move(&mut self, _ply: &Ply<'_>) -> Result<(), &'static str> {
        let null = match self.to {
            Notation::Uci => "0000",
            _ => "--",
        };
        self.game.items.push(Item::Move(null.to_owned()));
        Ok(())
    }

    fn nag(&mut self, nag: u16, _token: RawToken<'_>) {
        self.game.items.push(Item::Nag(nag));
    }

    fn comment(&mut self, comment: RawComment<'_>) -> Vec<CommentIssue> {
        let text = comment.decode().into_owned();
        self.game.items.push(Item::Comment(text));
        Vec::new()
    }

    fn begin_variation(&mut self) {
        self.game.items.push(Item::Begin);
    }

    fn end_variation(&mut self) {
        self.game.items.push(Item::End);
    }

    fn outcome(&mut self, outcome: Option<Outcome>) {
        self.game.outcome = Some(outcome);
    }

    fn end_game(&mut self) -> Game {
        let tags = &mut self.game.tags;
        let has = |tags: &[(String, String)], name: &str| tags.iter().any(|(n, _)| n == name);
        if has(tags, "FEN") && !has(tags, "SetUp") {
            let at = tags
                .iter()
                .position(|(n, _)| n == "FEN")
                .unwrap_or(tags.len());
            tags.insert(at, ("SetUp".to_owned(), "1".to_owned()));
        }
        std::mem::take(&mut self.game)
    }
}

/// Writes a replayed game; a tag the writer cannot represent is skipped and reported.
fn write_game(
    writer: &mut Writer<Vec<u8>>,
    game: &Game,
    skipped: &mut Vec<String>,
) -> std::io::Result<()> {
    writer.begin_game()?;
    for (name, value) in &game.tags {
        if let Err(e) = writer.tag(name, value) {
            skipped.push(e.to_string());
        }
    }
    for item in &game.items {
        match item {
            Item::Move(text) => writer.san(text)?,
            Item::Nag(nag) => writer.nag(*nag)?,
            Item::Comment(text) => writer.comment(text)?,
            Item::Begin => writer.begin_variation()?,
            Item::End => writer.end_variation()?,
        }
    }
    let tagged = game
        .tags
        .iter()
        .rev()
        .find(|(n, _)| n == "Result")
        .and_then(|(_, v)| Outcome::from_ascii(v.as_bytes()));
    writer.end_game(game.outcome.unwrap_or(tagged))
}

/// The games of `text` with every move in `to` (`toLang`: its piece letters for SAN and LAN;
/// `lang`: the movetext's own), as JSON `{pgn, rejected, skippedTags}`. Throws `PgnError`
/// when the input cannot be read on.
#[wasm_bindgen(js_name = rewritePgnJson)]
pub fn rewrite_pgn_json(
    text: &str,
    to: &str,
    lang: Option<String>,
    to_lang: Option<String>,
) -> Result<String, JsValue> {
    let mut to = crate::notation::notation(to)?;
    if let Some(code) = to_lang.as_deref().or(lang.as_deref()) {
        to = to.with_lang(crate::notation::lang(code)?).unwrap_or(to);
    }
    let replay = match lang.as_deref() {
        Some(code) => ReplayOptions::new().lang(Some(crate::notation::lang(code)?)),
        None => ReplayOptions::new(),
    };
    let words = matches!(
        to,
        Notation::Eran | Notation::EranShort | Notation::Descriptive
    );
    let mut writer = Writer::with_options(Vec::new(), WriteOptions::new().words_in_moves(words));
    let sink = Rewrite {
        to,
        game: Game::default(),
    };
    let mut replayer = Replayer::with_options(sink, replay);
    let mut reader = Reader::new(text.as_bytes());
    let (mut rejected, mut skipped) = (Json::new(), Vec::new());
    let io = |e: std::io::Error| errors::usage(format!("cannot write the output: {e}"));
    loop {
        match reader.read_game(&mut replayer) {
            Ok(None) => break,
            Ok(Some(Ok(game))) => write_game(&mut writer, &game, &mut skipped).map_err(io)?,
            Ok(Some(Err(e))) => rejected_json(&mut rejected, &e),
            Err(e) if e.is_recoverable() => rejected_json(&mut rejected, &e.into()),
            Err(e) => return Err(errors::pgn(&GameError::from(e))),
        }
    }
    let pgn = writer.into_inner().map_err(io)?;
    let mut json = Json::new();
    json.open()
        .key("pgn")
        .str(&String::from_utf8_lossy(&pgn))
        .key("rejected")
        .raw(&format!("[{}]", rejected.finish()))
        .key("skippedTags")
        .open_array();
    for s in &skipped {
        json.str(s);
    }
    json.close_array().close();
    Ok(json.finish())
}
