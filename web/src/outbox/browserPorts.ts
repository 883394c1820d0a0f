// The browser's delivery ports. The store and the clock are here at once; supabase-js, the
// EmailJS SDK and the image worker load only when a delivery first needs them (they are most of
// the site's weight), and a load that fails (offline, a deploy that replaced the files) is an
// ordinary failed call: the attempt goes on to the email, or the response stays kept.
import { uuidV4 } from '../core';
import { requestBackgroundDelivery } from './background';
import { RoutineUnavailable, type OutboxPorts } from './ports';
import { retryOutbox } from './retry';
import { hasIndexedDb, indexedDbOutbox, resilientStore } from './store';

/** `crypto.randomUUID`, or a v4 UUID from `crypto.getRandomValues` where it is missing (Safari before 15.4, plain HTTP). */
export function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return uuidV4(crypto.getRandomValues(new Uint8Array(16)));
}

/**
 * This page's delivery code did not load (offline, or a deploy removed its chunks): the
 * service worker, whose code is its own, is asked to deliver; the call still fails here.
 */
function askWorker(error: unknown): never {
  requestBackgroundDelivery();
  throw error;
}

/**
 * The image routine's code could not be loaded (its chunk here, its worker or its wasm in
 * media/): a passing failure, as in the service worker (sw/ports.ts), so a file whose row is
 * already stored waits for a later attempt instead of being given up. The worker, whose code is
 * its own, is asked too.
 */
function askWorkerIfUnavailable(error: unknown): never {
  if (error instanceof RoutineUnavailable) requestBackgroundDelivery();
  throw error;
}

const chunkNotLoaded = (error: unknown): never => {
  throw new RoutineUnavailable(`the image routine's code could not be loaded: ${String(error)}`, { cause: error });
};

export const browserPorts: OutboxPorts = {
  // A retry that read the outbox while IndexedDB was silent saw only memory: read it again.
  store: resilientStore(hasIndexedDb() ? indexedDbOutbox : null, console, { onAnswerAgain: () => void retryOutbox(browserPorts) }),
  backend: () => import('./supabase').then((module) => module.supabaseBackend(), askWorker),
  sendEmail: (params) => import('./emailjs').then((module) => module.sendWithEmailJs(params), askWorker),
  fileInfo: (file, uploaded) => import('../media/fileInfo').then((module) => module.prepareFileInfo(file, uploaded)),
  removeMetadata: (file) =>
    import('../media/stripMetadata').then((module) => module.withoutMetadata(file), chunkNotLoaded).catch(askWorkerIfUnavailable),
  work: (id, completionMs, difficulty) => import('../work/pending').then((module) => module.workFor(id, completionMs, difficulty)),
  newId,
  nowMs: () => Date.now(),
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  random: () => Math.random(),
  userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent,
  log: console,
};
