//! `scoresheet tokenize` and `scoresheet detokenize`: PGN mainlines to token ids and back.

use std::io::{self, BufRead, Write};
use std::path::PathBuf;

use anyhow::Context;
use scoresheet::uci::UciMove;
use scoresheet::vocab::Vocabulary;
use scoresheet::{CastlingMode, EnPassantMode, Position};
use scoresheet_pgn::replay::{game_result, Ply, ReplaySink, Replayer};
use scoresheet_pgn::{Location, Noted, Outcome as GameResult, RawTag, Reader};

use crate::args::{DetokenizeArgs, TokenFormat, TokenVocab, TokenizeArgs};
use crate::output::{rejected_game, stdout, warning, Failure, Outcome};

fn vocabulary(vocab: TokenVocab) -> Vocabulary {
    match vocab {
        TokenVocab::San => Vocabulary::San,
        TokenVocab::Uci => Vocabulary::Uci,
    }
}

/// A tokenized game: its start position, mainline ids and result.
#[derive(Debug, Default)]
struct Tokens {
    start_fen: String,
    ids: Vec<u32>,
    result: Option<Option<GameResult>>,
    result_tag: Option<String>,
    /// A move whose canonical form is not in the vocabulary (a Chess960 castling in UCI).
    missing: Option<String>,
}

/// The replay sink: each mainline move's id in the vocabulary (SAN without `+`/`#`, or UCI
/// with standard castling). Null moves reject the game: no vocabulary holds them.
#[derive(Debug)]
struct Tokenizer {
    vocab: Vocabulary,
    game: Tokens,
}

impl ReplaySink for Tokenizer {
    type Game = Tokens;

    fn begin_game(&mut self, _at: Location) {
        self.game = Tokens::default();
    }

    fn tag(&mut self, name: &[u8], value: RawTag<'_>) {
        if name.eq_ignore_ascii_case(b"Result") {
            self.game.result_tag = Some(value.decode().into_owned());
        }
    }

    fn start(&mut self, start: &Position) {
        self.game.start_fen = start.fen(EnPassantMode::Always);
    }

    fn ply(&mut self, ply: &Ply<'_>) {
        let Some(mv) = ply.mv else {
            return;
        };
        let canonical = match self.vocab {
            Vocabulary::Uci => UciMove::from_move_in(CastlingMode::Standard, mv).to_string(),
            _ => ply.san.to_string(),
        };
        match self.vocab.token_id(&canonical) {
            Some(id) => self.game.ids.push(id),
            None => {
                let at = ply.token.location();
                self.game.missing.get_or_insert_with(|| {
                    format!(
                        "{at}: move {canonical:?} is not in the {} vocabulary",
                        self.vocab.name()
                    )
                });
            }
        }
    }

    fn null_move(&mut self, _ply: &Ply<'_>) -> Result<(), &'static str> {
        Err("tokens")
    }

    fn outcome(&mut self, outcome: Option<GameResult>) {
        self.game.result = Some(outcome);
    }

    fn end_game(&mut self) -> Tokens {
        std::mem::take(&mut self.game)
    }
}

impl Tokens {
    /// The result, by the replay layer's rule.
    fn result(&self) -> &str {
        game_result(self.result_tag.as_deref(), self.result)
    }
}

/// Runs `tokenize`.
pub fn run(args: TokenizeArgs) -> Outcome {
    let inputs = if args.inputs.is_empty() {
        vec![PathBuf::from("-")]
    } else {
        args.inputs
    };
    let mut out = stdout();
    let tokenizer = Tokenizer {
        vocab: vocabulary(args.vocab),
        game: Tokens::default(),
    };
    let mut replayer = Replayer::with_options(
        Noted::new(tokenizer).keep(args.warnings),
        args.movetext.replay_options(),
    );
    let mut tally = Tally::default();
    for path in &inputs {
        let name = path.display().to_string();
        let src = scoresheet_pgn::input::open_input(path)
            .with_context(|| format!("cannot read {name}"))?;
        let mut reader = Reader::new(src);
        loop {
            let game = reader.read_game(&mut replayer);
            for (at, what) in replayer.sink_mut().take_kept() {
                eprintln!("{}", warning(&name, at, &what));
            }
            match game {
                Ok(None) => break,
                Ok(Some(Ok(tokens))) if tokens.missing.is_none() => {
                    tally.written += 1;
                    write_tokens(
                        &mut out,
                        args.format,
                        tally.written + tally.rejected,
                        &tokens,
                    )?;
                }
                Ok(Some(Ok(tokens))) => {
                    tally.rejected += 1;
                    eprintln!(
                        "{}",
                        rejected_game(&name, tokens.missing.unwrap_or_default())
                    );
                }
                Ok(Some(Err(rejected))) => {
                    tally.rejected += 1;
                    eprintln!("{}", rejected_game(&name, rejected));
                }
                Err(err) if err.is_recoverable() => {
                    tally.rejected += 1;
                    eprintln!("{}", rejected_game(&name, err));
                }
                Err(err) => {
                    out.flush()?;
                    let err = anyhow::Error::new(err).context(format!("cannot read {name}"));
                    return Err(Failure::Error(err));
                }
            }
        }
    }
    out.flush()?;
    if !args.quiet {
        eprintln!(
            "tokenize: {} games in: {} tokenized, {} rejected; {}",
            tally.written + tally.rejected,
            tally.written,
            tally.rejected,
            replayer.sink().oddities()
        );
    }
    match tally.rejected {
        0 => Ok(()),
        n => Err(Failure::Exit {
            code: 1,
            error: Some(anyhow::anyhow!("{n} games rejected")),
        }),
    }
}

/// Games tokenized and rejected so far.
#[derive(Debug, Default)]
struct Tally {
    written: u64,
    rejected: u64,
}

/// Writes one game: a line of ids, or a JSON object with the game number (counting every game read),
/// start FEN and result.
fn write_tokens(
    out: &mut impl Write,
    format: TokenFormat,
    game: u64,
    tokens: &Tokens,
) -> io::Result<()> {
    let ids: Vec<String> = tokens.ids.iter().map(u32::to_string).collect();
    match format {
        TokenFormat::Ids => writeln!(out, "{}", ids.join(" ")),
        TokenFormat::Jsonl => writeln!(
            out,
            "{{\"game\":{game},\"start_fen\":\"{}\",\"result\":\"{}\",\"ids\":[{}]}}",
            tokens.start_fen,
            tokens.result(),
            ids.join(",")
        ),
    }
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
