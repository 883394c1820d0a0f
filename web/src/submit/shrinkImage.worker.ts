// Shrinks an image for the email backup off the main thread (spec point 5, "Email backup
// file rules"): long side at most `maxSide` px, JPEG from quality `startTenths`/10 down by
// 0.1 until the result fits `targetBytes` or quality reaches `minTenths`/10.
// The numbers arrive in the message; this worker owns only the canvas mechanics.
export interface ShrinkRequest {
  file: Blob;
  maxSide: number;
  targetBytes: number;
  startTenths: number;
  minTenths: number;
}

export type ShrinkReply = { ok: true; blob: Blob; quality: number } | { ok: false; reason: string };

self.onmessage = async (event: MessageEvent<ShrinkRequest>) => {
  const reply = await shrink(event.data).catch((error: unknown): ShrinkReply => ({ ok: false, reason: String(error) }));
  (self as unknown as Worker).postMessage(reply);
};

async function shrink({ file, maxSide, targetBytes, startTenths, minTenths }: ShrinkRequest): Promise<ShrinkReply> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) return { ok: false, reason: 'no 2d context' };
  // JPEG has no alpha: paint transparent areas white rather than black.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  let tenths = startTenths;
  let blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: tenths / 10 });
  while (blob.size > targetBytes && tenths > minTenths) {
    tenths -= 1;
    blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: tenths / 10 });
  }
  return { ok: true, blob, quality: tenths / 10 };
}
