// Retries what the outbox still holds: entries past their backoff (or all, when the network has
// just come back), each under its lock, re-read inside it because another tab may have moved on.
import { isExpired } from '../core';
import type { KeepDeps, SubmitDeps } from '../submit/pipeline';
import { deliver } from './deliver';
import { forget } from './enqueue';
import { withLock } from './lock';

export interface DrainResult {
  delivered: number;
  /** Entries still waiting, and when the earliest is due (Infinity when none). */
  left: number;
  nextDueMs: number;
}

export async function drainOutbox(deps: () => Promise<SubmitDeps>, keep: KeepDeps, options: { force?: boolean } = {}): Promise<DrainResult> {
  const result: DrainResult = { delivered: 0, left: 0, nextDueMs: Infinity };
  for (const listed of await keep.outbox.all()) {
    const now = keep.nowMs();
    if (isExpired(listed.createdMs, now)) {
      keep.log.warn(`Dropping a response kept since ${new Date(listed.createdMs).toISOString()}: older than 30 days.`);
      await forget(listed.id, keep);
      continue;
    }
    if (options.force || listed.nextAttemptMs <= now) {
      const run = await withLock(listed.id, async () => {
        const entry = (await keep.outbox.all()).find((candidate) => candidate.id === listed.id);
        if (!entry) return true; // delivered meanwhile by another tab
        try {
          return !(await deliver(entry, await deps(), keep)).kept;
        } catch (error) {
          keep.log.error('Retrying a kept response failed; it stays in the outbox.', error);
          return false;
        }
      });
      if (!run.skipped && run.value) {
        result.delivered += 1;
        continue;
      }
    }
    result.left += 1;
  }
  for (const entry of await keep.outbox.all()) result.nextDueMs = Math.min(result.nextDueMs, entry.nextAttemptMs);
  return result;
}
