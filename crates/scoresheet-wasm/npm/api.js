// The package's API over the WebAssembly module (gen/, made by wasm-bindgen): structured
// results arrive as JSON text (and readGames' plies as columns) and are finished here; games
// get `mainline` and `variations`.
// Entry points: index.js (browsers) and node.js (Node) initialise the module, then re-export
// this file. Documentation and types: index.d.ts.
import * as raw from './gen/scoresheet_wasm.js';

export { Position, Vocabulary, notations, vocabularies } from './gen/scoresheet_wasm.js';

/** Moves read in `from` and written in `to` (see index.d.ts). */
export function convert(moves, { from = 'san', to, fen, chess960 = false, lang } = {}) {
  return raw.convert(moves, from, to, fen, chess960, lang);
}

/** Which notations read `moves`, best first. */
export function detect(moves, { fen } = {}) {
  return JSON.parse(raw.detectJson(moves, fen));
}

/** The syntax tree of one move string, as `scoresheet parse` prints it. */
export function parse(text, notation = 'san', { strict = false } = {}) {
  return JSON.parse(raw.parseJson(text, notation, strict));
}

/** The piece-letter languages, `{code, name}`. */
export function languages() {
  return raw.languages().map((pair) => {
    const at = pair.indexOf(':');
    return { code: pair.slice(0, at), name: pair.slice(at + 1) };
  });
}

/** Gives each ply of a game's flat `plies` its `variations`; returns the game's mainline. */
function link(plies) {
  for (const ply of plies) ply.variations = [];
  // The next ply of a line: the child at the same depth that starts no variation.
  const next = new Array(plies.length).fill(-1);
  let first = -1;
  plies.forEach((ply, i) => {
    if (ply.variationOf !== null) return;
    if (ply.parent === -1) {
      if (ply.depth === 0 && first === -1) first = i;
    } else if (plies[ply.parent].depth === ply.depth && next[ply.parent] === -1) {
      next[ply.parent] = i;
    }
  });
  const line = (start) => {
    const out = [];
    for (let i = start; i !== -1; i = next[i]) out.push(plies[i]);
    return out;
  };
  plies.forEach((ply, i) => {
    if (ply.variationOf !== null) plies[ply.variationOf].variations.push(line(i));
  });
  return first === -1 ? [] : line(first);
}

/**
 * readGames' plies: the module's columns (one typed array or text buffer per field, every
 * ply of every game; see src/game_columns.rs), made into ply objects a game at a time, when
 * the game's `plies` or `mainline` is first read.
 */
class PlyColumns {
  constructor(raw) {
    this.raw = raw;
    this.text = {};
  }

  /** A text column's strings (null where `valid` is 0), decoded at its first use. */
  strings(name, valid) {
    if (this.text[name] === undefined) this.text[name] = strings(this.raw[name], valid);
    return this.text[name];
  }

  /** The ply objects of the rows `start` to `end`, linked: `{plies, mainline}`. */
  plies(start, end) {
    const r = this.raw;
    const san = this.strings('san');
    const uci = this.strings('uci');
    const fen = r.fen === undefined ? undefined : this.strings('fen');
    const comment = this.strings('comment', r.commentValid);
    const num = (x) => (Number.isNaN(x) ? null : x);
    const plies = new Array(end - start);
    for (let i = start; i < end; i++) {
      const ply = {
        san: san[i],
        uci: uci[i],
        parent: r.parent[i],
        depth: r.depth[i],
        variationOf: r.variationOf[i] === -1 ? null : r.variationOf[i],
      };
      if (fen !== undefined) ply.fen = fen[i];
      ply.comment = comment[i];
      ply.commentsBefore = [];
      ply.clock = num(r.clock[i]);
      ply.emt = num(r.emt[i]);
      ply.evalCp = num(r.evalCp[i]);
      ply.evalMate = num(r.evalMate[i]);
      ply.nags = [];
      ply.line = r.line[i];
      ply.column = r.column[i];
      ply.byte = r.byte[i];
      plies[i - start] = ply;
    }
    return plies;
  }
}

/** `game[key] = value` as a plain data property, as JSON.parse makes them. */
function define(game, key, value) {
  Object.defineProperty(game, key, { value, writable: true, configurable: true, enumerable: true });
}

/**
 * Gives `game` its `plies` and `mainline`, made by `make` (returning both) when either is first
 * read, then kept as plain data properties; either may be set before.
 */
function lazyPlies(game, make) {
  const made = () => {
    const values = make();
    for (const key of ['plies', 'mainline']) {
      // A property set meanwhile keeps its value.
      if (Object.getOwnPropertyDescriptor(game, key).get !== undefined) define(game, key, values[key]);
    }
  };
  for (const key of ['plies', 'mainline']) {
    Object.defineProperty(game, key, {
      configurable: true,
      enumerable: true,
      get() {
        made();
        return game[key];
      },
      set(value) {
        define(game, key, value);
      },
    });
  }
}

/** The games of a PGN text, with rejected games and the reader's warnings. */
export function readGames(text, { lang, fens = false, maxGameBytes } = {}) {
  const r = raw.readGamesColumns(text, lang, fens, maxGameBytes);
  const out = JSON.parse(r.json);
  const extras = JSON.parse(r.extras);
  const columns = new PlyColumns(r);
  let start = 0;
  out.games.forEach((game, g) => {
    const first = start;
    const end = start + r.plyCounts[g];
    lazyPlies(game, () => {
      const plies = columns.plies(first, end);
      for (const [i, before, nags] of extras[g] ?? []) {
        plies[i].commentsBefore = before;
        plies[i].nags = nags;
      }
      return { plies, mainline: link(plies) };
    });
    game.tagMap = Object.fromEntries([...game.tags].reverse());
    start = end;
  });
  return out;
}

/** EGD records of a PGN text. */
export function egd(text, { extended = false, lang } = {}) {
  return JSON.parse(raw.egdJson(text, extended, lang));
}

/** The games of a PGN text written again with every move in `to`. */
export function rewritePgn(text, { to = 'san', lang, toLang } = {}) {
  return JSON.parse(raw.rewritePgnJson(text, to, lang, toLang));
}

/** Writes every legal move of each position in each notation and reads it back. */
export function roundTrip(fens, { notations = raw.notations(), chess960 = false } = {}) {
  return JSON.parse(raw.roundTripJson(fens, notations, chess960));
}

/** Token ids of moves in a vocabulary (a name or a Vocabulary). */
export function tokenize(moves, vocabulary) {
  const v = typeof vocabulary === 'string' ? new raw.Vocabulary(vocabulary) : vocabulary;
  return Uint32Array.from(v.tokenize(moves));
}

/** The strings of token ids in a vocabulary (a name or a Vocabulary). */
export function detokenize(ids, vocabulary) {
  const v = typeof vocabulary === 'string' ? new raw.Vocabulary(vocabulary) : vocabulary;
  return v.detokenize(Uint32Array.from(ids));
}

// readTables: the `games` and `moves` tables of the Python package's read_tables as typed
// arrays (see index.d.ts). The module hands over each column's buffers (one copy each out of
// WebAssembly); text and dictionaries are finished here.

/** A dictionary's strings by their joined text: the vocabularies are split once a process. */
const dictionaries = new Map();

function dictionaryStrings(joined) {
  let strings = dictionaries.get(joined);
  if (strings === undefined) {
    strings = joined.split('\n');
    strings.pop();
    dictionaries.set(joined, strings);
  }
  return strings;
}

const utf8 = new TextDecoder();

/** Text `{offsets, data}` as strings (null where `valid` says so). */
function strings({ offsets, data }, valid) {
  const n = offsets.length - 1;
  const out = new Array(n);
  const whole = utf8.decode(data);
  // ASCII (nearly always): one decode, then slices; else each string decoded by itself.
  const ascii = whole.length === data.length;
  for (let i = 0; i < n; i++) {
    if (valid && !valid[i]) {
      out[i] = null;
    } else if (ascii) {
      out[i] = whole.slice(offsets[i], offsets[i + 1]);
    } else {
      out[i] = utf8.decode(data.subarray(offsets[i], offsets[i + 1]));
    }
  }
  return out;
}

/** Each row's `[key, value]` entries of a map column. */
function entries(column) {
  const keys = strings(column.keys);
  const items = strings(column.items);
  const { offsets } = column;
  const out = new Array(offsets.length - 1);
  for (let i = 0; i < out.length; i++) {
    const row = [];
    for (let j = offsets[i]; j < offsets[i + 1]; j++) row.push([keys[j], items[j]]);
    out[i] = row;
  }
  return out;
}

/** A column as the module made it, finished: text as strings, dictionaries as string arrays. */
function finishColumn(raw) {
  const column = { name: raw.name, type: raw.type };
  if (raw.type === 'utf8') column.values = strings(raw, raw.valid);
  else if (raw.type === 'map') column.values = entries(raw);
  else column.values = raw.values;
  if (raw.dictionary !== undefined) column.dictionary = dictionaryStrings(raw.dictionary);
  if (raw.size !== undefined) column.size = raw.size;
  if (raw.valid !== undefined) column.valid = raw.valid;
  return column;
}

function finishTable(raw) {
  const columns = {};
  for (const c of raw.columns) columns[c.name] = finishColumn(c);
  return { numRows: raw.numRows, names: raw.columns.map((c) => c.name), columns };
}

/** Whether `input` is read as a stream: a ReadableStream, a Blob (or File), or any async
 * iterable of byte chunks (a Node Readable). */
function isStream(input) {
  return (typeof ReadableStream !== 'undefined' && input instanceof ReadableStream)
    || (typeof Blob !== 'undefined' && input instanceof Blob)
    || (input !== null && typeof input === 'object' && typeof input[Symbol.asyncIterator] === 'function'
      && !(input instanceof Uint8Array));
}

function sourceName(input) {
  if (typeof input === 'string') return '<string>';
  if (input instanceof Uint8Array) return '<bytes>';
  if (typeof File !== 'undefined' && input instanceof File) return input.name;
  if (isStream(input)) return '<stream>';
  throw new TypeError('readTables: input must be a string, a Uint8Array, a Blob, a ReadableStream or an async iterable of Uint8Array');
}

/** A batch or a whole result as the module gives it, finished: typed arrays get their text
 * and dictionaries decoded; Arrow IPC bytes are handed over as they are. */
function finishResult(out, format) {
  const log = JSON.parse(out.log);
  if (format === 'arrow') return { games: out.games, moves: out.moves, ...log };
  return { games: finishTable(out.games), moves: finishTable(out.moves), ...log };
}

/** The pieces of a stream input, as Uint8Arrays, and how to stop reading it early. */
function pieces(input) {
  if (typeof Blob !== 'undefined' && input instanceof Blob) input = input.stream();
  if (typeof ReadableStream !== 'undefined' && input instanceof ReadableStream) {
    const reader = input.getReader();
    return {
      async next() {
        const { done, value } = await reader.read();
        return done ? null : value;
      },
      stop: (early) => (early ? reader.cancel() : reader.releaseLock()),
    };
  }
  const iterator = input[Symbol.asyncIterator]();
  return {
    async next() {
      const { done, value } = await iterator.next();
      return done ? null : value;
    },
    stop: (early) => (early && typeof iterator.return === 'function' ? iterator.return() : undefined),
  };
}

const encoder = new TextEncoder();

/** A piece of a stream as bytes (text is encoded as UTF-8). */
function pieceBytes(piece) {
  if (piece instanceof Uint8Array) return piece;
  if (typeof piece === 'string') return encoder.encode(piece);
  if (piece instanceof ArrayBuffer) return new Uint8Array(piece);
  if (ArrayBuffer.isView(piece)) return new Uint8Array(piece.buffer, piece.byteOffset, piece.byteLength);
  throw new TypeError('readTables: a stream must give Uint8Array chunks');
}

/** The batches of a stream input (see index.d.ts): the module cuts the bytes into whole games
 * as they come (the library's rule, the one its threads use) and makes one batch a cut. */
async function* batches(input, stream, format) {
  const source = pieces(input);
  let ended = false;
  try {
    for (;;) {
      const piece = await source.next();
      if (piece === null) {
        stream.finish();
      } else {
        stream.push(pieceBytes(piece));
      }
      for (let out = stream.next(); out !== undefined; out = stream.next()) yield finishResult(out, format);
      if (piece === null) break;
    }
    ended = true;
  } finally {
    await source.stop(!ended);
    stream.free();
  }
}

/** The `games` and `moves` tables of a PGN input, as typed arrays or (`format: 'arrow'`) the
 * bytes of an Arrow IPC stream each; for a stream or a Blob, an async iterator of batches of
 * them (see index.d.ts). */
export function readTables(input, { columns, fen = false, where, lang, source, format = 'columns', batchBytes = 0, maxGameBytes } = {}) {
  if (format !== 'columns' && format !== 'arrow') throw new TypeError(`readTables: format must be "columns" or "arrow", not ${JSON.stringify(format)}`);
  const name = source ?? sourceName(input);
  if (isStream(input)) {
    if (!Number.isSafeInteger(batchBytes) || batchBytes < 0 || batchBytes > 2 ** 31) throw new TypeError('readTables: batchBytes must be a whole number of bytes');
    // Made now, so that a bad argument throws here rather than at the first batch.
    const stream = new raw.TablesStream(columns, fen, where, lang, name, batchBytes, maxGameBytes, format);
    return batches(input, stream, format);
  }
  const bytes = typeof input === 'string' ? encoder.encode(input) : input;
  return finishResult(raw.readTablesRaw(bytes, columns, fen, where, lang, name, maxGameBytes, format), format);
}
