//! Game criteria: what a game's replayed mainline must show to be selected.

use std::{error, fmt};

use scoresheet::{Move, Position, Role};

use super::material::{Material, MaterialSignature};
use super::reach::Target;
use crate::egd::Repetitions;
use crate::replay::{read_token, GameErrorKind, Ply, TokenMove};

/// How a game must end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Ending {
    /// The last position is checkmate.
    Checkmate,
    /// The last position is stalemate.
    Stalemate,
}

/// Where a material signature must hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MaterialWhen {
    /// In some position of the mainline (the start included).
    AnyPly,
    /// In the last position.
    End,
}

/// What a game's mainline must show, all at once (each criterion set must hold). Built with
/// chaining setters; [`GameCriteria::new`] selects every game.
///
/// Positions are compared by their Polyglot key ([`Position::polyglot_key`]): pieces, side to
/// move, castling rights, and the en-passant file when a pawn could take there; move counters
/// aside.
///
/// ```
/// use scoresheet::Position;
/// use scoresheet_pgn::select::{GameCriteria, MoveSequence};
///
/// let criteria = GameCriteria::new()
///     .starts_with(MoveSequence::parse("1. e4 c5")?)
///     .min_plies(4);
/// assert!(!criteria.is_empty());
/// # Ok::<_, scoresheet_pgn::select::ParseMovesError>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GameCriteria {
    positions: Vec<Target>,
    material: Vec<(MaterialSignature, MaterialWhen)>,
    prefix: Option<MoveSequence>,
    min_plies: Option<u32>,
    max_plies: Option<u32>,
    ending: Option<Ending>,
    underpromotion: bool,
    threefold: bool,
}

impl GameCriteria {
    /// No criteria: every game.
    pub fn new() -> GameCriteria {
        GameCriteria::default()
    }

    /// The game reaches `position` (or any other position given this way). A game that can
    /// no longer reach any of them (a pawn it needs on its second rank has left it, a side
    /// has fewer pawns or men than it needs, or has lost a castling right it needs) is
    /// [hopeless](CriteriaCheck::is_hopeless).
    pub fn reaches(mut self, position: &Position) -> GameCriteria {
        self.positions.push(Target::of(position));
        self
    }

    /// Some position (or the last one) has this material, either side being White.
    pub fn material(mut self, signature: MaterialSignature, when: MaterialWhen) -> GameCriteria {
        self.material.push((signature, when));
        self
    }

    /// The mainline starts with these moves (from the standard start position).
    pub fn starts_with(mut self, moves: MoveSequence) -> GameCriteria {
        self.prefix = Some(moves);
        self
    }

    /// At least `n` plies.
    pub const fn min_plies(mut self, n: u32) -> GameCriteria {
        self.min_plies = Some(n);
        self
    }

    /// At most `n` plies.
    pub const fn max_plies(mut self, n: u32) -> GameCriteria {
        self.max_plies = Some(n);
        self
    }

    /// The game ends in checkmate or stalemate.
    pub const fn ends_in(mut self, ending: Ending) -> GameCriteria {
        self.ending = Some(ending);
        self
    }

    /// A pawn is promoted to a knight, bishop or rook.
    pub const fn underpromotion(mut self) -> GameCriteria {
        self.underpromotion = true;
        self
    }

    /// A position occurs a third time (repetition counted as [`Repetitions`] does).
    pub const fn threefold(mut self) -> GameCriteria {
        self.threefold = true;
        self
    }

    /// Whether no criterion is set (no game needs replaying for them).
    pub fn is_empty(&self) -> bool {
        *self == GameCriteria::new()
    }
}

/// Whether one game meets the criteria, fed its mainline one position at a time.
#[derive(Debug, Clone, Default)]
pub struct CriteriaCheck {
    plies: u32,
    key: u64,
    reached: bool,
    /// Whether some wanted position may still be reached (see [`Target`]).
    reachable: bool,
    material: Material,
    material_seen: Vec<bool>,
    prefix_ok: bool,
    underpromotion: bool,
    repetitions: Repetitions,
    threefold: bool,
    last: Option<Position>,
}

impl CriteriaCheck {
    /// Starts a game at `start`.
    pub fn start(&mut self, criteria: &GameCriteria, start: &Position) {
        self.plies = 0;
        self.key = start.polyglot_key();
        self.reached = false;
        self.reachable = true;
        // Counted only for material signatures.
        self.material = match criteria.material.is_empty() {
            true => Material::default(),
            false => Material::of(start),
        };
        self.material_seen.clear();
        self.material_seen.resize(criteria.material.len(), false);
        self.prefix_ok = criteria
            .prefix
            .as_ref()
            .is_none_or(|p| p.keys.first() == Some(&self.key));
        self.underpromotion = false;
        self.repetitions.clear();
        self.threefold = false;
        self.last = None;
        self.position(criteria, start);
    }

    /// A mainline move was played (a null move too).
    pub fn ply(&mut self, criteria: &GameCriteria, ply: &Ply<'_>) {
        self.plies = self.plies.saturating_add(1);
        self.key = match ply.mv {
            Some(mv) => ply.before.polyglot_key_after(self.key, mv, ply.after),
            None => ply.after.polyglot_key(),
        };
        if let Some(mv) = ply.mv {
            if !criteria.material.is_empty() {
                self.material.play(ply.before.turn(), mv);
            }
            let under = matches!(mv, Move::Normal { promotion: Some(r), .. } if r != Role::Queen);
            self.underpromotion |= under;
        }
        if let Some(prefix) = &criteria.prefix {
            let at = usize::try_from(self.plies).unwrap_or(usize::MAX);
            if let Some(&want) = prefix.keys.get(at) {
                self.prefix_ok &= want == self.key;
            }
        }
        self.position(criteria, ply.after);
        if criteria.ending.is_some() {
            self.last = Some(ply.after.clone());
        }
    }

    fn position(&mut self, criteria: &GameCriteria, pos: &Position) {
        if !criteria.positions.is_empty() && !self.reached {
            self.reached = criteria.positions.iter().any(|t| t.key == self.key);
            self.reachable = criteria.positions.iter().any(|t| t.reachable_from(pos));
        }
        for (seen, (signature, when)) in self.material_seen.iter_mut().zip(&criteria.material) {
            if *when == MaterialWhen::AnyPly {
                *seen |= signature.matches(&self.material);
            }
        }
        if criteria.threefold && !self.threefold {
            self.threefold = self.repetitions.push(pos) >= 3;
        }
    }

    /// The Polyglot key of the last position given.
    pub fn key(&self) -> u64 {
        self.key
    }

    /// Whether the game can no longer meet the criteria, whatever its remaining moves: it has
    /// left every wanted position out of reach (see [`GameCriteria::reaches`]), left the move
    /// sequence of [`GameCriteria::starts_with`], or has more plies than
    /// [`GameCriteria::max_plies`]. Exact: a game said hopeless fails [`finish`] whatever
    /// follows, so its replay may stop there.
    ///
    /// [`finish`]: CriteriaCheck::finish
    pub fn is_hopeless(&self, criteria: &GameCriteria) -> bool {
        let c = criteria;
        (!c.positions.is_empty() && !self.reached && !self.reachable)
            || !self.prefix_ok
            || c.max_plies.is_some_and(|n| self.plies > n)
    }

    /// Whether the game, now over, meets the criteria (`start`: its start position, for an
    /// ending check on a game without moves).
    pub fn finish(&self, criteria: &GameCriteria, start: &Position) -> bool {
        let c = criteria;
        let material = c
            .material
            .iter()
            .zip(&self.material_seen)
            .all(|(&(sig, when), seen)| match when {
                MaterialWhen::AnyPly => *seen,
                MaterialWhen::End => sig.matches(&self.material),
            });
        let long_enough = c
            .prefix
            .as_ref()
            .is_none_or(|p| p.keys.len() <= self.plies as usize + 1);
        let last = self.last.as_ref().unwrap_or(start);
        let ending = match c.ending {
            None => true,
            Some(Ending::Checkmate) => last.is_checkmate(),
            Some(Ending::Stalemate) => last.is_stalemate(),
        };
        (c.positions.is_empty() || self.reached)
            && material
            && self.prefix_ok
            && long_enough
            && c.min_plies.is_none_or(|n| self.plies >= n)
            && c.max_plies.is_none_or(|n| self.plies <= n)
            && ending
            && (!c.underpromotion || self.underpromotion)
            && (!c.threefold || self.threefold)
    }
}

/// A sequence of moves from the standard start position, in any notation the replay layer
/// reads (SAN, UCI, LAN, figurines), separated by white space, with optional move numbers
/// (`1.`, `1...`, `1.e4`): `1. e4 c5 2. Nf3`, `e2e4 c7c5`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveSequence {
    /// The Polyglot keys of the start and of the position after each move.
    keys: Vec<u64>,
}

impl MoveSequence {
    /// Reads and plays the moves.
    ///
    /// # Errors
    ///
    /// A [`ParseMovesError`] naming the first token that is no legal move, and its offset.
    pub fn parse(text: &str) -> Result<MoveSequence, ParseMovesError> {
        let mut pos = Position::new();
        let mut keys = vec![pos.polyglot_key()];
        let mut at = 0;
        for word in text.split_ascii_whitespace() {
            let offset = text[at..].find(word).map_or(at, |i| at + i);
            at = offset + word.len();
            let token = word.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
            let skipped = word.len() - token.len();
            if token.is_empty() {
                continue;
            }
            let fail = |why: String| ParseMovesError {
                offset: offset + skipped,
                token: token.to_owned(),
                why,
            };
            match read_token(&pos, token.as_bytes()) {
                Ok(TokenMove::Move { mv, .. }) => pos.play_unchecked(mv),
                Ok(TokenMove::Null) => return Err(fail("a null move".to_owned())),
                Err(GameErrorKind::Syntax(e)) => return Err(fail(e.to_string())),
                Err(GameErrorKind::Move { error, .. }) => {
                    return Err(fail(error.kind().to_string()))
                }
                Err(_) => return Err(fail("not a move".to_owned())),
            }
            keys.push(pos.polyglot_key());
        }
        Ok(MoveSequence { keys })
    }

    /// How many moves.
    pub fn len(&self) -> usize {
        self.keys.len() - 1
    }

    /// Whether there are no moves.
    pub fn is_empty(&self) -> bool {
        self.keys.len() == 1
    }
}

/// A move of a [`MoveSequence`] that is not a legal move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseMovesError {
    offset: usize,
    token: String,
    why: String,
}

impl ParseMovesError {
    /// The byte offset of the move in the sequence.
    pub fn offset(&self) -> usize {
        self.offset
    }
}

impl fmt::Display for ParseMovesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid move sequence at byte {}: expected a legal move, not {:?} ({})",
            self.offset, self.token, self.why
        )
    }
}

impl error::Error for ParseMovesError {}
