// Runs one request in a fresh image worker and ends it: a file that crashes the decoder can
// only take its own worker down, never the page. Resolves (never rejects) with a reply; a
// worker that errors, or answers nothing within `timeoutMs`, gives an `ok: false` reply. A
// worker whose script could not be loaded (no network, a deploy that removed it) answers
// UNAVAILABLE, as the worker itself does when its wasm could not be loaded: the page may try
// again later, where a file that crashed the routine would crash it again.
import { UNAVAILABLE, type MediaReply, type MediaRequest } from './protocol';

export function canUseWorker(): boolean {
  return typeof Worker !== 'undefined' && typeof WebAssembly !== 'undefined';
}

export function runInWorker(request: MediaRequest, timeoutMs = 30_000): Promise<MediaReply> {
  if (!canUseWorker()) return Promise.resolve({ ok: false, code: 'no-worker', reason: 'Web Workers are unavailable' });
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./image.worker.ts', import.meta.url), { type: 'module' });
    const done = (reply: MediaReply) => {
      clearTimeout(timer);
      worker.terminate();
      resolve(reply);
    };
    const timer = setTimeout(() => done({ ok: false, code: 'timeout', reason: `no answer in ${timeoutMs} ms` }), timeoutMs);
    worker.onmessage = (event: MessageEvent<MediaReply>) => done(event.data);
    worker.onerror = (event: Event) => {
      event.preventDefault();
      // An error thrown in the worker comes as an ErrorEvent; a script that could not be fetched
      // as a plain Event (HTML's "run a worker": the fetch failed, fire an event named error).
      if (event instanceof ErrorEvent) done({ ok: false, code: 'crashed', reason: event.message || 'the image worker failed' });
      else done({ ok: false, code: UNAVAILABLE, reason: 'the image worker could not be loaded' });
    };
    worker.postMessage(request);
  });
}
