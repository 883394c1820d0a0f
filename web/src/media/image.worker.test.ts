// The image worker's reply when its wasm could not be loaded (no network, a deploy that removed
// it): the code `unavailable`, which the page reads as "try again later" (outbox/browserPorts.ts),
// not `crashed`, which a file the routine fails on gets. Run here on this thread, its wasm fetch refused.
import { afterEach, expect, it, vi } from 'vitest';
import type { MediaReply } from './protocol';

afterEach(() => vi.unstubAllGlobals());

it('a wasm that could not be loaded answers unavailable, not crashed', async () => {
  vi.stubGlobal('fetch', async () => {
    throw new TypeError('Failed to fetch');
  });
  const replies: MediaReply[] = [];
  vi.spyOn(self, 'postMessage').mockImplementation((reply: unknown) => void replies.push(reply as MediaReply));
  await import('./image.worker');
  const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], 'photo.jpg', { type: 'image/jpeg' });
  await (self.onmessage as (event: MessageEvent) => Promise<void>)(new MessageEvent('message', { data: { kind: 'strip', file } }));
  expect(replies).toEqual([{ ok: false, code: 'unavailable', reason: expect.stringContaining('Failed to fetch') }]);
});
