// Types of the package `scoresheet` (WebAssembly). Notation names are the command-line tool's:
// san, lan, uci, eran, eran-short, quantum, figurine, figurine-black, figurine-side, iccf,
// smith, descriptive, and san-CODE / lan-CODE for a language's piece letters (san-de).

export { Position, Vocabulary } from './gen/scoresheet_wasm.js';

/** A move, FEN or `where` expression that does not parse: `name` is "ParseError". */
export interface ParseError extends Error {
  name: 'ParseError';
  /** The notation that refused it (`san`, `uci`, `fen`, ..., `where` for `readTables`' expression). */
  notation: string;
  /** Byte offset in `input` (UTF-8) where parsing stopped. */
  offset: number;
  /** What was expected there. */
  expected: string;
  /** The text given. */
  input: string;
  /** The move's place in the list given to `convert`. */
  index?: number;
}

/** A well-formed move that is not one legal move: `name` is "IllegalMoveError". */
export interface IllegalMoveError extends Error {
  name: 'IllegalMoveError';
  notation: string;
  move: string;
  /** The position it was refused in. */
  fen: string;
  /** Why (`illegal move: no legal move matches`, `ambiguous move: 2 legal moves match`). */
  reason: string;
  index?: number;
}

/** Where a game was rejected and why (also the fields of a thrown `PgnError`). */
export interface Rejection {
  /** The game's number in the input, from 1. */
  game: number;
  /** The line on which the game starts. */
  firstLine: number;
  /** Line and column (from 1; the column counts UTF-8 bytes) of the offending token. */
  line: number;
  column: number;
  /** Byte offset (UTF-8) of the token in the input. */
  byte: number;
  /** The token or tag value concerned. */
  token: string;
  reason: string;
  /** The library's message, location first, as the command-line tool prints it. */
  message: string;
}

/** An input that cannot be read on (UTF-16): `name` is "PgnError". */
export interface PgnError extends Error, Omit<Rejection, 'message'> {
  name: 'PgnError';
}

/** Something the reader accepted but found odd, or skipped (an oddity, as `--warnings`
 * shows it). */
export interface Warning {
  /** The game's number in the input, from 1, and the line on which it starts. */
  game: number;
  firstLine: number;
  line: number;
  column: number;
  byte: number;
  /** What is odd (`unknown glyph skipped "$999999"`). */
  reason: string;
  /** The location and the reason, as the command-line tool prints them. */
  message: string;
}

/** What became of the games of a text, as the command-line tool counts them: games in =
 * `converted` + `rejected` + `notSelected`; `plies` of the converted games' mainlines. */
export interface Counts {
  gamesIn: number;
  converted: number;
  rejected: number;
  /** Games left out by `readTables`' `where` (0 without one, and for the other readers). */
  notSelected: number;
  plies: number;
  /** The oddities met (each is also a `Warning`), and their count by kind, most frequent first. */
  oddities: number;
  oddityKinds: [string, number][];
  /** `N games in: C converted, R rejected; P plies; K oddities (...)`. */
  summary: string;
}

export interface Ply {
  /** SAN with `+`/`#` (`--` for a null move). */
  san: string;
  /** UCI (`e1h1` for castling in Chess960; `0000` for a null move). */
  uci: string;
  /** Index in `plies` of the ply before this one; -1 at the start. */
  parent: number;
  /** 0 on the mainline, 1 in a variation, 2 in a variation of it, ... */
  depth: number;
  /** For the first ply of a variation: the index of the ply it replaces. */
  variationOf: number | null;
  /** The position after the ply (with `fens: true`). */
  fen?: string;
  /** The comments after the ply, without their commands, joined by a space. */
  comment: string | null;
  /** Comments at the start of a variation, before this ply. */
  commentsBefore: string[];
  /** `[%clk]` after the move, in seconds. */
  clock: number | null;
  /** `[%emt]`, in seconds. */
  emt: number | null;
  /** `[%eval]` in centipawns, White's point of view. */
  evalCp: number | null;
  /** `[%eval #n]`: mate in n, negative when Black mates. */
  evalMate: number | null;
  /** NAGs after the move (`!` is 1, `?` is 2, ...). */
  nags: number[];
  line: number;
  column: number;
  byte: number;
  /** The variations that replace this ply, each a line of plies. */
  variations: Ply[][];
}

export interface Game {
  number: number;
  firstLine: number;
  byte: number;
  /** Tag pairs in file order. */
  tags: [string, string][];
  /** Tags by name (of a repeated tag, the first). */
  tagMap: Record<string, string>;
  startFen: string;
  result: string;
  /** Comments before the first move. */
  comments: string[];
  /** Every ply, mainline and variations, in the order written. */
  plies: Ply[];
  /** The mainline. */
  mainline: Ply[];
}

export interface ReadResult {
  games: Game[];
  rejected: Rejection[];
  warnings: Warning[];
  counts: Counts;
}

/** A failed round trip: the move (`uci`) written as `text` in `notation` in the position
 * `fen`, and what reading it gave (a move in UCI, or the error's message). */
export interface RoundTripFailure {
  fen: string;
  notation: string;
  uci: string;
  text: string;
  read: string;
}

export interface RoundTripReport {
  positions: number;
  /** Legal moves of the positions. */
  moves: number;
  /** Round trips made: moves times notations. */
  checked: number;
  /** Round trips that did not give the move back; the first 20 are `examples`. */
  failures: number;
  examples: RoundTripFailure[];
}

export interface Detection {
  notation: string;
  /** Moves the lenient reader played before the first it refused. */
  lenient: number;
  /** Moves the strict reader played. */
  strict: number;
  /** Whether the lenient reader played them all. */
  complete: boolean;
}

/** Plays `moves` (read leniently in `from`, default `san`) and writes each in `to`. Throws
 * `ParseError` or `IllegalMoveError` at the first bad move. `lang` gives SAN and LAN a
 * language's piece letters (as the command-line tool's `--lang`). */
export function convert(
  moves: string[],
  options: { from?: string; to: string; fen?: string; chess960?: boolean; lang?: string },
): string[];

/** Which notations read `moves`, best first, as `scoresheet detect`. */
export function detect(
  moves: string[],
  options?: { fen?: string },
): { candidates: Detection[]; ambiguous: boolean; readAlike: boolean };

/** The games of a PGN text, replayed by the library (the rules of every `scoresheet`
 * command): games in = `games` + `rejected`. `lang` reads SAN with a language's letters;
 * `fens` adds each ply's position; `maxGameBytes` is the largest game read (default 64 MiB,
 * at most 1 GiB, as the command-line tool's `--max-game-bytes`): a larger one is rejected
 * (`expected a game of at most N bytes`) and the next game read. Throws `PgnError` for a
 * UTF-16 input, `UsageError` for a `maxGameBytes` that is not a whole number from 1 to
 * 1073741824. The plies come out of WebAssembly as columns; a game's `plies` and `mainline`
 * objects are made when either is first read (then kept as plain properties), so a caller
 * that reads only tags or results makes no object per ply. */
export function readGames(
  text: string,
  options?: { lang?: string; fens?: boolean; maxGameBytes?: number },
): ReadResult;

/** A column of `readTables`' tables. `type` tells what `values` is: `int32` (`Int32Array`),
 * `int64` and `timestamp` (`BigInt64Array`; a timestamp in microseconds since 1970, UTC),
 * `float64` (`Float64Array`), `bool` (`Uint8Array`, 0 or 1), `dictionary` (the keys,
 * `Uint8Array` or `Int16Array`, into `dictionary`; `san` and `uci` keys are token ids), `utf8`
 * (strings, `null` where null), `map` (each row's `[key, value]` entries), `list` (`Uint8Array`
 * of `size` values a row: `board`'s 64 piece codes). `valid` is there only when some row is
 * null: 1 where the row has a value, 0 where it is null (its value is then 0). */
export interface TableColumn {
  name: string;
  type: 'int32' | 'int64' | 'float64' | 'bool' | 'timestamp' | 'dictionary' | 'utf8' | 'map' | 'list';
  values: Int32Array | BigInt64Array | Float64Array | Uint8Array | Int16Array | (string | null)[] | [string, string][][];
  dictionary?: string[];
  size?: number;
  valid?: Uint8Array;
}

/** A table of `readTables`: its columns in order (`names`) and by name. */
export interface Table {
  numRows: number;
  names: string[];
  columns: Record<string, TableColumn>;
}

/** What `readTables` gives: the tables with the rejected games, warnings and counts of the
 * games read (for a stream: of one batch's games). */
export interface TablesResult {
  games: Table;
  moves: Table;
  rejected: Rejection[];
  warnings: Warning[];
  counts: Counts;
}

/** What `readTables` gives with `format: "arrow"`: each table as the bytes of an Arrow IPC
 * stream (schema, a dictionary batch per dictionary column, one record batch, end marker),
 * for Arrow JS's `tableFromIPC`, DuckDB-WASM or pyarrow's `ipc.open_stream`; the columns,
 * Arrow types, values, nulls and dictionaries of the typed arrays and of Python's
 * `read_tables`. */
export interface ArrowTablesResult {
  games: Uint8Array;
  moves: Uint8Array;
  rejected: Rejection[];
  warnings: Warning[];
  counts: Counts;
}

/** The settings of `readTables`. `maxGameBytes`: as `readGames`'. */
export interface ReadTablesOptions {
  columns?: string[];
  fen?: boolean;
  lang?: string;
  source?: string;
  format?: 'columns' | 'arrow';
  maxGameBytes?: number;
  /** Only the games whose tags satisfy this expression (the command-line tool's `--where`,
   * Python's `where=`); see `readTables`. */
  where?: string;
}

/** A stream `readTables` reads batch by batch: a `ReadableStream` of `Uint8Array` pieces
 * (`Blob.stream()`, `fetch().body`, Node's `Readable.toWeb(...)`), a `Blob` (a `File`), or any
 * async iterable of `Uint8Array` (a Node `Readable`). */
export type TablesStreamInput = ReadableStream<Uint8Array> | Blob | AsyncIterable<Uint8Array>;

/** The `games` and `moves` tables of the Python package's `read_tables` (`docs/export.md`):
 * the same columns, values, dictionaries and token ids, as typed arrays. `columns` names
 * columns of either table (default: every column but the optional `board`, `castling`,
 * `en_passant`, `fen_after`; `game_id` always); `fen` adds `fen_after`; `source` is the
 * `source_file` value (default `<string>`, `<bytes>`, `<stream>` or a `File`'s name). Rejected
 * games are left out of both tables and listed in `rejected`. With `format: "arrow"` each
 * table is the bytes of an Arrow IPC stream instead (`ArrowTablesResult`). `where` keeps the
 * games whose tags satisfy it (`WhiteElo >= 2500 and Event ~ "(?i)blitz"`), as Python's
 * `read_tables(where=...)`; the others are counted in `counts.notSelected`. Its `~` is
 * regex-lite's search: `\d`, `\s`, `\w`, `\b` and `(?i)` know only ASCII, and `\p{..}` and
 * class set operations are errors. A bad expression throws `ParseError` (notation `where`,
 * with its offset); another `format` throws `TypeError`. Throws `UsageError` for an unknown
 * column, `PgnError` for a UTF-16 input. */
export function readTables(
  input: string | Uint8Array,
  options: ReadTablesOptions & { format: 'arrow' },
): ArrowTablesResult;
export function readTables(input: string | Uint8Array, options?: ReadTablesOptions): TablesResult;
/** The same tables over a stream, as an async iterator of batches read as the bytes come
 * (memory holds a batch, not the input): each batch the whole games of about `batchBytes`
 * input bytes (default 1 MiB; a larger game is a batch of its own), with its own `rejected`,
 * `warnings` and `counts`; a batch of rejected games only has the columns and no rows. Games
 * are cut where the library's reader ends them, whatever the pieces; the batches put end to
 * end equal the one-shot call. Dictionaries are declared by the columns: every batch has the
 * same `dictionary` arrays, so codes mean the same in every batch. Bad arguments throw at the
 * call; `PgnError` (an input that cannot be read on: UTF-16) is thrown by the iteration after
 * the batches before it. Leaving the loop early cancels the stream. With `format: "arrow"`
 * each batch's tables are an IPC stream each, readable by itself. */
export function readTables(
  input: TablesStreamInput,
  options: ReadTablesOptions & { batchBytes?: number; format: 'arrow' },
): AsyncGenerator<ArrowTablesResult, void, undefined>;
export function readTables(
  input: TablesStreamInput,
  options?: ReadTablesOptions & { batchBytes?: number },
): AsyncGenerator<TablesResult, void, undefined>;

/** EGD records (the objects `scoresheet egd` writes; `extended` as `--extended`). */
export function egd(
  text: string,
  options?: { extended?: boolean; lang?: string },
): { records: Record<string, unknown>[]; rejected: Rejection[]; warnings: Warning[]; counts: Counts };

/** The games written again with every move in `to`, as `scoresheet pgn --to`. */
export function rewritePgn(
  text: string,
  options?: { to?: string; lang?: string; toLang?: string },
): { pgn: string; rejected: Rejection[]; skippedTags: string[] };

/** Writes every legal move of each position (FENs) in each notation (default: every one,
 * `notations()`) and reads it back as `Position.parse` does, in one call: the package's
 * check of itself over whole collections. Throws `ParseError` for a bad FEN. */
export function roundTrip(
  fens: string[],
  options?: { notations?: string[]; chess960?: boolean },
): RoundTripReport;

/** The syntax tree of one move string in `notation` (default `san`), the object
 * `scoresheet parse` prints; no position needed. Throws `ParseError`. */
export function parse(text: string, notation?: string, options?: { strict?: boolean }): Record<string, unknown>;

/** Every notation name `convert` takes. */
export function notations(): string[];
/** The piece-letter languages. */
export function languages(): { code: string; name: string }[];
/** Every vocabulary name. */
export function vocabularies(): string[];
/** Token ids of moves in a vocabulary (a name or a `Vocabulary`). */
export function tokenize(moves: string[], vocabulary: string | import('./gen/scoresheet_wasm.js').Vocabulary): Uint32Array;
/** The strings of token ids. */
export function detokenize(ids: ArrayLike<number>, vocabulary: string | import('./gen/scoresheet_wasm.js').Vocabulary): string[];
