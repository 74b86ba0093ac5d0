//! [`Move`]: a legal-move description that knows what it moves and captures.

use crate::types::{CastlingSide, Role, Square};

/// A move, as played in some position.
///
/// Unlike cozy-chess moves, a `Move` carries the moving role and the captured role, so it can
/// be formatted in any notation without the position. Castling is stored as the king's and the
/// rook's origin squares (as in Chess960), so both standard and Chess960 castling fit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// Any move that is not en passant or castling, promotions included.
    Normal {
        /// The role that moves (a pawn for promotions).
        role: Role,
        /// The origin square.
        from: Square,
        /// The role on the destination square, if any.
        capture: Option<Role>,
        /// The destination square.
        to: Square,
        /// The promotion role, if a pawn reaches the last rank.
        promotion: Option<Role>,
    },
    /// An en-passant capture.
    EnPassant {
        /// The capturing pawn's square.
        from: Square,
        /// The square the pawn moves to (empty before the move).
        to: Square,
    },
    /// Castling, in any variant.
    Castle {
        /// The king's origin square.
        king: Square,
        /// The origin square of the rook the king castles with.
        rook: Square,
    },
}

impl Move {
    /// The role that moves (the king for castling).
    pub const fn role(self) -> Role {
        match self {
            Move::Normal { role, .. } => role,
            Move::EnPassant { .. } => Role::Pawn,
            Move::Castle { .. } => Role::King,
        }
    }

    /// The origin square (the king's square for castling).
    pub const fn from(self) -> Square {
        match self {
            Move::Normal { from, .. } | Move::EnPassant { from, .. } => from,
            Move::Castle { king, .. } => king,
        }
    }

    /// The destination square; for castling the square the king lands on (g- or c-file).
    pub fn to(self) -> Square {
        match self {
            Move::Normal { to, .. } | Move::EnPassant { to, .. } => to,
            Move::Castle { king, rook } => {
                let side = castling_side_of(king, rook);
                Square::new(side.king_to_file(), king.rank())
            }
        }
    }

    /// The captured role, if any (a pawn for en passant).
    pub const fn capture(self) -> Option<Role> {
        match self {
            Move::Normal { capture, .. } => capture,
            Move::EnPassant { .. } => Some(Role::Pawn),
            Move::Castle { .. } => None,
        }
    }

    /// Whether the move captures.
    pub const fn is_capture(self) -> bool {
        self.capture().is_some()
    }

    /// The promotion role, if any.
    pub const fn promotion(self) -> Option<Role> {
        match self {
            Move::Normal { promotion, .. } => promotion,
            _ => None,
        }
    }

    /// Whether the move is an en-passant capture.
    pub const fn is_en_passant(self) -> bool {
        matches!(self, Move::EnPassant { .. })
    }

    /// Whether the move is castling.
    pub const fn is_castle(self) -> bool {
        matches!(self, Move::Castle { .. })
    }

    /// The side castled to, for castling moves.
    pub fn castling_side(self) -> Option<CastlingSide> {
        match self {
            Move::Castle { king, rook } => Some(castling_side_of(king, rook)),
            _ => None,
        }
    }

    /// Whether the move resets the halfmove clock (pawn move or capture).
    pub const fn is_zeroing(self) -> bool {
        matches!(self.role(), Role::Pawn) || self.is_capture()
    }

    /// The cozy-chess move: castling as king takes rook.
    pub const fn to_cozy(self) -> cozy_chess::Move {
        match self {
            Move::Normal {
                from,
                to,
                promotion,
                ..
            } => cozy_chess::Move {
                from,
                to,
                promotion: match promotion {
                    Some(role) => Some(role.to_cozy()),
                    None => None,
                },
            },
            Move::EnPassant { from, to } => cozy_chess::Move {
                from,
                to,
                promotion: None,
            },
            Move::Castle { king, rook } => cozy_chess::Move {
                from: king,
                to: rook,
                promotion: None,
            },
        }
    }
}

fn castling_side_of(king: Square, rook: Square) -> CastlingSide {
    if rook.file() > king.file() {
        CastlingSide::KingSide
    } else {
        CastlingSide::QueenSide
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ok_castle_destination() {
        let short = Move::Castle {
            king: Square::E1,
            rook: Square::H1,
        };
        assert_eq!(short.to(), Square::G1);
        assert_eq!(short.castling_side(), Some(CastlingSide::KingSide));
        let long = Move::Castle {
            king: Square::B8,
            rook: Square::A8,
        };
        assert_eq!(long.to(), Square::C8);
        assert_eq!(long.to_cozy().to, Square::A8);
    }
}
