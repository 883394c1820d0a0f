// The outbox's ports in the service worker: the same store (the page's IndexedDB), the same
// supabase-js calls and engine, the same proof of work — on this thread, as the worker has no
// Workers — and the email through EmailJS's REST call (emailRest.ts). Two differences from the
// page, both on the photo: its metadata is taken out by the image routine on this thread, and
// the email carries the file's details without the shrunk photo (shrinking is the page's work).
import initImage, { stripMetadata } from '../../../pkg-image/stepzero_image.js';
import { sendEmailRest } from '../outbox/emailRest';
import { RoutineUnavailable, type OutboxPorts } from '../outbox/ports';
import { hasIndexedDb, indexedDbOutbox, resilientStore } from '../outbox/store';
import { supabaseBackend } from '../outbox/supabase';
import { workFor } from '../work/pending';
import { hasSimd } from '../work/simd';
import { WASM, cachedBytes } from './assets';

let image: Promise<unknown> | null = null;

async function withoutMetadata(file: File): Promise<Blob> {
  // The routine is built with SIMD only: without it no load can ever work, so the photo is refused for good.
  if (!hasSimd()) throw new Error("this browser's WebAssembly has no SIMD, which the image routine needs");
  // A load that failed is forgotten, so the next photo loads it again: kept, its rejection would
  // fail every photo this worker handles while it lives.
  image ??= cachedBytes(WASM.image)
    .then((bytes) => initImage({ module_or_path: bytes }))
    .catch((error: unknown) => {
      image = null;
      throw new RoutineUnavailable(`the image routine could not be loaded: ${String(error)}`, { cause: error });
    });
  await image;
  const { bytes, removed } = stripMetadata(new Uint8Array(await file.arrayBuffer()));
  return removed.length === 0 ? file : new Blob([bytes as BlobPart], { type: file.type });
}

export const workerPorts: OutboxPorts = {
  store: resilientStore(hasIndexedDb() ? indexedDbOutbox : null, console, { unreadFails: true }),
  backend: supabaseBackend,
  sendEmail: (params) => sendEmailRest(params),
  fileInfo: async (file, uploaded) => ({ name: file.name, type: file.type, size: file.size, uploaded }),
  removeMetadata: withoutMetadata,
  work: (id, completionMs, difficulty) => workFor(id, completionMs, difficulty),
  newId: () => crypto.randomUUID(),
  nowMs: () => Date.now(),
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  random: () => Math.random(),
  userAgent: navigator.userAgent,
  log: console,
};
