// The page's side of the service worker (web/src/sw/sw.ts): registered after the page has loaded,
// once the visitor is engaged in the survey (question 2 on, QuestionScreen) or something waits in
// the outbox, so it is installed before Submit even when the network is gone by then (a visitor
// who leaves at the hero or question 1 never gets one); and asked to deliver when the page goes
// away with responses still held, or when the page's own delivery code cannot load: in Chromium
// through Background Sync (it runs when the network is back, tab open or not), in every engine by
// a message. While the page is open and able, the page delivers: the worker never races it for
// the same response. The kill switch: a build with VITE_SERVICE_WORKER=off registers none and
// ships a worker that removes itself (docs/operate.md, "The service worker").
import { config } from '../config';

export const SYNC_TAG = 'stepzero-outbox';
export const DRAIN_MESSAGE = 'stepzero-outbox:drain';
/** A page that just kept a response with a file: cache what its upload will need (sw/assets.ts). */
export const PREPARE_MESSAGE = 'stepzero-outbox:prepare';
/** The worker to its pages, after each drain: what you hold may have been delivered. */
export const DRAINED_MESSAGE = 'stepzero-outbox:drained';
export const WORKER_URL = '/sw.js';

interface SyncRegistration extends ServiceWorkerRegistration {
  sync?: { register(tag: string): Promise<void> };
}

let registering: Promise<ServiceWorkerRegistration | null> | null = null;
/** The active registration once known: pagehide can only make synchronous calls. */
let active: SyncRegistration | null = null;

function canUseWorker(): boolean {
  return config.serviceWorker && typeof navigator !== 'undefined' && 'serviceWorker' in navigator && window.isSecureContext;
}

/** Registers the worker once the page has loaded (its first paint never waits for it). */
export function registerDeliveryWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!canUseWorker()) return Promise.resolve(null);
  registering ??= afterLoad()
    .then(() => navigator.serviceWorker.register(WORKER_URL))
    .then((registration) => {
      void navigator.serviceWorker.ready.then((ready) => (active = ready));
      return registration;
    })
    .catch((error: unknown) => {
      console.warn('The delivery worker could not be registered; the page delivers on its own.', error);
      registering = null;
      return null;
    });
  return registering;
}

/** Asks the worker to deliver what waits: a background sync where there is one, and a message to it now. */
export function requestBackgroundDelivery(): void {
  if (!canUseWorker()) return;
  void registerDeliveryWorker().then(async (registration) => {
    if (!registration) return;
    const ready = (await navigator.serviceWorker.ready) as SyncRegistration;
    await ready.sync?.register(SYNC_TAG).catch((error: unknown) => console.warn('Background Sync could not be registered.', error));
    ready.active?.postMessage(DRAIN_MESSAGE);
  });
}

/**
 * A response with a file was just kept: the worker caches the image routine now if it is a photo
 * (a deploy could remove it from the site before the worker uploads the photo).
 */
export function askWorkerToPrepare(): void {
  if (!canUseWorker()) return;
  void registerDeliveryWorker().then(async (registration) => {
    if (!registration) return;
    (await navigator.serviceWorker.ready).active?.postMessage(PREPARE_MESSAGE);
  });
}

function afterLoad(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

/**
 * As the page goes away with responses still held: a sync, so Chromium runs the worker for them
 * once the page is gone and the network is there, and a message, so the worker starts on them
 * now in every engine (waiting for each response's lock until the page lets go). Both calls
 * leave at once; their answers may never come back.
 */
export function askWorkerOnLeave(): void {
  active?.sync?.register(SYNC_TAG).catch(() => undefined);
  active?.active?.postMessage(DRAIN_MESSAGE);
}

/**
 * Calls `listener` each time the worker says it has finished a drain, so the page can let go of
 * what the worker delivered (its thank-you line then says the response has arrived).
 */
export function onWorkerDrained(listener: () => void): void {
  if (!canUseWorker()) return;
  navigator.serviceWorker.addEventListener('message', (event) => {
    if (event.data === DRAINED_MESSAGE) listener();
  });
  navigator.serviceWorker.startMessages();
}
