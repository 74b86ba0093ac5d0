// Node: reads the .wasm beside this file (Node's fetch does not take file: URLs).
import { readFileSync } from 'node:fs';
import { initSync } from './gen/scoresheet_wasm.js';

initSync({ module: readFileSync(new URL('./gen/scoresheet_wasm_bg.wasm', import.meta.url)) });

export * from './api.js';
