// The messages between the page and the image worker (media/image.worker.ts).
import type { ShrinkOptions } from '../../../pkg-image/stepzero_image.js';

export type MediaRequest = { kind: 'shrink'; file: Blob; options: ShrinkOptions } | { kind: 'strip'; file: Blob };

export type MediaReply =
  | {
      ok: true;
      kind: 'shrink';
      bytes: Uint8Array;
      quality: number;
      fits: boolean;
      width: number;
      height: number;
      tried: { quality: number; bytes: number }[];
      /** Who decoded the pixels: the browser (createImageBitmap) or the routine's wasm. */
      decodedBy: 'browser' | 'wasm';
    }
  | { ok: true; kind: 'strip'; bytes: Uint8Array; removed: string[] }
  | { ok: false; code: string; reason: string };

/** The reply's code when the routine's code (the worker's script or its wasm) could not be loaded
 *  (no network, a deploy that removed it): worth trying again later, unlike a file the routine
 *  failed on (`crashed`, `timeout`), which would fail the same way. */
export const UNAVAILABLE = 'unavailable';
