// Issue #21: a response reaches the movement when its visitor closes the tab at the thank-you
// page and never opens the site again. Another tab (an unrelated page) keeps the browser
// running; the network is the local gateway's (its faults reach every requester). What
// arrives is looked for by the answers' text, since the page that knew the id is gone.
import type { Page } from '@playwright/test';
import { outboxCount, PHOTO, settle, storedObject, toSubmit, whereIs } from './faults-lib';
import { answerEnd, answerStart, choose, closeTab, expect, openPage, stack, startSurvey, submit, test } from './helpers';

test('a row still uploading its 6 MB video when the tab closes arrives, naming the file ahead of it', async ({ page, request }) => {
  test.setTimeout(150_000);
  // About 1 Mbit/s up: the 6 MB video needs some 48 s, long after the thank-you page shows.
  await stack.faults(request, { upload: 'trickle:131072' });
  await openPage(page, '/');
  await startSurvey(page);
  await answerStart(page, 'Sing in the park on a slow uplink', 'A poster');
  await choose(page, 'Yes');
  await choose(page, 'Uncomfortable');
  await choose(page, 'Yes');
  await page.getByRole('radio', { name: 'Yes' }).check();
  await page.setInputFiles('#attachment', { name: 'park song.mp4', mimeType: 'video/mp4', buffer: Buffer.alloc(6_000_000, 7) });
  await page.getByRole('button', { name: 'Next' }).click();
  await answerEnd(page, '31', 'Male');
  await submit(page, 'completed', true);
  await page.clock.runFor(500); // the status line is filled a moment after it enters the page
  await expect.soft(page.getByRole('status').filter({ hasText: 'still being sent' })).toBeVisible();
  expect(await stack.rows(request)).toEqual([]);
  await closeTab(page);
  let rows: Record<string, unknown>[] = [];
  await expect
    .poll(
      async () => (rows = (await stack.rows(request)).filter((r) => r.question1_challenge === 'Sing in the park on a slow uplink')).length,
      {
        timeout: 60_000,
      },
    )
    .toBe(1);
  expect(rows[0].media_file_url).toMatch(/^\d+_park_song\.mp4$/);
  expect(rows[0].media_file_name).toBe('park song.mp4');
});

test('2,000 characters of Japanese in three answers, the database down: the email arrives after the tab closes', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const long = (word: string) => word.repeat(2000 / word.length);
  const challenge = long('見知らぬ人と話す');
  await stack.faults(request, { insert: 500, email: 'limit:51200' });
  // The response's id, from the page's insert (refused) before the tab closes.
  const ids = new Set<string>();
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && sent.url().endsWith('/rest/v1/survey_responses')) ids.add(JSON.parse(sent.postData() ?? '{}').id);
  });
  await openPage(page, '/');
  await startSurvey(page);
  await answerStart(page, challenge, long('友達から聞いた'));
  await choose(page, 'Not Yet');
  await choose(page, 'Other');
  await page.getByPlaceholder('Other...').fill(long('緊張しすぎる'));
  await page.getByRole('button', { name: 'Next' }).click();
  await choose(page, 'No');
  await choose(page, 'No');
  await answerEnd(page, '27', 'Female');
  await submit(page, 'not-completed');
  await closeTab(page);
  expect(ids.size).toBe(1);
  const [id] = ids;
  const emailsOf = async () => (await stack.emails(request)).filter((e) => JSON.parse(e.template_params.response_json).id === id);
  await expect.poll(async () => (await emailsOf()).length, { timeout: 90_000 }).toBe(1);
  await new Promise((resolve) => setTimeout(resolve, 3000)); // nothing else sends it again
  const [email] = await emailsOf();
  expect(email.template_params.question1_challenge).toBe(challenge);
  expect(await emailsOf()).toHaveLength(1);
  expect((await stack.emails(request)).filter((e) => e.template_params.question1_challenge === challenge)).toHaveLength(1);
  expect(await stack.rows(request)).toEqual([]);
});

/** Records the thank-you status line's text as it enters the page (before the app can fill it). */
const watchStatusLine = (page: Page) =>
  page.addInitScript(() => {
    const seen: { inserted: string; role: string | null; live: string | null }[] = [];
    (window as unknown as { statusLine: typeof seen }).statusLine = seen;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) {
          if (!(node instanceof HTMLElement)) continue;
          const line = node.matches('.thanks__status') ? node : node.querySelector('.thanks__status');
          if (line) seen.push({ inserted: line.textContent ?? '', role: line.getAttribute('role'), live: line.getAttribute('aria-live') });
        }
    }).observe(document, { childList: true, subtree: true });
  });
const statusLineEntered = (page: Page) => page.evaluate(() => (window as unknown as { statusLine: unknown[] }).statusLine);

test('the thank-you line: a polite status region that enters empty, says "still being sent" while the upload goes on, then "Your response has arrived."', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  // The upload is held (none of it read) until the line has said it is still being sent,
  // however long the page takes to show; then it goes through.
  await stack.faults(request, { upload: 'hold' });
  await watchStatusLine(page);
  await openPage(page, '/');
  await startSurvey(page);
  await answerStart(page, 'Hum in the library while it uploads', 'A sticker');
  await choose(page, 'Yes');
  await choose(page, 'Comfortable');
  await choose(page, 'Yes');
  await page.getByRole('radio', { name: 'Yes' }).check();
  await page.setInputFiles('#attachment', { name: 'hum.mp4', mimeType: 'video/mp4', buffer: Buffer.alloc(4_000_000, 5) });
  await page.getByRole('button', { name: 'Next' }).click();
  await answerEnd(page, '45', 'Male');
  await submit(page, 'completed', true);
  const line = page.getByRole('status');
  // In the page, empty, before its text comes: a screen reader announces the change.
  expect(await statusLineEntered(page)).toEqual([{ inserted: '', role: 'status', live: null }]);
  await page.clock.runFor(500);
  await expect(line).toHaveText('Your response is still being sent. Please keep this page open a moment.');
  expect(await stack.rows(request)).toEqual([]);
  await stack.faults(request, {}); // the upload goes on, and ends
  await expect(line).toHaveText('Your response has arrived.', { timeout: 90_000 });
  expect(await stack.rows(request)).toHaveLength(1);
});

test('the thank-you line says nothing when the response arrived before the page appeared', async ({ page, request }) => {
  await watchStatusLine(page);
  await openPage(page, '/');
  await startSurvey(page);
  await answerStart(page, 'Clap on the tram, quickly stored', 'A sticker');
  await choose(page, 'Yes');
  await choose(page, 'Comfortable');
  await choose(page, 'Yes');
  await choose(page, 'No');
  await answerEnd(page, '45', 'Male');
  await submit(page, 'completed');
  expect(await stack.rows(request)).toHaveLength(1);
  await expect(page.getByRole('status')).toHaveCount(1);
  await page.clock.runFor(500);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await expect(page.getByRole('status')).toHaveText('');
  expect(await statusLineEntered(page)).toEqual([{ inserted: '', role: 'status', live: null }]);
});

test.describe('the next visit', () => {
  // The page's going away asks the service worker, which would try the response at once and could
  // take it by email while the faults below still stand (seen 1 run in 3): this is the next visit's
  // delivery, so the worker is kept out (tests/e2e/worker.spec.ts has the worker's own).
  test.use({ serviceWorkers: 'block' });

  test('a phone clock 40 days slow at Submit, corrected before the next visit: the response is delivered, not dropped as old', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(120_000);
    const DAY = 86_400_000;
    await stack.faults(request, { insert: 500, email: 500 });
    await toSubmit(page, 'leave:clock-corrected', undefined, { clockOffsetMs: -40 * DAY });
    await submit(page, 'completed');
    expect(await outboxCount(page)).toBe(1);
    await page.close();
    await stack.faults(request, {});
    // The clock corrected: the entry's time is now 40 days old, but an entry is given up only
    // once tried on 30 distinct days, never by its age.
    await context.clock.setSystemTime(Date.now() + 3_600_000);
    const later = await context.newPage();
    await later.goto('/');
    await expect.poll(async () => (await whereIs(request, ['leave:clock-corrected']))[0], { timeout: 60_000 }).toMatchObject({ rows: 1 });
    await settle(request, 'clock corrected by 40 days', ['leave:clock-corrected'], 'row');
  });

  test("a photo's row sent ahead at pagehide, its image routine unreachable on the next visit: the photo waits for a visit where it loads", async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(150_000);
    const key = 'leave:routine-unreachable';
    await stack.faults(request, { upload: 'trickle:2048' }); // the 112 KB photo: some 55 s, so the tab closes first
    await toSubmit(page, key, { name: 'cups.jpg', mimeType: 'image/jpeg', buffer: PHOTO });
    await submit(page, 'completed', true);
    await closeTab(page); // pagehide: the row leaves as a keepalive, naming its file
    await expect.poll(async () => (await whereIs(request, [key]))[0].rows, { timeout: 30_000 }).toBe(1);
    const [row] = (await stack.rows(request)).filter((each) => each.question1_challenge === key);
    expect(row.media_file_url).toMatch(/^\d+_cups\.jpg$/);
    await stack.faults(request, {});

    // The next visit, past the backoff: the network refuses the image routine's wasm. The photo's
    // metadata cannot be taken out, so it is not uploaded; it stays for a later visit (before,
    // the page gave it up here, and the row named a file that never came).
    await context.route(/stepzero_image.*\.wasm/, (route) => route.abort('internetdisconnected'));
    await context.clock.setSystemTime(Date.now() + 3_600_000);
    const refused = await context.newPage();
    const logs: string[] = [];
    refused.on('console', (message) => logs.push(message.text()));
    const insert = refused.waitForResponse(
      (response) => response.url().includes('/rest/v1/survey_responses') && response.request().method() === 'POST',
      { timeout: 30_000 },
    );
    await refused.goto('/');
    await expect.poll(() => logs.some((line) => line.includes('is not uploaded')), { timeout: 30_000 }).toBe(true);
    expect((await insert).status()).toBe(409); // the row sent ahead is there: the attempt's last call
    await refused.waitForTimeout(1000); // what the attempt then writes to IndexedDB
    expect(await outboxCount(refused)).toBe(1); // kept for its file (the code before forgot it here)
    expect(await stack.objects(request)).toEqual([]);
    await refused.close();

    // A visit where the routine loads: the photo, without its GPS, under the name its row gives.
    await context.unroute(/stepzero_image.*\.wasm/);
    await context.clock.setSystemTime(Date.now() + 3 * 3_600_000);
    const later = await context.newPage();
    await later.goto('/');
    await expect
      .poll(async () => (await stack.objects(request)).map((object) => object.name), { timeout: 60_000 })
      .toEqual([row.media_file_url]);
    expect((await storedObject(request, String(row.media_file_url))).includes('Canon')).toBe(false);
    await settle(request, 'the image routine unreachable on the next visit: the photo waits', [key], 'row');
  });
});
