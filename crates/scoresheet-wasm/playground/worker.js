// The playground's file reader, on a Web Worker so that the page stays responsive however
// large the file: it reads the file as a stream, posts how many bytes were read, and at the
// end posts a summary (games, plies, rejected games with their messages, results by opening,
// the first games' moves for the board). The file goes through readTables' stream, batch by
// batch: memory holds a batch, not the file.
//
// Messages in: {file}. Out: {type: 'progress', read, total}, {type: 'done', summary},
// {type: 'error', message}.
import { readTables } from '../npm/index.js';

/** Games whose moves are posted for the board. */
const FIRST = 20;
/** Rejected games posted with their messages (all are counted). */
const REJECTED_SHOWN = 50;
/** Openings shown in the chart. */
const OPENINGS_SHOWN = 10;
/** The columns the summary needs. */
const COLUMNS = ['white', 'black', 'result', 'opening_name', 'ply_count', 'start_fen', 'uci'];

/** The file as a stream of its bytes that posts how many were read (at most every 50 ms, and
 * at the end). */
function counted(file) {
  let read = 0;
  let posted = 0;
  const post = () => {
    posted = performance.now();
    self.postMessage({ type: 'progress', read, total: file.size });
  };
  return file.stream().pipeThrough(new TransformStream({
    transform(chunk, controller) {
      read += chunk.byteLength;
      if (performance.now() - posted > 50) post();
      controller.enqueue(chunk);
    },
    flush: post,
  }));
}

/** What the summary adds up. */
function tally() {
  return { games: 0, plies: 0, rejectedCount: 0, rejected: [], openings: new Map(), first: [], warnings: 0 };
}

/** Counts a game's result under its opening. */
function countResult(t, opening, result) {
  const name = opening || '(no opening)';
  let row = t.openings.get(name);
  if (!row) t.openings.set(name, (row = { white: 0, draw: 0, black: 0, other: 0 }));
  row[{ '1-0': 'white', '0-1': 'black', '1/2-1/2': 'draw' }[result] ?? 'other'] += 1;
}

function addRejected(t, rejected) {
  t.rejectedCount += rejected.length;
  for (const r of rejected) if (t.rejected.length < REJECTED_SHOWN) t.rejected.push(r.message);
}

/** A batch of readTables' stream. */
function addBatch(t, batch) {
  const g = batch.games.columns;
  const uci = batch.moves.columns.uci;
  t.games += batch.games.numRows;
  t.plies += batch.counts.plies;
  t.warnings += batch.warnings.length;
  addRejected(t, batch.rejected);
  let row = 0;
  for (let i = 0; i < batch.games.numRows; i++) {
    countResult(t, g.opening_name.values[i], g.result.values[i]);
    const plies = g.ply_count.values[i];
    if (t.first.length < FIRST) {
      const moves = [];
      for (let j = row; j < row + plies; j++) moves.push(uci.dictionary[uci.values[j]]);
      t.first.push({
        white: g.white.values[i], black: g.black.values[i], result: g.result.values[i],
        opening: g.opening_name.values[i], startFen: g.start_fen.values[i], uci: moves,
      });
    }
    row += plies;
  }
}

async function read(file) {
  const t0 = performance.now();
  const t = tally();
  for await (const batch of readTables(counted(file), { columns: COLUMNS, source: file.name })) addBatch(t, batch);
  const openings = [...t.openings].map(([name, r]) => ({ name, ...r, games: r.white + r.draw + r.black + r.other }))
    .sort((a, b) => b.games - a.games || (a.name < b.name ? -1 : 1));
  return {
    name: file.name, bytes: file.size, via: 'readTables',
    games: t.games, plies: t.plies, warnings: t.warnings,
    rejectedCount: t.rejectedCount, rejected: t.rejected,
    openingCount: openings.length, openings: openings.slice(0, OPENINGS_SHOWN),
    first: t.first, seconds: (performance.now() - t0) / 1000,
  };
}

self.onmessage = async ({ data }) => {
  try {
    self.postMessage({ type: 'done', summary: await read(data.file) });
  } catch (e) {
    self.postMessage({ type: 'error', message: `${e.name}: ${e.message}` });
  }
};
self.postMessage({ type: 'ready' });
