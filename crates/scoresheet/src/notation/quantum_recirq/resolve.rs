//! A ReCirq move against a position: the type and variant of a classical move, reading one
//! back, and reading the `quantum` dialect (the rules are in the module docs).

use std::fmt;

use cozy_chess::get_between_rays;

use super::{Label, MoveType, RecirqMove, RecirqSquares, NAME};
use crate::chess_move::Move;
use crate::notation::quantum::{find_standard, QuantumKind, QuantumMove, Variant};
use crate::notation::{MoveError, MoveErrorKind};
use crate::position::{CastlingMode, Position};
use crate::types::{CastlingSide, Role, Square};

/// Whether a square lies between `a` and `b` on a rank, file or diagonal, other than `except`.
fn has_path(a: Square, b: Square, except: Square) -> bool {
    !(get_between_rays(a, b) & !except.bitboard()).is_empty()
}

impl Label {
    /// The type and variant of a classical move (see the module docs).
    pub fn of_move(mv: Move) -> Label {
        let variant = match mv {
            Move::Normal {
                capture: Some(_), ..
            } => Variant::Capture,
            _ => Variant::Basic,
        };
        let move_type = match mv {
            Move::Castle { .. } => match mv.castling_side() {
                Some(CastlingSide::QueenSide) => MoveType::QsCastle,
                _ => MoveType::KsCastle,
            },
            Move::EnPassant { .. } => MoveType::PawnEp,
            Move::Normal {
                role: Role::Pawn,
                from,
                to,
                ..
            } => match (
                from.file() == to.file(),
                (from.rank() as u8).abs_diff(to.rank() as u8),
            ) {
                (false, _) => MoveType::PawnCapture,
                (true, 2) => MoveType::PawnTwoStep,
                (true, _) => MoveType::PawnStep,
            },
            Move::Normal { from, to, .. } if has_path(from, to, to) => MoveType::Slide,
            Move::Normal { .. } => MoveType::Jump,
        };
        Label { move_type, variant }
    }

    /// The type of a split or merge without a board: `*_SLIDE` when a square lies between a
    /// source and a target (not counting the move's other target or source), else `*_JUMP`.
    /// `None` for a standard move, whose type depends on the piece.
    pub fn of_squares(squares: RecirqSquares) -> Option<MoveType> {
        match squares {
            RecirqSquares::Split { from, to: [a, b] } => {
                Some(match has_path(from, a, b) || has_path(from, b, a) {
                    true => MoveType::SplitSlide,
                    false => MoveType::SplitJump,
                })
            }
            RecirqSquares::Merge { from: [a, b], to } => {
                Some(match has_path(a, to, b) || has_path(b, to, a) {
                    true => MoveType::MergeSlide,
                    false => MoveType::MergeJump,
                })
            }
            RecirqSquares::Standard { .. } => None,
        }
    }
}

/// Whether ReCirq's board plays `move_type` as the classical move `mv` whose assigned type is
/// `assigned` (the lenient reading, see the module docs).
fn plays_as(move_type: MoveType, assigned: MoveType, mv: Move) -> bool {
    if move_type == assigned {
        return true;
    }
    match (move_type, mv) {
        (MoveType::Jump, Move::Normal { .. }) => true,
        (MoveType::Slide, Move::Normal { role, .. }) => {
            matches!(role, Role::King | Role::Queen | Role::Rook | Role::Bishop)
                && assigned == MoveType::Jump
        }
        _ => false,
    }
}

impl RecirqMove {
    /// A classical legal move with the type and variant ReCirq assigns it (see the module
    /// docs); castling as the king's move (`e1g1`; king takes rook, `e1h1`, in Chess960).
    pub fn from_move(pos: &Position, mv: Move) -> RecirqMove {
        let to = match (mv, pos.castling_mode()) {
            (Move::Castle { rook, .. }, CastlingMode::Chess960) => rook,
            _ => mv.to(),
        };
        RecirqMove {
            squares: RecirqSquares::Standard {
                from: mv.from(),
                to,
            },
            promotion: mv.promotion(),
            measurement: None,
            label: Some(Label::of_move(mv)),
        }
    }

    /// The classical legal move this denotes, with any type and variant ReCirq's board plays
    /// as that move, or none (see the module docs).
    ///
    /// # Errors
    /// [`MoveError`] with the reason:
    /// - [`MoveErrorKind::Illegal`]: no legal move matches; a split, a merge, `EXCLUDED`,
    ///   `NULL_TYPE` or `UNSPECIFIED_STANDARD`;
    /// - [`MoveErrorKind::MoveTypeMismatch`]: ReCirq plays the type otherwise;
    /// - [`MoveErrorKind::CaptureMismatch`]: `CAPTURE` for a move that does not capture.
    pub fn to_move(&self, pos: &Position) -> Result<Move, MoveError> {
        self.find(pos, false)
            .map_err(|kind| MoveError::new(NAME, self, pos, kind))
    }

    /// Like [`RecirqMove::to_move`], but the label must be written and be exactly the one
    /// [`RecirqMove::from_move`] writes.
    ///
    /// # Errors
    /// As [`RecirqMove::to_move`], and [`MoveErrorKind::NotCanonical`] for a move without
    /// its label, [`MoveErrorKind::MoveTypeMismatch`] for another type,
    /// [`MoveErrorKind::CaptureMismatch`] for another variant.
    pub fn to_move_strict(&self, pos: &Position) -> Result<Move, MoveError> {
        self.find(pos, true)
            .map_err(|kind| MoveError::new(NAME, self, pos, kind))
    }

    fn find(&self, pos: &Position, strict: bool) -> Result<Move, MoveErrorKind> {
        let RecirqSquares::Standard { from, to } = self.squares else {
            return Err(MoveErrorKind::Illegal);
        };
        if let Some(label) = self.label {
            let unplayable = matches!(
                label.move_type,
                MoveType::NullType | MoveType::UnspecifiedStandard
            );
            if unplayable || label.variant == Variant::Excluded {
                return Err(MoveErrorKind::Illegal);
            }
        }
        let mv = find_standard(pos, from, to, self.promotion)?;
        let Some(label) = self.label else {
            return match strict {
                true => Err(MoveErrorKind::NotCanonical(mv)),
                false => Ok(mv),
            };
        };
        let assigned = Label::of_move(mv);
        let type_ok = match strict {
            true => label.move_type == assigned.move_type,
            false => plays_as(label.move_type, assigned.move_type, mv),
        };
        if !type_ok {
            return Err(MoveErrorKind::MoveTypeMismatch(mv));
        }
        let variant_ok = match (strict, label.variant) {
            (true, variant) => variant == assigned.variant,
            (false, Variant::Capture) => mv.is_capture(),
            (false, _) => true,
        };
        match variant_ok {
            true => Ok(mv),
            false => Err(MoveErrorKind::CaptureMismatch(mv)),
        }
    }

    /// A split or merge of [`quantum`](crate::quantum) notation, typed from its squares,
    /// without a board (see the module docs).
    ///
    /// # Errors
    /// [`FromQuantumError`]: a standard move (its type needs the position, see
    /// [`RecirqMove::from_quantum_in`]), the null move, a piece prefix, or targets of a split
    /// with different variants.
    pub fn from_quantum(q: &QuantumMove) -> Result<RecirqMove, FromQuantumError> {
        if q.piece.is_some() {
            return Err(FromQuantumError::Piece);
        }
        let (squares, variant) = match q.kind {
            QuantumKind::Null => return Err(FromQuantumError::Null),
            QuantumKind::Standard { .. } => return Err(FromQuantumError::NeedsPosition),
            QuantumKind::Split { from, to: [a, b] } if a.variant == b.variant => (
                RecirqSquares::Split {
                    from,
                    to: [a.square, b.square],
                },
                a.variant,
            ),
            QuantumKind::Split { .. } => return Err(FromQuantumError::MixedVariants),
            QuantumKind::Merge { from, to } => (
                RecirqSquares::Merge {
                    from,
                    to: to.square,
                },
                to.variant,
            ),
        };
        let move_type = Label::of_squares(squares).ok_or(FromQuantumError::NeedsPosition)?;
        Ok(RecirqMove {
            squares,
            promotion: None,
            measurement: q.measurement,
            label: Some(Label { move_type, variant }),
        })
    }

    /// A move of [`quantum`](crate::quantum) notation in a position: a standard move is
    /// resolved ([`QuantumMove::to_move`]) and labelled as [`RecirqMove::from_move`] does,
    /// keeping its measurement; splits and merges as [`RecirqMove::from_quantum`].
    ///
    /// # Errors
    /// [`FromQuantumError`]: those of [`RecirqMove::from_quantum`], or the [`MoveError`] of a
    /// standard move.
    pub fn from_quantum_in(
        pos: &Position,
        q: &QuantumMove,
    ) -> Result<RecirqMove, FromQuantumError> {
        match q.kind {
            QuantumKind::Standard { .. } => {
                let mv = q.to_move(pos).map_err(FromQuantumError::Move)?;
                Ok(RecirqMove {
                    measurement: q.measurement,
                    ..RecirqMove::from_move(pos, mv)
                })
            }
            _ => RecirqMove::from_quantum(q),
        }
    }
}

/// Why a [`quantum`](crate::quantum) move has no ReCirq form.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum FromQuantumError {
    /// The null move `0000`, which ReCirq does not write.
    Null,
    /// A standard move: its type depends on the piece, so it needs a position.
    NeedsPosition,
    /// A piece prefix (`Nb1^a3c3`), which ReCirq does not write.
    Piece,
    /// A split whose targets have different variants: ReCirq has one variant per move.
    MixedVariants,
    /// A standard move that is not a legal move in the position.
    Move(MoveError),
}

impl fmt::Display for FromQuantumError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FromQuantumError::Null => "quantum-recirq: the null move has no ReCirq form",
            FromQuantumError::NeedsPosition => {
                "quantum-recirq: a standard move's type needs the position"
            }
            FromQuantumError::Piece => "quantum-recirq: ReCirq writes no piece prefix",
            FromQuantumError::MixedVariants => {
                "quantum-recirq: a split's targets have different variants"
            }
            FromQuantumError::Move(_) => "quantum-recirq: the standard move is not legal here",
        })
    }
}

impl std::error::Error for FromQuantumError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            FromQuantumError::Move(e) => Some(e),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        match fen {
            "startpos" => Position::new(),
            _ => Position::from_fen(fen, CastlingMode::Standard).expect("test fen is legal"),
        }
    }

    const CASTLE: &str = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    const PROMO: &str = "1n5k/P7/8/8/8/8/8/4K3 w - - 0 1";
    const BLACK_PROMO: &str = "4k3/8/8/8/8/8/6p1/4K2R b - - 0 1";
    const EP: &str = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
    const CAPTURE: &str = "3qk3/8/8/3p4/4P3/2N5/8/3QK3 w - - 0 1";

    /// The label `from_move` assigns, as ReCirq's documentation defines it.
    #[test]
    fn ok_from_move_assigns_type_and_variant() {
        for (fen, uci, recirq) in [
            ("startpos", "g1f3", "g1f3:JUMP:BASIC"),
            ("startpos", "e2e4", "e2e4:PAWN_TWO_STEP:BASIC"),
            ("startpos", "e2e3", "e2e3:PAWN_STEP:BASIC"),
            (CASTLE, "e1g1", "e1g1:KS_CASTLE:BASIC"),
            (CASTLE, "e1c1", "e1c1:QS_CASTLE:BASIC"),
            (CASTLE, "a1a8", "a1a8:SLIDE:CAPTURE"),
            (CASTLE, "a1b1", "a1b1:JUMP:BASIC"),
            (CASTLE, "e1f2", "e1f2:JUMP:BASIC"),
            (PROMO, "a7a8q", "a7a8Q:PAWN_STEP:BASIC"),
            (PROMO, "a7b8n", "a7b8N:PAWN_CAPTURE:CAPTURE"),
            (BLACK_PROMO, "g2h1q", "g2h1q:PAWN_CAPTURE:CAPTURE"),
            (BLACK_PROMO, "g2g1r", "g2g1r:PAWN_STEP:BASIC"),
            (EP, "e5d6", "e5d6:PAWN_EP:BASIC"),
            (CAPTURE, "e4d5", "e4d5:PAWN_CAPTURE:CAPTURE"),
            (CAPTURE, "d1d5", "d1d5:SLIDE:CAPTURE"),
            (CAPTURE, "c3d5", "c3d5:JUMP:CAPTURE"),
            (CAPTURE, "d1h5", "d1h5:SLIDE:BASIC"),
        ] {
            let pos = pos(fen);
            let mv = crate::uci::UciMove::from_ascii(uci.as_bytes())
                .expect("uci")
                .to_move(&pos)
                .expect("legal");
            let written = RecirqMove::from_move(&pos, mv);
            assert_eq!(written.to_string(), recirq, "{uci}");
            assert_eq!(written.to_move_strict(&pos), Ok(mv), "{recirq}");
        }
    }

    #[test]
    fn ok_lenient_reads_what_recirq_plays_alike() {
        for (fen, input, uci) in [
            ("startpos", "e2e4", "e2e4"),
            ("startpos", "e2e4:JUMP:BASIC", "e2e4"),
            (CAPTURE, "e4d5:PAWN_CAPTURE:BASIC", "e4d5"),
            (CAPTURE, "d1d5:JUMP:CAPTURE", "d1d5"),
            (CASTLE, "a1b1:SLIDE:BASIC", "a1b1"),
            (CASTLE, "e1f1:SLIDE:BASIC", "e1f1"),
            (EP, "e5d6:PAWN_EP:CAPTURE", "e5d6"),
        ] {
            let pos = pos(fen);
            let r = RecirqMove::from_ascii_lenient(input.as_bytes()).expect("parses");
            let mv = r.to_move(&pos).unwrap_or_else(|e| panic!("{input}: {e}"));
            assert_eq!(crate::uci::UciMove::from_move(&pos, mv).to_string(), uci);
            assert!(r.to_move_strict(&pos).is_err(), "{input} is not canonical");
        }
    }

    #[test]
    fn err_to_move() {
        use MoveErrorKind::*;
        let mismatch = |fen: &str, uci: &str| {
            let pos = pos(fen);
            crate::uci::UciMove::from_ascii(uci.as_bytes())
                .expect("uci")
                .to_move(&pos)
                .expect("legal")
        };
        for (fen, input, kind) in [
            ("startpos", "b1^a3c3:SPLIT_JUMP:BASIC", Illegal),
            ("startpos", "a3c3^b1:MERGE_JUMP:BASIC", Illegal),
            ("startpos", "g1f3:JUMP:EXCLUDED", Illegal),
            ("startpos", "g1f3:NULL_TYPE:BASIC", Illegal),
            ("startpos", "g1f3:UNSPECIFIED_STANDARD:BASIC", Illegal),
            ("startpos", "a2a5:SLIDE:BASIC", Illegal),
            (
                "startpos",
                "g1f3:SLIDE:BASIC",
                MoveTypeMismatch(mismatch("startpos", "g1f3")),
            ),
            (
                "startpos",
                "e2e4:PAWN_STEP:BASIC",
                MoveTypeMismatch(mismatch("startpos", "e2e4")),
            ),
            (
                CASTLE,
                "e1g1:JUMP:BASIC",
                MoveTypeMismatch(mismatch(CASTLE, "e1g1")),
            ),
            (
                EP,
                "e5d6:JUMP:BASIC",
                MoveTypeMismatch(mismatch(EP, "e5d6")),
            ),
            (
                "startpos",
                "g1f3:JUMP:CAPTURE",
                CaptureMismatch(mismatch("startpos", "g1f3")),
            ),
        ] {
            let pos = pos(fen);
            let r: RecirqMove = input.parse().expect("valid ReCirq move");
            let err = r.to_move(&pos).expect_err("refused");
            assert_eq!(err.kind(), &kind, "{input}");
            assert_eq!(err.notation(), "quantum-recirq");
        }
        let start = pos("startpos");
        let bare: RecirqMove = "g1f3".parse().expect("valid");
        let err = bare.to_move_strict(&start).expect_err("no label");
        assert!(matches!(err.kind(), NotCanonical(_)));
        let basic: RecirqMove = "e4d5:PAWN_CAPTURE:BASIC".parse().expect("valid");
        let err = basic.to_move_strict(&pos(CAPTURE)).expect_err("capture");
        assert!(matches!(err.kind(), CaptureMismatch(_)));
    }

    #[test]
    fn ok_split_and_merge_types_from_squares() {
        for (quantum, recirq) in [
            ("b1^a3c3", "b1^a3c3:SPLIT_JUMP:BASIC"),
            ("a1^a3a4", "a1^a3a4:SPLIT_SLIDE:BASIC"),
            ("a1^b1c1", "a1^b1c1:SPLIT_JUMP:BASIC"),
            ("d1^b3g4.m1", "d1^b3g4.m1:SPLIT_SLIDE:BASIC"),
            ("e1^wd1wf1", "e1^d1f1:SPLIT_JUMP:EXCLUDED"),
            ("a3c3^b1", "a3c3^b1:MERGE_JUMP:BASIC"),
            ("a4d4^d1", "a4d4^d1:MERGE_SLIDE:BASIC"),
            ("b1c1^a1", "b1c1^a1:MERGE_JUMP:BASIC"),
            ("b3g4^xe6.m0", "b3g4^e6.m0:MERGE_SLIDE:CAPTURE"),
        ] {
            let q: QuantumMove = quantum.parse().expect("quantum");
            let r = RecirqMove::from_quantum(&q).unwrap_or_else(|e| panic!("{quantum}: {e}"));
            assert_eq!(r.to_string(), recirq, "{quantum}");
            assert_eq!(RecirqMove::from_quantum_in(&Position::new(), &q), Ok(r));
            assert_eq!(r.to_quantum(), q, "{quantum}");
        }
    }

    #[test]
    fn err_from_quantum() {
        let start = Position::new();
        for (quantum, board_free, in_position) in [
            ("0000", FromQuantumError::Null, Some(FromQuantumError::Null)),
            ("g1f3", FromQuantumError::NeedsPosition, None),
            (
                "Nb1^a3c3",
                FromQuantumError::Piece,
                Some(FromQuantumError::Piece),
            ),
            (
                "b1^xa3wc3",
                FromQuantumError::MixedVariants,
                Some(FromQuantumError::MixedVariants),
            ),
        ] {
            let q: QuantumMove = quantum.parse().expect("quantum");
            assert_eq!(RecirqMove::from_quantum(&q), Err(board_free), "{quantum}");
            match in_position {
                Some(e) => assert_eq!(RecirqMove::from_quantum_in(&start, &q), Err(e)),
                None => assert_eq!(
                    RecirqMove::from_quantum_in(&start, &q)
                        .expect("legal")
                        .to_string(),
                    "g1f3:JUMP:BASIC"
                ),
            }
        }
        let q: QuantumMove = "g1g3.m1".parse().expect("quantum");
        assert!(matches!(
            RecirqMove::from_quantum_in(&start, &q),
            Err(FromQuantumError::Move(_))
        ));
        let q: QuantumMove = "e2e4.m1".parse().expect("quantum");
        let r = RecirqMove::from_quantum_in(&start, &q).expect("legal");
        assert_eq!(r.to_string(), "e2e4.m1:PAWN_TWO_STEP:BASIC");
    }
}
