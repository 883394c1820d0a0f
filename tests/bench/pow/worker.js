// The bench's copy of the site's worker (web/src/work/solver.worker.ts): the same solver wasm
// (pkg-work/), answering one sub-puzzle per message, so the page's queue hands the next part to
// whichever worker is free. `probe` counts hashes for a fixed time (is the CPU slowdown here?).
//
// `slowdown`: Chromium refuses Emulation.setCPUThrottlingRate on worker targets ("Operation is
// only supported for pages, not workers") and the page's rate does not reach its workers, so
// each worker holds itself to `slowdown` times below its own best pace: it first measures its
// fastest chunk (the core's speed when it is not shared), then after each chunk sleeps until
// the chunk has taken slowdown × (its tries at that pace) (Atomics.wait: the core is free
// meanwhile, as on a slower phone's core). A chunk that took longer than that on a busy machine
// sleeps not at all, so other engineers' load is not multiplied by the slowdown.
import init, { solveWorkPart, workShape } from '/pkg-work/stepzero_work.js';

// `?scalar`: the build without wasm SIMD (the page's choice).
const ready = init(self.location.search === '?scalar' ? { module_or_path: '/pkg-work/stepzero_work_scalar_bg.wasm' } : undefined);
const CHUNK = 50_000;
// The pace is measured on a message shaped like a real row's: a 13-digit completion time (every
// row's since 2001) and a two-digit part. With the time 1 the prefix is 58 bytes, the nonce and
// the padding spill into a second block, and each try costs two compressions where a real one
// costs one: calibrated on that, the workers would be held far below the slowdown asked for
// (figures: commit 4e6dae4).
const ROW_MS = 1_763_850_000_123;
const PART = 17;
const sleeper = new Int32Array(new SharedArrayBuffer(4));
let slowdown = 1;
/** Tries per millisecond in this worker's fastest chunk. */
let bestPace = Infinity;

/** `solveWorkPart(id, ms, index, bits, start, budget)` at `slowdown` times below the best pace. */
function chunk(id, ms, index, bits, start, budget) {
  const started = performance.now();
  const found = solveWorkPart(id, ms, index, bits, start, budget);
  if (slowdown > 1) {
    const tries = found === null ? budget : found - start + 1;
    const wait = (slowdown * tries) / bestPace - (performance.now() - started);
    if (wait > 0) Atomics.wait(sleeper, 0, 0, wait);
  }
  return found;
}

/** The fastest of 20 chunks, in tries per millisecond. */
function measurePace() {
  let best = Infinity;
  for (let i = 0; i < 20; i += 1) {
    const started = performance.now();
    solveWorkPart(crypto.randomUUID(), ROW_MS, PART, 32, 0, CHUNK);
    best = Math.min(best, performance.now() - started);
  }
  return CHUNK / best;
}

self.onmessage = async ({ data }) => {
  await ready;
  if (data.slowdown) {
    bestPace = measurePace();
    slowdown = data.slowdown;
    return postMessage({ bestPace });
  }
  if (data.probe) {
    const end = performance.now() + data.probe;
    let tries = 0;
    for (; performance.now() < end; tries += CHUNK) chunk(data.id, ROW_MS, PART, 32, tries, CHUNK);
    return postMessage({ tries });
  }
  const [parts, shapeBits] = workShape(data.difficulty);
  const bits = data.bits ?? shapeBits;
  for (let start = 0; ; start += CHUNK) {
    const found = chunk(data.id, data.completionMs, data.index, bits, start, CHUNK);
    if (found !== null) return postMessage({ index: data.index, nonce: found, parts: data.parts ?? parts });
  }
};
