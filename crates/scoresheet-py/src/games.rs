//! `read_games`: replayed games (the pump pulled with `scoresheet_pgn::replay::GameBuilder`,
//! what `ReplayedGames` reads) as Python objects.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use scoresheet::uci::UciMove;
use scoresheet::{EnPassantMode, Move, Position};
use scoresheet_pgn::annotation::EvalScore;
use scoresheet_pgn::egd::MoveMeta;
use scoresheet_pgn::replay::{self, GameBuilder, GamePly, Replayer};
use scoresheet_pgn::{Location, Noted};

use crate::pulled::{PullArgs, PulledGames};
use crate::EnPassant;

/// One mainline move of a game.
#[pyclass(
    module = "scoresheet",
    name = "Ply",
    frozen,
    get_all,
    skip_from_py_object
)]
#[derive(Debug, Clone)]
pub struct PyPly {
    /// 1 for the game's first move.
    ply: u32,
    /// SAN with `+`/`#`, as the standard writes it (`--` for a null move).
    san: String,
    /// UCI (`e2e4`, `e7e8q`; castling `e1g1`, king takes rook `e1h1` in Chess960; `0000`
    /// for a null move).
    uci: String,
    /// `[%clk]` after the move: the mover's clock in seconds.
    clock: Option<f64>,
    /// `[%emt]`: the time the move took, in seconds.
    emt: Option<f64>,
    /// `[%eval]` in centipawns, from White's point of view.
    eval_cp: Option<i32>,
    /// `[%eval #n]`: mate in n, negative when Black mates.
    eval_mate: Option<i32>,
    /// The comments' text after the move without their commands, joined by a space.
    comment: Option<String>,
    /// The NAGs after the move (`!` is 1, `?` is 2, ...).
    nags: Vec<u16>,
    /// Line of the move token (from 1).
    line: u64,
    /// Column of the move token (from 1, in bytes).
    column: u64,
    /// Byte offset of the move token in the input (after decompression).
    byte: u64,
}

#[pymethods]
impl PyPly {
    fn __repr__(&self) -> String {
        format!("<Ply {} {} ({})>", self.ply, self.san, self.uci)
    }
}

/// A replayed game: tags, start position, result and mainline.
#[pyclass(module = "scoresheet", name = "Game", frozen)]
#[derive(Debug)]
pub struct PyGame {
    tags: Vec<(String, String)>,
    start: Position,
    start_fen: String,
    result: String,
    moves: Vec<Option<Move>>,
    plies: Vec<PyPly>,
    location: Location,
}

#[pymethods]
impl PyGame {
    /// The tag pairs as a dict (in file order; of a repeated tag, the first).
    #[getter]
    fn tags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for (name, value) in &self.tags {
            if !dict.contains(name)? {
                dict.set_item(name, value)?;
            }
        }
        Ok(dict)
    }

    /// The FEN of the position before the first move.
    #[getter]
    fn start_fen(&self) -> &str {
        &self.start_fen
    }

    /// The result: the `Result` tag, else the termination marker, else `*`.
    #[getter]
    fn result(&self) -> &str {
        &self.result
    }

    /// The mainline, a new list of `Ply` at each access.
    #[getter]
    fn plies<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, self.plies.iter().cloned())
    }

    /// The mainline in SAN.
    pub(crate) fn sans(&self) -> Vec<&str> {
        self.plies.iter().map(|p| p.san.as_str()).collect()
    }

    /// The mainline in UCI.
    fn ucis(&self) -> Vec<&str> {
        self.plies.iter().map(|p| p.uci.as_str()).collect()
    }

    /// The FEN after each ply (`en_passant`: `"always"` after any double push, as PGN and
    /// EGD write it, or `"legal"`, only when a capture is legal).
    #[pyo3(signature = (en_passant = "always"))]
    fn fens(&self, py: Python<'_>, en_passant: &str) -> PyResult<Vec<String>> {
        let mode = EnPassant::parse(en_passant)?.0;
        Ok(py.detach(|| {
            let mut pos = self.start.clone();
            let mut out = Vec::with_capacity(self.moves.len());
            for mv in &self.moves {
                match mv {
                    Some(mv) => pos.play_unchecked(*mv),
                    None => {
                        pos.play_null();
                    }
                }
                out.push(pos.fen(mode));
            }
            out
        }))
    }

    /// The game's number in the input (from 1).
    #[getter]
    fn number(&self) -> u64 {
        self.location.game_index + 1
    }

    /// The line on which the game starts.
    #[getter(line)]
    fn first_line(&self) -> u64 {
        self.location.game_first_line
    }

    /// The byte offset of the game's first byte in the input (after decompression).
    #[getter]
    fn byte(&self) -> u64 {
        self.location.byte
    }

    fn __len__(&self) -> usize {
        self.plies.len()
    }

    fn __repr__(&self) -> String {
        let name = |tag: &str| {
            self.tags
                .iter()
                .find(|(n, _)| n == tag)
                .map_or("?", |(_, v)| v.as_str())
                .to_owned()
        };
        format!(
            "<Game {}: {} - {} {} ({} plies)>",
            self.number(),
            name("White"),
            name("Black"),
            self.result,
            self.plies.len()
        )
    }
}

impl PyGame {
    /// The mainline's moves (`None` for a null move).
    pub(crate) fn moves(&self) -> &[Option<Move>] {
        &self.moves
    }

    /// The Python view of a replayed game.
    fn new(game: replay::Game) -> PyGame {
        let mode = game.start.castling_mode();
        let plies = game
            .plies
            .iter()
            .enumerate()
            .map(|(i, p)| ply(i, p, mode))
            .collect();
        PyGame {
            start_fen: game.start.fen(EnPassantMode::Always),
            result: game.result().to_owned(),
            moves: game.plies.iter().map(|p| p.mv).collect(),
            plies,
            location: game.location,
            start: game.start,
            tags: game.tags,
        }
    }
}

/// A ply with its comment commands read (the export's rules: `MoveMeta`).
fn ply(index: usize, p: &GamePly, mode: scoresheet::CastlingMode) -> PyPly {
    let mut meta = MoveMeta::default();
    for comment in &p.comments {
        meta.add_comment(comment.as_bytes());
    }
    let (eval_cp, eval_mate) = EvalScore::columns(meta.eval.map(|e| e.score));
    let uci =
        p.mv.map_or(UciMove::Null, |mv| UciMove::from_move_in(mode, mv));
    PyPly {
        ply: u32::try_from(index + 1).unwrap_or(u32::MAX),
        san: p.san.to_string(),
        uci: uci.to_string(),
        clock: meta.clock.map(|c| c.as_secs_f64()),
        emt: meta.emt.map(|c| c.as_secs_f64()),
        eval_cp,
        eval_mate,
        comment: (!meta.comments.is_empty()).then(|| meta.comments.join(" ")),
        nags: p.nags.clone(),
        line: p.location.line,
        column: p.location.column,
        byte: p.location.byte,
    }
}

/// The iterator `read_games` returns.
#[pyclass(module = "scoresheet", name = "Games")]
#[derive(Debug)]
pub struct PyGames {
    games: PulledGames<Replayer<Noted<GameBuilder>>>,
}

#[pymethods]
impl PyGames {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<PyGame>> {
        self.games.next(py, |mut games: Vec<replay::Game>| {
            games.pop().map(PyGame::new)
        })
    }

    /// Every game rejected so far (with `errors="skip"`), as `Rejection` records.
    #[getter]
    fn rejected(&self, py: Python<'_>) -> Py<PyList> {
        self.games.rejected(py)
    }

    /// Games yielded so far.
    #[getter]
    fn games_read(&self) -> u64 {
        self.games.tally(|t| t.converted())
    }

    /// Games left out by `where` so far.
    #[getter]
    fn not_selected(&self) -> u64 {
        self.games.tally(|t| t.not_selected())
    }

    /// The source's name, as in messages.
    #[getter]
    fn source(&self) -> &str {
        self.games.name()
    }
}

/// Replays the games of `source` with the library's replay layer (the rules of every
/// `scoresheet` command) and yields them as `Game` objects.
///
/// `source`: a path (str or os.PathLike; plain, .gz, .zst, .bz2, compression told by
/// content), bytes, or a binary file object. A game that cannot be replayed is reported:
/// with `errors="skip"` by a `RejectedGameWarning` and a `Rejection` in the iterator's
/// `rejected` list, with `errors="raise"` by `PgnError` (iteration can go on after it).
/// Games in = games yielded + games reported. An input that cannot be read on raises, after
/// the games before the error, as `read_tables` does: `OSError` for an I/O error (a damaged
/// compressed file), `PgnError` for a UTF-16 input. Each game is read with the GIL released;
/// Ctrl-C interrupts between games. `where` (an expression of `scoresheet select --where`)
/// reads only the games whose tags satisfy it; the others are never replayed and are counted
/// in `not_selected`. `movetext_column` names a table's movetext column (default
/// `movetext`). `max_game_bytes` is the largest game read (default 64 MiB, at most 1 GiB): a
/// larger one is rejected ("expected a game of at most N bytes") and skipped as it streams,
/// so that memory is bounded by it, not by the input.
#[pyfunction]
#[pyo3(signature = (
    source, *, errors = "skip", r#where = None, movetext_column = None, max_game_bytes = None
))]
pub fn read_games(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    errors: &str,
    r#where: Option<&str>,
    movetext_column: Option<&str>,
    max_game_bytes: Option<usize>,
) -> PyResult<PyGames> {
    let args = PullArgs {
        errors,
        where_: r#where,
        movetext_column,
        max_game_bytes,
    };
    let replayer = Replayer::new(Noted::new(GameBuilder::new()));
    let games = PulledGames::open(py, source, args, replayer)?;
    Ok(PyGames { games })
}
