// Issue #21: the delivery service worker (web/src/sw) carries what the page could not, in
// Chromium through Background Sync. Playwright's offline switch reaches the page (the site's own
// files too) but is not relied on for the worker, and "back online" fires no sync by itself
// here, so the backend's network is the local gateway's ("refuse" cuts every connection, for
// page and worker alike) and the sync is fired with the DevTools protocol's
// ServiceWorker.dispatchSyncEvent, as Chromium fires it when the network comes back.
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { SWITCHED_OFF_WORKER } from '../../web/deploy/serviceWorker.mjs';
import { PHOTO, storedObject } from './faults-lib';
import { answerEnd, answerStart, atStep, choose, closeTab, expect, fillText, openPage, stack, startSurvey, submit, test } from './helpers';

const SYNC_TAG = 'stepzero-outbox';

/** Fires the outbox's sync at the site's worker, as Chromium does when the network is back. */
async function fireSync(context: BrowserContext, on: Page, lastChance = false) {
  const cdp = await context.newCDPSession(on);
  const registrations = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const r of updated) if (!r.isDeleted) registrations.set(r.registrationId, r.scopeURL);
  });
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.size).toBeGreaterThan(0);
  const [[registrationId, scopeURL]] = [...registrations];
  await cdp.send('ServiceWorker.dispatchSyncEvent', { origin: new URL(scopeURL).origin, registrationId, tag: SYNC_TAG, lastChance });
  await cdp.detach();
}

/**
 * Waits until the worker has held and waited for no lock for `quietMs` on end. Each attempt on a
 * response holds its lock throughout, the email's retries and the waits between them included,
 * and a drain queued behind another takes its locks at once, so a quiet spell longer than any
 * step between two locks means no attempt runs and none is about to.
 */
async function workerIdle(worker: Worker, quietMs = 3000) {
  let quietSince = Date.now();
  await expect
    .poll(
      async () => {
        const busy = await worker.evaluate(async () => {
          const { held = [], pending = [] } = await navigator.locks.query();
          return held.length + pending.length;
        });
        if (busy > 0) quietSince = Date.now();
        return Date.now() - quietSince;
      },
      { timeout: 100_000, intervals: [200] },
    )
    .toBeGreaterThanOrEqual(quietMs);
}

/** The build the e2e server serves (a deploy is a change to its files). */
const SITE = new URL(`../../${process.env.E2E_DIR ?? 'target/web-e2e'}/`, import.meta.url);

/** The sync tags the worker has registered (Background Sync's getTags, in the worker). */
const syncTags = (worker: Worker) =>
  worker.evaluate(() => (self as unknown as { registration: { sync: { getTags(): Promise<string[]> } } }).registration.sync.getTags());

/** The paths the worker's cache of this build holds. */
const cachedFiles = (page: Page) =>
  page.evaluate(async () => {
    const name = (await caches.keys()).find((key) => key.startsWith('stepzero-delivery:'));
    return name ? (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname) : [];
  });

/** From the hero along the Yes path to Submit, optionally with a file at question 6. */
async function answerAll(page: Page, challenge: string, file?: { name: string; mimeType: string; buffer: Buffer }) {
  await openPage(page, '/');
  await startSurvey(page);
  await answerStart(page, challenge, 'A leaflet');
  await choose(page, 'Yes');
  await choose(page, 'Comfortable');
  await choose(page, 'Yes');
  if (file) {
    await page.getByRole('radio', { name: 'Yes' }).check();
    await page.setInputFiles('#attachment', file);
    await page.getByRole('button', { name: 'Next' }).click();
  } else {
    await choose(page, 'No');
  }
  await answerEnd(page, '40', 'Female');
}

type Request = Parameters<typeof stack.rows>[0];

const rowsOf = async (request: Request, challenge: string) =>
  (await stack.rows(request)).filter((row) => row.question1_challenge === challenge);

/** The response's arrivals, as a row or an email (the worker's attempt may end either way). */
const arrivals = async (request: Request, challenge: string) => [
  ...(await rowsOf(request, challenge)),
  ...(await stack.emails(request)).filter((email) => email.template_params.question1_challenge === challenge),
];

test('offline at Submit, the tab closed, the network back: the worker delivers with no tab of the site open', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const challenge = 'Dance at the station while offline';
  await answerAll(page, challenge);
  // Installed while the visitor answered (from question 2 on), before the network went.
  await expect.poll(() => context.serviceWorkers().length, { timeout: 20_000 }).toBeGreaterThan(0);
  // The network is gone: for the page (the site's files too, so nothing could be registered
  // now) and, at the gateway, for every requester.
  await context.setOffline(true);
  await stack.faults(request, { refuse: 15_000 });
  const refusedUntil = Date.now() + 15_000;
  await submit(page, 'completed');
  const other = await closeTab(page);
  // What Chromium fires when the network is back: the sync the page registered while offline.
  const [worker] = context.serviceWorkers();
  await expect.poll(() => syncTags(worker), { timeout: 20_000 }).toContain(SYNC_TAG);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, refusedUntil - Date.now()) + 500));
  await context.setOffline(false);
  await fireSync(context, other); // as Chromium does when the network is back
  await expect.poll(() => arrivals(request, challenge).then((found) => found.length), { timeout: 60_000 }).toBe(1);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  expect(await arrivals(request, challenge)).toHaveLength(1);
});

test('a sync on its last chance while still offline leaves the response for the next visit, which delivers it', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  const challenge = 'Ask for a discount, last chance';
  await answerAll(page, challenge);
  // Offline until every attempt the worker makes has ended (each after the email's three tries):
  // the sync of the submission, the page's ask, the one at pagehide, the last chance. The cap only
  // bounds a worker that never settles; the network comes back as soon as the worker is idle.
  await stack.faults(request, { refuse: 120_000 });
  await submit(page, 'completed');
  await expect.poll(() => context.serviceWorkers().length, { timeout: 20_000 }).toBeGreaterThan(0);
  const other = await closeTab(page);
  await fireSync(context, other, true);
  await workerIdle(context.serviceWorkers()[0]);
  await stack.faults(request, {}); // the network is back
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  expect(await arrivals(request, challenge)).toEqual([]); // no sync comes after the last chance
  // The visitor opens the site again, an hour later: every attempt (the page's and the worker's)
  // counted towards the backoff, which is at most an hour, so the load retries it.
  await other.clock.install({ time: Date.now() + 3_600_000 });
  await other.clock.resume();
  await other.goto('/');
  await expect.poll(() => arrivals(request, challenge).then((found) => found.length), { timeout: 60_000 }).toBe(1);
});

test("a sync in the middle of the page's own upload leaves that response to the page: one file, one row", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(150_000);
  const challenge = 'Juggle in the square during a sync';
  await stack.faults(request, { upload: 'trickle:262144' }); // 2 MB: some 8 s
  await answerAll(page, challenge, { name: 'juggling.mp4', mimeType: 'video/mp4', buffer: Buffer.alloc(2_000_000, 3) });
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.clock.runFor(2250);
  await expect.poll(() => context.serviceWorkers().length, { timeout: 20_000 }).toBeGreaterThan(0);
  await fireSync(context, page); // the worker finds the response's lock held by the page
  await expect(async () => {
    await page.clock.runFor(500);
    await expect(page).toHaveURL(/\/thank-you\/completed$/, { timeout: 250 });
  }).toPass({ timeout: 60_000 });
  await expect.poll(() => rowsOf(request, challenge).then((rows) => rows.length), { timeout: 60_000 }).toBe(1);
  await expect.poll(async () => (await stack.objects(request)).length, { timeout: 30_000 }).toBe(1);
  const [row] = await rowsOf(request, challenge);
  expect(row.media_file_url).toBe((await stack.objects(request))[0].name);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  expect(await stack.objects(request)).toHaveLength(1);
});

test("a row sent ahead of its file, then the worker's upload failing once: the file still comes, under the name the row gives it", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(150_000);
  const challenge = 'Whistle on the bridge with a flaky uplink';
  await stack.faults(request, { upload: 'trickle:65536' }); // 2 MB: some 32 s, so the tab closes first
  await answerAll(page, challenge, { name: 'bridge.mp4', mimeType: 'video/mp4', buffer: Buffer.alloc(2_000_000, 5) });
  await expect.poll(() => context.serviceWorkers().length, { timeout: 20_000 }).toBeGreaterThan(0);
  await submit(page, 'completed', true);
  // The page's upload trickles on (the gateway reads its fault once, at the call); the next one,
  // the worker's, fails with a passing error.
  await stack.faults(request, { upload: { fault: 503, times: 1 } });
  const other = await closeTab(page); // pagehide: the row leaves as a keepalive, naming the file
  await expect.poll(() => rowsOf(request, challenge).then((rows) => rows.length), { timeout: 30_000 }).toBe(1);
  const [row] = await rowsOf(request, challenge);
  expect(row.media_file_url).toMatch(/^\d+_bridge\.mp4$/);
  // The worker's attempts (the page's ask at pagehide, a sync): the first upload answers 503 and
  // the row 409; the entry stays for its file, and the next attempt uploads it. Two syncs, as
  // Chromium retries one whose work was left unfinished.
  const [worker] = context.serviceWorkers();
  await workerIdle(worker);
  await fireSync(context, other);
  await workerIdle(worker);
  await fireSync(context, other);
  await expect
    .poll(async () => (await stack.objects(request)).map((object) => object.name), { timeout: 60_000 })
    .toEqual([row.media_file_url]);
  expect(await rowsOf(request, challenge)).toHaveLength(1);
  expect(await stack.emails(request)).toEqual([]);
});

test('a deploy removed the chunks the page loads at Submit: the worker, with its own code, delivers', async ({ page, request }) => {
  test.setTimeout(120_000);
  const challenge = 'Sing after a deploy';
  await answerAll(page, challenge);
  // The new deploy: the old page's hashed chunks answer 404 for good (the worker's own script
  // and wasm are its own requests, which page.route does not reach).
  await page.route('**/assets/**', (route) => route.fulfill({ status: 404, body: 'Not Found' }));
  await submit(page, 'completed');
  await expect.poll(() => rowsOf(request, challenge).then((rows) => rows.length), { timeout: 60_000 }).toBe(1);
  // The worker tells the page it delivered: the page, still open, says so (a line it shows only
  // for a response still on its way when the page appeared).
  await page.clock.runFor(500); // the status line is filled a moment after it enters the page
  await expect(page.getByRole('status')).toHaveText('Your response has arrived.', { timeout: 20_000 });
});

test('a deploy after a photo was kept does not cost the photo: the worker cached the image routine when the page kept it', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(150_000);
  const challenge = 'Paint a mural before a deploy';
  await answerAll(page, challenge, { name: 'mural.jpg', mimeType: 'image/jpeg', buffer: PHOTO });
  await expect.poll(() => context.serviceWorkers().length, { timeout: 20_000 }).toBeGreaterThan(0);
  // The network gone at Submit, so the photo waits in the outbox; the email service refusing
  // throughout, so what arrives in the end is the row and its photo, never the email.
  await stack.faults(request, { refuse: 20_000, email: 500 });
  const refusedUntil = Date.now() + 20_000;
  await submit(page, 'completed');
  const image = readdirSync(new URL('assets/', SITE)).find((name) => /^stepzero_image_bg.*\.wasm$/.test(name))!;
  await expect.poll(() => cachedFiles(page), { timeout: 20_000 }).toContain(`/assets/${image}`);
  // The deploy: this build's image routine is gone from the site before the worker uploads.
  const file = new URL(`assets/${image}`, SITE);
  const moved = new URL(`assets/${image}.deployed-away`, SITE);
  renameSync(file, moved);
  try {
    const other = await closeTab(page);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, refusedUntil - Date.now()) + 500));
    await fireSync(context, other);
    await expect.poll(() => rowsOf(request, challenge).then((rows) => rows.length), { timeout: 60_000 }).toBe(1);
  } finally {
    renameSync(moved, file);
  }
  const [row] = await rowsOf(request, challenge);
  const objects = await stack.objects(request);
  expect(objects).toHaveLength(1);
  expect(row.media_file_url).toBe(objects[0].name);
  expect(PHOTO.includes('Canon')).toBe(true);
  expect((await storedObject(request, objects[0].name)).includes('Canon')).toBe(false); // its metadata taken out
});

test('the worker is registered once the visitor reaches question 2, never on question 1 (the page Lighthouse measures)', async ({
  page,
}) => {
  const registrations = () => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length);
  await openPage(page, '/survey/question/1');
  await page.waitForLoadState('load');
  await new Promise((resolve) => setTimeout(resolve, 2000));
  expect(await registrations()).toBe(0);
  await fillText(page, 'What challenge were you given?', 'Whistle in the lift');
  await atStep(page, '2', 'Where did you find your challenge?');
  await expect.poll(registrations, { timeout: 20_000 }).toBe(1);
});

test('the kill switch: a deploy built with VITE_SERVICE_WORKER=off removes the worker from a browser that has it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await answerAll(page, 'Swim in the lake before the switch');
  await submit(page, 'completed');
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(1);
  expect(await page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('stepzero-delivery:')).length)).toBe(1);
  // The next deploy's sw.js (what the build writes when switched off), found by the browser's update check.
  const file = new URL('sw.js', SITE);
  const deployed = readFileSync(file);
  writeFileSync(file, SWITCHED_OFF_WORKER);
  try {
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length), { timeout: 20_000 })
      .toBe(0);
    expect(await page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('stepzero-delivery:')).length)).toBe(0);
  } finally {
    writeFileSync(file, deployed);
  }
  expect(await rowsOf(request, 'Swim in the lake before the switch')).toHaveLength(1);
});
