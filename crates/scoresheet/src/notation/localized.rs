//! Localized SAN and LAN: algebraic notation with the piece letters of a language (`Sf3` in
//! German, `Cf3` in French, `Кf3` in Russian, `馬f3` in Chinese), keyed by ISO 639-1 code.
//!
//! ```
//! use scoresheet::localized::{Lang, LocalizedSan};
//! use scoresheet::Position;
//! let pos = Position::new();
//! let de: Lang = "de".parse()?;
//! let mv = LocalizedSan::from_ascii(de, b"Sf3")?.to_move(&pos)?;
//! let ru = Lang::from_code("ru").expect("Russian is in the table");
//! assert_eq!(LocalizedSan::from_move(&pos, mv, ru).to_string(), "Кf3");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! # The table
//! | code | language | K | Q | R | B | N | pawn | source |
//! |---|---|---|---|---|---|---|---|---|
//! | af | Afrikaans | K | D | T | L | R | P | W |
//! | bg | Bulgarian | Ц | Д | Т | О | К | П | W |
//! | ca | Catalan | R | D | T | A | C | P | W |
//! | cs | Czech | K | D | V | S | J | P | PGN |
//! | da | Danish | K | D | T | L | S | B | PGN |
//! | de | German | K | D | T | L | S | B | PGN |
//! | en | English | K | Q | R | B | N | P | PGN |
//! | es | Spanish | R | D | T | A | C | P | PGN |
//! | et | Estonian | K | L | V | O | R | P | PGN |
//! | fi | Finnish | K | D | T | L | R | P | PGN |
//! | fr | French | R | D | T | F | C | P | PGN |
//! | hr | Croatian | K | D | T | L | S | P | W |
//! | hu | Hungarian | K | V | B | F | H | G | PGN |
//! | is | Icelandic | K | D | H | B | R | P | PGN |
//! | it | Italian | R | D | T | A | C | P | PGN |
//! | nl | Dutch | K | D | T | L | P | O | PGN |
//! | no | Norwegian | K | D | T | L | S | B | PGN |
//! | pl | Polish | K | H | W | G | S | P | PGN |
//! | pt | Portuguese | R | D | T | B | C | P | PGN |
//! | ro | Romanian | R | D | T | N | C | P | PGN |
//! | ru | Russian | Кр | Ф | Л | С | К | п | ruW |
//! | sv | Swedish | K | D | T | L | S | B | PGN |
//! | tr | Turkish | Ş | V | K | F | A | none | TR |
//! | zh | Chinese | 王 | 后 | 車 | 象 | 馬 | 兵 | W |
//!
//! Sources (the data file `tests/data/piece_letters.tsv` repeats the table with them, and a
//! test checks the compiled-in table against it):
//! - PGN: the PGN standard (S. J. Edwards, 1994), section 17 "Alternative chesspiece identifier
//!   letters";
//! - W: Wikipedia, "Algebraic notation (chess)", section "Naming the pieces in various
//!   languages"; the Chinese row gives the traditional characters 車 and 馬, and reading also
//!   accepts their simplified forms 车 and 马;
//! - ruW: Russian Wikipedia, "Шахматная нотация", section "Именование фигур" (pawn: `п` or
//!   nothing);
//! - TR: the Turkish notation rules at satranc.gleefulgames.com ("Satranç oyunlarının
//!   yazılması"), which give no pawn letter.
//!
//! Where the PGN standard and Wikipedia disagree (the Dutch pawn: `O` against "pi"), the PGN
//! standard is followed.
//!
//! # Grammar
//! Exactly SAN's ([`crate::san`]) and LAN's ([`crate::lan`]), strict and lenient, with the
//! language's piece letters in place of the English ones, both for the moving piece and for the
//! promotion (`e8=D` in German). The pawn letter is read only where lenient SAN reads `P`
//! (`Be4` is a German pawn move, leniently). Castling is `O-O` / `O-O-O` in every language
//! (and `0-0` leniently).
//!
//! Clashes, and how the reader resolves them:
//! - piece letters are upper case (or non-Latin), files are the lower-case `a` to `h`: German
//!   `B` (pawn) and Hungarian `B` (rook) are never the b-file, Hungarian and French `F` never
//!   the f-file;
//! - a letter that is not one of the language's is refused
//!   ([`ParseSanErrorKind::PieceLetter`]): `Nf3` is not German, and Romanian `N` is a bishop,
//!   never an English knight;
//! - `O` followed by a dash is castling; otherwise it is the Dutch pawn or the Estonian bishop
//!   (`Oe5`);
//! - of two letters that start alike the longest wins: Russian `Кр` is the king, `К` the knight.
//!
//! The lenient readers also take figurines (`♘f3`) in every language.
//!
//! Error offsets are byte offsets in the original input; errors name the notation as
//! `san-de`, `lan-ru`, ...

use std::fmt;
use std::str::FromStr;

use super::lan::Lan;
use super::rewrite::{dash_at, figurine_at, write_lan, write_san, Rewritten};
use super::san::{ParseSanError, ParseSanErrorKind, SanPlus, MAX_LEN};
use super::{MoveError, ParseError};
use crate::chess_move::Move;
use crate::position::Position;
use crate::types::Role;

/// One language of the table.
struct Entry {
    code: &'static str,
    name: &'static str,
    san: &'static str,
    lan: &'static str,
    /// Indexed by `Role as usize`: pawn, knight, bishop, rook, queen, king; `""` for none.
    letters: [&'static str; 6],
    /// Further spellings read (never written).
    alternates: &'static [(&'static str, Role)],
}

macro_rules! entry {
    ($code:literal, $name:literal, [$k:literal, $q:literal, $r:literal, $b:literal, $n:literal, $p:literal]) => {
        entry!($code, $name, [$k, $q, $r, $b, $n, $p], &[])
    };
    ($code:literal, $name:literal, [$k:literal, $q:literal, $r:literal, $b:literal, $n:literal, $p:literal], $alt:expr) => {
        Entry {
            code: $code,
            name: $name,
            san: concat!("san-", $code),
            lan: concat!("lan-", $code),
            letters: [$p, $n, $b, $r, $q, $k],
            alternates: $alt,
        }
    };
}

const TABLE: [Entry; 24] = [
    entry!("af", "Afrikaans", ["K", "D", "T", "L", "R", "P"]),
    entry!("bg", "Bulgarian", ["Ц", "Д", "Т", "О", "К", "П"]),
    entry!("ca", "Catalan", ["R", "D", "T", "A", "C", "P"]),
    entry!("cs", "Czech", ["K", "D", "V", "S", "J", "P"]),
    entry!("da", "Danish", ["K", "D", "T", "L", "S", "B"]),
    entry!("de", "German", ["K", "D", "T", "L", "S", "B"]),
    entry!("en", "English", ["K", "Q", "R", "B", "N", "P"]),
    entry!("es", "Spanish", ["R", "D", "T", "A", "C", "P"]),
    entry!("et", "Estonian", ["K", "L", "V", "O", "R", "P"]),
    entry!("fi", "Finnish", ["K", "D", "T", "L", "R", "P"]),
    entry!("fr", "French", ["R", "D", "T", "F", "C", "P"]),
    entry!("hr", "Croatian", ["K", "D", "T", "L", "S", "P"]),
    entry!("hu", "Hungarian", ["K", "V", "B", "F", "H", "G"]),
    entry!("is", "Icelandic", ["K", "D", "H", "B", "R", "P"]),
    entry!("it", "Italian", ["R", "D", "T", "A", "C", "P"]),
    entry!("nl", "Dutch", ["K", "D", "T", "L", "P", "O"]),
    entry!("no", "Norwegian", ["K", "D", "T", "L", "S", "B"]),
    entry!("pl", "Polish", ["K", "H", "W", "G", "S", "P"]),
    entry!("pt", "Portuguese", ["R", "D", "T", "B", "C", "P"]),
    entry!("ro", "Romanian", ["R", "D", "T", "N", "C", "P"]),
    entry!("ru", "Russian", ["Кр", "Ф", "Л", "С", "К", "п"]),
    entry!("sv", "Swedish", ["K", "D", "T", "L", "S", "B"]),
    entry!("tr", "Turkish", ["Ş", "V", "K", "F", "A", ""]),
    entry!(
        "zh",
        "Chinese",
        ["王", "后", "車", "象", "馬", "兵"],
        &[("车", Role::Rook), ("马", Role::Knight)]
    ),
];

/// Per language, for each ASCII byte that is a piece letter, the English SAN letter of its role
/// (`ASCII_LETTERS[de][b'S']` is `b'N'`); 0 for other bytes. The reader rewrites through it
/// with one lookup per byte.
const ASCII_LETTERS: [[u8; 128]; TABLE.len()] = ascii_letters();

/// Builds [`ASCII_LETTERS`] from [`TABLE`]. A letter that starts with an ASCII byte must be
/// that one byte: the table fails to compile otherwise.
const fn ascii_letters() -> [[u8; 128]; TABLE.len()] {
    let mut out = [[0; 128]; TABLE.len()];
    let mut lang = 0;
    while lang < TABLE.len() {
        let mut role = 0;
        while role < Role::ALL.len() {
            let letter = TABLE[lang].letters[role].as_bytes();
            if !letter.is_empty() && letter[0].is_ascii() {
                assert!(letter.len() == 1, "an ASCII piece letter is one byte");
                out[lang][letter[0] as usize] = Role::ALL[role].upper_char() as u8;
            }
            role += 1;
        }
        let alternates = TABLE[lang].alternates;
        let mut i = 0;
        while i < alternates.len() {
            let letter = alternates[i].0.as_bytes();
            if !letter.is_empty() && letter[0].is_ascii() {
                assert!(letter.len() == 1, "an ASCII piece letter is one byte");
                out[lang][letter[0] as usize] = alternates[i].1.upper_char() as u8;
            }
            i += 1;
        }
        lang += 1;
    }
    out
}

/// A language of the piece-letter table (see the module docs), by ISO 639-1 code.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Lang(u8);

/// A code that is not in the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseLangError;

impl Lang {
    /// Every language of the table, ordered by code.
    pub const ALL: [Lang; 24] = {
        let mut all = [Lang(0); 24];
        let mut i = 0;
        while i < all.len() {
            all[i] = Lang(i as u8);
            i += 1;
        }
        all
    };

    /// English: `K Q R B N`, the letters of SAN.
    pub const ENGLISH: Lang = Lang(6);

    const fn entry(self) -> &'static Entry {
        &TABLE[self.0 as usize]
    }

    /// The language of an ISO 639-1 code (`de`), `None` when not in the table.
    pub fn from_code(code: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|l| l.code() == code)
    }

    /// The ISO 639-1 code: `de`.
    pub const fn code(self) -> &'static str {
        self.entry().code
    }

    /// The language's English name: `German`.
    pub const fn name(self) -> &'static str {
        self.entry().name
    }

    /// The letter of a role, as written (`""` for a pawn of a language without pawn letter).
    pub const fn letter(self, role: Role) -> &'static str {
        self.entry().letters[role as usize]
    }

    /// Further spellings the reader takes (simplified Chinese `车`, `马`), never written.
    pub fn alternates(self) -> &'static [(&'static str, Role)] {
        self.entry().alternates
    }

    /// The name of localized SAN in errors and on the command line: `san-de`.
    pub const fn san_name(self) -> &'static str {
        self.entry().san
    }

    /// The name of localized LAN in errors and on the command line: `lan-de`.
    pub const fn lan_name(self) -> &'static str {
        self.entry().lan
    }

    /// The English SAN letter of an ASCII piece letter (`N` for German `S`); 0 for any other
    /// byte, non-ASCII ones included.
    #[inline]
    fn ascii_san_letter(self, byte: u8) -> u8 {
        let table = &ASCII_LETTERS[usize::from(self.0)];
        table.get(usize::from(byte)).copied().unwrap_or(0)
    }

    /// The role of the piece letter at the start of `input` and its length in bytes (the
    /// longest letter that matches).
    ///
    /// An ASCII first byte is looked up in a table (every ASCII letter is one byte long);
    /// only a non-ASCII one (`Кр`, `馬`, `Ş`) is compared with the language's letters.
    pub fn letter_at(self, input: &[u8]) -> Option<(Role, usize)> {
        let first = *input.first()?;
        if first.is_ascii() {
            return Role::from_upper_char(self.ascii_san_letter(first)).map(|r| (r, 1));
        }
        let mut found: Option<(Role, usize)> = None;
        let letters = &self.entry().letters;
        for (letter, role) in letters
            .iter()
            .zip(Role::ALL)
            .chain(self.alternates().iter().map(|(l, r)| (l, *r)))
        {
            let len = letter.len();
            if len > found.map_or(0, |(_, l)| l) && input.starts_with(letter.as_bytes()) {
                found = Some((role, len));
            }
        }
        found
    }
}

impl fmt::Debug for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Lang({})", self.code())
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl FromStr for Lang {
    type Err = ParseLangError;

    /// The language of an ISO 639-1 code ([`Lang::from_code`]).
    fn from_str(s: &str) -> Result<Lang, ParseLangError> {
        Lang::from_code(s).ok_or(ParseLangError)
    }
}

impl fmt::Display for ParseLangError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("unknown language code (expected one of ")?;
        for (i, lang) in Lang::ALL.into_iter().enumerate() {
            let sep = if i == 0 { "" } else { ", " };
            write!(f, "{sep}{lang}")?;
        }
        f.write_str(")")
    }
}

impl std::error::Error for ParseLangError {}

/// A SAN move and the language its piece letters are written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LocalizedSan {
    /// The move, as SAN.
    pub san: SanPlus,
    /// The language of its piece letters.
    pub lang: Lang,
}

/// A LAN move and the language its piece letters are written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LocalizedLan {
    /// The move, as LAN.
    pub lan: Lan,
    /// The language of its piece letters.
    pub lang: Lang,
}

impl LocalizedSan {
    /// Parses strict SAN with the language's letters.
    ///
    /// # Errors
    /// [`ParseSanError`] naming `san-<code>`, with the byte offset in `san`.
    pub fn from_ascii(lang: Lang, san: &[u8]) -> Result<LocalizedSan, ParseSanError> {
        let mut r = Rewritten::new();
        rewrite(lang, san, false, lang.san_name(), &mut r)?;
        match SanPlus::from_ascii(r.as_bytes()) {
            Ok(san) => Ok(LocalizedSan { san, lang }),
            Err(e) => Err(r.remap(e, lang.san_name())),
        }
    }

    /// Parses SAN with the language's letters leniently (as [`SanPlus::from_ascii_lenient`]).
    ///
    /// # Errors
    /// [`ParseSanError`] naming `san-<code>`, with the byte offset in `san`.
    pub fn from_ascii_lenient(lang: Lang, san: &[u8]) -> Result<LocalizedSan, ParseSanError> {
        let mut r = Rewritten::new();
        rewrite(lang, san, true, lang.san_name(), &mut r)?;
        match SanPlus::from_ascii_lenient(r.as_bytes()) {
            Ok(san) => Ok(LocalizedSan { san, lang }),
            Err(e) => Err(r.remap(e, lang.san_name())),
        }
    }

    /// The canonical SAN of a legal move, in the language.
    pub fn from_move(pos: &Position, mv: Move, lang: Lang) -> LocalizedSan {
        LocalizedSan {
            san: SanPlus::from_move(pos, mv),
            lang,
        }
    }

    /// The legal move this denotes, read leniently as [`crate::san::San::to_move`] does.
    ///
    /// # Errors
    /// [`MoveError`] naming `san-<code>`.
    pub fn to_move(self, pos: &Position) -> Result<Move, MoveError> {
        let name = self.lang.san_name();
        self.san
            .san
            .find(pos)
            .map_err(|kind| MoveError::new(name, &self, pos, kind))
    }

    /// The legal move this denotes, read strictly as [`SanPlus::to_move_strict`] does.
    ///
    /// # Errors
    /// [`MoveError`] naming `san-<code>`.
    pub fn to_move_strict(self, pos: &Position) -> Result<Move, MoveError> {
        let name = self.lang.san_name();
        self.san
            .to_move_strict(pos)
            .map_err(|e| MoveError::new(name, &self, pos, e.into_kind()))
    }
}

impl LocalizedLan {
    /// Parses strict LAN with the language's letters.
    ///
    /// # Errors
    /// [`ParseSanError`] naming `lan-<code>`, with the byte offset in `lan`.
    pub fn from_ascii(lang: Lang, lan: &[u8]) -> Result<LocalizedLan, ParseSanError> {
        let mut r = Rewritten::new();
        rewrite(lang, lan, false, lang.lan_name(), &mut r)?;
        match Lan::from_ascii(r.as_bytes()) {
            Ok(lan) => Ok(LocalizedLan { lan, lang }),
            Err(e) => Err(r.remap(e, lang.lan_name())),
        }
    }

    /// Parses LAN with the language's letters leniently (as [`Lan::from_ascii_lenient`]).
    ///
    /// # Errors
    /// [`ParseSanError`] naming `lan-<code>`, with the byte offset in `lan`.
    pub fn from_ascii_lenient(lang: Lang, lan: &[u8]) -> Result<LocalizedLan, ParseSanError> {
        let mut r = Rewritten::new();
        rewrite(lang, lan, true, lang.lan_name(), &mut r)?;
        match Lan::from_ascii_lenient(r.as_bytes()) {
            Ok(lan) => Ok(LocalizedLan { lan, lang }),
            Err(e) => Err(r.remap(e, lang.lan_name())),
        }
    }

    /// The LAN of a legal move, in the language.
    pub fn from_move(pos: &Position, mv: Move, lang: Lang) -> LocalizedLan {
        LocalizedLan {
            lan: Lan::from_move(pos, mv),
            lang,
        }
    }

    /// The legal move this denotes (as [`Lan::to_move`]).
    ///
    /// # Errors
    /// [`MoveError`] naming `lan-<code>`.
    pub fn to_move(self, pos: &Position) -> Result<Move, MoveError> {
        self.lan
            .to_move(pos)
            .map_err(|e| MoveError::new(self.lang.lan_name(), &self, pos, e.into_kind()))
    }
}

/// Whether `input` starts as castling does: `O`, `0` or `o`, then a dash.
fn is_castling(input: &[u8]) -> bool {
    match input {
        [b'O' | b'0' | b'o', b'-', ..] => true,
        [b'O' | b'0' | b'o', rest @ ..] => dash_at(rest).is_some(),
        _ => false,
    }
}

/// Rewrites the language's letters (and, leniently, figurines and Unicode dashes) into SAN's,
/// into `out` (filled in place: a returned `Rewritten` is copied, which showed in profiles).
fn rewrite(
    lang: Lang,
    input: &[u8],
    lenient: bool,
    name: &'static str,
    out: &mut Rewritten,
) -> Result<(), ParseSanError> {
    if input.len() > MAX_LEN {
        return Err(ParseError::new(name, ParseSanErrorKind::TooLong, MAX_LEN));
    }
    let (start, input) = if lenient {
        let trimmed = input.trim_ascii_start();
        (input.len() - trimmed.len(), trimmed.trim_ascii_end())
    } else {
        (0, input)
    };
    let castling = is_castling(input);
    let null = lenient && input == b"Z0";
    let mut i = 0;
    while let Some(&first) = input.get(i) {
        let at = start + i;
        let (byte, len) = if castling && first == b'O' || null {
            (first, 1)
        } else if first.is_ascii() {
            match lang.ascii_san_letter(first) {
                0 if first.is_ascii_uppercase() => return Err(piece_letter(name, at)),
                0 => (first, 1),
                letter => (letter, 1),
            }
        } else {
            symbol_at(lang, &input[i..], lenient).ok_or_else(|| piece_letter(name, at))?
        };
        out.push(byte, at);
        i += len;
    }
    out.finish(start + input.len());
    Ok(())
}

/// The SAN byte of the non-ASCII symbol at the start of `rest` (a figurine or Unicode dash
/// when lenient, else a letter of the language) and its length.
fn symbol_at(lang: Lang, rest: &[u8], lenient: bool) -> Option<(u8, usize)> {
    if lenient {
        if let Some((role, _, len)) = figurine_at(rest) {
            return Some((role.upper_char() as u8, len));
        }
        if let Some(len) = dash_at(rest) {
            return Some((b'-', len));
        }
    }
    lang.letter_at(rest)
        .map(|(role, len)| (role.upper_char() as u8, len))
}

/// A byte that is not a piece letter of the language.
const fn piece_letter(name: &'static str, at: usize) -> ParseSanError {
    ParseError::new(name, ParseSanErrorKind::PieceLetter, at)
}

impl fmt::Display for LocalizedSan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lang = self.lang;
        write_san(&self.san, &|role| lang.letter(role), f)
    }
}

impl fmt::Display for LocalizedLan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lang = self.lang;
        write_lan(&self.lan, &|role| lang.letter(role), f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::CastlingMode;

    fn lang(code: &str) -> Lang {
        Lang::from_code(code).expect("code in the table")
    }

    #[test]
    fn ok_letter_at() {
        type Case = (&'static str, &'static str, Option<(Role, usize)>);
        let cases: &[Case] = &[
            ("de", "Sf3", Some((Role::Knight, 1))),
            ("de", "Be4", Some((Role::Pawn, 1))),
            ("de", "Nf3", None),
            ("de", "f3", None),
            ("de", "", None),
            ("en", "Nf3", Some((Role::Knight, 1))),
            ("hu", "Bb1", Some((Role::Rook, 1))),
            ("nl", "Oe4", Some((Role::Pawn, 1))),
            ("et", "Oe4", Some((Role::Bishop, 1))),
            ("ru", "Крe2", Some((Role::King, 4))),
            ("ru", "Кf3", Some((Role::Knight, 2))),
            ("ru", "пe4", Some((Role::Pawn, 2))),
            ("ru", "Kf3", None),
            ("ru", "Ж", None),
            ("bg", "Цe2", Some((Role::King, 2))),
            ("zh", "馬f3", Some((Role::Knight, 3))),
            ("zh", "马f3", Some((Role::Knight, 3))),
            ("zh", "车a1", Some((Role::Rook, 3))),
            ("tr", "Şe2", Some((Role::King, 2))),
            ("tr", "Kh1", Some((Role::Rook, 1))),
            ("tr", "Pe4", None),
        ];
        for (code, input, want) in cases {
            assert_eq!(
                lang(code).letter_at(input.as_bytes()),
                *want,
                "{code} {input:?}"
            );
        }
        // A truncated multi-byte letter is no letter.
        assert_eq!(lang("ru").letter_at(&"Кр".as_bytes()[..1]), None);
    }

    #[test]
    fn ok_table_is_consistent() {
        for l in Lang::ALL {
            assert_eq!(Lang::from_code(l.code()), Some(l));
            assert_eq!(l.san_name(), format!("san-{}", l.code()));
            for role in Role::ALL {
                let letter = l.letter(role);
                if role == Role::Pawn && letter.is_empty() {
                    continue;
                }
                // Each letter reads back as its role: no letter is another's prefix in a way
                // that would steal it, none is a file or a digit.
                assert_eq!(
                    l.letter_at(letter.as_bytes()),
                    Some((role, letter.len())),
                    "{l:?}"
                );
                let first = letter.as_bytes()[0];
                assert!(!matches!(first, b'a'..=b'h' | b'0'..=b'9' | b'x'), "{l:?}");
            }
        }
        assert_eq!(Lang::ENGLISH.code(), "en");
        let codes: Vec<_> = Lang::ALL.iter().map(|l| l.code()).collect();
        let mut sorted = codes.clone();
        sorted.sort_unstable();
        assert_eq!(codes, sorted);
        assert_eq!("xx".parse::<Lang>(), Err(ParseLangError));
    }

    #[test]
    fn ok_read_and_write() {
        let pos = Position::new();
        let promo = Position::from_fen("7k/4P3/8/8/8/8/8/4K3 w - - 0 1", CastlingMode::Standard)
            .expect("legal fen");
        for (code, knight, queen_promo, lan) in [
            ("de", "Sf3", "e8=D+", "Sg1-f3"),
            ("fr", "Cf3", "e8=D+", "Cg1-f3"),
            ("ru", "Кf3", "e8=Ф+", "Кg1-f3"),
            ("zh", "馬f3", "e8=后+", "馬g1-f3"),
            ("tr", "Af3", "e8=V+", "Ag1-f3"),
            ("nl", "Pf3", "e8=D+", "Pg1-f3"),
            ("en", "Nf3", "e8=Q+", "Ng1-f3"),
        ] {
            let l = lang(code);
            for (p, text) in [(&pos, knight), (&promo, queen_promo)] {
                let san = LocalizedSan::from_ascii(l, text.as_bytes()).expect("strict");
                let mv = san.to_move_strict(p).expect("legal");
                assert_eq!(LocalizedSan::from_move(p, mv, l).to_string(), text);
            }
            let parsed = LocalizedLan::from_ascii(l, lan.as_bytes()).expect("strict lan");
            let mv = parsed.to_move(&pos).expect("legal");
            assert_eq!(LocalizedLan::from_move(&pos, mv, l).to_string(), lan);
        }
    }

    #[test]
    fn ok_clashes_resolved() {
        let castle = Position::from_fen(
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            CastlingMode::Standard,
        )
        .expect("legal fen");
        // Dutch O is the pawn and Estonian O the bishop, except as castling.
        let nl = LocalizedSan::from_ascii_lenient(lang("nl"), b"Oe4").expect("dutch pawn");
        assert_eq!(nl.to_string(), "e4");
        let castling = LocalizedSan::from_ascii(lang("et"), b"O-O-O").expect("castling");
        assert_eq!(
            castling.to_move(&castle).expect("legal").castling_side(),
            Some(crate::CastlingSide::QueenSide)
        );
        let et = LocalizedSan::from_ascii(lang("et"), b"Ob5").expect("estonian bishop");
        assert_eq!(et.san.to_string(), "Bb5");
        // Hungarian B is the rook, never the b-file; F is the bishop.
        let hu = LocalizedSan::from_ascii(lang("hu"), b"Bb1").expect("rook");
        assert_eq!(hu.san.to_string(), "Rb1");
        assert_eq!(
            LocalizedSan::from_ascii(lang("hu"), b"Ff4")
                .expect("bishop")
                .san
                .to_string(),
            "Bf4"
        );
        // German B is the pawn (leniently); b4 stays a pawn move on the b-file.
        let de = LocalizedSan::from_ascii_lenient(lang("de"), b"Bb4").expect("pawn");
        assert_eq!(de.san.to_string(), "b4");
        // Romanian N is the bishop, never an English knight.
        let ro = LocalizedSan::from_ascii(lang("ro"), b"Nf3").expect("bishop");
        assert_eq!(ro.san.to_string(), "Bf3");
        // Russian: the longest letter wins.
        let ru = LocalizedSan::from_ascii(lang("ru"), "Крe2".as_bytes()).expect("king");
        assert_eq!(ru.san.to_string(), "Ke2");
        // Simplified Chinese forms are read, the table's written.
        let zh = LocalizedSan::from_ascii(lang("zh"), "马f3".as_bytes()).expect("knight");
        assert_eq!(zh.to_string(), "馬f3");
    }

    #[test]
    fn err_letters_of_other_languages() {
        use ParseSanErrorKind::*;
        for (code, text, kind, offset, strict) in [
            ("de", "Nf3", PieceLetter, 0, true),
            ("de", "e8=Q", PieceLetter, 3, true),
            ("ru", "Kf3", PieceLetter, 0, true),
            ("ru", "Крf9", Square, 5, true),
            ("de", "♘f3", PieceLetter, 0, true),
            ("de", "  Sf9", Square, 4, false),
            ("zh", "馬f3 x", TrailingInput, 5, true),
        ] {
            let l = lang(code);
            let e = if strict {
                LocalizedSan::from_ascii(l, text.as_bytes())
            } else {
                LocalizedSan::from_ascii_lenient(l, text.as_bytes())
            }
            .expect_err("refused");
            let name = format!("san-{code}");
            assert_eq!(
                (*e.kind(), e.offset(), e.notation()),
                (kind, offset, name.as_str()),
                "{code} {text}"
            );
        }
    }
}
