// The image worker's shrink (shrinkFile.ts) with the real routine (pkg-image/, from its bytes)
// and a scripted browser: jsdom has no createImageBitmap or OffscreenCanvas, so this checks the
// order and the choices (header first, the options asked, the fallbacks); what a real engine's
// pixels give is checked in Chromium by tests/e2e/image-decode.spec.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync, crc32 } from 'node:zlib';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initSync, readHeader, shrinkImage, shrinkPixels } from '../../../pkg-image/stepzero_image.js';
import { shrinkFile } from './shrinkFile';

const root = process.env.STEPZERO_ROOT!;
const routine = { readHeader, shrinkImage, shrinkPixels };
const JPEG = readFileSync(join(root, 'tests/e2e/fixtures/photo-gps.jpg'));
// 2x1 WebP (red, blue) with EXIF orientation 6, as in browserDecode.ts.
const TURNED_WEBP = Buffer.from(
  'UklGRlIAAABXRUJQVlA4WAoAAAAIAAAAAQAAAAAAVlA4TBEAAAAvAQAAAA8Q87//8x8OMqL/AQBFWElGGgAAAElJKgAIAAAAAQASAQMAAQAAAAYAAAAAAAAA',
  'base64',
);

function chunk(kind: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(kind, 'latin1'), data]);
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
}

/** An RGB PNG of a gradient, with `extra` chunks before its image data. */
function png(width: number, height: number, extra: Buffer[] = [], pixels = true): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc(pixels ? (width * 3 + 1) * height : 0);
  // Each row: filter byte 0, then samples.
  for (let i = 0; i < raw.length; i += 1) if (i % (width * 3 + 1)) raw[i] = i % 251;
  return Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
    chunk('IHDR', ihdr),
    ...extra,
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
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
    const bomb = png(20_000, 20_000, [], false);
    await expect(shrinkFile(blob(bomb, 'image/png'), {}, routine)).rejects.toMatchObject({ code: 'too-large' });
    expect(calls).toEqual([]);
  });

  it('asks for the stored picture at the size the 800 px rule gives, and shrinks those pixels', async () => {
    const calls = scriptBrowser();
    const out = await shrinkFile(blob(png(1600, 1000), 'image/png'), {}, routine);
    expect(calls).toEqual([
      {
        type: 'image/png',
        options: { imageOrientation: 'none', colorSpaceConversion: 'default', resizeWidth: 800, resizeHeight: 500, resizeQuality: 'high' },
      },
    ]);
    expect(out).toMatchObject({ decodedBy: 'browser', width: 800, height: 500, quality: 0.8, fits: true, format: 'png' });
    expect([...out.bytes.subarray(0, 2)]).toEqual([0xff, 0xd8]);
  });

  it('keeps the stored colour values when the file asks for colours other than sRGB', async () => {
    const calls = scriptBrowser();
    const gamma = Buffer.alloc(4);
    gamma.writeUInt32BE(45455);
    await shrinkFile(blob(png(1600, 1000, [chunk('gAMA', gamma)]), 'image/png'), {}, routine);
    expect(calls[0].options.colorSpaceConversion).toBe('none');
  });

  it('lets the routine resize when the engine ignores the size asked', async () => {
    scriptBrowser({ ignoresSize: true });
    const out = await shrinkFile(blob(png(1600, 1000), 'image/png'), {}, routine);
    expect(out).toMatchObject({ decodedBy: 'browser', width: 800, height: 500 });
  });

  it("falls back to the routine's own decoder when the browser fails or answers another size", async () => {
    const file = png(1600, 1000);
    const expected = shrinkImage(new Uint8Array(file), {});
    for (const script of [{ fails: true }, { size: [799, 500] as [number, number] }]) {
      scriptBrowser(script);
      const out = await shrinkFile(blob(file, 'image/png'), {}, routine);
      expect(out.decodedBy).toBe('wasm');
      expect(out.bytes).toEqual(expected.bytes);
    }
    vi.unstubAllGlobals();
    const out = await shrinkFile(blob(file, 'image/png'), {}, routine);
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

  it('leaves a JPEG to the routine (decoded at a reduced DCT scale)', async () => {
    const calls = scriptBrowser();
    const out = await shrinkFile(blob(JPEG, 'image/jpeg'), {}, routine);
    expect(calls).toEqual([]);
    expect(out).toMatchObject({ decodedBy: 'wasm', width: 500, height: 800 });
  });
});
