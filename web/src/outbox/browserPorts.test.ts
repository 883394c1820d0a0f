// The page's image routine as the outbox sees it (browserPorts.removeMetadata): when only its
// code could not be loaded now (the chunk that starts it, the worker's script or its wasm), the
// failure is a passing one (RoutineUnavailable), as in the service worker, so a file whose row is
// already stored waits for a later attempt, and the service worker is asked; a photo the routine
// itself failed on, or a browser it cannot run in, is still refused for good.
// The Worker here is a stand-in that answers as the browser does (tests/e2e/leave.spec.ts has
// the real one, its wasm refused by the network, then the photo arriving).
import { afterEach, expect, it, vi } from 'vitest';
import { MetadataNotRemoved } from '../media/stripMetadata';
import { requestBackgroundDelivery } from './background';
import { browserPorts } from './browserPorts';
import { RoutineUnavailable } from './ports';

vi.mock('./background', () => ({ requestBackgroundDelivery: vi.fn() }));

const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], 'photo.jpg', { type: 'image/jpeg' });

class FakeWorker {
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  terminate() {}
  postMessage() {}
}

/** A Worker that, once asked, does `answer` to itself (fires its error, or posts a reply). */
function workerThat(answer: (worker: FakeWorker) => void) {
  return class extends FakeWorker {
    postMessage() {
      queueMicrotask(() => answer(this));
    }
  };
}
const replying = (data: unknown) => workerThat((worker) => worker.onmessage?.(new MessageEvent('message', { data })));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.mocked(requestBackgroundDelivery).mockClear();
});

it('a worker whose script could not be fetched (a plain error Event): passing, the file waits', async () => {
  vi.stubGlobal(
    'Worker',
    workerThat((worker) => worker.onerror?.(new Event('error'))),
  );
  await expect(browserPorts.removeMetadata(photo())).rejects.toThrow(RoutineUnavailable);
  expect(requestBackgroundDelivery).toHaveBeenCalledOnce();
});

it("the worker's wasm could not be loaded (its reply says unavailable): passing, the file waits", async () => {
  const reply = { ok: false, code: 'unavailable', reason: 'the image routine could not be loaded: TypeError: Failed to fetch' };
  vi.stubGlobal('Worker', replying(reply));
  const thrown = await browserPorts.removeMetadata(photo()).catch((error: unknown) => error);
  expect(thrown).toBeInstanceOf(RoutineUnavailable);
  expect((thrown as Error).message).toBe(`unavailable: ${reply.reason}`); // said once, not wrapped again
  expect(requestBackgroundDelivery).toHaveBeenCalledOnce();
});

it('an error thrown in the worker (an ErrorEvent), or a photo the routine failed on: refused for good', async () => {
  vi.stubGlobal(
    'Worker',
    workerThat((worker) => worker.onerror?.(new ErrorEvent('error', { message: 'RuntimeError: unreachable' }))),
  );
  const thrown = await browserPorts.removeMetadata(photo()).catch((error: unknown) => error);
  expect(thrown).toBeInstanceOf(MetadataNotRemoved);
  expect(thrown).not.toBeInstanceOf(RoutineUnavailable);

  vi.stubGlobal('Worker', replying({ ok: false, code: 'crashed', reason: 'a structure that cannot be walked' }));
  const refused = await browserPorts.removeMetadata(photo()).catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(MetadataNotRemoved);
  expect(refused).not.toBeInstanceOf(RoutineUnavailable);
  expect(requestBackgroundDelivery).not.toHaveBeenCalled();
});

it('a WebAssembly without SIMD, which the routine is built with: refused for good, no worker started', async () => {
  vi.spyOn(WebAssembly, 'validate').mockReturnValue(false);
  const asked = vi.fn();
  vi.stubGlobal(
    'Worker',
    class extends FakeWorker {
      postMessage = asked;
    },
  );
  const thrown = await browserPorts.removeMetadata(photo()).catch((error: unknown) => error);
  expect(thrown).toBeInstanceOf(MetadataNotRemoved);
  expect(thrown).not.toBeInstanceOf(RoutineUnavailable);
  expect(asked).not.toHaveBeenCalled();
  expect(requestBackgroundDelivery).not.toHaveBeenCalled();
});

// Last: it loads the modules afresh, so the classes the tests above compare with would differ after it.
it('the chunk that starts the routine could not be loaded (a deploy removed it): passing, the file waits', async () => {
  vi.resetModules();
  vi.doMock('../media/stripMetadata', () => {
    throw new TypeError('Failed to fetch dynamically imported module');
  });
  try {
    const fresh = await import('./browserPorts');
    const ports = await import('./ports');
    const background = await import('./background');
    await expect(fresh.browserPorts.removeMetadata(photo())).rejects.toThrow(ports.RoutineUnavailable);
    expect(background.requestBackgroundDelivery).toHaveBeenCalledOnce();
  } finally {
    vi.doUnmock('../media/stripMetadata');
  }
});
