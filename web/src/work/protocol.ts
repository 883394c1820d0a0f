// Messages between the page and the proof-of-work workers (solver.worker.ts).

/** Solve sub-puzzle `index` of the work of `difficulty` for the row `id` / `completionMs` (core/src/work.rs). */
export interface PartRequest {
  id: string;
  completionMs: number;
  difficulty: number;
  index: number;
  /** The page has no WebAssembly: use the translated solver (the worker follows the page). */
  translated?: boolean;
}

/** Join the parts' nonces (in index order) into the work's text, as the engine writes it. */
export interface JoinRequest {
  join: number[];
  translated?: boolean;
}

export type WorkRequest = PartRequest | JoinRequest;

/**
 * `parts`: how many sub-puzzles the difficulty has (an index at or past it is not solved: its
 * nonce is null); `work`: the answer to a JoinRequest.
 */
export type WorkReply =
  { ok: true; index: number; nonce: number | null; parts: number } | { ok: true; work: string } | { ok: false; reason: string };
