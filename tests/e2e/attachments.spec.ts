// Attachments end to end: the email backup carries a real photo shrunk by the Rust
// image worker; a PDF travels as metadata only; a file over 10 MB is refused with the spec's
// alert; a photo's GPS and other metadata never reach the bucket; the page keeps moving.
import { readFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { answerEnd, answerStart, choose, expect, openPage, STACK, stack, startSurvey, submit, test } from './helpers';

const PHOTO = readFileSync(new URL('./fixtures/photo-gps.jpg', import.meta.url));
// 1600x1000, red rising along x and green along y, EXIF orientation 6 (fixtures/README.md).
const TURNED_WEBP = readFileSync(new URL('./fixtures/gradient-turned-6.webp', import.meta.url));

type Attachment = { name: string; mimeType: string; buffer: Buffer };

async function toStep6WithFile(page: Page, file: Attachment, open = true) {
  if (open) await openPage(page, '/');
  await startSurvey(page);
  await answerStart(page, 'Ask a stranger for directions', 'Instagram');
  await choose(page, 'Yes');
  await choose(page, 'Uncomfortable');
  await choose(page, 'Yes');
  await page.getByRole('radio', { name: 'Yes' }).check();
  await page.setInputFiles('#attachment', file);
  await expect(page.getByText(file.name)).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await answerEnd(page, '29', 'Female');
}

/**
 * A 12-megapixel RGB PNG whose rows are all the same gradient (each later row is filter "Up",
 * all zeros), so the file is small but decoding and resizing it takes hundreds of ms.
 */
function bigPng(width = 4000, height = 3000): Buffer {
  const chunk = (kind: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(kind, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let x = 0; x < width; x += 1) raw.set([(x * 255) / width, 120, 255 - (x * 255) / width], 1 + x * 3);
  for (let y = 1; y < height; y += 1) raw[y * (width * 3 + 1)] = 2;
  return Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Submit, then drive the fake clock until the thank-you page (the work itself is real I/O). */
async function finish(page: Page) {
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(async () => {
    await page.clock.runFor(500);
    await expect(page).toHaveURL(/\/thank-you\/completed$/, { timeout: 250 });
  }).toPass({ timeout: 30_000 });
}

/** The entropy-coded part of a JPEG (from the first SOS marker): its compressed pixels. */
function scan(jpeg: Buffer): Buffer {
  return jpeg.subarray(jpeg.indexOf(Buffer.from([0xff, 0xda])));
}

test('insert fails with a real photo: the email carries a JPEG of at most 40,960 bytes, long side 800, upright', async ({
  page,
  request,
}) => {
  await stack.faults(request, { insert: 500, upload: 500 });
  await toStep6WithFile(page, { name: 'cups.jpg', mimeType: 'image/jpeg', buffer: PHOTO });
  await submit(page, 'completed');
  const [email] = await stack.emails(request);
  const params = email.template_params;
  expect(params).toMatchObject({
    file_name: 'cups.jpg',
    file_type: 'image/jpeg',
    file_size: String(PHOTO.length),
    file_uploaded: 'false',
    file_compressed: 'true',
  });
  const jpeg = Buffer.from(params.file_base64, 'base64');
  expect(jpeg.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  expect(jpeg.length).toBe(Number(params.file_compressed_size));
  expect(jpeg.length).toBeLessThanOrEqual(40960);
  // SOF0 holds height then width; EXIF orientation 6 turns the 1280x800 photo to 500x800.
  const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  expect([jpeg.readUInt16BE(sof + 5), jpeg.readUInt16BE(sof + 7)]).toEqual([800, 500]);
  expect(jpeg.includes('Canon')).toBe(false);
});

test('insert fails with a WebP turned by EXIF 6: the image worker has the browser decode it, the email carries it upright', async ({
  page,
  request,
}) => {
  await stack.faults(request, { insert: 500, upload: 500 });
  // Who decoded, as the image worker's replies say (web/src/media/protocol.ts).
  await page.addInitScript(() => {
    const w = window as unknown as { decodedBy: string[] };
    w.decodedBy = [];
    const Original = window.Worker;
    window.Worker = class extends Original {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        this.addEventListener('message', (event: MessageEvent<{ decodedBy?: string }>) => {
          if (event.data?.decodedBy) w.decodedBy.push(event.data.decodedBy);
        });
      }
    };
  });
  await toStep6WithFile(page, { name: 'turned.webp', mimeType: 'image/webp', buffer: TURNED_WEBP });
  await submit(page, 'completed');
  const [email] = await stack.emails(request);
  expect(email.template_params).toMatchObject({ file_name: 'turned.webp', file_compressed: 'true' });
  const jpeg = Buffer.from(email.template_params.file_base64, 'base64');
  expect(jpeg.length).toBeLessThanOrEqual(40960);
  // Upright it is 1000x1600, so 500x800; the stored top-left corner (no red, no green) is now
  // the top right, and the stored bottom-left (all green) the top left.
  const corners = await page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/jpeg' }));
    const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    const at = (x: number, y: number) => [...context.getImageData(x, y, 1, 1).data.subarray(0, 2)];
    return {
      size: [bitmap.width, bitmap.height],
      topLeft: at(5, 5),
      topRight: at(bitmap.width - 5, 5),
      bottomRight: at(bitmap.width - 5, bitmap.height - 5),
    };
  }, email.template_params.file_base64);
  expect(await page.evaluate(() => (window as unknown as { decodedBy: string[] }).decodedBy)).toEqual(['browser']);
  expect(corners.size).toEqual([500, 800]);
  expect(corners.topLeft[1]).toBeGreaterThan(200);
  expect(corners.topRight[0] + corners.topRight[1]).toBeLessThan(40);
  expect(corners.bottomRight[0]).toBeGreaterThan(200);
});

test('insert fails with a PDF: the email carries its details only', async ({ page, request }) => {
  await stack.faults(request, { insert: 500, upload: 500 });
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
  await toStep6WithFile(page, { name: 'plan.pdf', mimeType: 'application/pdf', buffer: pdf });
  await finish(page);
  await expect.poll(async () => (await stack.emails(request)).length).toBe(1);
  const [email] = await stack.emails(request);
  expect(email.template_params).toMatchObject({
    file_name: 'plan.pdf',
    file_type: 'application/pdf',
    file_size: String(pdf.length),
    file_base64: '',
    file_compressed: 'false',
    file_compressed_size: '',
  });
});

test('a file over 10 MB raises the spec alert and nothing is selected', async ({ page }) => {
  await openPage(page, '/survey/question/6', {
    answers: { question1: 'a', question2: 'b', question3: 'Yes', question4a: 'Neutral', question5a: 'Yes' },
  });
  await page.getByRole('radio', { name: 'Yes' }).check();
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  await page.setInputFiles('#attachment', { name: 'big.mov', mimeType: 'video/quicktime', buffer: Buffer.alloc(10_485_761) });
  await expect.poll(() => alerts).toEqual(['File size is too large. Please select a file smaller than 10MB.']);
  await expect(page.getByText('big.mov')).toHaveCount(0);
  await expect(page.getByLabel('Selected')).toHaveCount(0);
});

test('a photo uploads without its GPS and other metadata, with identical compressed pixels', async ({ page, request }) => {
  await toStep6WithFile(page, { name: 'cups.jpg', mimeType: 'image/jpeg', buffer: PHOTO });
  await submit(page, 'completed');
  await expect.poll(async () => (await stack.objects(request)).length).toBe(1);
  const [object] = await stack.objects(request);
  const stored = Buffer.from(await (await request.get(`${STACK}/__stack/objects/survey_media/${encodeURIComponent(object.name)}`)).body());
  expect(PHOTO.includes('Canon')).toBe(true);
  expect(stored.includes('Canon')).toBe(false);
  expect(stored.includes(Buffer.from('N\0\0\0'))).toBe(false);
  expect(stored.length).toBeLessThan(PHOTO.length);
  expect(scan(stored).equals(scan(PHOTO))).toBe(true);
  // The orientation survives as a minimal EXIF block (tag 0x0112 = 6, little-endian).
  expect(stored.includes(Buffer.from([0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00, 0x06, 0x00]))).toBe(true);
});

test('shrinking runs in a worker: no long task blocks the page while PROCESSING shows', async ({ page, request }) => {
  await stack.faults(request, { insert: 500, upload: 500 });
  await openPage(page, '/');
  await toStep6WithFile(page, { name: 'big.png', mimeType: 'image/png', buffer: bigPng() }, false);
  await page.evaluate(() => {
    const w = window as unknown as { longTasks: number[] };
    w.longTasks = [];
    new PerformanceObserver((list) => list.getEntries().forEach((e) => w.longTasks.push(e.duration))).observe({ type: 'longtask' });
  });
  await submit(page, 'completed');
  const [email] = await stack.emails(request);
  expect(email.template_params.file_compressed).toBe('true');
  const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
  // On the main thread the shrink alone would be one task far longer than this.
  expect(Math.max(0, ...longTasks)).toBeLessThan(250);
});
