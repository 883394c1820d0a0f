// The fault matrix, continued: what a real phone and a real network do to a submission — no
// network at Submit, a photo the browser gives no type, a file gone before Submit, a device clock
// days off, no room in IndexedDB, a database that hangs, code that cannot load, a photo whose
// metadata cannot be removed, an email too large for the service, a browser without
// crypto.randomUUID. Each scenario ends by counting, from what the local backend stored, where
// its response went (faults-lib.ts `settle`).
import { unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileOfType, heicWithExif, outboxCount, PHOTO, settle, storedObject, toSubmit } from './faults-lib';
import { expect, heading, rowsWhen, stack, submit, test } from './helpers';

const DAY = 24 * 60 * 60 * 1000;

/** Drives the page's clock until `done` holds (the email waits and retry timers run on it). */
async function runClockUntil(page: import('@playwright/test').Page, done: () => Promise<unknown>, timeout = 30_000) {
  await expect(async () => {
    await page.clock.runFor(1000);
    await done();
  }).toPass({ timeout });
}

test.describe('fault matrix: phones, files and clocks', () => {
  test.describe(() => {
    // The page's own path, without the delivery worker, which would race the page's retry once
    // online (faults.spec.ts says why); the worker's side is worker.spec.ts's.
    test.use({ serviceWorkers: 'block' });

    test('offline at Submit: the thank-you page itself (not the error screen), then one row once online', async ({
      page,
      context,
      request,
    }) => {
      await toSubmit(page, 'world:offline-thank-you');
      await context.setOffline(true);
      await submit(page, 'completed');
      await expect(heading(page)).toHaveText('Thank You');
      await expect(page.getByText('Something went wrong')).toHaveCount(0);
      expect(await outboxCount(page)).toBe(1);
      await context.setOffline(false);
      await rowsWhen(request, 1);
      await settle(request, 'offline at Submit, thank-you page', ['world:offline-thank-you'], 'row');
    });

    test('offline at Submit with a photo: once online, the row and its photo (the image routine loads then)', async ({
      page,
      context,
      request,
    }) => {
      await toSubmit(page, 'world:offline-photo', { name: 'cups.jpg', mimeType: 'image/jpeg', buffer: PHOTO });
      await context.setOffline(true);
      await submit(page, 'completed');
      expect(await outboxCount(page)).toBe(1);
      await context.setOffline(false);
      const [row] = await rowsWhen(request, 1);
      const objects = await stack.objects(request);
      expect(objects.map((object) => object.name)).toEqual([row.media_file_url]);
      expect((await storedObject(request, objects[0].name)).includes('Canon')).toBe(false);
      await settle(request, 'offline at Submit with a photo', ['world:offline-photo'], 'row');
    });
  });

  test('a .jpg photo the browser gives no type: uploaded as image/jpeg, without its GPS', async ({ page, request }) => {
    await toSubmit(page, 'world:typeless-jpg', fileOfType('IMG_0002.jpg', PHOTO, ''));
    await submit(page, 'completed');
    const [row] = await rowsWhen(request, 1);
    const objects = await stack.objects(request);
    expect(objects).toEqual([expect.objectContaining({ name: row.media_file_url, mimetype: 'image/jpeg' })]);
    expect((await storedObject(request, objects[0].name)).includes('Canon')).toBe(false);
    await settle(request, 'typeless .jpg photo', ['world:typeless-jpg'], 'row');
  });

  test('a .pdf the browser gives no type: uploaded as application/pdf', async ({ page, request }) => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    await toSubmit(page, 'world:typeless-pdf', fileOfType('plan.pdf', pdf, ''));
    await submit(page, 'completed');
    const [row] = await rowsWhen(request, 1);
    expect(row).toMatchObject({ media_file_name: 'plan.pdf' });
    expect(await stack.objects(request)).toEqual([
      expect.objectContaining({ name: row.media_file_url, mimetype: 'application/pdf', size: pdf.length }),
    ]);
    await settle(request, 'typeless .pdf', ['world:typeless-pdf'], 'row');
  });

  test('a file deleted after it was chosen: the response is kept and stored without it, with a warning', async ({
    page,
    request,
    logs,
  }) => {
    const path = join(tmpdir(), `stepzero-gone-${process.pid}-${Date.now()}.png`);
    writeFileSync(path, Buffer.alloc(4096, 9));
    await toSubmit(page, 'world:file-gone', async (p) => {
      await p.setInputFiles('#attachment', path);
      unlinkSync(path); // moved, renamed or deleted before Submit
    });
    await submit(page, 'completed');
    const [row] = await rowsWhen(request, 1);
    expect(row).toMatchObject({ media_file_url: null, media_file_name: null });
    expect(await stack.objects(request)).toEqual([]);
    expect(logs.some((line) => line.startsWith('warning:') && line.includes('could not be read'))).toBe(true);
    await settle(request, 'file unreadable at Submit', ['world:file-gone'], 'row');
  });

  for (const [name, offset] of [
    ['two days fast', 2 * DAY],
    ['forty days slow', -40 * DAY],
  ] as const) {
    test(`a device clock ${name}: exactly one row, keeping the device's time`, async ({ page, request }) => {
      const key = `world:clock-${offset > 0 ? 'fast' : 'slow'}`;
      await toSubmit(page, key, undefined, { clockOffsetMs: offset });
      await submit(page, 'completed');
      const [row] = await rowsWhen(request, 1);
      const drift = Date.parse(String(row.completion_time)) - Date.now();
      expect(Math.abs(drift - offset)).toBeLessThan(DAY / 2);
      await settle(request, `device clock ${name}`, [key], 'row');
    });
  }

  test('a refused insert is asked again on the next attempt: once the database accepts, one row and no email', async ({
    page,
    request,
  }) => {
    await stack.faults(request, { insert: 403, email: 500 });
    await toSubmit(page, 'world:refused-then-accepted');
    await submit(page, 'completed');
    expect(await outboxCount(page)).toBe(1);
    await stack.faults(request, {});
    await runClockUntil(page, async () => expect(await stack.rows(request)).toHaveLength(1));
    await settle(request, 'refused insert, then accepted', ['world:refused-then-accepted'], 'row');
  });

  test('no IndexedDB: kept in memory and retried with backoff while the page stays open', async ({ page, request }) => {
    await page.addInitScript(() => Object.defineProperty(window, 'indexedDB', { value: undefined, configurable: true }));
    await stack.faults(request, { insert: 500, email: 500 });
    await toSubmit(page, 'world:no-indexeddb');
    await submit(page, 'completed');
    await stack.faults(request, {});
    await runClockUntil(page, async () => expect(await stack.rows(request)).toHaveLength(1));
    await settle(request, 'no IndexedDB', ['world:no-indexeddb'], 'row');
  });

  test('IndexedDB full: kept in memory and retried with backoff while the page stays open', async ({ page, request }) => {
    await page.addInitScript(() => {
      IDBObjectStore.prototype.put = () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      };
    });
    await stack.faults(request, { insert: 500, email: 500 });
    await toSubmit(page, 'world:indexeddb-full');
    await submit(page, 'completed');
    await stack.faults(request, {});
    await runClockUntil(page, async () => expect(await stack.rows(request)).toHaveLength(1));
    await settle(request, 'IndexedDB full', ['world:indexeddb-full'], 'row');
  });

  test('a database that hangs: PROCESSING ends at its deadline, the row arrives later, once, and no email', async ({ page, request }) => {
    test.setTimeout(90_000);
    await stack.faults(request, { insert: 'hold' }); // until the page has passed its deadline
    await toSubmit(page, 'world:deadline');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.clock.runFor(2268);
    await expect(page.getByText('PROCESSING YOUR RESPONSE')).toBeVisible();
    await page.clock.runFor(10_000); // the deadline, on the page's clock
    await expect(page).toHaveURL(/\/thank-you\/completed$/, { timeout: 3000 });
    await expect(heading(page)).toHaveText('Thank You');
    expect(await stack.rows(request)).toEqual([]);
    await stack.faults(request, {}); // the database answers again
    await expect.poll(async () => (await stack.rows(request)).length, { timeout: 30_000 }).toBe(1);
    await page.clock.runFor(60_000); // any retry that would double it has had its chance
    await page.waitForTimeout(1000);
    await settle(request, 'database hangs past the deadline', ['world:deadline'], 'row');
  });

  test('code that cannot load during the attempt: kept, and delivered once (by the service worker, whose code is its own, or the retry)', async ({
    page,
    request,
  }) => {
    await toSubmit(page, 'world:chunk-fails');
    await page.route('**/assets/**', (route) => route.abort('internetdisconnected'));
    await submit(page, 'completed');
    await expect(heading(page)).toHaveText('Thank You');
    await page.unroute('**/assets/**');
    await runClockUntil(page, async () => expect(await stack.rows(request)).toHaveLength(1));
    await settle(request, 'code fails to load during the attempt', ['world:chunk-fails'], 'row');
  });

  test('metadata that cannot be removed (the image code cannot load): the photo is not uploaded, the row is saved without it', async ({
    page,
    request,
    logs,
  }) => {
    await page.route(/stepzero_image.*\.wasm/, (route) => route.abort());
    await toSubmit(page, 'world:strip-fails', { name: 'cups.jpg', mimeType: 'image/jpeg', buffer: PHOTO });
    await submit(page, 'completed');
    const [row] = await rowsWhen(request, 1);
    expect(row).toMatchObject({ media_file_url: null, media_file_name: null });
    expect(await stack.objects(request)).toEqual([]);
    expect(logs.some((line) => line.includes('not uploaded'))).toBe(true);
    await settle(request, 'metadata stripping fails: photo not uploaded', ['world:strip-fails'], 'row');
  });

  test('a photo declared image/jpg is recognised by its content and uploaded without its GPS', async ({ page, request }) => {
    await toSubmit(page, 'world:image-jpg', { name: 'cups.jpg', mimeType: 'image/jpg', buffer: PHOTO });
    await submit(page, 'completed');
    const [row] = await rowsWhen(request, 1);
    const stored = await storedObject(request, String(row.media_file_url));
    expect(stored.includes('Canon')).toBe(false);
    expect(stored.length).toBeGreaterThan(1000);
    await settle(request, 'image/jpg photo stripped', ['world:image-jpg'], 'row');
  });

  test('an iPhone HEIC photo: its Exif item is blanked in place, the container kept', async ({ page, request }) => {
    const heic = heicWithExif();
    await toSubmit(page, 'world:heic', fileOfType('IMG_0002.HEIC', heic, ''));
    await submit(page, 'completed');
    const [row] = await rowsWhen(request, 1);
    const [object] = await stack.objects(request);
    expect(object).toMatchObject({ name: row.media_file_url, mimetype: 'image/heic', size: heic.length });
    const stored = await storedObject(request, object.name);
    expect(stored.includes('Canon')).toBe(false);
    expect(stored.includes('GPS')).toBe(false);
    expect(stored.subarray(0, 300).equals(heic.subarray(0, 300))).toBe(true); // boxes untouched
    await settle(request, 'HEIC photo, Exif blanked', ['world:heic'], 'row');
  });

  test('an email refused as too large is sent again at once without the photo bytes', async ({ page, request }) => {
    // A limit the shrunk photo's base64 cannot fit under (EmailJS's free plan allows 50 KB; a
    // 40,960-byte JPEG is 54.6 KB as base64), while the response without it fits easily.
    await stack.faults(request, { insert: 500, email: 'limit:20000' });
    await toSubmit(page, 'world:email-too-large', { name: 'cups.jpg', mimeType: 'image/jpeg', buffer: PHOTO });
    await submit(page, 'completed');
    const emails = await stack.emails(request);
    expect(emails).toHaveLength(1);
    expect(emails[0].template_params).toMatchObject({ file_name: 'cups.jpg', file_base64: '' });
    expect(await outboxCount(page)).toBe(0);
    await settle(request, 'email too large, resent without the photo', ['world:email-too-large'], 'email');
  });

  test('a browser without crypto.randomUUID: the id comes from crypto.getRandomValues', async ({ page, request }) => {
    await page.addInitScript(() => {
      delete (Crypto.prototype as { randomUUID?: unknown }).randomUUID;
    });
    await toSubmit(page, 'world:no-random-uuid');
    await submit(page, 'completed');
    const [row] = await rowsWhen(request, 1);
    expect(String(row.id)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    await settle(request, 'no crypto.randomUUID', ['world:no-random-uuid'], 'row');
  });
});
