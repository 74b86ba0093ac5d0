//! The geometry behind the vocabularies: which squares a piece can come from, which pieces of
//! the same role can compete for the destination, and which disambiguations follow.
//!
//! A [`Spec`] is one concrete way a move string can occur: the mover, its origin and
//! destination, and the rival pieces of the same role that also reach the destination. A SAN
//! string occurs iff [`san_specs`] yields at least one spec; the witness builder turns a spec
//! into a position, and the tests check every witness with the real move generator.

use cozy_chess::{
    get_between_rays, get_bishop_rays, get_king_moves, get_knight_moves, get_line_rays,
    get_pawn_attacks, get_rook_rays,
};

use crate::lan::{Lan, LanKind};
use crate::san::San;
use crate::types::{BitBoard, Color, File, Rank, Role, Square};
use crate::uci::UciMove;

/// One way a move can occur: who moves where, past which rivals.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Spec {
    /// The colour that moves (pawn moves fix it; piece moves are tried both ways).
    pub color: Color,
    /// The moving role.
    pub role: Role,
    /// Origin square.
    pub from: Square,
    /// Destination square.
    pub to: Square,
    /// Whether an enemy piece stands on `to`.
    pub capture: bool,
    /// Promotion role.
    pub promotion: Option<Role>,
    /// Pieces of the mover's role and colour that can also move to `to`.
    pub rivals: BitBoard,
}

/// The squares from which a piece of `role` attacks `to` on an empty board (the geometry is
/// symmetric, so these are also the squares it attacks from `to`). Pawns and kings excluded
/// from disambiguation have their own rules; this covers N, B, R, Q and K.
pub(crate) fn reach(role: Role, to: Square) -> BitBoard {
    match role {
        Role::Knight => get_knight_moves(to),
        Role::Bishop => get_bishop_rays(to),
        Role::Rook => get_rook_rays(to),
        Role::Queen => get_bishop_rays(to) | get_rook_rays(to),
        Role::King => get_king_moves(to),
        Role::Pawn => BitBoard::EMPTY,
    }
}

/// Whether `a` and `b` lie on one ray from `to`, so that the nearer one blocks the other.
/// Knights never block each other.
fn same_ray(role: Role, to: Square, a: Square, b: Square) -> bool {
    role != Role::Knight && (get_between_rays(to, a).has(b) || get_between_rays(to, b).has(a))
}

/// The squares from which another piece of `role` could also move to `to` while the mover
/// stands on `from`: every square that reaches `to`, except `from` and the squares on the
/// mover's own ray (between it and `to`, which the mover's legality keeps empty, or behind
/// it, where the mover blocks them).
pub(crate) fn rival_squares(role: Role, to: Square, from: Square) -> BitBoard {
    let mut out = BitBoard::EMPTY;
    for s in reach(role, to) & !from.bitboard() {
        if !same_ray(role, to, s, from) {
            out |= s.bitboard();
        }
    }
    out
}

/// The rival sets that make canonical SAN write the disambiguation `(file, rank)` for a move
/// `from`→`to`: none; one rival off the mover's file (file); one rival on its file (rank); one
/// on its file and one on its rank, on different rays (square). Calls `f` with each set.
fn rival_sets(role: Role, to: Square, from: Square, file: bool, rank: bool) -> Vec<BitBoard> {
    let cands = rival_squares(role, to, from);
    let on_file = cands & from.file().bitboard();
    let on_rank = cands & from.rank().bitboard();
    match (file, rank) {
        (false, false) => vec![BitBoard::EMPTY],
        (true, false) => (cands & !from.file().bitboard())
            .into_iter()
            .map(Square::bitboard)
            .collect(),
        (false, true) => on_file.into_iter().map(Square::bitboard).collect(),
        (true, true) => {
            let mut out = Vec::new();
            for a in on_file {
                for b in on_rank {
                    if !same_ray(role, to, a, b) {
                        out.push(a.bitboard() | b.bitboard());
                    }
                }
            }
            out
        }
    }
}

/// Every way the SAN (without suffix) can be the canonical SAN of a legal move, as specs.
/// Empty when the string can never occur. Castling and null moves have no spec.
pub(crate) fn san_specs(san: &San) -> Vec<Spec> {
    let San::Normal {
        role,
        file,
        rank,
        capture,
        to,
        promotion,
    } = *san
    else {
        return Vec::new();
    };
    if role == Role::Pawn {
        return pawn_specs(file, rank, capture, to, promotion);
    }
    if promotion.is_some() || (role == Role::King && (file.is_some() || rank.is_some())) {
        return Vec::new();
    }
    let mut froms = reach(role, to);
    if let Some(f) = file {
        froms &= f.bitboard();
    }
    if let Some(r) = rank {
        froms &= r.bitboard();
    }
    let mut out = Vec::new();
    for from in froms {
        for rivals in rival_sets(role, to, from, file.is_some(), rank.is_some()) {
            for color in Color::ALL {
                out.push(Spec {
                    color,
                    role,
                    from,
                    to,
                    capture,
                    promotion: None,
                    rivals,
                });
            }
        }
    }
    out
}

/// The rank a pawn of `color` promotes on.
pub(crate) fn last_rank(color: Color) -> Rank {
    Rank::Eighth.relative_to(color)
}

/// Pawn moves: pushes (one or two squares) and captures from an adjacent file, promoting
/// exactly on the last rank.
fn pawn_specs(
    file: Option<File>,
    rank: Option<Rank>,
    capture: bool,
    to: Square,
    promotion: Option<Role>,
) -> Vec<Spec> {
    if rank.is_some() || capture != file.is_some() {
        return Vec::new();
    }
    let mut out = Vec::new();
    for color in Color::ALL {
        let promotes = to.rank() == last_rank(color);
        if promotes != promotion.is_some_and(Role::is_promotion_target) {
            continue;
        }
        let back: i8 = if color == Color::White { -1 } else { 1 };
        let froms: Vec<Square> = match file {
            Some(f) => {
                let df = f as i8 - to.file() as i8;
                if df.abs() != 1 {
                    continue;
                }
                to.try_offset(df, back).into_iter().collect()
            }
            None => {
                let mut v: Vec<Square> = to.try_offset(0, back).into_iter().collect();
                if to.rank() == Rank::Fourth.relative_to(color) {
                    v.extend(to.try_offset(0, 2 * back));
                }
                v
            }
        };
        for from in froms {
            if matches!(from.rank(), Rank::First | Rank::Eighth) {
                continue;
            }
            out.push(Spec {
                color,
                role: Role::Pawn,
                from,
                to,
                capture,
                promotion,
                rivals: BitBoard::EMPTY,
            });
        }
    }
    out
}

/// The specs of a LAN move: its role, squares, capture and promotion; either colour for
/// pieces, the colour the direction implies for pawns. No rivals: LAN never disambiguates.
pub(crate) fn lan_specs(lan: &Lan) -> Vec<Spec> {
    let LanKind::Normal {
        role,
        from,
        capture,
        to,
        promotion,
    } = lan.kind
    else {
        return Vec::new();
    };
    colors_for(role, from, to)
        .map(|color| Spec {
            color,
            role,
            from,
            to,
            capture,
            promotion,
            rivals: BitBoard::EMPTY,
        })
        .collect()
}

/// The specs of a UCI move: a pawn for promotions (capturing when it changes file), a
/// knight for knight jumps, a queen otherwise.
pub(crate) fn uci_specs(uci: UciMove) -> Vec<Spec> {
    let UciMove::Normal {
        from,
        to,
        promotion,
    } = uci
    else {
        return Vec::new();
    };
    let role = if promotion.is_some() {
        Role::Pawn
    } else if get_knight_moves(from).has(to) {
        Role::Knight
    } else {
        Role::Queen
    };
    colors_for(role, from, to)
        .map(|color| Spec {
            color,
            role,
            from,
            to,
            capture: role == Role::Pawn && from.file() != to.file(),
            promotion,
            rivals: BitBoard::EMPTY,
        })
        .collect()
}

/// Pawns move up for White and down for Black; pieces may be either colour.
fn colors_for(role: Role, from: Square, to: Square) -> impl Iterator<Item = Color> {
    Color::ALL
        .into_iter()
        .filter(move |c| role != Role::Pawn || (to.rank() > from.rank()) == (*c == Color::White))
}

/// Squares that must stay as the spec has them: the pieces, the destination, and the paths
/// of the mover and its rivals.
pub(crate) fn used_squares(spec: &Spec) -> BitBoard {
    let mut used = spec.from.bitboard() | spec.to.bitboard() | spec.rivals;
    used |= get_between_rays(spec.from, spec.to);
    for r in spec.rivals {
        used |= get_between_rays(r, spec.to);
    }
    used
}

/// If a `role` of `color` on `sq` attacks `target` on an empty board: the squares between.
fn line_attack(role: Role, color: Color, sq: Square, target: Square) -> Option<BitBoard> {
    let hit = match role {
        Role::Pawn => get_pawn_attacks(sq, color).has(target),
        _ => reach(role, sq).has(target),
    };
    hit.then(|| get_between_rays(sq, target))
}

/// Whether a piece on `sq` attacks `k` before the move whatever else is on the board: it
/// attacks it geometrically, no required piece stands between (`blockers`), and every
/// square between is one that must stay empty (`open`).
fn unavoidable(
    role: Role,
    color: Color,
    sq: Square,
    k: Square,
    blockers: BitBoard,
    open: BitBoard,
) -> bool {
    match line_attack(role, color, sq, k) {
        None => false,
        Some(between) => (between & blockers).is_empty() && between.is_subset(open),
    }
}

/// Whether a rival attacks `k` before the move whatever else is on the board.
fn rival_attacks(spec: &Spec, k: Square, required: BitBoard, open: BitBoard) -> bool {
    spec.rivals
        .into_iter()
        .any(|r| unavoidable(spec.role, spec.color, r, k, required & !r.bitboard(), open))
}

/// A necessary condition for the spec's move to give check: some square for the enemy king
/// that the moved piece attacks from its destination (direct check), or that a line through
/// the origin reaches with room behind the origin for a checking slider (discovered check),
/// while nothing attacks that square before the move unavoidably. When this is false the
/// move never gives check, so its string never takes `+` or `#`. (Pawn captures that could
/// be en passant are assumed able to check.)
pub(crate) fn may_check(spec: &Spec) -> bool {
    let used = used_squares(spec);
    let required = spec.from.bitboard()
        | spec.rivals
        | if spec.capture {
            spec.to.bitboard()
        } else {
            BitBoard::EMPTY
        };
    let ep_rank = Rank::Sixth.relative_to(spec.color);
    if spec.role == Role::Pawn && spec.capture && spec.to.rank() == ep_rank {
        return true;
    }
    direct_check(spec, used, required) || discovered_check(spec, used, required)
}

fn direct_check(spec: &Spec, used: BitBoard, required: BitBoard) -> bool {
    if spec.role == Role::King {
        return false;
    }
    let role = spec.promotion.unwrap_or(spec.role);
    (!used).into_iter().any(|k| {
        let Some(after) = line_attack(role, spec.color, spec.to, k) else {
            return false;
        };
        let open = after | (used & !required);
        (after & spec.rivals).is_empty()
            && !unavoidable(
                spec.role,
                spec.color,
                spec.from,
                k,
                required & !spec.from.bitboard(),
                open,
            )
            && !rival_attacks(spec, k, required, open)
    })
}

/// The eight line directions (file step, rank step), clockwise from north.
pub(super) const DIRS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

fn discovered_check(spec: &Spec, used: BitBoard, required: BitBoard) -> bool {
    let f = spec.from;
    DIRS.into_iter().any(|(df, dr)| {
        let Some(next) = f.try_offset(df, dr) else {
            return false;
        };
        let orthogonal = df == 0 || dr == 0;
        let mover_sees = match spec.role {
            Role::Queen => true,
            Role::Rook => orthogonal,
            Role::Bishop => !orthogonal,
            _ => false,
        };
        if mover_sees || get_line_rays(f, next).has(spec.to) {
            return false;
        }
        let behind = squares_until(f, -df, -dr, required);
        if (behind & !used).is_empty() {
            return false;
        }
        let ahead = squares_until(f, df, dr, required);
        (ahead & !used).into_iter().any(|k| {
            let near = get_king_moves(spec.to) | get_king_moves(f);
            let king_clash = spec.role == Role::King && near.has(k);
            let pawn_sees = spec.role == Role::Pawn && get_pawn_attacks(f, spec.color).has(k);
            let open = get_between_rays(f, k) | (used & !required);
            !king_clash && !pawn_sees && !rival_attacks(spec, k, required, open)
        })
    })
}

/// The squares from `from` (exclusive) in one direction, up to a required piece
/// (exclusive) or the edge.
fn squares_until(from: Square, df: i8, dr: i8, stop: BitBoard) -> BitBoard {
    let mut out = BitBoard::EMPTY;
    let mut sq = from;
    while let Some(next) = sq.try_offset(df, dr) {
        if stop.has(next) {
            break;
        }
        out |= next.bitboard();
        sq = next;
    }
    out
}

/// Why a well-formed SAN string (without suffix) is never the canonical SAN of a legal move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Impossible {
    /// No piece of that role can reach the destination from a square matching the given file
    /// or rank (a pawn: no origin on the right ranks, or promotion missing or misplaced).
    NoOrigin,
    /// Canonical SAN never disambiguates king moves or pawn moves beyond the capture file, and
    /// writes a pawn capture's file exactly when it captures.
    NeverWritten,
    /// A file disambiguation needs a rival that reaches the destination from another file; no
    /// origin with the given file has one.
    NoRivalOffFile,
    /// A rank disambiguation needs a rival on the mover's own file that reaches the
    /// destination. Every origin on the given rank reaches the destination along its own file
    /// (the only squares of that file that reach the destination are on the mover's ray:
    /// between it and the destination, or behind it), or its file has no square that reaches
    /// the destination at all. So the file alone always suffices, or no rival is possible.
    NoRivalOnFile,
    /// A square disambiguation needs one rival on the mover's file and one on its rank, on
    /// different rays from the destination; the origin square has no such pair.
    NoRivalPair,
}

impl Impossible {
    /// A one-line explanation.
    pub const fn as_str(self) -> &'static str {
        match self {
            Impossible::NoOrigin => "no origin square matches",
            Impossible::NeverWritten => "canonical SAN never writes this form",
            Impossible::NoRivalOffFile => "no possible rival off the mover's file",
            Impossible::NoRivalOnFile => {
                "no possible rival on the mover's file: the file always disambiguates"
            }
            Impossible::NoRivalPair => "no possible rivals on both the mover's file and rank",
        }
    }
}

impl std::fmt::Display for Impossible {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why a SAN can never occur, or `None` when it can (see [`san_specs`]).
pub(crate) fn impossibility(san: &San) -> Option<Impossible> {
    if !san_specs(san).is_empty() {
        return None;
    }
    let San::Normal {
        role,
        file,
        rank,
        to,
        promotion,
        ..
    } = *san
    else {
        return match san {
            San::Null => Some(Impossible::NeverWritten),
            _ => None,
        };
    };
    if role == Role::Pawn || role == Role::King || promotion.is_some() {
        let forms = role == Role::King && (file.is_some() || rank.is_some())
            || role == Role::Pawn && rank.is_some();
        return Some(if forms {
            Impossible::NeverWritten
        } else {
            Impossible::NoOrigin
        });
    }
    let mut froms = reach(role, to);
    froms &= file.map_or(BitBoard::FULL, File::bitboard);
    froms &= rank.map_or(BitBoard::FULL, Rank::bitboard);
    Some(match (froms.is_empty(), file.is_some(), rank.is_some()) {
        (true, _, _) => Impossible::NoOrigin,
        (false, true, false) => Impossible::NoRivalOffFile,
        (false, false, true) => Impossible::NoRivalOnFile,
        _ => Impossible::NoRivalPair,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn san(s: &str) -> San {
        s.parse().expect("test san parses")
    }

    #[test]
    fn ok_specs_exist() {
        for s in [
            "Nbd2", "N1d2", "Nb1d2", "Qa1b2", "e4", "exd8=N", "Kxa1", "R1a3",
        ] {
            assert!(!san_specs(&san(s)).is_empty(), "{s}");
        }
    }

    #[test]
    fn err_impossible_reasons() {
        let cases = [
            ("Q1b8", Impossible::NoRivalOnFile),
            ("R1b8", Impossible::NoRivalOnFile),
            ("Nd1e2", Impossible::NoOrigin),
            ("Ba1h8", Impossible::NoRivalPair),
        ];
        for (s, want) in cases {
            assert_eq!(impossibility(&san(s)), Some(want), "{s}");
        }
        // A pawn reaching the last rank without promotion (`e8`) does not even parse.
        assert!("e8".parse::<San>().is_err());
    }
}
