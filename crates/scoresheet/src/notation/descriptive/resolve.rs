//! Descriptive moves against a position: which legal moves a form denotes, resolving, and
//! writing the shortest form (see "Writing" in the module docs).

use super::{
    Action, Descriptive, DescriptivePlus, DescriptiveSquare, Designator, FileName, Origin,
    Qualifier, Wing,
};
use crate::chess_move::Move;
use crate::notation::{MoveError, MoveErrorKind};
use crate::position::Position;
use crate::san::Suffix;
use crate::types::{BitBoard, CastlingSide, Color, File, Rank, Role, Square};

const NAME: &str = "descriptive";

/// The rank of `square` counted from `turn`'s side, 1 to 8.
fn relative_rank(square: Square, turn: Color) -> u8 {
    let rank = square.rank() as u8;
    match turn {
        Color::White => rank + 1,
        Color::Black => 8 - rank,
    }
}

impl DescriptiveSquare {
    /// The one or two squares this names, for the side `turn`.
    fn squares(self, turn: Color) -> BitBoard {
        let rank = match (turn, self.rank) {
            (_, r) if !(1..=8).contains(&r) => return BitBoard::EMPTY,
            (Color::White, r) => Rank::index(usize::from(r - 1)),
            (Color::Black, r) => Rank::index(usize::from(8 - r)),
        };
        File::ALL
            .into_iter()
            .filter(|f| self.file.contains(*f))
            .fold(BitBoard::EMPTY, |b, f| b | Square::new(f, rank).bitboard())
    }

    fn contains(self, square: Square, turn: Color) -> bool {
        self.rank == relative_rank(square, turn) && self.file.contains(square.file())
    }

    fn full(square: Square, turn: Color) -> DescriptiveSquare {
        DescriptiveSquare {
            file: FileName::of(square.file()),
            rank: relative_rank(square, turn),
        }
    }

    fn short(square: Square, turn: Color) -> DescriptiveSquare {
        DescriptiveSquare {
            file: FileName::short(square.file()),
            rank: relative_rank(square, turn),
        }
    }
}

impl Designator {
    /// Whether this names a `role` of `turn` standing on `square`. A wing on a bishop names
    /// the bishop of that wing's square colour; on a knight or rook it is left to
    /// [`narrow_by_wing`], which needs the other candidates.
    fn names(self, role: Role, square: Square, turn: Color) -> bool {
        role == self.role
            && match self.qualifier {
                None => true,
                Some(Qualifier::File(file)) => file.contains(square.file()),
                Some(Qualifier::Wing(wing)) if role == Role::Bishop => {
                    let home = Square::new(wing_home_file(wing, role), back_rank(turn));
                    crate::is_light_square(home) == crate::is_light_square(square)
                }
                Some(Qualifier::Wing(_)) => true,
            }
    }
}

/// The squares a piece of `role` of the side to move on `from` could move to on this board,
/// legality aside (a pawn: its captures, or its pushes when `capture` is false).
fn reach(pos: &Position, role: Role, from: Square, capture: bool) -> BitBoard {
    let occupied = pos.board().occupied();
    match role {
        Role::Pawn if capture => cozy_chess::get_pawn_attacks(from, pos.turn()),
        Role::Pawn => {
            let ahead = match pos.turn() {
                Color::White => 1,
                Color::Black => -1,
            };
            let pushes = [from.try_offset(0, ahead), from.try_offset(0, 2 * ahead)];
            pushes
                .into_iter()
                .flatten()
                .fold(BitBoard::EMPTY, |b, s| b | s.bitboard())
        }
        Role::Knight => cozy_chess::get_knight_moves(from),
        Role::Bishop => cozy_chess::get_bishop_moves(from, occupied),
        Role::Rook => cozy_chess::get_rook_moves(from, occupied),
        Role::Queen => {
            cozy_chess::get_bishop_moves(from, occupied)
                | cozy_chess::get_rook_moves(from, occupied)
        }
        Role::King => cozy_chess::get_king_moves(from),
    }
}

/// The squares from which a piece of `role` of the side to move could move to `to` on this
/// board, legality aside (a superset: a pawn's double step is not checked).
fn reach_back(pos: &Position, role: Role, to: Square, capture: bool) -> BitBoard {
    match role {
        Role::Pawn if capture => cozy_chess::get_pawn_attacks(to, !pos.turn()),
        Role::Pawn => {
            let back = match pos.turn() {
                Color::White => -1,
                Color::Black => 1,
            };
            [to.try_offset(0, back), to.try_offset(0, 2 * back)]
                .into_iter()
                .flatten()
                .fold(BitBoard::EMPTY, |b, s| b | s.bitboard())
        }
        // Pieces move alike both ways.
        _ => reach(pos, role, to, capture),
    }
}

/// The file a wing's rook, knight or bishop starts on.
const fn wing_home_file(wing: Wing, role: Role) -> File {
    match (wing, role) {
        (Wing::Queen, Role::Rook) => File::A,
        (Wing::Queen, Role::Knight) => File::B,
        (Wing::Queen, _) => File::C,
        (Wing::King, Role::Rook) => File::H,
        (Wing::King, Role::Knight) => File::G,
        (Wing::King, _) => File::F,
    }
}

const fn back_rank(turn: Color) -> Rank {
    match turn {
        Color::White => Rank::First,
        Color::Black => Rank::Eighth,
    }
}

/// A knight's or rook's wing (`QKt`, `KR`) among the moves that fit the rest: the moves of
/// the piece on that wing's starting square if it is among them, else those of the pieces on
/// that half of the board.
fn narrow_by_wing(mover: Designator, turn: Color, found: Vec<Move>) -> Vec<Move> {
    let Some(Qualifier::Wing(wing)) = mover.qualifier else {
        return found;
    };
    if mover.role == Role::Bishop {
        return found;
    }
    let home = Square::new(wing_home_file(wing, mover.role), back_rank(turn));
    let from_home: Vec<Move> = found.iter().copied().filter(|m| m.from() == home).collect();
    if !from_home.is_empty() {
        return from_home;
    }
    found
        .into_iter()
        .filter(|m| wing.contains(m.from().file()))
        .collect()
}

/// The square of the piece a capture takes (for en passant, beside the destination).
fn captured_square(mv: Move) -> Square {
    match mv {
        Move::EnPassant { from, to } => Square::new(to.file(), from.rank()),
        _ => mv.to(),
    }
}

impl Descriptive {
    /// Whether this form denotes the legal move `mv` of the side `turn`.
    fn denotes(self, turn: Color, mv: Move) -> bool {
        let Descriptive::Normal {
            mover,
            origin,
            action,
            promotion,
            en_passant,
        } = self
        else {
            return match self {
                Descriptive::Castle(side) => mv.castling_side() == Some(side),
                _ => mv.is_castle(),
            };
        };
        if mv.is_castle() || !mover.names(mv.role(), mv.from(), turn) {
            return false;
        }
        if mv.promotion() != promotion || (en_passant && !mv.is_en_passant()) {
            return false;
        }
        let from_ok = match origin {
            None => true,
            Some(Origin::Rank(rank)) => relative_rank(mv.from(), turn) == rank,
            Some(Origin::Square(square)) => square.contains(mv.from(), turn),
        };
        from_ok
            && match action {
                Action::To(square) => !mv.is_capture() && square.contains(mv.to(), turn),
                Action::Takes { target, on } => {
                    let captured = match mv {
                        Move::EnPassant { .. } => Some(Role::Pawn),
                        _ => mv.capture(),
                    };
                    captured.is_some_and(|role| target.names(role, captured_square(mv), !turn))
                        && on.is_none_or(|sq| sq.contains(mv.to(), turn))
                }
            }
    }

    /// Where the moves this form can denote start and land (supersets, from attack geometry):
    /// moves are then generated for the one or two pieces that can reach the squares named.
    fn scope(self, pos: &Position) -> (BitBoard, BitBoard) {
        let turn = pos.turn();
        let Descriptive::Normal { mover, action, .. } = self else {
            return (pos.king(turn).bitboard(), BitBoard::FULL);
        };
        let to = match action {
            Action::To(square) => square.squares(turn),
            Action::Takes { target, on } => {
                let mut theirs = pos.board().colored_pieces(!turn, target.role.to_cozy());
                if target.role == Role::Pawn && mover.role == Role::Pawn {
                    if let Some(ep) = pos.ep_square_always() {
                        theirs |= ep.bitboard();
                    }
                }
                on.map_or(theirs, |on| theirs & on.squares(turn))
            }
        };
        let capture = matches!(action, Action::Takes { .. });
        let to = if capture {
            to
        } else {
            to & !pos.board().occupied()
        };
        let ours = pos.our(mover.role);
        // From whichever side has fewer squares: the pieces, or the squares they go to.
        let from = if to.len() <= ours.len() {
            to.into_iter().fold(BitBoard::EMPTY, |b, sq| {
                b | reach_back(pos, mover.role, sq, capture)
            }) & ours
        } else {
            ours.into_iter()
                .filter(|sq| !(reach(pos, mover.role, *sq, capture) & to).is_empty())
                .fold(BitBoard::EMPTY, |b, sq| b | sq.bitboard())
        };
        (from, to)
    }

    /// The one (from, to) pair the geometry allows for this form, when there is at most one:
    /// `Some(None)` for none, `None` when there are several (or for castling).
    fn single_pair(
        self,
        pos: &Position,
        from: BitBoard,
        to: BitBoard,
    ) -> Option<Option<(Square, Square)>> {
        let Descriptive::Normal { mover, action, .. } = self else {
            return None;
        };
        let capture = matches!(action, Action::Takes { .. });
        let mut pair = None;
        for sq in from {
            let hits = reach(pos, mover.role, sq, capture) & to;
            match (hits.len(), pair) {
                (0, _) => {}
                (1, None) => pair = hits.next_square().map(|t| (sq, t)),
                _ => return None,
            }
        }
        Some(pair)
    }

    /// The legal moves this form denotes: the first, and the others (allocated only when
    /// there are others).
    fn matches(self, pos: &Position) -> (Option<Move>, Vec<Move>) {
        let turn = pos.turn();
        let (from, to) = self.scope(pos);
        if let (Some(pair), Descriptive::Normal { promotion, .. }) =
            (self.single_pair(pos, from, to), self)
        {
            // One candidate square pair: one legality check instead of move generation.
            let found = pair
                .and_then(|(f, t)| pos.normal_move(f, t, promotion))
                .filter(|mv| self.denotes(turn, *mv));
            return (found, Vec::new());
        }
        let mut first = None;
        let mut others: Vec<Move> = Vec::new();
        pos.legal_moves_for(from, |mv| {
            if to.has(mv.to()) && self.denotes(turn, mv) {
                if first.is_none() {
                    first = Some(mv);
                } else {
                    others.push(mv);
                }
            }
            false
        });
        (first, others)
    }

    /// The legal move this denotes, with only the reason of a refusal.
    pub(crate) fn find(self, pos: &Position) -> Result<Move, MoveErrorKind> {
        let turn = pos.turn();
        let (first, mut found) = match self.matches(pos) {
            (None, _) => return Err(MoveErrorKind::Illegal),
            (Some(mv), others) if others.is_empty() => return Ok(mv),
            (Some(mv), others) => (mv, others),
        };
        found.insert(0, first);
        if let Descriptive::Normal { mover, .. } = self {
            found = narrow_by_wing(mover, turn, found);
        }
        match found.as_slice() {
            [] => Err(MoveErrorKind::Illegal),
            [mv] => Ok(*mv),
            _ => Err(MoveErrorKind::Ambiguous(found)),
        }
    }

    /// The legal move this denotes, read leniently (see "Resolving" in the module docs).
    ///
    /// # Errors
    /// [`MoveError`] naming `descriptive`: [`MoveErrorKind::Illegal`] when no legal move
    /// matches, [`MoveErrorKind::Ambiguous`] with the candidates when several do.
    pub fn to_move(self, pos: &Position) -> Result<Move, MoveError> {
        self.find(pos)
            .map_err(|kind| MoveError::new(NAME, &self, pos, kind))
    }

    /// The shortest form of a legal move that denotes it alone (see "Writing" in the module
    /// docs).
    pub fn from_move(pos: &Position, mv: Move) -> Descriptive {
        if let Some(side) = mv.castling_side() {
            return Descriptive::Castle(side);
        }
        let turn = pos.turn();
        let actions = action_forms(mv, turn);
        // Every form denotes a subset of what the least qualified one does: its matches are
        // the only rivals.
        let least = Descriptive::Normal {
            mover: Designator::role(mv.role()),
            origin: None,
            action: actions[0].unwrap_or(Action::To(DescriptiveSquare::full(mv.to(), turn))),
            promotion: mv.promotion(),
            en_passant: mv.is_en_passant(),
        };
        let rivals = match least.matches(pos) {
            (Some(only), others) if others.is_empty() && only == mv => return least,
            (first, mut others) => {
                others.extend(first);
                others
            }
        };
        let movers = mover_forms(mv, turn);
        let unique = |d: Descriptive| rivals.iter().filter(|m| d.denotes(turn, **m)).count() == 1;
        let mut last = None;
        for (mover, origin) in movers.iter().flatten() {
            for action in actions.iter().flatten() {
                let form = Descriptive::Normal {
                    mover: *mover,
                    origin: *origin,
                    action: *action,
                    promotion: mv.promotion(),
                    en_passant: mv.is_en_passant(),
                };
                if unique(form) {
                    return form;
                }
                last = Some(form);
            }
        }
        // The last form names the origin and destination squares in full: unique among legal
        // moves, so this is not reached for a legal move.
        last.unwrap_or(Descriptive::Castle(CastlingSide::KingSide))
    }
}

/// The ways to name the mover, least qualified first.
fn mover_forms(mv: Move, turn: Color) -> [Option<(Designator, Option<Origin>)>; 4] {
    let role = mv.role();
    let from = mv.from();
    let plain = Designator::role(role);
    if role == Role::Pawn {
        let file = |name| Designator {
            role,
            qualifier: Some(Qualifier::File(name)),
        };
        let short = FileName::short(from.file());
        let full = FileName::of(from.file());
        return [
            Some((plain, None)),
            Some((file(short), None)),
            (full != short).then_some((file(full), None)),
            None,
        ];
    }
    let short = DescriptiveSquare::short(from, turn);
    let full = DescriptiveSquare::full(from, turn);
    [
        Some((plain, None)),
        Some((plain, Some(Origin::Rank(relative_rank(from, turn))))),
        Some((plain, Some(Origin::Square(short)))),
        (full != short).then_some((plain, Some(Origin::Square(full)))),
    ]
}

/// The ways to name what the move does, least qualified first.
fn action_forms(mv: Move, turn: Color) -> [Option<Action>; 5] {
    let to = mv.to();
    let short = DescriptiveSquare::short(to, turn);
    let full = DescriptiveSquare::full(to, turn);
    let captured = match mv {
        Move::EnPassant { .. } => Some(Role::Pawn),
        _ => mv.capture(),
    };
    let Some(role) = captured else {
        return [
            Some(Action::To(short)),
            (full != short).then_some(Action::To(full)),
            None,
            None,
            None,
        ];
    };
    let takes = |target, on| Action::Takes { target, on };
    let plain = Designator::role(role);
    let file_of = |name| Designator {
        role,
        qualifier: Some(Qualifier::File(name)),
    };
    let at = captured_square(mv).file();
    let pawn = role == Role::Pawn;
    let (short_file, full_file) = (FileName::short(at), FileName::of(at));
    [
        Some(takes(plain, None)),
        pawn.then_some(takes(file_of(short_file), None)),
        (pawn && full_file != short_file).then_some(takes(file_of(full_file), None)),
        Some(takes(plain, Some(short))),
        (full != short).then_some(takes(plain, Some(full))),
    ]
}

impl DescriptivePlus {
    /// The legal move this denotes, read leniently: the suffix is not checked, except that
    /// when several moves fit the rest and the move is written with `ch` or `mate`, the one
    /// move among them that gives that check is taken (the books relied on it: `Q-B3ch`).
    ///
    /// # Errors
    /// As [`Descriptive::to_move`].
    pub fn to_move(self, pos: &Position) -> Result<Move, MoveError> {
        self.find(pos)
            .map_err(|kind| MoveError::new(NAME, &self, pos, kind))
    }

    fn find(self, pos: &Position) -> Result<Move, MoveErrorKind> {
        match (self.descriptive.find(pos), self.suffix) {
            (Err(MoveErrorKind::Ambiguous(candidates)), Some(suffix)) => {
                let checking: Vec<Move> = candidates
                    .iter()
                    .copied()
                    .filter(|mv| suffix_of(pos, *mv) == Some(suffix))
                    .collect();
                match checking.as_slice() {
                    [mv] => Ok(*mv),
                    _ => Err(MoveErrorKind::Ambiguous(candidates)),
                }
            }
            (found, _) => found,
        }
    }

    /// The legal move this denotes, which must be written as [`DescriptivePlus::from_move`]
    /// writes it (the shortest form, the right suffix).
    ///
    /// # Errors
    /// As [`Descriptive::to_move`], and [`MoveErrorKind::NotCanonical`] or
    /// [`MoveErrorKind::SuffixMismatch`] with the move.
    pub fn to_move_strict(self, pos: &Position) -> Result<Move, MoveError> {
        let checked = self.find(pos).and_then(|mv| {
            let canonical = DescriptivePlus::from_move(pos, mv);
            if canonical.descriptive != self.descriptive {
                Err(MoveErrorKind::NotCanonical(mv))
            } else if canonical.suffix != self.suffix {
                Err(MoveErrorKind::SuffixMismatch(mv))
            } else {
                Ok(mv)
            }
        });
        checked.map_err(|kind| MoveError::new(NAME, &self, pos, kind))
    }

    /// The shortest form of a legal move ([`Descriptive::from_move`]) with `ch` or `mate`.
    pub fn from_move(pos: &Position, mv: Move) -> DescriptivePlus {
        DescriptivePlus {
            descriptive: Descriptive::from_move(pos, mv),
            suffix: suffix_of(pos, mv),
            annotation: None,
        }
    }
}

/// The check suffix a legal move calls for (SAN's rule, on the position after it).
fn suffix_of(pos: &Position, mv: Move) -> Option<Suffix> {
    let mut after = pos.clone();
    after.play_unchecked(mv);
    crate::san::suffix_after(&after)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::uci::UciMove;
    use crate::CastlingMode;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen, CastlingMode::Standard).expect("legal test fen")
    }

    /// Positions, a lenient form, the move it denotes, and the form the writer gives.
    #[test]
    fn ok_resolve_and_write() {
        let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        // White pawns c4 and e4 can both take d5; e4 can also take f5.
        let two_takers = "4k3/8/8/3p1p2/2P1P3/8/8/4K3 w - - 0 1";
        // Knights on c3 and g1 can both reach e2.
        let knights = "4k3/8/8/8/8/2N5/8/4K1N1 w - - 0 1";
        let ep = "4k3/8/5p2/3pP3/8/8/8/4K3 w - d6 0 1";
        let promo = "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1";
        // Only castling on the queen's side is legal (a bishop stands on f1).
        let queen_side = "4k3/8/8/8/8/8/8/R3KB1R w KQ - 0 1";
        for (fen, text, uci, written) in [
            (None, "P-K4", "e2e4", "P-K4"),
            (None, "Kt-KB3", "g1f3", "N-KB3"),
            (None, "N-QB3", "b1c3", "N-QB3"),
            (Some(after_e4), "P-K4", "e7e5", "P-K4"),
            (Some(after_e4), "N-KB3", "g8f6", "N-KB3"),
            (Some(after_e4), "P-QB4", "c7c5", "P-QB4"),
            (Some(two_takers), "KPxBP", "e4f5", "PxBP"),
            (Some(two_takers), "QBPxP", "c4d5", "BPxP"),
            (Some(two_takers), "KPxP(Q5)", "e4d5", "KPxQP"),
            (Some(knights), "N(B3)-K2", "c3e2", "N(3)-K2"),
            (Some(knights), "KN-K2", "g1e2", "N(1)-K2"),
            (Some(knights), "N-Q5", "c3d5", "N-Q5"),
            (Some(ep), "PxP e.p.", "e5d6", "PxP e.p."),
            (Some(ep), "PxBP", "e5f6", "PxBP"),
            (Some(promo), "P-R8=Q", "a7a8q", "P-R8=Q"),
            (Some(promo), "PxR(Kt)", "a7b8n", "PxR=N"),
            (Some(queen_side), "Castles", "e1c1", "O-O-O"),
            (Some(queen_side), "Castles QR", "e1c1", "O-O-O"),
        ] {
            let p = fen.map_or_else(Position::new, pos);
            let parsed = DescriptivePlus::from_ascii_lenient(text.as_bytes()).expect(text);
            let mv = parsed.to_move(&p).expect(text);
            assert_eq!(UciMove::from_move(&p, mv).to_string(), uci, "{text}");
            let canonical = DescriptivePlus::from_move(&p, mv);
            assert_eq!(canonical.descriptive.to_string(), written, "{text}");
            assert_eq!(canonical.to_move_strict(&p), Ok(mv), "{written}");
        }
    }

    #[test]
    fn err_ambiguous_and_illegal() {
        let two_takers = pos("4k3/8/8/3p1p2/2P1P3/8/8/4K3 w - - 0 1");
        let e = DescriptivePlus::from_ascii(b"PxP")
            .expect("syntax")
            .to_move(&two_takers)
            .expect_err("three pawn captures");
        match e.kind() {
            MoveErrorKind::Ambiguous(c) => assert_eq!(c.len(), 3),
            other => panic!("{other:?}"),
        }
        assert_eq!(
            e.to_string(),
            "descriptive: ambiguous move 'PxP' in 4k3/8/8/3p1p2/2P1P3/8/8/4K3 w - - 0 1: 3 legal moves match"
        );
        let both = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        let e = DescriptivePlus::from_ascii_lenient(b"Castles")
            .expect("syntax")
            .to_move(&both)
            .expect_err("either castling");
        assert!(matches!(e.kind(), MoveErrorKind::Ambiguous(c) if c.len() == 2));
        for text in ["N-KB3", "P-K6", "PxN", "O-O", "P-K8=Q"] {
            let e = DescriptivePlus::from_ascii(text.as_bytes())
                .expect("syntax")
                .to_move(&two_takers)
                .expect_err(text);
            assert_eq!(e.kind(), &MoveErrorKind::Illegal, "{text}");
        }
        let strict = DescriptivePlus::from_ascii(b"N(N1)-KB3")
            .expect("syntax")
            .to_move_strict(&Position::new())
            .expect_err("N-KB3 is shorter");
        assert!(matches!(strict.kind(), MoveErrorKind::NotCanonical(_)));
        let strict = DescriptivePlus::from_ascii(b"N-KB3ch")
            .expect("syntax")
            .to_move_strict(&Position::new())
            .expect_err("no check");
        assert!(matches!(strict.kind(), MoveErrorKind::SuffixMismatch(_)));
    }
}
