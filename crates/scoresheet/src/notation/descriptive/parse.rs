//! The descriptive parser: hand-written recursive descent over bytes, one function per part of
//! the grammar (see the module docs). No recursion over the input: each part is read once.

use std::fmt;

use super::{
    Action, Descriptive, DescriptivePlus, DescriptiveSquare, Designator, FileName, Origin,
    Qualifier, Wing, MAX_LEN,
};
use crate::notation::{EscapedByte, ParseError};
use crate::san::{Annotation, Suffix};
use crate::types::{CastlingSide, Role};

const NAME: &str = "descriptive";

/// What the descriptive parser expected.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParseDescriptiveErrorKind {
    /// The input is empty.
    Empty,
    /// The input is longer than [`MAX_LEN`] bytes.
    TooLong,
    /// Expected the piece that moves (`P`, `N`, `B`, `R`, `Q`, `K`, `KBP`, ...) or castling.
    Mover,
    /// A wing before a piece (`KN`, `QR`), which only the lenient parser reads.
    WingPiece,
    /// Expected an origin: a rank (`(2)`) or a square (`(N1)`).
    Origin,
    /// Expected `)`.
    CloseParen,
    /// Expected `-` (a move) or `x` (a capture).
    Separator,
    /// Expected a square (`K4`, `KB3`, `N5`).
    Square,
    /// Expected the piece taken (`P`, `N`, `B`, `R`, `Q`, `QP`, ...).
    Target,
    /// Expected a promotion piece (`N`, `B`, `R`, `Q`).
    Promotion,
    /// A promotion where no pawn reaches the eighth rank, or a pawn reaching it without one.
    PromotionRank,
    /// ` e.p.` after a move that is not a pawn capture.
    EnPassant,
    /// Castling written in a way not read (`Castles` followed by something else than `K`,
    /// `KR`, `Q`, `QR`).
    Castling,
    /// Something follows the move (a check suffix is `ch` or `mate`).
    TrailingInput,
    /// A control byte (other than whitespace), which no move contains; holds the byte.
    UnexpectedByte(u8),
}

impl fmt::Display for ParseDescriptiveErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ParseDescriptiveErrorKind::*;
        if let UnexpectedByte(b) = self {
            return write!(f, "unexpected byte {}", EscapedByte(*b));
        }
        f.write_str(match self {
            Empty => "empty input",
            TooLong => "input too long",
            Mover => "expected the piece that moves (P, N, B, R, Q, K, a pawn's file) or castling",
            WingPiece => "a wing before a piece (KN, QR) is read only leniently",
            Origin => "expected an origin: a rank (2) or a square (N1)",
            CloseParen => "expected ')'",
            Separator => "expected '-' (a move) or 'x' (a capture)",
            Square => "expected a square (K4, KB3, N5)",
            Target => "expected the piece taken (P, N, B, R, Q, a pawn's file)",
            Promotion => "expected a promotion piece (N, B, R, Q)",
            PromotionRank => "only a pawn reaching the eighth rank promotes, and it must",
            EnPassant => "e.p. only follows a pawn capture",
            Castling => "expected the side castled to (K, KR, Q, QR)",
            TrailingInput | UnexpectedByte(_) => {
                "unexpected input after the move (a check is 'ch', a mate 'mate')"
            }
        })
    }
}

/// A descriptive notation syntax error.
pub type ParseDescriptiveError = ParseError<ParseDescriptiveErrorKind>;

type Result<T> = std::result::Result<T, ParseDescriptiveError>;

use ParseDescriptiveErrorKind as Kind;

/// One letter (or `Kt`) of a piece, file or promotion.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Letter {
    King,
    Queen,
    Rook,
    Knight,
    Bishop,
    Pawn,
}

impl Letter {
    const fn role(self) -> Role {
        match self {
            Letter::King => Role::King,
            Letter::Queen => Role::Queen,
            Letter::Rook => Role::Rook,
            Letter::Knight => Role::Knight,
            Letter::Bishop => Role::Bishop,
            Letter::Pawn => Role::Pawn,
        }
    }

    const fn wing(self) -> Option<Wing> {
        match self {
            Letter::King => Some(Wing::King),
            Letter::Queen => Some(Wing::Queen),
            _ => None,
        }
    }

    const fn is_minor_file(self) -> bool {
        matches!(self, Letter::Rook | Letter::Knight | Letter::Bishop)
    }
}

/// The input and the reading position; offsets in errors are `base` plus the position.
struct Cursor<'a> {
    s: &'a [u8],
    i: usize,
    base: usize,
    lenient: bool,
}

impl Cursor<'_> {
    fn err<T>(&self, kind: Kind, at: usize) -> Result<T> {
        Err(ParseError::new(NAME, kind, self.base + at))
    }

    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }

    fn rest(&self) -> &[u8] {
        self.s.get(self.i..).unwrap_or_default()
    }

    fn eat(&mut self, byte: u8) -> bool {
        let hit = self.peek() == Some(byte);
        self.i += usize::from(hit);
        hit
    }

    fn eat_str(&mut self, text: &[u8]) -> bool {
        let hit = self.rest().starts_with(text);
        if hit {
            self.i += text.len();
        }
        hit
    }

    /// Skips spaces and tabs, in lenient mode only.
    fn gap(&mut self) {
        if self.lenient {
            while matches!(self.peek(), Some(b' ' | b'\t')) {
                self.i += 1;
            }
        }
    }

    /// A piece letter: `K Q R N B P`, and `Kt` leniently.
    fn letter(&mut self) -> Option<Letter> {
        if self.lenient && self.eat_str(b"Kt") {
            return Some(Letter::Knight);
        }
        let letter = match self.peek()? {
            b'K' => Letter::King,
            b'Q' => Letter::Queen,
            b'R' => Letter::Rook,
            b'N' => Letter::Knight,
            b'B' => Letter::Bishop,
            b'P' => Letter::Pawn,
            _ => return None,
        };
        self.i += 1;
        Some(letter)
    }

    /// Up to three piece letters, with gaps between them in lenient mode; stops before a
    /// letter that cannot continue a name (a fourth, or anything after `P`).
    fn letters(&mut self) -> ([Letter; 3], usize) {
        let mut out = [Letter::Pawn; 3];
        let mut n = 0;
        while n < 3 {
            let save = self.i;
            if n > 0 {
                self.gap();
            }
            match self.letter() {
                Some(l) => {
                    out[n] = l;
                    n += 1;
                    if l == Letter::Pawn {
                        break;
                    }
                }
                None => {
                    self.i = save;
                    break;
                }
            }
        }
        (out, n)
    }
}

/// A file name from one or two letters (`K`, `QB`, `N`).
fn file_name(letters: &[Letter]) -> Option<FileName> {
    match *letters {
        [l] if l != Letter::Pawn => Some(FileName {
            piece: l.role(),
            wing: None,
        }),
        [w, l] if w.wing().is_some() && l.is_minor_file() => Some(FileName {
            piece: l.role(),
            wing: w.wing(),
        }),
        _ => None,
    }
}

/// A piece from its letters: `N`, `P`, `KBP`, `QKt` (a wing piece, `wing_ok` only).
fn designator(letters: &[Letter], wing_ok: bool) -> Option<Designator> {
    match letters {
        [Letter::Pawn] => Some(Designator::role(Role::Pawn)),
        [file @ .., Letter::Pawn] => Some(Designator {
            role: Role::Pawn,
            qualifier: Some(Qualifier::File(file_name(file)?)),
        }),
        [l] => Some(Designator::role(l.role())),
        [w, l] if wing_ok && w.wing().is_some() && l.is_minor_file() => Some(Designator {
            role: l.role(),
            qualifier: w.wing().map(Qualifier::Wing),
        }),
        _ => None,
    }
}

impl Cursor<'_> {
    /// A mover or a target; `kind` names what was expected.
    fn designator(&mut self, kind: Kind) -> Result<Designator> {
        let start = self.i;
        let (letters, n) = self.letters();
        let letters = &letters[..n];
        match designator(letters, self.lenient) {
            Some(d) => Ok(d),
            None if !self.lenient && designator(letters, true).is_some() => {
                self.err(Kind::WingPiece, start)
            }
            None => self.err(kind, start),
        }
    }

    /// A rank digit `1`-`8`.
    fn rank(&mut self) -> Option<u8> {
        match self.peek()? {
            d @ b'1'..=b'8' => {
                self.i += 1;
                Some(d - b'0')
            }
            _ => None,
        }
    }

    /// `sq`, `Sq.`, `. Sq.` after a file name: the first rank (lenient).
    fn square_word(&mut self) -> bool {
        let save = self.i;
        self.eat(b'.');
        self.gap();
        if self.eat_str(b"Sq") || self.eat_str(b"sq") {
            self.eat(b'.');
            return true;
        }
        self.i = save;
        false
    }

    /// A square: file letters, then a rank (or `Sq.` leniently).
    fn square(&mut self) -> Result<DescriptiveSquare> {
        let start = self.i;
        let (letters, n) = self.letters();
        let Some(file) = file_name(&letters[..n]) else {
            return self.err(Kind::Square, start);
        };
        self.gap();
        let rank = match self.rank() {
            Some(rank) => rank,
            None if self.lenient && self.square_word() => 1,
            None => return self.err(Kind::Square, self.i),
        };
        Ok(DescriptiveSquare { file, rank })
    }

    /// A square, if one is next (nothing consumed otherwise).
    fn try_square(&mut self) -> Option<DescriptiveSquare> {
        let save = self.i;
        let found = self.square().ok();
        if found.is_none() {
            self.i = save;
        }
        found
    }

    /// `(2)`, `(N1)`; leniently also `/2`, `/N1`.
    fn origin(&mut self) -> Result<Option<Origin>> {
        let save = self.i;
        self.gap();
        let paren = self.eat(b'(');
        let slash = !paren && self.lenient && self.eat(b'/');
        if !paren && !slash {
            self.i = save;
            return Ok(None);
        }
        self.gap();
        let origin = match self.rank() {
            Some(rank) => Origin::Rank(rank),
            None => match self.try_square() {
                Some(square) => Origin::Square(square),
                None => return self.err(Kind::Origin, self.i),
            },
        };
        if paren {
            self.close()?;
        }
        Ok(Some(origin))
    }

    fn close(&mut self) -> Result<()> {
        self.gap();
        if self.eat(b')') {
            Ok(())
        } else {
            self.err(Kind::CloseParen, self.i)
        }
    }

    /// `-`, `x` and their lenient spellings; `Some(true)` for a capture.
    fn separator(&mut self) -> Option<bool> {
        if self.eat(b'-') {
            return Some(false);
        }
        if self.eat(b'x') {
            return Some(true);
        }
        if !self.lenient {
            return None;
        }
        if let Some(len) = crate::notation::rewrite::dash_at(self.rest()) {
            self.i += len;
            return Some(false);
        }
        if self.eat_str("×".as_bytes()) || self.eat(b'X') || self.eat(b':') {
            return Some(true);
        }
        None
    }

    /// After `x`: the target, then its square if written.
    fn takes(&mut self) -> Result<Action> {
        self.gap();
        let start = self.i;
        let target = self.designator(Kind::Target)?;
        if target.role == Role::King {
            return self.err(Kind::Target, start);
        }
        let save = self.i;
        self.gap();
        let on = if self.eat(b'(') {
            self.gap();
            match self.try_square() {
                Some(square) => {
                    self.close()?;
                    Some(square)
                }
                None => {
                    self.i = save;
                    None
                }
            }
        } else if self.lenient && self.eat(b'/') {
            self.gap();
            let square = self.try_square();
            if square.is_none() {
                self.i = save;
            }
            square
        } else {
            self.i = save;
            None
        };
        Ok(Action::Takes { target, on })
    }

    /// A promotion role after `=`, `(`, `/` or (leniently) directly.
    fn promotion(&mut self) -> Result<Option<Role>> {
        let save = self.i;
        self.gap();
        let open = self.i;
        let (paren, marked) = if self.eat(b'=') {
            (false, true)
        } else if self.eat(b'(') {
            (true, true)
        } else if self.lenient && self.eat(b'/') {
            (false, true)
        } else {
            (false, false)
        };
        if marked {
            self.gap();
        }
        if !marked && !self.lenient {
            self.i = save;
            return Ok(None);
        }
        let at = self.i;
        let role = match self.letter() {
            Some(l @ (Letter::Queen | Letter::Rook | Letter::Bishop | Letter::Knight)) => l.role(),
            _ if marked => return self.err(Kind::Promotion, at.max(open + 1)),
            _ => {
                self.i = save;
                return Ok(None);
            }
        };
        if paren {
            self.close()?;
        }
        Ok(Some(role))
    }
}

/// Whether `b` is an `O` of castling (`0` and `o` leniently).
const fn is_o(b: u8, lenient: bool) -> bool {
    b == b'O' || (lenient && (b == b'0' || b == b'o'))
}

/// The castling spellings; `None` when the input is not castling.
fn castling(c: &mut Cursor<'_>) -> Result<Option<Descriptive>> {
    let start = c.i;
    let mut count = 0;
    while c.peek().is_some_and(|b| is_o(b, c.lenient)) {
        count += 1;
        c.i += 1;
        let save = c.i;
        // Capablanca's typesetter spaced castling as he spaced every move: `O - O`.
        c.gap();
        let dashed = c.eat(b'-')
            || (c.lenient
                && crate::notation::rewrite::dash_at(c.rest())
                    .map(|len| c.i += len)
                    .is_some());
        if dashed {
            c.gap();
        }
        if !(dashed && count < 3 && c.peek().is_some_and(|b| is_o(b, c.lenient))) {
            c.i = save;
            break;
        }
    }
    match count {
        0 => {}
        2 => return Ok(Some(Descriptive::Castle(CastlingSide::KingSide))),
        3 => return Ok(Some(Descriptive::Castle(CastlingSide::QueenSide))),
        _ => return c.err(Kind::Mover, start),
    }
    if c.lenient && (c.eat_str(b"Castles") || c.eat_str(b"castles")) {
        return castles_side(c)
            .map(|side| Some(side.map_or(Descriptive::Castles, Descriptive::Castle)));
    }
    Ok(None)
}

/// After `Castles`: nothing (no side), `K`, `KR`, `Q`, `QR`, maybe in parentheses.
fn castles_side(c: &mut Cursor<'_>) -> Result<Option<CastlingSide>> {
    let save = c.i;
    c.gap();
    let paren = c.eat(b'(');
    let at = c.i;
    let side = if c.eat(b'K') {
        c.eat(b'R');
        CastlingSide::KingSide
    } else if c.eat(b'Q') {
        c.eat(b'R');
        CastlingSide::QueenSide
    } else if paren {
        return c.err(Kind::Castling, at);
    } else {
        c.i = save;
        return Ok(None);
    };
    if paren {
        c.close()?;
    }
    Ok(Some(side))
}

/// The rest after the move: ` e.p.` and the suffix (either order, leniently).
fn tail(c: &mut Cursor<'_>) -> (bool, Option<Suffix>) {
    let (mut ep, mut suffix) = (false, None);
    for _ in 0..2 {
        let at = c.i;
        if !ep {
            ep = en_passant(c);
        }
        if suffix.is_none() {
            suffix = check(c);
        }
        if !c.lenient || c.i == at {
            break;
        }
    }
    (ep, suffix)
}

/// The first byte after spaces, tabs and a `.` or `,` (what a suffix can start with).
fn next_word(c: &Cursor<'_>) -> Option<u8> {
    c.rest()
        .iter()
        .copied()
        .find(|b| !matches!(b, b' ' | b'\t' | b'.' | b','))
}

fn en_passant(c: &mut Cursor<'_>) -> bool {
    let save = c.i;
    if !c.lenient {
        return c.eat_str(b" e.p.");
    }
    if next_word(c) != Some(b'e') {
        return false;
    }
    c.eat(b',');
    c.gap();
    if c.eat_str(b"e.p.") || c.eat_str(b"e. p.") || c.eat_str(b"ep") {
        return true;
    }
    c.i = save;
    false
}

/// A move assessment (`!`, `?!`, ...), after a space leniently.
fn annotation(c: &mut Cursor<'_>) -> Option<Annotation> {
    let save = c.i;
    c.gap();
    let len = c
        .rest()
        .iter()
        .take(2)
        .take_while(|b| matches!(b, b'!' | b'?'))
        .count();
    let found = c.rest().get(..len).and_then(Annotation::from_ascii);
    match found {
        Some(_) => c.i += len,
        None => c.i = save,
    }
    found
}

fn check(c: &mut Cursor<'_>) -> Option<Suffix> {
    const LENIENT: [(&[u8], Suffix); 17] = [
        (b"++", Suffix::Checkmate),
        (b"+", Suffix::Check),
        (b"#", Suffix::Checkmate),
        (b"mate", Suffix::Checkmate),
        (b"Mate", Suffix::Checkmate),
        (b"check", Suffix::Check),
        (b"ch.", Suffix::Check),
        (b"ch", Suffix::Check),
        (b"dis. ch.", Suffix::Check),
        (b"dis. ch", Suffix::Check),
        (b"dis ch", Suffix::Check),
        (b"dbl. ch.", Suffix::Check),
        (b"dbl. ch", Suffix::Check),
        (b"dbl ch", Suffix::Check),
        (b"double check", Suffix::Check),
        (b"double ch.", Suffix::Check),
        (b"double ch", Suffix::Check),
    ];
    if !c.lenient {
        return if c.eat_str(b"ch") {
            Some(Suffix::Check)
        } else if c.eat_str(b"mate") {
            Some(Suffix::Checkmate)
        } else {
            None
        };
    }
    if !matches!(next_word(c), Some(b'+' | b'#' | b'm' | b'M' | b'c' | b'd')) {
        return None;
    }
    let save = c.i;
    c.gap();
    if c.rest().first() == Some(&b'.') {
        c.i += 1;
        c.gap();
    }
    for (text, suffix) in LENIENT {
        if c.eat_str(text) {
            return Some(suffix);
        }
    }
    c.i = save;
    None
}

/// Checks the promotion against the mover and the square, and ` e.p.` against the move.
fn check_shape(c: &Cursor<'_>, d: &Descriptive, promo_at: usize, ep_at: usize) -> Result<()> {
    let Descriptive::Normal {
        mover,
        action,
        promotion,
        en_passant,
        ..
    } = *d
    else {
        return Ok(());
    };
    let pawn = mover.role == Role::Pawn;
    let eighth = match action {
        Action::To(sq) | Action::Takes { on: Some(sq), .. } => Some(sq.rank == 8),
        Action::Takes { on: None, .. } => None,
    };
    let bad_promotion = match promotion {
        Some(_) => !pawn || eighth == Some(false),
        None => pawn && eighth == Some(true),
    };
    if bad_promotion {
        return c.err(Kind::PromotionRank, promo_at);
    }
    let capture = matches!(action, Action::Takes { .. });
    if en_passant && (!pawn || !capture || promotion.is_some()) {
        return c.err(Kind::EnPassant, ep_at);
    }
    Ok(())
}

fn normal(c: &mut Cursor<'_>) -> Result<Descriptive> {
    let mover = c.designator(Kind::Mover)?;
    let origin = c.origin()?;
    c.gap();
    let at = c.i;
    let action = match c.separator() {
        Some(false) => {
            c.gap();
            Action::To(c.square()?)
        }
        Some(true) => c.takes()?,
        None => return c.err(Kind::Separator, at),
    };
    let promo_at = c.i;
    let promotion = c.promotion()?;
    Ok(Descriptive::Normal {
        mover,
        origin,
        action,
        promotion,
        en_passant: false,
    })
    .and_then(|d| check_shape(c, &d, promo_at, promo_at).map(|()| d))
}

fn parse(c: &mut Cursor<'_>) -> Result<DescriptivePlus> {
    if c.s.is_empty() {
        return c.err(Kind::Empty, 0);
    }
    let mut descriptive = match castling(c)? {
        Some(castling) => castling,
        None => normal(c)?,
    };
    let ep_at = c.i;
    let (ep, suffix) = tail(c);
    if ep {
        if let Descriptive::Normal { en_passant, .. } = &mut descriptive {
            *en_passant = true;
        }
        check_shape(c, &descriptive, ep_at, ep_at)?;
        if !matches!(descriptive, Descriptive::Normal { .. }) {
            return c.err(Kind::EnPassant, ep_at);
        }
    }
    let annotation = annotation(c);
    if c.i < c.s.len() {
        return c.err(Kind::TrailingInput, c.i);
    }
    Ok(DescriptivePlus {
        descriptive,
        suffix,
        annotation,
    })
}

impl DescriptivePlus {
    /// Parses strict descriptive notation (see the module docs).
    ///
    /// # Errors
    /// [`ParseDescriptiveError`] with the byte offset and what was expected.
    pub fn from_ascii(text: &[u8]) -> Result<DescriptivePlus> {
        DescriptivePlus::read(text, false)
    }

    /// Parses descriptive notation leniently (see the module docs).
    ///
    /// # Errors
    /// [`ParseDescriptiveError`] with the byte offset in `text` and what was expected.
    pub fn from_ascii_lenient(text: &[u8]) -> Result<DescriptivePlus> {
        DescriptivePlus::read(text, true)
    }

    fn read(text: &[u8], lenient: bool) -> Result<DescriptivePlus> {
        if text.len() > MAX_LEN {
            return Err(ParseError::new(NAME, Kind::TooLong, MAX_LEN));
        }
        let (base, s) = if lenient {
            let trimmed = text.trim_ascii_start();
            (text.len() - trimmed.len(), trimmed.trim_ascii_end())
        } else {
            (0, text)
        };
        let mut cursor = Cursor {
            s,
            i: 0,
            base,
            lenient,
        };
        parse(&mut cursor).map_err(|e| e.or_control_byte(text, Kind::UnexpectedByte))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ok_strict_forms_print_back() {
        for text in [
            "P-K4",
            "N-KB3",
            "N-B3",
            "QxP",
            "PxP e.p.",
            "B-N5ch",
            "O-O",
            "O-O-O",
            "O-Omate",
            "P-K8=Q",
            "KBPxP",
            "NPxP",
            "NxQP",
            "NxP(K5)",
            "NxP(KB5)",
            "R(1)-Q1",
            "N(QN1)-Q2",
            "N(N1)-Q2",
            "PxR=Nch",
            "PxR(QN8)=Q",
            "PxP e.p.ch",
            "QxPmate",
            "K-Q2",
            "KxP",
            "RxNch!",
            "P-K4?",
        ] {
            let parsed = DescriptivePlus::from_ascii(text.as_bytes()).expect(text);
            assert_eq!(parsed.to_string(), text);
            let lenient = DescriptivePlus::from_ascii_lenient(text.as_bytes()).expect(text);
            assert_eq!(lenient, parsed, "{text}");
        }
    }

    #[test]
    fn ok_lenient_forms() {
        for (text, canonical) in [
            ("P-K8(Q)", "P-K8=Q"),
            (" Kt-KB3 ", "N-KB3"),
            ("Kt - K B 3", "N-KB3"),
            ("P - K 4", "P-K4"),
            ("P x P", "PxP"),
            ("Q Kt - Q 2", "QN-Q2"),
            ("QKt-Q2", "QN-Q2"),
            ("KKt-B3", "KN-B3"),
            ("QR-Q1", "QR-Q1"),
            ("B×P", "BxP"),
            ("P–Q4", "P-Q4"),
            ("Castles", "Castles"),
            ("PxP, e.p.", "PxP e.p."),
            ("RxKtch!", "RxNch!"),
            ("Q-Q8ch !!", "Q-Q8ch!!"),
            ("P-K4?!", "P-K4?!"),
            ("Castles KR", "O-O"),
            ("Castles Q", "O-O-O"),
            ("castles (QR)", "O-O-O"),
            ("0-0-0", "O-O-O"),
            ("O - O", "O-O"),
            ("O - O - O", "O-O-O"),
            ("O - O ch", "O-Och"),
            ("B-Kt5 double ch", "B-N5ch"),
            ("R-K.Sq.", "R-K1"),
            ("R-K sq", "R-K1"),
            ("Kt-KB Sq.", "N-KB1"),
            ("R(N1)-Q1", "R(N1)-Q1"),
            ("R/1-Q1", "R(1)-Q1"),
            ("Kt(2)-B3", "N(2)-B3"),
            ("B-N5+", "B-N5ch"),
            ("B-N5 ch", "B-N5ch"),
            ("B-N5 dis. ch", "B-N5ch"),
            ("Q-R8 mate", "Q-R8mate"),
            ("Q-R8++", "Q-R8mate"),
            ("Q-R8#", "Q-R8mate"),
            ("PxP e.p.", "PxP e.p."),
            ("PxPep", "PxP e.p."),
            ("PxP ch e.p.", "PxP e.p.ch"),
            ("P-K8/Kt", "P-K8=N"),
            ("P-K8Q", "P-K8=Q"),
            ("KtxP/K5", "NxP(K5)"),
            ("P x Kt (Q)", "PxN=Q"),
            ("Kt P x P", "NPxP"),
            ("B x Kt ch", "BxNch"),
        ] {
            let parsed = DescriptivePlus::from_ascii_lenient(text.as_bytes()).expect(text);
            assert_eq!(parsed.to_string(), canonical, "{text}");
        }
    }

    #[test]
    fn err_syntax() {
        use ParseDescriptiveErrorKind::*;
        for (text, lenient, kind, offset) in [
            ("", false, Empty, 0),
            ("   ", true, Empty, 3),
            ("e4", false, Mover, 0),
            ("Kt-KB3", false, Separator, 1),
            ("QN-Q2", false, WingPiece, 0),
            ("P-K9", false, Square, 3),
            ("P-X4", false, Square, 2),
            ("P K4", false, Separator, 1),
            ("P-K8", false, PromotionRank, 4),
            ("P-K4=Q", false, PromotionRank, 4),
            ("N-K8=Q", false, PromotionRank, 4),
            ("P-K8=K", false, Promotion, 5),
            ("PxK", false, Target, 2),
            ("N(9)-B3", false, Origin, 2),
            ("N(2-B3", false, CloseParen, 3),
            ("NxP e.p.", false, EnPassant, 3),
            ("P-K4 e.p.", false, EnPassant, 4),
            ("P-K4+", false, TrailingInput, 4),
            ("P-K4 ", false, TrailingInput, 4),
            ("O-O e.p.", false, EnPassant, 3),
            ("O", false, Mover, 0),
            ("Castles X", true, TrailingInput, 7),
            ("Castles (X)", true, Castling, 9),
            ("P-K4\0", false, UnexpectedByte(0), 4),
            ("  P-Q", true, Square, 5),
        ] {
            let e = if lenient {
                DescriptivePlus::from_ascii_lenient(text.as_bytes())
            } else {
                DescriptivePlus::from_ascii(text.as_bytes())
            }
            .expect_err(text);
            assert_eq!(
                (*e.kind(), e.offset(), e.notation()),
                (kind, offset, "descriptive"),
                "{text}"
            );
        }
        let long = "P".repeat(MAX_LEN + 1);
        let e = DescriptivePlus::from_ascii_lenient(long.as_bytes()).expect_err("too long");
        assert_eq!(*e.kind(), TooLong);
    }
}
