// The browser's outbox and the facts a kept response needs: part of the main bundle (no lazy
// chunk), so a response is kept even when the network is down at submit.
import type { KeepDeps } from '../submit/pipeline';
import { hasIndexedDb, indexedDbOutbox, memoryOutbox } from './store';

export const keepDeps: KeepDeps = {
  outbox: hasIndexedDb() ? indexedDbOutbox : memoryOutbox(),
  newId: () => crypto.randomUUID(),
  random: () => Math.random(),
  nowMs: () => Date.now(),
  userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent,
  log: console,
};
