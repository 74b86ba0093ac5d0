//! Checks a [`Setup`] and builds the cozy-chess board, naming the first problem found.

use cozy_chess::{Board, BoardBuilder, BoardBuilderError};

use super::{CastlingMode, PositionError, PositionErrorKind, Setup};
use crate::types::{Color, File, Piece, Rank, Role, Square};

/// Which rules a setup is checked against.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Material {
    /// Piece counts must be reachable in a game (promotions only from missing pawns).
    Reachable,
    /// Any piece counts cozy-chess can represent (at most 16 pieces a side), for perft suites.
    Any,
}

/// Builds the board for a setup, or says what is wrong with it.
pub(super) fn build_board(
    setup: &Setup,
    mode: CastlingMode,
    material: Material,
) -> Result<Board, PositionError> {
    check_kings_and_pawns(setup)?;
    check_kings_apart(setup)?;
    if material == Material::Reachable {
        check_material(setup)?;
    }
    if setup.fullmove_number == 0 {
        return Err(PositionError::new(PositionErrorKind::FullmoveNumber));
    }
    if mode == CastlingMode::Standard {
        check_standard_castling(setup)?;
    }
    let board = to_builder(setup).build().map_err(|e| explain(setup, e))?;
    if board.checkers().len() > 2 {
        return Err(PositionError::new(PositionErrorKind::ImpossibleCheck));
    }
    Ok(board)
}

fn to_builder(setup: &Setup) -> BoardBuilder {
    let mut builder = BoardBuilder::empty();
    for square in Square::ALL {
        if let Some(piece) = setup.piece_at(square) {
            *builder.square_mut(square) = Some((piece.role.to_cozy(), piece.color));
        }
    }
    builder.side_to_move = setup.turn;
    builder.castle_rights = setup.castling;
    builder.en_passant = setup.ep_square;
    // cozy-chess keeps the clock in a u8 capped at 100; the position keeps the real value.
    builder.halfmove_clock = setup.halfmove_clock.min(100) as u8;
    builder.fullmove_number = setup.fullmove_number.clamp(1, u32::from(u16::MAX)) as u16;
    builder
}

/// Turns a cozy-chess builder error into the precise reason.
fn explain(setup: &Setup, error: BoardBuilderError) -> PositionError {
    let kind = match error {
        BoardBuilderError::InvalidBoard if exceeds_cozy_limits(setup) => {
            PositionErrorKind::TooMuchMaterial
        }
        BoardBuilderError::InvalidBoard => PositionErrorKind::OppositeCheck,
        BoardBuilderError::InvalidCastlingRights => PositionErrorKind::CastlingRights,
        BoardBuilderError::InvalidEnPassant => PositionErrorKind::EnPassant,
        BoardBuilderError::InvalidHalfMoveClock | BoardBuilderError::InvalidFullmoveNumber => {
            PositionErrorKind::FullmoveNumber
        }
    };
    PositionError::new(kind)
}

/// More than 16 pieces or 8 pawns on a side: cozy-chess cannot hold the position.
fn exceeds_cozy_limits(setup: &Setup) -> bool {
    Color::ALL.into_iter().any(|color| {
        let pieces = setup
            .board
            .iter()
            .flatten()
            .filter(|p| p.color == color)
            .count();
        pieces > 16 || count(setup, color, Role::Pawn) > 8
    })
}

fn count(setup: &Setup, color: Color, role: Role) -> usize {
    setup
        .board
        .iter()
        .filter(|p| **p == Some(Piece { color, role }))
        .count()
}

fn check_kings_and_pawns(setup: &Setup) -> Result<(), PositionError> {
    for color in Color::ALL {
        if count(setup, color, Role::King) != 1 {
            return Err(PositionError::new(PositionErrorKind::KingCount));
        }
    }
    for file in File::ALL {
        for rank in [Rank::First, Rank::Eighth] {
            let piece = setup.piece_at(Square::new(file, rank));
            if piece.is_some_and(|p| p.role == Role::Pawn) {
                return Err(PositionError::new(PositionErrorKind::PawnOnBackRank));
            }
        }
    }
    Ok(())
}

/// Kings on adjacent squares attack each other: no move can have led there, and cozy-chess
/// would generate the capture of a king from it.
fn check_kings_apart(setup: &Setup) -> Result<(), PositionError> {
    let king = |color| {
        setup.squares_of(Piece {
            color,
            role: Role::King,
        })
    };
    let adjacent = king(Color::White)
        .zip(king(Color::Black))
        .any(|(white, black)| cozy_chess::get_king_moves(white).has(black));
    if adjacent {
        return Err(PositionError::new(PositionErrorKind::AdjacentKings));
    }
    Ok(())
}

fn check_material(setup: &Setup) -> Result<(), PositionError> {
    for color in Color::ALL {
        if !material_is_reachable(setup, color) {
            return Err(PositionError::new(PositionErrorKind::TooMuchMaterial));
        }
    }
    Ok(())
}

/// At most 16 pieces and 8 pawns, and no more promoted pieces than missing pawns.
fn material_is_reachable(setup: &Setup, color: Color) -> bool {
    let pieces = setup
        .board
        .iter()
        .flatten()
        .filter(|p| p.color == color)
        .count();
    let pawns = count(setup, color, Role::Pawn);
    let promoted: usize = [
        (Role::Knight, 2),
        (Role::Bishop, 2),
        (Role::Rook, 2),
        (Role::Queen, 1),
    ]
    .into_iter()
    .map(|(role, start)| count(setup, color, role).saturating_sub(start))
    .sum();
    pieces <= 16 && pawns <= 8 && promoted <= 8 - pawns
}

/// In standard chess, castling needs the king on the e-file and the rook on the a- or h-file.
fn check_standard_castling(setup: &Setup) -> Result<(), PositionError> {
    for color in Color::ALL {
        let rights = setup.castle_rights(color);
        let short_ok = rights.short.is_none_or(|f| f == File::H);
        let long_ok = rights.long.is_none_or(|f| f == File::A);
        let back = Rank::First.relative_to(color);
        let king = Some(Piece {
            color,
            role: Role::King,
        });
        let has_rights = rights.short.is_some() || rights.long.is_some();
        let king_ok = !has_rights || setup.piece_at(Square::new(File::E, back)) == king;
        if !(short_ok && long_ok && king_ok) {
            return Err(PositionError::new(PositionErrorKind::CastlingRights));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::{CastlingMode, FenError, Position, PositionErrorKind};

    /// Every way of making a position, in both castling modes.
    fn constructors(fen: &str) -> Vec<Result<Position, FenError>> {
        let setup = crate::fen::Fen::from_ascii(fen.as_bytes())
            .expect("syntactically valid fen")
            .into_setup();
        let mut out = Vec::new();
        for mode in [CastlingMode::Standard, CastlingMode::Chess960] {
            out.push(Position::from_setup(&setup, mode).map_err(FenError::Position));
            out.push(Position::from_setup_any_material(&setup, mode).map_err(FenError::Position));
            out.push(Position::from_fen(fen, mode));
            out.push(Position::from_fen_lenient(fen, mode));
        }
        out
    }

    #[test]
    fn err_adjacent_kings_every_constructor() {
        for fen in [
            "8/8/8/8/8/8/3k4/4K3 w - - 0 1",
            "8/8/8/8/8/8/3k4/4K3 b - - 0 1",
            "8/8/8/8/8/8/4k3/4K3 w - - 0 1",
            "8/8/8/8/8/8/8/3kK3 b - - 0 1",
            "kK6/8/8/8/8/8/8/8 w - - 0 1",
            "8/8/8/8/3Kk3/8/8/8 w - - 0 1",
        ] {
            for result in constructors(fen) {
                match result {
                    Err(FenError::Position(e)) => {
                        assert_eq!(e.kind(), PositionErrorKind::AdjacentKings, "{fen}");
                        assert!(e.to_string().contains("adjacent"), "{e}");
                    }
                    other => panic!("{fen}: expected adjacent kings, got {other:?}"),
                }
            }
        }
    }

    #[test]
    fn ok_kings_two_squares_apart() {
        for fen in [
            "8/8/8/8/8/3k4/8/4K3 w - - 0 1",
            "8/8/8/8/8/8/8/2k1K3 w - - 0 1",
            "k7/8/K7/8/8/8/8/8 b - - 0 1",
        ] {
            for result in constructors(fen) {
                assert!(result.is_ok(), "{fen}: {result:?}");
            }
        }
    }
}
