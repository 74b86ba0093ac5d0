// PGN through the package: games with tags, variations, comments, NAGs, clocks and evals;
// rejected games with their locations; EGD records; PGN rewritten in another notation; the
// chess.js and chessops PGN cases; the command-line tool's output on the same inputs.
import test from 'node:test';
import assert from 'node:assert/strict';
import { egd, readGames, rewritePgn, tokenize, detokenize, Vocabulary, Position } from '../node.js';
import { REAL_CLEAN, cases, cli, noCli, noExternal, pgnText, readText } from './data.mjs';

const GAME = `[Event "Test"]
[White "A"]
[Black "B"]

1. e4 {[%clk 0:03:00] [%eval 0.17] best by test} e5 $1 2. Nf3 (2. f4 exf4 (2... d5) 3. Nf3) 2... Nc6!? {[%eval #-3]} 1-0

[Event "Bad"]

1. e4 e5 2. Ke3 *
`;

test('ok_read_games_mainline_variations_comments', () => {
  const { games, rejected, warnings } = readGames(GAME);
  assert.equal(games.length, 1);
  assert.equal(rejected.length, 1);
  assert.deepEqual(warnings, []);
  const g = games[0];
  assert.equal(g.tagMap.White, 'A');
  assert.equal(g.result, '1-0');
  assert.deepEqual(g.mainline.map((p) => p.san), ['e4', 'e5', 'Nf3', 'Nc6']);
  assert.deepEqual(g.mainline.map((p) => p.uci), ['e2e4', 'e7e5', 'g1f3', 'b8c6']);
  const [e4, e5, nf3, nc6] = g.mainline;
  assert.equal(e4.clock, 180);
  assert.equal(e4.evalCp, 17);
  assert.equal(e4.comment, 'best by test');
  assert.deepEqual(e5.nags, [1]);
  assert.deepEqual(nc6.nags, [5]);
  assert.equal(nc6.evalMate, -3);
  assert.equal(nf3.variations.length, 1);
  const line = nf3.variations[0];
  assert.deepEqual(line.map((p) => p.san), ['f4', 'exf4', 'Nf3']);
  assert.deepEqual(line[1].variations.map((v) => v.map((p) => p.san)), [['d5']]);
  assert.equal(line[1].variations[0][0].depth, 2);
  assert.equal(g.plies.length, 8);
  assert.equal(e4.line, 5);
  assert.equal(e4.column, 4);
});

test('err_rejected_game_location', () => {
  const { rejected } = readGames(GAME);
  const r = rejected[0];
  assert.deepEqual([r.game, r.firstLine, r.line, r.column, r.token], [2, 7, 9, 13, 'Ke3']);
  assert.equal(GAME.split('\n')[r.line - 1].slice(r.column - 1, r.column + 2), 'Ke3');
  assert.match(r.message, /^game 2 \(from line 7\), line 9, column 13: /);
  assert.equal(r.message, `game 2 (from line 7), line 9, column 13: ${r.reason}`);
});

test('ok_read_games_fens_and_byte_columns_in_utf8', () => {
  const { games } = readGames('[White "Réti"]\n\n1. Nf3 {café} d5 *\n', { fens: true });
  const [nf3, d5] = games[0].mainline;
  assert.equal(d5.fen, 'rnbqkbnr/ppp1pppp/8/3p4/8/5N2/PPPPPPPP/RNBQKB1R w KQkq d6 0 2');
  assert.equal(nf3.fen, new Position('rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1').fen());
  assert.equal(d5.column, 16); // 15 characters before it, "é" two bytes
});

test('ok_read_games_makes_a_games_plies_when_first_read', () => {
  const { games } = readGames(`${GAME}\n${GAME}`);
  assert.equal(games.length, 2);
  const [a, b] = games;
  const made = (game, key) => Object.getOwnPropertyDescriptor(game, key).get === undefined;
  assert.deepEqual([made(a, 'plies'), made(a, 'mainline'), made(b, 'plies')], [false, false, false]);
  assert.deepEqual(a.mainline.map((p) => p.san), ['e4', 'e5', 'Nf3', 'Nc6']);
  // The first game's plies are made and kept (the mainline holds the same objects); the
  // second's are not made yet.
  assert.deepEqual([made(a, 'plies'), made(a, 'mainline'), made(b, 'plies')], [true, true, false]);
  assert.equal(a.mainline[0], a.plies[0]);
  assert.equal(a.plies, a.plies);
  // Plain data to JSON, structured clone (a worker's message) and spreading.
  const viaJson = JSON.parse(JSON.stringify(b));
  assert.deepEqual(viaJson.plies.map((p) => p.san), ['e4', 'e5', 'Nf3', 'f4', 'exf4', 'd5', 'Nf3', 'Nc6']);
  assert.deepEqual(structuredClone({ ...a }).mainline, JSON.parse(JSON.stringify(a.mainline)));
  // Writable, as a parsed object's properties are.
  b.plies = [];
  assert.deepEqual(b.plies, []);
});

test('ok_egd_records', () => {
  const { records, rejected } = egd(GAME);
  assert.equal(records.length, 1);
  assert.equal(rejected.length, 1);
  const moves = Object.values(records[0].moves);
  assert.deepEqual(moves.map((m) => m.move.san), ['e4', 'e5', 'Nf3', 'Nc6']);
});

test('ok_rewrite_pgn_in_german', () => {
  const { pgn, rejected } = rewritePgn(GAME, { to: 'san', toLang: 'de' });
  assert.equal(rejected.length, 1);
  assert.match(pgn.replace(/\s+/g, ' '), /2\. Sf3 \(2\. f4 exf4 \(2\.\.\. d5\) 3\. Sf3\) 2\.\.\. Sc6 \$5/);
});

test('ok_tokenize_and_back', () => {
  const ids = tokenize(['e4', 'e5', 'Nf3+'], 'san');
  assert.equal(ids.length, 3);
  assert.deepEqual(detokenize(ids, 'san'), ['e4', 'e5', 'Nf3']);
  const v = new Vocabulary('uci');
  assert.equal(v.tokenStr(v.tokenId('e2e4')), 'e2e4');
  assert.throws(() => tokenize(['Zz9'], 'san'), { name: 'UsageError' });
});

test('ok_rewrite_equals_cli_pgn', { skip: noCli ?? false }, () => {
  const text = readText(REAL_CLEAN).split(/\n(?=\[Event )/).slice(0, 300).join('\n');
  for (const [to, extra] of [['uci', []], ['san', ['--to-lang', 'de']], ['eran', []], ['figurine', []], ['lan', ['--to-lang', 'ru']]]) {
    const want = cli(['pgn', '--quiet', '--to', to, ...extra, '-'], text);
    assert.equal(want.status, 0);
    const got = rewritePgn(text, { to, toLang: extra[1] });
    assert.equal(got.pgn, want.stdout, to);
  }
  // Descriptive moves with a parenthesis (`R(R1)-K1`) are no PGN move token: both refuse.
  const refused = cli(['pgn', '--quiet', '--to', 'descriptive', '-'], text);
  assert.equal(refused.status, 2);
  const why = 'move token "R(R1)-K1" cannot be written';
  assert.ok(refused.stderr.includes(why), refused.stderr);
  assert.throws(() => rewritePgn(text, { to: 'descriptive' }), (e) => e.message.includes(why));
  const bad = cli(['pgn', '--quiet', '--to', 'uci', '-'], GAME);
  assert.equal(bad.status, 1);
  const got = rewritePgn(GAME, { to: 'uci' });
  assert.equal(got.pgn, bad.stdout);
  assert.ok(bad.stderr.includes(got.rejected[0].message));
});

test('ok_egd_equals_cli_egd', { skip: noCli ?? false }, () => {
  const text = readText(REAL_CLEAN).split(/\n(?=\[Event )/).slice(0, 200).join('\n');
  const want = cli(['egd', '--quiet', '-'], text).stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l));
  assert.deepEqual(egd(text).records, want);
});

// One oddity of each common kind (an escaped line, a tag without its closing quote, an
// unknown glyph, an illegal move in a variation, nested braces, an unclosed variation, a
// missing result) and two rejected games.
const ODD = `% an escaped line
[Event "a"]
[White "x" junk

1. e4 e5 $999999 2. Nf3 (2. Qh5 Ke7 (2... Ke6 3. Kxx) 3. Qxe5+) { a {nested} } 2... Nc6 *

[Event "b"]

1. d4 d5 2. Kd3 *

[Event "c"]

1. c4 e5 0-0

1. e4 (1. d4
`;

test('ok_read_games_and_egd_report_as_cli', { skip: noCli ?? false }, () => {
  const read = readGames(ODD);
  const records = egd(ODD);
  for (const [command, got] of [[['pgn', '--to', 'san'], read], [['egd'], records]]) {
    const want = cli([...command, '--warnings', '-'], ODD);
    assert.equal(want.status, 1, command[0]);
    const lines = want.stderr.split('\n');
    const after = (prefix) => lines.filter((l) => l.startsWith(prefix)).map((l) => l.slice(prefix.length));
    assert.deepEqual(got.warnings.map((w) => w.message), after('warning: -: '), command[0]);
    assert.deepEqual(got.rejected.map((r) => r.message), after('error: -: '), command[0]);
    const c = got.counts;
    assert.deepEqual([c.gamesIn, c.converted, c.rejected, c.plies], [4, 2, 2, 5]);
    assert.equal(c.oddities, got.warnings.length);
    assert.equal(c.oddityKinds.reduce((n, [, k]) => n + k, 0), c.oddities);
    // The counts in the command's summary line, the oddities as the library words them.
    const oddities = c.summary.slice(c.summary.indexOf(' plies; ') + 8);
    const summary = command[0] === 'egd'
      ? `egd: 4 games in: 2 converted, 2 reported as errors; 5 plies; ${oddities}; `
      : `pgn: 2 games written, 2 rejected; ${oddities}\n`;
    assert.ok(want.stderr.includes(summary), `${want.stderr} / ${summary}`);
  }
  // Only readGames replays the variations, so only it meets the illegal one.
  assert.equal(read.counts.oddities, records.counts.oddities + 1);
  assert.equal(read.games.length, 2);
  assert.equal(records.records.length, 2);
});

/** A pgn/egd case's outcome in check.py's form: per game `["ok", sans, fen]` or `["error"]`. */
function outcome(c) {
  const text = pgnText(c);
  const { games, rejected } = readGames(text, { fens: true });
  const out = [];
  const errs = new Set(rejected.map((r) => r.game));
  let next = 0;
  const total = games.length + rejected.length;
  for (let n = 1; n <= total; n++) {
    if (errs.has(n)) {
      out.push(['error']);
      continue;
    }
    const g = games[next++];
    const fen = g.mainline.length ? g.mainline.at(-1).fen : g.startFen;
    out.push(['ok', g.mainline.map((p) => p.san), normFen(fen)]);
  }
  return c.compare === 'ok-games' ? out.filter((g) => g[0] !== 'error') : out;
}

/** check.py's normal form: the en-passant square only when a capture is legal. */
function normFen(fen) {
  return new Position(fen).fen(true);
}

// One subtest per case; a case that check.py lists as a known scoresheet bug runs as a todo.
for (const suite of ['chess.js', 'chessops']) {
  test(`ok_external_${suite}_pgn`, { skip: noExternal ?? false }, async (t) => {
    const these = cases(suite).filter((c) => c.kind === 'egd');
    assert.ok(these.length > 5, `${these.length} cases`);
    for (const c of these) {
      await t.test(c.id, { todo: c.bug ? `known bug: ${c.bug.slice(0, 40)}` : false }, () => {
        const got = JSON.stringify(outcome(c));
        const ok = [c.expect, ...(c.accept ?? []).map((a) => a.outcome)].some((o) => JSON.stringify(o) === got);
        assert.ok(ok, `${c.id}: got ${got}, want ${JSON.stringify(c.expect)}`);
      });
    }
  });
}
