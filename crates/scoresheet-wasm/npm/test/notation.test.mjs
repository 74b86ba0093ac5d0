// Notations through the package: convert, detect, Position, errors; every legal move of
// real_clean.pgn through every notation; the chess.js and chessops cases that apply
// (convert, moves, fen); the command-line tool's `convert` on the same moves.
import test from 'node:test';
import assert from 'node:assert/strict';
import { convert, detect, notations, Position, readGames, languages } from '../node.js';
import { REAL_CLEAN, cases, cli, noCli, noExternal, readText } from './data.mjs';

test('ok_convert_between_notations', () => {
  assert.deepEqual(convert(['e4', 'e5', 'Nf3'], { from: 'san', to: 'uci' }), ['e2e4', 'e7e5', 'g1f3']);
  assert.deepEqual(convert(['e4', 'Sf6'], { from: 'san', to: 'san', lang: 'de' }), ['e4', 'Sf6']);
  assert.deepEqual(convert(['Nf3'], { to: 'eran' }), ['Knight g1-f3']);
  assert.deepEqual(convert(['e1h1'], { from: 'uci', to: 'san', fen: '4k3/8/8/8/8/8/8/4K2R w K - 0 1', chess960: true }), ['O-O']);
});

test('err_convert_parse_error_fields', () => {
  assert.throws(() => convert(['e4', 'Nf3x!'], { from: 'san', to: 'uci' }), (e) => {
    assert.ok(e instanceof Error);
    assert.equal(e.name, 'ParseError');
    assert.equal(e.notation, 'san');
    assert.equal(e.index, 1);
    assert.equal(typeof e.offset, 'number');
    assert.ok(e.expected.length > 0);
    assert.match(e.message, /^invalid san at byte \d+: /);
    return true;
  });
});

test('err_convert_illegal_move_fields', () => {
  assert.throws(() => convert(['e4', 'e5', 'Ke3'], { to: 'uci' }), (e) => {
    assert.equal(e.name, 'IllegalMoveError');
    assert.equal(e.notation, 'san');
    assert.equal(e.move, 'Ke3');
    assert.equal(e.index, 2);
    assert.equal(e.fen, 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2');
    assert.equal(e.reason, 'illegal move: no legal move matches');
    return true;
  });
  assert.throws(() => convert(['e4'], { to: 'nope' }), { name: 'UsageError' });
  assert.throws(() => new Position('8/8/8 w - - 0 1'), (e) => e.name === 'ParseError' && e.notation === 'fen');
});

test('ok_detect_french_san', () => {
  const found = detect(['e4', 'e5', 'Cf3', 'Cc6', 'Fb5']);
  assert.equal(found.candidates[0].notation, 'san-fr');
  assert.equal(found.candidates[0].complete, true);
  const tied = detect(['e2e4', 'e7e5']);
  assert.equal(tied.ambiguous, true);
  assert.equal(tied.readAlike, true);
});

test('ok_position_play_format_legal_moves', () => {
  const pos = new Position();
  assert.equal(pos.legalMoves().length, 20);
  assert.equal(pos.play('e4'), 'e2e4');
  assert.equal(pos.turn, 'b');
  assert.equal(pos.format('g8f6', 'san-de'), 'Sf6');
  assert.equal(pos.fen(), 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1');
  assert.equal(pos.fen(true), 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
  assert.equal(languages().length, 24);
});

/** Every notation the package names: the plain ones and SAN/LAN in every language. */
const ALL = notations();

test('ok_notation_names', () => {
  assert.equal(ALL.length, 12 + 2 * 23);
  assert.ok(ALL.includes('san-de') && ALL.includes('descriptive'));
});

// Every legal move of every position of real_clean.pgn is written in a notation and read
// back to itself. All positions go through the plain notations; the localized ones (46) take
// every position of the first 300 games (a full pass is ~5 minutes in WebAssembly; the Rust
// tests cover every position in every language).
test('ok_round_trip_every_legal_move_of_real_clean', () => {
  const { games, rejected } = readGames(readText(REAL_CLEAN), { fens: true });
  assert.equal(rejected.length, 0);
  assert.equal(games.length, 6009);
  const plain = ALL.filter((n) => !/-[a-z]{2}$/.test(n));
  const localized = ALL.filter((n) => /-[a-z]{2}$/.test(n));
  let checked = 0;
  games.forEach((game, g) => {
    const fens = [game.startFen, ...game.mainline.map((p) => p.fen)];
    for (const fen of fens) {
      const pos = new Position(fen);
      const ucis = pos.legalMoves('uci');
      for (const n of g < 300 ? ALL : plain) {
        const written = pos.legalMoves(n);
        written.forEach((text, i) => {
          const back = pos.parse(text, n);
          if (back !== ucis[i]) assert.fail(`${fen}: ${n} ${text} read back as ${back}, not ${ucis[i]}`);
        });
        checked += written.length;
      }
      pos.free();
    }
  });
  assert.ok(localized.length === 46 && checked > 10_000_000, `${checked} moves checked`);
});

test('ok_convert_equals_cli_on_real_clean_mainlines', { skip: noCli ?? false }, () => {
  const { games } = readGames(readText(REAL_CLEAN));
  const sans = games.slice(0, 200).flatMap((g) => [...g.mainline.map((p) => p.san), '']);
  for (const to of ['uci', 'lan', 'eran', 'iccf', 'descriptive', 'figurine', 'san-de', 'smith', 'quantum']) {
    // The command reads one game's moves per run: compare game by game.
    let start = 0;
    for (let i = 0; i < 5; i++) {
      const end = sans.indexOf('', start);
      const moves = sans.slice(start, end);
      start = end + 1;
      const { status, stdout } = cli(['convert', '--from', 'san', '--to', to], `${moves.join('\n')}\n`);
      assert.equal(status, 0);
      assert.deepEqual(convert(moves, { from: 'san', to }), stdout.split('\n').filter((l) => l.trim()).map((l) => l.trim()), to);
    }
  }
});

/** A case's accepted outcomes: the peer's, and those judged acceptable. */
function accepted(c) {
  return [c.expect, ...(c.accept ?? []).map((a) => a.outcome)].map((o) => JSON.stringify(o));
}

for (const suite of ['chess.js', 'chessops']) {
  test(`ok_external_${suite}_convert_moves_fen`, { skip: noExternal ?? false }, (t) => {
    let ran = 0;
    for (const c of cases(suite)) {
      if (!['convert', 'moves', 'fen'].includes(c.kind)) continue;
      if (c.bug) {
        t.todo(`${c.id}: known bug ${c.bug.slice(0, 60)}`);
        continue;
      }
      const got = outcome(c);
      assert.ok(accepted(c).includes(JSON.stringify(got)), `${c.id}: got ${JSON.stringify(got)}, want ${JSON.stringify(c.expect)}`);
      ran++;
    }
    assert.ok(ran > 20, `${ran} cases`);
  });
}

/** The outcome of a case in check.py's form. */
function outcome(c) {
  const chess960 = Boolean(c.chess960);
  if (c.kind === 'convert') {
    try {
      return { ok: true, out: convert(c.moves, { from: c.from, to: c.to, fen: c.fen ?? undefined, chess960 }) };
    } catch (e) {
      if (!['ParseError', 'IllegalMoveError'].includes(e.name)) throw e;
      // The command writes the moves before the bad one.
      const out = c.moves.slice(0, e.index ?? 0);
      return { ok: false, out: out.length ? convert(out, { from: c.from, to: c.to, fen: c.fen ?? undefined, chess960 }) : [] };
    }
  }
  if (c.kind === 'moves') {
    try {
      return new Position(c.fen, chess960).legalMoves(c.notation ?? 'uci').sort();
    } catch (e) {
      if (e.name !== 'ParseError') throw e;
      return { rejected: 1 };
    }
  }
  if (c.lenient) return 'lenient-not-in-package';
  try {
    const fen = new Position(c.fen).fen();
    const exp = c.placement_side;
    return exp && fen.split(' ').slice(0, 2).join(' ') !== exp.join(' ') ? { 'valid-but-changed': fen } : 'valid';
  } catch (e) {
    if (e.name !== 'ParseError') throw e;
    return 'invalid';
  }
}
