//! SAN against a position: resolving to a legal move, and writing a move as canonical SAN.

use super::{San, SanPlus, Suffix};
use crate::chess_move::Move;
use crate::notation::{MoveError, MoveErrorKind};
use crate::position::Position;
use crate::types::{BitBoard, Role};

impl San {
    /// The legal move this SAN denotes, read leniently: the capture marker is not checked and
    /// extra disambiguation is accepted. A pawn move without origin file stays on its file.
    ///
    /// # Errors
    /// [`MoveError`] with the reason [`MoveErrorKind::Illegal`] when no legal move matches,
    /// [`MoveErrorKind::Ambiguous`] with the candidates when several do,
    /// [`MoveErrorKind::Null`] for a null move.
    pub fn to_move(self, pos: &Position) -> Result<Move, MoveError> {
        self.find(pos)
            .map_err(|kind| MoveError::new("san", &self, pos, kind))
    }

    /// [`San::to_move`], with only the reason of a refusal.
    pub(crate) fn find(self, pos: &Position) -> Result<Move, MoveErrorKind> {
        match self {
            San::Null => Err(MoveErrorKind::Null),
            San::Castle(side) => {
                let mut found = None;
                pos.legal_moves_for(pos.king(pos.turn()).bitboard(), |mv| {
                    let hit = mv.castling_side() == Some(side);
                    if hit {
                        found = Some(mv);
                    }
                    hit
                });
                found.ok_or(MoveErrorKind::Illegal)
            }
            San::Normal {
                role,
                file,
                rank,
                to,
                promotion,
                ..
            } => {
                let mut from = pos.our(role);
                if let Some(file) = file {
                    from &= file.bitboard();
                } else if role == Role::Pawn {
                    from &= to.file().bitboard();
                }
                if let Some(rank) = rank {
                    from &= rank.bitboard();
                }
                find_unique(pos, from & reachers(pos, role, to), to, promotion)
            }
        }
    }

    /// [`San::to_move`] and the move's canonical SAN ([`San::from_move`]), cheaper than the
    /// two calls: a piece move that names no origin resolved among every piece of its kind that
    /// can reach the target, so its canonical SAN needs no disambiguation either, and no moves
    /// are generated to find that out.
    ///
    /// # Errors
    /// As [`San::to_move`].
    ///
    /// ```
    /// use scoresheet::{Position, Square, san::San};
    /// let pos = Position::new();
    /// let (mv, canonical) = "Ng1f3".parse::<San>()?.resolve(&pos)?;
    /// assert_eq!((mv.from(), mv.to()), (Square::G1, Square::F3));
    /// assert_eq!(canonical.to_string(), "Nf3");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn resolve(self, pos: &Position) -> Result<(Move, San), MoveError> {
        let mv = self.to_move(pos)?;
        let canonical = match self {
            San::Normal {
                role,
                file: None,
                rank: None,
                ..
            } if role != Role::Pawn && mv.role() == role => San::Normal {
                role,
                file: None,
                rank: None,
                capture: mv.is_capture(),
                to: mv.to(),
                promotion: None,
            },
            _ => San::from_move(pos, mv),
        };
        Ok((mv, canonical))
    }

    /// The canonical SAN of a legal move: disambiguation by legal moves only (file, else rank,
    /// else square), `x` exactly for captures, `=Q` for promotions.
    pub fn from_move(pos: &Position, mv: Move) -> San {
        match mv {
            Move::Castle { .. } => {
                San::Castle(mv.castling_side().unwrap_or(crate::CastlingSide::KingSide))
            }
            Move::Normal {
                role: Role::Pawn, ..
            }
            | Move::EnPassant { .. } => San::Normal {
                role: Role::Pawn,
                file: mv.is_capture().then(|| mv.from().file()),
                rank: None,
                capture: mv.is_capture(),
                to: mv.to(),
                promotion: mv.promotion(),
            },
            Move::Normal {
                role,
                from,
                to,
                capture,
                ..
            } => {
                let (file, rank) = disambiguation(pos, role, from, to);
                San::Normal {
                    role,
                    file,
                    rank,
                    capture: capture.is_some(),
                    to,
                    promotion: None,
                }
            }
        }
    }
}

/// The squares from which a piece of `role` of the side to move could reach `to` on this
/// board, legality aside: attack geometry narrows move generation to one or two pieces.
fn reachers(pos: &Position, role: Role, to: crate::Square) -> BitBoard {
    let occupied = pos.board().occupied();
    match role {
        Role::Pawn => {
            let back = match pos.turn() {
                crate::Color::White => -1,
                crate::Color::Black => 1,
            };
            let pushes = [to.try_offset(0, back), to.try_offset(0, 2 * back)];
            let pushes = pushes
                .into_iter()
                .flatten()
                .fold(BitBoard::EMPTY, |b, s| b | s.bitboard());
            pushes | cozy_chess::get_pawn_attacks(to, !pos.turn())
        }
        Role::Knight => cozy_chess::get_knight_moves(to),
        Role::Bishop => cozy_chess::get_bishop_moves(to, occupied),
        Role::Rook => cozy_chess::get_rook_moves(to, occupied),
        Role::Queen => {
            cozy_chess::get_bishop_moves(to, occupied) | cozy_chess::get_rook_moves(to, occupied)
        }
        Role::King => cozy_chess::get_king_moves(to),
    }
}

/// The file and/or rank needed to tell `from` apart from other pieces of the same role that
/// can legally move to `to`.
fn disambiguation(
    pos: &Position,
    role: Role,
    from: crate::Square,
    to: crate::Square,
) -> (Option<crate::File>, Option<crate::Rank>) {
    let others = pos.our(role) & !from.bitboard();
    if others.is_empty() {
        return (None, None);
    }
    let mut rivals = BitBoard::EMPTY;
    pos.board().generate_moves_for(others, |moves| {
        if moves.to.has(to) {
            rivals |= moves.from.bitboard();
        }
        false
    });
    if rivals.is_empty() {
        (None, None)
    } else if (rivals & from.file().bitboard()).is_empty() {
        (Some(from.file()), None)
    } else if (rivals & from.rank().bitboard()).is_empty() {
        (None, Some(from.rank()))
    } else {
        (Some(from.file()), Some(from.rank()))
    }
}

/// The single legal non-castling move from a square of `from` to `to` with this promotion,
/// or why there is none. `from` is already narrowed by attack geometry, so each candidate
/// is checked with cozy-chess's `is_legal` instead of generating moves.
fn find_unique(
    pos: &Position,
    from: BitBoard,
    to: crate::Square,
    promotion: Option<Role>,
) -> Result<Move, MoveErrorKind> {
    let mut found: Option<Move> = None;
    let mut extra: Vec<Move> = Vec::new();
    for mv in from
        .into_iter()
        .filter_map(|sq| pos.normal_move(sq, to, promotion))
    {
        match found {
            None => found = Some(mv),
            Some(_) => extra.push(mv),
        }
    }
    match (found, extra.is_empty()) {
        (None, _) => Err(MoveErrorKind::Illegal),
        (Some(mv), true) => Ok(mv),
        (Some(mv), false) => {
            extra.insert(0, mv);
            Err(MoveErrorKind::Ambiguous(extra))
        }
    }
}

impl SanPlus {
    /// The canonical SAN of a legal move, with `+` or `#` from the position after it.
    pub fn from_move(pos: &Position, mv: Move) -> SanPlus {
        let san = San::from_move(pos, mv);
        let mut after = pos.clone();
        after.play_unchecked(mv);
        SanPlus {
            san,
            suffix: suffix_of(&after),
            annotation: None,
        }
    }

    /// The legal move this SAN denotes, read strictly: the SAN must be exactly the canonical
    /// SAN of the move, except that the annotation is free and the `+`/`#` suffix may be
    /// omitted (but, when written, must be right).
    ///
    /// # Errors
    /// [`MoveError`] with the reason `Illegal`, `Ambiguous`, or, for a move that resolves but
    /// is not written canonically, `CaptureMismatch`, `SuffixMismatch` or `NotCanonical` with
    /// the move ([`MoveErrorKind`]).
    pub fn to_move_strict(self, pos: &Position) -> Result<Move, MoveError> {
        self.find_strict(pos)
            .map_err(|kind| MoveError::new("san", &self, pos, kind))
    }

    fn find_strict(self, pos: &Position) -> Result<Move, MoveErrorKind> {
        let mv = self.san.find(pos)?;
        let canonical = SanPlus::from_move(pos, mv);
        if let (San::Normal { capture: a, .. }, San::Normal { capture: b, .. }) =
            (self.san, canonical.san)
        {
            if a != b {
                return Err(MoveErrorKind::CaptureMismatch(mv));
            }
        }
        if self.san != canonical.san {
            return Err(MoveErrorKind::NotCanonical(mv));
        }
        if self.suffix.is_some() && self.suffix != canonical.suffix {
            return Err(MoveErrorKind::SuffixMismatch(mv));
        }
        Ok(mv)
    }
}

/// `+` when the side to move is in check, `#` when mated.
pub(crate) fn suffix_of(pos: &Position) -> Option<Suffix> {
    if !pos.is_check() {
        None
    } else if pos.has_legal_moves() {
        Some(Suffix::Check)
    } else {
        Some(Suffix::Checkmate)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::CastlingMode;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen, CastlingMode::Standard).expect("valid test fen")
    }

    #[test]
    fn ok_pinned_piece_does_not_disambiguate() {
        let p = pos("r1bqk1nr/ppp2ppp/2n5/3p4/1b1P4/2NB4/PPP2PPP/R1BQK1NR w KQkq - 2 6");
        let mv = "Ne2"
            .parse::<San>()
            .expect("san")
            .to_move(&p)
            .expect("legal");
        assert_eq!(SanPlus::from_move(&p, mv).to_string(), "Ne2");
        let over = SanPlus::from_ascii(b"Nge2").expect("san");
        assert_eq!(over.san.to_move(&p), Ok(mv));
        let err = over.to_move_strict(&p).expect_err("not canonical");
        assert_eq!(err.kind(), &MoveErrorKind::NotCanonical(mv));
    }

    #[test]
    fn ok_file_rank_square_order() {
        // Queens on a1, a3 and c1 can all reach b2... a1 and a3 share the file, a1 and c1 the rank.
        let p = pos("4k3/8/8/8/8/Q7/8/Q1Q4K w - - 0 1");
        let cases = [("a1", "Qa1b2"), ("a3", "Q3b2"), ("c1", "Qcb2")];
        for (from, want) in cases {
            let mv = p
                .legal_moves()
                .into_iter()
                .find(|m| m.from().to_string() == from && m.to().to_string() == "b2")
                .expect("queen move to b2");
            assert_eq!(San::from_move(&p, mv).to_string(), want);
        }
    }

    #[test]
    fn err_ambiguous_lists_candidates() {
        let p = pos("1k6/8/8/8/4K3/8/8/R6R w - - 0 1");
        match "Rd1".parse::<San>().expect("san").to_move(&p) {
            Err(e) if matches!(e.kind(), MoveErrorKind::Ambiguous(c) if c.len() == 2) => {}
            other => panic!("expected ambiguity, got {other:?}"),
        }
    }

    #[test]
    fn ok_mate_suffix() {
        let p = pos("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2");
        let mv = "Qh4"
            .parse::<San>()
            .expect("san")
            .to_move(&p)
            .expect("legal");
        assert_eq!(SanPlus::from_move(&p, mv).to_string(), "Qh4#");
    }
}
