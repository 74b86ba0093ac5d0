// readTables(input, {format: 'arrow'}): each table as the bytes of an Arrow IPC stream. Read
// back by the apache-arrow package, every column equals the typed-array result of the same call
// (names, Arrow types, nulls, values, dictionaries), on ../shared/data/pgn/real.pgn when it is
// there (else the bundled real_clean.pgn); read back by pyarrow, each table equals the Python
// package's read_tables (the checkout's .venv/ that scripts/test.sh sets up, or
// SCORESHEET_PYTHON; that test is skipped without it); over a stream, each batch's bytes equal
// the typed-array batch of the same cut.
import test from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Precision, TimeUnit, Type, tableFromIPC } from 'apache-arrow';
import { readTables } from '../node.js';
import * as raw from '../gen/scoresheet_wasm.js';
import { REAL_CLEAN, ROOT } from './data.mjs';

const REAL = path.join(ROOT, '../shared/data/pgn/real.pgn');
const FILE = existsSync(REAL) ? REAL : REAL_CLEAN;
const PYTHON = process.env.SCORESHEET_PYTHON ?? path.join(ROOT, '.venv/bin/python');
const HELPER = new URL('./python_arrow.py', import.meta.url).pathname;
const noPython = existsSync(PYTHON) ? false : `no ${PYTHON} (scripts/test.sh sets up .venv, or set SCORESHEET_PYTHON)`;

/** Every kind of column: text, map, list, dictionaries of both key types, timestamps, nulls. */
const EVERY_KIND = ['source_offset', 'source_file', 'result', 'white_elo', 'opening_name', 'utc_timestamp', 'tags', 'san', 'uci',
  'fen_after', 'board', 'castling', 'en_passant', 'clock_seconds', 'eval_cp', 'is_check'];

/** The Arrow type each `type` of the typed-array result stands for. */
const ARROW_TYPES = {
  int32: (t) => t.typeId === Type.Int && t.bitWidth === 32 && t.isSigned,
  int64: (t) => t.typeId === Type.Int && t.bitWidth === 64 && t.isSigned,
  float64: (t) => t.typeId === Type.Float && t.precision === Precision.DOUBLE,
  bool: (t) => t.typeId === Type.Bool,
  timestamp: (t) => t.typeId === Type.Timestamp && t.unit === TimeUnit.MICROSECOND && t.timezone === 'UTC',
  dictionary: (t) => t.typeId === Type.Dictionary && t.dictionary.typeId === Type.Utf8,
  utf8: (t) => t.typeId === Type.Utf8,
  map: (t) => t.typeId === Type.Map && t.children[0].type.children.every((c) => c.type.typeId === Type.Utf8),
  list: (t) => t.typeId === Type.FixedSizeList && t.listSize === 64 && t.children[0].type.typeId === Type.Int
    && t.children[0].type.bitWidth === 8 && !t.children[0].type.isSigned,
};

const bytesOf = (typed) => Buffer.from(typed.buffer, typed.byteOffset, typed.byteLength);

/** A bitmap's first `n` bits as bytes, 1 or 0. */
function unpack(bitmap, n) {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = (bitmap[i >> 3] >> (i & 7)) & 1;
  return out;
}

/** The values of an Arrow column in the shape of the typed-array column of `type`. */
function valuesOf(vector, data, type) {
  switch (type) {
    case 'utf8': return Array.from(vector);
    case 'map': return Array.from(vector, (row) => (row === null ? null : Array.from(row)));
    case 'bool': return unpack(data.values, data.length);
    case 'list': return data.children[0].values;
    default: return data.values;
  }
}

function assertColumnEqual(vector, ours, where) {
  assert.ok(ARROW_TYPES[ours.type](vector.type), `${where}: Arrow type ${vector.type} for ${ours.type}`);
  assert.equal(vector.data.length, 1, `${where}: one record batch`);
  const data = vector.data[0];
  const valid = data.nullCount === 0 ? undefined : unpack(data.nullBitmap, data.length);
  assert.deepEqual(valid, ours.valid, `${where}: nulls`);
  if (ours.dictionary) assert.deepEqual(Array.from(data.dictionary), ours.dictionary, `${where}: dictionary`);
  const values = valuesOf(vector, data, ours.type);
  if (ArrayBuffer.isView(values)) {
    assert.ok(bytesOf(values).equals(bytesOf(ours.values)), `${where}: values differ`);
  } else {
    assert.deepEqual(values, ours.values, `${where}: values`);
  }
}

/** The Arrow result (`{games, moves}` as IPC bytes) equals the typed-array one, column by column. */
function assertArrowEqual(arrow, columns, where) {
  for (const t of ['games', 'moves']) {
    assert.ok(arrow[t] instanceof Uint8Array, `${where}: ${t} is bytes`);
    const table = tableFromIPC(arrow[t]);
    assert.deepEqual(table.schema.fields.map((f) => f.name), columns[t].names, `${where}: ${t} names`);
    assert.equal(table.numRows, columns[t].numRows, `${where}: ${t} rows`);
    for (const name of columns[t].names) {
      assertColumnEqual(table.getChild(name), columns[t].columns[name], `${where}: ${t}.${name}`);
    }
  }
}

const CASES = [
  { name: 'default columns', file: FILE },
  { name: 'every kind of column', file: FILE, columns: EVERY_KIND },
  { name: 'every kind of column, real_clean.pgn', file: REAL_CLEAN, columns: EVERY_KIND },
];

for (const c of CASES) {
  test(`ok_arrow_equals_typed_arrays_${c.name.replaceAll(/\W+/g, '_')}`, { timeout: 600_000 }, () => {
    const bytes = readFileSync(c.file);
    const options = { source: c.file, columns: c.columns };
    const arrow = readTables(bytes, { ...options, format: 'arrow' });
    const columns = readTables(bytes, options);
    assert.ok(columns.games.numRows > 0);
    assert.deepEqual([arrow.rejected, arrow.warnings, arrow.counts], [columns.rejected, columns.warnings, columns.counts]);
    assertArrowEqual(arrow, columns, c.name);
  });

  test(`ok_arrow_read_by_pyarrow_equals_python_read_tables_${c.name.replaceAll(/\W+/g, '_')}`, { skip: noPython, timeout: 600_000 }, () => {
    const arrow = readTables(readFileSync(c.file), { source: c.file, columns: c.columns, format: 'arrow' });
    const dir = mkdtempSync(path.join(tmpdir(), 'scoresheet-arrow-'));
    try {
      const files = ['games', 'moves'].map((t) => {
        const file = path.join(dir, `${t}.arrows`);
        writeFileSync(file, arrow[t]);
        return file;
      });
      const args = [HELPER, c.file, ...files, ...(c.columns ? [c.columns.join(',')] : [])];
      const python = JSON.parse(execFileSync(PYTHON, args, { maxBuffer: 1 << 26 }).toString());
      for (const t of ['games', 'moves']) {
        assert.deepEqual(python[t].differ, [], `${c.name}: ${t} columns that differ from read_tables`);
        assert.ok(python[t].equal, `${c.name}: ${t} equals read_tables`);
        assert.ok(python[t].rows > 0, `${c.name}: ${t} has rows`);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

/** A ReadableStream giving `bytes` in pieces of `size` bytes. */
function piecesOf(bytes, size) {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + size));
      at += size;
    },
  });
}

test('ok_arrow_stream_batches_equal_typed_array_batches', { timeout: 600_000 }, async () => {
  const bytes = readFileSync(FILE);
  const options = { source: FILE, columns: EVERY_KIND, batchBytes: 256 << 10 };
  const columns = [];
  for await (const batch of readTables(piecesOf(bytes, 64 << 10), options)) columns.push(batch);
  let batches = 0;
  let rows = 0;
  for await (const batch of readTables(piecesOf(bytes, 7 << 10), { ...options, format: 'arrow' })) {
    assertArrowEqual(batch, columns[batches], `batch ${batches}`);
    assert.deepEqual(batch.counts, columns[batches].counts, `batch ${batches}: counts`);
    rows += tableFromIPC(batch.moves).numRows;
    batches += 1;
  }
  assert.equal(batches, columns.length);
  assert.ok(batches > 10, `${batches} batches`);
  assert.equal(rows, readTables(bytes, { columns: EVERY_KIND }).moves.numRows);
});

test('ok_arrow_without_games_still_has_the_schema', () => {
  for (const input of ['', '1. e4 e5 2. Ke3 *\n']) {
    const arrow = readTables(input, { format: 'arrow', columns: EVERY_KIND });
    assertArrowEqual(arrow, readTables(input, { columns: EVERY_KIND }), JSON.stringify(input));
    assert.equal(tableFromIPC(arrow.moves).numRows, 0);
  }
});

test('err_arrow_unknown_format', () => {
  assert.throws(() => readTables('1. e4 *', { format: 'parquet' }), TypeError);
  assert.throws(() => raw.readTablesRaw(new Uint8Array(0), undefined, false, undefined, undefined, 'x', undefined, 'parquet'),
    (e) => e.name === 'UsageError' && /format: "parquet"/.test(e.message));
});
