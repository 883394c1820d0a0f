// Privacy before upload: a photo's location and other metadata (EXIF, XMP, IPTC, comments, text
// chunks; HEIC/AVIF Exif and XMP items) are taken out in the image worker, its compressed pixels
// untouched and its orientation kept. Fails closed: when the metadata cannot be removed (the
// worker or its wasm cannot load, no answer in time, a structure that cannot be walked, a photo
// format the routine does not read such as TIFF) this rejects, and the photo is not uploaded.
import { hasSimd } from '../work/simd';
import { UNAVAILABLE } from './protocol';
import { RoutineUnavailable } from './unavailable';
import { canUseWorker, runInWorker } from './worker';

export class MetadataNotRemoved extends Error {}

export async function withoutMetadata(file: File): Promise<Blob> {
  if (!canUseWorker()) throw new MetadataNotRemoved('this browser cannot run the image worker (no Web Workers or WebAssembly)');
  // The routine is built with SIMD only: without it, its wasm fails to compile on every try.
  if (!hasSimd()) throw new MetadataNotRemoved("this browser's WebAssembly has no SIMD, which the image routine needs");
  const reply = await runInWorker({ kind: 'strip', file });
  if (!reply.ok) throw new (reply.code === UNAVAILABLE ? RoutineUnavailable : MetadataNotRemoved)(`${reply.code}: ${reply.reason}`);
  if (reply.kind !== 'strip') throw new MetadataNotRemoved('unexpected reply from the image worker');
  if (reply.removed.length === 0) return file;
  return new Blob([reply.bytes as BlobPart], { type: file.type });
}
