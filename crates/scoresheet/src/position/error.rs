//! Errors of [`super::Position`]: why a setup is not a legal position, why a move cannot be
//! played.

use std::fmt;

use crate::chess_move::Move;

/// Why a [`super::Setup`] is not a legal position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PositionErrorKind {
    /// A side has no king, or more than one.
    KingCount,
    /// The two kings stand on adjacent squares (each would attack the other).
    AdjacentKings,
    /// A side has more than 16 pieces, more than 8 pawns, or more promoted pieces than its
    /// missing pawns allow.
    TooMuchMaterial,
    /// A pawn stands on the first or last rank.
    PawnOnBackRank,
    /// The side not to move is in check.
    OppositeCheck,
    /// The side to move is checked by more than two pieces, or in a way no move can give.
    ImpossibleCheck,
    /// A castling right without the king on its back rank and the rook on that side, or (in
    /// standard chess) a king not on e1/e8 or a rook not on the a- or h-file.
    CastlingRights,
    /// The en-passant square does not follow a double pawn push of the side not to move.
    EnPassant,
    /// The fullmove number is 0.
    FullmoveNumber,
}

impl PositionErrorKind {
    fn message(self) -> &'static str {
        use PositionErrorKind::*;
        match self {
            KingCount => "each side needs exactly one king",
            AdjacentKings => "the kings stand on adjacent squares",
            TooMuchMaterial => "too much material (more than 16 pieces, 8 pawns, or promotions than missing pawns allow)",
            PawnOnBackRank => "pawn on the first or last rank",
            OppositeCheck => "the side not to move is in check",
            ImpossibleCheck => "impossible check (more than two checkers, or a check no move can give)",
            CastlingRights => "impossible castling rights (king or rook not in place)",
            EnPassant => "impossible en-passant square (no pawn just made a double push there)",
            FullmoveNumber => "fullmove number must be at least 1",
        }
    }
}

/// A setup that is not a legal position.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PositionError {
    kind: PositionErrorKind,
}

impl PositionError {
    pub(crate) const fn new(kind: PositionErrorKind) -> PositionError {
        PositionError { kind }
    }

    /// What is wrong.
    pub const fn kind(&self) -> PositionErrorKind {
        self.kind
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal position: {}", self.kind.message())
    }
}

impl std::error::Error for PositionError {}

/// A move that is not legal in the position it was played in. Holds the move.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PlayError {
    /// The rejected move.
    pub mv: Move,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let m = self.mv.to_cozy();
        write!(f, "illegal move {}{}", m.from, m.to)
    }
}

impl std::error::Error for PlayError {}
