// vitest: start the real engine from pkg/ (Node has no URL to fetch the .wasm from, so pass
// its bytes), and give every test a clean page: empty storage, URL "/".
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll } from 'vitest';
import { cleanup } from '@testing-library/react';
import { loadEngine } from '../state/engineStatus';
import { setSubmitPhase } from '../state/submissionPhase';
import { loadSolver } from '../work/solve';

// React's act() warns unless the environment says it is a test (@testing-library/react sets it
// too, once imported; a file that only uses react-dom's hydrateRoot needs it here).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// jsdom does not implement scrolling; the router scrolls to the top on each navigation.
window.scrollTo = () => undefined;

// STEPZERO_NO_WASM=1 (make test-web's second run): a browser without WebAssembly, so the
// engine starts from its JavaScript translation (pkg-js/).
if (process.env.STEPZERO_NO_WASM === '1') delete (globalThis as { WebAssembly?: unknown }).WebAssembly;

beforeAll(async () => {
  // The JS-only run (no WebAssembly: the engine translated by wasm2js, pkg-js/) loads the engine
  // from its own module and covers web/src/core only; the solver is a wasm, so that run has none.
  await loadEngine(
    typeof WebAssembly === 'undefined' ? undefined : readFileSync(join(process.env.STEPZERO_ROOT!, 'pkg/stepzero_core_bg.wasm')),
  );
  // jsdom has no Worker: the proof of work runs on this thread, from the solver wasm's bytes.
  if (typeof WebAssembly !== 'undefined')
    await loadSolver(readFileSync(join(process.env.STEPZERO_ROOT!, 'pkg-work/stepzero_work_bg.wasm')));
});

afterEach(() => {
  cleanup();
  setSubmitPhase('idle'); // a test that ends mid-submission must not leave its overlay to the next
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
});
