/// <reference lib="webworker" />
// The service worker that carries the outbox after the page is gone (issue #21). It runs the
// page's own delivery code (web/src/outbox: the engine's rules, the proof of work, the email
// fallback), never a replay of recorded requests, on the same IndexedDB outbox, each entry
// under the same Web Lock as the page, so the two never deliver one response at once.
//   sync (Chromium's Background Sync, tag SYNC_TAG): drains the outbox when the network is
//     back, with no tab open; what is left makes the event fail, so Chromium tries again later,
//     and on its last chance the rest waits for the next visit (the page drains at load).
//   message "drain" (every engine): a page that is going away with responses still held, or
//     whose own delivery code can no longer load (a deploy removed its chunks), asks the
//     worker, whose code and wasm are its own; while the page's own attempt runs, the worker
//     waits for that response's lock.
//   message "prepare": a page kept a response with a file; a photo's image routine is cached.
// After each drain it tells the site's open pages (DRAINED_MESSAGE), which read the outbox again
// and let go of what it delivered: a page that stays open then says the response has arrived.
// No fetch handler: pages and assets always come from the network.
import { startEngine } from '../core';
import { drainOutbox } from '../outbox/drain';
import { outboxHasEntries } from '../outbox/store';
import { DRAIN_MESSAGE, DRAINED_MESSAGE, PREPARE_MESSAGE, SYNC_TAG } from '../outbox/background';
import { loadSolver } from '../work/solve';
import { WASM, cachedBytes, dropOtherCaches, precache, precacheImageFor } from './assets';
import { workerPorts } from './ports';

declare const self: ServiceWorkerGlobalScope;

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    precache()
      .then(prepareForPhotos)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(dropOtherCaches().then(() => self.clients.claim()));
});

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== SYNC_TAG) return;
  sync.waitUntil(
    drain().then((left) => {
      // A rejection asks Chromium to fire this sync again later; on the last chance the rest
      // stays in the outbox for the next visit.
      if (left > 0 && !sync.lastChance) throw new Error(`${left} response(s) still waiting`);
    }),
  );
});

self.addEventListener('message', (event) => {
  if (event.data === DRAIN_MESSAGE) event.waitUntil(drain().then(() => undefined));
  if (event.data === PREPARE_MESSAGE) event.waitUntil(prepareForPhotos());
});

/**
 * The image routine into this build's cache when a response with a photo still to upload waits
 * in the outbox (at install, and when a page keeps one). Never fails: without it the photo's
 * upload fetches the routine from the site when it runs.
 */
async function prepareForPhotos(): Promise<void> {
  try {
    await start(); // the store's waits and which files are photos are the engine's
    // Asked first, so a visitor who has not submitted gets no outbox database from the worker.
    if (!(await outboxHasEntries())) return;
    await precacheImageFor(await workerPorts.store.all());
  } catch (error) {
    console.warn('The image routine could not be cached now; a photo upload fetches it when it needs it.', error);
  }
}

let started: Promise<void> | null = null;

/** The engine and the solver from this build's cached wasm (never from the site's hashed files). */
function start(): Promise<void> {
  started ??= Promise.all([
    cachedBytes(WASM.engine).then((bytes) => startEngine(bytes)),
    cachedBytes(WASM.work).then((bytes) => loadSolver(bytes)),
  ])
    .then(() => undefined)
    .catch((error: unknown) => {
      started = null;
      throw error;
    });
  return started;
}

let running: Promise<number> | null = null;
let queued: Promise<number> | null = null;

/**
 * One drain at a time, and one more after it for every ask that came meanwhile: a sync fired
 * while a drain holds an entry's lock (in its email retries, say) would otherwise skip that
 * entry and end, and nothing would ask again.
 */
function drain(): Promise<number> {
  if (!running) {
    running = drainOnce()
      .then(async (left) => (await tellPages(), left))
      .finally(() => (running = null));
    return running;
  }
  queued ??= running.then(() => {
    queued = null;
    return drain();
  });
  return queued;
}

/** Every entry, due or not (a sync or a page's ask is the moment to try); how many are left. */
async function drainOnce(): Promise<number> {
  try {
    await start();
    // An entry the page is delivering is waited for (its attempt ends, or its tab closes and the
    // browser lets the lock go), then read again: gone if the page delivered it.
    const { left } = await drainOutbox(workerPorts, { force: true, waitForLocks: true });
    return left;
  } catch (error) {
    console.error('The service worker could not deliver the outbox now; it stays for a later try.', error);
    return 1;
  }
}

/** Every open page of the site, controlled or not, hears that a drain ended. */
async function tellPages(): Promise<void> {
  try {
    for (const client of await self.clients.matchAll({ type: 'window', includeUncontrolled: true })) client.postMessage(DRAINED_MESSAGE);
  } catch (error) {
    console.warn('The pages could not be told that the outbox was drained.', error);
  }
}
