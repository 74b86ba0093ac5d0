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
                let from = from & reachers(pos, role, to);
                match role {
                    Role::Knight | Role::Bishop | Role::Rook | Role::Queen
                        if promotion.is_none() && pos.board().checkers().is_empty() =>
                    {
                        find_piece_move(pos, role, from, to)
                    }
                    Role::Pawn if is_plain_pawn_move(pos, to, promotion) => {
                        find_pawn_move(pos, from, to)
                    }
                    _ => find_unique(pos, from, to, promotion),
                }
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

/// [`find_unique`] for a knight, bishop, rook or queen of the side to move, not in check,
/// without asking cozy-chess about each candidate: a piece on `from` reaches `to` on this
/// board (attack geometry, [`reachers`]), so its move is legal unless `to` holds a piece of
/// ours or the piece is pinned and leaves the line of the pin. The same answer as
/// [`find_unique`] (a test compares them on every target of the perft positions).
fn find_piece_move(
    pos: &Position,
    role: Role,
    from: BitBoard,
    to: crate::Square,
) -> Result<Move, MoveErrorKind> {
    let board = pos.board();
    if board.colors(pos.turn()).has(to) {
        return Err(MoveErrorKind::Illegal);
    }
    let king = board.king(pos.turn());
    let pinned = board.pinned();
    let capture = board.piece_on(to).map(Role::from_cozy);
    let moves = from
        .into_iter()
        .filter(|&sq| !pinned.has(sq) || cozy_chess::get_line_rays(king, sq).has(to))
        .map(|from| Move::Normal {
            role,
            from,
            capture,
            to,
            promotion: None,
        });
    unique(moves)
}

/// Whether a pawn move to `to` can take [`find_pawn_move`]'s shortcut: not in check, no
/// promotion named or due (`to` short of the last rank), not to the en-passant square.
fn is_plain_pawn_move(pos: &Position, to: crate::Square, promotion: Option<Role>) -> bool {
    let last = match pos.turn() {
        crate::Color::White => crate::Rank::Eighth,
        crate::Color::Black => crate::Rank::First,
    };
    promotion.is_none()
        && to.rank() != last
        && pos.board().checkers().is_empty()
        && pos.ep_square_always() != Some(to)
}

/// [`find_unique`] for a pawn move [`is_plain_pawn_move`] allows, from the squares `from`
/// that [`reachers`] gives (one or two steps behind `to`, or a capture away): a push needs `to`
/// empty (and, for two steps, the square between, from the second rank), a capture an enemy
/// piece on `to`; then it is legal unless the pawn is pinned and leaves the line of the pin.
/// The same answer as [`find_unique`] (tested with [`find_piece_move`]).
fn find_pawn_move(
    pos: &Position,
    from: BitBoard,
    to: crate::Square,
) -> Result<Move, MoveErrorKind> {
    let board = pos.board();
    let us = pos.turn();
    let (occupied, enemy) = (board.occupied(), board.colors(!us));
    let second = match us {
        crate::Color::White => crate::Rank::Second,
        crate::Color::Black => crate::Rank::Seventh,
    };
    let (king, pinned) = (board.king(us), board.pinned());
    let capture = board.piece_on(to).map(Role::from_cozy);
    let moves = from
        .into_iter()
        .filter(|&sq| {
            let reaches = if sq.file() == to.file() {
                let steps = (sq.rank() as i32 - to.rank() as i32).abs();
                let between = crate::Square::new(
                    to.file(),
                    crate::Rank::index((sq.rank() as usize + to.rank() as usize) / 2),
                );
                !occupied.has(to)
                    && (steps == 1 || (steps == 2 && sq.rank() == second && !occupied.has(between)))
            } else {
                enemy.has(to)
            };
            reaches && (!pinned.has(sq) || cozy_chess::get_line_rays(king, sq).has(to))
        })
        .map(|from| Move::Normal {
            role: Role::Pawn,
            from,
            capture,
            to,
            promotion: None,
        });
    unique(moves)
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
    unique(
        from.into_iter()
            .filter_map(|sq| pos.normal_move(sq, to, promotion)),
    )
}

/// The one move of `moves`, or why there is not one: none is illegal, several ambiguous.
fn unique(mut moves: impl Iterator<Item = Move>) -> Result<Move, MoveErrorKind> {
    match (moves.next(), moves.next()) {
        (None, _) => Err(MoveErrorKind::Illegal),
        (Some(mv), None) => Ok(mv),
        (Some(first), Some(second)) => {
            let mut all = vec![first, second];
            all.extend(moves);
            Err(MoveErrorKind::Ambiguous(all))
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
            suffix: suffix_after(&after),
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

/// The suffix a move reaching `pos` is written with: `+` when the side to move is in check,
/// `#` when mated, none otherwise. The one rule of check and mate suffixes: every writer of
/// SAN and every ply record calls it.
///
/// ```
/// use scoresheet::san::{suffix_after, Suffix};
/// use scoresheet::{CastlingMode, Position};
/// let mated = Position::from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", CastlingMode::Standard)?;
/// assert_eq!(suffix_after(&mated), Some(Suffix::Checkmate));
/// assert_eq!(suffix_after(&Position::new()), None);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn suffix_after(pos: &Position) -> Option<Suffix> {
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

    /// The shortcut for piece moves gives what asking cozy-chess about each candidate gives,
    /// for every piece role, target and origin file in every perft position and the positions
    /// one move later (pins, checks, captures, Chess960 castling rights).
    #[test]
    fn ok_piece_and_pawn_moves_as_the_general_search() {
        let mut positions = Vec::new();
        for name in ["standard.epd", "tricky.epd", "chess960.epd"] {
            let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
            let text = std::fs::read_to_string(path).expect("perft positions");
            for line in text
                .lines()
                .filter(|l| !l.starts_with('#') && !l.is_empty())
            {
                let fen = line.split(';').next().unwrap_or_default().trim();
                for mode in [CastlingMode::Standard, CastlingMode::Chess960] {
                    if let Ok(p) = Position::from_fen(fen, mode) {
                        positions.push(p);
                        break;
                    }
                }
            }
        }
        let firsts: Vec<Position> = positions
            .iter()
            .flat_map(|p| {
                p.legal_moves().into_iter().map(|mv| {
                    let mut next = p.clone();
                    next.play_unchecked(mv);
                    next
                })
            })
            .collect();
        positions.extend(firsts);
        let (mut compared, mut found, mut pawns) = (0, 0, 0);
        for p in positions.iter().filter(|p| p.board().checkers().is_empty()) {
            for role in [
                Role::Pawn,
                Role::Knight,
                Role::Bishop,
                Role::Rook,
                Role::Queen,
            ] {
                for to in crate::Square::ALL {
                    if role == Role::Pawn && !is_plain_pawn_move(p, to, None) {
                        continue;
                    }
                    for file in std::iter::once(None).chain(crate::File::ALL.map(Some)) {
                        let mut from = p.our(role);
                        match (file, role) {
                            (Some(file), _) => from &= file.bitboard(),
                            (None, Role::Pawn) => from &= to.file().bitboard(),
                            (None, _) => {}
                        }
                        let from = from & reachers(p, role, to);
                        let fast = match role {
                            Role::Pawn => find_pawn_move(p, from, to),
                            _ => find_piece_move(p, role, from, to),
                        };
                        assert_eq!(fast, find_unique(p, from, to, None), "{p:?} {role:?} {to}");
                        compared += 1;
                        found += usize::from(fast.is_ok());
                        pawns += usize::from(fast.is_ok() && role == Role::Pawn);
                    }
                }
            }
        }
        assert!(
            compared > 1_000_000 && found > 10_000 && pawns > 1_000,
            "{compared} {found} {pawns}"
        );
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
