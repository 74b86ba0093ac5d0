//! `parse`: the syntax tree of one move string as JSON, the object `scoresheet parse` prints
//! (the same keys and values: the package's tests compare the two on a table of moves). No
//! position is needed: this is the board-free syntax of each notation.

use scoresheet::descriptive::{Action, Descriptive, DescriptivePlus, Origin};
use scoresheet::eran::Eran;
use scoresheet::figurine::FigurineSan;
use scoresheet::iccf::IccfMove;
use scoresheet::lan::{Lan, LanKind};
use scoresheet::localized::{LocalizedLan, LocalizedSan};
use scoresheet::notation::{Notation, ParseError};
use scoresheet::quantum::{QuantumKind, QuantumMove};
use scoresheet::san::{San, SanPlus, Suffix};
use scoresheet::smith::{SmithIndicator, SmithMove};
use scoresheet::uci::UciMove;
use scoresheet::{CastlingSide, Role, Square};
use wasm_bindgen::prelude::*;

use crate::errors;
use crate::json::Json;

/// A syntax error: its message, offset and what was expected.
type Refusal = (String, usize, String);

fn refusal<K: std::fmt::Display>(e: ParseError<K>) -> Refusal {
    (e.to_string(), e.offset(), e.kind().to_string())
}

/// The strict or the lenient parser's result.
fn pick<T, E>(
    strict: bool,
    text: &[u8],
    s: fn(&[u8]) -> Result<T, E>,
    l: fn(&[u8]) -> Result<T, E>,
) -> Result<T, E> {
    if strict {
        s(text)
    } else {
        l(text)
    }
}

/// The syntax tree of `text` in `notation` as JSON (`strict`: the strict parser). Throws
/// `ParseError` with the offset where parsing stopped.
#[wasm_bindgen(js_name = parseJson)]
pub fn parse_json(text: &str, notation: &str, strict: bool) -> Result<String, JsValue> {
    let n = crate::notation::notation(notation)?;
    let bytes = text.as_bytes();
    let tree = match n {
        Notation::LocalizedSan(lang) => match strict {
            true => LocalizedSan::from_ascii(lang, bytes),
            false => LocalizedSan::from_ascii_lenient(lang, bytes),
        }
        .map(|m| san_json(m.san))
        .map_err(refusal),
        Notation::LocalizedLan(lang) => match strict {
            true => LocalizedLan::from_ascii(lang, bytes),
            false => LocalizedLan::from_ascii_lenient(lang, bytes),
        }
        .map(|m| lan_json(m.lan))
        .map_err(refusal),
        _ => plain(n, bytes, strict),
    };
    tree.map_err(|(message, offset, expected)| {
        errors::syntax(&message, n.name(), offset, &expected, text).into_value()
    })
}

/// The tree of a notation without a language.
fn plain(n: Notation, text: &[u8], strict: bool) -> Result<String, Refusal> {
    match n {
        Notation::Lan => pick(strict, text, Lan::from_ascii, Lan::from_ascii_lenient)
            .map(lan_json)
            .map_err(refusal),
        Notation::Uci => pick(
            strict,
            text,
            UciMove::from_ascii,
            UciMove::from_ascii_lenient,
        )
        .map(uci_json)
        .map_err(refusal),
        Notation::Eran | Notation::EranShort => {
            Eran::from_ascii(text).map(eran_json).map_err(refusal)
        }
        Notation::Quantum => pick(
            strict,
            text,
            QuantumMove::from_ascii,
            QuantumMove::from_ascii_lenient,
        )
        .map(quantum_json)
        .map_err(refusal),
        Notation::Figurine(_) => pick(
            strict,
            text,
            FigurineSan::from_ascii,
            FigurineSan::from_ascii_lenient,
        )
        .map(|f| san_json(f.san))
        .map_err(refusal),
        Notation::Iccf => pick(
            strict,
            text,
            IccfMove::from_ascii,
            IccfMove::from_ascii_lenient,
        )
        .map(|m| squares_json(m.from, m.to, m.promotion, None))
        .map_err(refusal),
        Notation::Smith => pick(
            strict,
            text,
            SmithMove::from_ascii,
            SmithMove::from_ascii_lenient,
        )
        .map(|m| {
            squares_json(
                m.from,
                m.to,
                m.promotion,
                Some(smith_indicator(m.indicator)),
            )
        })
        .map_err(refusal),
        Notation::Descriptive => pick(
            strict,
            text,
            DescriptivePlus::from_ascii,
            DescriptivePlus::from_ascii_lenient,
        )
        .map(descriptive_json)
        .map_err(refusal),
        _ => pick(
            strict,
            text,
            SanPlus::from_ascii,
            SanPlus::from_ascii_lenient,
        )
        .map(san_json)
        .map_err(refusal),
    }
}

fn side_name(side: CastlingSide) -> &'static str {
    match side {
        CastlingSide::KingSide => "kingside",
        CastlingSide::QueenSide => "queenside",
    }
}

/// `suffix` and `annotation`, the last two keys of SAN, LAN and descriptive trees.
fn suffix_and_annotation(json: &mut Json, suffix: Option<Suffix>, annotation: Option<&str>) {
    let suffix = suffix.map(|s| match s {
        Suffix::Check => "check",
        Suffix::Checkmate => "checkmate",
    });
    json.key("suffix")
        .opt_str(suffix)
        .key("annotation")
        .opt_str(annotation);
}

fn san_json(san: SanPlus) -> String {
    let mut json = Json::new();
    json.open();
    match san.san {
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => {
            json.key("kind").str("normal").key("piece").str(role.name());
            json.key("from_file")
                .opt_str(file.map(|f| f.to_string()).as_deref());
            json.key("from_rank")
                .opt_str(rank.map(|r| r.to_string()).as_deref());
            json.key("to")
                .str(&to.to_string())
                .key("capture")
                .bool(capture);
            json.key("promotion").opt_str(promotion.map(Role::name));
            json.key("castling").null();
        }
        San::Castle(side) => {
            json.key("kind").str("castling").key("piece").str("king");
            json.key("from_file")
                .null()
                .key("from_rank")
                .null()
                .key("to")
                .null();
            json.key("capture").bool(false).key("promotion").null();
            json.key("castling").str(side_name(side));
        }
        San::Null => {
            json.key("kind").str("null").key("piece").null();
            json.key("from_file")
                .null()
                .key("from_rank")
                .null()
                .key("to")
                .null();
            json.key("capture").bool(false).key("promotion").null();
            json.key("castling").null();
        }
    }
    suffix_and_annotation(&mut json, san.suffix, san.annotation.map(|a| a.as_str()));
    json.close();
    json.finish()
}

fn lan_json(lan: Lan) -> String {
    let mut json = Json::new();
    json.open();
    match lan.kind {
        LanKind::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } => {
            json.key("kind").str("normal").key("piece").str(role.name());
            json.key("from")
                .str(&from.to_string())
                .key("to")
                .str(&to.to_string());
            json.key("capture").bool(capture);
            json.key("promotion").opt_str(promotion.map(Role::name));
            json.key("castling").null();
        }
        LanKind::Castle(side) => {
            json.key("kind").str("castling").key("piece").str("king");
            json.key("from")
                .null()
                .key("to")
                .null()
                .key("capture")
                .bool(false);
            json.key("promotion")
                .null()
                .key("castling")
                .str(side_name(side));
        }
    }
    suffix_and_annotation(&mut json, lan.suffix, lan.annotation.map(|a| a.as_str()));
    json.close();
    json.finish()
}

fn uci_json(uci: UciMove) -> String {
    let mut json = Json::new();
    json.open();
    match uci {
        UciMove::Normal {
            from,
            to,
            promotion,
        } => {
            json.key("kind")
                .str("normal")
                .key("from")
                .str(&from.to_string());
            json.key("to").str(&to.to_string());
            json.key("promotion").opt_str(promotion.map(Role::name));
        }
        UciMove::Null => {
            json.key("kind")
                .str("null")
                .key("from")
                .null()
                .key("to")
                .null();
            json.key("promotion").null();
        }
    }
    json.close();
    json.finish()
}

/// ICCF and Smith: the squares, the promotion, and (Smith) the capture indicator.
fn squares_json(
    from: Square,
    to: Square,
    promotion: Option<Role>,
    indicator: Option<Option<&str>>,
) -> String {
    let mut json = Json::new();
    json.open().key("kind").str("normal");
    json.key("from")
        .str(&from.to_string())
        .key("to")
        .str(&to.to_string());
    json.key("promotion").opt_str(promotion.map(Role::name));
    if let Some(indicator) = indicator {
        json.key("indicator").opt_str(indicator);
    }
    json.close();
    json.finish()
}

/// A Smith capture indicator: the captured role's name, `en-passant`, `kingside` or
/// `queenside` (castling), or none.
fn smith_indicator(indicator: Option<SmithIndicator>) -> Option<&'static str> {
    indicator.map(|i| match i {
        SmithIndicator::Capture(role) => role.name(),
        SmithIndicator::EnPassant => "en-passant",
        SmithIndicator::Castle(side) => side_name(side),
    })
}

fn eran_json(eran: Eran) -> String {
    let mut json = Json::new();
    json.open();
    match eran {
        Eran::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } => {
            json.key("kind").str("move").key("piece").str(role.name());
            json.key("from")
                .str(&from.to_string())
                .key("to")
                .str(&to.to_string());
            json.key("capture").bool(capture);
            json.key("promotion").opt_str(promotion.map(Role::name));
            json.key("side").null();
        }
        Eran::Castle(side) => {
            json.key("kind").str("castling").key("piece").null();
            json.key("from")
                .null()
                .key("to")
                .null()
                .key("capture")
                .bool(false);
            json.key("promotion")
                .null()
                .key("side")
                .str(side_name(side));
        }
        Eran::EnPassant => {
            json.key("kind").str("en_passant").key("piece").str("pawn");
            json.key("from")
                .null()
                .key("to")
                .null()
                .key("capture")
                .bool(true);
            json.key("promotion").null().key("side").null();
        }
    }
    json.close();
    json.finish()
}

fn quantum_json(q: QuantumMove) -> String {
    let kind = match q.kind {
        QuantumKind::Standard { .. } => "standard",
        QuantumKind::Split { .. } => "split",
        QuantumKind::Merge { .. } => "merge",
        QuantumKind::Null => "null",
    };
    let mut json = Json::new();
    json.open().key("type").str(kind);
    json.key("piece")
        .opt_str(q.piece.map(|p| p.char().to_string()).as_deref());
    json.key("sources").open_array();
    for s in q.sources() {
        json.str(&s.to_string());
    }
    json.close_array().key("targets").open_array();
    for t in q.targets() {
        json.str(&t.square.to_string());
    }
    json.close_array().key("variants").open_array();
    for t in q.targets() {
        json.str(t.variant.name());
    }
    json.close_array();
    json.key("promotion").opt_str(q.promotion.map(Role::name));
    json.key("measurement")
        .opt_num(q.measurement.map(f64::from));
    json.close();
    json.finish()
}

/// A descriptive move's parts, each as the notation writes it (`KBP`, `N1`, `QB3`).
fn descriptive_json(d: DescriptivePlus) -> String {
    let mut json = Json::new();
    json.open();
    match d.descriptive {
        Descriptive::Castle(side) => {
            json.key("kind")
                .str("castling")
                .key("castling")
                .str(side_name(side));
        }
        Descriptive::Castles => {
            json.key("kind").str("castling").key("castling").null();
        }
        Descriptive::Normal {
            mover,
            origin,
            action,
            promotion,
            en_passant,
        } => {
            let (to, target, on) = match action {
                Action::To(sq) => (Some(sq.to_string()), None, None),
                Action::Takes { target, on } => {
                    (None, Some(target.to_string()), on.map(|s| s.to_string()))
                }
            };
            let origin = match origin {
                Some(Origin::Rank(rank)) => Some(rank.to_string()),
                Some(Origin::Square(sq)) => Some(sq.to_string()),
                None => None,
            };
            json.key("kind")
                .str("normal")
                .key("piece")
                .str(mover.role.name());
            json.key("mover").str(&mover.to_string());
            json.key("origin").opt_str(origin.as_deref());
            json.key("to").opt_str(to.as_deref());
            json.key("takes").opt_str(target.as_deref());
            json.key("takes_on").opt_str(on.as_deref());
            json.key("promotion").opt_str(promotion.map(Role::name));
            json.key("en_passant").bool(en_passant);
        }
    }
    suffix_and_annotation(&mut json, d.suffix, d.annotation.map(|a| a.as_str()));
    json.close();
    json.finish()
}
