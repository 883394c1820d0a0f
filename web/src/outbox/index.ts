// The outbox's face to the submission: keep a response (before any network call) and deliver
// it, holding its lock throughout so no retry in this or another tab sends it at the same time;
// whatever is left is retried by the timer.
import type { Answers } from '../core';
import { askWorkerToPrepare, registerDeliveryWorker } from './background';
import { deliver, type DeliveryOutcome } from './deliver';
import { keepResponse } from './keep';
import { withLock } from './lock';
import type { OutboxPorts } from './ports';
import { scheduleRetry } from './retry';

export type { DeliveryOutcome } from './deliver';
export type { OutboxPorts } from './ports';

/**
 * Keeps the response now, waits for `startWork` (the overlay's waits), then one delivery attempt.
 * Resolves null when nothing was delivered in this call (already held elsewhere); never rejects
 * for a failed call: a response that was kept and not delivered gets a retry scheduled.
 */
export async function keepAndDeliver(
  answers: Answers,
  file: File | null,
  ports: OutboxPorts,
  startWork: Promise<void>,
): Promise<DeliveryOutcome | null> {
  const id = ports.newId();
  let kept = false;
  try {
    const result = await withLock(id, async () => {
      const entry = await keepResponse(id, answers, file, ports);
      kept = true;
      void registerDeliveryWorker(); // ready to carry it if the page goes before it arrives
      if (entry.file) askWorkerToPrepare(); // a photo: the worker keeps what its upload needs
      await startWork;
      const outcome = await deliver(entry, ports);
      if (outcome.kept) scheduleRetry(ports, entry.nextAttemptMs);
      return outcome;
    });
    return result.skipped ? null : result.value;
  } catch (error) {
    if (!kept) throw error; // nothing kept: the caller must know
    ports.log.error('The delivery attempt failed; the response stays in the outbox.', error);
    scheduleRetry(ports, ports.nowMs());
    return null;
  }
}
