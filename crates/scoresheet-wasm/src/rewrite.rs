//! `rewritePgn`: the games of a PGN text written again with every move (mainline and
//! variations) in one notation, as `scoresheet pgn --to NOTATION` writes them, with the PGN
//! writer of `scoresheet-pgn`.
//!
//! It is the library's rewrite (`scoresheet_pgn::rewrite::RewriteConverter`) through the game
//! pump on one thread, as the command runs it. The package's tests compare its output with the
//! command's on the same files.

use scoresheet_pgn::pump::{ChunkLog, Event, Pump, PumpError};
use scoresheet_pgn::replay::{GameError, ReplayOptions};
use scoresheet_pgn::rewrite::RewriteConverter;
use wasm_bindgen::prelude::*;

use crate::errors::{self, rejected_json};
use crate::json::Json;

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
    let (mut pgn, mut rejected, mut skipped) = (Vec::new(), Json::new(), Vec::new());
    let deliver = |text: &mut Vec<u8>, log: ChunkLog| {
        pgn.append(text);
        for event in log.events() {
            match event {
                Event::Rejected(e) => rejected_json(&mut rejected, e),
                // Without kept oddities, the only warnings are the tags the writer left out.
                Event::Warning(_, what) => skipped.push(what.clone()),
            }
        }
        Ok(())
    };
    let new_worker = || RewriteConverter::new(to, replay);
    match Pump::new(1).run(text.as_bytes(), new_worker, deliver) {
        Ok(()) => {}
        Err(PumpError::Fatal(e)) => return Err(errors::pgn(&GameError::from(e))),
        Err(e) => return Err(errors::usage(format!("cannot write the output: {e}"))),
    }
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
