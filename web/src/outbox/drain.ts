// Retries what the outbox still holds: entries past their backoff (or all, when the network has
// just come back), each under its lock, re-read inside it because another tab may have moved on.
// When an entry is due is the engine's (isDue: its backoff passed, or a clock that ran fast set it).
// An entry leaves undelivered only by the engine's giveUp: right after an attempt whose email
// backup failed, once it was tried on enough distinct days (daysSeen) — never by its age on the
// clock, which a corrected phone clock can jump — and with an error in the log, never silently.
import { giveUp, isDue } from '../core';
import { deliver } from './deliver';
import { allHeld, release } from './held';
import { forget } from './keep';
import { withLock } from './lock';
import type { OutboxPorts } from './ports';
import type { OutboxStore } from './store';

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
    if (options.force || isDue(listed.nextAttemptMs, ports.nowMs())) {
      const run = await withLock(
        listed.id,
        async (): Promise<'delivered' | 'kept' | 'givenUp'> => {
          const entry = (await ports.store.all()).find((candidate) => candidate.id === listed.id);
          if (!entry) {
            release(listed.id); // delivered meanwhile by another tab or the worker: this page lets go of it too
            return 'delivered';
          }
          try {
            const outcome = await deliver(entry, ports);
            if (!outcome.kept) return 'delivered';
            if (!outcome.emailTried || !giveUp(entry.daysSeen ?? 0, /* the email, its last way, failed */ true)) return 'kept';
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
  // An entry due now (its next try unreadable, or set by a fast clock) counts as due now.
  const now = ports.nowMs();
  for (const entry of await ports.store.all())
    result.nextDueMs = Math.min(result.nextDueMs, isDue(entry.nextAttemptMs, now) ? now : entry.nextAttemptMs);
  return result;
}

/**
 * Lets go of what this page holds but the outbox no longer has: delivered by the service worker
 * (which says when it has drained, background.ts) or by another tab. An entry counts as gone
 * only when every store answers without it (IndexedDB, and the page's own store, whose memory
 * keeps what IndexedDB refused); a read that fails lets go of nothing. One the page is
 * delivering right now (its lock taken) is left to that attempt.
 */
export async function releaseDelivered(stores: Pick<OutboxStore, 'all'>[]): Promise<void> {
  // Held before the reads start: an entry is written to the store before it is held (keep.ts),
  // so one kept meanwhile is never mistaken for one gone.
  const held = allHeld().map((item) => item.entry.id);
  if (held.length === 0) return;
  let kept: Set<string>;
  try {
    kept = new Set((await Promise.all(stores.map((store) => store.all()))).flat().map((entry) => entry.id));
  } catch {
    return;
  }
  for (const id of held) {
    if (kept.has(id)) continue;
    await withLock(id, async () => release(id));
  }
}
