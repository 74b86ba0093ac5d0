//! `scoresheet parse`: print the syntax tree of one move string as a JSON object.

use std::io::Write;

use scoresheet::descriptive::{Action, Descriptive, DescriptivePlus, Origin};
use scoresheet::eran::Eran;
use scoresheet::figurine::FigurineSan;
use scoresheet::iccf::IccfMove;
use scoresheet::lan::{Lan, LanKind};
use scoresheet::localized::{Lang, LocalizedLan, LocalizedSan};
use scoresheet::notation::Notation as Core;
use scoresheet::quantum::{QuantumKind, QuantumMove};
use scoresheet::quantum_recirq::{self, RecirqMove, RecirqSquares};
use scoresheet::san::{San, SanPlus, Suffix};
use scoresheet::smith::{SmithIndicator, SmithMove};
use scoresheet::uci::UciMove;
use scoresheet::{CastlingSide, Role};

use crate::args::ParseArgs;
use crate::json::{object, Value};
use crate::notation::{check_lang, Notation};
use crate::output::{line, stdout, Failure, Outcome};
use scoresheet::notation::Caret;

/// Runs the subcommand.
pub fn run(args: ParseArgs) -> Outcome {
    check_lang(args.lang, &[args.notation])?;
    let (text, strict) = (args.text.as_bytes(), args.strict);
    let json = match args.notation.with_lang(args.lang) {
        Core::LocalizedSan(lang) => pick_lang(
            strict,
            LocalizedSan::from_ascii,
            LocalizedSan::from_ascii_lenient,
        )(lang, text)
        .map(|m| san_json(m.san))
        .map_err(describe),
        Core::LocalizedLan(lang) => pick_lang(
            strict,
            LocalizedLan::from_ascii,
            LocalizedLan::from_ascii_lenient,
        )(lang, text)
        .map(|m| lan_json(m.lan))
        .map_err(describe),
        _ => syntax(args.notation, text, strict),
    };
    let json = json.map_err(|(msg, offset)| {
        Failure::Rejected(format!(
            "{msg}\n{}",
            Caret::new(args.text.as_bytes(), offset)
        ))
    })?;
    let mut out = stdout();
    line(&mut out, json)?;
    out.flush()?;
    Ok(())
}

/// The strict or the lenient parser of a language.
fn pick_lang<T, E>(
    strict: bool,
    strict_fn: fn(Lang, &[u8]) -> Result<T, E>,
    lenient_fn: fn(Lang, &[u8]) -> Result<T, E>,
) -> fn(Lang, &[u8]) -> Result<T, E> {
    if strict {
        strict_fn
    } else {
        lenient_fn
    }
}

/// The syntax tree of `text` in a notation without a language, as JSON, or the error message
/// and offset.
fn syntax(notation: Notation, text: &[u8], strict: bool) -> Result<String, (String, usize)> {
    match notation {
        Notation::San => pick(strict, SanPlus::from_ascii, SanPlus::from_ascii_lenient)(text)
            .map(san_json)
            .map_err(describe),
        Notation::Lan => pick(strict, Lan::from_ascii, Lan::from_ascii_lenient)(text)
            .map(lan_json)
            .map_err(describe),
        Notation::Uci => pick(strict, UciMove::from_ascii, UciMove::from_ascii_lenient)(text)
            .map(uci_json)
            .map_err(describe),
        Notation::Eran | Notation::EranShort => {
            Eran::from_ascii(text).map(eran_json).map_err(describe)
        }
        Notation::Quantum => pick(
            strict,
            QuantumMove::from_ascii,
            QuantumMove::from_ascii_lenient,
        )(text)
        .map(quantum_json)
        .map_err(describe),
        Notation::QuantumRecirq => pick(
            strict,
            RecirqMove::from_ascii,
            RecirqMove::from_ascii_lenient,
        )(text)
        .map(recirq_json)
        .map_err(describe),
        Notation::Figurine | Notation::FigurineBlack | Notation::FigurineSide => pick(
            strict,
            FigurineSan::from_ascii,
            FigurineSan::from_ascii_lenient,
        )(text)
        .map(|f| san_json(f.san))
        .map_err(describe),
        Notation::Iccf => pick(strict, IccfMove::from_ascii, IccfMove::from_ascii_lenient)(text)
            .map(|m| squares_json(m.from, m.to, m.promotion, None))
            .map_err(describe),
        Notation::Smith => pick(strict, SmithMove::from_ascii, SmithMove::from_ascii_lenient)(text)
            .map(|m| {
                squares_json(
                    m.from,
                    m.to,
                    m.promotion,
                    Some(smith_indicator(m.indicator)),
                )
            })
            .map_err(describe),
        Notation::Descriptive => pick(
            strict,
            DescriptivePlus::from_ascii,
            DescriptivePlus::from_ascii_lenient,
        )(text)
        .map(descriptive_json)
        .map_err(describe),
    }
}

/// A descriptive move's parts, each as the notation writes it (`KBP`, `N1`, `QB3`).
fn descriptive_json(d: DescriptivePlus) -> String {
    let text = |v: &dyn std::fmt::Display| Value::Str(v.to_string());
    let mut fields = match d.descriptive {
        Descriptive::Castle(side) => vec![
            ("kind", Value::Str("castling".into())),
            ("castling", Value::Str(side_name(side).into())),
        ],
        Descriptive::Castles => vec![
            ("kind", Value::Str("castling".into())),
            ("castling", Value::Null),
        ],
        Descriptive::Normal {
            mover,
            origin,
            action,
            promotion,
            en_passant,
        } => {
            let (to, target, on) = match action {
                Action::To(sq) => (text(&sq), Value::Null, Value::Null),
                Action::Takes { target, on } => (
                    Value::Null,
                    text(&target),
                    Value::opt_str(on.map(|s| s.to_string())),
                ),
            };
            let origin = match origin {
                Some(Origin::Rank(rank)) => Value::Str(rank.to_string()),
                Some(Origin::Square(sq)) => text(&sq),
                None => Value::Null,
            };
            vec![
                ("kind", Value::Str("normal".into())),
                ("piece", Value::Str(Role::name(mover.role).into())),
                ("mover", text(&mover)),
                ("origin", origin),
                ("to", to),
                ("takes", target),
                ("takes_on", on),
                ("promotion", Value::opt_str(promotion.map(Role::name))),
                ("en_passant", Value::Bool(en_passant)),
            ]
        }
    };
    fields.push(("suffix", suffix_name(d.suffix)));
    fields.push((
        "annotation",
        Value::opt_str(d.annotation.map(|a| a.as_str())),
    ));
    object(fields)
}

/// The strict or the lenient parser.
fn pick<T, E>(
    strict: bool,
    strict_fn: fn(&[u8]) -> Result<T, E>,
    lenient_fn: fn(&[u8]) -> Result<T, E>,
) -> fn(&[u8]) -> Result<T, E> {
    if strict {
        strict_fn
    } else {
        lenient_fn
    }
}

fn describe<K: std::fmt::Display>(e: scoresheet::notation::ParseError<K>) -> (String, usize) {
    (e.to_string(), e.offset())
}

fn side_name(side: CastlingSide) -> &'static str {
    match side {
        CastlingSide::KingSide => "kingside",
        CastlingSide::QueenSide => "queenside",
    }
}

fn suffix_name(suffix: Option<Suffix>) -> Value {
    Value::opt_str(suffix.map(|s| match s {
        Suffix::Check => "check",
        Suffix::Checkmate => "checkmate",
    }))
}

fn san_json(san: SanPlus) -> String {
    let (kind, piece, file, rank, to, capture, promotion, castling) = match san.san {
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => (
            "normal",
            Value::Str(Role::name(role).into()),
            Value::opt_str(file.map(|f| f.to_string())),
            Value::opt_str(rank.map(|r| r.to_string())),
            Value::Str(to.to_string()),
            capture,
            Value::opt_str(promotion.map(Role::name)),
            Value::Null,
        ),
        San::Castle(side) => (
            "castling",
            Value::Str("king".into()),
            Value::Null,
            Value::Null,
            Value::Null,
            false,
            Value::Null,
            Value::Str(side_name(side).into()),
        ),
        San::Null => (
            "null",
            Value::Null,
            Value::Null,
            Value::Null,
            Value::Null,
            false,
            Value::Null,
            Value::Null,
        ),
    };
    object(vec![
        ("kind", Value::Str(kind.into())),
        ("piece", piece),
        ("from_file", file),
        ("from_rank", rank),
        ("to", to),
        ("capture", Value::Bool(capture)),
        ("promotion", promotion),
        ("castling", castling),
        ("suffix", suffix_name(san.suffix)),
        (
            "annotation",
            Value::opt_str(san.annotation.map(|a| a.as_str())),
        ),
    ])
}

fn lan_json(lan: Lan) -> String {
    let (kind, piece, from, to, capture, promotion, castling) = match lan.kind {
        LanKind::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } => (
            "normal",
            Role::name(role),
            Value::Str(from.to_string()),
            Value::Str(to.to_string()),
            capture,
            Value::opt_str(promotion.map(Role::name)),
            Value::Null,
        ),
        LanKind::Castle(side) => (
            "castling",
            "king",
            Value::Null,
            Value::Null,
            false,
            Value::Null,
            Value::Str(side_name(side).into()),
        ),
    };
    object(vec![
        ("kind", Value::Str(kind.into())),
        ("piece", Value::Str(piece.into())),
        ("from", from),
        ("to", to),
        ("capture", Value::Bool(capture)),
        ("promotion", promotion),
        ("castling", castling),
        ("suffix", suffix_name(lan.suffix)),
        (
            "annotation",
            Value::opt_str(lan.annotation.map(|a| a.as_str())),
        ),
    ])
}

fn uci_json(uci: UciMove) -> String {
    match uci {
        UciMove::Normal {
            from,
            to,
            promotion,
        } => object(vec![
            ("kind", Value::Str("normal".into())),
            ("from", Value::Str(from.to_string())),
            ("to", Value::Str(to.to_string())),
            ("promotion", Value::opt_str(promotion.map(Role::name))),
        ]),
        UciMove::Null => object(vec![
            ("kind", Value::Str("null".into())),
            ("from", Value::Null),
            ("to", Value::Null),
            ("promotion", Value::Null),
        ]),
    }
}

/// ICCF and Smith: the squares, the promotion, and (Smith) the capture indicator.
fn squares_json(
    from: scoresheet::Square,
    to: scoresheet::Square,
    promotion: Option<Role>,
    indicator: Option<Value>,
) -> String {
    let mut fields = vec![
        ("kind", Value::Str("normal".into())),
        ("from", Value::Str(from.to_string())),
        ("to", Value::Str(to.to_string())),
        ("promotion", Value::opt_str(promotion.map(Role::name))),
    ];
    if let Some(indicator) = indicator {
        fields.push(("indicator", indicator));
    }
    object(fields)
}

/// A Smith capture indicator: the captured role's name, `en-passant`, `kingside` or
/// `queenside` (castling), or null.
fn smith_indicator(indicator: Option<SmithIndicator>) -> Value {
    Value::opt_str(indicator.map(|i| match i {
        SmithIndicator::Capture(role) => role.name(),
        SmithIndicator::EnPassant => "en-passant",
        SmithIndicator::Castle(CastlingSide::KingSide) => "kingside",
        SmithIndicator::Castle(CastlingSide::QueenSide) => "queenside",
    }))
}

fn eran_json(eran: Eran) -> String {
    let null = || Value::Null;
    let (kind, piece, from, to, capture, promotion, side) = match eran {
        Eran::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } => (
            "move",
            Value::Str(Role::name(role).into()),
            Value::Str(from.to_string()),
            Value::Str(to.to_string()),
            capture,
            Value::opt_str(promotion.map(Role::name)),
            null(),
        ),
        Eran::Castle(side) => (
            "castling",
            null(),
            null(),
            null(),
            false,
            null(),
            Value::Str(side_name(side).into()),
        ),
        Eran::EnPassant => (
            "en_passant",
            Value::Str("pawn".into()),
            null(),
            null(),
            true,
            null(),
            null(),
        ),
    };
    object(vec![
        ("kind", Value::Str(kind.into())),
        ("piece", piece),
        ("from", from),
        ("to", to),
        ("capture", Value::Bool(capture)),
        ("promotion", promotion),
        ("side", side),
    ])
}

/// A ReCirq move: its squares, promotion, measurement, and label (`null` when not written).
fn recirq_json(r: RecirqMove) -> String {
    let (kind, sources, targets) = match r.squares {
        RecirqSquares::Standard { from, to } => ("standard", vec![from], vec![to]),
        RecirqSquares::Split { from, to } => ("split", vec![from], to.to_vec()),
        RecirqSquares::Merge { from, to } => ("merge", from.to_vec(), vec![to]),
    };
    object(vec![
        ("type", Value::Str(kind.into())),
        ("sources", Value::strings(sources)),
        ("targets", Value::strings(targets)),
        ("promotion", Value::opt_str(r.promotion.map(Role::name))),
        (
            "measurement",
            r.measurement
                .map_or(Value::Null, |m| Value::Number(u64::from(m))),
        ),
        (
            "move_type",
            Value::opt_str(r.label.map(|l| l.move_type.name())),
        ),
        (
            "variant",
            Value::opt_str(r.label.map(|l| quantum_recirq::variant_name(l.variant))),
        ),
    ])
}

fn quantum_json(q: QuantumMove) -> String {
    let kind = match q.kind {
        QuantumKind::Standard { .. } => "standard",
        QuantumKind::Split { .. } => "split",
        QuantumKind::Merge { .. } => "merge",
        QuantumKind::Null => "null",
    };
    let targets = q.targets();
    object(vec![
        ("type", Value::Str(kind.into())),
        ("piece", Value::opt_str(q.piece.map(|p| p.char()))),
        ("sources", Value::strings(q.sources())),
        ("targets", Value::strings(targets.iter().map(|t| t.square))),
        (
            "variants",
            Value::strings(targets.iter().map(|t| t.variant.name())),
        ),
        ("promotion", Value::opt_str(q.promotion.map(Role::name))),
        (
            "measurement",
            q.measurement
                .map_or(Value::Null, |m| Value::Number(u64::from(m))),
        ),
    ])
}
