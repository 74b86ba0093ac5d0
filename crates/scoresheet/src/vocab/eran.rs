//! The ERAN vocabularies, derived from the LAN vocabulary: ERAN names the same squares, piece
//! and capture as LAN (`Ng1-f3` is `Knight g1-f3`, `e7xd8=Q` is `Pawn e7xd8 ->Queen`), writes
//! castling as `castling-kingside`/`castling-queenside` and adds one string for the
//! en-passant capture (`en-passant`). Every LAN string maps to exactly one ERAN string, so the
//! set is the LAN set (7,750) plus `en-passant`: 7,751 strings in each form. An en-passant
//! capture written as a regular capture (`Pawn e5xd6`, [`EnPassantForm::Capture`]) is one of
//! the LAN-derived strings already.

use super::{Vocabulary, Witness};
use crate::eran::{EnPassantForm, Eran, EranForm, EranPrinter};
use crate::lan::{Lan, LanKind};
use crate::{CastlingMode, Position};

/// The ERAN form of a vocabulary, or `None` for the other notations.
pub(super) const fn form(vocab: Vocabulary) -> Option<EranForm> {
    match vocab {
        Vocabulary::Eran => Some(EranForm::Verbose),
        Vocabulary::EranShort => Some(EranForm::Short),
        _ => None,
    }
}

fn from_lan(lan: &Lan) -> Eran {
    match lan.kind {
        LanKind::Castle(side) => Eran::Castle(side),
        LanKind::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } => Eran::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        },
    }
}

fn write(form: EranForm, eran: &Eran) -> String {
    EranPrinter::new().form(form).display(eran).to_string()
}

/// The ERAN strings, for the vocabulary's table: each LAN string rewritten, plus the
/// en-passant capture.
pub(super) fn strings(form: EranForm, lan: Vec<String>) -> Vec<String> {
    let mut out: Vec<String> = lan
        .iter()
        .filter_map(|s| s.parse::<Lan>().ok())
        .map(|l| write(form, &from_lan(&l)))
        .collect();
    out.push(write(form, &Eran::EnPassant));
    // In no order: the table sorts its strings.
    out
}

/// A witness for an ERAN string: the LAN witness of the same move (written with en passant as
/// a regular capture), or a fixed position for `en-passant`.
pub(super) fn witness(form: EranForm, s: &str) -> Option<Witness> {
    let eran = Eran::from_ascii(s.as_bytes()).ok()?;
    let printer = EranPrinter::new()
        .form(form)
        .en_passant(EnPassantForm::Capture);
    let (pos, mv) = match eran {
        Eran::EnPassant => {
            let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
            let pos = Position::from_fen(fen, CastlingMode::Standard).ok()?;
            let mv = eran.to_move(&pos).ok()?;
            let special = EranPrinter::new().form(form);
            return (special.move_to_string(&pos, mv) == s).then(|| Witness::new(pos, mv));
        }
        _ => {
            let lan = lan_string(&eran)?;
            let w = Vocabulary::Lan.witness(&lan)?;
            (w.position().clone(), w.mv())
        }
    };
    (printer.move_to_string(&pos, mv) == s).then(|| Witness::new(pos, mv))
}

/// The LAN string (without suffix) of a move-shaped ERAN.
fn lan_string(eran: &Eran) -> Option<String> {
    let kind = match *eran {
        Eran::Castle(side) => LanKind::Castle(side),
        Eran::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } => LanKind::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        },
        Eran::EnPassant => return None,
    };
    Some(
        Lan {
            kind,
            suffix: None,
            annotation: None,
        }
        .to_string(),
    )
}
