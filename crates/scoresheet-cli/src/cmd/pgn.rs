//! `scoresheet pgn`: replay PGN games and write them again with every move in one notation.
//!
//! Move tokens are read as SAN (leniently), else as UCI or LAN. Each game is read into a list
//! of [`Item`]s while its moves are replayed: the mainline, and
//! each variation from the position before the move it replaces (an explicit stack of
//! positions, no recursion). A game whose moves all replay is written with the PGN writer; a
//! game with an illegal move (or a bad `FEN` tag, or a read error) is reported on stderr and not
//! written.

use std::fs::File;
use std::io::{self, Write};
use std::ops::ControlFlow;

use anyhow::Context;
use scoresheet::{CastlingMode, EnPassantMode, Position as Board};
use scoresheet_pgn::{
    input, Location, Outcome as GameResult, RawComment, RawTag, RawToken, Reader, Skip, Visitor,
    WriteOptions, Writer,
};

use crate::args::PgnArgs;
use crate::notation::{MoveInputError, Notation};
use crate::output::{Failure, Outcome};

/// Runs the subcommand.
pub fn run(args: PgnArgs) -> Outcome {
    let out: Box<dyn Write> = match &args.output {
        Some(path) => Box::new(
            File::create(path).with_context(|| format!("cannot create {}", path.display()))?,
        ),
        None => Box::new(io::stdout().lock()),
    };
    // ERAN moves are words (`Pawn e2-e4`): each is kept whole on its line.
    let words = matches!(args.to, Notation::Eran | Notation::EranShort);
    let mut writer = Writer::with_options(out, WriteOptions::new().words_in_moves(words));
    let mut tally = Tally::default();
    for path in &args.inputs {
        convert_file(path, args.to, &mut writer, &mut tally)?;
    }
    writer.flush().context("cannot write the output")?;
    eprintln!(
        "pgn: {} games written, {} rejected",
        tally.written, tally.rejected
    );
    if tally.rejected > 0 {
        return Err(Failure::Rejected(format!(
            "{} of {} games rejected",
            tally.rejected,
            tally.written + tally.rejected
        )));
    }
    Ok(())
}

/// Games written and rejected so far.
#[derive(Debug, Default)]
struct Tally {
    written: u64,
    rejected: u64,
}

/// Converts the games of one input file.
fn convert_file<W: Write>(
    path: &str,
    to: Notation,
    writer: &mut Writer<W>,
    tally: &mut Tally,
) -> Result<(), Failure> {
    let src = input::open_input(path).with_context(|| format!("cannot open {path}"))?;
    let mut reader = Reader::new(src);
    let mut replay = Replay { to };
    loop {
        match reader.read_game(&mut replay) {
            Ok(None) => return Ok(()),
            Ok(Some(Ok(game))) => {
                write_game(writer, &game).context("cannot write the output")?;
                tally.written += 1;
            }
            Ok(Some(Err(rejected))) => {
                eprintln!("{path}: {rejected}");
                tally.rejected += 1;
            }
            Err(err) if err.is_recoverable() => {
                eprintln!("{path}: {err}");
                tally.rejected += 1;
            }
            Err(err) => {
                let err = anyhow::Error::new(err).context(format!("cannot read {path}"));
                return Err(err.into());
            }
        }
    }
}

/// One part of a game, with its move already in the target notation.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Item {
    Move(String),
    Nag(u16),
    Comment(String),
    Begin,
    End,
}

/// A replayed game.
#[derive(Debug, Default)]
struct Game {
    tags: Vec<(String, String)>,
    items: Vec<Item>,
    outcome: Option<Option<GameResult>>,
}

/// Why a game was not written.
#[derive(Debug)]
struct Rejected {
    at: Location,
    what: String,
}

impl std::fmt::Display for Rejected {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let at = self.at;
        write!(
            f,
            "game {}, line {}, column {}: {}",
            at.game_index + 1,
            at.line,
            at.column,
            self.what
        )
    }
}

/// The replay state of a game's movetext.
#[derive(Debug)]
struct Line {
    game: Game,
    /// The position after the last move of the current line.
    board: Board,
    /// The position before that move: where a variation starts.
    before: Option<Board>,
    /// The lines the open variations left: `(board, before)` to return to.
    stack: Vec<(Board, Option<Board>)>,
}

/// The visitor: replays and rewrites each game.
#[derive(Debug)]
struct Replay {
    to: Notation,
}

type Output = Result<Game, Rejected>;

fn reject<T>(at: Location, what: String) -> ControlFlow<Output, T> {
    ControlFlow::Break(Err(Rejected { at, what }))
}

impl Visitor for Replay {
    type Tags = Game;
    type Movetext = Line;
    type Output = Output;

    fn begin_game(&mut self, _at: Location) -> ControlFlow<Output, Game> {
        ControlFlow::Continue(Game::default())
    }

    fn tag(&mut self, game: &mut Game, name: &[u8], value: RawTag<'_>) -> ControlFlow<Output> {
        let name = String::from_utf8_lossy(name).into_owned();
        game.tags.push((name, value.decode().into_owned()));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, game: Game, at: Location) -> ControlFlow<Output, Line> {
        match start_board(&game.tags) {
            Ok(board) => ControlFlow::Continue(Line {
                game,
                board,
                before: None,
                stack: Vec::new(),
            }),
            Err(what) => reject(at, what),
        }
    }

    fn san(&mut self, line: &mut Line, san: RawToken<'_>) -> ControlFlow<Output> {
        let text = san.decode();
        let mv = match read_move(&line.board, &text) {
            Ok(mv) => mv,
            Err(e) => return reject(san.location(), move_error(&text, &line.board, e)),
        };
        let written = self.to.write(&line.board, mv);
        line.game.items.push(Item::Move(written));
        let mut after = line.board.clone();
        after.play_unchecked(mv);
        line.before = Some(std::mem::replace(&mut line.board, after));
        ControlFlow::Continue(())
    }

    fn nag(&mut self, line: &mut Line, nag: u16, _token: RawToken<'_>) -> ControlFlow<Output> {
        line.game.items.push(Item::Nag(nag));
        ControlFlow::Continue(())
    }

    fn comment(&mut self, line: &mut Line, comment: RawComment<'_>) -> ControlFlow<Output> {
        let text = comment.decode().into_owned();
        line.game.items.push(Item::Comment(text));
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, line: &mut Line, at: Location) -> ControlFlow<Output, Skip> {
        let Some(start) = line.before.clone() else {
            return reject(at, "variation before any move".to_string());
        };
        let board = std::mem::replace(&mut line.board, start);
        line.stack.push((board, line.before.take()));
        line.game.items.push(Item::Begin);
        ControlFlow::Continue(Skip(false))
    }

    fn end_variation(&mut self, line: &mut Line, _at: Location) -> ControlFlow<Output> {
        if let Some((board, before)) = line.stack.pop() {
            line.board = board;
            line.before = before;
        }
        line.game.items.push(Item::End);
        ControlFlow::Continue(())
    }

    fn outcome(
        &mut self,
        line: &mut Line,
        outcome: Option<GameResult>,
        _at: Location,
    ) -> ControlFlow<Output> {
        line.game.outcome = Some(outcome);
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, line: Line) -> Output {
        Ok(line.game)
    }
}

/// The position a game starts from: its `FEN` tag, else the standard start position.
fn start_board(tags: &[(String, String)]) -> Result<Board, String> {
    let tag = |name: &str| tags.iter().rev().find(|(n, _)| n == name).map(|(_, v)| v);
    let Some(fen) = tag("FEN") else {
        return Ok(Board::new());
    };
    let chess960 = tag("Variant").is_some_and(|v| v.contains("960"));
    let mode = if chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    };
    Board::from_fen_lenient(fen, mode).map_err(|e| format!("FEN tag {fen:?}: {e}"))
}

/// Reads a move token as SAN, else as UCI or LAN (so that this command's own output reads
/// back); the error is the SAN one.
fn read_move(board: &Board, text: &str) -> Result<scoresheet::Move, MoveInputError> {
    Notation::San.read(board, text).or_else(|e| {
        Notation::Uci
            .read(board, text)
            .or_else(|_| Notation::Lan.read(board, text))
            .map_err(|_| e)
    })
}

fn move_error(text: &str, board: &Board, e: MoveInputError) -> String {
    let why = match e {
        MoveInputError::Syntax(msg, _) | MoveInputError::Move(msg) => msg,
    };
    let fen = board.fen(EnPassantMode::Always);
    format!("move '{text}' in position {fen}: {why}")
}

/// Writes a replayed game. A tag the writer cannot represent is skipped with a warning.
fn write_game<W: Write>(writer: &mut Writer<W>, game: &Game) -> io::Result<()> {
    writer.begin_game()?;
    for (name, value) in &game.tags {
        if let Err(e) = writer.tag(name, value) {
            eprintln!("warning: {e}");
        }
    }
    for item in &game.items {
        match item {
            Item::Move(text) => writer.san(text)?,
            Item::Nag(nag) => writer.nag(*nag)?,
            Item::Comment(text) => writer.comment(text)?,
            Item::Begin => writer.begin_variation()?,
            Item::End => writer.end_variation()?,
        }
    }
    let tagged = game
        .tags
        .iter()
        .rev()
        .find(|(n, _)| n == "Result")
        .and_then(|(_, v)| GameResult::from_ascii(v.as_bytes()));
    writer.end_game(game.outcome.unwrap_or(tagged))
}
