// Builds the file part of the email backup (spec points 5 and 7). The engine decides what the
// email carries (only a compressed image within the limit); this module does the canvas work
// in a Web Worker and hands over metadata plus, for images, the shrunk JPEG as base64.
import { constants, type FileInfo } from '../core';
import type { ShrinkReply, ShrinkRequest } from './shrinkImage.worker';

// Spec point 9, "Email backup": image at most 800 px on the long side, JPEG quality 0.8 down
// to 0.1 in steps of 0.1. The byte target comes from the engine (emailAttachmentMaxBytes).
const SHRINK = { maxSide: 800, startTenths: 8, minTenths: 1 } as const;

export async function prepareFileInfo(file: File, uploaded: boolean): Promise<FileInfo> {
  const info: FileInfo = { name: file.name, type: file.type, size: file.size, uploaded };
  if (!file.type.startsWith('image/')) return info;
  const shrunk = await shrinkInWorker(file, constants().emailAttachmentMaxBytes);
  if (!shrunk) return info;
  return { ...info, base64: await toBase64(shrunk), compressedSize: shrunk.size };
}

function shrinkInWorker(file: File, targetBytes: number): Promise<Blob | null> {
  if (typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined') return Promise.resolve(null);
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./shrinkImage.worker.ts', import.meta.url), { type: 'module' });
    const done = (blob: Blob | null) => {
      worker.terminate();
      resolve(blob);
    };
    worker.onmessage = (event: MessageEvent<ShrinkReply>) => done(event.data.ok ? event.data.blob : null);
    worker.onerror = () => done(null);
    const request: ShrinkRequest = { file, targetBytes, ...SHRINK };
    worker.postMessage(request);
  });
}

async function toBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(binary);
}
