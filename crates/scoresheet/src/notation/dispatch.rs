//! [`Notation`]: one enum over the move notations, to read and write moves in a notation
//! chosen at run time (a command-line flag, a file's header).

use std::fmt;
use std::str::FromStr;

use crate::chess_move::Move;
use crate::descriptive::{DescriptivePlus, ParseDescriptiveError};
use crate::eran::{Eran, EranForm, EranPrinter, ParseEranError};
use crate::figurine::{FigurineSan, GlyphChoice};
use crate::iccf::{IccfMove, ParseIccfError};
use crate::lan::Lan;
use crate::localized::{Lang, LocalizedLan, LocalizedSan};
use crate::notation::MoveError;
use crate::position::Position;
use crate::quantum::{ParseQuantumError, QuantumMove};
use crate::quantum_recirq::{ParseRecirqError, RecirqMove};
use crate::san::{ParseSanError, SanPlus};
use crate::smith::{ParseSmithError, SmithMove};
use crate::uci::{ParseUciError, UciMove};

/// A move notation, chosen at run time.
///
/// | name | notation | example |
/// |---|---|---|
/// | `san` | [`Notation::San`] | `Nf3` |
/// | `lan` | [`Notation::Lan`] | `Ng1-f3` |
/// | `uci` | [`Notation::Uci`] | `g1f3` |
/// | `eran` | [`Notation::Eran`] | `Knight g1-f3` |
/// | `eran-short` | [`Notation::EranShort`] | `N g1-f3` |
/// | `quantum` | [`Notation::Quantum`] | `g1f3` |
/// | `quantum-recirq` | [`Notation::QuantumRecirq`] | `g1f3:JUMP:BASIC` |
/// | `figurine`, `figurine-black`, `figurine-side` | [`Notation::Figurine`] | `♘f3`, `♞f3` |
/// | `iccf` | [`Notation::Iccf`] | `7163` |
/// | `smith` | [`Notation::Smith`] | `g1f3`, `e4d5p` |
/// | `descriptive` | [`Notation::Descriptive`] | `N-KB3`, `PxP` |
/// | `san-de`, `san-ru`, ... | [`Notation::LocalizedSan`] | `Sf3`, `Кf3` |
/// | `lan-de`, `lan-ru`, ... | [`Notation::LocalizedLan`] | `Sg1-f3` |
///
/// The piece letters of a language are data carried by the notation: SAN and LAN in another
/// language are `Notation::LocalizedSan(lang)` and `Notation::LocalizedLan(lang)`, made from
/// [`Notation::San`] and [`Notation::Lan`] by [`Notation::with_lang`] (which leaves English as
/// plain SAN and LAN). So one value still says everything needed to read and write a move.
///
/// Castling follows the position's [`CastlingMode`](crate::CastlingMode): UCI and quantum
/// notation write `e1g1` in standard chess and king-takes-rook `e1h1` in Chess960, and read
/// both.
///
/// ```
/// use scoresheet::{notation::Notation, Position};
/// let pos = Position::new();
/// let mv = Notation::Eran.parse_move(&pos, b"Knight g1-f3")?;
/// assert_eq!(Notation::San.format_move(&pos, mv), "Nf3");
/// assert_eq!(Notation::EranShort.format_move(&pos, mv), "N g1-f3");
/// assert_eq!("uci".parse::<Notation>(), Ok(Notation::Uci));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Notation {
    /// Standard algebraic notation ([`crate::san`]): `Nf3`, `exd5`, `O-O`, `e8=Q+`.
    San,
    /// Long algebraic notation ([`crate::lan`]): `Ng1-f3`, `e4xd5`, `O-O`, `e7-e8=Q+`.
    Lan,
    /// UCI ([`crate::uci`]): `g1f3`, `e4d5`, `e1g1` (`e1h1` in Chess960), `e7e8q`.
    Uci,
    /// ERAN, verbose ([`crate::eran`]): `Knight g1-f3`, `Pawn e4xd5`, `castling-kingside`.
    Eran,
    /// ERAN, short: `N g1-f3`, `P e4xd5`, `ck`, `ep`, `P e7-e8 >Q`. Reads like [`Notation::Eran`].
    EranShort,
    /// Quantum chess notation ([`crate::quantum`]), standard moves: `g1f3`, `e4xd5`, `e7e8q`.
    Quantum,
    /// Quantum chess as ReCirq writes it ([`crate::quantum_recirq`]), standard moves with
    /// their type and variant: `g1f3:JUMP:BASIC`, `e4d5:PAWN_CAPTURE:CAPTURE`.
    QuantumRecirq,
    /// Figurine SAN ([`crate::figurine`]), written with the glyphs chosen: `♘f3`, `♞c6`.
    Figurine(GlyphChoice),
    /// ICCF numeric notation ([`crate::iccf`]): `7163`, `5254`, `57581`, `5171`.
    Iccf,
    /// Smith notation ([`crate::smith`]): `g1f3`, `e4d5p`, `e1g1c`, `a7a8Q`.
    Smith,
    /// English descriptive notation ([`crate::descriptive`]): `N-KB3`, `PxP`, `O-O`, `P-K8=Q`.
    Descriptive,
    /// SAN with a language's piece letters ([`crate::localized`]): `Sf3` in German.
    LocalizedSan(Lang),
    /// LAN with a language's piece letters ([`crate::localized`]): `Sg1-f3` in German.
    LocalizedLan(Lang),
}

/// Why [`Notation::parse_move`] refused a move: a syntax error of the notation, or a move
/// that is not one legal move in the position.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum NotationError {
    /// A SAN or LAN syntax error, also figurine and localized (the error names which).
    San(ParseSanError),
    /// A UCI syntax error.
    Uci(ParseUciError),
    /// An ERAN syntax error.
    Eran(ParseEranError),
    /// A quantum chess notation syntax error.
    Quantum(ParseQuantumError),
    /// A ReCirq quantum chess move syntax error.
    Recirq(ParseRecirqError),
    /// An ICCF numeric notation syntax error.
    Iccf(ParseIccfError),
    /// A Smith notation syntax error.
    Smith(ParseSmithError),
    /// A descriptive notation syntax error.
    Descriptive(ParseDescriptiveError),
    /// Well-formed, but not a single legal move here.
    Move(MoveError),
}

/// A name that is no [`Notation`]'s.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseNotationError;

impl Notation {
    /// Every notation without a language, in declaration order (the localized ones are
    /// [`Notation::with_lang`] of `San` and `Lan` for each [`Lang::ALL`]).
    pub const ALL: [Notation; 13] = [
        Notation::San,
        Notation::Lan,
        Notation::Uci,
        Notation::Eran,
        Notation::EranShort,
        Notation::Quantum,
        Notation::QuantumRecirq,
        Notation::Figurine(GlyphChoice::White),
        Notation::Figurine(GlyphChoice::Black),
        Notation::Figurine(GlyphChoice::SideToMove),
        Notation::Iccf,
        Notation::Smith,
        Notation::Descriptive,
    ];

    /// The name, as command-line flags spell it: `san`, `lan`, `uci`, `eran`, `eran-short`,
    /// `quantum`, `quantum-recirq`, `figurine` (white glyphs), `figurine-black`, `figurine-side` (the glyphs of
    /// the side to move), `iccf`, `smith`, `descriptive`, `san-de`, `lan-de`, ...
    pub const fn name(self) -> &'static str {
        match self {
            Notation::San => "san",
            Notation::Lan => "lan",
            Notation::Uci => "uci",
            Notation::Eran => "eran",
            Notation::EranShort => "eran-short",
            Notation::Quantum => "quantum",
            Notation::QuantumRecirq => "quantum-recirq",
            Notation::Figurine(GlyphChoice::White) => "figurine",
            Notation::Figurine(GlyphChoice::Black) => "figurine-black",
            Notation::Figurine(GlyphChoice::SideToMove) => "figurine-side",
            Notation::Iccf => "iccf",
            Notation::Smith => "smith",
            Notation::Descriptive => "descriptive",
            Notation::LocalizedSan(lang) => lang.san_name(),
            Notation::LocalizedLan(lang) => lang.lan_name(),
        }
    }

    /// This notation with the piece letters of `lang`: SAN and LAN (plain or localized)
    /// become localized SAN and LAN (English gives plain SAN and LAN back); `None` for a
    /// notation without piece letters to translate.
    ///
    /// ```
    /// use scoresheet::{localized::Lang, notation::Notation, Position};
    /// let de = Notation::San.with_lang(Lang::from_code("de").expect("German")).expect("SAN");
    /// let mv = de.parse_move(&Position::new(), b"Sf3")?;
    /// assert_eq!(Notation::Uci.format_move(&Position::new(), mv), "g1f3");
    /// assert_eq!(de.name(), "san-de");
    /// assert_eq!(Notation::Uci.with_lang(Lang::ENGLISH), None);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_lang(self, lang: Lang) -> Option<Notation> {
        let english = lang == Lang::ENGLISH;
        match self {
            Notation::San | Notation::LocalizedSan(_) if english => Some(Notation::San),
            Notation::Lan | Notation::LocalizedLan(_) if english => Some(Notation::Lan),
            Notation::San | Notation::LocalizedSan(_) => Some(Notation::LocalizedSan(lang)),
            Notation::Lan | Notation::LocalizedLan(_) => Some(Notation::LocalizedLan(lang)),
            _ => None,
        }
    }

    /// Reads a move leniently (each notation's `from_ascii_lenient`; ERAN has one parser) and
    /// resolves it in the position, as `to_move` does.
    ///
    /// # Errors
    /// [`NotationError`]: the syntax error with its offset, or the [`MoveError`].
    pub fn parse_move(self, pos: &Position, text: &[u8]) -> Result<Move, NotationError> {
        match self {
            Notation::San => Ok(SanPlus::from_ascii_lenient(text)?.san.to_move(pos)?),
            Notation::Lan => Ok(Lan::from_ascii_lenient(text)?.to_move(pos)?),
            Notation::Uci => Ok(UciMove::from_ascii_lenient(text)?.to_move(pos)?),
            Notation::Eran | Notation::EranShort => Ok(Eran::from_ascii(text)?.to_move(pos)?),
            Notation::Quantum => Ok(QuantumMove::from_ascii_lenient(text)?.to_move(pos)?),
            Notation::QuantumRecirq => Ok(RecirqMove::from_ascii_lenient(text)?.to_move(pos)?),
            Notation::Figurine(_) => Ok(FigurineSan::from_ascii_lenient(text)?.to_move(pos)?),
            Notation::Iccf => Ok(IccfMove::from_ascii_lenient(text)?.to_move(pos)?),
            Notation::Smith => Ok(SmithMove::from_ascii_lenient(text)?.to_move(pos)?),
            Notation::Descriptive => Ok(DescriptivePlus::from_ascii_lenient(text)?.to_move(pos)?),
            Notation::LocalizedSan(lang) => {
                Ok(LocalizedSan::from_ascii_lenient(lang, text)?.to_move(pos)?)
            }
            Notation::LocalizedLan(lang) => {
                Ok(LocalizedLan::from_ascii_lenient(lang, text)?.to_move(pos)?)
            }
        }
    }

    /// Reads a move with the strict parser and resolves it; SAN (also figurine and
    /// localized) must moreover be the move's canonical SAN ([`SanPlus::to_move_strict`]), a
    /// Smith move must have the right capture indicator, and a ReCirq move the type and variant
    /// assigned to it ([`RecirqMove::to_move_strict`]).
    ///
    /// # Errors
    /// [`NotationError`]: the syntax error with its offset, or the [`MoveError`].
    pub fn parse_move_strict(self, pos: &Position, text: &[u8]) -> Result<Move, NotationError> {
        match self {
            Notation::San => Ok(SanPlus::from_ascii(text)?.to_move_strict(pos)?),
            Notation::Lan => Ok(Lan::from_ascii(text)?.to_move(pos)?),
            Notation::Uci => Ok(UciMove::from_ascii(text)?.to_move(pos)?),
            Notation::Eran | Notation::EranShort => Ok(Eran::from_ascii(text)?.to_move(pos)?),
            Notation::Quantum => Ok(QuantumMove::from_ascii(text)?.to_move(pos)?),
            Notation::QuantumRecirq => Ok(RecirqMove::from_ascii(text)?.to_move_strict(pos)?),
            Notation::Figurine(_) => Ok(FigurineSan::from_ascii(text)?.to_move_strict(pos)?),
            Notation::Iccf => Ok(IccfMove::from_ascii(text)?.to_move(pos)?),
            Notation::Smith => Ok(SmithMove::from_ascii(text)?.to_move_strict(pos)?),
            Notation::Descriptive => Ok(DescriptivePlus::from_ascii(text)?.to_move_strict(pos)?),
            Notation::LocalizedSan(lang) => {
                Ok(LocalizedSan::from_ascii(lang, text)?.to_move_strict(pos)?)
            }
            Notation::LocalizedLan(lang) => Ok(LocalizedLan::from_ascii(lang, text)?.to_move(pos)?),
        }
    }

    /// Writes a legal move of the position in this notation (SAN and LAN with their `+`/`#`).
    ///
    /// # Errors
    /// Only those of `out`.
    pub fn write_move(self, pos: &Position, mv: Move, out: &mut dyn fmt::Write) -> fmt::Result {
        match self {
            Notation::San => write!(out, "{}", SanPlus::from_move(pos, mv)),
            Notation::Lan => write!(out, "{}", Lan::from_move(pos, mv)),
            Notation::Uci => write!(out, "{}", UciMove::from_move(pos, mv)),
            Notation::Eran | Notation::EranShort => {
                let printer = match self {
                    Notation::EranShort => EranPrinter::new().form(EranForm::Short),
                    _ => EranPrinter::new(),
                };
                write!(out, "{}", printer.display(&printer.eran(pos, mv)))
            }
            Notation::Quantum => write!(out, "{}", QuantumMove::from_move(pos, mv)),
            Notation::QuantumRecirq => write!(out, "{}", RecirqMove::from_move(pos, mv)),
            Notation::Figurine(choice) => {
                write!(out, "{}", FigurineSan::from_move(pos, mv, choice))
            }
            Notation::Iccf => write!(out, "{}", IccfMove::from_move(mv)),
            Notation::Smith => write!(out, "{}", SmithMove::from_move(mv)),
            Notation::Descriptive => write!(out, "{}", DescriptivePlus::from_move(pos, mv)),
            Notation::LocalizedSan(lang) => {
                write!(out, "{}", LocalizedSan::from_move(pos, mv, lang))
            }
            Notation::LocalizedLan(lang) => {
                write!(out, "{}", LocalizedLan::from_move(pos, mv, lang))
            }
        }
    }

    /// [`Notation::write_move`] into a new `String`.
    pub fn format_move(self, pos: &Position, mv: Move) -> String {
        let mut out = String::with_capacity(16);
        self.write_move(pos, mv, &mut out)
            .expect("writing to a String cannot fail");
        out
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Notation {
    type Err = ParseNotationError;

    /// The notation of a [`Notation::name`] (`san-de` for German SAN).
    fn from_str(s: &str) -> Result<Notation, ParseNotationError> {
        let localized = Lang::ALL.into_iter().flat_map(|lang| {
            [Notation::San, Notation::Lan]
                .into_iter()
                .filter_map(move |n| n.with_lang(lang))
        });
        Notation::ALL
            .into_iter()
            .chain(localized)
            .find(|n| n.name() == s)
            .ok_or(ParseNotationError)
    }
}

impl fmt::Display for ParseNotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(
            "unknown notation (expected san, lan, uci, eran, eran-short, quantum, quantum-recirq, \
             figurine, \
             figurine-black, figurine-side, iccf, smith, descriptive, or san-CODE / lan-CODE with an ISO \
             639-1 language code)",
        )
    }
}

impl std::error::Error for ParseNotationError {}

impl NotationError {
    /// The byte offset of a syntax error (`None` for a [`NotationError::Move`]).
    pub fn offset(&self) -> Option<usize> {
        match self {
            NotationError::San(e) => Some(e.offset()),
            NotationError::Uci(e) => Some(e.offset()),
            NotationError::Eran(e) => Some(e.offset()),
            NotationError::Quantum(e) => Some(e.offset()),
            NotationError::Recirq(e) => Some(e.offset()),
            NotationError::Iccf(e) => Some(e.offset()),
            NotationError::Smith(e) => Some(e.offset()),
            NotationError::Descriptive(e) => Some(e.offset()),
            NotationError::Move(_) => None,
        }
    }

    /// The name of the notation that refused the move.
    pub fn notation(&self) -> &'static str {
        match self {
            NotationError::San(e) => e.notation(),
            NotationError::Uci(e) => e.notation(),
            NotationError::Eran(e) => e.notation(),
            NotationError::Quantum(e) => e.notation(),
            NotationError::Recirq(e) => e.notation(),
            NotationError::Iccf(e) => e.notation(),
            NotationError::Smith(e) => e.notation(),
            NotationError::Descriptive(e) => e.notation(),
            NotationError::Move(e) => e.notation(),
        }
    }
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::San(e) => e.fmt(f),
            NotationError::Uci(e) => e.fmt(f),
            NotationError::Eran(e) => e.fmt(f),
            NotationError::Quantum(e) => e.fmt(f),
            NotationError::Recirq(e) => e.fmt(f),
            NotationError::Iccf(e) => e.fmt(f),
            NotationError::Smith(e) => e.fmt(f),
            NotationError::Descriptive(e) => e.fmt(f),
            NotationError::Move(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for NotationError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            NotationError::San(e) => Some(e),
            NotationError::Uci(e) => Some(e),
            NotationError::Eran(e) => Some(e),
            NotationError::Quantum(e) => Some(e),
            NotationError::Recirq(e) => Some(e),
            NotationError::Iccf(e) => Some(e),
            NotationError::Smith(e) => Some(e),
            NotationError::Descriptive(e) => Some(e),
            NotationError::Move(e) => Some(e),
        }
    }
}

impl From<ParseSanError> for NotationError {
    fn from(e: ParseSanError) -> NotationError {
        NotationError::San(e)
    }
}

impl From<ParseUciError> for NotationError {
    fn from(e: ParseUciError) -> NotationError {
        NotationError::Uci(e)
    }
}

impl From<ParseEranError> for NotationError {
    fn from(e: ParseEranError) -> NotationError {
        NotationError::Eran(e)
    }
}

impl From<ParseQuantumError> for NotationError {
    fn from(e: ParseQuantumError) -> NotationError {
        NotationError::Quantum(e)
    }
}

impl From<ParseRecirqError> for NotationError {
    fn from(e: ParseRecirqError) -> NotationError {
        NotationError::Recirq(e)
    }
}

impl From<ParseIccfError> for NotationError {
    fn from(e: ParseIccfError) -> NotationError {
        NotationError::Iccf(e)
    }
}

impl From<ParseSmithError> for NotationError {
    fn from(e: ParseSmithError) -> NotationError {
        NotationError::Smith(e)
    }
}

impl From<ParseDescriptiveError> for NotationError {
    fn from(e: ParseDescriptiveError) -> NotationError {
        NotationError::Descriptive(e)
    }
}

impl From<MoveError> for NotationError {
    fn from(e: MoveError) -> NotationError {
        NotationError::Move(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{CastlingMode, MoveErrorKind};

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen, CastlingMode::Standard).expect("legal test fen")
    }

    /// Each notation writes White's short castling, e4 and a promotion as its specification
    /// spells them, and reads that back (strictly and leniently).
    #[test]
    fn ok_write_and_read_back() {
        let castle = pos("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
        let promo = pos("7k/4P3/8/8/8/8/8/4K3 w - - 0 1");
        let start = Position::new();
        let de = Notation::San
            .with_lang(crate::localized::Lang::from_code("de").expect("de"))
            .expect("san");
        let ru_lan = Notation::Lan
            .with_lang(crate::localized::Lang::from_code("ru").expect("ru"))
            .expect("lan");
        let table: [(Notation, [&str; 3]); 15] = [
            (Notation::San, ["O-O", "e4", "e8=Q+"]),
            (Notation::Lan, ["O-O", "e2-e4", "e7-e8=Q+"]),
            (Notation::Uci, ["e1g1", "e2e4", "e7e8q"]),
            (
                Notation::Eran,
                ["castling-kingside", "Pawn e2-e4", "Pawn e7-e8 ->Queen"],
            ),
            (Notation::EranShort, ["ck", "P e2-e4", "P e7-e8 >Q"]),
            (Notation::Quantum, ["e1g1", "e2e4", "e7e8q"]),
            (
                Notation::QuantumRecirq,
                [
                    "e1g1:KS_CASTLE:BASIC",
                    "e2e4:PAWN_TWO_STEP:BASIC",
                    "e7e8Q:PAWN_STEP:BASIC",
                ],
            ),
            (
                Notation::Figurine(GlyphChoice::White),
                ["O-O", "e4", "e8=♕+"],
            ),
            (
                Notation::Figurine(GlyphChoice::Black),
                ["O-O", "e4", "e8=♛+"],
            ),
            (
                Notation::Figurine(GlyphChoice::SideToMove),
                ["O-O", "e4", "e8=♕+"],
            ),
            (Notation::Iccf, ["5171", "5254", "57581"]),
            (Notation::Smith, ["e1g1c", "e2e4", "e7e8Q"]),
            (Notation::Descriptive, ["O-O", "P-K4", "P-K8=Qch"]),
            (de, ["O-O", "e4", "e8=D+"]),
            (ru_lan, ["O-O", "e2-e4", "e7-e8=Ф+"]),
        ];
        for (notation, texts) in table {
            for (pos, text) in [&castle, &start, &promo].into_iter().zip(texts) {
                let mv = notation.parse_move(pos, text.as_bytes()).expect("lenient");
                assert_eq!(notation.parse_move_strict(pos, text.as_bytes()), Ok(mv));
                assert_eq!(notation.format_move(pos, mv), text, "{notation}");
            }
        }
    }

    #[test]
    fn ok_chess960_castling_as_king_takes_rook() {
        let mut pos = pos("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
        pos.set_castling_mode(CastlingMode::Chess960);
        let mv = Notation::San.parse_move(&pos, b"O-O").expect("castling");
        assert_eq!(Notation::Uci.format_move(&pos, mv), "e1h1");
        assert_eq!(Notation::Uci.parse_move(&pos, b"e1h1"), Ok(mv));
    }

    #[test]
    fn ok_names() {
        let localized = crate::localized::Lang::ALL
            .into_iter()
            .flat_map(|l| [Notation::San.with_lang(l), Notation::Lan.with_lang(l)])
            .flatten();
        for notation in Notation::ALL.into_iter().chain(localized) {
            assert_eq!(notation.name().parse::<Notation>(), Ok(notation));
            assert_eq!(notation.to_string(), notation.name());
        }
        assert_eq!("san-en".parse::<Notation>(), Err(ParseNotationError));
        assert_eq!("san-xx".parse::<Notation>(), Err(ParseNotationError));
        assert_eq!("SAN".parse::<Notation>(), Err(ParseNotationError));
    }

    #[test]
    fn err_lenient_and_strict() {
        let start = Position::new();
        for (notation, text, lenient_ok, strict_offset) in [
            (Notation::San, "0-0", false, Some(0)),
            (Notation::San, "Ng1f3", true, None),
            (Notation::San, "e4\0", false, Some(2)),
            (Notation::Lan, "e2e4", true, Some(2)),
            (Notation::Uci, "E2E4", true, Some(0)),
            (Notation::Quantum, " e2e4", true, Some(0)),
            (
                Notation::QuantumRecirq,
                " e2e4:PAWN_TWO_STEP:BASIC",
                true,
                Some(0),
            ),
            (Notation::QuantumRecirq, "e2e4:JUMP:BASIC", true, None),
            (Notation::Figurine(GlyphChoice::White), "Nf3", true, Some(0)),
            (Notation::Iccf, " 5254", true, Some(0)),
            (Notation::Smith, "e2e4 ", true, Some(4)),
            (Notation::Descriptive, "P - K4", true, Some(1)),
        ] {
            let lenient = notation.parse_move(&start, text.as_bytes());
            assert_eq!(lenient.is_ok(), lenient_ok, "{notation} {text}");
            let strict = notation
                .parse_move_strict(&start, text.as_bytes())
                .expect_err("strict refuses");
            assert_eq!(strict.offset(), strict_offset, "{notation} {text}");
            assert_eq!(strict.notation(), notation.name(), "{notation} {text}");
        }
        let err = Notation::San
            .parse_move(&start, b"0-0")
            .expect_err("castling is not legal");
        assert!(matches!(&err, NotationError::Move(e) if e.kind() == &MoveErrorKind::Illegal));
    }
}
