//! Command-line flags, as given. Validation into settings happens in each `cmd/` module.

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::notation::Notation;

/// Read, check, convert and denormalize chess notation.
#[derive(Debug, Parser)]
#[command(name = "scoresheet", version, about, long_about = None)]
#[command(
    after_help = "Exit codes: 0 success, 1 input rejected (bad move, FEN or game), \
2 usage or I/O error.\n\nRun `scoresheet <COMMAND> --help` for examples."
)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play a sequence of moves and print each in another notation.
    #[command(after_help = "Examples:\n  \
        scoresheet convert --from san --to uci e4 e5 Nf3 Nc6\n  \
        scoresheet convert --from uci --to san --fen '4k3/8/8/8/8/8/8/4K2R w K - 0 1' e1g1\n  \
        printf 'e2e4\\ne7e5\\n' | scoresheet convert --from uci --to lan\n\n\
        Moves are read leniently (0-0, e8Q, Ng1-f3 are fine) but must be legal and \
        unambiguous. On a bad move, the moves converted so far are printed, then the error \
        (move index, move, position) on stderr, and the exit code is 1.")]
    Convert(ConvertArgs),
    /// List every legal move of a position, sorted by UCI.
    #[command(after_help = "Examples:\n  \
        scoresheet moves\n  \
        scoresheet moves --notation san --fen 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1'")]
    Moves(MovesArgs),
    /// Count the leaf nodes of the legal move tree (perft).
    #[command(after_help = "Examples:\n  \
        scoresheet perft 5\n  \
        scoresheet perft --divide --fen 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1' 3\n\n\
        The node count is the last line of output; with --divide each first move (UCI) \
        comes before it with its own count.")]
    Perft(PerftArgs),
    /// Validate a FEN and print it normalized.
    #[command(after_help = "Examples:\n  \
        scoresheet fen 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'\n  \
        scoresheet fen --en-passant legal 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'\n  \
        scoresheet fen --lenient 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -'\n\n\
        X-FEN and Shredder-FEN castling are read; Chess960 castling rights are detected. \
        An invalid FEN prints the reason (with a caret for syntax errors) and exits with 1.")]
    Fen(FenArgs),
    /// Replay PGN games and write them again with every move in one notation.
    #[command(after_help = "Examples:\n  \
        scoresheet pgn --to uci games.pgn\n  \
        scoresheet pgn --to san -o clean.pgn lichess_db.pgn.zst\n  \
        curl -s https://example.org/games.pgn | scoresheet pgn --to lan -\n\n\
        Inputs may be gzip, zstd or bzip2 compressed (detected from their first bytes); `-` \
        reads standard input. Moves are read as SAN (leniently: 0-0, e8Q and Ng1-f3 are fine), \
        else as UCI or LAN, so the output reads back. Mainlines and variations are replayed from the start position \
        or the FEN tag; tags, comments, NAGs and results are kept, and each move is rewritten \
        in the --to notation (--to san normalises SAN: `0-0` becomes `O-O`, `Ng1f3` becomes \
        `Nf3`, check signs are fixed). Output is PGN export format: seven-tag roster first, \
        lines of at most 80 columns.\n\n\
        A game with an illegal or ambiguous move is not written: the reason (game number, \
        line, column, move, position) goes to stderr. A summary follows on stderr, and the \
        exit code is 1 if any game was rejected (2 for usage and I/O errors).")]
    Pgn(PgnArgs),
}

/// The starting position of commands that play moves.
#[derive(Debug, Args)]
pub struct PositionArgs {
    /// Start from this FEN instead of the standard start position.
    #[arg(long, value_name = "FEN")]
    pub fen: Option<String>,
    /// Chess960 castling: read and write castling as king takes rook (UCI `e1h1`) and
    /// Shredder-FEN rights.
    #[arg(long)]
    pub chess960: bool,
}

/// Flags of `convert`.
#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// Notation of the input moves.
    #[arg(long, value_enum)]
    pub from: Notation,
    /// Notation to print.
    #[arg(long, value_enum)]
    pub to: Notation,
    /// Where to start.
    #[command(flatten)]
    pub position: PositionArgs,
    /// The moves; read from stdin, one per line (or separated by spaces), when none are given.
    #[arg(value_name = "MOVE")]
    pub moves: Vec<String>,
}

/// Flags of `pgn`.
#[derive(Debug, Args)]
pub struct PgnArgs {
    /// Notation of the moves written.
    #[arg(long, value_enum)]
    pub to: Notation,
    /// Write to this file instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<std::path::PathBuf>,
    /// PGN files (`-` for standard input), possibly compressed.
    #[arg(value_name = "INPUT", required = true)]
    pub inputs: Vec<String>,
}

/// Flags of `moves`.
#[derive(Debug, Args)]
pub struct MovesArgs {
    /// Notation to print.
    #[arg(long, value_enum, default_value = "uci")]
    pub notation: Notation,
    /// Which position.
    #[command(flatten)]
    pub position: PositionArgs,
}

/// Flags of `perft`.
#[derive(Debug, Args)]
pub struct PerftArgs {
    /// Which position.
    #[command(flatten)]
    pub position: PositionArgs,
    /// Print each first move with its node count before the total.
    #[arg(long)]
    pub divide: bool,
    /// Depth in plies.
    pub depth: u32,
}

/// When a FEN names an en-passant square.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum EnPassant {
    /// After every double pawn push (PGN standard, EGD).
    Always,
    /// Only when an en-passant capture is legal (lichess, python-chess).
    Legal,
}

/// Flags of `fen`.
#[derive(Debug, Args)]
pub struct FenArgs {
    /// The FEN (quote it).
    pub fen: String,
    /// En-passant square in the output.
    #[arg(long, value_enum, default_value = "always")]
    pub en_passant: EnPassant,
    /// Also accept EPD-style FENs without clocks, extra whitespace, `W`/`B`, and drop an
    /// impossible en-passant square.
    #[arg(long)]
    pub lenient: bool,
    /// Write castling rights as rook files (Shredder-FEN, `HAha`).
    #[arg(long)]
    pub shredder: bool,
}
