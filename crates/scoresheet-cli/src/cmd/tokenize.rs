//! `scoresheet tokenize` and `scoresheet detokenize`: PGN mainlines to token ids and back.
//! `tokenize` is the library's [`Pump`](scoresheet_pgn::pump::Pump) with a
//! [`TokenizeConverter`] per thread; this module only writes the ids.

use std::io::{self, BufRead, Write};
use std::sync::Arc;

use scoresheet::vocab::Vocabulary;
use scoresheet_pgn::tokenize::{TokenizeConverter, TokenizedGame};

use super::progress::Progress;
use super::pumped::{self, Counters};
use crate::args::{DetokenizeArgs, TokenFormat, TokenVocab, TokenizeArgs};
use crate::output::{stdout, Failure, Outcome};
use crate::output_file::Destination;

fn vocabulary(vocab: TokenVocab) -> Vocabulary {
    match vocab {
        TokenVocab::San => Vocabulary::San,
        TokenVocab::Uci => Vocabulary::Uci,
    }
}

/// Runs `tokenize`.
pub fn run(args: TokenizeArgs) -> Outcome {
    let mut out = Destination::open(None)?;
    let read = |counters: &Arc<Counters>, bar: &Progress| {
        let result = tokenize_inputs(&args, counters, bar, &mut out);
        result.and(out.finish())
    };
    let summary = |counters: &Counters, ()| {
        eprintln!(
            "tokenize: {} games in: {} tokenized, {} rejected{}; {}",
            counters.games_in(),
            counters.get(&counters.converted),
            counters.get(&counters.errors),
            counters.not_selected_clause(),
            counters.oddities()
        );
    };
    let rejected = |counters: &Counters| Failure::Exit {
        code: 1,
        error: Some(anyhow::anyhow!(
            "{} games rejected",
            counters.get(&counters.errors)
        )),
    };
    pumped::run_command(args.input.quiet, read, summary, rejected)
}

fn tokenize_inputs(
    args: &TokenizeArgs,
    counters: &Arc<Counters>,
    bar: &Progress,
    out: &mut (impl Write + Send),
) -> anyhow::Result<()> {
    let vocab = vocabulary(args.vocab);
    let replay = args.input.movetext.replay_options();
    let pump = pumped::pump(&args.input)?;
    let make = || TokenizeConverter::new(vocab, replay);
    let new_worker = pumped::workers(&args.input, make, TokenizeConverter::keep_oddities);
    // Game numbers count every game read, of every input.
    let mut games_before = 0;
    pumped::each_input(&args.input, "reading", counters, bar, |job, src| {
        let mut games_in = 0;
        let deliver = |games: &mut Vec<TokenizedGame>, log: scoresheet_pgn::pump::ChunkLog| {
            job.log(&log);
            for game in games.drain(..) {
                let number = games_before + log.first_game() + game.at.game_index + 1;
                write_tokens(out, args.format, number, &game)?;
            }
            games_in += log.converted_games() + log.rejected_games() + log.not_selected_games();
            Ok(())
        };
        let result = job.pump(&pump).run(src, &new_worker, deliver);
        games_before += games_in;
        result.map_err(|e| job.error(e))
    })
}

/// Writes one game: a line of ids, or a JSON object with the game number (counting every game
/// read), start FEN and result.
fn write_tokens(
    out: &mut impl Write,
    format: TokenFormat,
    game: u64,
    tokens: &TokenizedGame,
) -> io::Result<()> {
    let ids: Vec<String> = tokens.ids.iter().map(u32::to_string).collect();
    match format {
        TokenFormat::Ids => writeln!(out, "{}", ids.join(" ")),
        TokenFormat::Jsonl => writeln!(
            out,
            "{{\"game\":{game},\"start_fen\":\"{}\",\"result\":\"{}\",\"ids\":[{}]}}",
            tokens.start_fen,
            tokens.result,
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
