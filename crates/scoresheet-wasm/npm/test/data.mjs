// Test data shared by the package's tests: the project's files, the cases of other
// projects in ../shared/external (beside the repository), and the debug command-line tool.
import { existsSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import assert from 'node:assert/strict';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const REAL_CLEAN = path.join(ROOT, 'crates/scoresheet/tests/data/real_clean.pgn');
export const EXTERNAL = process.env.SCORESHEET_EXTERNAL ?? path.join(ROOT, '../shared/external');
export const CLI = process.env.SCORESHEET_BIN ?? path.join(ROOT, 'target/debug/scoresheet');

/** Whether the long suites run whole (`SCORESHEET_FULL_TESTS=1`, the README's "Tests"); else
 * they check a fixed sample. */
export const FULL = process.env.SCORESHEET_FULL_TESTS === '1';

/** Why the command-line tool cannot be compared with, or null when it can. */
export const noCli = existsSync(CLI) ? null : `no ${CLI} (build it with cargo build -p scoresheet-cli)`;

/** Why the external cases cannot be read, or null when they can. */
export const noExternal = existsSync(EXTERNAL) ? null : `no ${EXTERNAL}`;

/** Runs the command-line tool; `{status, stdout, stderr}`. */
export function cli(args, input) {
  try {
    const stdout = execFileSync(CLI, args, { input, maxBuffer: 1 << 28, stdio: ['pipe', 'pipe', 'pipe'] });
    return { status: 0, stdout: stdout.toString(), stderr: '' };
  } catch (e) {
    if (typeof e.status !== 'number') throw e;
    return { status: e.status, stdout: e.stdout.toString(), stderr: e.stderr.toString() };
  }
}

/** The cases of one external suite, each with `_dir` (where its PGN files are). */
export function cases(suite) {
  const dir = path.join(EXTERNAL, suite);
  return readFileSync(path.join(dir, 'cases.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => ({ ...JSON.parse(l), _dir: dir }));
}

/** The PGN text of a pgn/egd case. */
export function pgnText(c) {
  return c.file ? readFileSync(path.join(c._dir, c.file), 'utf8') : c.text;
}

export function readText(file) {
  return readFileSync(file, 'utf8');
}

/** A ReadableStream giving `bytes` in pieces of `size` bytes (copies, as a file's would be). */
export function piecesOf(bytes, size) {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) {
        controller.close();
        return;
      }
      controller.enqueue(bytes.slice(at, at + size));
      at += size;
    },
  });
}

/** A typed array's bytes in base64, as the Python helpers give binary columns. */
export const base64 = (typed) => Buffer.from(typed.buffer, typed.byteOffset, typed.byteLength).toString('base64');

/**
 * Asserts that a column of ours (typed arrays) holds the values, nulls and dictionary of the
 * Python helper's column (`theirs`; binary data in base64), naming `where` when not.
 */
export function assertColumnValuesEqual(ours, theirs, where) {
  assert.equal(ours.valid === undefined ? undefined : base64(ours.valid), theirs.valid, `${where}: nulls`);
  if (theirs.dictionary) assert.deepEqual(ours.dictionary, theirs.dictionary, `${where}: dictionary`);
  if (typeof theirs.values === 'string') {
    assert.ok(base64(ours.values) === theirs.values, `${where}: values differ`);
  } else {
    assert.deepEqual(ours.values, theirs.values, `${where}: values`);
  }
}
