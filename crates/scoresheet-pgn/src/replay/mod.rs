//! The replay layer: from the reader's tokens to moves, the one place where that happens.
//!
//! ```text
//! bytes ──Reader──▶ tokens ──Replayer──▶ replayed plies ──ReplaySink──▶ EGD / JSON / PGN /
//!                  (Visitor)             (Ply: before, after,            token ids / Game /
//!                                         move, SAN, token)              database rows
//! ```
//!
//! The [`Reader`](crate::Reader) knows no chess: it hands move tokens over as written. The
//! [`Replayer`] is the one [`Visitor`](crate::Visitor) that gives them meaning, with the same
//! rules for every command and binding:
//!
//! - **Start position** from the tags ([`StartTags`]): `FEN` (tag names compared without
//!   case, `SetUp` not required), one table of `Variant` names ([`Variant::from_tag`]);
//!   Chess960 castling when the variant says so or the FEN needs it (Shredder-FEN, or X-FEN
//!   rights that a standard setup cannot have). Any other variant rejects the game with an
//!   error naming it.
//! - **Move tokens** ([`read_token`]): lenient SAN, else UCI, else LAN. A separate `e.p.`
//!   right after an en-passant capture annotates it and is skipped. With a movetext language
//!   ([`ReplayOptions::lang`], `--lang de` on the command line) SAN is read with that
//!   language's piece letters instead ([`read_token_in`]): a German file goes through every
//!   command.
//! - **Null moves** (`--`, `Z0`, `0000`): played (the side to move passes) unless the side to
//!   move is in check. Each [`ReplaySink`] says whether its output can hold them: PGN and
//!   [`Game`] keep them, EGD and token ids reject the game with
//!   [`GameErrorKind::NullMove`] naming the output.
//! - **Variations** are replayed from the position before the move they replace, with an
//!   explicit stack (no recursion), for the sinks that keep them (PGN); the others have the
//!   reader skip them unread. Only the mainline decides whether a game is accepted, so every
//!   output accepts and rejects the same games: an illegal move in a variation drops the rest
//!   of that variation (a lenient repair, reported as
//!   [`OddityKind::IllegalMoveInVariation`](crate::OddityKind::IllegalMoveInVariation)).
//! - **Bad games**: the first bad move, tag or read error rejects the game with a
//!   [`GameError`] (game, line, column, token, reason); the reader goes on with the next
//!   game. Games in = games replayed + games rejected.
//!
//! For callers who do not want to write a sink, [`ReplayedGames`] iterates over owned
//! [`Game`]s:
//!
//! ```
//! use scoresheet_pgn::replay::ReplayedGames;
//!
//! let pgn = "[Variant \"Chess960\"]\n[FEN \"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\"]\n\n9. g3 d5 *\n\n1. e4 e5 2. d2d4 *";
//! let games: Vec<_> = ReplayedGames::new(pgn.as_bytes()).collect::<Result<_, _>>()?;
//! assert_eq!(games.len(), 2);
//! assert_eq!(games[1].plies[2].san.to_string(), "d4");
//! # Ok::<_, scoresheet_pgn::replay::GameError>(())
//! ```

mod error;
mod game;
mod options;
mod replayer;
mod start;
mod token;

pub use error::{GameError, GameErrorKind};
pub use game::{game_result, is_decided, result_of, Game, GameBuilder, GamePly, ReplayedGames};
pub use options::ReplayOptions;
pub use replayer::{Ply, ReplaySink, Replayer};
pub use start::{StartTags, Variant};
pub use token::{read_token, read_token_in, TokenMove};
