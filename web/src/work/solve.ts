// solveWork: the proof of work for one response (core/src/work.rs), in a Web Worker so the
// page never stalls; where workers or module workers are missing, on the main thread in small
// chunks with a yield between them. The caller bounds it: `timeoutMs` and/or an AbortSignal
// end the search (and its worker) and reject.
import { startSolver, type Solver } from './load';
import type { WorkReply, WorkRequest } from './protocol';
import { searchNonce } from './search';

export interface SolveOptions {
  /** Give up after this long (default: no limit). */
  timeoutMs?: number;
  signal?: AbortSignal;
}

let mainThreadSolver: Promise<Solver> | null = null;

/**
 * Starts the solver on this thread, once. The browser fetches its wasm next to the glue; tests in
 * Node pass its bytes (`source`): there is no URL to fetch there.
 */
export function loadSolver(source?: BufferSource): Promise<Solver> {
  mainThreadSolver ??= startSolver(source);
  return mainThreadSolver;
}

export function solveWork(id: string, completionMs: number, difficulty: number, options: SolveOptions = {}): Promise<string> {
  const request: WorkRequest = { id, completionMs, difficulty, translated: typeof WebAssembly === 'undefined' };
  return typeof Worker === 'undefined' ? onMainThread(request, options) : inWorker(request, options);
}

function inWorker(request: WorkRequest, options: SolveOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./solver.worker.ts', import.meta.url), { type: 'module' });
    } catch {
      onMainThread(request, options).then(resolve, reject); // no module workers here
      return;
    }
    const end = (settle: () => void) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', abort);
      worker.terminate();
      settle();
    };
    const abort = () => end(() => reject(new Error('the work was cancelled')));
    const timer =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(() => end(() => reject(new Error(`no work found in ${options.timeoutMs} ms`))), options.timeoutMs);
    if (options.signal?.aborted) return abort();
    options.signal?.addEventListener('abort', abort);
    worker.onmessage = (event: MessageEvent<WorkReply>) => {
      const reply = event.data;
      end(() => (reply.ok ? resolve(reply.nonce) : reject(new Error(reply.reason))));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      end(() => reject(new Error(event.message || 'the work worker failed')));
    };
    worker.postMessage(request);
  });
}

async function onMainThread(request: WorkRequest, options: SolveOptions): Promise<string> {
  const { solveWork: solve } = await loadSolver();
  const deadline = options.timeoutMs === undefined ? Infinity : performance.now() + options.timeoutMs;
  const stopped = () => Boolean(options.signal?.aborted) || performance.now() > deadline;
  // ~5,000 hashes take a few ms even on a slow phone: the page stays responsive between chunks.
  return searchNonce(solve, request, { chunk: 5_000, stopped, between: () => new Promise((r) => setTimeout(r, 0)) });
}
