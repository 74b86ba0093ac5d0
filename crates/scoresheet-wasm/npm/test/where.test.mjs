// readTables' `where` (issue 39): the games it selects, and their moves, are those of the Python
// package's read_tables with the same expression (tags, a regular expression, numbers, dates,
// speed classes, boolean combinations), one-shot and over a stream, on
// ../shared/data/pgn/real.pgn (or the bundled real_clean.pgn); a bad expression throws
// ParseError with its offset and what was expected; and the documented differences of `~` in
// the WebAssembly package (regex-lite: ASCII-only classes and case folding, no \p{..}). The
// comparisons need a Python with the project's package (.venv/ or SCORESHEET_PYTHON).
import test from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { readTables } from '../node.js';
import { REAL_CLEAN, ROOT, assertColumnValuesEqual as assertColumnEqual, piecesOf } from './data.mjs';

const REAL = path.join(ROOT, '../shared/data/pgn/real.pgn');
const FILE = existsSync(REAL) ? REAL : REAL_CLEAN;
const PYTHON = process.env.SCORESHEET_PYTHON ?? path.join(ROOT, '.venv/bin/python');
const HELPER = new URL('./python_tables.py', import.meta.url).pathname;
const why = existsSync(PYTHON) ? null : `no ${PYTHON} (scripts/test.sh sets up .venv, or set SCORESHEET_PYTHON)`;
const skipIf = (reason) => (reason ? { skip: reason } : {});

/** read_tables of `file` with `where` in Python (python_tables.py). */
function pythonTables(file, columns, where) {
  const args = [HELPER, file, columns ? columns.join(',') : '', where];
  return JSON.parse(execFileSync(PYTHON, args, { maxBuffer: 1 << 30 }).toString());
}

function assertTablesEqual(ours, theirs, expr) {
  for (const table of ['games', 'moves']) {
    assert.deepEqual(ours[table].names, theirs[table].names, `${expr}: ${table}: column names`);
    assert.equal(ours[table].numRows, theirs[table].numRows, `${expr}: ${table}: rows`);
    for (const name of theirs[table].names) {
      assertColumnEqual(ours[table].columns[name], theirs[table].columns[name], `${expr}: ${table}.${name}`);
    }
  }
}

/** Expressions over real.pgn's tags, each selecting some of its games and leaving out others. */
const EXPRESSIONS = [
  // Numbers (ratings) and `and`.
  'WhiteElo >= 2500 and BlackElo >= 2500',
  // A regular expression without case, a speed class, `or`.
  'Event ~ "(?i)^rated (bullet|blitz)" or TimeControl = blitz',
  // `not`, a partial date, parentheses, a regular expression with a class.
  'not Result = "1/2-1/2" and (Date >= 2025.05 or ECO ~ "^B[2-9][0-9]$")',
  // Literal non-ASCII text matches alike in both engines; a tag's presence.
  'White ~ "Réti|Sämisch" or Black ~ "Nüss" or (PlyCount and PlyCount < 20)',
];

for (const expr of EXPRESSIONS) {
  test(`ok_where_selects_python_read_tables_games: ${expr}`, skipIf(why), () => {
    const ours = readTables(readFileSync(FILE), { source: FILE, where: expr });
    const c = ours.counts;
    assert.ok(ours.games.numRows > 0 && c.notSelected > 0, `${expr}: ${c.summary}`);
    assert.equal(c.gamesIn, ours.games.numRows + ours.rejected.length + c.notSelected);
    assert.match(c.summary, new RegExp(`, ${c.notSelected} not selected`));
    assertTablesEqual(ours, pythonTables(FILE, null, expr), expr);
  });
}

/** The batches' columns put end to end. */
function joined(batches, table, name) {
  const parts = batches.map((b) => b[table].columns[name]);
  const values = new parts[0].values.constructor(parts.reduce((n, p) => n + p.values.length, 0));
  let at = 0;
  for (const p of parts) {
    values.set(p.values, at);
    at += p.values.length;
  }
  return { values, dictionary: parts[0].dictionary };
}

test('ok_where_over_a_stream_selects_python_read_tables_games', skipIf(why), async () => {
  const expr = EXPRESSIONS[1];
  const columns = ['source_offset', 'san'];
  const batches = [];
  let notSelected = 0;
  // Pieces of 4 KiB and batches of 64 KiB: games and tags cut everywhere.
  for await (const batch of readTables(piecesOf(readFileSync(FILE), 4096), { where: expr, columns, batchBytes: 1 << 16 })) {
    batches.push(batch);
    notSelected += batch.counts.notSelected;
    assert.equal(batch.counts.gamesIn, batch.games.numRows + batch.rejected.length + batch.counts.notSelected);
  }
  assert.ok(batches.length > 10, `${batches.length} batches`);
  const theirs = pythonTables(FILE, columns, expr);
  assert.ok(notSelected > 0);
  assertColumnEqual(joined(batches, 'games', 'source_offset'), theirs.games.columns.source_offset, 'games.source_offset');
  assertColumnEqual(joined(batches, 'moves', 'san'), theirs.moves.columns.san, 'moves.san');
});

const TWO = '[White "Réti, Richard"]\n[WhiteElo "2500"]\n\n1. e4 *\n\n[White "Reti, Richard"]\n\n1. d4 *\n';

/** The White of each game `where` selects in TWO. */
function whites(where) {
  const out = readTables(TWO, { where, columns: ['white'] });
  return out.games.columns.white.values;
}

test('ok_where_regex_differences_in_the_webassembly_package', () => {
  // Literal text, ASCII classes and ASCII case folding: as the regex crate.
  assert.deepEqual(whites('White ~ "Réti"'), ['Réti, Richard']);
  assert.deepEqual(whites('White ~ "(?i)^reti"'), ['Reti, Richard']);
  assert.deepEqual(whites('White ~ "^[A-Za-z]+,"'), ['Reti, Richard']);
  // \w, \d, \s, \b are ASCII-only: \w does not match é (the regex crate's would).
  assert.deepEqual(whites('White ~ "^\\w+, Richard$"'), ['Reti, Richard']);
  // (?i) folds ASCII letters only: É is not é (the regex crate would select Réti).
  assert.deepEqual(whites('White ~ "(?i)RÉTI"'), []);
  // Numbers and presence do not involve the engine.
  assert.deepEqual(whites('WhiteElo >= 2000'), ['Réti, Richard']);
  assert.deepEqual(whites('not WhiteElo'), ['Reti, Richard']);
});

/** The error `fn` throws. */
function thrown(fn) {
  try {
    fn();
  } catch (e) {
    return e;
  }
  assert.fail('no error thrown');
}

test('err_where_names_the_offset_and_what_was_expected', () => {
  const cases = [
    ['WhiteElo >= ', 12, 'expected a value after the operator'],
    ['WhiteElo > abc', 11, 'expected a whole number (up to 5 digits)'],
    ['Result < 1-0', 9, 'expected `=`, `!=` or `~`: results have no order'],
    ['(White = A or', 13, 'expected a tag name, `not` or `(`'],
    ['White = A)', 9, 'expected no `)` without a `(` before it'],
    ['White = A xor Black = B', 10, 'expected `and`, `or`, `)` or the end'],
  ];
  for (const [where, offset, expected] of cases) {
    const e = thrown(() => readTables('1. e4 *', { where }));
    assert.equal(e.name, 'ParseError', where);
    assert.equal(e.notation, 'where');
    assert.equal(e.offset, offset, where);
    assert.equal(e.input, where);
    assert.ok(e.expected.startsWith(expected), `${where}: ${e.expected}`);
    assert.equal(e.message, `where: invalid expression at byte ${offset}: ${e.expected}`);
  }
});

test('err_where_regex_not_in_the_webassembly_package', () => {
  // \p{..} classes and class set operations are refused by regex-lite: an error at the value.
  for (const where of ['White ~ "\\p{Greek}"', 'Black ~ "[a-z&&[^aeiou]]"', 'Event ~ "("']) {
    const e = thrown(() => readTables('1. e4 *', { where }));
    assert.equal(e.name, 'ParseError', where);
    assert.equal(e.offset, 8, where);
    assert.match(e.expected, /^expected a regular expression \(.+\)$/, where);
  }
});

test('err_where_over_a_stream_throws_at_the_call', () => {
  const e = thrown(() => readTables(piecesOf(new TextEncoder().encode('1. e4 *'), 3), { where: 'WhiteElo >= ' }));
  assert.equal(e.name, 'ParseError');
  assert.equal(e.offset, 12);
});
