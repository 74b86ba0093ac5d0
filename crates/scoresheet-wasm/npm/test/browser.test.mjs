// The playground in a real browser: Debian's headless chromium, driven through the DevTools
// protocol by puppeteer-core, loads the page from a static server on 127.0.0.1, pastes a game
// with variations and an illegal move, switches notations, and checks the texts, the caret
// and the board. The screenshot is kept as target/wasm/playground.png.
// Skipped, with the reason, when chromium or puppeteer-core is not installed
// (scripts/test-wasm.sh installs both).
import test from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
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
    await page.setViewport({ width: 390, height: 1400 }); // a phone
    const { port } = server.address();
    await page.goto(`http://127.0.0.1:${port}/playground/index.html`, { waitUntil: 'load' });
    await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
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
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    server.close();
  }
});
