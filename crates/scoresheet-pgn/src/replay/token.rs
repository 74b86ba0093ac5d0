//! A move token of the movetext read as a move of the position: SAN, else UCI, else LAN.

use scoresheet::lan::Lan;
use scoresheet::localized::{Lang, LocalizedSan};
use scoresheet::notation::MoveError;
use scoresheet::san::{San, SanPlus};
use scoresheet::uci::UciMove;
use scoresheet::{EnPassantMode, Move, Position};

use super::GameErrorKind;

/// What a move token of the movetext is, in a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenMove {
    /// A legal move, with its canonical SAN (without check suffix).
    Move {
        /// The move.
        mv: Move,
        /// Its SAN as the standard writes it in this position.
        san: San,
    },
    /// A null move: `--`, `Z0` or `0000`.
    Null,
}

/// Reads a move token in `pos`.
///
/// The token is read as lenient SAN first (see [`scoresheet::san`]: castling with zeros,
/// figurines, `e.p.`, ...). When it is not SAN, or names no legal SAN move, it is read as UCI
/// (`g1f3`, `e7e8q`, also with a check suffix `g1f3+` or a dash `e1-g1`) and then as LAN
/// (`Ng1-f3`); the first of these that names a legal move wins. The null moves `--`, `Z0` and `0000` are [`TokenMove::Null`].
///
/// # Errors
///
/// The SAN error, unless the token is not SAN but is UCI or LAN (then that notation's move
/// error): [`GameErrorKind::Syntax`] or [`GameErrorKind::Move`] with the position's FEN.
///
/// ```
/// use scoresheet::Position;
/// use scoresheet_pgn::replay::{read_token, TokenMove};
///
/// let pos = Position::new();
/// for token in ["Nf3", "g1f3", "Ng1-f3", "♘f3"] {
///     let TokenMove::Move { san, .. } = read_token(&pos, token.as_bytes()).expect("legal") else {
///         panic!("not a null move");
///     };
///     assert_eq!(san.to_string(), "Nf3");
/// }
/// assert_eq!(read_token(&pos, b"--").ok(), Some(TokenMove::Null));
/// assert!(read_token(&pos, b"Nf6").is_err());
/// ```
#[inline]
pub fn read_token(pos: &Position, token: &[u8]) -> Result<TokenMove, GameErrorKind> {
    // The common case, kept small enough to inline: SAN naming a legal move.
    if let Ok(plus) = SanPlus::from_ascii_lenient(token) {
        if plus.san == San::Null {
            return Ok(TokenMove::Null);
        }
        if let Ok((mv, san)) = plus.san.resolve(pos) {
            return Ok(TokenMove::Move { mv, san });
        }
    }
    read_other(pos, token)
}

/// Reads a move token in `pos` whose piece letters are those of `lang` (`Sf3` in German): as
/// localized SAN ([`LocalizedSan::from_ascii_lenient`], figurines too), else UCI, else LAN,
/// as [`read_token`] reads English SAN. `None` or English is [`read_token`].
///
/// # Errors
///
/// As [`read_token`], the SAN error naming the language (`san-de`).
///
/// ```
/// use scoresheet::{localized::Lang, Position};
/// use scoresheet_pgn::replay::{read_token_in, TokenMove};
///
/// let de = Some(Lang::from_code("de").expect("German"));
/// let pos = Position::new();
/// let Ok(TokenMove::Move { san, .. }) = read_token_in(&pos, b"Sf3", de) else { panic!() };
/// assert_eq!(san.to_string(), "Nf3");
/// assert!(read_token_in(&pos, b"Nf3", de).is_err());
/// ```
pub fn read_token_in(
    pos: &Position,
    token: &[u8],
    lang: Option<Lang>,
) -> Result<TokenMove, GameErrorKind> {
    match lang {
        Some(lang) if lang != Lang::ENGLISH => read_localized(pos, token, lang),
        _ => read_token(pos, token),
    }
}

/// [`read_token_in`] for a language other than English.
fn read_localized(pos: &Position, token: &[u8], lang: Lang) -> Result<TokenMove, GameErrorKind> {
    let localized = match LocalizedSan::from_ascii_lenient(lang, token) {
        Ok(localized) if localized.san.san == San::Null => return Ok(TokenMove::Null),
        Ok(localized) => localized,
        Err(syntax) => {
            return match other_notation(pos, token) {
                Some(Ok(mv)) => Ok(moved(pos, mv)),
                Some(Err(error)) => Err(move_error(pos, error)),
                None => Err(GameErrorKind::Syntax(syntax)),
            }
        }
    };
    if let Ok((mv, san)) = localized.san.san.resolve(pos) {
        return Ok(TokenMove::Move { mv, san });
    }
    match (other_notation(pos, token), localized.to_move(pos)) {
        (Some(Ok(mv)), _) | (_, Ok(mv)) => Ok(moved(pos, mv)),
        (_, Err(error)) => Err(move_error(pos, error)),
    }
}

fn moved(pos: &Position, mv: Move) -> TokenMove {
    TokenMove::Move {
        mv,
        san: San::from_move(pos, mv),
    }
}

/// A token that is not SAN naming a legal move: UCI, LAN, or the SAN error.
#[cold]
#[inline(never)]
fn read_other(pos: &Position, token: &[u8]) -> Result<TokenMove, GameErrorKind> {
    let san = SanPlus::from_ascii_lenient(token).map(|plus| plus.san.resolve(pos));
    match (other_notation(pos, token), san) {
        (Some(Ok(mv)), _) => Ok(TokenMove::Move {
            mv,
            san: San::from_move(pos, mv),
        }),
        // Not reached from `read_token` (which took every legal SAN move), kept total.
        (_, Ok(Ok((mv, san)))) => Ok(TokenMove::Move { mv, san }),
        (_, Ok(Err(error))) | (Some(Err(error)), Err(_)) => Err(move_error(pos, error)),
        (None, Err(syntax)) => Err(GameErrorKind::Syntax(syntax)),
    }
}

/// The token read as UCI, else LAN: `None` if it is neither.
#[cold]
fn other_notation(pos: &Position, token: &[u8]) -> Option<Result<Move, MoveError>> {
    // UCI has no check suffix, but movetext written in it often has one (`g4g3+`).
    let bare = token
        .iter()
        .rposition(|b| !matches!(b, b'+' | b'#'))
        .map_or(token, |last| &token[..=last]);
    // Squares joined by a dash or capture sign are UCI too (`e1-g1` castles, as LAN
    // writers without piece letters put it).
    let mut joined = [0u8; 8];
    let bare = match bare {
        [a, b, b'-' | b'x' | b':', rest @ ..] if rest.len() <= 6 => {
            joined[..2].copy_from_slice(&[*a, *b]);
            joined[2..2 + rest.len()].copy_from_slice(rest);
            &joined[..2 + rest.len()]
        }
        _ => bare,
    };
    let uci = UciMove::from_ascii_lenient(bare)
        .ok()
        .map(|uci| uci.to_move(pos));
    match uci {
        Some(Ok(mv)) => Some(Ok(mv)),
        _ => {
            let lan = Lan::from_ascii_lenient(token)
                .ok()
                .map(|lan| lan.to_move(pos));
            lan.or(uci)
        }
    }
}

#[cold]
fn move_error(pos: &Position, error: MoveError) -> GameErrorKind {
    GameErrorKind::Move {
        error,
        fen: pos.fen(EnPassantMode::Always),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn after(moves: &[&str]) -> Position {
        let mut pos = Position::new();
        for token in moves {
            match read_token(&pos, token.as_bytes()).expect("test move") {
                TokenMove::Move { mv, .. } => pos.play_unchecked(mv),
                TokenMove::Null => assert!(pos.play_null()),
            }
        }
        pos
    }

    #[test]
    fn ok_read_token() {
        let ep = ["e4", "a6", "e5", "d5"];
        let cases: [(&[&str], &str, &str); 13] = [
            (&[], "e4", "e4"),
            (&[], "e2e4", "e4"),
            (&[], "e2-e4", "e4"),
            (&[], "g1f3", "Nf3"),
            (&[], "Ng1-f3", "Nf3"),
            (&[], "Ng1f3", "Nf3"),
            (&["e4", "f5"], "d1h5+", "Qh5"),
            (&["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6"], "e1-g1", "O-O"),
            (&ep, "exd6", "exd6"),
            (&ep, "exd6e.p.", "exd6"),
            (&ep, "e5d6", "exd6"),
            (&["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6"], "0-0", "O-O"),
            (&["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6"], "e1g1", "O-O"),
        ];
        for (moves, token, want) in cases {
            let pos = after(moves);
            match read_token(&pos, token.as_bytes()) {
                Ok(TokenMove::Move { san, .. }) => assert_eq!(san.to_string(), want, "{token}"),
                other => panic!("{token}: {other:?}"),
            }
        }
        for null in ["--", "Z0", "0000"] {
            assert_eq!(
                read_token(&after(&[]), null.as_bytes()).ok(),
                Some(TokenMove::Null)
            );
        }
    }

    /// Movetext in another language: each token read in the position after the English moves
    /// before it, with the SAN it names (`-` for an error).
    #[test]
    fn ok_read_token_in_a_language() {
        let lang = |code| Some(Lang::from_code(code).expect("in the table"));
        let cases: [(&str, &[&str], &str, &str); 9] = [
            ("de", &[], "Sf3", "Nf3"),
            ("de", &[], "e4", "e4"),
            ("de", &[], "g1f3", "Nf3"),
            ("de", &[], "♘f3", "Nf3"),
            ("de", &[], "Nf3", "-"),
            ("de", &["e4", "e5", "Nf3", "Nc6"], "Lb5", "Bb5"),
            ("fr", &["e4", "e5", "Nf3", "Nc6"], "Fb5", "Bb5"),
            ("ru", &[], "Кf3", "Nf3"),
            ("en", &[], "Nf3", "Nf3"),
        ];
        for (code, moves, token, want) in cases {
            let got = match read_token_in(&after(moves), token.as_bytes(), lang(code)) {
                Ok(TokenMove::Move { san, .. }) => san.to_string(),
                Ok(TokenMove::Null) => "--".to_owned(),
                Err(_) => "-".to_owned(),
            };
            assert_eq!(got, want, "{code} {token}");
        }
        let err = read_token_in(&Position::new(), b"Nf3", lang("de")).expect_err("not German");
        assert!(format!("{err:?}").contains("san-de"), "{err:?}");
        assert_eq!(
            read_token_in(&Position::new(), b"--", lang("de")).ok(),
            Some(TokenMove::Null)
        );
    }

    #[test]
    fn err_read_token() {
        let cases: [(&str, &str); 5] = [
            ("Nf6", "move"),
            ("e2e5", "move"),
            ("Qz9", "syntax"),
            ("hello", "syntax"),
            ("Ke2", "move"),
        ];
        for (token, want) in cases {
            let got = match read_token(&Position::new(), token.as_bytes()) {
                Err(GameErrorKind::Syntax(_)) => "syntax",
                Err(GameErrorKind::Move { .. }) => "move",
                other => panic!("{token}: {other:?}"),
            };
            assert_eq!(got, want, "{token}");
        }
    }
}
