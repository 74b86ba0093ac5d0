//! A position a game must reach, and when it no longer can: the exact shortcut that lets a
//! game that has left every wanted position behind stop being replayed.
//!
//! What no move undoes, so that a position missing it can never lead to one that has it:
//! - a side's pawns on its second rank (White's on rank 2, Black's on rank 7): pawns only
//!   leave it (none moves backwards, none arrives there otherwise);
//! - a side's number of pawns, and its number of men (a promotion keeps the count, a capture
//!   lowers it);
//! - a side's castling rights (never given back).
//!
//! So a target that needs a pawn on e2, more pawns or men than a side has left, or a right a
//! side has lost, is out of reach ([`Target::reachable_from`] false). Nothing else is assumed:
//! a reachable answer only means "not ruled out".

use scoresheet::{BitBoard, Color, Position, Rank, Role};

/// A wanted position: its Polyglot key and what a game must still have to reach it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Target {
    /// The Polyglot key positions are compared by.
    pub(crate) key: u64,
    /// Each side's pawns on its second rank (White, Black).
    home_pawns: [BitBoard; 2],
    /// Each side's pawns and men.
    pawns: [u32; 2],
    men: [u32; 2],
    /// Each side's castling rights: short, long.
    castles: [[bool; 2]; 2],
}

const SIDES: [Color; 2] = [Color::White, Color::Black];

/// A side's second rank.
fn home_rank(color: Color) -> BitBoard {
    match color {
        Color::White => Rank::Second.bitboard(),
        Color::Black => Rank::Seventh.bitboard(),
    }
}

fn pawns(pos: &Position, color: Color) -> BitBoard {
    pos.board().colored_pieces(color, Role::Pawn.to_cozy())
}

fn castles(pos: &Position, color: Color) -> [bool; 2] {
    let rights = pos.castle_rights(color);
    [rights.short.is_some(), rights.long.is_some()]
}

impl Target {
    pub(crate) fn of(pos: &Position) -> Target {
        let side = |f: &dyn Fn(Color) -> u32| SIDES.map(f);
        Target {
            key: pos.polyglot_key(),
            home_pawns: SIDES.map(|c| pawns(pos, c) & home_rank(c)),
            pawns: side(&|c| pawns(pos, c).len()),
            men: side(&|c| pos.board().colors(c).len()),
            castles: SIDES.map(|c| castles(pos, c)),
        }
    }

    /// Whether a game now at `pos` may still reach this target (false: it cannot, whatever
    /// it plays; see the module docs).
    pub(crate) fn reachable_from(&self, pos: &Position) -> bool {
        SIDES.into_iter().enumerate().all(|(i, c)| {
            let now = pawns(pos, c);
            let rights = castles(pos, c);
            self.home_pawns[i].is_subset(now)
                && now.len() >= self.pawns[i]
                && pos.board().colors(c).len() >= self.men[i]
                && (0..2).all(|k| rights[k] || !self.castles[i][k])
        })
    }
}

#[cfg(test)]
mod tests {
    use scoresheet::{CastlingMode, Position};

    use super::Target;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen, CastlingMode::Standard).expect("legal test FEN")
    }

    #[test]
    fn ok_reachable_from() {
        let ruy = Target::of(&pos(
            "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4",
        ));
        // (position, whether the Ruy Lopez position may still be reached from it)
        let cases = [
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_owned(),
                true,
            ),
            // 1. d4: White's d-pawn has left its rank.
            (
                "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1".to_owned(),
                false,
            ),
            // 1. e4 e5 2. Nf3 Nc6: on the way.
            (
                "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3".to_owned(),
                true,
            ),
            // White has lost its castling rights.
            (
                "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w kq - 2 3".to_owned(),
                false,
            ),
            // A black knight fewer.
            (
                "r1bqkb1r/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3".to_owned(),
                false,
            ),
        ];
        for (fen, want) in cases {
            assert_eq!(ruy.reachable_from(&pos(&fen)), want, "{fen}");
        }
    }
}
