// Issue 38, the game cap (`maxGameBytes`, the twin of the command-line tool's
// `--max-game-bytes` and Python's `max_game_bytes=`): a game over a small cap is rejected with
// the library's message, the same as the command-line tool's, and the game after it is kept
// and counted, by readGames and by readTables one-shot and streamed (readTables needs the
// package built with SCORESHEET_WASM_FEATURES=tables; skipped otherwise). A bad cap throws
// UsageError at the call.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readGames, readTables } from '../node.js';
import * as raw from '../gen/scoresheet_wasm.js';
import { cli, noCli, piecesOf } from './data.mjs';

// A game of about 2,000 bytes (a long comment), then a short one.
const TEXT = `[Event "long"]\n\n1. e4 {${'x'.repeat(2000)}} e5 *\n\n[Event "after"]\n\n1. d4 d5 *\n`;
const CAP = 1000;
const WHY = `expected a game of at most ${CAP} bytes`;

const noTables = typeof raw.TablesStream !== 'function'
  ? 'readTables not built in (SCORESHEET_WASM_FEATURES=tables scripts/build-wasm.sh)'
  : false;

/** The one rejection is the long game's, for the cap. */
function assertCapRejected(rejected) {
  assert.equal(rejected.length, 1);
  assert.equal(rejected[0].game, 1);
  assert.equal(rejected[0].reason, WHY);
  assert.match(rejected[0].message, new RegExp(`^game 1 \\(from line 1\\), .*: ${WHY}$`));
}

test('ok_issue_38_read_games_max_game_bytes', () => {
  const got = readGames(TEXT, { maxGameBytes: CAP });
  assertCapRejected(got.rejected);
  assert.deepEqual(got.games.map((g) => g.tagMap.Event), ['after']);
  assert.deepEqual(got.games[0].mainline.map((p) => p.san), ['d4', 'd5']);
  assert.equal(got.counts.gamesIn, 2);
  assert.equal(got.counts.converted, 1);
  assert.equal(got.counts.rejected, 1);
  // The default cap (64 MiB) keeps both.
  const all = readGames(TEXT);
  assert.deepEqual(all.games.map((g) => g.tagMap.Event), ['long', 'after']);
  assert.deepEqual(all.rejected, []);
});

test('ok_issue_38_read_games_max_game_bytes_as_cli', { skip: noCli ?? false }, () => {
  const got = readGames(TEXT, { maxGameBytes: CAP });
  const want = cli(['egd', '--quiet', '--max-game-bytes', String(CAP), '-'], TEXT);
  assert.equal(want.status, 1);
  assert.equal(want.stderr, `error: -: ${got.rejected[0].message}\n`);
});

test('err_issue_38_max_game_bytes_refused', () => {
  for (const bad of [0, -1, 1.5, 2 ** 30 + 1, Number.NaN]) {
    assert.throws(() => readGames(TEXT, { maxGameBytes: bad }),
      (e) => e.name === 'UsageError' && e.message === 'maxGameBytes: from 1 to 1073741824', String(bad));
  }
  assert.equal(readGames(TEXT, { maxGameBytes: 2 ** 30 }).games.length, 2);
});

test('ok_issue_38_read_tables_max_game_bytes', { skip: noTables }, () => {
  const got = readTables(TEXT, { maxGameBytes: CAP });
  assertCapRejected(got.rejected);
  assert.deepEqual(got.games.columns.event.values, ['after']);
  assert.equal(got.moves.numRows, 2);
  assert.equal(got.counts.gamesIn, 2);
  assert.equal(got.counts.converted, 1);
  assert.throws(() => readTables(TEXT, { maxGameBytes: 0 }), { name: 'UsageError' });
});

test('ok_issue_38_read_tables_stream_max_game_bytes', { skip: noTables }, async () => {
  for (const size of [7, 1 << 16]) {
    const events = [];
    const rejected = [];
    let gamesIn = 0;
    for await (const batch of readTables(piecesOf(new TextEncoder().encode(TEXT), size), { maxGameBytes: CAP })) {
      events.push(...batch.games.columns.event.values);
      rejected.push(...batch.rejected);
      gamesIn += batch.counts.gamesIn;
    }
    assertCapRejected(rejected);
    assert.deepEqual(events, ['after'], `pieces of ${size} bytes`);
    assert.equal(gamesIn, 2);
  }
  assert.throws(() => readTables(piecesOf(new TextEncoder().encode(TEXT), 7), { maxGameBytes: 0 }), { name: 'UsageError' });
});
