// The package against chess.js (the permissive JavaScript library) on the games of a PGN file:
// (1) reading every game with its moves, (2) SAN to UCI conversion of every game's mainline.
// Usage: node bench/bench.mjs [FILE.pgn] [ROUNDS]  (default: ../shared/data/pgn/real.pgn, 3).
// Prints the best round of each and the ratios; run on an idle machine (scripts/bench-wasm.sh).
import { readFileSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Chess } from 'chess.js';
import { convert, readGames } from '../node.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const file = process.argv[2] ?? path.resolve(HERE, '../../../../../shared/data/pgn/real.pgn');
const rounds = Number(process.argv[3] ?? 3);
const text = readFileSync(file, 'utf8');

/** The games of the file as chess.js takes them, one text each. */
const texts = text.split(/\r?\n\s*\r?\n(?=\[)/).filter((t) => t.trim());

function best(label, fn) {
  let result;
  let min = Infinity;
  for (let r = 0; r < rounds; r++) {
    const t0 = process.hrtime.bigint();
    result = fn();
    min = Math.min(min, Number(process.hrtime.bigint() - t0) / 1e6);
  }
  console.log(`${label.padEnd(34)} ${min.toFixed(0).padStart(7)} ms  (${result})`);
  return min;
}

const ours = readGames(text);
const sans = ours.games.map((g) => g.mainline.map((p) => p.san));
const fens = ours.games.map((g) => g.startFen);
const plies = sans.reduce((n, s) => n + s.length, 0);
console.log(`${path.basename(file)}: ${texts.length} game texts, ${ours.games.length} games read and ${ours.rejected.length} rejected by scoresheet, ${plies} plies`);

const readOurs = best('read games: scoresheet', () => {
  const r = readGames(text);
  return `${r.games.length} games, ${r.games.reduce((n, g) => n + g.mainline.length, 0)} plies`;
});
const readPeer = best('read games: chess.js loadPgn', () => {
  let games = 0;
  let moves = 0;
  const chess = new Chess();
  for (const t of texts) {
    try {
      chess.loadPgn(t);
      moves += chess.history().length;
      games++;
    } catch {
      // a game chess.js refuses
    }
  }
  return `${games} games, ${moves} plies`;
});
const uciOurs = best('SAN to UCI: scoresheet convert', () => {
  let n = 0;
  sans.forEach((s, i) => {
    n += convert(s, { from: 'san', to: 'uci', fen: fens[i] }).length;
  });
  return `${n} moves`;
});
const uciPeer = best('SAN to UCI: chess.js move()', () => {
  let n = 0;
  const chess = new Chess();
  sans.forEach((s, i) => {
    chess.load(fens[i]);
    for (const san of s) {
      const m = chess.move(san);
      n += (m.from + m.to + (m.promotion ?? '')).length > 0 ? 1 : 0;
    }
  });
  return `${n} moves`;
});
const wasm = path.resolve(HERE, '../gen/scoresheet_wasm_bg.wasm');
const bytes = readFileSync(wasm);
console.log(`ratios (chess.js time / scoresheet time): read ${(readPeer / readOurs).toFixed(1)}x, SAN to UCI ${(uciPeer / uciOurs).toFixed(1)}x`);
console.log(`package .wasm: ${statSync(wasm).size} bytes, ${gzipSync(bytes, { level: 9 }).length} gzipped (budget 460800 with gzip -9, scripts/build-wasm.sh)`);
