//! The `--from` / `--to` / `--notation` values: clap's names and help for the library's
//! [`scoresheet::notation::Notation`], which reads and writes the moves; and `--lang`, which
//! gives SAN and LAN a language's piece letters ([`Notation::with_lang`]). `--from` also takes
//! `auto` ([`Source`]), and [`Verdict`] words what [`scoresheet::notation::detect`] found.

use anyhow::anyhow;
use clap::builder::PossibleValue;
use clap::ValueEnum;
use scoresheet::figurine::GlyphChoice;
use scoresheet::localized::Lang;
use scoresheet::notation::detect::{self, Detection};
use scoresheet::notation::{Excerpt, Notation as Core, NotationError};
use scoresheet::{Move, Position};

use crate::output::Failure;

/// A move notation the CLI reads and writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Notation {
    /// Standard algebraic notation: `Nf3`, `exd5`, `O-O`, `e8=Q+`.
    San,
    /// Long algebraic notation: `Ng1-f3`, `e4xd5`, `O-O`, `e7-e8=Q+`.
    Lan,
    /// UCI: `g1f3`, `e4d5`, `e1g1` (`e1h1` with --chess960), `e7e8q`.
    Uci,
    /// ERAN, verbose: `Knight g1-f3`, `Pawn e4xd5`, `castling-kingside`, `en-passant`.
    Eran,
    /// ERAN, short: `N g1-f3`, `P e4xd5`, `ck`, `ep`, `P e7-e8 >Q`.
    EranShort,
    /// Quantum chess notation: `g1f3`, `e4xd5` (capture variant), `e7e8q`.
    Quantum,
    /// Quantum chess as Google's ReCirq writes it, with the move type and variant:
    /// `g1f3:JUMP:BASIC`, `e4d5:PAWN_CAPTURE:CAPTURE`, `e1g1:KS_CASTLE:BASIC`.
    QuantumRecirq,
    /// Figurine SAN, written with white glyphs: `♘f3`, `♕xd8+`, `e8=♕` (both colours read).
    Figurine,
    /// Figurine SAN, written with black glyphs: `♞f3`, `♛xd8+`, `e8=♛`.
    FigurineBlack,
    /// Figurine SAN, written with the glyphs of the side to move.
    FigurineSide,
    /// ICCF numeric notation: `7163`, `5254`, `57581` (promotion to a queen), `5171` (O-O).
    Iccf,
    /// Smith notation: `g1f3`, `e4d5p` (takes a pawn), `e1g1c` (O-O), `e5d6E`, `a7a8Q`.
    Smith,
    /// English descriptive notation: `P-K4`, `N-KB3`, `PxP e.p.`, `B-N5ch`, `P-K8=Q` (the old
    /// books' `Kt`, `×`, `Castles`, `K.Sq.`, ... read too).
    Descriptive,
}

/// Why a move string was not accepted: a syntax error with its offset, or a move error.
pub enum MoveInputError {
    /// The text does not parse; the message and byte offset.
    Syntax(String, usize),
    /// The text parses but names no single legal move (the reason only: callers name the
    /// move and the position).
    Move(String),
}

impl From<NotationError> for MoveInputError {
    fn from(e: NotationError) -> MoveInputError {
        match e {
            NotationError::Move(e) => MoveInputError::Move(e.kind().to_string()),
            e => {
                let offset = e.offset().unwrap_or(0);
                MoveInputError::Syntax(e.to_string(), offset)
            }
        }
    }
}

impl Notation {
    /// The library's notation.
    pub const fn core(self) -> Core {
        match self {
            Notation::San => Core::San,
            Notation::Lan => Core::Lan,
            Notation::Uci => Core::Uci,
            Notation::Eran => Core::Eran,
            Notation::EranShort => Core::EranShort,
            Notation::Quantum => Core::Quantum,
            Notation::QuantumRecirq => Core::QuantumRecirq,
            Notation::Figurine => Core::Figurine(GlyphChoice::White),
            Notation::FigurineBlack => Core::Figurine(GlyphChoice::Black),
            Notation::FigurineSide => Core::Figurine(GlyphChoice::SideToMove),
            Notation::Iccf => Core::Iccf,
            Notation::Smith => Core::Smith,
            Notation::Descriptive => Core::Descriptive,
        }
    }

    /// The library's notation in the piece letters of `lang` when it has piece letters (SAN,
    /// LAN), else as it is.
    pub fn with_lang(self, lang: Option<Lang>) -> Core {
        lang.and_then(|l| self.core().with_lang(l))
            .unwrap_or_else(|| self.core())
    }
}

/// A usage error when `--lang` is given but none of `notations` has piece letters.
pub fn check_lang(lang: Option<Lang>, notations: &[Notation]) -> Result<(), Failure> {
    match lang {
        Some(l) if notations.iter().all(|n| n.core().with_lang(l).is_none()) => {
            Err(Failure::Error(anyhow!(
                "--lang {l} sets the piece letters of san and lan; the notation given has none"
            )))
        }
        _ => Ok(()),
    }
}

/// The `--lang` value: an ISO 639-1 code of the piece-letter table.
pub fn parse_lang(code: &str) -> Result<Lang, String> {
    code.parse::<Lang>().map_err(|e| e.to_string())
}

/// Reads a move (leniently) and resolves it in the position.
pub fn read(notation: Core, pos: &Position, text: &str) -> Result<Move, MoveInputError> {
    Ok(notation.parse_move(pos, text.as_bytes())?)
}

/// Writes a legal move of the position.
pub fn write(notation: Core, pos: &Position, mv: Move) -> String {
    notation.format_move(pos, mv)
}

/// The `--from` value of `convert`: a notation, or `auto` to detect it from the moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// Detect the notation (and language) from the moves.
    Auto,
    /// This notation.
    Given(Notation),
}

impl Source {
    /// `auto` first, then every notation in [`Notation`]'s order.
    const ALL: [Source; 14] = [
        Source::Auto,
        Source::Given(Notation::San),
        Source::Given(Notation::Lan),
        Source::Given(Notation::Uci),
        Source::Given(Notation::Eran),
        Source::Given(Notation::EranShort),
        Source::Given(Notation::Quantum),
        Source::Given(Notation::QuantumRecirq),
        Source::Given(Notation::Figurine),
        Source::Given(Notation::FigurineBlack),
        Source::Given(Notation::FigurineSide),
        Source::Given(Notation::Iccf),
        Source::Given(Notation::Smith),
        Source::Given(Notation::Descriptive),
    ];
}

impl ValueEnum for Source {
    fn value_variants<'a>() -> &'a [Self] {
        &Source::ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        match self {
            Source::Auto => {
                Some(PossibleValue::new("auto").help(
                    "Detect the notation and language from the moves (see `scoresheet detect`)",
                ))
            }
            Source::Given(n) => n.to_possible_value(),
        }
    }
}

/// What detection made of a move list: the readers tied for the best score, whether they read
/// the same moves, and how many moves they read.
#[derive(Debug)]
pub struct Verdict {
    /// The best readers, tied ([`detect::best`]); empty when none reads the first move.
    pub best: Vec<Detection>,
    /// Whether the best readers read the same moves ([`detect::read_alike`]).
    pub alike: bool,
    /// How many moves there are.
    pub total: usize,
}

impl Verdict {
    /// Runs detection on `moves` from `pos`; `found` is the full ranking.
    pub fn new(pos: &Position, moves: &[&[u8]], found: &[Detection]) -> Verdict {
        let best = detect::best(found).to_vec();
        let alike = detect::read_alike(pos, moves, &best);
        Verdict {
            best,
            alike,
            total: moves.len(),
        }
    }

    /// The notation to read with: the best reader, when the best read the same moves.
    pub fn notation(&self) -> Option<Core> {
        self.best.first().filter(|_| self.alike).map(|d| d.notation)
    }

    /// Whether one notation (or several that read the same moves) reads every move.
    pub fn is_detected(&self) -> bool {
        self.notation().is_some() && self.best.first().is_some_and(|d| d.is_complete(self.total))
    }

    fn names(&self) -> String {
        let names: Vec<&str> = self.best.iter().map(|d| d.notation.name()).collect();
        names.join(", ")
    }

    /// One line saying what was found (`moves` are those detection read): `detected: san-fr,
    /// 5 of 5 moves read`; `ambiguous: ...` when several tie (saying whether they read the same
    /// moves); `undetected: ...` when no notation reads every move.
    pub fn describe(&self, moves: &[&[u8]]) -> String {
        let total = self.total;
        let Some(first) = self.best.first() else {
            let text = moves.first().copied().unwrap_or_default();
            return format!(
                "undetected: no notation reads move 1 '{}'",
                Excerpt::new(text, 0)
            );
        };
        let who = match (self.best.len(), self.alike) {
            (1, _) => self.names(),
            (_, true) => format!("{} (they read the same moves)", self.names()),
            (_, false) => format!("{} (they read different moves)", self.names()),
        };
        let read = first.lenient;
        let of = format!(
            "{read} of {total} move{}",
            if total == 1 { "" } else { "s" }
        );
        if read < total {
            let stop = moves.get(read).copied().unwrap_or_default();
            return format!(
                "undetected: the best, {who}, read {of}, not move {} '{}'",
                read + 1,
                Excerpt::new(stop, 0)
            );
        }
        let verdict = if self.best.len() == 1 {
            "detected"
        } else {
            "ambiguous"
        };
        format!("{verdict}: {who}, {of} read")
    }
}

/// The language of a notation, for people: `German` for `san-de`, `English` for SAN and LAN,
/// `-` for notations without piece letters.
pub fn language(notation: Core) -> &'static str {
    match notation {
        Core::LocalizedSan(lang) | Core::LocalizedLan(lang) => lang.name(),
        Core::San | Core::Lan => Lang::ENGLISH.name(),
        _ => "-",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The flags' names are the library's (`Notation::name`, which its `FromStr` and the
    /// Python package read): one table of names.
    #[test]
    fn ok_flag_names_are_the_library_names() {
        for n in Notation::value_variants() {
            let flag = n
                .to_possible_value()
                .expect("every notation is a flag value");
            assert_eq!(flag.get_name(), n.core().name());
            assert_eq!(n.core().name().parse::<Core>(), Ok(n.core()));
        }
        assert_eq!(Notation::value_variants().len(), Core::ALL.len());
    }

    #[test]
    fn ok_source_lists_auto_then_every_notation() {
        let given: Vec<Notation> = Source::value_variants()
            .iter()
            .filter_map(|s| match s {
                Source::Auto => None,
                Source::Given(n) => Some(*n),
            })
            .collect();
        assert_eq!(given, Notation::value_variants());
        assert_eq!(Source::from_str("auto", false), Ok(Source::Auto));
        assert_eq!(
            Source::from_str("iccf", false),
            Ok(Source::Given(Notation::Iccf))
        );
    }
}
