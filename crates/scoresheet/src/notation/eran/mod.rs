//! ERAN: Explicit Readable Algebraic Notation (`Pawn e2-e4`, `N b1-c3`, `P g7-g8 >Q`, `ck`,
//! `en-passant`), the notation of nadi726/ruby-chess-engine.
//!
//! ```
//! use scoresheet::eran::{Eran, EranForm, EranPrinter};
//! use scoresheet::{Position, Role, Square};
//! let pos = Position::new();
//! let eran: Eran = "KNIGHT g1-F3".parse()?;
//! assert_eq!(eran, Eran::Normal {
//!     role: Role::Knight, from: Square::G1, capture: false, to: Square::F3, promotion: None,
//! });
//! let mv = eran.to_move(&pos)?;
//! assert_eq!(Eran::from_move(&pos, mv).to_string(), "Knight g1-f3");
//! let short = EranPrinter::new().form(EranForm::Short);
//! assert_eq!(short.display(&eran).to_string(), "N g1-f3");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! | move | verbose ([`EranForm::Verbose`]) | short ([`EranForm::Short`]) |
//! |---|---|---|
//! | quiet pawn move | `Pawn e2-e4` | `P e2-e4` |
//! | piece move | `Knight b1-c3` | `N b1-c3` |
//! | capture | `Rook a1xa8` | `R a1xa8` |
//! | promotion | `Pawn g7-g8 ->Queen` | `P g7-g8 >Q` |
//! | castling | `castling-kingside`, `castling-queenside` | `ck`, `cq` |
//! | en passant | `en-passant` (or `Pawn e5xd6`) | `ep` (or `P e5xd6`) |
//!
//! # Grammar
//! The grammar of `ERAN.ebnf`, every token case-insensitive (ASCII case folding only):
//! ```text
//! move            = regular | special
//! regular         = piece S square ("-" | "x") square [S ("->" | ">") promotion-piece]
//! piece           = "p" | "n" | "b" | "r" | "q" | "k"
//!                 | "pawn" | "knight" | "bishop" | "rook" | "queen" | "king"
//! promotion-piece = "q" | "r" | "b" | "n" | "queen" | "rook" | "bishop" | "knight"
//! special         = "ck" | "castling-kingside" | "cq" | "castling-queenside"
//!                 | "ep" | "en-passant"
//! square          = [a-h] [1-8]
//! S               = [ \t]+
//! ```
//! [`Eran::from_ascii`] accepts exactly this grammar plus surrounding ASCII whitespace (space,
//! tab, CR, LF, FF), which it trims; there is no separate lenient parser. Everything else is a
//! [`ParseEranError`] with the byte offset (in the untrimmed input) and what was expected:
//! `Pe2-e4` and `P a7-a8>Q` lack a separator, `P e2e4` a `-` or `x`, `P a7-a8 -> Q` has a space
//! inside the promotion, `>K` and `->Pawn` are not promotions, and SAN (`e4`, `O-O`), check
//! and mate marks (`+`, `#`) and annotations (`!`) are not ERAN. Parsing is linear in the input
//! length.
//!
//! The grammar, like the reference parser, lets any piece carry a promotion (`Knight b1-c3
//! ->Q`) and names the origin square even when it equals the destination (`K e1xe1`): such
//! strings parse, and [`Eran::to_move`] rejects them as illegal.
//!
//! # Where the reference parser and the grammar disagree
//! The reference parser (ruby-chess-engine's regexes) also accepts a line break between the
//! piece and the squares (`P\ne2-e4`); the grammar's separator is spaces and tabs only, and so
//! is ours. The grammar leaves no room for `P e5xf6 en-passant` (an en-passant capture is
//! either `ep` or a regular capture), so it is rejected too.
//!
//! # Against a position
//! [`Eran::to_move`]: a regular move must name the piece on its origin square, `x` exactly when
//! the move captures (an en-passant capture written as a regular move captures), and the
//! promotion when a pawn reaches the last rank. A king's two-square move is not castling: use
//! `ck`/`cq`. `ep` names the unique legal en-passant capture. [`Eran::from_move`] and
//! [`EranPrinter::eran`] go the other way.

mod parse;

use std::fmt;
use std::str::FromStr;

pub use parse::{ParseEranError, ParseEranErrorKind};

use crate::chess_move::Move;
use crate::notation::{MoveError, MoveErrorKind};
use crate::position::Position;
use crate::types::{CastlingSide, Piece, Role, Square};

/// A move in ERAN, not yet checked against a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Eran {
    /// A regular move: `Pawn e2-e4`, `R a1xa8`, `P g7-g8 >Q`.
    Normal {
        /// The piece that moves.
        role: Role,
        /// The origin square.
        from: Square,
        /// Whether written as a capture (`x`).
        capture: bool,
        /// The destination square.
        to: Square,
        /// The promotion piece.
        promotion: Option<Role>,
    },
    /// Castling: `ck`, `castling-kingside`, `cq`, `castling-queenside`.
    Castle(CastlingSide),
    /// The en-passant capture: `ep`, `en-passant`.
    EnPassant,
}

/// Which words [`EranPrinter`] writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum EranForm {
    /// `Pawn g7-g8 ->Queen`, `castling-kingside`, `en-passant` (the [`Display`](fmt::Display)
    /// form).
    #[default]
    Verbose,
    /// `P g7-g8 >Q`, `ck`, `ep`.
    Short,
}

/// How [`EranPrinter::eran`] writes an en-passant capture.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum EnPassantForm {
    /// `en-passant` / `ep`, unless two en-passant captures are legal (then `ep` would be
    /// ambiguous and the regular capture is written).
    #[default]
    Special,
    /// Always as a regular capture: `Pawn e5xd6`.
    Capture,
}

/// Writes ERAN: which form, and how to write en passant. Chain the `const` setters.
///
/// ```
/// use scoresheet::eran::{EnPassantForm, EranForm, EranPrinter};
/// use scoresheet::{san::San, CastlingMode, Position};
/// let pos = Position::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", CastlingMode::Standard)?;
/// let mv = "exd6".parse::<San>()?.to_move(&pos)?;
/// assert_eq!(EranPrinter::new().move_to_string(&pos, mv), "en-passant");
/// let printer = EranPrinter::new().form(EranForm::Short).en_passant(EnPassantForm::Capture);
/// assert_eq!(printer.move_to_string(&pos, mv), "P e5xd6");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct EranPrinter {
    form: EranForm,
    en_passant: EnPassantForm,
}

impl EranPrinter {
    /// Verbose form, en passant as `en-passant` where unambiguous.
    pub const fn new() -> EranPrinter {
        EranPrinter {
            form: EranForm::Verbose,
            en_passant: EnPassantForm::Special,
        }
    }

    /// Sets the form: verbose or short.
    #[must_use]
    pub const fn form(mut self, form: EranForm) -> EranPrinter {
        self.form = form;
        self
    }

    /// Sets how an en-passant capture is written.
    #[must_use]
    pub const fn en_passant(mut self, en_passant: EnPassantForm) -> EranPrinter {
        self.en_passant = en_passant;
        self
    }

    /// The ERAN of a legal move in a position.
    pub fn eran(&self, pos: &Position, mv: Move) -> Eran {
        match mv {
            Move::Castle { .. } => {
                Eran::Castle(mv.castling_side().unwrap_or(CastlingSide::KingSide))
            }
            Move::EnPassant { .. }
                if self.en_passant == EnPassantForm::Special
                    && en_passant_moves(pos).len() == 1 =>
            {
                Eran::EnPassant
            }
            _ => Eran::Normal {
                role: mv.role(),
                from: mv.from(),
                capture: mv.is_capture(),
                to: mv.to(),
                promotion: mv.promotion(),
            },
        }
    }

    /// Displays an ERAN in this printer's form.
    pub const fn display(self, eran: &Eran) -> EranDisplay<'_> {
        EranDisplay {
            eran,
            form: self.form,
        }
    }

    /// The ERAN of a legal move, written in this printer's form.
    pub fn move_to_string(&self, pos: &Position, mv: Move) -> String {
        self.display(&self.eran(pos, mv)).to_string()
    }
}

/// An [`Eran`] written in a chosen [`EranForm`]; see [`EranPrinter::display`].
#[derive(Debug, Clone, Copy)]
pub struct EranDisplay<'a> {
    eran: &'a Eran,
    form: EranForm,
}

impl fmt::Display for EranDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let short = self.form == EranForm::Short;
        match *self.eran {
            Eran::Castle(CastlingSide::KingSide) if short => f.write_str("ck"),
            Eran::Castle(CastlingSide::KingSide) => f.write_str("castling-kingside"),
            Eran::Castle(CastlingSide::QueenSide) if short => f.write_str("cq"),
            Eran::Castle(CastlingSide::QueenSide) => f.write_str("castling-queenside"),
            Eran::EnPassant if short => f.write_str("ep"),
            Eran::EnPassant => f.write_str("en-passant"),
            Eran::Normal {
                role,
                from,
                capture,
                to,
                promotion,
            } => {
                let sep = if capture { 'x' } else { '-' };
                write!(f, "{} {from}{sep}{to}", role_name(role, self.form))?;
                match promotion {
                    Some(p) if short => write!(f, " >{}", role_name(p, self.form)),
                    Some(p) => write!(f, " ->{}", role_name(p, self.form)),
                    None => Ok(()),
                }
            }
        }
    }
}

const fn role_name(role: Role, form: EranForm) -> &'static str {
    match (form, role) {
        (EranForm::Short, Role::Pawn) => "P",
        (EranForm::Short, Role::Knight) => "N",
        (EranForm::Short, Role::Bishop) => "B",
        (EranForm::Short, Role::Rook) => "R",
        (EranForm::Short, Role::Queen) => "Q",
        (EranForm::Short, Role::King) => "K",
        (EranForm::Verbose, Role::Pawn) => "Pawn",
        (EranForm::Verbose, Role::Knight) => "Knight",
        (EranForm::Verbose, Role::Bishop) => "Bishop",
        (EranForm::Verbose, Role::Rook) => "Rook",
        (EranForm::Verbose, Role::Queen) => "Queen",
        (EranForm::Verbose, Role::King) => "King",
    }
}

impl Eran {
    /// Parses ERAN: exactly the grammar of the module docs, surrounding whitespace trimmed.
    ///
    /// # Errors
    /// [`ParseEranError`] with the byte offset and what was expected.
    pub fn from_ascii(eran: &[u8]) -> Result<Eran, ParseEranError> {
        parse::parse(eran)
    }

    /// The ERAN of a legal move, as [`EranPrinter::new`] chooses it (en passant as `ep` where
    /// unambiguous).
    pub fn from_move(pos: &Position, mv: Move) -> Eran {
        EranPrinter::new().eran(pos, mv)
    }

    /// The legal move this ERAN denotes.
    ///
    /// # Errors
    /// [`MoveError`] with the reason:
    /// - [`MoveErrorKind::PieceMismatch`]: the origin square does not hold the side to move's piece
    ///   of the named kind;
    /// - [`MoveErrorKind::CaptureMismatch`]: `x` written for a quiet move or `-` for a capture;
    /// - [`MoveErrorKind::Ambiguous`]: `ep` while two en-passant captures are legal;
    /// - [`MoveErrorKind::Illegal`]: no legal move matches (also a missing or impossible promotion,
    ///   castling not allowed, `ep` without an en-passant capture).
    pub fn to_move(self, pos: &Position) -> Result<Move, MoveError> {
        self.find(pos)
            .map_err(|kind| MoveError::new("eran", &self, pos, kind))
    }

    fn find(self, pos: &Position) -> Result<Move, MoveErrorKind> {
        match self {
            Eran::Normal {
                role,
                from,
                capture,
                to,
                promotion,
            } => normal_to_move(
                pos,
                Piece {
                    color: pos.turn(),
                    role,
                },
                from,
                capture,
                to,
                promotion,
            ),
            Eran::Castle(side) => castle_to_move(pos, side),
            Eran::EnPassant => match en_passant_moves(pos).as_slice() {
                [] => Err(MoveErrorKind::Illegal),
                [mv] => Ok(*mv),
                many => Err(MoveErrorKind::Ambiguous(many.to_vec())),
            },
        }
    }
}

fn normal_to_move(
    pos: &Position,
    piece: Piece,
    from: Square,
    capture: bool,
    to: Square,
    promotion: Option<Role>,
) -> Result<Move, MoveErrorKind> {
    let found = pos.piece_at(from);
    if found != Some(piece) {
        return Err(MoveErrorKind::PieceMismatch(found));
    }
    let mv = pos
        .normal_move(from, to, promotion)
        .ok_or(MoveErrorKind::Illegal)?;
    if mv.is_capture() != capture {
        return Err(MoveErrorKind::CaptureMismatch(mv));
    }
    Ok(mv)
}

fn castle_to_move(pos: &Position, side: CastlingSide) -> Result<Move, MoveErrorKind> {
    let mut hit = None;
    pos.legal_moves_for(pos.king(pos.turn()).bitboard(), |mv| {
        let matches = mv.castling_side() == Some(side);
        if matches {
            hit = Some(mv);
        }
        matches
    });
    hit.ok_or(MoveErrorKind::Illegal)
}

/// The legal en-passant captures (at most two).
fn en_passant_moves(pos: &Position) -> Vec<Move> {
    let mut out = Vec::new();
    if pos.ep_square_always().is_some() {
        pos.legal_moves_for(pos.our(Role::Pawn), |mv| {
            if mv.is_en_passant() {
                out.push(mv);
            }
            false
        });
    }
    out
}

impl FromStr for Eran {
    type Err = ParseEranError;

    fn from_str(s: &str) -> Result<Eran, ParseEranError> {
        Eran::from_ascii(s.as_bytes())
    }
}

impl fmt::Display for Eran {
    /// Writes the verbose form (`Pawn g7-g8 ->Queen`, `castling-kingside`, `en-passant`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        EranPrinter::new().display(self).fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::CastlingMode;

    fn pos(fen: &str) -> Position {
        match fen {
            "startpos" => Position::new(),
            _ => Position::from_fen(fen, CastlingMode::Standard).expect("test fen is legal"),
        }
    }

    #[test]
    fn ok_print_both_forms() {
        for (input, verbose, short) in [
            ("p e2-e4", "Pawn e2-e4", "P e2-e4"),
            ("knight b1xc3", "Knight b1xc3", "N b1xc3"),
            ("P g7-g8 >q", "Pawn g7-g8 ->Queen", "P g7-g8 >Q"),
            ("pawn b2-b1 ->KNIGHT", "Pawn b2-b1 ->Knight", "P b2-b1 >N"),
            ("CK", "castling-kingside", "ck"),
            ("castling-QUEENSIDE", "castling-queenside", "cq"),
            ("En-Passant", "en-passant", "ep"),
        ] {
            let eran: Eran = input.parse().expect("valid eran");
            assert_eq!(eran.to_string(), verbose, "{input}");
            let printer = EranPrinter::new().form(EranForm::Short);
            assert_eq!(printer.display(&eran).to_string(), short, "{input}");
            assert_eq!(verbose.parse::<Eran>(), Ok(eran));
            assert_eq!(short.parse::<Eran>(), Ok(eran));
        }
    }

    #[test]
    fn ok_to_move() {
        let ep2 = "4k3/8/8/3PpP2/8/8/8/4K3 w - e6 0 1";
        let ep1 = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
        let castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        for (fen, input, uci) in [
            ("startpos", "Pawn e2-e4", "e2e4"),
            ("r3k3/8/8/8/8/8/8/R3K3 w - - 0 1", "R a1xa8", "a1a8"),
            ("k7/6P1/8/8/8/8/8/4K3 w - - 0 1", "P g7-g8 >Q", "g7g8q"),
            (castle, "cq", "e1c1"),
            (castle, "CASTLING-KINGSIDE", "e1g1"),
            (ep1, "P e5xf6", "e5f6"),
            (ep1, "ep", "e5f6"),
            (ep2, "Pawn d5xe6", "d5e6"),
        ] {
            let mv = input
                .parse::<Eran>()
                .expect("valid eran")
                .to_move(&pos(fen))
                .expect("legal");
            assert_eq!(
                crate::uci::UciMove::from_move(&pos(fen), mv).to_string(),
                uci,
                "{input}"
            );
        }
    }

    #[test]
    fn err_to_move() {
        let rook = "r3k3/8/8/8/8/8/8/R3K3 w - - 0 1";
        let promo = "k7/6P1/8/8/8/8/8/4K3 w - - 0 1";
        let ep1 = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
        let ep2 = "4k3/8/8/3PpP2/8/8/8/4K3 w - e6 0 1";
        for (fen, input, expected) in [
            ("startpos", "R a1xa8", "illegal"),
            (rook, "N a1xa8", "mismatch"),
            (rook, "R a1-a8", "capture"),
            ("startpos", "P e2xe4", "capture"),
            ("startpos", "P e7-e5", "mismatch"),
            ("startpos", "P e3-e4", "mismatch"),
            (promo, "P g7-g8", "illegal"),
            ("startpos", "N b1-c3 >Q", "illegal"),
            ("startpos", "K e1xe1", "illegal"),
            ("startpos", "ck", "illegal"),
            ("startpos", "ep", "illegal"),
            (ep1, "P e5-f6", "capture"),
            (ep2, "ep", "ambiguous"),
            ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "K e1-g1", "illegal"),
        ] {
            let err = input
                .parse::<Eran>()
                .expect("valid eran")
                .to_move(&pos(fen))
                .expect_err("rejected");
            let got = match err.kind() {
                MoveErrorKind::Illegal => "illegal",
                MoveErrorKind::PieceMismatch(_) => "mismatch",
                MoveErrorKind::CaptureMismatch(_) => "capture",
                MoveErrorKind::Ambiguous(_) => "ambiguous",
                _ => "other",
            };
            assert_eq!(got, expected, "{input}");
        }
    }

    #[test]
    fn ok_en_passant_form() {
        let ep2 = pos("4k3/8/8/3PpP2/8/8/8/4K3 w - e6 0 1");
        let mv = "P d5xe6"
            .parse::<Eran>()
            .expect("eran")
            .to_move(&ep2)
            .expect("legal");
        // Two en-passant captures: `ep` would be ambiguous, so the capture is written.
        assert_eq!(EranPrinter::new().move_to_string(&ep2, mv), "Pawn d5xe6");
    }
}
