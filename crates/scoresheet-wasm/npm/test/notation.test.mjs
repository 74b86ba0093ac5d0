// Notations through the package: convert, detect, Position, errors; every legal move of
// real_clean.pgn through every notation (roundTrip; a sample also one move per call); the
// chess.js and chessops cases that apply (convert, moves, fen); the command-line tool's
// `convert` on the same moves.
import test from 'node:test';
import assert from 'node:assert/strict';
import { convert, detect, notations, parse, Position, readGames, languages, roundTrip } from '../node.js';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { FULL, REAL_CLEAN, cases, cli, noCli, noExternal, readText } from './data.mjs';

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
  assert.equal(ALL.length, 13 + 2 * 23);
  assert.ok(ALL.includes('san-de') && ALL.includes('descriptive'));
});

/** The FEN of each position before a mainline move of real_clean.pgn, by game. */
function realCleanPositions() {
  const { games, rejected } = readGames(readText(REAL_CLEAN), { fens: true });
  assert.equal(rejected.length, 0);
  assert.equal(games.length, 3970);
  return games.map((game) => [game.startFen, ...game.mainline.map((p) => p.fen)].slice(0, -1));
}

/** Runs `roundTrip` on each job ({fens, notations}) in worker threads, one per core (at most
 * four); the reports in the jobs' order. */
async function roundTripInWorkers(jobs) {
  const n = Math.max(1, Math.min(availableParallelism(), 4, jobs.length));
  const shares = Array.from({ length: n }, (_, w) => jobs.filter((_, i) => i % n === w));
  const done = shares.map((share) => new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./round_trip_worker.mjs', import.meta.url), { workerData: share });
    worker.once('message', resolve);
    worker.once('error', reject);
  }));
  const reports = await Promise.all(done);
  return jobs.map((_, i) => reports[i % n][Math.floor(i / n)]);
}

// Every legal move of every position of real_clean.pgn is written in every notation and read
// back to itself, a batch of positions per call (`roundTrip`, in worker threads): each
// distinct position (placement, side, castling, en passant) once, every move through all 59
// notations (the 13 plain ones, SAN and LAN in 23 other languages): with
// SCORESHEET_FULL_TESTS=1 (4 minutes of CPU). Else a sample of a sixteenth of the work: every
// 4th distinct position, SAN and LAN in one language per position (the languages in turn).
test('ok_round_trip_every_legal_move_of_real_clean', async () => {
  const byGame = realCleanPositions();
  const distinct = new Map();
  for (const fen of byGame.flat()) distinct.set(fen.split(' ').slice(0, 4).join(' '), fen);
  assert.equal(byGame.flat().length, 332_315); // the plies of the corpus (its README)
  const quick = !FULL;
  const every = FULL ? 1 : 4;
  const plain = ALL.filter((n) => !/^(san|lan)-/.test(n));
  const langs = languages().map((l) => l.code).filter((c) => c !== 'en');
  const groups = langs.map(() => []);
  const sample = [...distinct.values()].filter((_, i) => i % every === 0);
  sample.forEach((fen, i) => groups[i % langs.length].push(fen));
  const jobs = groups.map((fens, k) => ({
    fens,
    notations: quick ? [...plain, `san-${langs[k]}`, `lan-${langs[k]}`] : ALL,
  }));
  const total = { positions: 0, moves: 0, checked: 0 };
  (await roundTripInWorkers(jobs)).forEach((report, k) => {
    assert.equal(report.failures, 0, JSON.stringify(report.examples.slice(0, 5)));
    assert.equal(report.checked, report.moves * jobs[k].notations.length);
    for (const key of Object.keys(total)) total[key] += report[key];
  });
  assert.equal(total.positions, sample.length);
  // 8.8 million moves in all; a sample about its share.
  assert.ok(total.moves * every > 8_000_000, `${total.moves} moves (every ${every}th position)`);
  assert.equal(plain.length, 13);
});

test('err_round_trip_bad_arguments', () => {
  assert.throws(() => roundTrip(['8/8/8 w - - 0 1']), { name: 'ParseError' });
  assert.throws(() => roundTrip([new Position().fen()], { notations: ['nope'] }), { name: 'UsageError' });
  const start = roundTrip([new Position().fen()], { notations: ['san', 'uci'] });
  assert.deepEqual([start.positions, start.moves, start.checked, start.failures], [1, 20, 40, 0]);
});

// The same through the public per-move API (`legalMoves`, `parse`: one call per move), on a
// sample: every 150th game's positions through all 59 notations.
test('ok_round_trip_sample_through_position', () => {
  let checked = 0;
  realCleanPositions().forEach((fens, g) => {
    if (g % 150 !== 0) return;
    for (const fen of fens) {
      const pos = new Position(fen);
      const ucis = pos.legalMoves('uci');
      for (const n of ALL) {
        pos.legalMoves(n).forEach((text, i) => {
          const back = pos.parse(text, n);
          if (back !== ucis[i]) assert.fail(`${fen}: ${n} ${text} read back as ${back}, not ${ucis[i]}`);
        });
        checked += ucis.length;
      }
      pos.free();
    }
  });
  assert.ok(checked > 1_000_000, `${checked} moves checked`);
});

test('ok_convert_equals_cli_on_real_clean_mainlines', { skip: noCli ?? false }, () => {
  const { games } = readGames(readText(REAL_CLEAN));
  // The command reads one move list per run: five games, each into every notation.
  for (const game of games.slice(0, 5)) {
    const ucis = game.mainline.map((p) => p.uci);
    for (const [to, lang] of [['san'], ['lan'], ['eran'], ['eran-short'], ['iccf'], ['descriptive'], ['figurine'], ['smith'], ['quantum'], ['san', 'de'], ['lan', 'ru']]) {
      const args = ['convert', '--from', 'uci', '--to', to, ...(lang ? ['--lang', lang] : [])];
      const { status, stdout } = cli(args, `${ucis.join('\n')}\n`);
      assert.equal(status, 0, args.join(' '));
      const want = stdout.split('\n').filter((l) => l.trim()).map((l) => l.trim());
      assert.deepEqual(convert(ucis, { from: 'uci', to, lang }), want, args.join(' '));
    }
  }
});

/** A case's accepted outcomes: the peer's, and those judged acceptable. */
function accepted(c) {
  return [c.expect, ...(c.accept ?? []).map((a) => a.outcome)].map((o) => JSON.stringify(o));
}

// One subtest per case; a case that check.py lists as a known scoresheet bug runs as a todo.
for (const suite of ['chess.js', 'chessops']) {
  test(`ok_external_${suite}_convert_moves_fen`, { skip: noExternal ?? false }, async (t) => {
    const these = cases(suite).filter((c) => ['convert', 'moves', 'fen'].includes(c.kind) && !c.lenient);
    assert.ok(these.length > 20, `${these.length} cases`);
    for (const c of these) {
      await t.test(c.id, { todo: c.bug ? `known bug: ${c.bug.slice(0, 40)}` : false }, () => {
        const got = outcome(c);
        assert.ok(accepted(c).includes(JSON.stringify(got)), `${c.id}: got ${JSON.stringify(got)}, want ${JSON.stringify(c.expect)}`);
      });
    }
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
  try {
    const fen = new Position(c.fen).fen();
    const exp = c.placement_side;
    return exp && fen.split(' ').slice(0, 2).join(' ') !== exp.join(' ') ? { 'valid-but-changed': fen } : 'valid';
  } catch (e) {
    if (e.name !== 'ParseError') throw e;
    return 'invalid';
  }
}

// One move per notation and form, accepted and refused, strict and lenient.
const PARSED = [
  ['san', 'Nbxd7+'], ['san', 'O-O-O#'], ['san', 'e8=Q!?'], ['san', '--'], ['san', 'Nf3x'], ['san', '0-0'],
  ['lan', 'Ng1-f3'], ['lan', 'e7xd8=Q+'], ['lan', 'O-O'], ['uci', 'e7e8q'], ['uci', '0000'], ['uci', 'E2E4'],
  ['eran', 'Knight g1-f3'], ['eran-short', 'P e7-e8 >Q'], ['eran', 'ck'], ['eran', 'en-passant'],
  ['quantum', 'b1^a3c3'], ['quantum', 'a3c3^b5'], ['quantum', 'b1wc3.m0'], ['quantum', 'Pa2a4'],
  ['quantum-recirq', 'd8d5:SLIDE:CAPTURE'], ['quantum-recirq', 'b1^a3c3.m1:SPLIT_JUMP:BASIC'], ['quantum-recirq', 'e2e4:BAD'],
  ['figurine', '♘xf3+'], ['iccf', '57581'], ['smith', 'e4d5p'], ['smith', 'e1g1c'],
  ['descriptive', 'PxP e.p.'], ['descriptive', 'N-KB3'], ['descriptive', 'QRxQ'], ['descriptive', 'O-O'],
  ['san-de', 'Sf3'], ['lan-ru', 'Кg1-f3'], ['san', 'Zz9'], ['iccf', '5'],
];

test('ok_parse_equals_cli_parse', { skip: noCli ?? false }, () => {
  for (const strict of [false, true]) {
    for (const [notation, text] of PARSED) {
      const [base, lang] = notation.match(/^(san|lan)-(..)$/)?.slice(1) ?? [notation];
      const args = ['parse', '--notation', base, ...(lang ? ['--lang', lang] : []), ...(strict ? ['--strict'] : []), '--', text];
      const want = cli(args);
      let got;
      try {
        got = parse(text, notation, { strict });
      } catch (e) {
        assert.equal(e.name, 'ParseError', `${notation} ${text}`);
        assert.equal(want.status, 1, `${notation} ${text}: the command accepts it`);
        // The command prints the message, then the input with a caret under the offset.
        assert.ok(want.stderr.includes(e.message), `${want.stderr} / ${e.message}`);
        const caretLine = want.stderr.split('\n').find((l) => /^\s*\^$/.test(l));
        assert.equal(caretLine.indexOf('^') - 2, [...text.slice(0, e.offset)].length);
        continue;
      }
      assert.equal(want.status, 0, `${notation} ${text}: the command refuses it`);
      assert.deepEqual(got, JSON.parse(want.stdout), `${notation} ${text} strict=${strict}`);
    }
  }
});
