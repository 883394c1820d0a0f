// Retries the outbox: on the page load that found it non-empty, when the browser reports it is
// back online (both watched by start.ts), after a submission that could not be delivered, when
// IndexedDB answers again after a wait it missed (browserPorts.ts), and on a timer with the
// engine's backoff while the page stays open. The timer never fires sooner than
// the engine's smallest delay, even when the due entry is held by another tab.
import { constants } from '../core';
import { drainOutbox } from './drain';
import type { OutboxPorts } from './ports';

let timer: ReturnType<typeof setTimeout> | undefined;
let running: Promise<void> | null = null;
/** The one drain asked for while another ran; it starts when that one ends. */
let queued: { force: boolean; done: Promise<void> } | null = null;

/**
 * One drain at a time in this tab; `force` ignores the backoff (the network just came back). A
 * call made while a drain runs is not dropped: that drain may have read the outbox before the
 * news came (online again, IndexedDB answering again), so one more drain follows it, forced if
 * any of the calls it stands for was.
 */
export function retryOutbox(ports: OutboxPorts, force = false): Promise<void> {
  if (!running) return drain(ports, force);
  if (queued) {
    queued.force ||= force;
    return queued.done;
  }
  const next: { force: boolean; done: Promise<void> } = {
    force,
    done: running.then(() => {
      queued = null;
      return retryOutbox(ports, next.force);
    }),
  };
  queued = next;
  return next.done;
}

function drain(ports: OutboxPorts, force: boolean): Promise<void> {
  running = (async () => {
    try {
      // nextDueMs is read from the whole outbox once the drain ends: a response kept meanwhile (a
      // submission whose attempt failed while this drain ran) keeps the retry it scheduled.
      const { nextDueMs } = await drainOutbox(ports, { force });
      clearTimeout(timer);
      if (Number.isFinite(nextDueMs)) scheduleRetry(ports, nextDueMs);
    } catch (error) {
      ports.log.warn('The outbox could not be retried now; kept responses will be retried later.', error);
      scheduleRetry(ports, ports.nowMs());
    } finally {
      running = null;
    }
  })();
  return running;
}

/**
 * A retry at `dueMs`, but never sooner than the engine's smallest retry delay from now, nor later
 * than its longest: a due time further ahead was set by a clock that ran fast (the engine's
 * isDue counts it due), and browsers keep a timer's delay in 32 bits, so a wait past 24.8 days fires at once.
 */
export function scheduleRetry(ports: OutboxPorts, dueMs: number): void {
  clearTimeout(timer);
  const { retryMinMs, retryMaxMs } = constants();
  const wait = Math.min(retryMaxMs, Math.max(retryMinMs, dueMs - ports.nowMs()));
  timer = setTimeout(() => void retryOutbox(ports), wait);
}
