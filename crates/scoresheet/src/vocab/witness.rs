//! Witness positions: for a [`Spec`], a legal position and a move whose notation is the
//! vocabulary string, with or without check or mate.
//!
//! Every candidate is built for White to move (a Black spec is mirrored across the middle of
//! the board and mirrored back at the end), pre-filtered with attack bitboards, and accepted
//! only when the real code agrees: [`Position::from_setup`] accepts the setup, the move is
//! legal and the formatter writes exactly the expected string.
//!
//! - No suffix: the spec's pieces, a captured black knight on the destination for captures,
//!   and two kings where nothing attacks them before or after the move.
//! - `+` and `#`: a discovered check. The enemy king stands on a line through the origin and
//!   a white slider (of another role than the mover) behind it; the move opens the line. For
//!   mate, every other square next to the enemy king is attacked after the move or holds a
//!   black piece that can neither block the line nor capture the slider.

use cozy_chess::{
    get_between_rays, get_bishop_moves, get_king_moves, get_knight_moves, get_line_rays,
    get_pawn_attacks, get_rook_moves,
};

use super::geometry::{used_squares, Spec};
use crate::chess_move::Move;
use crate::lan::Lan;
use crate::position::{CastlingMode, Position, Setup};
use crate::san::{SanPlus, Suffix};
use crate::types::{BitBoard, Color, Piece, Rank, Role, Square};
use crate::uci::UciMove;

/// A legal position and a legal move in it whose notation is a given vocabulary string.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Witness {
    position: Position,
    mv: Move,
}

impl Witness {
    /// A witness from parts already checked by the caller.
    pub(crate) const fn new(position: Position, mv: Move) -> Witness {
        Witness { position, mv }
    }

    /// The position (legal: it passed [`Position::from_setup`]).
    pub const fn position(&self) -> &Position {
        &self.position
    }

    /// The move, legal in [`Witness::position`].
    pub const fn mv(&self) -> Move {
        self.mv
    }

    /// The position as FEN.
    pub fn fen(&self) -> String {
        self.position.fen(crate::EnPassantMode::Legal)
    }

    /// The move in UCI.
    pub fn uci(&self) -> UciMove {
        UciMove::from_move(&self.position, self.mv)
    }

    pub(crate) fn from_fen(fen: &str, uci: &str) -> Option<Witness> {
        let position = Position::from_fen(fen, CastlingMode::Standard).ok()?;
        let mv = uci.parse::<UciMove>().ok()?.to_move(&position).ok()?;
        Some(Witness { position, mv })
    }
}

/// Which notation the witness's move must be written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Format {
    San,
    Lan,
    Uci,
}

impl Format {
    pub(crate) fn write(self, pos: &Position, mv: Move) -> String {
        match self {
            Format::San => SanPlus::from_move(pos, mv).to_string(),
            Format::Lan => Lan::from_move(pos, mv).to_string(),
            Format::Uci => UciMove::from_move(pos, mv).to_string(),
        }
    }
}

/// What the search looks for.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Goal<'a> {
    pub format: Format,
    pub suffix: Option<Suffix>,
    pub expected: &'a str,
}

/// A board under construction, White to move, with occupancy kept alongside.
#[derive(Debug, Clone)]
struct Draft {
    board: [Option<Piece>; 64],
    white: BitBoard,
    black: BitBoard,
}

impl Draft {
    fn new() -> Draft {
        Draft {
            board: [None; 64],
            white: BitBoard::EMPTY,
            black: BitBoard::EMPTY,
        }
    }

    fn occ(&self) -> BitBoard {
        self.white | self.black
    }

    fn put(&mut self, sq: Square, color: Color, role: Role) {
        self.clear(sq);
        self.board[sq as usize] = Some(Piece { color, role });
        match color {
            Color::White => self.white |= sq.bitboard(),
            Color::Black => self.black |= sq.bitboard(),
        }
    }

    fn clear(&mut self, sq: Square) {
        self.board[sq as usize] = None;
        self.white &= !sq.bitboard();
        self.black &= !sq.bitboard();
    }

    fn count(&self, color: Color, role: Role) -> usize {
        self.board
            .iter()
            .filter(|p| **p == Some(Piece { color, role }))
            .count()
    }

    /// Squares attacked by `color` with the given occupancy.
    fn attacks(&self, color: Color, occ: BitBoard) -> BitBoard {
        let own = if color == Color::White {
            self.white
        } else {
            self.black
        };
        let mut out = BitBoard::EMPTY;
        for sq in own {
            if let Some(p) = self.board[sq as usize] {
                out |= attacks(p, sq, occ);
            }
        }
        out
    }

    /// The board after the spec's move (no legality check).
    fn after(&self, spec: &Spec) -> Draft {
        let mut d = self.clone();
        d.clear(spec.from);
        d.put(spec.to, Color::White, spec.promotion.unwrap_or(spec.role));
        d
    }

    /// The setup, mirrored with colours swapped when `flip` (Black to move then).
    fn to_setup(&self, flip: bool) -> Setup {
        let mut setup = Setup::empty();
        for sq in Square::ALL {
            if let Some(p) = self.board[sq as usize] {
                let (sq, color) = if flip {
                    (sq.flip_rank(), !p.color)
                } else {
                    (sq, p.color)
                };
                setup.set(
                    sq,
                    Some(Piece {
                        color,
                        role: p.role,
                    }),
                );
            }
        }
        setup.turn = if flip { Color::Black } else { Color::White };
        setup
    }
}

/// The squares a piece attacks.
fn attacks(p: Piece, sq: Square, occ: BitBoard) -> BitBoard {
    match p.role {
        Role::Pawn => get_pawn_attacks(sq, p.color),
        Role::Knight => get_knight_moves(sq),
        Role::Bishop => get_bishop_moves(sq, occ),
        Role::Rook => get_rook_moves(sq, occ),
        Role::Queen => get_bishop_moves(sq, occ) | get_rook_moves(sq, occ),
        Role::King => get_king_moves(sq),
    }
}

/// The spec in White's frame, and whether it was mirrored.
fn white_frame(spec: &Spec) -> (Spec, bool) {
    if spec.color == Color::White {
        return (*spec, false);
    }
    let s = Spec {
        color: Color::White,
        from: spec.from.flip_rank(),
        to: spec.to.flip_rank(),
        rivals: spec.rivals.flip_ranks(),
        ..*spec
    };
    (s, true)
}

/// A witness for the spec reaching the goal, if the search finds one.
pub(crate) fn build(spec: &Spec, goal: Goal<'_>) -> Option<Witness> {
    let (spec, flip) = white_frame(spec);
    let search = Search {
        spec,
        flip,
        goal,
        base: base_draft(&spec),
        used: used_squares(&spec),
    };
    match goal.suffix {
        None => search.quiet(),
        Some(_) => search.discovered().or_else(|| search.direct()),
    }
}

/// The mover, its rivals and, for captures, a black knight on the destination.
fn base_draft(spec: &Spec) -> Draft {
    let mut d = Draft::new();
    d.put(spec.from, Color::White, spec.role);
    for r in spec.rivals {
        d.put(r, Color::White, spec.role);
    }
    if spec.capture {
        d.put(spec.to, Color::Black, Role::Knight);
    }
    d
}

struct Search<'a> {
    spec: Spec,
    flip: bool,
    goal: Goal<'a>,
    base: Draft,
    used: BitBoard,
}

impl Search<'_> {
    /// Accepts the draft if the real code agrees with the goal.
    fn finish(&self, draft: &Draft) -> Option<Witness> {
        if !material_ok(draft) {
            return None;
        }
        let setup = draft.to_setup(self.flip);
        let position = Position::from_setup(&setup, CastlingMode::Standard).ok()?;
        let (from, to) = if self.flip {
            (self.spec.from.flip_rank(), self.spec.to.flip_rank())
        } else {
            (self.spec.from, self.spec.to)
        };
        let mv = Move::Normal {
            role: self.spec.role,
            from,
            capture: position.piece_at(to).map(|p| p.role),
            to,
            promotion: self.spec.promotion,
        };
        if !position.is_legal(mv) || self.goal.format.write(&position, mv) != self.goal.expected {
            return None;
        }
        Some(Witness { position, mv })
    }

    fn mover_is_king(&self) -> bool {
        self.spec.role == Role::King
    }

    /// Places the white king (unless it is the mover) anywhere safe, next to every square of
    /// `needs`, and tries to finish.
    fn place_white_king(
        &self,
        draft: &Draft,
        avoid: BitBoard,
        black_king: Square,
        needs: BitBoard,
    ) -> Option<Witness> {
        if self.mover_is_king() {
            return needs
                .is_subset(get_king_moves(self.spec.to))
                .then(|| self.finish(draft))
                .flatten();
        }
        let black_attacks = draft.attacks(Color::Black, draft.occ());
        let avoid = avoid | self.used | draft.occ() | black_attacks | get_king_moves(black_king);
        for w in !avoid {
            if !needs.is_subset(get_king_moves(w)) {
                continue;
            }
            let mut d = draft.clone();
            d.put(w, Color::White, Role::King);
            if let Some(found) = self.finish(&d) {
                return Some(found);
            }
        }
        None
    }

    /// A position where the move gives no check.
    fn quiet(&self) -> Option<Witness> {
        let before = self.base.attacks(Color::White, self.base.occ());
        let after = self.base.after(&self.spec);
        let after_attacks = after.attacks(Color::White, after.occ());
        let mut avoid = self.used | self.base.occ() | before | after_attacks;
        if self.mover_is_king() {
            avoid |= get_king_moves(self.spec.from) | get_king_moves(self.spec.to);
        }
        for k in !avoid {
            let mut d = self.base.clone();
            d.put(k, Color::Black, Role::King);
            if let Some(found) = self.place_white_king(&d, BitBoard::EMPTY, k, BitBoard::EMPTY) {
                return Some(found);
            }
        }
        None
    }

    /// A position where the move discovers check (and, for `#`, mate).
    fn discovered(&self) -> Option<Witness> {
        use super::geometry::DIRS;
        let from = self.spec.from;
        for (df, dr) in DIRS {
            let Some(next) = from.try_offset(df, dr) else {
                continue;
            };
            if get_line_rays(from, next).has(self.spec.to) {
                continue;
            }
            let kings = ray(from, df, dr);
            let sliders = ray(from, -df, -dr);
            let roles: &[Role] = if df == 0 || dr == 0 {
                &[Role::Rook, Role::Queen]
            } else {
                &[Role::Bishop, Role::Queen]
            };
            for &k in &kings {
                if self.blocked(k) {
                    break;
                }
                for &s in &sliders {
                    if self.blocked(s) {
                        break;
                    }
                    for &role in roles.iter().filter(|r| **r != self.spec.role) {
                        if let Some(found) = self.try_discovery(k, s, role) {
                            return Some(found);
                        }
                    }
                }
            }
        }
        None
    }

    /// Whether a piece cannot stand on `sq` (so lines through it are closed too).
    fn blocked(&self, sq: Square) -> bool {
        self.used.has(sq) || self.base.occ().has(sq)
    }

    fn try_discovery(&self, k: Square, s: Square, role: Role) -> Option<Witness> {
        let mut d = self.base.clone();
        d.put(s, Color::White, role);
        d.put(k, Color::Black, Role::King);
        if d.attacks(Color::White, d.occ()).has(k) {
            return None;
        }
        if self.mover_is_king()
            && (get_king_moves(self.spec.to) | get_king_moves(self.spec.from)).has(k)
        {
            return None;
        }
        self.check_from(d, k, get_between_rays(s, k) | s.bitboard(), s)
    }

    /// A position where the moved piece itself gives check from its destination.
    fn direct(&self) -> Option<Witness> {
        if self.mover_is_king() {
            return None;
        }
        let after = self.base.after(&self.spec);
        let piece = Piece {
            color: Color::White,
            role: self.spec.promotion.unwrap_or(self.spec.role),
        };
        let targets = attacks(piece, self.spec.to, after.occ());
        let before = self.base.attacks(Color::White, self.base.occ());
        for k in targets & !self.used & !self.base.occ() & !before {
            let mut d = self.base.clone();
            d.put(k, Color::Black, Role::King);
            if d.attacks(Color::White, d.occ()).has(k) {
                continue;
            }
            let line = get_between_rays(self.spec.to, k) | self.spec.to.bitboard();
            if let Some(found) = self.check_from(d, k, line, self.spec.to) {
                return Some(found);
            }
        }
        None
    }

    /// Finishes a checking draft: for mate, seals the king's other squares first. `line` is
    /// where Black could block or capture the checker.
    fn check_from(&self, d: Draft, k: Square, line: BitBoard, checker: Square) -> Option<Witness> {
        if self.goal.suffix != Some(Suffix::Checkmate) {
            return self
                .place_white_king(&d, line, k, BitBoard::EMPTY)
                .or_else(|| self.rescue(&d, k, line, checker));
        }
        SEALERS.iter().find_map(|(order, reverse)| {
            let mut d = d.clone();
            let needs = seal(&mut d, &self.spec, self.used, k, line, order, *reverse)?;
            self.place_white_king(&d, line, k, needs)
        })
    }

    /// A check that would be mate becomes a mere check: a black knight that can take the
    /// checker.
    fn rescue(&self, d: &Draft, k: Square, line: BitBoard, checker: Square) -> Option<Witness> {
        let free = !(self.used | d.occ() | line | get_king_moves(k));
        (get_knight_moves(checker) & free)
            .into_iter()
            .find_map(|n| {
                let mut d = d.clone();
                d.put(n, Color::Black, Role::Knight);
                self.place_white_king(&d, line, k, BitBoard::EMPTY)
            })
    }
}

/// Orders in which roles are tried as black pieces filling the king's squares, and whether
/// the squares are visited in reverse.
const SEALERS: [(&[Role], bool); 6] = [
    (
        &[
            Role::Pawn,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
            Role::Queen,
        ],
        false,
    ),
    (
        &[
            Role::Rook,
            Role::Bishop,
            Role::Knight,
            Role::Queen,
            Role::Pawn,
        ],
        false,
    ),
    (&[Role::Bishop, Role::Knight, Role::Rook], false),
    (
        &[
            Role::Pawn,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
            Role::Queen,
        ],
        true,
    ),
    (
        &[
            Role::Rook,
            Role::Bishop,
            Role::Knight,
            Role::Queen,
            Role::Pawn,
        ],
        true,
    ),
    (&[Role::Bishop, Role::Knight, Role::Rook], true),
];

/// The squares from `from` (exclusive) in one direction to the edge.
fn ray(from: Square, df: i8, dr: i8) -> Vec<Square> {
    let mut out = Vec::new();
    let mut sq = from;
    while let Some(next) = sq.try_offset(df, dr) {
        out.push(next);
        sq = next;
    }
    out
}

/// Makes every square next to the black king on `k` unavailable after the move: attacked
/// by White (with the king removed, so lines through it count), or holding a black piece
/// that cannot move onto `line` (the checking line and the checker). Returns the squares
/// left for the white king to cover (undefended white pieces, squares no black piece can
/// safely fill), or `None` when that cannot work.
fn seal(
    d: &mut Draft,
    spec: &Spec,
    used: BitBoard,
    k: Square,
    line: BitBoard,
    order: &[Role],
    reverse: bool,
) -> Option<BitBoard> {
    let mut needs = BitBoard::EMPTY;
    let mut squares: Vec<Square> = get_king_moves(k).into_iter().collect();
    if reverse {
        squares.reverse();
    }
    for n in squares {
        let after = d.after(spec);
        let white = after.attacks(Color::White, after.occ() & !k.bitboard());
        if after.black.has(n) || white.has(n) {
            continue;
        }
        if after.white.has(n) || used.has(n) || line.has(n) {
            needs |= n.bitboard();
            continue;
        }
        let role = order
            .iter()
            .copied()
            .find(|r| harmless(&after, n, *r, line));
        match role {
            Some(role) => d.put(n, Color::Black, role),
            None => needs |= n.bitboard(),
        }
    }
    let after = d.after(spec);
    let white = after.attacks(Color::White, after.occ() & !k.bitboard());
    let open = get_king_moves(k) & !after.black & !white & !needs;
    open.is_empty().then_some(needs)
}

/// Whether a black `role` on `n` (in the position after the move) could never block or
/// capture along `line`.
fn harmless(after: &Draft, n: Square, role: Role, line: BitBoard) -> bool {
    let occ = after.occ() | n.bitboard();
    let reach = if role == Role::Pawn {
        if matches!(n.rank(), Rank::First | Rank::Eighth) {
            return false;
        }
        let mut r = get_pawn_attacks(n, Color::Black);
        if let Some(one) = n.try_offset(0, -1) {
            r |= one.bitboard();
            if n.rank() == Rank::Seventh {
                r |= n.offset(0, -2).bitboard();
            }
        }
        r
    } else {
        attacks(
            Piece {
                color: Color::Black,
                role,
            },
            n,
            occ,
        )
    };
    (reach & line).is_empty()
}

/// Whether both sides' piece counts are reachable in a game (as `Position::from_setup`
/// demands), checked early to skip hopeless candidates.
fn material_ok(d: &Draft) -> bool {
    Color::ALL.into_iter().all(|color| {
        let pawns = d.count(color, Role::Pawn);
        let promoted: usize = [
            (Role::Knight, 2),
            (Role::Bishop, 2),
            (Role::Rook, 2),
            (Role::Queen, 1),
        ]
        .into_iter()
        .map(|(role, start)| d.count(color, role).saturating_sub(start))
        .sum();
        pawns + promoted <= 8
    })
}

/// Fixed castling witnesses: plain, with check (the rook on f1/d1 attacks the king's file),
/// and with mate (the king boxed in by its own rooks and pawns).
pub(crate) fn castle(side: crate::CastlingSide, suffix: Option<Suffix>) -> Option<Witness> {
    let (fen, uci) = match (side, suffix) {
        (crate::CastlingSide::KingSide, None) => ("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1"),
        (crate::CastlingSide::KingSide, Some(Suffix::Check)) => {
            ("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1")
        }
        (crate::CastlingSide::KingSide, Some(Suffix::Checkmate)) => {
            ("4rkr1/4p1p1/8/8/8/8/8/4K2R w K - 0 1", "e1g1")
        }
        (crate::CastlingSide::QueenSide, None) => ("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1"),
        (crate::CastlingSide::QueenSide, Some(Suffix::Check)) => {
            ("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1")
        }
        (crate::CastlingSide::QueenSide, Some(Suffix::Checkmate)) => {
            ("2rkr3/2p1p3/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1")
        }
    };
    Witness::from_fen(fen, uci)
}
