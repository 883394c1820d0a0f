// Retries what the outbox still holds: entries past their backoff (or all, when the network has
// just come back), each under its lock, re-read inside it because another tab may have moved on.
import { isExpired } from '../core';
import { deliver } from './deliver';
import { forget } from './keep';
import { withLock } from './lock';
import type { OutboxPorts } from './ports';

export interface DrainResult {
  delivered: number;
  /** Entries still waiting, and when the earliest is due (Infinity when none). */
  left: number;
  nextDueMs: number;
}

export async function drainOutbox(ports: OutboxPorts, options: { force?: boolean } = {}): Promise<DrainResult> {
  const result: DrainResult = { delivered: 0, left: 0, nextDueMs: Infinity };
  for (const listed of await ports.store.all()) {
    const now = ports.nowMs();
    if (isExpired(listed.createdMs, now)) {
      ports.log.warn(`Dropping a response kept since ${new Date(listed.createdMs).toISOString()}: older than 30 days.`);
      await forget(listed.id, ports);
      continue;
    }
    if (options.force || listed.nextAttemptMs <= now) {
      const run = await withLock(listed.id, async () => {
        const entry = (await ports.store.all()).find((candidate) => candidate.id === listed.id);
        if (!entry) return true; // delivered meanwhile by another tab
        try {
          return !(await deliver(entry, ports)).kept;
        } catch (error) {
          ports.log.error('Retrying a kept response failed; it stays in the outbox.', error);
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
  for (const entry of await ports.store.all()) result.nextDueMs = Math.min(result.nextDueMs, entry.nextAttemptMs);
  return result;
}
