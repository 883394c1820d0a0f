// The worker's cache of this build's wasm (assets.ts): the image routine is cached as soon as a
// response with a photo still to upload waits, so a deploy that removes it from the site does
// not cost the photo. Cache Storage is faked here (jsdom has none); the worker itself is run by
// tests/e2e/worker.spec.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxEntry, StoredFile } from '../outbox/store';
import { CACHE_NAME, WASM, awaitsPhotoUpload, precacheImageFor } from './assets';

const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1];
const MP4 = [0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x6d, 0x70, 0x34, 0x32, 0, 0, 0, 0];

function file(bytes: number[], name: string, type: string): StoredFile {
  return { bytes: new Uint8Array([...bytes, 1, 2, 3]).buffer, name, type, lastModified: 0 };
}

function entry(stored: StoredFile | null, upload: OutboxEntry['upload'] = 'todo'): OutboxEntry {
  return { id: 'e', file: stored, upload } as OutboxEntry;
}

const cached = new Map<string, Map<string, Response>>();
const fetched: string[] = [];

beforeEach(() => {
  vi.stubGlobal('caches', {
    open: async (name: string) => {
      const cache = cached.get(name) ?? new Map<string, Response>();
      cached.set(name, cache);
      return {
        match: async (url: string) => cache.get(url)?.clone(),
        put: async (url: string, response: Response) => void cache.set(url, response),
      };
    },
  });
  vi.stubGlobal('fetch', async (url: string) => (fetched.push(url), new Response(new Uint8Array([0, 0x61, 0x73, 0x6d]))));
});

afterEach(() => {
  vi.unstubAllGlobals();
  cached.clear();
  fetched.length = 0;
});

describe('the image routine in the worker cache', () => {
  it('a photo still to upload needs it; a video, a photo already stored or given up, or no file does not', () => {
    expect(awaitsPhotoUpload(entry(file(JPEG, 'cups.jpg', 'image/jpeg')))).toBe(true);
    expect(awaitsPhotoUpload(entry(file(JPEG, 'cups', '')))).toBe(true); // known by its bytes
    expect(awaitsPhotoUpload(entry(file(MP4, 'clip.mp4', 'video/mp4')))).toBe(false);
    expect(awaitsPhotoUpload(entry(file(JPEG, 'cups.jpg', 'image/jpeg'), 'done'))).toBe(false);
    expect(awaitsPhotoUpload(entry(file(JPEG, 'cups.jpg', 'image/jpeg'), 'gaveUp'))).toBe(false);
    expect(awaitsPhotoUpload(entry(null))).toBe(false);
  });

  it('is cached, under this build, when a photo waits to be uploaded; not otherwise', async () => {
    expect(await precacheImageFor([entry(file(MP4, 'clip.mp4', 'video/mp4')), entry(null)])).toBe(false);
    expect(fetched).toEqual([]);
    expect(await precacheImageFor([entry(null), entry(file(JPEG, 'cups.jpg', 'image/jpeg'))])).toBe(true);
    expect(fetched).toEqual([WASM.image]);
    expect(cached.get(CACHE_NAME)?.has(WASM.image)).toBe(true);
    await precacheImageFor([entry(file(JPEG, 'cups.jpg', 'image/jpeg'))]);
    expect(fetched).toHaveLength(1); // once
  });
});
