// The image work off the main thread (heavy work in a Web Worker, wasm started once,
// on first need), so the page and the PROCESSING overlay keep moving. It hosts the second wasm
// (pkg-image/, built by `make pkg-image`): `shrink` for the email backup (spec point 5, "Email
// backup file rules"; the wasm's shrinkFile reads the header, has the browser decode a WebP
// through web-sys and shrinks), `strip` to take location and other metadata out before an upload.
// Every failure comes back as a reply with a code, never as an uncaught error.
import init, { shrinkFile, stripMetadata } from '../../../pkg-image/stepzero_image.js';
import { UNAVAILABLE, type MediaReply, type MediaRequest } from './protocol';

let started: Promise<unknown> | null = null;

self.onmessage = async (event: MessageEvent<MediaRequest>) => {
  const reply = await handle(event.data).catch((error: unknown): MediaReply => ({
    ok: false,
    code: (error as { code?: string })?.code ?? 'crashed',
    reason: error instanceof Error ? error.message : String(error),
  }));
  const transfer = reply.ok ? [reply.bytes.buffer as ArrayBuffer] : [];
  (self as unknown as Worker).postMessage(reply, transfer);
};

async function handle(request: MediaRequest): Promise<MediaReply> {
  started ??= init().catch((error: unknown) => {
    throw Object.assign(new Error(`the image routine could not be loaded: ${String(error)}`), { code: UNAVAILABLE });
  });
  await started;
  if (request.kind === 'strip') {
    const { bytes: out, removed } = stripMetadata(new Uint8Array(await request.file.arrayBuffer()));
    return { ok: true, kind: 'strip', bytes: out, removed };
  }
  const result = await shrinkFile(request.file, request.options);
  return {
    ok: true,
    kind: 'shrink',
    bytes: result.bytes,
    quality: result.quality,
    fits: result.fits,
    width: result.width,
    height: result.height,
    tried: result.tried,
    decodedBy: result.decodedBy,
  };
}
