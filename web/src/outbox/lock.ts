// One delivery per response at a time, across tabs: two tabs draining the same outbox (or a
// drain starting while the submission itself is delivering) must not both upload and insert.
// The Web Locks API is released by the browser when a tab closes, so a crash never leaves a
// response locked. Without it (old browsers, jsdom) the guard covers this tab only.
const busy = new Set<string>();

/**
 * Runs `work` holding the lock for `id`; resolves `skipped` at once when someone else holds it,
 * or with `wait`, once they let go (the service worker: a page's attempt ends, or its tab closes).
 */
export async function withLock<T>(
  id: string,
  work: () => Promise<T>,
  { wait = false }: { wait?: boolean } = {},
): Promise<{ skipped: true } | { skipped: false; value: T }> {
  if (busy.has(id)) return { skipped: true };
  busy.add(id);
  try {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    if (!locks) return { skipped: false, value: await work() };
    return await locks.request(`stepzero-outbox:${id}`, { ifAvailable: !wait }, async (lock) =>
      lock ? { skipped: false as const, value: await work() } : { skipped: true as const },
    );
  } finally {
    busy.delete(id);
  }
}
