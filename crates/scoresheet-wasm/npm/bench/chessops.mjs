// The package against chessops (GPL-3.0, run and never copied; installed for the benchmark
// only by scripts/bench-wasm.sh into bench/node_modules) on the games of a PGN file: chessops'
// parsePgn, then each game's mainline replayed with parseSan and play, against readGames and
// readTables (default columns). Interleaved rounds (ours, peer, ours, ...), medians, ratios.
// Usage: node bench/chessops.mjs [FILE.pgn] [ROUNDS]  (default: ../shared/data/pgn/real.pgn, 7).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parsePgn, startingPosition } from 'chessops/pgn';
import { parseSan } from 'chessops/san';
import * as raw from '../gen/scoresheet_wasm.js';
import { readGames, readTables } from '../node.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const file = process.argv[2] ?? path.resolve(HERE, '../../../../../shared/data/pgn/real.pgn');
const rounds = Number(process.argv[3] ?? 7);
const text = readFileSync(file, 'utf8');
const bytes = readFileSync(file);

/** chessops: every game parsed, its mainline replayed; games replayed whole and plies. */
function chessops() {
  let games = 0;
  let plies = 0;
  for (const game of parsePgn(text)) {
    const start = startingPosition(game.headers);
    if (start.isErr) continue;
    const pos = start.value;
    let ok = true;
    for (const node of game.moves.mainline()) {
      const move = parseSan(pos, node.san);
      if (!move) {
        ok = false;
        break;
      }
      pos.play(move);
      plies++;
    }
    if (ok) games++;
  }
  return `${games} games, ${plies} plies`;
}

const contenders = {
  'chessops parsePgn + parseSan/play': chessops,
  'scoresheet readGames': () => {
    const r = readGames(text);
    return `${r.games.length} games, ${r.games.reduce((n, g) => n + g.mainline.length, 0)} plies`;
  },
  // Every ply's SAN and UCI read, as a user walking the games does.
  'scoresheet readGames, every ply read': () => {
    const r = readGames(text);
    let plies = 0;
    let chars = 0;
    for (const game of r.games) {
      for (const ply of game.mainline) {
        chars += ply.san.length + ply.uci.length;
        plies++;
      }
    }
    return `${r.games.length} games, ${plies} plies, ${chars} characters`;
  },
};
if (typeof raw.readTablesRaw === 'function') {
  contenders['scoresheet readTables (bytes)'] = () => {
    const r = readTables(bytes);
    return `${r.games.numRows} games, ${r.moves.numRows} plies`;
  };
}

const times = Object.fromEntries(Object.keys(contenders).map((k) => [k, []]));
const results = {};
// One warm-up call each (the vocabularies and openings are built at first use).
for (const [name, fn] of Object.entries(contenders)) results[name] = fn();
for (let r = 0; r < rounds; r++) {
  for (const [name, fn] of Object.entries(contenders)) {
    const t0 = process.hrtime.bigint();
    results[name] = fn();
    times[name].push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const peer = median(times['chessops parsePgn + parseSan/play']);
console.log(`${path.basename(file)}, ${rounds} interleaved rounds, Node ${process.version}: medians`);
for (const name of Object.keys(contenders)) {
  const m = median(times[name]);
  const ratio = name.startsWith('chessops') ? '' : `  ${(peer / m).toFixed(2)}x chessops`;
  console.log(`${name.padEnd(40)} ${m.toFixed(0).padStart(6)} ms  (${results[name]})${ratio}`);
}
