// Which submission overlay shows (spec point 4: SUBMITTED, then PROCESSING), held once, in the
// main chunk: the submission sets it, the app and the overlay read it.
import { useSyncExternalStore } from 'react';

export type SubmitPhase = 'idle' | 'submitted' | 'processing';

let phase: SubmitPhase = 'idle';
const listeners = new Set<() => void>();

export function setSubmitPhase(next: SubmitPhase): void {
  phase = next;
  listeners.forEach((listener) => listener());
}

export const submitPhase = (): SubmitPhase => phase;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSubmitPhase(): SubmitPhase {
  return useSyncExternalStore(subscribe, submitPhase, submitPhase);
}
