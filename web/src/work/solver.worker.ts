// The proof of work off the main thread (heavy work belongs in a Web Worker): it hosts the
// solver (pkg-work/, `make pkg-work`; its JavaScript translation without WebAssembly) and
// answers each request: one sub-puzzle (the page hands the next one to whichever worker is
// free), or the join of the nonces found. The page ends the worker to cancel; every failure
// comes back as a reply, never as an uncaught error.
import { startSolver, type Solver } from './load';
import type { WorkReply, WorkRequest } from './protocol';
import { searchPart } from './search';

let started: Promise<Solver> | null = null;

self.onmessage = async (event: MessageEvent<WorkRequest>) => {
  let reply: WorkReply;
  const request = event.data;
  try {
    started ??= startSolver(undefined, request.translated);
    const solver = await started;
    if ('join' in request) {
      reply = { ok: true, work: solver.joinWork(request.join) };
    } else {
      const [parts, partBits] = solver.workShape(request.difficulty);
      const nonce = request.index < parts ? await searchPart(solver, { ...request, partBits }) : null;
      reply = { ok: true, index: request.index, nonce, parts };
    }
  } catch (error) {
    reply = { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
  (self as unknown as Worker).postMessage(reply);
};
