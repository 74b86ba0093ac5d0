//! The syntax tree of one move string as a JSON object: what `scoresheet parse` prints and the
//! npm package's `parse` returns. No position is needed: this is the board-free syntax of
//! each notation ([`Notation`]), read by its strict or its lenient parser.
//!
//! The objects, keys in this order (`null` where a part is absent; squares, ranks and files
//! as the notation writes them; roles by name, `knight`):
//!
//! | notation | keys |
//! |---|---|
//! | SAN, figurine, localized SAN | `kind` (`normal`, `castling`, `null`), `piece`, `from_file`, `from_rank`, `to`, `capture`, `promotion`, `castling` (`kingside`, `queenside`), `suffix` (`check`, `checkmate`), `annotation` (`!?`) |
//! | LAN, localized LAN | `kind` (`normal`, `castling`), `piece`, `from`, `to`, `capture`, `promotion`, `castling`, `suffix`, `annotation` |
//! | UCI | `kind` (`normal`, `null`), `from`, `to`, `promotion` |
//! | ERAN | `kind` (`move`, `castling`, `en_passant`), `piece`, `from`, `to`, `capture`, `promotion`, `side` |
//! | quantum | `type` (`standard`, `split`, `merge`, `null`), `piece` (its letter), `sources`, `targets`, `variants`, `promotion`, `measurement` |
//! | ReCirq | `type` (`standard`, `split`, `merge`), `sources`, `targets`, `promotion`, `measurement`, `move_type`, `variant` |
//! | ICCF | `kind` (`normal`), `from`, `to`, `promotion` |
//! | Smith | the same and `indicator` (a captured role, `en-passant`, `kingside`, `queenside`) |
//! | descriptive | `kind` (`normal`, `castling`); normal: `piece`, `mover` (`KBP`), `origin`, `to`, `takes`, `takes_on`, `promotion`, `en_passant`; castling: `castling`; then `suffix`, `annotation` |
//!
//! ```
//! use scoresheet::notation::{syntax_tree::to_json, Notation};
//! assert_eq!(
//!     to_json(Notation::Uci, b"e7e8q", true)?,
//!     r#"{"kind":"normal","from":"e7","to":"e8","promotion":"queen"}"#,
//! );
//! assert!(to_json(Notation::Uci, b"e7e9", true).is_err());
//! # Ok::<_, scoresheet::notation::NotationError>(())
//! ```

use std::fmt::Display;

use crate::descriptive::{Action, Descriptive, DescriptivePlus, Origin};
use crate::eran::Eran;
use crate::figurine::FigurineSan;
use crate::iccf::IccfMove;
use crate::json::push_json_string;
use crate::lan::{Lan, LanKind};
use crate::localized::{LocalizedLan, LocalizedSan};
use crate::notation::{Notation, NotationError};
use crate::quantum::{QuantumKind, QuantumMove};
use crate::quantum_recirq::{self, RecirqMove, RecirqSquares};
use crate::san::{San, SanPlus, Suffix};
use crate::smith::{SmithIndicator, SmithMove};
use crate::uci::UciMove;
use crate::{CastlingSide, Role, Square};

/// The syntax tree of `text` in `notation` as one JSON object (see the module docs), read by
/// the notation's strict parser when `strict`, else by its lenient one (ERAN has one parser).
///
/// # Errors
/// The notation's syntax error ([`NotationError`], never [`NotationError::Move`]): its
/// offset and what was expected.
pub fn to_json(notation: Notation, text: &[u8], strict: bool) -> Result<String, NotationError> {
    Ok(match notation {
        Notation::San => san(SanPlus::read(text, strict)?),
        Notation::Figurine(_) => san(FigurineSan::read(text, strict)?.san),
        Notation::LocalizedSan(lang) => san(match strict {
            true => LocalizedSan::from_ascii(lang, text)?,
            false => LocalizedSan::from_ascii_lenient(lang, text)?,
        }
        .san),
        Notation::Lan => lan(Lan::read(text, strict)?),
        Notation::LocalizedLan(lang) => lan(match strict {
            true => LocalizedLan::from_ascii(lang, text)?,
            false => LocalizedLan::from_ascii_lenient(lang, text)?,
        }
        .lan),
        Notation::Uci => uci(UciMove::read(text, strict)?),
        Notation::Eran | Notation::EranShort => eran(Eran::from_ascii(text)?),
        Notation::Quantum => quantum(QuantumMove::read(text, strict)?),
        Notation::QuantumRecirq => recirq(RecirqMove::read(text, strict)?),
        Notation::Iccf => {
            let m = IccfMove::read(text, strict)?;
            squares(m.from, m.to, m.promotion, None)
        }
        Notation::Smith => {
            let m = SmithMove::read(text, strict)?;
            let indicator = Some(smith_indicator(m.indicator));
            squares(m.from, m.to, m.promotion, indicator)
        }
        Notation::Descriptive => descriptive(DescriptivePlus::read(text, strict)?),
    })
}

/// A notation's syntax type read by its strict or its lenient parser.
trait StrictOrLenient: Sized {
    /// `text` read by the strict parser when `strict`, else by the lenient one.
    fn read(text: &[u8], strict: bool) -> Result<Self, NotationError>;
}

/// [`StrictOrLenient`] for syntax types with `from_ascii` and `from_ascii_lenient`.
macro_rules! strict_or_lenient {
    ($($syntax:ty),* $(,)?) => {$(
        impl StrictOrLenient for $syntax {
            fn read(text: &[u8], strict: bool) -> Result<$syntax, NotationError> {
                Ok(match strict {
                    true => <$syntax>::from_ascii(text)?,
                    false => <$syntax>::from_ascii_lenient(text)?,
                })
            }
        }
    )*};
}

strict_or_lenient!(
    SanPlus,
    FigurineSan,
    Lan,
    UciMove,
    QuantumMove,
    RecirqMove,
    IccfMove,
    SmithMove,
    DescriptivePlus,
);

/// One JSON object being written: keys and values in order.
struct Object(String);

impl Object {
    fn new() -> Object {
        Object(String::from("{"))
    }

    fn key(&mut self, key: &str) -> &mut String {
        if self.0.len() > 1 {
            self.0.push(',');
        }
        push_json_string(&mut self.0, key);
        self.0.push(':');
        &mut self.0
    }

    fn str(&mut self, key: &str, value: impl Display) -> &mut Object {
        let text = value.to_string();
        push_json_string(self.key(key), &text);
        self
    }

    fn opt(&mut self, key: &str, value: Option<impl Display>) -> &mut Object {
        match value {
            Some(v) => self.str(key, v),
            None => self.null(key),
        }
    }

    fn null(&mut self, key: &str) -> &mut Object {
        self.key(key).push_str("null");
        self
    }

    fn bool(&mut self, key: &str, value: bool) -> &mut Object {
        self.key(key).push_str(if value { "true" } else { "false" });
        self
    }

    fn num(&mut self, key: &str, value: Option<u32>) -> &mut Object {
        let out = self.key(key);
        match value {
            Some(n) => out.push_str(&n.to_string()),
            None => out.push_str("null"),
        }
        self
    }

    fn strs<T: Display>(&mut self, key: &str, items: impl IntoIterator<Item = T>) -> &mut Object {
        let out = self.key(key);
        out.push('[');
        for (i, item) in items.into_iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            push_json_string(out, &item.to_string());
        }
        out.push(']');
        self
    }

    fn finish(&mut self) -> String {
        self.0.push('}');
        std::mem::take(&mut self.0)
    }
}

fn side_name(side: CastlingSide) -> &'static str {
    match side {
        CastlingSide::KingSide => "kingside",
        CastlingSide::QueenSide => "queenside",
    }
}

/// `suffix` and `annotation`, the last keys of SAN, LAN and descriptive trees.
fn suffix_and_annotation(
    o: &mut Object,
    suffix: Option<Suffix>,
    annotation: Option<&str>,
) -> String {
    let suffix = suffix.map(|s| match s {
        Suffix::Check => "check",
        Suffix::Checkmate => "checkmate",
    });
    o.opt("suffix", suffix)
        .opt("annotation", annotation)
        .finish()
}

fn san(san: SanPlus) -> String {
    let mut o = Object::new();
    match san.san {
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => {
            o.str("kind", "normal").str("piece", role.name());
            o.opt("from_file", file)
                .opt("from_rank", rank)
                .str("to", to);
            o.bool("capture", capture)
                .opt("promotion", promotion.map(Role::name));
            o.null("castling")
        }
        San::Castle(side) => {
            o.str("kind", "castling").str("piece", "king");
            o.null("from_file")
                .null("from_rank")
                .null("to")
                .bool("capture", false);
            o.null("promotion").str("castling", side_name(side))
        }
        San::Null => {
            o.str("kind", "null")
                .null("piece")
                .null("from_file")
                .null("from_rank");
            o.null("to")
                .bool("capture", false)
                .null("promotion")
                .null("castling")
        }
    };
    suffix_and_annotation(&mut o, san.suffix, san.annotation.map(|a| a.as_str()))
}

fn lan(lan: Lan) -> String {
    let mut o = Object::new();
    match lan.kind {
        LanKind::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } => {
            o.str("kind", "normal").str("piece", role.name());
            o.str("from", from).str("to", to).bool("capture", capture);
            o.opt("promotion", promotion.map(Role::name))
                .null("castling")
        }
        LanKind::Castle(side) => {
            o.str("kind", "castling")
                .str("piece", "king")
                .null("from")
                .null("to");
            o.bool("capture", false)
                .null("promotion")
                .str("castling", side_name(side))
        }
    };
    suffix_and_annotation(&mut o, lan.suffix, lan.annotation.map(|a| a.as_str()))
}

fn uci(uci: UciMove) -> String {
    let mut o = Object::new();
    match uci {
        UciMove::Normal {
            from,
            to,
            promotion,
        } => {
            o.str("kind", "normal").str("from", from).str("to", to);
            o.opt("promotion", promotion.map(Role::name))
        }
        UciMove::Null => o
            .str("kind", "null")
            .null("from")
            .null("to")
            .null("promotion"),
    };
    o.finish()
}

/// ICCF and Smith: the squares, the promotion, and (Smith) the capture indicator.
fn squares(
    from: Square,
    to: Square,
    promotion: Option<Role>,
    indicator: Option<Option<&str>>,
) -> String {
    let mut o = Object::new();
    o.str("kind", "normal").str("from", from).str("to", to);
    o.opt("promotion", promotion.map(Role::name));
    if let Some(indicator) = indicator {
        o.opt("indicator", indicator);
    }
    o.finish()
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

fn eran(eran: Eran) -> String {
    let mut o = Object::new();
    match eran {
        Eran::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } => {
            o.str("kind", "move")
                .str("piece", role.name())
                .str("from", from)
                .str("to", to);
            o.bool("capture", capture)
                .opt("promotion", promotion.map(Role::name))
                .null("side")
        }
        Eran::Castle(side) => {
            o.str("kind", "castling")
                .null("piece")
                .null("from")
                .null("to");
            o.bool("capture", false)
                .null("promotion")
                .str("side", side_name(side))
        }
        Eran::EnPassant => {
            o.str("kind", "en_passant")
                .str("piece", "pawn")
                .null("from")
                .null("to");
            o.bool("capture", true).null("promotion").null("side")
        }
    };
    o.finish()
}

fn quantum(q: QuantumMove) -> String {
    let kind = match q.kind {
        QuantumKind::Standard { .. } => "standard",
        QuantumKind::Split { .. } => "split",
        QuantumKind::Merge { .. } => "merge",
        QuantumKind::Null => "null",
    };
    let targets = q.targets();
    let mut o = Object::new();
    o.str("type", kind).opt("piece", q.piece.map(|p| p.char()));
    o.strs("sources", q.sources())
        .strs("targets", targets.iter().map(|t| t.square));
    o.strs("variants", targets.iter().map(|t| t.variant.name()));
    o.opt("promotion", q.promotion.map(Role::name))
        .num("measurement", q.measurement);
    o.finish()
}

/// A ReCirq move: its squares, promotion, measurement, and label (`null` when not written).
fn recirq(r: RecirqMove) -> String {
    let (kind, sources, targets) = match r.squares {
        RecirqSquares::Standard { from, to } => ("standard", vec![from], vec![to]),
        RecirqSquares::Split { from, to } => ("split", vec![from], to.to_vec()),
        RecirqSquares::Merge { from, to } => ("merge", from.to_vec(), vec![to]),
    };
    let mut o = Object::new();
    o.str("type", kind)
        .strs("sources", sources)
        .strs("targets", targets);
    o.opt("promotion", r.promotion.map(Role::name))
        .num("measurement", r.measurement);
    o.opt("move_type", r.label.map(|l| l.move_type.name()));
    o.opt(
        "variant",
        r.label.map(|l| quantum_recirq::variant_name(l.variant)),
    );
    o.finish()
}

/// A descriptive move's parts, each as the notation writes it (`KBP`, `N1`, `QB3`).
fn descriptive(d: DescriptivePlus) -> String {
    let mut o = Object::new();
    match d.descriptive {
        Descriptive::Castle(side) => o.str("kind", "castling").str("castling", side_name(side)),
        Descriptive::Castles => o.str("kind", "castling").null("castling"),
        Descriptive::Normal {
            mover,
            origin,
            action,
            promotion,
            en_passant,
        } => {
            let (to, target, on) = match action {
                Action::To(sq) => (Some(sq), None, None),
                Action::Takes { target, on } => (None, Some(target), on),
            };
            let origin = origin.map(|origin| match origin {
                Origin::Rank(rank) => rank.to_string(),
                Origin::Square(sq) => sq.to_string(),
            });
            o.str("kind", "normal")
                .str("piece", mover.role.name())
                .str("mover", mover);
            o.opt("origin", origin)
                .opt("to", to)
                .opt("takes", target)
                .opt("takes_on", on);
            o.opt("promotion", promotion.map(Role::name))
                .bool("en_passant", en_passant)
        }
    };
    suffix_and_annotation(&mut o, d.suffix, d.annotation.map(|a| a.as_str()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::figurine::GlyphChoice;

    #[test]
    fn ok_trees() {
        let cases = [
            (
                Notation::Smith,
                "e4d5p",
                r#"{"kind":"normal","from":"e4","to":"d5","promotion":null,"indicator":"pawn"}"#,
            ),
            (
                Notation::Iccf,
                "57581",
                r#"{"kind":"normal","from":"e7","to":"e8","promotion":"queen"}"#,
            ),
            (
                Notation::Descriptive,
                "N-KB3",
                r#"{"kind":"normal","piece":"knight","mover":"N","origin":null,"to":"KB3","takes":null,"takes_on":null,"promotion":null,"en_passant":false,"suffix":null,"annotation":null}"#,
            ),
            (
                Notation::Descriptive,
                "O-O",
                r#"{"kind":"castling","castling":"kingside","suffix":null,"annotation":null}"#,
            ),
            (
                Notation::Figurine(GlyphChoice::Black),
                "♞c6!?",
                r#"{"kind":"normal","piece":"knight","from_file":null,"from_rank":null,"to":"c6","capture":false,"promotion":null,"castling":null,"suffix":null,"annotation":"!?"}"#,
            ),
            (
                Notation::Uci,
                "0000",
                r#"{"kind":"null","from":null,"to":null,"promotion":null}"#,
            ),
        ];
        for (notation, text, want) in cases {
            let got = to_json(notation, text.as_bytes(), true).expect("a valid move");
            assert_eq!(got, want, "{notation} {text}");
        }
    }

    #[test]
    fn err_syntax_error_with_offset() {
        // The UCI parser points at the start of the square it cannot read.
        let e = to_json(Notation::Uci, b"e7e9", true).expect_err("no rank 9");
        assert_eq!((e.notation(), e.offset()), ("uci", Some(2)));
    }
}
