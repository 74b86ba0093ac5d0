//! Why a game could not be replayed: [`GameError`].

use std::{error, fmt};

use scoresheet::notation::MoveError;
use scoresheet::san::ParseSanError;
use scoresheet::FenError;

use crate::{Location, ReadError};

/// The longest excerpt of a token or tag value an error keeps, in bytes.
const EXCERPT_MAX: usize = 80;

/// Why a game was rejected; see [`GameError`].
#[derive(Debug)]
#[non_exhaustive]
pub enum GameErrorKind {
    /// The move token is not a move in SAN, UCI or LAN, even leniently read (the SAN error).
    Syntax(ParseSanError),
    /// The move is illegal or ambiguous in the position (given as FEN).
    Move {
        /// Why.
        error: MoveError,
        /// The position before the move.
        fen: String,
    },
    /// A null move (`--`, `Z0`, `0000`) where the output cannot hold one; names the output.
    NullMove {
        /// The output format (`EGD`, `tokens`).
        output: &'static str,
    },
    /// A null move while in check: it cannot be played.
    NullMoveInCheck {
        /// The position before the move.
        fen: String,
    },
    /// The `FEN` tag does not parse or is not a legal position.
    Fen(FenError),
    /// The `Variant` tag names a variant other than standard chess or Chess960.
    Variant,
    /// The reader could not read the game (too large, variations too deep, ...).
    Read(ReadError),
    /// A game that replayed but that an output cannot hold; names the output and why.
    Output {
        /// The output (`database rows`).
        output: &'static str,
        /// Why.
        why: String,
    },
    /// A legal move that a token vocabulary does not hold (a Chess960 castling in UCI); the
    /// token is the move as the vocabulary would write it.
    NotInVocabulary {
        /// The vocabulary's name (`san`, `uci`).
        vocabulary: &'static str,
    },
}

/// A game that was rejected: where, which token, and why.
///
/// Its message is the one every command prints for a rejected game (after the file name):
/// `game 2 (from line 9), line 12, column 5: move "Nf6": illegal move: ... (position <FEN>)`.
#[derive(Debug)]
pub struct GameError {
    kind: GameErrorKind,
    location: Location,
    token: String,
}

impl GameError {
    /// An error of `kind` at `location`, about `token` (kept as a bounded excerpt).
    pub fn new(kind: GameErrorKind, location: Location, token: &str) -> GameError {
        GameError {
            kind,
            location,
            token: excerpt(token),
        }
    }

    /// Why.
    pub fn kind(&self) -> &GameErrorKind {
        &self.kind
    }

    /// Whether the error ended the input (an I/O error, or an input in UTF-16): no game
    /// follows it, and every front end stops as for an unreadable input (the command-line
    /// tool's exit 2) instead of counting it as one rejected game.
    pub fn ends_input(&self) -> bool {
        matches!(&self.kind, GameErrorKind::Read(err) if !err.is_recoverable())
    }

    /// Where: the game and the token's line and column.
    pub fn location(&self) -> Location {
        self.location
    }

    /// The move token or tag value concerned, as written (at most 80 bytes of it, cut at a
    /// character boundary and marked with `…`).
    pub fn token(&self) -> &str {
        &self.token
    }

    /// Shifts the location: for games read out of a slice of a larger input that starts at
    /// `start`. See [`Location::offset_by`].
    pub fn offset_by(&mut self, start: Location) {
        self.location = self.location.offset_by(start);
        if let GameErrorKind::Read(err) = &mut self.kind {
            err.offset_by(start);
        }
    }
}

impl From<ReadError> for GameError {
    fn from(err: ReadError) -> GameError {
        let location = err.location();
        GameError::new(GameErrorKind::Read(err), location, "")
    }
}

/// At most [`EXCERPT_MAX`] bytes of `text`, control characters escaped.
fn excerpt(text: &str) -> String {
    let mut out = String::with_capacity(text.len().min(EXCERPT_MAX + 4));
    for c in text.chars() {
        if out.len() >= EXCERPT_MAX {
            out.push('…');
            break;
        }
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let GameErrorKind::Read(err) = &self.kind {
            return err.write_located(f);
        }
        write!(f, "{}: ", self.location)?;
        let token = &self.token;
        match &self.kind {
            GameErrorKind::Syntax(e) => write!(f, "move {token:?}: {e}"),
            GameErrorKind::Move { error, fen } => {
                write!(f, "move {token:?}: {} (position {fen})", error.kind())
            }
            GameErrorKind::NullMove { output } => {
                write!(
                    f,
                    "move {token:?}: a null move cannot be written in {output}"
                )
            }
            GameErrorKind::NullMoveInCheck { fen } => {
                write!(
                    f,
                    "move {token:?}: a null move while in check (position {fen})"
                )
            }
            GameErrorKind::Fen(e) => write!(f, "FEN tag {token:?}: {e}"),
            GameErrorKind::Variant => write!(
                f,
                "variant {token:?} is not supported (only standard chess and Chess960)"
            ),
            GameErrorKind::Output { output, why } => {
                write!(f, "the game cannot be written as {output}: {why}")
            }
            GameErrorKind::NotInVocabulary { vocabulary } => {
                write!(f, "move {token:?} is not in the {vocabulary} vocabulary")
            }
            GameErrorKind::Read(_) => Ok(()),
        }
    }
}

impl error::Error for GameError {
    fn source(&self) -> Option<&(dyn error::Error + 'static)> {
        match &self.kind {
            GameErrorKind::Syntax(e) => Some(e),
            GameErrorKind::Move { error, .. } => Some(error),
            GameErrorKind::Fen(e) => Some(e),
            GameErrorKind::Read(e) => e.source(),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ok_excerpt() {
        let long = "x".repeat(1000);
        let cases = [
            ("Nf3", "Nf3".to_string()),
            ("e4\0", "e4\\u{0}".to_string()),
            (long.as_str(), format!("{}…", "x".repeat(80))),
        ];
        for (text, want) in cases {
            assert_eq!(excerpt(text), want, "{text:?}");
        }
    }
}
