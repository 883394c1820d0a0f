// The image worker's shrink (shrinkFile.ts) with the real routine (pkg-image/, from its bytes)
// and a scripted browser: jsdom has no createImageBitmap or OffscreenCanvas, so this checks the
// order and the choices (header first, the options asked, the fallbacks); what a real engine's
// pixels give is checked in Chromium by tests/e2e/image-decode.spec.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initSync, readHeader, shrinkImage, shrinkPixels } from '../../../pkg-image/stepzero_image.js';
import { shrinkFile } from './shrinkFile';

const root = process.env.STEPZERO_ROOT!;
const routine = { readHeader, shrinkImage, shrinkPixels };
const fixture = (name: string) => readFileSync(join(root, 'web/src/test/fixtures', name));
const JPEG = readFileSync(join(root, 'tests/e2e/fixtures/photo-gps.jpg'));
// cwebp -q 60 of a 1600x1000 gradient; the same with webpmux's ICC profile named Display P3.
const WEBP = fixture('gradient-1600x1000.webp');
const WEBP_P3 = fixture('gradient-1600x1000-display-p3-profile.webp');
// 2x1 WebP (red, blue) with EXIF orientation 6, as in browserDecode.ts.
const TURNED_WEBP = Buffer.from(
  'UklGRlIAAABXRUJQVlA4WAoAAAAIAAAAAQAAAAAAVlA4TBEAAAAvAQAAAA8Q87//8x8OMqL/AQBFWElGGgAAAElJKgAIAAAAAQASAQMAAQAAAAYAAAAAAAAA',
  'base64',
);

/** The WebP with its VP8 frame header claiming 16383 x 16383 (268 MP). */
function bomb(): Buffer {
  const out = Buffer.from(WEBP);
  expect(out.subarray(12, 16).toString('latin1')).toBe('VP8 ');
  out.writeUInt16LE(0x3fff, 26);
  out.writeUInt16LE(0x3fff, 28);
  return out;
}

const blob = (bytes: Buffer, type: string) => new Blob([new Uint8Array(bytes)], { type });

/**
 * A scripted engine: createImageBitmap answers the size asked (or the whole picture when
 * `ignoresSize`), the 2x1 orientation probe comes back turned when `turns`; the canvas reads
 * back opaque grey.
 */
function scriptBrowser({ ignoresSize = false, turns = false, fails = false, size = null as null | [number, number] } = {}) {
  const calls: { type: string; options: ImageBitmapOptions }[] = [];
  const createImageBitmap = vi.fn(async (source: Blob, options: ImageBitmapOptions = {}) => {
    calls.push({ type: source.type, options });
    if (fails) throw new DOMException('The source image could not be decoded.', 'InvalidStateError');
    const header = readHeader(new Uint8Array(await source.arrayBuffer()), {})!;
    let [width, height] = [header.width, header.height];
    if (source.size < 200 && turns) [width, height] = [height, width];
    if (options.resizeWidth && !ignoresSize) [width, height] = [options.resizeWidth, options.resizeHeight!];
    if (size) [width, height] = size;
    return { width, height, close: () => undefined };
  });
  class OffscreenCanvas {
    constructor(
      public width: number,
      public height: number,
    ) {}
    getContext() {
      const { width, height } = this;
      return { drawImage: () => undefined, getImageData: () => ({ data: new Uint8ClampedArray(width * height * 4).fill(128) }) };
    }
  }
  vi.stubGlobal('createImageBitmap', createImageBitmap);
  vi.stubGlobal('OffscreenCanvas', OffscreenCanvas);
  return calls;
}

describe.skipIf(typeof WebAssembly === 'undefined')('shrinkFile: the browser decodes, the routine rules', () => {
  beforeAll(() => {
    initSync({ module: readFileSync(join(root, 'pkg-image/stepzero_image_bg.wasm')) });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reads the header and refuses a bomb before the browser decodes anything', async () => {
    const calls = scriptBrowser();
    await expect(shrinkFile(blob(bomb(), 'image/webp'), {}, routine)).rejects.toMatchObject({ code: 'too-large' });
    expect(calls).toEqual([]);
  });

  it('asks for the stored picture at the size the 800 px rule gives, and shrinks those pixels', async () => {
    const calls = scriptBrowser();
    const out = await shrinkFile(blob(WEBP, 'image/webp'), {}, routine);
    expect(calls).toEqual([
      {
        type: 'image/webp',
        options: { imageOrientation: 'none', colorSpaceConversion: 'default', resizeWidth: 800, resizeHeight: 500, resizeQuality: 'high' },
      },
    ]);
    expect(out).toMatchObject({ decodedBy: 'browser', width: 800, height: 500, quality: 0.8, fits: true, format: 'webp' });
    expect([...out.bytes.subarray(0, 2)]).toEqual([0xff, 0xd8]);
  });

  it('keeps the stored colour values when the file carries a profile other than sRGB', async () => {
    const calls = scriptBrowser();
    await shrinkFile(blob(WEBP_P3, 'image/webp'), {}, routine);
    expect(calls[0].options.colorSpaceConversion).toBe('none');
  });

  it('lets the routine resize when the engine ignores the size asked', async () => {
    scriptBrowser({ ignoresSize: true });
    const out = await shrinkFile(blob(WEBP, 'image/webp'), {}, routine);
    expect(out).toMatchObject({ decodedBy: 'browser', width: 800, height: 500 });
  });

  it("falls back to the routine's own decoder when the browser fails or answers another size", async () => {
    const file = WEBP;
    const expected = shrinkImage(new Uint8Array(file), {});
    for (const script of [{ fails: true }, { size: [799, 500] as [number, number] }]) {
      scriptBrowser(script);
      const out = await shrinkFile(blob(file, 'image/webp'), {}, routine);
      expect(out.decodedBy).toBe('wasm');
      expect(out.bytes).toEqual(expected.bytes);
    }
    vi.unstubAllGlobals();
    const out = await shrinkFile(blob(file, 'image/webp'), {}, routine);
    expect(out.decodedBy).toBe('wasm');
  });

  it('turns the picture by its EXIF orientation itself, and only takes stored pixels from an engine that keeps them', async () => {
    const keeps = scriptBrowser();
    const kept = await shrinkFile(blob(TURNED_WEBP, 'image/webp'), {}, routine);
    expect(kept).toMatchObject({ decodedBy: 'browser', width: 1, height: 2, sourceWidth: 1, sourceHeight: 2 });
    expect(keeps.map((c) => c.options.imageOrientation)).toEqual(['none', 'none']);
    scriptBrowser({ turns: true });
    const turned = await shrinkFile(blob(TURNED_WEBP, 'image/webp'), {}, routine);
    expect(turned).toMatchObject({ decodedBy: 'wasm', width: 1, height: 2 });
  });

  it('leaves a JPEG (decoded at a reduced DCT scale) and a PNG (decoded row by row) to the routine', async () => {
    const calls = scriptBrowser();
    const out = await shrinkFile(blob(JPEG, 'image/jpeg'), {}, routine);
    expect(out).toMatchObject({ decodedBy: 'wasm', width: 500, height: 800 });
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAGmVYSWZJSSoACAAAAAEAEgEDAAEAAAAGAAAAAAAAALdIESkAAAANSURBVHicY/jPAAT/AQcAAf/iI55ZAAAAAElFTkSuQmCC',
      'base64',
    );
    expect(await shrinkFile(blob(png, 'image/png'), {}, routine)).toMatchObject({ decodedBy: 'wasm', width: 1, height: 2 });
    expect(calls).toEqual([]);
  });
});
