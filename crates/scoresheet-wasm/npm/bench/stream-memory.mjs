// Peak memory of readTables over a stream (a measurement, not a test): the file is read as a
// Node stream (Readable.toWeb of a file stream, 64 KiB pieces), its batches taken one at a
// time and dropped (rows and plies counted), and the process's peak resident set printed.
// Usage: node bench/stream-memory.mjs [FILE.pgn] [BATCH_BYTES]
// Default file: /tmp/real-x40.pgn, made first if missing from ../shared/data/pgn/real.pgn
// put 40 times end to end (212 MB). Needs the package built (scripts/build-wasm.sh).
// Results: docs/benchmarks.md.
import { createReadStream, createWriteStream, existsSync, readFileSync, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readTables } from '../node.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REAL = path.resolve(HERE, '../../../../../shared/data/pgn/real.pgn');
const file = process.argv[2] ?? '/tmp/real-x40.pgn';
const batchBytes = Number(process.argv[3] ?? 0);

if (!existsSync(file) && process.argv[2] === undefined) {
  const real = readFileSync(REAL);
  const out = createWriteStream(file);
  for (let i = 0; i < 40; i++) {
    if (!out.write(real)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

const mb = (bytes) => (bytes / 1e6).toFixed(0);
const before = process.memoryUsage().rss;
const t0 = performance.now();
let batches = 0;
let games = 0;
let plies = 0;
let rejected = 0;
let gamesIn = 0;
let peakBatch = 0;
for await (const batch of readTables(Readable.toWeb(createReadStream(file)), { source: file, batchBytes })) {
  batches += 1;
  games += batch.games.numRows;
  plies += batch.moves.numRows;
  rejected += batch.rejected.length;
  gamesIn += batch.counts.gamesIn;
  peakBatch = Math.max(peakBatch, batch.games.numRows);
}
const seconds = (performance.now() - t0) / 1000;
const peak = process.resourceUsage().maxRSS * 1024;
console.log(`${file}: ${mb(statSync(file).size)} MB, ${batches} batches (at most ${peakBatch} games), `
  + `${games} games + ${rejected} rejected = ${gamesIn} in, ${plies} plies, ${seconds.toFixed(1)} s`);
console.log(`peak RSS ${mb(peak)} MB (${mb(before)} MB after loading the module; node ${process.version})`);
