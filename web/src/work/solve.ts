// solveWork: the proof of work for one response (core/src/work.rs): its sub-puzzles solved in
// Web Workers, so the page never stalls, on up to min(navigator.hardwareConcurrency, 4) of them
// at once (each takes the next unsolved part when it is done: no worker idles while another
// has a queue); where workers or module workers are missing, on the main thread in small chunks
// with a yield between them. The caller bounds it: `timeoutMs` and/or an AbortSignal end the
// search (and its workers) and reject.
import { startSolver, type Solver } from './load';
import type { WorkReply, WorkRequest } from './protocol';
import { searchWork } from './search';

export interface SolveOptions {
  /** Give up after this long (default: no limit). */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** More workers than this gain little on a phone and cost memory (each holds the solver). */
const MAX_WORKERS = 4;

let mainThreadSolver: Promise<Solver> | null = null;

/**
 * Starts the solver on this thread, once. The browser fetches its wasm next to the glue; tests in
 * Node pass its bytes (`source`): there is no URL to fetch there.
 */
export function loadSolver(source?: BufferSource): Promise<Solver> {
  mainThreadSolver ??= startSolver(source);
  return mainThreadSolver;
}

/** How many workers share the parts: the device's logical cores, at most MAX_WORKERS. */
export function workerCount(cores = globalThis.navigator?.hardwareConcurrency): number {
  return Math.max(1, Math.min(MAX_WORKERS, Math.floor(cores || 1)));
}

export function solveWork(id: string, completionMs: number, difficulty: number, options: SolveOptions = {}): Promise<string> {
  const row = { id, completionMs, difficulty };
  const translated = typeof WebAssembly === 'undefined';
  return typeof Worker === 'undefined' ? onMainThread(row, options) : inWorkers(row, translated, options);
}

type Row = { id: string; completionMs: number; difficulty: number };

function inWorkers(row: Row, translated: boolean, options: SolveOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const workers: Worker[] = [];
    try {
      for (let i = 0; i < workerCount(); i += 1) {
        workers.push(new Worker(new URL('./solver.worker.ts', import.meta.url), { type: 'module' }));
      }
    } catch {
      workers.forEach((w) => w.terminate());
      onMainThread(row, options).then(resolve, reject); // no module workers here
      return;
    }
    let settled = false;
    const end = (settle: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', abort);
      workers.forEach((w) => w.terminate());
      settle();
    };
    const abort = () => end(() => reject(new Error('the work was cancelled')));
    const timer =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(() => end(() => reject(new Error(`no work found in ${options.timeoutMs} ms`))), options.timeoutMs);
    if (options.signal?.aborted) return abort();
    options.signal?.addEventListener('abort', abort);

    // The parts' count comes with the first answer (the engine's workShape, in the workers).
    let parts = Infinity;
    let next = 0;
    let found = 0;
    const nonces: number[] = [];
    const send = (worker: Worker, request: WorkRequest) => worker.postMessage({ ...request, translated });
    const giveNext = (worker: Worker) => {
      if (next < parts) send(worker, { ...row, index: next++ });
    };
    workers.forEach((worker) => {
      worker.onmessage = (event: MessageEvent<WorkReply>) => {
        const reply = event.data;
        if (!reply.ok) return end(() => reject(new Error(reply.reason)));
        if ('work' in reply) return end(() => resolve(reply.work));
        parts = reply.parts;
        if (reply.nonce === null) return; // a part past the count: nothing more for this worker
        nonces[reply.index] = reply.nonce;
        found += 1;
        if (found === parts) send(worker, { join: nonces });
        else giveNext(worker);
      };
      worker.onerror = (event) => {
        event.preventDefault();
        end(() => reject(new Error(event.message || 'the work worker failed')));
      };
      giveNext(worker);
    });
  });
}

async function onMainThread(row: Row, options: SolveOptions): Promise<string> {
  const solver = await loadSolver();
  const deadline = options.timeoutMs === undefined ? Infinity : performance.now() + options.timeoutMs;
  const stopped = () => Boolean(options.signal?.aborted) || performance.now() > deadline;
  // ~5,000 hashes take a few ms even on a slow phone: the page stays responsive between chunks.
  return searchWork(solver, row, { chunk: 5_000, stopped, between: () => new Promise((r) => setTimeout(r, 0)) });
}
