// The page's image routine as the outbox sees it (browserPorts.removeMetadata): when only its
// code could not be loaded now (the worker's script or its wasm), the failure is a passing one
// (RoutineUnavailable), as in the service worker, so a file whose row is already stored waits
// for a later attempt; a photo the routine itself failed on is still refused for good.
// The Worker here is a stand-in that answers as the browser does (tests/e2e/leave.spec.ts has
// the real one, its wasm refused by the network, then the photo arriving).
import { afterEach, expect, it, vi } from 'vitest';
import { MetadataNotRemoved } from '../media/stripMetadata';
import { browserPorts } from './browserPorts';
import { RoutineUnavailable } from './ports';

const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], 'photo.jpg', { type: 'image/jpeg' });

/** A Worker that, once asked, does `answer` to itself (fires its error, or posts a reply). */
function workerThat(answer: (worker: FakeWorker) => void) {
  return class extends FakeWorker {
    postMessage() {
      queueMicrotask(() => answer(this));
    }
  };
}
class FakeWorker {
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  terminate() {}
}

afterEach(() => vi.unstubAllGlobals());

it('a worker whose script could not be fetched (a plain error Event): passing, the file waits', async () => {
  vi.stubGlobal(
    'Worker',
    workerThat((worker) => worker.onerror?.(new Event('error'))),
  );
  await expect(browserPorts.removeMetadata(photo())).rejects.toThrow(RoutineUnavailable);
});

it("the worker's wasm could not be loaded (its reply says unavailable): passing, the file waits", async () => {
  const reply = { ok: false, code: 'unavailable', reason: 'the image routine could not be loaded: TypeError: Failed to fetch' };
  vi.stubGlobal(
    'Worker',
    workerThat((worker) => worker.onmessage?.(new MessageEvent('message', { data: reply }))),
  );
  await expect(browserPorts.removeMetadata(photo())).rejects.toThrow(RoutineUnavailable);
});

it('an error thrown in the worker (an ErrorEvent), or a photo the routine failed on: refused for good', async () => {
  vi.stubGlobal(
    'Worker',
    workerThat((worker) => worker.onerror?.(new ErrorEvent('error', { message: 'RuntimeError: unreachable' }))),
  );
  const thrown = await browserPorts.removeMetadata(photo()).catch((error: unknown) => error);
  expect(thrown).toBeInstanceOf(MetadataNotRemoved);
  expect(thrown).not.toBeInstanceOf(RoutineUnavailable);

  const reply = { ok: false, code: 'crashed', reason: 'a structure that cannot be walked' };
  vi.stubGlobal(
    'Worker',
    workerThat((worker) => worker.onmessage?.(new MessageEvent('message', { data: reply }))),
  );
  const refused = await browserPorts.removeMetadata(photo()).catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(MetadataNotRemoved);
  expect(refused).not.toBeInstanceOf(RoutineUnavailable);
});
