// vitest: start the real engine from pkg/ (Node has no URL to fetch the .wasm from, so pass
// its bytes), and give every test a clean page: empty storage, URL "/".
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll } from 'vitest';
import { cleanup } from '@testing-library/react';
import { loadEngine } from '../state/engineStatus';

// jsdom does not implement scrolling; the router scrolls to the top on each navigation.
window.scrollTo = () => undefined;

// STEPZERO_NO_WASM=1 (make test-web's second run): a browser without WebAssembly, so the
// engine starts from its JavaScript translation (pkg-js/).
if (process.env.STEPZERO_NO_WASM === '1') delete (globalThis as { WebAssembly?: unknown }).WebAssembly;

beforeAll(async () => {
  await loadEngine(typeof WebAssembly === 'undefined' ? undefined
    : readFileSync(join(process.env.STEPZERO_ROOT!, 'pkg/stepzero_core_bg.wasm')));
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
});
