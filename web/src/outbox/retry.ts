// Retries the outbox: on the page load that found it non-empty and when the browser reports it
// is back online (both watched by start.ts), and on a timer with the engine's backoff while the page stays open.
import { startEngine } from '../core';
import type { SubmitDeps } from '../submit/pipeline';
import { drainOutbox } from './drain';
import { keepDeps } from './runtime';

const loadDeps = (): Promise<SubmitDeps> => import('../submit/services').then((module) => module.browserDeps);

let timer: ReturnType<typeof setTimeout> | undefined;
let running: Promise<void> | null = null;

/** One drain at a time in this tab; `force` ignores the backoff (the network just came back). */
export function retryOutbox(force = false): Promise<void> {
  running ??= (async () => {
    try {
      await startEngine(); // the delivery rules are the engine's
      const { left, nextDueMs } = await drainOutbox(loadDeps, keepDeps, { force });
      clearTimeout(timer);
      if (left > 0 && Number.isFinite(nextDueMs)) {
        timer = setTimeout(() => void retryOutbox(), Math.max(0, nextDueMs - keepDeps.nowMs()));
      }
    } catch (error) {
      console.warn('The outbox could not be retried now; kept responses will be retried on a later visit.', error);
    } finally {
      running = null;
    }
  })();
  return running;
}
