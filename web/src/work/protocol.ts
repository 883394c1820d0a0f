// Messages between the page and the proof-of-work worker (solver.worker.ts).

/** Find work of `difficulty` for the row `id` / `completionMs` (core/src/work.rs). */
export interface WorkRequest {
  id: string;
  completionMs: number;
  difficulty: number;
  /** The page has no WebAssembly: use the translated solver (the worker follows the page). */
  translated?: boolean;
}

export type WorkReply = { ok: true; nonce: string } | { ok: false; reason: string };
