//! Command-line flags, as given. Validation into settings happens in each `cmd/` module.

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::notation::{Notation, Source};

/// Read, check, convert and denormalize chess notation.
#[derive(Debug, Parser)]
#[command(name = "scoresheet", version, about, long_about = None)]
#[command(
    after_help = "Exit codes, the same for every command: 0 all input accepted, 1 some input \
rejected (a bad move, FEN or game; the rest is still written), 2 usage or I/O error.\n\n\
Run `scoresheet <COMMAND> --help` for examples."
)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands. One value is parsed per run, so the size of its largest variant (`select`'s
/// flags, without the `database` and `parquet` features the largest by far) costs nothing.
#[derive(Debug, Subcommand)]
#[allow(clippy::large_enum_variant)]
pub enum Command {
    /// Play a sequence of moves and print each in another notation.
    #[command(after_help = "Examples:\n  \
        scoresheet convert --from san --to uci e4 e5 Nf3 Nc6\n  \
        scoresheet convert --from uci --to san --fen '4k3/8/8/8/8/8/8/4K2R w K - 0 1' e1g1\n  \
        printf 'e2e4\\ne7e5\\n' | scoresheet convert --from uci --to lan\n  \
        printf 'Pawn e2-e4\\nPawn e7-e5\\n' | scoresheet convert --from eran --to san\n  \
        scoresheet convert --from san --lang de --to uci e4 e5 Sf3 Sc6 Lb5\n  \
        scoresheet convert --from uci --to san --lang fr e2e4 e7e5 g1f3\n  \
        scoresheet convert --from san --lang de --to san --to-lang fr e4 e5 Sf3 Sc6 Lb5\n  \
        scoresheet convert --from figurine --to iccf e4 e5 ♘f3 ♞c6\n  \
        scoresheet convert --from uci --to smith e2e4 d7d5 e4d5\n  \
        scoresheet convert --from san --to quantum-recirq e4 d5 exd5 Qxd5\n  \
        scoresheet convert --from descriptive --to san P-K4 P-K4 Kt-KB3 Kt-QB3 B-Kt5\n  \
        scoresheet convert --from auto --to san e4 e5 Cf3 Cc6 Fb5\n\n\
        --from auto detects the notation and language of the moves as `scoresheet detect` \
        does; when the best readers tie and read different moves, it refuses (exit code 1) \
        and lists them (readers that tie on the same moves, such as German and Swedish SAN, \
        convert alike). --lang then applies to --to only.\n\n\
        --lang CODE gives SAN and LAN the piece letters of a language (ISO 639-1: de, fr, es, \
        it, pt, nl, sv, no, da, fi, pl, cs, hu, ru, ro, tr, zh, ...), on whichever of --from \
        and --to is san or lan. Figurines of either colour are read; --to figurine writes white \
        glyphs, figurine-black black ones, figurine-side those of the side to move. \
        --to-lang CODE sets the letters written, so that SAN in one language converts to SAN \
        in another (--lang is then the input's language only).\n\n\
        Without MOVE arguments, moves are read from standard input, one per line (surrounding \
        whitespace ignored, blank lines skipped; a line is one move, so ERAN's `Pawn e2-e4` \
        works). Moves are read leniently (0-0, e8Q, Ng1-f3 are fine) but must be legal and \
        unambiguous. On a bad move, the moves converted so far are printed, then the error \
        (move index, move, position) on stderr, and the exit code is 1.")]
    Convert(ConvertArgs),
    /// List every legal move of a position, sorted by UCI.
    #[command(after_help = "Examples:\n  \
        scoresheet moves\n  \
        scoresheet moves --notation san --fen 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1'\n  \
        scoresheet moves --notation san --lang ru\n  \
        scoresheet moves --notation iccf")]
    Moves(MovesArgs),
    /// Count the leaf nodes of the legal move tree (perft).
    #[command(after_help = "Examples:\n  \
        scoresheet perft 5\n  \
        scoresheet perft --divide --fen 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1' 3\n\n\
        The node count is the last line of output; with --divide each first move (UCI) \
        comes before it with its own count. The depth is at most 64: beyond 8, counts are \
        checked for overflow (a narrow tree, such as a position with one line of play, counts \
        deep; depth 9 from the start position takes hours); while stderr is a terminal, the root moves done so far \
        are shown there.")]
    Perft(PerftArgs),
    /// Validate a FEN and print it normalized.
    #[command(after_help = "Examples:\n  \
        scoresheet fen 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'\n  \
        scoresheet fen --en-passant legal 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'\n  \
        scoresheet fen --lenient 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -'\n\n\
        X-FEN and Shredder-FEN castling are read; Chess960 castling rights are detected. \
        An invalid FEN prints the reason (with a caret for syntax errors) and exits with 1.")]
    Fen(FenArgs),
    /// Tell which notation (and language) a list of moves is written in.
    #[command(after_help = "Examples:\n  \
        scoresheet detect e4 e5 Cf3 Cc6 Fb5          # san-fr\n  \
        scoresheet detect e2e4 e7e5                  # uci, quantum, smith: the same moves\n  \
        printf '5254\\n5755\\n' | scoresheet detect   # iccf\n  \
        scoresheet detect --fen '4k3/8/8/8/8/8/8/4K2R w K - 0 1' O-O\n\n\
        Every notation, and SAN and LAN in every language of `scoresheet::localized`, reads the \
        moves from the start position (or --fen). Each that reads at least one move is \
        listed, best first: notation, language, moves its lenient reader played before the \
        first it refused (read), and the same for its strict reader (strict). The last line \
        is the verdict: `detected: NOTATION`, `ambiguous: A, B, ...` when several tie (saying \
        whether they read the same moves), or `undetected: ...` when none reads every move.\n\n\
        Without MOVE arguments, moves are read from standard input, one per line. Exit codes: \
        0 one notation reads every move (or several that read the same moves), 1 otherwise, \
        2 usage or I/O error.")]
    Detect(DetectArgs),
    /// Parse one move string and print its syntax tree as a JSON object.
    #[command(after_help = "Examples:\n  \
        scoresheet parse --notation san 'exd8=Q+!?'\n  \
        scoresheet parse --notation eran 'Pawn g7-g8 ->Queen'\n  \
        scoresheet parse --notation quantum 'b1^a3c3.m1'\n  \
        scoresheet parse --notation quantum-recirq 'b1^a3c3.m1:SPLIT_JUMP:BASIC'\n  \
        scoresheet parse --notation san --lang de 'Sxf3+'\n\n\
        No position is needed: this is syntax only. Fields: SAN kind, piece, from_file, \
        from_rank, to, capture, promotion, castling, suffix, annotation; ERAN kind \
        (move/castling/en_passant), piece, from, to, capture, promotion, side; quantum type \
        (standard/split/merge/null), piece, sources, targets, variants, promotion, \
        measurement; quantum-recirq type (standard/split/merge), sources, targets, \
        promotion, measurement, move_type, variant (null without a label). --lang CODE reads SAN or LAN with a language's piece letters; pieces are \
        still named in English (`Sf3` in German gives \"piece\":\"knight\"). A syntax error \
        prints a caret under the offending byte and exits with 1.")]
    Parse(ParseArgs),
    /// Print a move vocabulary: every string the notation can write for a legal move, sorted
    /// by length then bytes (line n is token id n-1).
    #[command(after_help = "Examples:\n  \
        scoresheet vocab san | wc -l                 # 9758\n  \
        scoresheet vocab san --with-symbols | tail -1  # hxg8=R+\n  \
        scoresheet vocab uci --witness | head -3\n\n\
        With --witness each line is the string, a FEN of a legal position and the move in \
        UCI, tab-separated: playing that move there is written exactly as the string.")]
    Vocab(VocabArgs),
    /// Turn the mainline of each PGN game into one line of space-separated token ids.
    #[command(after_help = "Examples:\n  \
        scoresheet tokenize --vocab san games.pgn\n  \
        scoresheet tokenize --vocab uci --where 'WhiteElo >= 2000' games.pgn\n  \
        zcat games.pgn.gz | scoresheet tokenize --vocab uci\n  \
        scoresheet tokenize --vocab uci games.pgn | scoresheet detokenize --vocab uci\n\n\
        scoresheet tokenize --vocab san --format jsonl games.pgn   # with game number, start FEN, result\n\n\
        Games are replayed as by every command (FEN and Variant tags honoured; moves in SAN, \
        UCI or LAN) and each mainline move rewritten canonically (SAN without +/#, or UCI) \
        before lookup. Variations are skipped. A game with an illegal, ambiguous or null move \
        is reported on stderr and skipped (with --format ids its line is missing: use jsonl \
        to keep game numbers); the other games are still written. Exit codes: 0 every game \
        tokenized, 1 some games rejected, 2 usage or I/O error.")]
    Tokenize(TokenizeArgs),
    /// Turn lines of token ids back into lines of space-separated moves.
    #[command(after_help = "Examples:\n  \
        echo '26 27 218' | scoresheet detokenize --vocab san   # e4 e5 Nf3\n  \
        scoresheet tokenize --vocab san games.pgn | scoresheet detokenize --vocab san")]
    Detokenize(DetokenizeArgs),
    #[cfg(feature = "database")]
    /// Store PGN games in a database for analysis (SQLite by default, or PostgreSQL).
    #[command(after_help = "Examples:\n  \
        scoresheet load games.pgn\n  \
        scoresheet load --db sqlite:analysis.db 2023-*.pgn.zst\n  \
        scoresheet load --where 'WhiteElo >= 2200 and BlackElo >= 2200' games.pgn\n  \
        scoresheet load --db postgres://me@localhost/chess lichess.pgn.bz2\n  \
        scoresheet load lichess-2024-01.parquet\n  \
        scoresheet load --openings chess-openings/ games.pgn\n  \
        SCORESHEET_DATABASE_URL=postgres://me@localhost/chess scoresheet load -\n\n\
        Each game becomes one row of `games` and one row of `moves` per ply (the EGD record \
        with extended features). The schema is created or upgraded first. Games are stored \
        whole, in transactions of --batch-size games; games already stored (same tags and \
        moves) are skipped, so loading a file again, or again after a crash, adds nothing twice. \
        Games that do not convert are reported on stderr and not stored. The summary (games \
        stored, duplicates, rejected, seconds) goes to stderr. Exit code 1 when a game was \
        rejected, 2 when loading stopped on an error.\n\n\
        games.opening_eco and games.opening_name name the opening each game reaches (as \
        `select --classify` does; NULL when none), with lichess's table or --openings; the \
        ECO and Opening tags stay as written in games.tags.")]
    Load(LoadArgs),
    #[cfg(feature = "database")]
    /// Run a shipped analysis, or your own SQL, on a database loaded with `scoresheet load`.
    #[command(after_help = "Examples:\n  \
        scoresheet query openings\n  \
        scoresheet query queen-trades --player 'Carlsen, Magnus'\n  \
        scoresheet query losing-positions --player 'Carlsen, Magnus' --format csv\n  \
        scoresheet query game-length --db postgres://me@localhost/chess --format json\n  \
        scoresheet query --list\n  \
        scoresheet query --show openings > my-openings.sql\n  \
        scoresheet query --sql my-openings.sql --player 'Carlsen, Magnus'\n\n\
        Queries: queen-trades (score when queens are traded versus not), losing-positions \
        (positions reached most often in lost games), openings (results by ECO code), \
        game-length (average length by time control). They are part of the binary: --show \
        prints one's SQL, to read it or to start your own. --sql runs one SQL statement from \
        a file (`-`: standard input) on the same database, with $1 bound to --player (or \
        NULL). --player takes the name as written in the White/Black tags.")]
    Query(QueryArgs),
    /// Convert PGN games to EGD (Extended Game Description) JSON, one object per game.
    #[command(after_help = "Examples:\n  \
        scoresheet egd examples/famous.pgn\n  \
        scoresheet egd --threads 2 -o games.ndjson big.pgn.zst\n  \
        scoresheet egd --where 'Date >= 2020.06 and TimeControl = blitz' games.pgn\n  \
        scoresheet egd --movetext-column pgn games.parquet\n  \
        curl -s https://example.org/games.pgn | scoresheet egd --extended --pretty -\n\n\
        Every game of every input is converted, mainline only, in input order. Inputs may be \
        plain or compressed (gzip, zstd, bzip2; detected from the content), or Parquet \
        tables of games, one per row (lichess's files on Hugging Face; reports name the row). \
        The output is \
        JSON Lines (one object per game); --pretty indents each object over several lines. \
        The format is documented, versioned, in the scoresheet-pgn `egd::json` module docs.\n\n\
        A game with an illegal, ambiguous or unreadable move (or a null move, or a bad FEN \
        tag) is not written: the error (file, game, line, column, move, reason) goes to \
        stderr and the other games are still converted. A summary (games in, converted, \
        reported as errors, plies, seconds) ends the run on stderr; a progress line is shown \
        while stderr is a terminal. --quiet drops both, not the errors.\n\n\
        Exit codes: 0 every game converted, 1 some games reported as errors (the rest \
        written), 2 usage or I/O error.")]
    Egd(EgdArgs),
    #[cfg(feature = "parquet")]
    /// Export PGN games as a dataset: Parquet (or CSV) tables of games and moves.
    #[command(after_help = "Examples:\n  \
        scoresheet export -o dataset games.pgn.zst\n  \
        scoresheet export --threads 2 --fen -o dataset 2024-*.pgn.zst\n  \
        scoresheet export --where 'White ~ \"(?i)carlsen\"' -o carlsen games.pgn\n  \
        scoresheet export --format csv --games-per-file 10000 -o csv_out - < games.pgn\n  \
        scoresheet export -o dataset lichess-2024-01.parquet\n  \
        scoresheet export --openings chess-openings/ -o dataset games.pgn\n  \
        scoresheet export --columns ply,san,clock_seconds,board -o dataset games.pgn\n  \
        duckdb -c \"SELECT count(*) FROM read_parquet('dataset/moves/*.parquet')\"\n\n\
        Writes DIR/games/part-00000.parquet, DIR/moves/part-00000.parquet, then part-00001, \
        ... (a new part every --games-per-file games; part N of moves holds the moves of the \
        games of part N of games), and DIR/_scoresheet.json. Parquet files are zstd-compressed \
        and carry the schema version (scoresheet.schema_version). Each file is written under \
        a hidden temporary name and renamed when complete, so readers never see a partial \
        file. The schema (every column, its type and meaning) is in docs/export.md and the \
        scoresheet-export crate docs.\n\n\
        Games are read as by every command (mainline only; inputs plain or gzip, zstd, bzip2). \
        A game that cannot be replayed is reported on stderr and absent from both tables. A \
        directory that already holds a dataset is refused unless --force, which replaces it. \
        A summary (games in, exported, reported as errors, plies, oddities, seconds) ends the \
        run on stderr, after a progress line while stderr is a terminal; --quiet drops both.\n\n\
        Exit codes: 0 every game exported, 1 some games reported as errors (the rest \
        exported), 2 usage or I/O error.")]
    Export(ExportArgs),
    /// Replay PGN games and write them again with every move in one notation.
    #[command(after_help = "Examples:\n  \
        scoresheet pgn --to uci games.pgn\n  \
        scoresheet pgn --to san -o clean.pgn lichess_db.pgn.zst\n  \
        curl -s https://example.org/games.pgn | scoresheet pgn --to lan -\n  \
        scoresheet pgn --to san --to-lang de games.pgn\n  \
        scoresheet pgn --lang de --to san --to-lang en german.pgn\n  \
        scoresheet pgn --to figurine games.pgn\n\n\
        --lang CODE reads movetext written with a language's piece letters (ISO 639-1 code: \
        `1. e4 e5 2. Sf3` with --lang de), as egd, load and export do; --to san or lan then \
        writes that language too. --to-lang CODE sets the letters written (default: those \
        of --lang, else English).\n\n\
        Inputs may be gzip, zstd or bzip2 compressed (detected from their first bytes); `-` \
        reads standard input. Moves are read as SAN (leniently: 0-0, e8Q and Ng1-f3 are fine), \
        else as UCI or LAN, so the output reads back. Mainlines and variations are replayed from the start position \
        or the FEN tag; tags, comments, NAGs and results are kept, and each move is rewritten \
        in the --to notation (--to san normalises SAN: `0-0` becomes `O-O`, `Ng1f3` becomes \
        `Nf3`, check signs are fixed). Output is PGN export format: seven-tag roster first, \
        lines of at most 80 columns. ERAN moves are words (`1. Pawn e2-e4 Pawn e7-e5`), each \
        kept whole on a line: that output is for people and ERAN tools, not for PGN readers, \
        and is not read back.\n\n\
        A game with an illegal or ambiguous move is not written: the reason (game number, \
        line, column, move, position) goes to stderr. A summary follows on stderr, and the \
        exit code is 1 if any game was rejected (2 for usage and I/O errors).")]
    Pgn(PgnArgs),
    /// Choose games by tags, positions, material, moves; drop duplicates; name openings.
    #[command(after_help = "Examples:\n  \
        scoresheet select --where 'White ~ \"Carlsen\" or Black ~ \"Carlsen\"' games.pgn\n  \
        scoresheet select --where 'WhiteElo >= 2500 and BlackElo >= 2500' games.pgn.zst\n  \
        scoresheet select --where 'Date >= 2020.06 and Date < 2021 and TimeControl = blitz' games.pgn\n  \
        scoresheet select --where 'ECO >= B90 and ECO <= B99 and not Annotator' games.pgn\n  \
        scoresheet select --position 'rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 6' games.pgn\n  \
        scoresheet select --material 'KRP vs KR' --checkmate games.pgn\n  \
        scoresheet select --starts-with '1. e4 c5 2. Nf3' --min-plies 40 games.pgn\n  \
        scoresheet select --unique --duplicates dups.pgn --classify -o out.pgn games.pgn\n  \
        scoresheet select --threads 4 --where 'TimeControl = blitz' -o blitz.pgn lichess.pgn.zst\n  \
        scoresheet select --split-games 1000 --out-dir parts games.pgn\n  \
        scoresheet select --split-by ECO --out-dir by_eco --classify games.pgn\n  \
        scoresheet select --classify --openings chess-openings/ -o named.pgn games.pgn\n  \
        scoresheet select --classify --where 'ECO >= B90 and ECO <= B99' games.pgn\n  \
        scoresheet select --classify --openings a.tsv --openings b.tsv games.pgn\n  \
        scoresheet select --fix-result --fix-ply-count --fill-roster --warnings -o fixed.pgn games.pgn\n\n\
        Chosen games are written as the input has them (their own bytes, each followed by a \
        blank line); --classify writes their tags again with ECO and Opening set. Every \
        criterion given must hold. Inputs are read like every command's (plain, gzip, zstd, \
        bzip2, Parquet tables of games; `-` is standard input) on --threads threads; the \
        output is the same, in input order, for any count.\n\n\
        --where: `Tag OP value` with OP one of = != < <= > >= ~ (regular-expression search), \
        a tag name alone (the tag is present), and, or, not, parentheses. Tag names ignore \
        case. *Elo and PlyCount compare as numbers; Date, UTCDate and EventDate as dates \
        (2020, 2020.06, 2020.06.15; `??` parts are periods); TimeControl as base+increment \
        or a speed class (ultrabullet, bullet, blitz, rapid, classical, correspondence, as \
        lichess estimates them); Result as 1-0, 0-1, 1/2-1/2, *; other tags as text. A \
        missing tag makes a comparison false. Quote values with spaces: White = \"Carlsen, \
        Magnus\".\n\n\
        With --classify, --where reads the ECO and Opening tags the output will have: the \
        computed ones where a named position is reached (else those of the input); other \
        tags as the input has them (repairs aside). An expression that reads ECO or Opening \
        is then decided after each game is replayed (so every game is replayed and checked); \
        without --classify it reads the tags as written, like every command's --where. So \
        `--classify --where 'ECO ~ \"^B9\"'` keeps the games classified B90-B99, `--where \
        'ECO ~ \"^B9\"'` those tagged so.\n\n\
        Games whose tags decide are not replayed (so their moves are not checked); games \
        replayed for a criterion, --classify, --unique or a repair that have an illegal move \
        are rejected as in every command. A game stops being replayed as soon as it can no \
        longer meet the criteria (a --position it can no longer reach: a pawn it needs has \
        left its second rank, a side has too few pawns or men, or a castling right is lost; \
        a --starts-with it has left; more than --max-plies): it is not selected, and its \
        later moves are not checked. --unique keeps the first game in input order. A bad \
        expression, material, move list or FEN is an error with a caret under the place \
        (exit code 2).\n\n\
        --material SIGNATURE: one side has exactly the pieces of one group and the other \
        those of the other (letters KQRBNP in any order, the king optional: KRP vs KR does \
        not match KRPP vs KR), in some position of the mainline, the start and the last \
        included; one position is enough, so a balance passed through in a sequence of \
        exchanges counts (pgn-extract's -z asks by default that it stand for two more \
        half-moves). --final-material: in the last position.\n\n\
        --split-games N writes DIR/part-00000.pgn, part-00001.pgn, ... of N games each; \
        --split-by TAG writes one file per value of TAG: its letters and digits, - _ and . \
        kept, other characters written _, leading dots dropped, at most 100 characters, \
        then .pgn; two values that would share a file (also by letter case) get -2, -3, ... \
        in the order they appear; games without the tag go to _missing.pgn. Each file is \
        written under a hidden temporary name and renamed when complete.\n\n\
        Repairs (each reported with --warnings and counted in the summary; a repaired game is \
        written with its tags again, its movetext as it was): --fix-result sets the Result \
        tag from the result marker when they differ and adds a missing marker from the \
        Result tag (`*` when it names no result); --fix-ply-count sets PlyCount to the \
        mainline's plies; --fill-roster adds the missing roster tags (Event, Site, Date, \
        Round, White, Black, Result) with the values for unknown (`?`, `????.??.??`, `*`), \
        the roster first.\n\n\
        A summary ends the run on stderr (games in, selected, not selected, duplicates, \
        rejected, oddities); --quiet drops it. Exit codes: 0 no game rejected, 1 some games \
        rejected (the rest written), 2 usage or I/O error.")]
    Select(SelectArgs),
}

/// Flags of `parse`.
#[derive(Debug, Args)]
pub struct ParseArgs {
    /// The notation of the string.
    #[arg(long, value_enum)]
    pub notation: Notation,
    /// Use the strict parser (SAN, LAN, UCI, quantum, quantum-recirq); the default is the
    /// lenient one.
    #[arg(long)]
    pub strict: bool,
    /// Piece letters of a language for SAN and LAN (ISO 639-1 code: de, fr, es, it, ru, zh,
    /// ...; see `scoresheet::localized`): `--notation san --lang de` reads `Sf3`.
    #[arg(long, value_name = "CODE", value_parser = crate::notation::parse_lang)]
    pub lang: Option<scoresheet::localized::Lang>,
    /// The move string (quote it).
    pub text: String,
}

/// A notation with a vocabulary.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum VocabNotation {
    /// Standard algebraic notation: 9,758 strings (28,938 with symbols).
    San,
    /// UCI: 1,968 strings.
    Uci,
    /// Long algebraic notation: 7,750 strings (22,994 with symbols).
    Lan,
    /// ERAN, verbose (`Pawn e2-e4`): 7,751 strings.
    Eran,
    /// ERAN, short (`P e2-e4`): 7,751 strings.
    EranShort,
}

/// A vocabulary for token ids.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TokenVocab {
    /// SAN without +/#: 9,758 ids.
    San,
    /// UCI: 1,968 ids.
    Uci,
}

/// Flags of `vocab`.
#[derive(Debug, Args)]
pub struct VocabArgs {
    /// Which notation.
    #[arg(value_enum)]
    pub notation: VocabNotation,
    /// Also each string with `+` and with `#`, where the move can give check (SAN, LAN).
    #[arg(long)]
    pub with_symbols: bool,
    /// Print a witness after each string: FEN and UCI move, tab-separated.
    #[arg(long)]
    pub witness: bool,
}

/// Flags of `tokenize`.
#[derive(Debug, Args)]
pub struct TokenizeArgs {
    /// Which vocabulary.
    #[arg(long, value_enum)]
    pub vocab: TokenVocab,
    /// Output: a line of ids per game, or a JSON object per game with its number (counting
    /// all games read, rejected ones included), start FEN and result.
    #[arg(long, value_enum, default_value = "ids")]
    pub format: TokenFormat,
    #[command(flatten)]
    pub input: PgnInputArgs,
}

/// The output of `tokenize`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TokenFormat {
    /// One line of space-separated ids per game (what `detokenize` reads).
    Ids,
    /// One JSON object per game: `{"game":1,"start_fen":"...","result":"1-0","ids":[...]}`.
    Jsonl,
}

/// Flags of `detokenize`.
#[derive(Debug, Args)]
pub struct DetokenizeArgs {
    /// Which vocabulary.
    #[arg(long, value_enum)]
    pub vocab: TokenVocab,
}

#[cfg(feature = "database")]
/// The database flag of `load` and `query`.
#[derive(Debug, Args)]
pub struct DbArgs {
    /// The database: a file path or sqlite:PATH (SQLite), or
    /// postgres://USER[:PASSWORD]@HOST[:PORT]/DB [default: $SCORESHEET_DATABASE_URL, else
    /// sqlite:scoresheet.db].
    #[arg(long, value_name = "URL")]
    pub db: Option<String>,
}

/// How the movetext of PGN input is read: the same flag on every command that reads PGN.
#[derive(Debug, Args)]
pub struct MovetextArgs {
    /// The language of the movetext's piece letters (ISO 639-1 code: de, fr, es, it, ru, zh,
    /// ...; see `scoresheet::localized`): `--lang de` reads `1. e4 e5 2. Sf3 Sc6 3. Lb5`
    /// (and no longer English letters). Figurines are read either way. Default: PGN's English
    /// SAN.
    #[arg(long, value_name = "CODE", value_parser = crate::notation::parse_lang)]
    pub lang: Option<scoresheet::localized::Lang>,
}

impl MovetextArgs {
    /// The replay layer's settings.
    pub fn replay_options(&self) -> scoresheet_pgn::replay::ReplayOptions {
        scoresheet_pgn::replay::ReplayOptions::new().lang(self.lang)
    }
}

#[cfg(feature = "database")]
/// Flags of `load`.
#[derive(Debug, Args)]
pub struct LoadArgs {
    /// PGN files (gzip, zstd and bzip2 are detected) or Parquet tables of games (told by
    /// content; a file, not standard input); `-` is standard input.
    #[arg(required = true, value_name = "INPUT")]
    pub inputs: Vec<std::path::PathBuf>,
    #[command(flatten)]
    pub db: DbArgs,
    #[command(flatten)]
    pub movetext: MovetextArgs,
    /// Games per transaction (memory grows with it, never with the input).
    #[arg(long, default_value_t = 100, value_name = "GAMES")]
    pub batch_size: usize,
    /// Threads reading games (1 to 256; default: the cores available), besides the database
    /// writers. The games stored and the reports are the same for any N.
    #[arg(long, value_name = "N", default_value_t = default_threads(), value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: u16,
    /// No progress line and no summary (rejected games and errors are still reported).
    #[arg(long, short)]
    pub quiet: bool,
    /// Print every oddity met (text skipped, odd forms read) on stderr as a warning; the
    /// summary counts them either way.
    #[arg(long)]
    pub warnings: bool,
    /// Load only the games whose tags satisfy this expression (the language of `select
    /// --where`); the others are counted as not selected in the summary.
    #[arg(long = "where", value_name = "EXPR")]
    pub where_: Option<String>,
    /// The largest game read, in bytes (1 to 1 GiB; default 64 MiB): a larger one is reported
    /// as an error ("expected a game of at most N bytes") and skipped as it streams, and the
    /// next game is read. Memory is bounded by this (about twice the cap with several
    /// threads), not by the input: raise it for a longer annotated game, lower it for untrusted uploads.
    #[arg(long, value_name = "BYTES", default_value_t = scoresheet_pgn::DEFAULT_MAX_GAME_BYTES, value_parser = max_game_bytes)]
    pub max_game_bytes: usize,
    /// In a Parquet input, the column holding each game's movetext or whole PGN text; the other
    /// columns are its tags. Messages name the row (game N is row N-1).
    #[arg(long, value_name = "NAME", default_value = "movetext")]
    pub movetext_column: String,
    /// The openings table of `games.opening_eco` and `opening_name` instead of the shipped
    /// one (lichess's): a TSV file in the lichess chess-openings format (header eco, name,
    /// pgn) or a directory of *.tsv files. Repeated: read in order, the first row naming a
    /// position wins.
    #[arg(long, value_name = "PATH")]
    pub openings: Vec<std::path::PathBuf>,
}

#[cfg(feature = "database")]
/// Flags of `query`.
#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("what").required(true).args(["name", "list", "show", "sql"])))]
pub struct QueryArgs {
    /// The shipped analysis to run (see --list).
    #[arg(value_parser = clap::builder::PossibleValuesParser::new(
        scoresheet_db::query::SHIPPED.iter().map(|q| q.name)
    ))]
    pub name: Option<String>,
    /// List the shipped analyses: name and what each answers.
    #[arg(long)]
    pub list: bool,
    /// Print the SQL of a shipped analysis (no database needed).
    #[arg(long, value_name = "NAME", value_parser = clap::builder::PossibleValuesParser::new(
        scoresheet_db::query::SHIPPED.iter().map(|q| q.name)
    ))]
    pub show: Option<String>,
    /// Run the SQL statement in FILE (`-`: standard input); $1 is --player, or NULL.
    #[arg(long, value_name = "FILE")]
    pub sql: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub db: DbArgs,
    /// Only games of this player, seen from their side.
    #[arg(long, value_name = "NAME")]
    pub player: Option<String>,
    /// How to print the result.
    #[arg(long, value_enum, default_value_t = QueryFormat::Table)]
    pub format: QueryFormat,
}

#[cfg(feature = "database")]
/// Output formats of `query`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum QueryFormat {
    /// Aligned columns.
    Table,
    /// RFC 4180 CSV with a header line.
    Csv,
    /// A JSON array of objects, one per line.
    Json,
}

/// Flags of `egd`.
#[derive(Debug, Args)]
pub struct EgdArgs {
    #[command(flatten)]
    pub input: PgnInputArgs,
    /// Write the JSON here instead of standard output.
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<std::path::PathBuf>,
    /// Indent the JSON (two spaces); each game then spans several lines.
    #[arg(long)]
    pub pretty: bool,
    /// Add position features (halfmove clock, repetitions, fifty/seventy-five move rules,
    /// fivefold, stalemate, insufficient material) and a move `meta` (NAGs, glyphs, comments).
    #[arg(long)]
    pub extended: bool,
}

/// The PGN input flags of every command that reads games through the library's pump (`egd`,
/// `export`, `pgn`, `tokenize`): the same names, meanings and defaults everywhere.
#[derive(Debug, Args)]
pub struct PgnInputArgs {
    /// PGN files (plain, .gz, .zst, .bz2) or Parquet tables of games, told by content; `-` or
    /// none reads standard input.
    #[arg(value_name = "INPUT")]
    pub inputs: Vec<std::path::PathBuf>,
    #[command(flatten)]
    pub movetext: MovetextArgs,
    /// Threads reading games (1 to 256; default: the cores available). Each takes a run of
    /// whole games from the input; the output is the same, in input order, for any N.
    #[arg(long, value_name = "N", default_value_t = default_threads(), value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: u16,
    /// Print every oddity met (text skipped, odd forms read, repairs) on stderr as a warning;
    /// the summary counts them either way.
    #[arg(long)]
    pub warnings: bool,
    /// No progress line and no summary (rejected games are still reported).
    #[arg(short, long)]
    pub quiet: bool,
    /// Read only the games whose tags satisfy this expression (the language of `select
    /// --where`: `WhiteElo >= 2500 and Date >= 2020.06`, `White ~ "(?i)carlsen"`,
    /// `TimeControl = blitz`); the others are skipped after their tags, never replayed, and
    /// counted as not selected in the summary.
    #[arg(long = "where", value_name = "EXPR")]
    pub where_: Option<String>,
    /// The largest game read, in bytes (1 to 1 GiB; default 64 MiB): a larger one is reported
    /// as an error ("expected a game of at most N bytes") and skipped as it streams, and the
    /// next game is read. Memory is bounded by this (about twice the cap with several
    /// threads), not by the input: raise it for a longer annotated game, lower it for untrusted uploads.
    #[arg(long, value_name = "BYTES", default_value_t = scoresheet_pgn::DEFAULT_MAX_GAME_BYTES, value_parser = max_game_bytes)]
    pub max_game_bytes: usize,
    /// In a Parquet input (told by content: one game per row, like lichess's files on Hugging
    /// Face), the column holding each game's movetext or whole PGN text; the other columns are
    /// its tags. Messages name the row (game N is row N-1).
    #[arg(long, value_name = "NAME", default_value = "movetext")]
    pub movetext_column: String,
}

/// A `--max-game-bytes` value: 1 to 1 GiB.
fn max_game_bytes(text: &str) -> Result<usize, String> {
    let max = 1usize << 30;
    match text.parse::<usize>() {
        Ok(bytes) if (1..=max).contains(&bytes) => Ok(bytes),
        _ => Err(format!("expected a number of bytes from 1 to {max}")),
    }
}

/// The cores available, at most 256: the default of `--threads`.
fn default_threads() -> u16 {
    u16::try_from(scoresheet_pgn::pump::default_threads().min(256)).unwrap_or(1)
}

#[cfg(feature = "parquet")]
/// Flags of `export`.
#[derive(Debug, Args)]
pub struct ExportArgs {
    #[command(flatten)]
    pub input: PgnInputArgs,
    /// The dataset directory (created if needed).
    #[arg(short, long, value_name = "DIR")]
    pub output: std::path::PathBuf,
    /// The tables' file format.
    #[arg(long, value_enum, default_value_t = ExportFormat::Parquet)]
    pub format: ExportFormat,
    /// Add the `fen_after` column to `moves` (about 3 times the size).
    #[arg(long)]
    pub fen: bool,
    /// Write only these columns, of either table (comma-separated: `ply,san,clock_seconds`),
    /// in each table's order, and `game_id` always; only the facts they need are computed.
    /// The default is every column but the optional `board`, `castling`, `en_passant` and
    /// `fen_after`, which are asked for by name (`docs/export.md` lists the columns).
    #[arg(long, value_name = "NAMES", value_delimiter = ',')]
    pub columns: Option<Vec<String>>,
    /// Games per part file (the last part holds the rest).
    #[arg(long, value_name = "N", default_value_t = 100_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub games_per_file: u64,
    /// Replace a dataset already in the directory.
    #[arg(long)]
    pub force: bool,
    /// The openings table of the `opening_eco` and `opening_name` columns instead of the
    /// shipped one (lichess's): a TSV file in the lichess chess-openings format (header eco,
    /// name, pgn) or a directory of *.tsv files. Repeated: read in order, the first row naming
    /// a position wins.
    #[arg(long, value_name = "PATH")]
    pub openings: Vec<std::path::PathBuf>,
}

#[cfg(feature = "parquet")]
/// The file format of `export`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ExportFormat {
    /// Apache Parquet, zstd-compressed.
    Parquet,
    /// RFC 4180 CSV with a header line, one file per table part.
    Csv,
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
    /// Notation of the input moves; `auto` detects it (and its language) from the moves.
    #[arg(long, value_enum)]
    pub from: Source,
    /// Notation to print.
    #[arg(long, value_enum)]
    pub to: Notation,
    /// Piece letters of a language for SAN and LAN (ISO 639-1 code: de, fr, es, it, ru, zh,
    /// ...; see `scoresheet::localized`), read and written: `--from san --lang de` reads `Sf3`.
    #[arg(long, value_name = "CODE", value_parser = crate::notation::parse_lang)]
    pub lang: Option<scoresheet::localized::Lang>,
    /// Piece letters of the SAN or LAN written, when they differ from the input's (default:
    /// those of --lang, else English): `--from san --lang de --to san --to-lang fr` turns
    /// `Sf3` into `Cf3`.
    #[arg(long, value_name = "CODE", value_parser = crate::notation::parse_lang)]
    pub to_lang: Option<scoresheet::localized::Lang>,
    /// Where to start.
    #[command(flatten)]
    pub position: PositionArgs,
    /// The moves; when none are given, read from standard input, one per line (blank lines
    /// skipped).
    #[arg(value_name = "MOVE")]
    pub moves: Vec<String>,
}

/// Flags of `detect`.
#[derive(Debug, Args)]
pub struct DetectArgs {
    /// Where the moves start.
    #[command(flatten)]
    pub position: PositionArgs,
    /// The moves; when none are given, read from standard input, one per line (blank lines
    /// skipped).
    #[arg(value_name = "MOVE")]
    pub moves: Vec<String>,
}

/// Flags of `pgn`.
#[derive(Debug, Args)]
pub struct PgnArgs {
    /// Notation of the moves written.
    #[arg(long, value_enum)]
    pub to: Notation,
    /// The piece letters written with --to san or lan, when other than the movetext's
    /// (`--lang de --to san --to-lang en` turns German SAN into English; without it, SAN and
    /// LAN are written in the --lang of the input).
    #[arg(long, value_name = "CODE", value_parser = crate::notation::parse_lang)]
    pub to_lang: Option<scoresheet::localized::Lang>,
    /// Write to this file instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub input: PgnInputArgs,
}

/// Flags of `moves`.
#[derive(Debug, Args)]
pub struct MovesArgs {
    /// Notation to print.
    #[arg(long, value_enum, default_value = "uci")]
    pub notation: Notation,
    /// Piece letters of a language for SAN and LAN (ISO 639-1 code: de, fr, es, it, ru, zh,
    /// ...; see `scoresheet::localized`), read and written: `--from san --lang de` reads `Sf3`.
    #[arg(long, value_name = "CODE", value_parser = crate::notation::parse_lang)]
    pub lang: Option<scoresheet::localized::Lang>,

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
    /// Depth in plies, at most 8.
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
    /// Repair what real files get wrong, with a warning on stderr for each repair (exit code
    /// still 0): EPD-style FENs without clocks, extra whitespace, `W`/`B`, digits in a row
    /// (`44`), a fullmove number of 0, castling rights without their king and rook, an
    /// impossible en-passant square.
    #[arg(long)]
    pub lenient: bool,
    /// Write castling rights as rook files (Shredder-FEN, `HAha`).
    #[arg(long)]
    pub shredder: bool,
}

/// Flags of `select`.
#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("split").args(["split_games", "split_by"])))]
pub struct SelectArgs {
    /// The inputs, `--where`, `--threads`, `--warnings`, `--quiet`, as on every command.
    #[command(flatten)]
    pub input: PgnInputArgs,
    /// Keep the games that reach this position (a FEN; move counters aside). Repeated: any of
    /// them.
    #[arg(long, value_name = "FEN")]
    pub position: Vec<String>,
    /// Keep the games with this material in some position (`KRP vs KR`, either side White).
    /// Repeated: each of them.
    #[arg(long, value_name = "SIGNATURE")]
    pub material: Vec<String>,
    /// Keep the games with this material in their last position.
    #[arg(long, value_name = "SIGNATURE")]
    pub final_material: Vec<String>,
    /// Keep the games whose mainline starts with these moves (SAN, UCI or LAN, move numbers
    /// optional: `"1. e4 c5 2. Nf3"`).
    #[arg(long, value_name = "MOVES")]
    pub starts_with: Option<String>,
    /// Keep the games with at least this many plies.
    #[arg(long, value_name = "N")]
    pub min_plies: Option<u32>,
    /// Keep the games with at most this many plies.
    #[arg(long, value_name = "N")]
    pub max_plies: Option<u32>,
    /// Keep the games that end in checkmate.
    #[arg(long, conflicts_with = "stalemate")]
    pub checkmate: bool,
    /// Keep the games that end in stalemate.
    #[arg(long)]
    pub stalemate: bool,
    /// Keep the games with a promotion to a knight, bishop or rook.
    #[arg(long)]
    pub underpromotion: bool,
    /// Keep the games in which a position occurs a third time.
    #[arg(long)]
    pub threefold: bool,
    /// Name each chosen game's opening in its `ECO` and `Opening` tags (lichess's table, or
    /// --openings; the tags are written again, the movetext as it was).
    #[arg(long)]
    pub classify: bool,
    /// Classify with this openings table instead of the shipped one: a TSV file in the
    /// lichess chess-openings format (header eco, name, pgn) or a directory of *.tsv files.
    /// Repeated: read in order, the first row naming a position wins.
    #[arg(long, value_name = "PATH", requires = "classify")]
    pub openings: Vec<std::path::PathBuf>,
    /// Keep only the first of games with the same start position and mainline (tags aside).
    #[arg(long)]
    pub unique: bool,
    /// Write the duplicates dropped by --unique to this file (implies --unique).
    #[arg(long, value_name = "FILE")]
    pub duplicates: Option<std::path::PathBuf>,

    /// Repair: set the Result tag from the game's result marker when they differ (or the
    /// tag is missing); give a game without marker the one its Result tag names (else `*`).
    #[arg(long)]
    pub fix_result: bool,
    /// Repair: set the PlyCount tag to the mainline's number of plies (added if missing).
    #[arg(long)]
    pub fix_ply_count: bool,
    /// Repair: add the missing tags of the seven-tag roster with the values for unknown
    /// (`?`, Date `????.??.??`, Result `*`), the roster then first.
    #[arg(long)]
    pub fill_roster: bool,
    /// Write to this file instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<std::path::PathBuf>,
    /// Write the chosen games into files of N games each in --out-dir: part-00000.pgn,
    /// part-00001.pgn, ... (the last holds the rest).
    #[arg(long, value_name = "N", requires = "out_dir", conflicts_with = "split_by", value_parser = clap::value_parser!(u64).range(1..))]
    pub split_games: Option<u64>,
    /// Write the chosen games into one file per value of this tag in --out-dir (names made
    /// safe: see below; games without the tag in _missing.pgn).
    #[arg(long, value_name = "TAG", requires = "out_dir")]
    pub split_by: Option<String>,
    /// The directory of --split-games or --split-by (created if needed; files already there
    /// with the same names are replaced).
    #[arg(
        long,
        value_name = "DIR",
        conflicts_with = "output",
        requires = "split"
    )]
    pub out_dir: Option<std::path::PathBuf>,
}
