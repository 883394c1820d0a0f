// The search loop around the solver wasm (pkg-work/): `chunk` nonces per call, so a caller can
// yield between calls (the main-thread fallback) and a stop is seen within one chunk.
import type { WorkRequest } from './protocol';

export type SolveChunk = (id: string, completionMs: number, difficulty: number, start: number, budget: number) => number | null;

/** Beyond this many tries something is wrong (2^40: days even for a fast desktop). */
const MAX_TRIES = 2 ** 40;

export async function searchNonce(
  solve: SolveChunk,
  request: WorkRequest,
  options: { chunk?: number; between?: () => Promise<void>; stopped?: () => boolean } = {},
): Promise<string> {
  const chunk = options.chunk ?? 50_000;
  for (let start = 0; start < MAX_TRIES; start += chunk) {
    if (options.stopped?.()) throw new Error('the work was cancelled');
    const found = solve(request.id, request.completionMs, request.difficulty, start, chunk);
    if (found !== null) return String(found);
    await options.between?.();
  }
  throw new Error(`no work found in ${MAX_TRIES} tries`);
}
