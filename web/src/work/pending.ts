// The work each kept response needs, solved once per tab: started at the Submit click (while
// SUBMITTED shows), awaited by the delivery, shared by every retry of the same response.
import { solveWork } from './solve';

const inflight = new Map<string, { difficulty: number; nonce: Promise<string>; stop: AbortController }>();

/** The work for `id` at `difficulty` or more: the one under way, or a new search. */
export function workFor(id: string, completionMs: number, difficulty: number): Promise<string> {
  const known = inflight.get(id);
  if (known && known.difficulty >= difficulty) return known.nonce;
  const stop = new AbortController();
  const nonce = solveWork(id, completionMs, difficulty, { signal: stop.signal });
  inflight.set(id, { difficulty, nonce, stop });
  // A failed search is forgotten, so the next attempt starts again.
  nonce.catch(() => {
    if (inflight.get(id)?.nonce === nonce) inflight.delete(id);
  });
  return nonce;
}
