// readTables against the Python package's read_tables (the same tables: names, values,
// dictionaries, token ids, nulls), column by column, on ../shared/data/pgn/real.pgn (or the
// bundled real_clean.pgn): the default columns, and every column on the bundled file. Needs a
// Python with the project's package (the checkout's .venv/ that scripts/test.sh sets up, or
// SCORESHEET_PYTHON); skipped otherwise.
import test from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { readTables } from '../node.js';
import { REAL_CLEAN, ROOT, assertColumnValuesEqual } from './data.mjs';

const REAL = path.join(ROOT, '../shared/data/pgn/real.pgn');
const PYTHON = process.env.SCORESHEET_PYTHON ?? path.join(ROOT, '.venv/bin/python');
const HELPER = new URL('./python_tables.py', import.meta.url).pathname;

const why = existsSync(PYTHON) ? null : `no ${PYTHON} (scripts/test.sh sets up .venv, or set SCORESHEET_PYTHON)`;

/** read_tables of `file` in Python, as python_tables.py writes it. */
function pythonTables(file, columns) {
  const args = [HELPER, file, ...(columns ? [columns.join(',')] : [])];
  return JSON.parse(execFileSync(PYTHON, args, { maxBuffer: 1 << 30 }).toString());
}

/** Test options that skip with the reason, if there is one. */
const skipIf = (reason) => (reason ? { skip: reason } : {});

const TYPES = { double: 'float64' };

function assertColumnEqual(ours, theirs, where) {
  assert.equal(ours.type, TYPES[theirs.type] ?? theirs.type, `${where}: type`);
  assertColumnValuesEqual(ours, theirs, where);
}

function assertTablesEqual(ours, theirs) {
  for (const table of ['games', 'moves']) {
    assert.deepEqual(ours[table].names, theirs[table].names, `${table}: column names`);
    assert.equal(ours[table].numRows, theirs[table].numRows, `${table}: rows`);
    for (const name of theirs[table].names) {
      assertColumnEqual(ours[table].columns[name], theirs[table].columns[name], `${table}.${name}`);
    }
  }
}

test('ok_read_tables_equals_python_read_tables_default_columns', skipIf(why), () => {
  const file = existsSync(REAL) ? REAL : REAL_CLEAN;
  const ours = readTables(readFileSync(file), { source: file });
  assert.equal(ours.counts.gamesIn, ours.games.numRows + ours.rejected.length);
  assertTablesEqual(ours, pythonTables(file));
});

test('ok_read_tables_equals_python_read_tables_every_column', skipIf(why), () => {
  const columns = ['fen_after', 'board', 'castling', 'en_passant', 'san', 'white_elo', 'opening_name', 'tags'];
  const ours = readTables(readFileSync(REAL_CLEAN, 'utf8'), { source: REAL_CLEAN, columns });
  assert.ok(ours.moves.names.includes('board'));
  assertTablesEqual(ours, pythonTables(REAL_CLEAN, columns));
});

test('err_read_tables_unknown_column', {}, () => {
  assert.throws(() => readTables('1. e4 *', { columns: ['sna'] }), (e) => e.name === 'UsageError' && /no column "sna"/.test(e.message));
});

test('ok_read_tables_rejected_games_are_left_out_and_reported', {}, () => {
  const out = readTables('[White "A"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n1. e4 e5 2. Ke3 *\n');
  assert.equal(out.games.numRows, 1);
  assert.equal(out.moves.numRows, 7);
  assert.equal(out.rejected.length, 1);
  const san = out.moves.columns.san;
  assert.deepEqual(Array.from(san.values, (k) => san.dictionary[k]), ['e4', 'e5', 'Qh5', 'Nc6', 'Bc4', 'Nf6', 'Qxf7#']);
  assert.equal(out.games.columns.white.values[0], 'A');
});
