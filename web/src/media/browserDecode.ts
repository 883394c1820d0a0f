// The browser's own decoder for the image routine (issue 24): a WebP is decoded by
// createImageBitmap, which is native and SIMD (the wasm's image-webp is scalar: 2.7x the
// canvas loop's time on a 4 MP WebP), straight at the size the routine's 800 px rule gave
// (readHeader), and read back as RGBA from an OffscreenCanvas. The routine says which files
// come here (readHeader answers only for WebP: its own JPEG and PNG decoders were faster). The Rust routine still owns
// every rule: it read the header and checked the limits before this is called, and it lays
// alpha on white, turns the picture upright and walks the quality ladder (shrinkPixels).
// Whatever this cannot do exactly as the routine would, it declines (null) and the wasm's own
// decoders run: an engine without createImageBitmap or OffscreenCanvas, an engine that turns
// the picture itself when asked not to, a size other than asked.
import type { ImageHeader } from '../../../pkg-image/stepzero_image.js';

export interface Pixels {
  data: Uint8Array;
  width: number;
  height: number;
}

export function canDecodeInBrowser(): boolean {
  return typeof createImageBitmap === 'function' && typeof OffscreenCanvas === 'function';
}

/**
 * The options for the file `header` describes. imageOrientation 'none': the routine turns
 * the picture by its own reading of the EXIF orientation, so it wants the stored pixels.
 * colorSpaceConversion 'none' only when the file asks for colours other than sRGB: the
 * routine's decoders hand over the stored values, and so must the browser; for everything
 * else the two settings give the same pixels, and 'default' is the engines' usual path (40 %
 * faster on a 14.7 MP PNG in Chromium 156). premultiplyAlpha stays 'default': the routine lays alpha on white, and a
 * premultiplied value on white is within half a level of the straight one.
 */
export function bitmapOptions(header: ImageHeader): ImageBitmapOptions {
  return {
    imageOrientation: 'none',
    colorSpaceConversion: header.foreignColours ? 'none' : 'default',
    resizeWidth: header.targetWidth,
    resizeHeight: header.targetHeight,
    resizeQuality: 'high',
  };
}

/** The stored picture as RGBA (at the target size, or in full where the engine ignores the size asked), or null. */
export async function decodeInBrowser(file: Blob, header: ImageHeader): Promise<Pixels | null> {
  if (!canDecodeInBrowser()) return null;
  if (header.orientation !== 1 && !(await keepsStoredOrientation(header.format))) return null;
  const bitmap = await createImageBitmap(file, bitmapOptions(header));
  try {
    const { width, height } = bitmap;
    const asked = width === header.targetWidth && height === header.targetHeight;
    const whole = width === header.width && height === header.height;
    if (!asked && !whole) return null;
    const context = new OffscreenCanvas(width, height).getContext('2d', { willReadFrequently: true });
    if (!context) return null;
    context.drawImage(bitmap, 0, 0);
    const { data } = context.getImageData(0, 0, width, height);
    return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width, height };
  } finally {
    bitmap.close();
  }
}

// 2x1 pictures (red, blue) carrying EXIF orientation 6, per format: an engine that keeps one
// 2x1 under imageOrientation 'none' hands over stored pixels for that format. Chromium 156,
// WebKitGTK 2.50 and Firefox 153 all keep a WebP so (Chromium and Firefox turn a PNG by its
// eXIf chunk even then: tests/engines/image-decode.mjs); an engine that turns one goes to the
// wasm's decoder.
const TURNED_BY_SIX: Record<string, string> = {
  webp: 'UklGRlIAAABXRUJQVlA4WAoAAAAIAAAAAQAAAAAAVlA4TBEAAAAvAQAAAA8Q87//8x8OMqL/AQBFWElGGgAAAElJKgAIAAAAAQASAQMAAQAAAAYAAAAAAAAA',
};

export async function keepsStoredOrientation(format: string): Promise<boolean> {
  const probe = TURNED_BY_SIX[format];
  if (!probe) return false;
  const bytes = Uint8Array.from(atob(probe), (c) => c.charCodeAt(0));
  try {
    const bitmap = await createImageBitmap(new Blob([bytes], { type: `image/${format}` }), { imageOrientation: 'none' });
    const stored = bitmap.width === 2 && bitmap.height === 1;
    bitmap.close();
    return stored;
  } catch {
    return false;
  }
}
