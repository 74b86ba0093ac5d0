// The playground: reads the text as PGN (tags, move numbers or a result) or as a move list
// in the chosen or detected notation; shows it rewritten, as EGD JSON, its errors with a caret,
// and its plies on the board. A file dropped or opened is read on a Web Worker (worker.js),
// whatever its size: progress while it is read, then its summary (games, plies, rejected games,
// results by opening) and its first games on the board. All work is the package's; this file
// only wires the page.
import { convert, detect, egd, languages, notations, readGames, rewritePgn, Position } from '../npm/index.js';
import { draw } from './board.js';

const $ = (id) => document.getElementById(id);
const PLAIN = notations().filter((n) => !/^(san|lan)-/.test(n));
const WORDS = new Set(['eran', 'eran-short', 'descriptive']);
const encoder = new TextEncoder();
const decoder = new TextDecoder();

function options(select, items, chosen) {
  for (const [value, label] of items) select.add(new Option(label, value, false, value === chosen));
}
options($('from'), [['auto', 'detect'], ['pgn', 'PGN'], ...PLAIN.map((n) => [n, n])], 'auto');
options($('to'), PLAIN.map((n) => [n, n]), 'san');
options($('lang'), languages().map(({ code, name }) => [code, `${name} (${code})`]), 'en');

/** Whether the text is PGN rather than a bare move list. */
function looksLikePgn(text) {
  return /^\s*\[/m.test(text) || /\d+\.(\.\.)?\s*\S/.test(text) || /(1-0|0-1|1\/2-1\/2|\*)\s*$/.test(text) || /[{(]/.test(text);
}

/** The moves of a list with their character offsets: one per line for notations written in
 * words (ERAN, descriptive), else separated by blanks. */
function splitMoves(text, notation) {
  const re = WORDS.has(notation) ? /[^\n]+/g : /\S+/g;
  return [...text.matchAll(re)].map((m) => ({ text: m[0].trim(), at: m.index + (m[0].length - m[0].trimStart().length) }))
    .filter((m) => m.text);
}

/** An error: its message, then the offending line with a caret under column `char` (in
 * characters), kept on two unwrapped lines so the caret stays under its text. */
function caret(message, lineText, char) {
  const box = document.createElement('div');
  box.className = 'error';
  const text = document.createElement('p');
  text.textContent = message;
  const pre = document.createElement('pre');
  pre.textContent = `${lineText}\n${' '.repeat(char)}^`;
  box.append(text, pre);
  $('errors').append(box);
}

/** The line `line` (from 1) of `text`, and the character index of byte column `column`. */
function located(text, line, column) {
  const lineText = text.split(/\r\n|\r|\n/)[line - 1] ?? '';
  const prefix = decoder.decode(encoder.encode(lineText).slice(0, column - 1));
  return [lineText, [...prefix].length];
}

/** The line and character column of character offset `at` in `text`. */
function lineAt(text, at) {
  const before = text.slice(0, at).split('\n');
  const lineText = text.split('\n')[before.length - 1];
  return [lineText, [...before[before.length - 1]].length];
}

const state = { frames: [], index: 0 };

function show() {
  const { frames, index } = state;
  const frame = frames[index];
  if (!frame) return;
  draw($('board'), frame.fen, frame.uci);
  $('ply').textContent = index === 0 ? 'start' : `${Math.ceil(index / 2)}${index % 2 ? '.' : '...'} ${frame.label}`;
  $('fen').textContent = frame.fen;
}

function go(index) {
  state.index = Math.max(0, Math.min(state.frames.length - 1, index));
  show();
}

function target() {
  const to = $('to').value;
  const lang = $('lang').value;
  return { to, toLang: lang === 'en' || !/^(san|lan)$/.test(to) ? undefined : lang };
}

function runPgn(text) {
  const { to, toLang } = target();
  const read = readGames(text, { fens: true });
  const rewritten = rewritePgn(text, { to, toLang });
  $('rewritten').textContent = rewritten.pgn;
  $('egd').textContent = JSON.stringify(egd(text).records, null, 2);
  $('detected').textContent = `PGN: ${read.games.length} game(s) read, ${read.rejected.length} rejected (moves read as SAN, UCI or LAN)`;
  for (const r of read.rejected) {
    const [lineText, char] = located(text, r.line, r.column);
    caret(r.message, lineText, char);
  }
  const game = read.games[0];
  if (!game) return [];
  const shown = to === 'san' && !toLang ? null : convert(game.mainline.map((p) => p.uci), { from: 'uci', to, fen: game.startFen, lang: toLang });
  return [{ fen: game.startFen }, ...game.mainline.map((p, i) => ({ fen: p.fen, uci: p.uci, label: shown ? shown[i] : p.san }))];
}

function runMoves(text, chosen) {
  const { to, toLang } = target();
  let from = chosen;
  const moves = splitMoves(text, chosen === 'auto' ? 'san' : chosen);
  if (chosen === 'auto') {
    const found = detect(moves.map((m) => m.text));
    from = found.candidates[0]?.notation ?? 'san';
    const tied = found.ambiguous && !found.readAlike ? ' (ambiguous)' : '';
    $('detected').textContent = `Detected: ${from}${tied}`;
  } else {
    $('detected').textContent = `Input: ${from}`;
  }
  const pos = new Position();
  const frames = [{ fen: pos.fen() }];
  const written = [];
  for (const [i, m] of moves.entries()) {
    try {
      const before = pos.clone();
      const uci = pos.play(m.text, from);
      written.push(before.format(uci, toLang ? `${to}-${toLang}` : to));
      frames.push({ fen: pos.fen(), uci, label: written[i] });
    } catch (e) {
      const [lineText, char] = lineAt(text, m.at);
      const inMove = e.name === 'ParseError' ? [...decoder.decode(encoder.encode(m.text).slice(0, e.offset))].length : 0;
      caret(`move ${i + 1}: ${e.message}`, lineText, char + inMove);
      break;
    }
  }
  $('rewritten').textContent = written.join(' ');
  const ucis = frames.slice(1).map((f) => f.uci).join(' ');
  $('egd').textContent = JSON.stringify(egd(`${ucis} *`).records, null, 2);
  return frames;
}

function update() {
  $('errors').replaceChildren();
  const text = $('input').value;
  const chosen = $('from').value;
  let frames = [];
  try {
    frames = chosen === 'pgn' || (chosen === 'auto' && looksLikePgn(text)) ? runPgn(text) : runMoves(text, chosen);
  } catch (e) {
    caret(e.message, '', 0);
  }
  state.frames = frames.length ? frames : [{ fen: new Position().fen() }];
  go(state.frames.length - 1);
}

$('input').addEventListener('input', update);
for (const id of ['from', 'to', 'lang']) $(id).addEventListener('change', update);
$('first').addEventListener('click', () => go(0));
$('prev').addEventListener('click', () => go(state.index - 1));
$('next').addEventListener('click', () => go(state.index + 1));
$('last').addEventListener('click', () => go(state.frames.length - 1));
document.addEventListener('keydown', (e) => {
  if (e.target === $('input') || e.target.tagName === 'SELECT') return;
  const to = { ArrowLeft: state.index - 1, ArrowRight: state.index + 1, Home: 0, End: state.frames.length - 1 }[e.key];
  if (to !== undefined) {
    e.preventDefault();
    go(to);
  }
});
// Files: read on a worker, one at a time (a new file stops the read of the last one).

/** Files this small also go into the text box, as a paste would. */
const SMALL_FILE = 64 << 10;
const SVG = 'http://www.w3.org/2000/svg';
let reading = null;

const megabytes = (bytes) => (bytes / 1e6).toFixed(1);

function progress(read, total) {
  $('progress').max = Math.max(total, 1);
  $('progress').value = read;
  $('progress-text').textContent = `Reading: ${megabytes(read)} of ${megabytes(total)} MB`;
}

/** Reads `file` on a worker of its own; the summary is shown when it is done. */
function readFile(file) {
  reading?.terminate();
  const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  reading = worker;
  $('reading').hidden = false;
  document.body.dataset.file = 'reading';
  progress(0, file.size);
  worker.onmessage = ({ data }) => {
    if (data.type === 'ready') worker.postMessage({ file });
    else if (data.type === 'progress') progress(data.read, data.total);
    else {
      worker.terminate();
      if (reading === worker) reading = null;
      if (data.type === 'done') showSummary(data.summary);
      else $('progress-text').textContent = `Cannot read ${file.name}: ${data.message}`;
      document.body.dataset.file = data.type;
    }
  };
  worker.onerror = (e) => {
    $('progress-text').textContent = `Cannot read ${file.name}: ${e.message}`;
    document.body.dataset.file = 'error';
  };
}

function svg(name, attrs, text) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

const RESULTS = [['white', '1-0', '#f2f2f2'], ['draw', '½-½', '#9a9a9a'], ['black', '0-1', '#333'], ['other', '*', '#d9c94a']];

/** Results by opening: one bar a row, white wins, draws, black wins and other results. */
function chart(openings) {
  const most = Math.max(1, ...openings.map((o) => o.games));
  const row = 22;
  const label = 230;
  const width = 640;
  const box = svg('svg', { viewBox: `0 0 ${width} ${openings.length * row + 4}`, role: 'img', 'aria-label': 'Results by opening' });
  openings.forEach((o, i) => {
    const y = i * row + 2;
    const name = o.name.length > 38 ? `${o.name.slice(0, 37)}…` : o.name;
    box.append(svg('text', { x: 0, y: y + 14 }, name));
    let x = label;
    for (const [key, text, fill] of RESULTS) {
      const w = ((width - label - 50) * o[key]) / most;
      if (o[key] === 0) continue;
      const bar = svg('rect', { x, y, width: w, height: row - 6, fill, stroke: '#999', 'stroke-width': 0.5, 'data-result': key });
      bar.append(svg('title', {}, `${o.name}: ${o[key]} ${text}`));
      box.append(bar);
      x += w;
    }
    box.append(svg('text', { x: x + 4, y: y + 14, 'data-games': o.games }, String(o.games)));
  });
  const legend = document.createElement('div');
  legend.className = 'legend';
  for (const [, text, fill] of RESULTS) {
    const item = document.createElement('span');
    item.style.setProperty('--c', fill);
    item.textContent = text;
    legend.append(item);
  }
  $('chart').replaceChildren(legend, box);
}

let fileGames = [];

/** The board's frames of a game read from a file: its start and each ply's position. */
function gameFrames(game) {
  const { to, toLang } = target();
  const pos = new Position(game.startFen ?? undefined);
  const frames = [{ fen: pos.fen() }];
  for (const uci of game.uci) {
    const before = pos.clone();
    pos.play(uci, 'uci');
    frames.push({ fen: pos.fen(), uci, label: before.format(uci, toLang ? `${to}-${toLang}` : to) });
  }
  return frames;
}

function showGame(index) {
  const game = fileGames[index];
  if (!game) return;
  state.frames = gameFrames(game);
  go(0);
}

function showSummary(s) {
  $('reading').hidden = true;
  $('file-out').hidden = false;
  const plural = (n, word) => `${n.toLocaleString('en')} ${word}${n === 1 ? '' : 's'}`;
  $('file-summary').textContent = `${s.name} (${megabytes(s.bytes)} MB): ${plural(s.games, 'game')}, ${plural(s.plies, 'ply').replace('plys', 'plies')}, `
    + `${s.rejectedCount.toLocaleString('en')} rejected, ${plural(s.openingCount, 'opening')}; read in ${s.seconds.toFixed(1)} s with ${s.via}`;
  $('rejected-count').textContent = `Rejected games: ${s.rejectedCount.toLocaleString('en')}`;
  const items = s.rejected.map((message) => {
    const li = document.createElement('li');
    li.textContent = message;
    return li;
  });
  if (s.rejectedCount > s.rejected.length) {
    const li = document.createElement('li');
    li.textContent = `… and ${(s.rejectedCount - s.rejected.length).toLocaleString('en')} more`;
    items.push(li);
  }
  $('rejected').replaceChildren(...items);
  $('rejected-box').open = s.rejectedCount > 0 && s.rejectedCount <= 10;
  chart(s.openings);
  fileGames = s.first;
  $('games').replaceChildren(...s.first.map((g, i) => new Option(
    `${i + 1}. ${g.white ?? '?'} – ${g.black ?? '?'}, ${g.result ?? '*'}${g.opening ? ` (${g.opening})` : ''}`, String(i))));
  showGame(0);
}

$('games').addEventListener('change', () => showGame(Number($('games').value)));

async function takeFile(file) {
  if (!file) return;
  if (file.size <= SMALL_FILE) {
    $('input').value = await file.text();
    update();
  }
  readFile(file);
}

$('file').addEventListener('change', () => takeFile($('file').files[0]));
document.addEventListener('dragover', (e) => e.preventDefault());
document.addEventListener('drop', (e) => {
  const file = e.dataTransfer?.files?.[0];
  if (!file) return;
  e.preventDefault();
  takeFile(file);
});
update();
document.body.dataset.ready = 'true';
