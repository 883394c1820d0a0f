// Privacy before upload (issue 5): a photo's location and other metadata (EXIF, XMP, IPTC,
// comments, text chunks) are taken out in the image worker, its compressed pixels untouched and
// its orientation kept. Never throws: a file that is not a JPEG, PNG, WebP or GIF (video, PDF,
// HEIC...) or whose structure cannot be walked is uploaded as chosen, with a warning logged.
import { canUseWorker, runInWorker } from './worker';

const STRIPPABLE = ['image/jpeg', 'image/pjpeg', 'image/png', 'image/webp', 'image/gif'];

export async function withoutMetadata(file: File, log: Pick<Console, 'warn'> = console): Promise<File> {
  if (!STRIPPABLE.includes(file.type.toLowerCase()) || !canUseWorker()) return file;
  const reply = await runInWorker({ kind: 'strip', file });
  if (!reply.ok || reply.kind !== 'strip') {
    log.warn(`Could not remove the photo's metadata (${reply.ok ? 'unexpected reply' : reply.code}); uploading it as chosen.`);
    return file;
  }
  if (reply.removed.length === 0) return file;
  return new File([reply.bytes as BlobPart], file.name, { type: file.type, lastModified: file.lastModified });
}
