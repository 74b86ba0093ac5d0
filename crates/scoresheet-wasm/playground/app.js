// The playground: reads the text as PGN (tags, move numbers or a result) or as a move list
// in the chosen or detected notation; shows it rewritten, as EGD JSON, its errors with a caret,
// and its plies on the board. All work is the package's; this file only wires the page.
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
$('input').addEventListener('dragover', (e) => e.preventDefault());
$('input').addEventListener('drop', async (e) => {
  const file = e.dataTransfer?.files?.[0];
  if (!file) return;
  e.preventDefault();
  $('input').value = await file.text();
  update();
});
update();
document.body.dataset.ready = 'true';
