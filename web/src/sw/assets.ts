// The wasm the worker's deliveries need, kept in its own cache under this build's name: a
// deploy replaces the site's hashed files, and a response still waiting must not depend on them
// (issue #21, scenario 4). The engine and the proof of work are cached when the worker installs;
// the image routine (the largest wasm, needed only to take a photo's metadata out before its
// upload) as soon as a response with a photo still to upload waits in the outbox: when the
// worker installs with one there, and when a page keeps one (it asks the worker to prepare), so
// a deploy that removes this build's files before the upload does not cost the photo. Each
// build's worker removes the other builds' caches once active.
import engineWasm from '../../../pkg/stepzero_core_bg.wasm?url';
import imageWasm from '../../../pkg-image/stepzero_image_bg.wasm?url';
import simdWorkWasm from '../../../pkg-work/stepzero_work_bg.wasm?url';
import { needsMetadataRemoval } from '../core';
import type { OutboxEntry } from '../outbox/store';
import { solverWasm } from '../work/load';

/** `work`: the solver's build this worker runs, with SIMD where its WebAssembly has it (work/load.ts). */
export const WASM = { engine: engineWasm, work: solverWasm() ?? simdWorkWasm, image: imageWasm };

/** This build's cache: the hashed names change with any of the wasm. */
export const CACHE_NAME = `stepzero-delivery:${[WASM.engine, WASM.work, WASM.image].map((url) => url.replace(/^.*\//, '')).join(',')}`;

export async function precache(): Promise<void> {
  const cache = await caches.open(CACHE_NAME);
  await cache.addAll([WASM.engine, WASM.work]);
}

/** Whether `entry` still has a photo to upload, whose metadata the image routine must take out first (the engine's rule; the engine must be started). */
export function awaitsPhotoUpload(entry: OutboxEntry): boolean {
  const file = entry.file;
  if (!file || entry.upload !== 'todo') return false;
  return needsMetadataRemoval(new Uint8Array(file.bytes.slice(0, 16)), file.type, file.name);
}

/** Caches the image routine when one of `entries` still has a photo to upload; whether it did. */
export async function precacheImageFor(entries: OutboxEntry[]): Promise<boolean> {
  if (!entries.some(awaitsPhotoUpload)) return false;
  await cachedBytes(imageWasm);
  return true;
}

/** Removes what earlier builds' workers cached. */
export async function dropOtherCaches(): Promise<void> {
  for (const name of await caches.keys()) {
    if (name.startsWith('stepzero-delivery:') && name !== CACHE_NAME) await caches.delete(name);
  }
}

/** The bytes of one of this build's files: from the cache, else fetched and cached. */
export async function cachedBytes(url: string): Promise<ArrayBuffer> {
  const cache = await caches.open(CACHE_NAME);
  let response = await cache.match(url);
  if (!response) {
    response = await fetch(url);
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    await cache.put(url, response.clone());
  }
  return response.arrayBuffer();
}
