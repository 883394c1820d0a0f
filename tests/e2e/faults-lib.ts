// The fault matrix's shared steps (faults*.spec.ts): reaching Submit with a response that can be
// found again, and settling where it ended up — counted from what the local backend stored, for
// the summary line `faults: <n> scenarios, <n> ok, 0 lost, 0 duplicated` (faults-summary.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { FAULTS_DIR, type ScenarioOutcome } from './faults-summary';
import { answerEnd, expect, openPage, STACK, stack } from './helpers';

export type Where = 'row' | 'email';
export type Attachment = { name: string; mimeType: string; buffer: Buffer };

/** Questions 1 to 5 answered (the Yes path); question 1 names the response so it can be found. */
export const seeded = (key: string) => ({
  question1: key,
  question2: 'A friend',
  question3: 'Yes',
  question4a: 'Neutral',
  question5a: 'Yes',
});

/** How a scenario chooses its file on step 6: a Playwright file, or its own steps. */
export type Choose = Attachment | ((page: Page) => Promise<void>);

/** Opens step 6 with 1-5 answered, says Yes (with a file if given), answers 7 and 8. */
export async function toSubmit(page: Page, key: string, file?: Choose, options: { clockOffsetMs?: number } = {}) {
  await openPage(page, '/survey/question/6', { answers: seeded(key), clockOffsetMs: options.clockOffsetMs });
  await page.getByRole('radio', { name: 'Yes' }).check();
  if (typeof file === 'function') await file(page);
  else if (file) await page.setInputFiles('#attachment', file);
  await page.getByRole('button', { name: 'Next' }).click();
  await answerEnd(page, '31', 'Female');
}

/** Where each response (by its question 1) is now: rows and emails holding it. */
export async function whereIs(request: APIRequestContext, keys: string[]) {
  const rows = await stack.rows(request);
  const emails = await stack.emails(request);
  return keys.map((key) => ({
    key,
    rows: rows.filter((row) => row.question1_challenge === key).length,
    emails: emails.filter((email) => email.template_params.question1_challenge === key).length,
  }));
}

/** Asserts each response is stored exactly once, in `where`, and records the outcome for the summary. */
export async function settle(request: APIRequestContext, name: string, keys: string[], where: Where) {
  const found = await whereIs(request, keys);
  const outcome: ScenarioOutcome = {
    name,
    ok: found.every((f) => (where === 'row' ? f.rows === 1 && f.emails === 0 : f.emails === 1 && f.rows === 0)),
    lost: found.filter((f) => f.rows + f.emails === 0).length,
    duplicated: found.filter((f) => f.rows + f.emails > 1).length,
  };
  writeFileSync(join(FAULTS_DIR, `${name.replace(/[^a-z0-9]+/gi, '-')}.json`), JSON.stringify(outcome));
  expect(found, name).toEqual(keys.map((key) => ({ key, rows: where === 'row' ? 1 : 0, emails: where === 'email' ? 1 : 0 })));
}

/** How many responses wait in the page's outbox (without creating its database). */
export function outboxCount(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((db) => db.name);
    if (!names.includes('stepzero-outbox')) return 0;
    return new Promise<number>((resolve, reject) => {
      const open = indexedDB.open('stepzero-outbox');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        const count = db.transaction('responses').objectStore('responses').count();
        count.onsuccess = () => {
          db.close();
          resolve(count.result);
        };
      };
    });
  });
}

/** A later visit: the tab is closed, time passes beyond any backoff, a new page opens the hero. */
export async function visitLater(context: BrowserContext, page: Page): Promise<Page> {
  await page.close();
  await context.clock.fastForward('01:00:00');
  const later = await context.newPage();
  await later.goto('/');
  return later;
}

export const PHOTO = readFileSync(new URL('./fixtures/photo-gps.jpg', import.meta.url));

/** The entropy-coded part of a JPEG (from the first SOS marker): its compressed pixels, kept by the metadata stripping. */
export function scan(jpeg: Buffer): Buffer {
  return jpeg.subarray(jpeg.indexOf(Buffer.from([0xff, 0xda])));
}

/**
 * Chooses a file the way some browsers hand one over: with the MIME type given (often none at
 * all, as Chromium on Windows and Android gives a HEIC photo). Playwright's own file chooser
 * always fills a type in, so the File is made in the page and set through a DataTransfer.
 */
export function fileOfType(name: string, buffer: Buffer, type: string) {
  return (page: Page) =>
    page.evaluate(
      ({ name, base64, type }) => {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        const transfer = new DataTransfer();
        transfer.items.add(new File([bytes], name, { type }));
        const input = document.querySelector<HTMLInputElement>('#attachment')!;
        input.files = transfer.files;
        input.dispatchEvent(new Event('change', { bubbles: true }));
      },
      { name, base64: buffer.toString('base64'), type },
    );
}

/** The bytes the bucket holds for `name`. */
export async function storedObject(request: APIRequestContext, name: string): Promise<Buffer> {
  return Buffer.from(await (await request.get(`${STACK}/__stack/objects/survey_media/${encodeURIComponent(name)}`)).body());
}

/** Big-endian helpers for the HEIF boxes below. */
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
};
const box = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  return Buffer.concat([u32(8 + body.length), Buffer.from(type, 'latin1'), body]);
};
const fullBox = (type: string, version: number, ...parts: Buffer[]) => box(type, Buffer.from([version, 0, 0, 0]), ...parts);

/**
 * A minimal HEIC as an iPhone writes one, reduced to its structure: `ftyp`, a `meta` box whose
 * `iinf` lists an image item and an `Exif` item and whose `iloc` points at both in `mdat`.
 * The Exif item names the camera (Canon) and holds a GPS block marker, as a real one would.
 */
export function heicWithExif(): Buffer {
  const image = Buffer.alloc(600, 0x42);
  const exif = Buffer.concat([u32(6), Buffer.from('Exif\0\0MM\0*\0\0\0\x08Canon GPSLatitude 51/1 28/1 40/1 N', 'latin1')]);
  const ftyp = box('ftyp', Buffer.from('heic', 'latin1'), u32(0), Buffer.from('mif1heic', 'latin1'));
  const infe = (id: number, kind: string) => fullBox('infe', 2, u16(id), u16(0), Buffer.from(kind, 'latin1'), Buffer.from('\0'));
  const iinf = fullBox('iinf', 0, u16(2), infe(1, 'hvc1'), infe(2, 'Exif'));
  const hdlr = fullBox('hdlr', 0, u32(0), Buffer.from('pict', 'latin1'), Buffer.alloc(12), Buffer.from('\0'));
  const pitm = fullBox('pitm', 0, u16(1));
  // iloc v0: offset_size 4, length_size 4, base_offset_size 0; offsets are filled in below.
  const iloc = (imageAt: number, exifAt: number) =>
    fullBox(
      'iloc',
      0,
      Buffer.from([0x44, 0x00]),
      u16(2),
      u16(1),
      u16(0),
      u16(1),
      u32(imageAt),
      u32(image.length),
      u16(2),
      u16(0),
      u16(1),
      u32(exifAt),
      u32(exif.length),
    );
  const meta = (imageAt: number, exifAt: number) => fullBox('meta', 0, hdlr, pitm, iloc(imageAt, exifAt), iinf);
  const headLength = ftyp.length + meta(0, 0).length + 8; // + the mdat header
  return Buffer.concat([ftyp, meta(headLength, headLength + image.length), box('mdat', image, exif)]);
}
