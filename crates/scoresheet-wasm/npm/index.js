// Browsers (and any ES module host with fetch): loads the .wasm beside this file.
import init from './gen/scoresheet_wasm.js';

await init({ module_or_path: new URL('./gen/scoresheet_wasm_bg.wasm', import.meta.url) });

export * from './api.js';
