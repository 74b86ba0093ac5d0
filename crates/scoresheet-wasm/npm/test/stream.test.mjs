// readTables over a stream (a ReadableStream, a Blob, a Node Readable): the batches put end to
// end equal the one-shot readTables of the same bytes, column by column, whatever the size of
// the pieces the stream gives (7 bytes: games, lines and UTF-8 characters split everywhere;
// 64 KiB) and of the batches; every game is counted once, as a row or as a rejection. On
// ../shared/data/pgn/real.pgn (3,970 games) when it is there, else the bundled real_clean.pgn.
import test from 'node:test';
import assert from 'node:assert/strict';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import path from 'node:path';
import { readTables } from '../node.js';
import { REAL_CLEAN, ROOT, piecesOf } from './data.mjs';

const REAL = path.join(ROOT, '../shared/data/pgn/real.pgn');
const FILE = existsSync(REAL) ? REAL : REAL_CLEAN;

/** Typed arrays or arrays put end to end. */
function concat(parts) {
  if (parts.length === 0) return [];
  if (Array.isArray(parts[0])) return parts.flat(1);
  const out = new parts[0].constructor(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The batches of a stream put end to end: one result in the shape of the one-shot call. */
async function collect(iterator) {
  const got = { batches: 0, games: [], moves: [], rejected: [], warnings: [], gamesIn: 0, converted: 0, plies: 0 };
  for await (const batch of iterator) {
    got.batches += 1;
    got.games.push(batch.games);
    got.moves.push(batch.moves);
    got.rejected.push(...batch.rejected);
    got.warnings.push(...batch.warnings);
    got.gamesIn += batch.counts.gamesIn;
    got.converted += batch.counts.converted;
    got.plies += batch.counts.plies;
    // Each batch counts its own games: rows and rejections.
    assert.equal(batch.counts.gamesIn, batch.games.numRows + batch.rejected.length);
  }
  const table = (parts) => {
    const names = parts[0].names;
    const columns = {};
    for (const name of names) {
      const cs = parts.map((p) => p.columns[name]);
      const column = { name, type: cs[0].type, values: concat(cs.map((c) => c.values)) };
      if (cs[0].dictionary) {
        // Dictionaries are declared by the column, not found in the data: every batch has the
        // same strings (the very same array), so codes mean the same in every batch.
        for (const c of cs) assert.equal(c.dictionary, cs[0].dictionary, `${name}: one dictionary`);
        column.dictionary = cs[0].dictionary;
      }
      if (cs.some((c) => c.valid)) {
        column.valid = concat(cs.map((c) => c.valid ?? new Uint8Array(c.values.length / (c.size ?? 1)).fill(1)));
      }
      columns[name] = column;
    }
    return { numRows: parts.reduce((n, p) => n + p.numRows, 0), names, columns };
  };
  return { ...got, games: table(got.games), moves: table(got.moves) };
}

function assertSameTables(streamed, whole, where) {
  for (const t of ['games', 'moves']) {
    assert.deepEqual(streamed[t].names, whole[t].names, `${where}: ${t} names`);
    assert.equal(streamed[t].numRows, whole[t].numRows, `${where}: ${t} rows`);
    for (const name of whole[t].names) {
      const [a, b] = [streamed[t].columns[name], whole[t].columns[name]];
      assert.equal(a.type, b.type, `${where}: ${t}.${name} type`);
      assert.deepEqual(a.valid, b.valid, `${where}: ${t}.${name} nulls`);
      assert.deepEqual(a.dictionary, b.dictionary, `${where}: ${t}.${name} dictionary`);
      if (ArrayBuffer.isView(a.values)) {
        assert.ok(Buffer.compare(Buffer.from(a.values.buffer, a.values.byteOffset, a.values.byteLength),
          Buffer.from(b.values.buffer, b.values.byteOffset, b.values.byteLength)) === 0, `${where}: ${t}.${name} values differ`);
      } else {
        assert.deepEqual(a.values, b.values, `${where}: ${t}.${name} values`);
      }
    }
  }
  assert.deepEqual(streamed.rejected, whole.rejected, `${where}: rejected games`);
  assert.deepEqual(streamed.warnings, whole.warnings, `${where}: warnings`);
  assert.equal(streamed.gamesIn, whole.counts.gamesIn, `${where}: games in`);
  assert.equal(streamed.plies, whole.counts.plies, `${where}: plies`);
  // Every game counted: games in = rows out + games reported.
  assert.equal(streamed.gamesIn, streamed.games.numRows + streamed.rejected.length, `${where}: every game counted`);
}

const BYTES = readFileSync(FILE);
const COLUMNS = ['source_offset', 'source_file', 'result', 'white_elo', 'opening_name', 'utc_timestamp', 'tags', 'san', 'uci',
  'fen_after', 'board', 'castling', 'en_passant', 'clock_seconds', 'eval_cp', 'is_check'];

test('ok_stream_batches_equal_read_tables_7_byte_pieces', { timeout: 600_000 }, async () => {
  const whole = readTables(BYTES, { source: FILE });
  assert.ok(whole.games.numRows > 0);
  // Batches of 256 KiB of input: a few dozen over real.pgn.
  const streamed = await collect(readTables(piecesOf(BYTES, 7), { source: FILE, batchBytes: 256 << 10 }));
  assert.ok(streamed.batches > 10, `${streamed.batches} batches`);
  assertSameTables(streamed, whole, '7-byte pieces');
});

test('ok_stream_batches_equal_read_tables_64_kib_pieces_every_column_kind', { timeout: 600_000 }, async () => {
  const options = { source: FILE, columns: COLUMNS };
  const whole = readTables(BYTES, options);
  for (const batchBytes of [0, 4096]) {
    const streamed = await collect(readTables(piecesOf(BYTES, 64 << 10), { ...options, batchBytes }));
    assert.ok(batchBytes === 0 || streamed.batches > 100, `${streamed.batches} batches`);
    assertSameTables(streamed, whole, `64 KiB pieces, batches of ${batchBytes || 'default'} bytes`);
  }
});

test('ok_stream_of_a_node_readable_and_a_blob', { timeout: 600_000 }, async () => {
  const whole = readTables(BYTES, { source: FILE });
  const fromFile = await collect(readTables(Readable.toWeb(createReadStream(FILE)), { source: FILE }));
  assertSameTables(fromFile, whole, 'Readable.toWeb');
  const fromNode = await collect(readTables(createReadStream(FILE, { highWaterMark: 1000 }), { source: FILE }));
  assertSameTables(fromNode, whole, 'a Node Readable');
  const fromBlob = await collect(readTables(new Blob([BYTES]), { source: FILE }));
  assertSameTables(fromBlob, whole, 'a Blob');
});

test('ok_stream_rejected_games_reported_with_their_batch', async () => {
  const pgn = '[White "A"]\n\n1. e4 e5 *\n\n[White "B"]\n\n1. e4 e5 2. Ke3 *\n\n[White "C"]\n\n1. d4 *\n';
  const out = [];
  for await (const batch of readTables(piecesOf(new TextEncoder().encode(pgn), 3), { batchBytes: 1 })) out.push(batch);
  // One batch a game (batches of 1 byte): the rejected game's batch has no rows and reports it.
  assert.deepEqual(out.map((b) => [b.games.numRows, b.rejected.length]), [[1, 0], [0, 1], [1, 0]]);
  const r = out[1].rejected[0];
  assert.equal(r.game, 2);
  assert.equal(r.line, 7);
  assert.match(r.message, /^game 2 \(from line 5\), line 7, column 13: move "Ke3"/);
  assert.deepEqual(out.map((b) => b.games.columns.white.values), [['A'], [], ['C']]);
  // Offsets in the whole input: where each game starts.
  assert.deepEqual(out.map((b) => Array.from(b.games.columns.source_offset.values)), [[0n], [], [BigInt(pgn.indexOf('[White "C"]'))]]);
});

test('err_stream_utf16_input_throws_pgn_error_while_iterating', async () => {
  const utf16 = new Uint8Array([0xff, 0xfe, ...Array.from('[Event "x"]\n', (c) => [c.charCodeAt(0), 0]).flat()]);
  const iterator = readTables(piecesOf(utf16, 5));
  await assert.rejects(async () => {
    for await (const batch of iterator) assert.fail(`no batch expected, got ${batch.games.numRows} rows`);
  }, (e) => e.name === 'PgnError' && e.byte === 0 && /UTF-16/i.test(e.message));
});

test('err_stream_bad_arguments_throw_at_the_call', () => {
  const stream = piecesOf(new Uint8Array(0), 1);
  assert.throws(() => readTables(stream, { columns: ['sna'] }), (e) => e.name === 'UsageError' && /no column "sna"/.test(e.message));
  assert.throws(() => readTables(stream, { where: 'WhiteElo > x' }), (e) => e.name === 'ParseError' && e.offset === 11);
  assert.throws(() => readTables(stream, { batchBytes: -1 }), TypeError);
});

test('ok_stream_stopped_early_cancels_the_stream', async () => {
  let cancelled = false;
  let at = 0;
  const stream = new ReadableStream({
    pull(controller) {
      controller.enqueue(BYTES.slice(at, at + 4096));
      at += 4096;
    },
    cancel() {
      cancelled = true;
    },
  });
  for await (const batch of readTables(stream, { batchBytes: 8192 })) {
    assert.ok(batch.games.numRows > 0);
    break;
  }
  assert.ok(cancelled);
  // Memory bounded by the batch: the stream was read only a little past the first batch.
  assert.ok(at < 256 << 10, `read ${at} bytes for one batch of 8 KiB`);
});

test('ok_stream_empty_input_gives_no_batch', async () => {
  let batches = 0;
  for await (const batch of readTables(piecesOf(new Uint8Array(0), 1))) batches += batch.games.numRows + 1;
  assert.equal(batches, 0);
});

test('ok_read_tables_without_games_still_has_its_columns', () => {
  const out = readTables('1. e4 e5 2. Ke3 *\n');
  assert.equal(out.games.numRows, 0);
  assert.equal(out.rejected.length, 1);
  assert.ok(out.games.names.includes('game_id') && out.moves.names.includes('san'), out.games.names.join());
  assert.equal(out.moves.columns.san.values.length, 0);
});

test('ok_read_tables_after_a_run_of_rejected_games_only', async () => {
  // 300 rejected games first: the pump delivers a run every 256 reports, so the first runs
  // have no games (their tables have columns and no rows), then the good games are appended.
  const bad = '[Event "bad"]\n\n1. e4 e5 2. Ke3 *\n\n'.repeat(300);
  const good = '[Event "good"]\n[WhiteElo "2000"]\n[Opening "x"]\n\n1. d4 d5 *\n\n'.repeat(3);
  const pgn = bad + good;
  const options = { columns: ['tags', 'white_elo', 'san'] };
  const whole = readTables(pgn, options);
  assert.equal(whole.games.numRows, 3);
  assert.equal(whole.rejected.length, 300);
  assert.deepEqual(whole.games.columns.white_elo.values, Int32Array.from([2000, 2000, 2000]));
  // The tags the roster's columns do not hold (Event has its own).
  assert.deepEqual(whole.games.columns.tags.values[2], [['WhiteElo', '2000'], ['Opening', 'x']]);
  assert.equal(whole.moves.numRows, 6);
  const streamed = await collect(readTables(piecesOf(new TextEncoder().encode(pgn), 1000), { ...options, batchBytes: 1 }));
  assertSameTables(streamed, whole, 'rejected games first');
});
