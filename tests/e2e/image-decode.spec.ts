// The image worker's shrink (the image wasm's shrinkFile, core/src/image/wasm.rs) in real
// Chromium, on the page's main thread (createImageBitmap reached through Window): a WebP is
// decoded by the browser through web-sys and shrunk by the Rust routine, and the result must be
// what the routine gives from its own decoders (same size, same turn, alpha on white, colours
// within the noise a canvas read may add). The routine runs in a page of its own (no site
// needed), from pkg-image/.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';

const ORIGIN = 'http://image-decode.test';

test.beforeEach(async ({ page }) => {
  await page.route(`${ORIGIN}/**`, (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === '/') return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>image decode</title>' });
    if (!path.startsWith('/pkg-image/')) return route.fulfill({ status: 404 });
    const file = path.slice(1);
    return route.fulfill({ contentType: file.endsWith('.wasm') ? 'application/wasm' : 'text/javascript', body: readFileSync(file) });
  });
  await page.goto(`${ORIGIN}/`);
  await page.evaluate(async () => {
    // Module URLs of this page, not of the repository: kept out of TypeScript's resolution.
    const load = (url: string) => import(/* @vite-ignore */ url);
    const wasm = await load('/pkg-image/stepzero_image.js');
    await wasm.default();
    /** The RGBA pixels of a JPEG, as the browser shows it. */
    const pixelsOf = async (bytes: Uint8Array) => {
      const bitmap = await createImageBitmap(new Blob([bytes as BlobPart], { type: 'image/jpeg' }));
      const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      return context.getImageData(0, 0, bitmap.width, bitmap.height).data;
    };
    /** Both paths on one file: sizes, who decoded, and the mean and worst channel difference. */
    (window as unknown as { compare: unknown }).compare = async (file: Blob) => {
      const browser = await wasm.shrinkFile(file, {});
      const wasmOnly = wasm.shrinkImage(new Uint8Array(await file.arrayBuffer()), {});
      const [a, b] = [await pixelsOf(browser.bytes), await pixelsOf(wasmOnly.bytes)];
      let sum = 0;
      for (let i = 0; i < a.length; i += 1) sum += Math.abs(a[i] - b[i]);
      const mean = a.length === b.length ? sum / a.length : Infinity;
      const first = [...a.subarray(0, 3)];
      const last = [...a.subarray(a.length - 4, a.length - 1)];
      return {
        decodedBy: browser.decodedBy,
        size: [browser.width, browser.height],
        wasmSize: [wasmOnly.width, wasmOnly.height],
        mean,
        first,
        last,
      };
    };
    /** A picture drawn by the browser and encoded as `type`: a photo-like gradient with a half-transparent band. */
    (window as unknown as { drawn: unknown }).drawn = async (type: string, width: number, height: number) => {
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext('2d')!;
      const gradient = context.createLinearGradient(0, 0, width, height);
      gradient.addColorStop(0, '#d01010');
      gradient.addColorStop(0.5, '#10a040');
      gradient.addColorStop(1, '#2030c0');
      context.fillStyle = gradient;
      context.fillRect(0, 0, width, height);
      context.clearRect(0, 0, width, height / 8);
      context.fillStyle = 'rgba(0, 0, 80, 0.5)';
      context.fillRect(0, 0, width, height / 8);
      return canvas.convertToBlob({ type, quality: 0.9 });
    };
  });
});

type Compared = { decodedBy: string; size: number[]; wasmSize: number[]; mean: number; first: number[]; last: number[] };

// The routine hands only WebP to the browser (decode::browser_decodes): a PNG stays with its own decoder.
for (const [type, decodedBy] of [
  ['image/webp', 'browser'],
  ['image/png', 'wasm'],
]) {
  test(`${type}: decoded by the ${decodedBy}, shrunk by the routine, as the routine's own decode gives it`, async ({ page }) => {
    const result = await page.evaluate(async (type) => {
      const w = window as unknown as { drawn: (t: string, w: number, h: number) => Promise<Blob>; compare: (b: Blob) => Promise<Compared> };
      return w.compare(await w.drawn(type, 2400, 1600));
    }, type);
    expect(result.decodedBy).toBe(decodedBy);
    expect(result.size).toEqual([800, 533]);
    expect(result.size).toEqual(result.wasmSize);
    // Different resamplers and a canvas read's noise, nothing more: a wrong turn, alpha laid on
    // black or another colour conversion would differ by tens of levels.
    expect(result.mean).toBeLessThan(3);
  });
}

test('a WebP turned by EXIF orientation 6: stored pixels from the browser, turned by the routine', async ({ page }) => {
  // 2x1, red then blue, orientation 6 (core/src/image/browser.rs's orientation probe): upright it is 1x2, red on top.
  const webp = 'UklGRlIAAABXRUJQVlA4WAoAAAAIAAAAAQAAAAAAVlA4TBEAAAAvAQAAAA8Q87//8x8OMqL/AQBFWElGGgAAAElJKgAIAAAAAQASAQMAAQAAAAYAAAAAAAAA';
  const result = await page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    return (window as unknown as { compare: (b: Blob) => Promise<Compared> }).compare(new Blob([bytes], { type: 'image/webp' }));
  }, webp);
  expect(result.decodedBy).toBe('browser');
  expect(result.size).toEqual([1, 2]);
  expect(result.wasmSize).toEqual([1, 2]);
  // JPEG's chroma subsampling shares one colour between the two pixels: only their lightness
  // tells red (above, lighter) from blue.
  expect(result.first[0]).toBeGreaterThan(result.last[0] + 20);
  expect(result.mean).toBeLessThan(3);
});
