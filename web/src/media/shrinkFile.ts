// The email backup's shrink of one file (spec section 5), as the image worker runs it: the
// Rust routine reads the header first (the limits checked before anything decodes), the
// browser decodes a WebP where it can (browserDecode.ts), and the routine shrinks the pixels;
// otherwise, or if the browser fails, the routine decodes the file itself. Kept apart from
// the worker so the bench (tests/bench/image.mjs) measures this very code.
import type { ImageHeader, ShrinkOptions, ShrinkResult } from '../../../pkg-image/stepzero_image.js';
import { decodeInBrowser, type Pixels } from './browserDecode';

export interface ImageRoutine {
  readHeader(bytes: Uint8Array, options: ShrinkOptions | undefined): ImageHeader | undefined;
  shrinkPixels(rgba: Uint8Array, width: number, height: number, header: ImageHeader, options: ShrinkOptions | undefined): ShrinkResult;
  shrinkImage(bytes: Uint8Array, options: ShrinkOptions | undefined): ShrinkResult;
}

export type Shrunk = ShrinkResult & { decodedBy: 'browser' | 'wasm' };

export async function shrinkFile(file: Blob, options: ShrinkOptions, routine: ImageRoutine): Promise<Shrunk> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  // Throws the routine's coded error (too-large, malformed, not-an-image) before any decode.
  const header = routine.readHeader(bytes, options);
  if (header) {
    const pixels: Pixels | null = await decodeInBrowser(file, header).catch(() => null);
    if (pixels) {
      try {
        return { ...routine.shrinkPixels(pixels.data, pixels.width, pixels.height, header, options), decodedBy: 'browser' };
      } catch {
        // Pixels the routine refuses (an engine's odd answer): its own decoder decides.
      }
    }
  }
  return { ...routine.shrinkImage(bytes, options), decodedBy: 'wasm' };
}
