// Builds the file part of the email backup (spec points 5 and 7). The engine's emailParams
// decides what the email carries (only a compressed image within 40,960 bytes); this module
// asks the image worker (Rust, pkg-image/) to shrink an image and hands over metadata plus,
// when the result fits, the JPEG as base64. Anything else travels as metadata only.
import type { FileInfo } from '../core';
import { runInWorker } from './worker';

export async function prepareFileInfo(file: File, uploaded: boolean): Promise<FileInfo> {
  const info: FileInfo = { name: file.name, type: file.type, size: file.size, uploaded };
  if (!file.type.toLowerCase().startsWith('image/')) return info;
  // The engine's defaults are the spec's ladder: 800 px, JPEG 0.8 down to 0.1, 40,960 bytes.
  const reply = await runInWorker({ kind: 'shrink', file, options: {} });
  if (!reply.ok) {
    console.warn(`The image could not be shrunk for the email backup (${reply.code}); sending its details only.`);
    return info;
  }
  if (reply.kind !== 'shrink' || !reply.fits) return info;
  return { ...info, base64: toBase64(reply.bytes), compressedSize: reply.bytes.length };
}

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(binary);
}
