// The bench's copy of the site's worker (web/src/work/solver.worker.ts): the same solver wasm
// (pkg-work/), answering one sub-puzzle per message, so the page's queue hands the next part to
// whichever worker is free. `probe` counts hashes for a fixed time (is the CPU slowdown here?).
//
// `slowdown`: Chromium refuses Emulation.setCPUThrottlingRate on worker targets ("Operation is
// only supported for pages, not workers") and the page's rate does not reach its workers, so
// the worker slows itself down the same way: after each chunk that took t ms of work, it sleeps
// (slowdown - 1) × t (Atomics.wait: the core is free meanwhile, as on a slower phone's core).
import init, { solveWorkPart, workShape } from '/pkg-work/stepzero_work.js';

const ready = init();
const CHUNK = 50_000;
const sleeper = new Int32Array(new SharedArrayBuffer(4));
let slowdown = 1;

/** `solveWorkPart` at `slowdown` times its cost. */
function chunk(...args) {
  const started = performance.now();
  const found = solveWorkPart(...args);
  if (slowdown > 1) Atomics.wait(sleeper, 0, 0, (slowdown - 1) * (performance.now() - started));
  return found;
}

self.onmessage = async ({ data }) => {
  await ready;
  if (data.slowdown) {
    slowdown = data.slowdown;
    return postMessage({});
  }
  if (data.probe) {
    const end = performance.now() + data.probe;
    let tries = 0;
    for (; performance.now() < end; tries += CHUNK) chunk(data.id, 1, 0, 32, tries, CHUNK);
    return postMessage({ tries });
  }
  const [parts, shapeBits] = workShape(data.difficulty);
  const bits = data.bits ?? shapeBits;
  for (let start = 0; ; start += CHUNK) {
    const found = chunk(data.id, data.completionMs, data.index, bits, start, CHUNK);
    if (found !== null) return postMessage({ index: data.index, nonce: found, parts: data.parts ?? parts });
  }
};
