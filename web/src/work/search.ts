// The search loop around the solver wasm (pkg-work/): `chunk` nonces per call, so a caller can
// yield between calls (the main-thread fallback) and a stop is seen within one chunk.
import type { Solver } from './load';

/** Beyond this many tries something is wrong (2^40: days even for a fast desktop). */
const MAX_TRIES = 2 ** 40;

export interface SearchOptions {
  chunk?: number;
  between?: () => Promise<void>;
  stopped?: () => boolean;
}

/** The nonce of sub-puzzle `index` (of `partBits` bits, from the solver's workShape) of the row. */
export async function searchPart(
  solver: Pick<Solver, 'solveWorkPart'>,
  part: { id: string; completionMs: number; index: number; partBits: number },
  options: SearchOptions = {},
): Promise<number> {
  const chunk = options.chunk ?? 50_000;
  for (let start = 0; start < MAX_TRIES; start += chunk) {
    if (options.stopped?.()) throw new Error('the work was cancelled');
    const found = solver.solveWorkPart(part.id, part.completionMs, part.index, part.partBits, start, chunk);
    if (found !== null) return found;
    await options.between?.();
  }
  throw new Error(`no work found in ${MAX_TRIES} tries`);
}

/** The whole work of `difficulty` for the row on this thread: every part, then the engine's join. */
export async function searchWork(
  solver: Pick<Solver, 'solveWorkPart' | 'workShape' | 'joinWork'>,
  row: { id: string; completionMs: number; difficulty: number },
  options: SearchOptions = {},
): Promise<string> {
  const [parts, partBits] = solver.workShape(row.difficulty);
  const nonces: number[] = [];
  for (let index = 0; index < parts; index += 1) nonces.push(await searchPart(solver, { ...row, index, partBits }, options));
  return solver.joinWork(nonces);
}
