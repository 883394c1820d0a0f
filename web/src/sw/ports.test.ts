// The worker's image routine (ports.ts): a photo's metadata is taken out on the worker's own
// thread, with the wasm from the worker's cache or the site. A load that failed (the network
// gone, a deploy mid-way) is not kept for the worker's life: the next photo loads it again.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { RoutineUnavailable } from '../outbox/ports';
import { workerPorts } from './ports';

// A JPEG with an APP1 (Exif) segment the routine takes out.
const exif = [0xff, 0xe1, 0, 10, 0x45, 0x78, 0x69, 0x66, 0, 0, 1, 2];
const JPEG = new Uint8Array([0xff, 0xd8, ...exif, 0xff, 0xd9]);
const photo = () => new File([JPEG], 'photo.jpg', { type: 'image/jpeg' });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

it("a failed load of the image routine is tried again for the next photo, not kept for the worker's life", async () => {
  vi.stubGlobal('caches', { open: async () => ({ match: async () => undefined, put: async () => undefined }) });
  const wasm = readFileSync(join(process.env.STEPZERO_ROOT!, 'pkg-image/stepzero_image_bg.wasm'));
  let online = false;
  vi.stubGlobal('fetch', async () => {
    if (!online) throw new TypeError('Failed to fetch');
    return new Response(wasm, { headers: { 'Content-Type': 'application/wasm' } });
  });
  await expect(workerPorts.removeMetadata(photo())).rejects.toThrow(RoutineUnavailable);
  online = true;
  const stripped = new Uint8Array(await (await workerPorts.removeMetadata(photo())).arrayBuffer());
  expect(stripped).toEqual(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]));
});

it('a WebAssembly without SIMD, which the routine is built with: the photo is refused for good, not tried again', async () => {
  vi.spyOn(WebAssembly, 'validate').mockReturnValue(false);
  const thrown = await workerPorts.removeMetadata(photo()).catch((error: unknown) => error);
  expect(thrown).toBeInstanceOf(Error);
  expect(thrown).not.toBeInstanceOf(RoutineUnavailable);
  expect((thrown as Error).message).toContain('SIMD');
});
