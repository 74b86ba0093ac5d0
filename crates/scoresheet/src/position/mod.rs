//! [`Position`]: a legal, playable chess position, a thin layer over `cozy_chess::Board`.
//!
//! ```
//! use scoresheet::{Position, CastlingMode};
//! let mut pos = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", CastlingMode::Standard)?;
//! let mv = pos.legal_moves()[0];
//! pos.play(mv)?;
//! assert_eq!(pos.fullmove_number(), 1);
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

mod error;
mod fen_write;
mod polyglot;
mod polyglot_random;
mod setup;
mod validate;

use std::fmt;

use cozy_chess::{Board, GameStatus};

pub use error::{PlayError, PositionError, PositionErrorKind};
pub use fen_write::FenWriter;
pub use setup::{CastleRights, Setup};

use crate::chess_move::Move;
use crate::fen::{write_setup, CastlingFormat, Fen, FenRepair, ParseFenError};
use crate::types::{BitBoard, Color, Piece, Rank, Role, Square};

/// Standard chess or Chess960: decides which castling rights are valid, how castling is
/// written in UCI (`e1g1` or `e1h1`) and in FEN (`KQkq` or `HAha`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum CastlingMode {
    /// Standard chess: king on e1/e8, rooks on the a- and h-files.
    #[default]
    Standard,
    /// Chess960: any king and rook placement on the back rank.
    Chess960,
}

impl CastlingMode {
    /// The mode a setup needs: Chess960 when a castling right is not a king on e1/e8 castling
    /// with a rook on the a- or h-file, standard otherwise.
    pub fn detect(setup: &Setup) -> CastlingMode {
        let standard = Color::ALL.into_iter().all(|color| {
            let rights = setup.castle_rights(color);
            let king = Square::new(crate::File::E, Rank::First.relative_to(color));
            let has = rights.short.is_some() || rights.long.is_some();
            let king_ok = !has
                || setup.piece_at(king)
                    == Some(Piece {
                        color,
                        role: Role::King,
                    });
            king_ok
                && rights.short.is_none_or(|f| f == crate::File::H)
                && rights.long.is_none_or(|f| f == crate::File::A)
        });
        if standard {
            CastlingMode::Standard
        } else {
            CastlingMode::Chess960
        }
    }
}

/// When the FEN of a position names an en-passant square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum EnPassantMode {
    /// After every double pawn push (the PGN standard, EGD).
    #[default]
    Always,
    /// Only when an en-passant capture is legal (lichess, python-chess).
    Legal,
}

/// A legal chess position that moves can be played in.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    board: Board,
    halfmove_clock: u32,
    fullmove_number: u32,
    mode: CastlingMode,
}

impl Default for Position {
    /// The standard start position.
    fn default() -> Self {
        Position::new()
    }
}

/// A FEN that failed to parse or does not describe a legal position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FenError {
    /// The text is not a FEN.
    Parse(ParseFenError),
    /// The FEN describes an illegal position.
    Position(PositionError),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Parse(e) => e.fmt(f),
            FenError::Position(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for FenError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            FenError::Parse(e) => Some(e),
            FenError::Position(e) => Some(e),
        }
    }
}

impl Position {
    /// The standard start position.
    pub fn new() -> Position {
        /// Built once: cozy-chess builds the start position from a setup each time, which
        /// costs as much as replaying a dozen moves, and every game without a `FEN` tag starts
        /// here.
        static START: std::sync::LazyLock<Board> = std::sync::LazyLock::new(Board::startpos);
        Position {
            board: START.clone(),
            halfmove_clock: 0,
            fullmove_number: 1,
            mode: CastlingMode::Standard,
        }
    }

    /// Checks a setup and makes it a position.
    ///
    /// # Errors
    /// [`PositionError`] naming the first problem found.
    pub fn from_setup(setup: &Setup, mode: CastlingMode) -> Result<Position, PositionError> {
        Position::build(setup, mode, validate::Material::Reachable)
    }

    /// Like [`Position::from_setup`], but accepts piece counts no game can reach (nine queens
    /// and eight pawns, say), as perft suites use. cozy-chess still limits each side to 16
    /// pieces and 8 pawns.
    ///
    /// # Errors
    /// [`PositionError`] naming the first problem found.
    pub fn from_setup_any_material(
        setup: &Setup,
        mode: CastlingMode,
    ) -> Result<Position, PositionError> {
        Position::build(setup, mode, validate::Material::Any)
    }

    fn build(
        setup: &Setup,
        mode: CastlingMode,
        material: validate::Material,
    ) -> Result<Position, PositionError> {
        let board = validate::build_board(setup, mode, material)?;
        Ok(Position {
            board,
            halfmove_clock: setup.halfmove_clock,
            fullmove_number: setup.fullmove_number,
            mode,
        })
    }

    /// Parses a FEN strictly and checks the position.
    ///
    /// # Errors
    /// [`FenError`]: a syntax error with its byte offset, or why the position is illegal.
    pub fn from_fen(fen: &str, mode: CastlingMode) -> Result<Position, FenError> {
        let setup = Fen::from_ascii(fen.as_bytes()).map_err(FenError::Parse)?;
        Position::from_setup(&setup.0, mode).map_err(FenError::Position)
    }

    /// Parses a FEN leniently (see [`crate::fen`]): repairs what [`Fen::from_ascii_repaired`]
    /// and [`Position::from_setup_repaired`] repair, without saying what.
    ///
    /// # Errors
    /// [`FenError`]: a syntax error with its byte offset, or why the position is illegal.
    pub fn from_fen_lenient(fen: &str, mode: CastlingMode) -> Result<Position, FenError> {
        let (fen, _) = Fen::from_ascii_repaired(fen.as_bytes()).map_err(FenError::Parse)?;
        Position::from_setup_repaired(&fen.0, mode)
            .map(|(pos, _)| pos)
            .map_err(FenError::Position)
    }

    /// Like [`Position::from_setup`], but drops an en-passant square no double push can have
    /// left instead of refusing the setup, and says so.
    ///
    /// # Errors
    /// [`PositionError`] naming the first problem found that is not repaired.
    pub fn from_setup_repaired(
        setup: &Setup,
        mode: CastlingMode,
    ) -> Result<(Position, Vec<FenRepair>), PositionError> {
        match Position::from_setup(setup, mode) {
            Err(e) if e.kind() == PositionErrorKind::EnPassant => {
                let mut setup = setup.clone();
                let square = setup.ep_square.take();
                let pos = Position::from_setup(&setup, mode)?;
                let repairs = square.map(|square| FenRepair::EnPassantDropped { square });
                Ok((pos, repairs.into_iter().collect()))
            }
            other => other.map(|pos| (pos, Vec::new())),
        }
    }

    /// The underlying cozy-chess board.
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// Standard chess or Chess960.
    pub const fn castling_mode(&self) -> CastlingMode {
        self.mode
    }

    /// Changes how castling is validated and written from now on.
    pub fn set_castling_mode(&mut self, mode: CastlingMode) {
        self.mode = mode;
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.board.side_to_move()
    }

    /// The piece on a square.
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        let role = Role::from_cozy(self.board.piece_on(square)?);
        let color = self.board.color_on(square)?;
        Some(Piece { color, role })
    }

    /// The square of a side's king.
    pub fn king(&self, color: Color) -> Square {
        self.board.king(color)
    }

    /// Squares of the side to move's pieces of one role.
    pub fn our(&self, role: Role) -> BitBoard {
        self.board.colored_pieces(self.turn(), role.to_cozy())
    }

    /// Plies since the last capture or pawn move.
    pub const fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// The move number: 1 at the start, incremented after each Black move.
    pub const fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// The castling rights of one colour (rook files).
    pub fn castle_rights(&self, color: Color) -> &CastleRights {
        self.board.castle_rights(color)
    }

    /// The en-passant square after a double push, whether or not a capture is possible.
    pub fn ep_square_always(&self) -> Option<Square> {
        let file = self.board.en_passant()?;
        Some(Square::new(file, Rank::Sixth.relative_to(self.turn())))
    }

    /// The en-passant square, only when an en-passant capture is legal.
    pub fn ep_square_legal(&self) -> Option<Square> {
        let ep = self.ep_square_always()?;
        // Only a pawn that attacks the square can take on it: usually none, and no moves are
        // generated then.
        let pawns = self.our(Role::Pawn) & cozy_chess::get_pawn_attacks(ep, !self.turn());
        if pawns.is_empty() {
            return None;
        }
        let mut legal = false;
        self.board.generate_moves_for(pawns, |moves| {
            legal = moves.into_iter().any(|m| m.to == ep);
            legal
        });
        legal.then_some(ep)
    }

    /// The en-passant square as the given mode writes it.
    pub fn ep_square(&self, mode: EnPassantMode) -> Option<Square> {
        match mode {
            EnPassantMode::Always => self.ep_square_always(),
            EnPassantMode::Legal => self.ep_square_legal(),
        }
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        !self.board.checkers().is_empty()
    }

    /// The pieces giving check.
    pub fn checkers(&self) -> BitBoard {
        self.board.checkers()
    }

    /// Whether the side to move is checkmated.
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_moves()
    }

    /// Whether the side to move is stalemated.
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_moves()
    }

    /// Whether the side to move has a legal move.
    pub fn has_legal_moves(&self) -> bool {
        self.board.generate_moves(|_| true)
    }

    /// Whether the game is over by checkmate or stalemate.
    pub fn is_game_over(&self) -> bool {
        self.board.status() != GameStatus::Ongoing
    }

    /// Whether neither side can ever checkmate: only kings, kings and one minor piece, or
    /// kings and bishops all on squares of one colour.
    pub fn is_insufficient_material(&self) -> bool {
        let b = &self.board;
        let heavy = b.pieces(cozy_chess::Piece::Pawn)
            | b.pieces(cozy_chess::Piece::Rook)
            | b.pieces(cozy_chess::Piece::Queen);
        if !heavy.is_empty() {
            return false;
        }
        let knights = b.pieces(cozy_chess::Piece::Knight);
        let bishops = b.pieces(cozy_chess::Piece::Bishop);
        if (knights | bishops).len() <= 1 {
            return true;
        }
        let light = bishops & BitBoard::LIGHT_SQUARES;
        knights.is_empty() && (light.is_empty() || light == bishops)
    }

    /// A hash of what makes positions equal for repetition: pieces, side to move, castling
    /// rights, and the en-passant square only when a capture there is legal.
    pub fn repetition_key(&self) -> u64 {
        if self.board.en_passant().is_some() && self.ep_square_legal().is_some() {
            self.board.hash()
        } else {
            self.board.hash_without_ep()
        }
    }

    /// The position as a [`Setup`], with the en-passant square as `ep` says.
    pub fn to_setup(&self, ep: EnPassantMode) -> Setup {
        let mut setup = Setup::empty();
        for square in self.board.occupied() {
            setup.set(square, self.piece_at(square));
        }
        setup.turn = self.turn();
        setup.castling = [
            *self.castle_rights(Color::White),
            *self.castle_rights(Color::Black),
        ];
        setup.ep_square = self.ep_square(ep);
        setup.halfmove_clock = self.halfmove_clock;
        setup.fullmove_number = self.fullmove_number;
        setup
    }

    /// The FEN of the position: en-passant square as `ep` says, castling as `KQkq` (X-FEN) in
    /// standard chess and as rook files (Shredder-FEN) in Chess960.
    pub fn fen(&self, ep: EnPassantMode) -> String {
        let format = match self.mode {
            CastlingMode::Standard => CastlingFormat::XFen,
            CastlingMode::Chess960 => CastlingFormat::Shredder,
        };
        self.fen_with(ep, format)
    }

    /// The FEN of the position with explicit en-passant and castling formats.
    pub fn fen_with(&self, ep: EnPassantMode, castling: CastlingFormat) -> String {
        let mut out = String::with_capacity(90);
        let setup = self.to_setup(ep);
        write_setup(&mut out, &setup, castling).expect("writing to a String cannot fail");
        out
    }

    /// The move a cozy-chess move denotes here. The move must be legal.
    pub fn move_from_cozy(&self, mv: cozy_chess::Move) -> Move {
        let role = self
            .board
            .piece_on(mv.from)
            .map_or(Role::Pawn, Role::from_cozy);
        let our = self.board.colors(self.turn());
        if role == Role::King && our.has(mv.to) {
            return Move::Castle {
                king: mv.from,
                rook: mv.to,
            };
        }
        if role == Role::Pawn && Some(mv.to) == self.ep_square_always() {
            return Move::EnPassant {
                from: mv.from,
                to: mv.to,
            };
        }
        Move::Normal {
            role,
            from: mv.from,
            capture: self.board.piece_on(mv.to).map(Role::from_cozy),
            to: mv.to,
            promotion: mv.promotion.map(Role::from_cozy),
        }
    }

    /// Calls `f` with every legal move (in cozy-chess generation order).
    pub fn for_each_legal_move(&self, mut f: impl FnMut(Move)) {
        self.legal_moves_for(BitBoard::FULL, |mv| {
            f(mv);
            false
        });
    }

    /// Calls `f` with the legal moves of the pieces on `from`; stops when `f` returns true.
    /// Returns whether it stopped.
    pub fn legal_moves_for(&self, from: BitBoard, mut f: impl FnMut(Move) -> bool) -> bool {
        self.board.generate_moves_for(from, |moves| {
            moves.into_iter().any(|m| f(self.move_from_cozy(m)))
        })
    }

    /// The legal move from `from` to `to` with this promotion that is not castling, if any.
    /// Cheaper than generating moves: one legality check.
    pub fn normal_move(&self, from: Square, to: Square, promotion: Option<Role>) -> Option<Move> {
        if self.board.colors(self.turn()).has(to) {
            return None; // own piece there: castling in cozy-chess, or no move
        }
        let candidate = cozy_chess::Move {
            from,
            to,
            promotion: promotion.map(Role::to_cozy),
        };
        self.board
            .is_legal(candidate)
            .then(|| self.move_from_cozy(candidate))
    }

    /// Every legal move.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::with_capacity(64);
        self.for_each_legal_move(|m| out.push(m));
        out
    }

    /// Whether a move is legal here (including that it describes what is on the board).
    pub fn is_legal(&self, mv: Move) -> bool {
        self.board.is_legal(mv.to_cozy()) && self.move_from_cozy(mv.to_cozy()) == mv
    }

    /// Plays a move after checking it is legal.
    ///
    /// # Errors
    /// [`PlayError`] holding the move if it is not legal here.
    pub fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        if !self.is_legal(mv) {
            return Err(PlayError { mv });
        }
        self.play_unchecked(mv);
        Ok(())
    }

    /// Plays a move known to be legal (for example one from [`Position::legal_moves`]).
    /// An illegal move leaves the position in an unspecified (but memory-safe) state.
    pub fn play_unchecked(&mut self, mv: Move) {
        // One match for the cozy-chess move and whether the clock resets.
        let (cozy, zeroing) = match mv {
            Move::Normal {
                role,
                from,
                capture,
                to,
                promotion,
            } => {
                let promotion = promotion.map(Role::to_cozy);
                let zeroing = role == Role::Pawn || capture.is_some();
                (
                    cozy_chess::Move {
                        from,
                        to,
                        promotion,
                    },
                    zeroing,
                )
            }
            Move::EnPassant { .. } | Move::Castle { .. } => (mv.to_cozy(), mv.is_en_passant()),
        };
        if zeroing {
            self.halfmove_clock = 0;
        } else {
            self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        }
        if self.turn() == Color::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        self.board.play_unchecked(cozy);
    }

    /// Passes the turn (a null move), when the side to move is not in check.
    /// Returns false, leaving the position unchanged, when it is.
    pub fn play_null(&mut self) -> bool {
        match self.board.null_move() {
            Some(board) => {
                self.board = board;
                self.halfmove_clock = self.halfmove_clock.saturating_add(1);
                if self.turn() == Color::White {
                    self.fullmove_number = self.fullmove_number.saturating_add(1);
                }
                true
            }
            None => false,
        }
    }
}
