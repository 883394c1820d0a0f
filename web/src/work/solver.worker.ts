// The proof of work off the main thread (heavy work belongs in a Web Worker): it hosts the
// solver (pkg-work/, `make pkg-work`; its JavaScript translation without WebAssembly) and
// answers one request. The page ends the worker to
// cancel; every failure comes back as a reply, never as an uncaught error.
import { startSolver, type Solver } from './load';
import type { WorkReply, WorkRequest } from './protocol';
import { searchNonce } from './search';

let started: Promise<Solver> | null = null;

self.onmessage = async (event: MessageEvent<WorkRequest>) => {
  let reply: WorkReply;
  try {
    started ??= startSolver(undefined, event.data.translated);
    const { solveWork } = await started;
    reply = { ok: true, nonce: await searchNonce(solveWork, event.data) };
  } catch (error) {
    reply = { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
  (self as unknown as Worker).postMessage(reply);
};
