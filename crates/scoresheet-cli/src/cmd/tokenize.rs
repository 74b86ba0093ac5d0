//! `scoresheet tokenize` and `scoresheet detokenize`: PGN mainlines to token ids and back.

use std::io::{self, BufRead, Read, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;

use anyhow::Context;
use scoresheet::san::{San, SanPlus};
use scoresheet::uci::UciMove;
use scoresheet::vocab::Vocabulary;
use scoresheet::{CastlingMode, EnPassantMode, Position};
use scoresheet_pgn::{RawTag, RawToken, Reader, Skip, Visitor};

use crate::args::{DetokenizeArgs, TokenVocab, TokenizeArgs};
use crate::output::{stdout, Failure, Outcome};

fn vocabulary(vocab: TokenVocab) -> Vocabulary {
    match vocab {
        TokenVocab::San => Vocabulary::San,
        TokenVocab::Uci => Vocabulary::Uci,
    }
}

/// A game's starting FEN (if tagged) and mainline move tokens as written.
#[derive(Debug, Default)]
struct Mainline {
    fen: Option<String>,
    moves: Vec<String>,
}

/// Collects the mainline of each game, skipping variations.
#[derive(Debug)]
struct MainlineVisitor;

impl Visitor for MainlineVisitor {
    type Tags = Option<String>;
    type Movetext = Mainline;
    type Output = Mainline;

    fn begin_game(
        &mut self,
        _at: scoresheet_pgn::Location,
    ) -> ControlFlow<Mainline, Option<String>> {
        ControlFlow::Continue(None)
    }

    fn tag(
        &mut self,
        fen: &mut Option<String>,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Mainline> {
        if name == b"FEN" {
            *fen = Some(value.decode().into_owned());
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(
        &mut self,
        fen: Option<String>,
        _at: scoresheet_pgn::Location,
    ) -> ControlFlow<Mainline, Mainline> {
        ControlFlow::Continue(Mainline {
            fen,
            moves: Vec::new(),
        })
    }

    fn san(&mut self, game: &mut Mainline, san: RawToken<'_>) -> ControlFlow<Mainline> {
        game.moves.push(san.decode().into_owned());
        ControlFlow::Continue(())
    }

    fn begin_variation(
        &mut self,
        _game: &mut Mainline,
        _at: scoresheet_pgn::Location,
    ) -> ControlFlow<Mainline, Skip> {
        ControlFlow::Continue(Skip(true))
    }

    fn end_game(&mut self, game: Mainline) -> Mainline {
        game
    }
}

/// Runs `tokenize`.
pub fn run(args: TokenizeArgs) -> Outcome {
    let vocab = vocabulary(args.vocab);
    let inputs = if args.inputs.is_empty() {
        vec![PathBuf::from("-")]
    } else {
        args.inputs
    };
    let mut out = stdout();
    for path in &inputs {
        let src = scoresheet_pgn::input::open_input(path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        tokenize_input(src, vocab, &mut out).map_err(|e| match e {
            Failure::Rejected(msg) => Failure::Rejected(format!("{}: {msg}", path.display())),
            other => other,
        })?;
    }
    out.flush()?;
    Ok(())
}

fn tokenize_input(src: impl Read, vocab: Vocabulary, out: &mut impl Write) -> Outcome {
    let mut reader = Reader::new(src);
    for (index, game) in reader.games(&mut MainlineVisitor).enumerate() {
        let game = game.map_err(|e| Failure::Rejected(format!("game {}: {e}", index + 1)))?;
        let ids = game_ids(&game, vocab)
            .map_err(|e| Failure::Rejected(format!("game {}: {e}", index + 1)))?;
        let line: Vec<String> = ids.iter().map(u32::to_string).collect();
        writeln!(out, "{}", line.join(" "))?;
    }
    Ok(())
}

/// The token ids of a game's mainline.
fn game_ids(game: &Mainline, vocab: Vocabulary) -> Result<Vec<u32>, String> {
    let mut pos = match &game.fen {
        Some(fen) => {
            let setup = scoresheet::fen::Fen::from_ascii_lenient(fen.as_bytes())
                .map_err(|e| format!("FEN tag: {e}"))?
                .into_setup();
            let mode = CastlingMode::detect(&setup);
            Position::from_setup(&setup, mode).map_err(|e| format!("FEN tag: {e}"))?
        }
        None => Position::new(),
    };
    let mut ids = Vec::with_capacity(game.moves.len());
    for (ply, text) in game.moves.iter().enumerate() {
        let fail = |e: &dyn std::fmt::Display| {
            format!(
                "move {} '{text}' in {}: {e}",
                ply + 1,
                pos.fen(EnPassantMode::Always)
            )
        };
        let san = SanPlus::from_ascii_lenient(text.as_bytes()).map_err(|e| fail(&e))?;
        let mv = san.san.to_move(&pos).map_err(|e| fail(&e))?;
        let canonical = match vocab {
            Vocabulary::Uci => UciMove::from_move_in(CastlingMode::Standard, mv).to_string(),
            _ => San::from_move(&pos, mv).to_string(),
        };
        let id = vocab
            .token_id(&canonical)
            .ok_or_else(|| fail(&format!("{canonical} is not in the vocabulary")))?;
        ids.push(id);
        pos.play_unchecked(mv);
    }
    Ok(ids)
}

/// Runs `detokenize`: reads lines of ids from standard input.
pub fn run_detokenize(args: DetokenizeArgs) -> Outcome {
    let vocab = vocabulary(args.vocab);
    let mut out = stdout();
    for (index, l) in io::stdin().lock().lines().enumerate() {
        let l = l?;
        let mut moves = Vec::new();
        for token in l.split_whitespace() {
            let s = token
                .parse::<u32>()
                .ok()
                .and_then(|id| vocab.token_str(id))
                .ok_or_else(|| {
                    Failure::Rejected(format!(
                        "line {}: '{token}' is not a {} token id (0..{})",
                        index + 1,
                        vocab.name(),
                        vocab.len()
                    ))
                })?;
            moves.push(s);
        }
        writeln!(out, "{}", moves.join(" "))?;
    }
    out.flush()?;
    Ok(())
}
