// Retries what the outbox still holds: entries past their backoff (or all, when the network has
// just come back), each under its lock, re-read inside it because another tab may have moved on.
// An entry leaves undelivered only by the engine's giveUp: right after an attempt whose email
// backup failed, once it was tried on enough distinct days (daysSeen) — never by its age on the
// clock, which a corrected phone clock can jump — and with an error in the log, never silently.
import { giveUp } from '../core';
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

/**
 * `force`: every entry, due or not. `waitForLocks`: an entry another context is delivering is
 * waited for rather than skipped (the service worker, whose drain would otherwise end with it).
 */
export async function drainOutbox(ports: OutboxPorts, options: { force?: boolean; waitForLocks?: boolean } = {}): Promise<DrainResult> {
  const result: DrainResult = { delivered: 0, left: 0, nextDueMs: Infinity };
  for (const listed of await ports.store.all()) {
    if (options.force || listed.nextAttemptMs <= ports.nowMs()) {
      const run = await withLock(
        listed.id,
        async (): Promise<'delivered' | 'kept' | 'givenUp'> => {
          const entry = (await ports.store.all()).find((candidate) => candidate.id === listed.id);
          if (!entry) return 'delivered'; // delivered meanwhile by another tab
          try {
            const outcome = await deliver(entry, ports);
            if (!outcome.kept) return 'delivered';
            if (!outcome.emailTried || !giveUp(entry.daysSeen ?? 0, true)) return 'kept';
            ports.log.error(
              `Giving up the response ${entry.id}, kept since ${new Date(entry.createdMs).toISOString()}: ` +
                `neither the database nor the email backup took it on ${entry.daysSeen} distinct days, the email failing again just now.`,
            );
            await forget(entry.id, ports);
            return 'givenUp';
          } catch (error) {
            ports.log.error('Retrying a kept response failed; it stays in the outbox.', error);
            return 'kept';
          }
        },
        { wait: options.waitForLocks },
      );
      if (!run.skipped && run.value === 'delivered') result.delivered += 1;
      if (!run.skipped && run.value !== 'kept') continue;
    }
    result.left += 1;
  }
  for (const entry of await ports.store.all()) result.nextDueMs = Math.min(result.nextDueMs, entry.nextAttemptMs);
  return result;
}
