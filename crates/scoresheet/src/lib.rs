//! scoresheet: chess notation on top of the cozy-chess move generator: SAN, LAN, UCI, ERAN
//! (verbose and short), quantum chess notation (and its ReCirq dialect), figurine SAN, ICCF numeric, Smith, English
//! descriptive, SAN and LAN with a language's piece letters ([`localized`]), and FEN (X-FEN,
//! Shredder-FEN). [`notation::Notation`] lists them and dispatches over them.
//!
//! ```
//! use scoresheet::{Position, san::San};
//! let mut pos = Position::new();
//! let san: San = "Nf3".parse()?;
//! let mv = san.to_move(&pos)?;
//! pos.play(mv)?;
//! assert_eq!(pos.fen(scoresheet::EnPassantMode::Always), "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! # Vocabulary
//! - [`Role`]: the kind of a piece (pawn, knight, ...); [`Piece`]: a colour and a role.
//! - [`Setup`]: a position as written (a FEN's content), possibly illegal.
//! - [`Position`]: a legal position moves can be played in.
//! - [`Move`]: a move as played in a position, knowing what it moves and captures.
//! - A notation module (`san`, `lan`, `uci`, `fen`, ...) has a board-free syntax type
//!   (`San`, `Lan`, `UciMove`, `Fen`) with `to_move(&pos)` / `from_move(&pos, mv)`.

#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![warn(missing_debug_implementations)]

mod chess_move;
pub mod json;
pub mod notation;
pub mod perft;
mod position;
mod types;
pub mod vocab;

pub use chess_move::Move;
pub use notation::{
    descriptive, eran, fen, figurine, iccf, lan, localized, quantum, quantum_recirq, san, smith,
    uci, MoveError, MoveErrorKind,
};
pub use position::{
    CastleRights, CastlingMode, EnPassantMode, FenError, FenWriter, PlayError, Position,
    PositionError, PositionErrorKind, Setup,
};
pub use types::{
    is_light_square, square_name, BitBoard, CastlingSide, Color, File, Piece, Rank, Role, Square,
    SQUARE_NAMES,
};
