// The playground in a real browser: Debian's headless chromium, driven through the DevTools
// protocol by puppeteer-core, loads the page from a static server on 127.0.0.1, pastes a game
// with variations and an illegal move, switches notations, and checks the texts, the caret
// and the board. Then files opened through the page's file input, read on its Web Worker: a
// small one, and a 50 MB one (real.pgn ten times, made in a temporary folder), both through
// readTables' stream: progress changes while it is read, a click on the board's buttons is
// answered during the read, and the summary's counts are readTables' own. Screenshots are kept
// in target/wasm/. Skipped, with the reason, when chromium or puppeteer-core is not installed
// (scripts/test-wasm.sh installs both), the 50 MB case also without real.pgn.
import test from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from './data.mjs';

const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const SITE = path.join(ROOT, 'crates/scoresheet-wasm');
const SHOTS = path.join(ROOT, 'target/wasm');
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm' };

let puppeteer = null;
try {
  puppeteer = (await import('puppeteer-core')).default;
} catch {
  // reported as the skip reason below
}
const REAL = path.join(ROOT, '../shared/data/pgn/real.pgn');
const skip = !existsSync(CHROMIUM) ? `no ${CHROMIUM} (apt-get install chromium)` : !puppeteer ? 'no puppeteer-core (npm ci)' : false;

/** A static file server for the crate's folder (the page and the package beside it). */
function serve() {
  const server = createServer((req, res) => {
    const file = path.join(SITE, decodeURIComponent(new URL(req.url, 'http://x').pathname));
    if (!file.startsWith(SITE) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const GAME = `[Event "Browser"]
[White "Anna"]
[Black "Bo"]

1. e4 e5 2. Nf3 (2. Bc4 Nf6) 2... Nc6 3. Bb5 a6 1-0

[Event "Illegal"]

1. d4 d5 2. Ke3 *
`;

test('ok_playground_in_chromium', { skip, timeout: 120_000 }, async () => {
  // A phone's width.
  await withPage({ width: 390, height: 1400 }, async (page) => {
    // Paste the games.
    await page.$eval('#input', (el, text) => {
      el.value = text;
      el.dispatchEvent(new Event('input'));
    }, GAME);
    const text = (sel) => page.$eval(sel, (el) => el.textContent);
    assert.match(await text('#detected'), /^PGN: 1 game\(s\) read, 1 rejected/);
    const rewritten = await text('#rewritten');
    assert.match(rewritten, /1\. e4 e5 2\. Nf3 \(2\. Bc4 Nf6\) 2\.\.\. Nc6 3\. Bb5 a6 1-0/);
    // The illegal move: the message, the line, and the caret under `Ke3`.
    const message = await text('#errors .error p');
    const [line, caret] = (await text('#errors .error pre')).split('\n');
    assert.match(message, /^game 2 \(from line 7\), line 9, column 13: move "Ke3"/);
    assert.equal(line, '1. d4 d5 2. Ke3 *');
    assert.equal(caret.indexOf('^'), line.indexOf('Ke3'));
    // The board shows the last position: White's bishop on b5, Black's pawn on a6.
    const piece = (square) => page.$eval(`#board text[data-square="${square}"]`, (el) => el.dataset.piece).catch(() => null);
    assert.equal(await piece('b5'), 'B');
    assert.equal(await piece('a6'), 'p');
    assert.equal(await text('#ply'), '3... a6');
    // Step back with the keyboard.
    await page.focus('#board');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await text('#ply'), '2... Nc6');
    assert.equal(await piece('b5'), null);
    await page.keyboard.press('Home');
    assert.equal(await text('#ply'), 'start');
    assert.equal(await piece('e2'), 'P');
    // Switch the output notation, then the language.
    await page.select('#to', 'uci');
    assert.match(await text('#rewritten'), /1\. e2e4 e7e5 2\. g1f3 \(2\. f1c4 g8f6\) 2\.\.\. b8c6/);
    await page.select('#to', 'san');
    await page.select('#lang', 'de');
    assert.match(await text('#rewritten'), /2\. Sf3 \(2\. Lc4 Sf6\) 2\.\.\. Sc6 3\. Lb5/);
    assert.equal(await text('#ply'), '3... a6');
    assert.ok((await text('#egd')).includes('"san": "Bb5"'));
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, 'playground.png'), fullPage: true });
    // A typed move list in French, detected; an illegal move shown with its caret.
    await page.$eval('#input', (el) => {
      el.value = 'e4 e5 Cf3 Cc6 Fb5 a6 Fxc9';
      el.dispatchEvent(new Event('input'));
    });
    assert.equal(await text('#detected'), 'Detected: san-fr');
    assert.match(await text('#errors .error p'), /^move 7: invalid san-fr at byte 1: /);
    const typed = (await text('#errors .error pre')).split('\n');
    assert.equal(typed[1].indexOf('^'), typed[0].indexOf('Fxc9') + 1);
    await page.screenshot({ path: path.join(SHOTS, 'playground-moves.png'), fullPage: true });
  });
});

/** Chromium on the playground page of `viewport`'s size, ready; `fn(page)` runs, no error
 * is thrown on the page, then everything is closed. */
async function withPage(viewport, fn) {
  const server = await serve();
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.setViewport(viewport);
    const { port } = server.address();
    await page.goto(`http://127.0.0.1:${port}/playground/index.html`, { waitUntil: 'load' });
    await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
    await fn(page);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    server.close();
  }
}

const text = (page, sel) => page.$eval(sel, (el) => el.textContent);

/** The viewport of the file-reading tests. */
const DESKTOP = { width: 1000, height: 1400 };

/** Opens `file` through the page's file input. */
async function open(page, file) {
  const input = await page.$('#file');
  await input.uploadFile(file);
}

test('ok_playground_reads_a_small_file_on_its_worker', { skip, timeout: 120_000 }, async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'scoresheet-page-'));
  try {
    const file = path.join(dir, 'two.pgn');
    writeFileSync(file, GAME);
    await withPage(DESKTOP, async (page) => {
      await open(page, file);
      await page.waitForSelector('body[data-file="done"]', { timeout: 60_000 });
      const summary = await text(page, '#file-summary');
      assert.match(summary, /^two\.pgn \(0\.0 MB\): 1 game, 6 plies, 1 rejected, 1 opening; read in [\d.]+ s with readTables$/);
      assert.match(await text(page, '#rejected li'), /^game 2 \(from line 7\), line 9, column 13: move "Ke3"/);
      // A small file also goes into the text box, as before.
      assert.match(await page.$eval('#input', (el) => el.value), /\[Event "Browser"\]/);
      // The chart: one opening, one white win.
      assert.equal(await page.$$eval('#chart rect[data-result="white"]', (els) => els.length), 1);
      assert.equal(await page.$$eval('#chart rect[data-result="black"]', (els) => els.length), 0);
      // The file's first game on the board, from its start.
      assert.equal(await text(page, '#ply'), 'start');
      await page.click('#last');
      assert.equal(await text(page, '#ply'), '3... a6');
      assert.equal(await page.$$eval('#games option', (els) => els.length), 1);
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

const bigSkip = skip || (!existsSync(REAL) ? `no ${REAL}` : false);

test('ok_playground_reads_50_mb_on_its_worker_and_stays_responsive', { skip: bigSkip, timeout: 900_000 }, async () => {
  const { readTables } = await import('../node.js');
  const real = readFileSync(REAL);
  const one = readTables(real, { columns: ['result'] });
  const dir = mkdtempSync(path.join(tmpdir(), 'scoresheet-page-'));
  try {
    const file = path.join(dir, 'real-x10.pgn');
    writeFileSync(file, Buffer.concat(Array(10).fill(real)));
    await withPage(DESKTOP, async (page) => {
      // A game on the board first, to step through during the read.
      await page.$eval('#input', (el, pgn) => {
        el.value = pgn;
        el.dispatchEvent(new Event('input'));
      }, GAME);
      assert.equal(await text(page, '#ply'), '3... a6');
      await open(page, file);
      await page.waitForFunction(() => Number(document.getElementById('progress').value) > 0, { timeout: 120_000 });
      const seen = new Set();
      const total = real.length * 10;
      let answered = 0;
      while ((await page.$eval('body', (b) => b.dataset.file)) === 'reading') {
        const value = await page.$eval('#progress', (el) => Number(el.value));
        if (value > 0 && value < total) seen.add(value);
        if (seen.size >= 2 && answered < 2) {
          // A click on the board's buttons is answered while the file is read.
          const [button, want] = answered === 0 ? ['#first', 'start'] : ['#last', '3... a6'];
          await page.click(button);
          await page.waitForFunction((w) => document.getElementById('ply').textContent === w, { timeout: 5_000 }, want);
          if ((await page.$eval('body', (b) => b.dataset.file)) === 'reading') answered += 1;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      assert.equal(await page.$eval('body', (b) => b.dataset.file), 'done', await text(page, '#progress-text'));
      assert.ok(seen.size >= 3, `progress seen at ${[...seen].join(', ')} of ${total} bytes`);
      assert.equal(answered, 2, 'clicks answered during the read');
      // The summary: readTables' counts of real.pgn, ten times.
      const games = (one.games.numRows * 10).toLocaleString('en');
      const plies = (one.counts.plies * 10).toLocaleString('en');
      const summary = await text(page, '#file-summary');
      assert.ok(summary.startsWith(`real-x10.pgn (${(total / 1e6).toFixed(1)} MB): ${games} games, ${plies} plies, ${one.rejected.length * 10} rejected`), summary);
      assert.match(summary, /with readTables$/);
      assert.equal(await page.$$eval('#chart text[data-games]', (els) => els.length), 10);
      assert.equal(await page.$$eval('#games option', (els) => els.length), 20);
      assert.equal(await text(page, '#ply'), 'start');
      await page.select('#games', '1');
      await page.click('#next');
      assert.match(await text(page, '#ply'), /^1\. \S+$/);
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: path.join(SHOTS, 'playground-file.png'), fullPage: true });
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
