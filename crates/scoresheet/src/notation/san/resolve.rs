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
            San::Castle(side) => find_castle(pos, side),
            San::Normal {
                role,
                file,
                rank,
                to,
                promotion,
                ..
            } => {
                let from = origins(pos, role, file, rank, to);
                match find_plain(pos, role, from, to, promotion) {
                    Some(found) => found,
                    None => find_unique(pos, from & reachers(pos, role, to), to, promotion),
                }
            }
        }
    }

    /// [`San::to_move`] and the move's canonical SAN ([`San::from_move`]), cheaper than the
    /// two calls: a piece move that names no origin resolved among every piece of its kind that
    /// can reach the target, so its canonical SAN needs no disambiguation either, and no moves
    /// are generated to find that out; a pawn move's canonical SAN names the origin file
    /// exactly when it captures.
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
        if let Some(found) = self.resolve_plain(pos) {
            return Ok(found);
        }
        let mv = self.to_move(pos)?;
        Ok((mv, self.canonical(pos, mv)))
    }

    /// [`San::resolve`] for a move [`plain_movers`] finds with a single origin, without the
    /// layers of [`San::find`]'s result; `None` for any other SAN (castling, errors, ...).
    fn resolve_plain(self, pos: &Position) -> Option<(Move, San)> {
        let San::Normal {
            role,
            file,
            rank,
            to,
            promotion,
            ..
        } = self
        else {
            return None;
        };
        let movers = plain_movers(pos, role, origins(pos, role, file, rank, to), to, promotion)?;
        let from = movers.next_square().filter(|_| is_single(movers))?;
        let capture = capture_on(pos.board(), to);
        let mv = Move::Normal {
            role,
            from,
            capture,
            to,
            promotion: None,
        };
        // [`San::canonical`], written out for the two cases it builds.
        if role != Role::Pawn && (file.is_some() || rank.is_some()) {
            return Some((mv, San::from_move(pos, mv)));
        }
        let canonical = San::Normal {
            role,
            file: (role == Role::Pawn && capture.is_some()).then(|| from.file()),
            rank: None,
            capture: capture.is_some(),
            to,
            promotion: None,
        };
        Some((mv, canonical))
    }

    /// The canonical SAN of `mv`, which this SAN resolved to: built directly for a pawn move
    /// and for a piece move that names no origin (see [`San::resolve`]), else
    /// [`San::from_move`].
    fn canonical(self, pos: &Position, mv: Move) -> San {
        match (self, mv) {
            (
                _,
                Move::Normal {
                    role: Role::Pawn,
                    from,
                    capture,
                    to,
                    promotion,
                },
            ) => San::Normal {
                role: Role::Pawn,
                file: capture.map(|_| from.file()),
                rank: None,
                capture: capture.is_some(),
                to,
                promotion,
            },
            (
                San::Normal {
                    role,
                    file: None,
                    rank: None,
                    ..
                },
                Move::Normal { capture, to, .. },
            ) if mv.role() == role => San::Normal {
                role,
                file: None,
                rank: None,
                capture: capture.is_some(),
                to,
                promotion: None,
            },
            _ => San::from_move(pos, mv),
        }
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
#[cfg_attr(not(target_family = "wasm"), inline(always))]
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
    let rivals = rivals(pos, role, others, to);
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

/// The squares of `others` (pieces of `role` of the side to move) from which a legal move
/// goes to `to`. Not in check, a knight, bishop, rook or queen takes [`piece_movers`]'
/// shortcut (a test compares it with generating the moves); otherwise moves are generated.
fn rivals(pos: &Position, role: Role, others: BitBoard, to: crate::Square) -> BitBoard {
    let board = pos.board();
    if board.checkers().is_empty()
        && matches!(role, Role::Knight | Role::Bishop | Role::Rook | Role::Queen)
    {
        return piece_movers(board, others & reachers(pos, role, to), to);
    }
    let mut rivals = BitBoard::EMPTY;
    board.generate_moves_for(others, |moves| {
        if moves.to.has(to) {
            rivals |= moves.from.bitboard();
        }
        false
    });
    rivals
}

/// The castling move to `side`, or why there is none: the king takes the rook of its
/// castling right on that side (cozy-chess's encoding), checked with `is_legal` instead of
/// generating the king's moves (a test compares the two on the perft positions).
fn find_castle(pos: &Position, side: crate::CastlingSide) -> Result<Move, MoveErrorKind> {
    let us = pos.turn();
    let rights = pos.castle_rights(us);
    let file = match side {
        crate::CastlingSide::KingSide => rights.short,
        crate::CastlingSide::QueenSide => rights.long,
    };
    let king = pos.king(us);
    file.map(|file| Move::Castle {
        king,
        rook: crate::Square::new(file, crate::Rank::First.relative_to(us)),
    })
    .filter(|mv| mv.castling_side() == Some(side) && pos.board().is_legal(mv.to_cozy()))
    .ok_or(MoveErrorKind::Illegal)
}

/// The squares a SAN's origin may be on, attack geometry aside: the side to move's pieces of
/// `role`, on the file and rank named (a pawn move that names no file stays on its file).
#[cfg_attr(not(target_family = "wasm"), inline(always))]
fn origins(
    pos: &Position,
    role: Role,
    file: Option<crate::File>,
    rank: Option<crate::Rank>,
    to: crate::Square,
) -> BitBoard {
    let mut from = pos.our(role);
    if let Some(file) = file {
        from &= file.bitboard();
    } else if role == Role::Pawn {
        from &= to.file().bitboard();
    }
    if let Some(rank) = rank {
        from &= rank.bitboard();
    }
    from
}

/// [`find_unique`] without asking cozy-chess about each candidate, for the moves most SAN
/// names: a king move that is not castling ([`king_movers`]), or, not in check, a knight,
/// bishop, rook or queen move ([`piece_movers`]) or a pawn move [`is_plain_pawn_move`]
/// allows ([`pawn_movers`]); no promotion. `None` for the other moves, left to
/// [`find_unique`]. `from` is [`origins`]. The same answer as
/// [`find_unique`] (a test compares them on every target of the perft positions).
fn find_plain(
    pos: &Position,
    role: Role,
    from: BitBoard,
    to: crate::Square,
    promotion: Option<Role>,
) -> Option<Result<Move, MoveErrorKind>> {
    plain_movers(pos, role, from, to, promotion).map(|movers| one_of(pos.board(), role, movers, to))
}

/// The squares of `from` whose move to `to` is legal, for the moves [`find_plain`] takes;
/// `None` for the others.
#[cfg_attr(not(target_family = "wasm"), inline(always))]
fn plain_movers(
    pos: &Position,
    role: Role,
    from: BitBoard,
    to: crate::Square,
    promotion: Option<Role>,
) -> Option<BitBoard> {
    let board = pos.board();
    if promotion.is_some() {
        return None;
    }
    Some(match role {
        Role::King => king_movers(board, from & reachers(pos, role, to), to),
        _ if !board.checkers().is_empty() => return None,
        Role::Knight | Role::Bishop | Role::Rook | Role::Queen => {
            piece_movers(board, from & reachers(pos, role, to), to)
        }
        Role::Pawn if is_plain_pawn_move(pos, to, None) => pawn_movers(board, from, to),
        Role::Pawn => return None,
    })
}

/// The squares of `from` (pieces that reach `to` on this board, [`reachers`]) whose move to
/// `to` is legal when not in check: all of them unless `to` holds a piece of ours, but a
/// pinned piece only along the line of its pin.
#[cfg_attr(not(target_family = "wasm"), inline(always))]
fn piece_movers(board: &cozy_chess::Board, from: BitBoard, to: crate::Square) -> BitBoard {
    if board.colors(board.side_to_move()).has(to) {
        return BitBoard::EMPTY;
    }
    unpinned(board, from, to)
}

/// The square of `from` (the king of the side to move, if it is next to `to`) whose step to
/// `to` is legal: `to` holds no piece of ours (that would be castling) and no enemy piece
/// attacks it once the king has left its square (so it cannot step along a checking line).
fn king_movers(board: &cozy_chess::Board, from: BitBoard, to: crate::Square) -> BitBoard {
    let us = board.side_to_move();
    if from.is_empty() || board.colors(us).has(to) {
        return BitBoard::EMPTY;
    }
    let occupied = board.occupied() ^ from;
    let pieces = |a, b| board.pieces(a) | board.pieces(b);
    let attackers = (cozy_chess::get_pawn_attacks(to, us) & board.pieces(cozy_chess::Piece::Pawn))
        | (cozy_chess::get_knight_moves(to) & board.pieces(cozy_chess::Piece::Knight))
        | (cozy_chess::get_king_moves(to) & board.pieces(cozy_chess::Piece::King))
        | (cozy_chess::get_bishop_moves(to, occupied)
            & pieces(cozy_chess::Piece::Bishop, cozy_chess::Piece::Queen))
        | (cozy_chess::get_rook_moves(to, occupied)
            & pieces(cozy_chess::Piece::Rook, cozy_chess::Piece::Queen));
    if attackers.is_disjoint(board.colors(!us)) {
        from
    } else {
        BitBoard::EMPTY
    }
}

/// The squares of `from` (pawns of the side to move, not in check) that can legally move to
/// `to`, short of the last rank and not the en-passant square: a push needs `to` empty (one
/// step behind it, or two from the second rank over an empty square), a capture an enemy
/// piece on `to`; a pinned pawn moves only along the line of its pin.
#[cfg_attr(not(target_family = "wasm"), inline(always))]
fn pawn_movers(board: &cozy_chess::Board, from: BitBoard, to: crate::Square) -> BitBoard {
    let us = board.side_to_move();
    let occupied = board.occupied();
    let behind = |squares: BitBoard| match us {
        crate::Color::White => BitBoard(squares.0 >> 8),
        crate::Color::Black => BitBoard(squares.0 << 8),
    };
    let movers = if board.colors(!us).has(to) {
        from & cozy_chess::get_pawn_attacks(to, !us)
    } else if occupied.has(to) {
        BitBoard::EMPTY
    } else {
        let one = behind(to.bitboard());
        if occupied.is_disjoint(one) {
            let second = crate::Rank::Second.relative_to(us).bitboard();
            from & behind(one) & second
        } else {
            from & one
        }
    };
    unpinned(board, movers, to)
}

/// `from` without the pinned pieces whose move to `to` would leave the line of their pin.
#[cfg_attr(not(target_family = "wasm"), inline(always))]
fn unpinned(board: &cozy_chess::Board, from: BitBoard, to: crate::Square) -> BitBoard {
    let pinned = from & board.pinned();
    if pinned.is_empty() {
        from
    } else {
        leave_pins(board, from, pinned, to)
    }
}

/// [`unpinned`] when some of `from` are `pinned`.
fn leave_pins(
    board: &cozy_chess::Board,
    from: BitBoard,
    pinned: BitBoard,
    to: crate::Square,
) -> BitBoard {
    let king = board.king(board.side_to_move());
    pinned
        .into_iter()
        .filter(|&sq| !cozy_chess::get_line_rays(king, sq).has(to))
        .fold(from, |from, sq| from ^ sq.bitboard())
}

/// The move of the `role` on the one square of `movers` to `to`, or why there is not one:
/// no square is illegal, several ambiguous (the candidates in square order).
fn one_of(
    board: &cozy_chess::Board,
    role: Role,
    movers: BitBoard,
    to: crate::Square,
) -> Result<Move, MoveErrorKind> {
    let Some(from) = movers.next_square() else {
        return Err(MoveErrorKind::Illegal);
    };
    let capture = capture_on(board, to);
    let mv = |from| Move::Normal {
        role,
        from,
        capture,
        to,
        promotion: None,
    };
    if is_single(movers) {
        Ok(mv(from))
    } else {
        Err(MoveErrorKind::Ambiguous(
            movers.into_iter().map(mv).collect(),
        ))
    }
}

/// Whether a non-empty set has one square only (cheaper than counting them).
#[cfg_attr(not(target_family = "wasm"), inline(always))]
fn is_single(squares: BitBoard) -> bool {
    squares.0 & squares.0.wrapping_sub(1) == 0
}

/// The role of the enemy piece on `to`, if any.
#[cfg_attr(not(target_family = "wasm"), inline(always))]
fn capture_on(board: &cozy_chess::Board, to: crate::Square) -> Option<Role> {
    if board.colors(!board.side_to_move()).has(to) {
        board.piece_on(to).map(Role::from_cozy)
    } else {
        None
    }
}

/// Whether a pawn move to `to` can take [`pawn_movers`]' shortcut: not in check, no
/// promotion named or due (`to` short of the last rank), not to the en-passant square.
#[cfg_attr(not(target_family = "wasm"), inline(always))]
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

    /// The shortcut for piece and pawn moves ([`find_plain`]) gives what asking cozy-chess
    /// about each candidate gives, for every role, target and origin file in every perft
    /// position and the positions one move later (pins, checks, captures, Chess960 castling
    /// rights); so do [`San::resolve_plain`]'s move and canonical SAN, and the shortcut for
    /// the pieces that disambiguate ([`rivals`]).
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
        let mut kings = 0;
        for p in &positions {
            for role in Role::ALL {
                for to in crate::Square::ALL {
                    for file in std::iter::once(None).chain(crate::File::ALL.map(Some)) {
                        let from = origins(p, role, file, None, to);
                        let Some(fast) = find_plain(p, role, from, to, None) else {
                            let plain = !p.is_check() && is_plain_pawn_move(p, to, None);
                            assert!(p.is_check() || (role == Role::Pawn && !plain));
                            continue;
                        };
                        kings += usize::from(fast.is_ok() && role == Role::King && p.is_check());
                        let general = find_unique(p, from & reachers(p, role, to), to, None);
                        assert_eq!(fast, general, "{p:?} {role:?} {to}");
                        let san = San::Normal {
                            role,
                            file,
                            rank: None,
                            capture: false,
                            to,
                            promotion: None,
                        };
                        let written = general.ok().map(|mv| (mv, San::from_move(p, mv)));
                        assert_eq!(san.resolve_plain(p), written, "{p:?} {san}");
                        compared += 1;
                        found += usize::from(fast.is_ok());
                        pawns += usize::from(fast.is_ok() && role == Role::Pawn);
                    }
                }
            }
        }
        assert!(
            compared > 1_000_000 && found > 10_000 && pawns > 1_000 && kings > 100,
            "{compared} {found} {pawns} {kings}"
        );
        compare_rivals(&positions);
        compare_castles(&positions);
    }

    /// [`find_castle`] gives the castling move generating the king's moves gives, for both
    /// sides in every position.
    fn compare_castles(positions: &[Position]) {
        let mut found = 0;
        for p in positions {
            for side in crate::CastlingSide::ALL {
                let mut generated = None;
                p.legal_moves_for(p.king(p.turn()).bitboard(), |mv| {
                    let hit = mv.castling_side() == Some(side);
                    if hit {
                        generated = Some(mv);
                    }
                    hit
                });
                let generated = generated.ok_or(MoveErrorKind::Illegal);
                assert_eq!(find_castle(p, side), generated, "{p:?} {side:?}");
                found += usize::from(generated.is_ok());
            }
        }
        assert!(found > 100, "{found}");
    }

    /// [`rivals`]' shortcut gives the squares generating the moves gives, for every legal
    /// move of every position.
    fn compare_rivals(positions: &[Position]) {
        let mut compared = 0;
        for p in positions {
            for mv in p.legal_moves() {
                let (role, to) = (mv.role(), mv.to());
                let others = p.our(role) & !mv.from().bitboard();
                let mut generated = BitBoard::EMPTY;
                p.board().generate_moves_for(others, |moves| {
                    if moves.to.has(to) {
                        generated |= moves.from.bitboard();
                    }
                    false
                });
                assert_eq!(rivals(p, role, others, to), generated, "{p:?} {mv:?}");
                compared += usize::from(!generated.is_empty());
            }
        }
        assert!(compared > 1_000, "{compared}");
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
