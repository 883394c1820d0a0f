// Issue #21: a response reaches the movement when its visitor closes the tab at the thank-you
// page and never opens the site again. Another tab (an unrelated page) keeps the browser
// running; the network is the local gateway's (its faults reach every requester). What
// arrives is looked for by the answers' text, since the page that knew the id is gone.
import { outboxCount, settle, toSubmit, whereIs } from './faults-lib';
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
  await expect
    .poll(async () => (await stack.emails(request)).filter((e) => e.template_params.question1_challenge === challenge).length, {
      timeout: 90_000,
    })
    .toBeGreaterThanOrEqual(1);
  expect(await stack.rows(request)).toEqual([]);
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
    // The clock corrected: the entry's time says 40 days, past the 30 days an undelivered
    // response used to be kept by its age.
    await context.clock.setSystemTime(Date.now() + 3_600_000);
    const later = await context.newPage();
    await later.goto('/');
    await expect.poll(async () => (await whereIs(request, ['leave:clock-corrected']))[0], { timeout: 60_000 }).toMatchObject({ rows: 1 });
    await settle(request, 'clock corrected by 40 days', ['leave:clock-corrected'], 'row');
  });
});
