// The fault matrix (issue 6) against the real local backend: each scenario injects faults with
// /__stack/faults (or cuts the network, or closes the tab), lets the site recover, and then
// asserts where the response ended up — exactly one row, or exactly one email — from what the
// backend actually holds. Each scenario's outcome is written for the summary line
// (faults-summary.ts): `faults: <n> scenarios, <n> ok, 0 lost, 0 duplicated`.
import type { Browser } from '@playwright/test';
import { outboxCount, PHOTO, scan, seeded, settle, toSubmit, visitLater, whereIs } from './faults-lib';
import { defaultDifficulty, solveWork, solveWorkV1 } from '../stack/work.mjs';
import { answerEnd, expect, rowsWhen, STACK, stack, submit, test } from './helpers';

/** The page's one outbox entry, with `change` applied and written back when given. */
function outboxEntry(page: import('@playwright/test').Page, change?: Record<string, unknown>) {
  return page.evaluate(
    (change) =>
      new Promise<{ id: string; completionTime: string; workNonce?: string | null }>((resolve, reject) => {
        const open = indexedDB.open('stepzero-outbox');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const store = open.result.transaction('responses', 'readwrite').objectStore('responses');
          const all = store.getAll();
          all.onsuccess = () => {
            const entry = { ...all.result[0], ...change };
            if (change) store.put(entry);
            store.transaction.oncomplete = () => {
              open.result.close();
              resolve(entry);
            };
          };
        };
      }),
    change,
  );
}

test.describe('fault matrix', () => {
  test('all up: one row, no email', async ({ page, request }) => {
    await toSubmit(page, 'fault:all-up');
    await submit(page, 'completed');
    await rowsWhen(request, 1);
    expect(await outboxCount(page)).toBe(0);
    await settle(request, 'all up', ['fault:all-up'], 'row');
  });

  test('insert 500: one email, no row, nothing left in the outbox', async ({ page, request }) => {
    await stack.faults(request, { insert: 500 });
    await toSubmit(page, 'fault:insert-500');
    await submit(page, 'completed');
    expect(await outboxCount(page)).toBe(0);
    await settle(request, 'insert 500', ['fault:insert-500'], 'email');
  });

  for (const email of [429, 451, 403, 500, 'drop'] as const) {
    test(`insert 500 and email ${email}: kept in the outbox, then one row after recovery`, async ({ page, context, request, logs }) => {
      const key = `fault:insert-500-email-${email}`;
      expect((await request.post(`${STACK}/__stack/faults`, { data: { insert: 500, email } })).ok()).toBe(true);
      await toSubmit(page, key);
      await submit(page, 'completed');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank You');
      // Three attempts (spec 7.3); the outbox's first backoff retry may already have begun a fourth round.
      expect(logs.filter((line) => line.includes('Email backup attempt')).length).toBeGreaterThanOrEqual(3);
      expect(await whereIs(request, [key])).toEqual([{ key, rows: 0, emails: 0 }]);
      expect(await outboxCount(page)).toBe(1);
      await stack.faults(request, {});
      let now = page;
      if (email === 429 || email === 451) {
        // The page stays open: the outbox's backoff timer (at most 5 s for the first retry) sends it.
        await page.clock.runFor(5000);
      } else {
        now = await visitLater(context, page); // the next visit to any page sends it
      }
      await rowsWhen(request, 1);
      await expect.poll(() => outboxCount(now)).toBe(0);
      await settle(request, `insert 500 + email ${email}`, [key], 'row');
    });
  }

  test('upload 500: the row is stored without a file, no email', async ({ page, request }) => {
    await stack.faults(request, { upload: 500 });
    await toSubmit(page, 'fault:upload-500', {
      name: 'proof.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(`%PDF-1.4\n${'x'.repeat(2000)}\n%%EOF\n`),
    });
    await submit(page, 'completed');
    const [row] = await rowsWhen(request, 1);
    expect(row).toMatchObject({ media_file_url: null, media_file_name: null });
    expect(await stack.objects(request)).toEqual([]);
    await settle(request, 'upload 500', ['fault:upload-500'], 'row');
  });

  test('a 10-second insert: PROCESSING stays up, then one row and no email', async ({ page, request }) => {
    test.setTimeout(60_000);
    expect((await request.post(`${STACK}/__stack/faults`, { data: { insert: 'delay:10000' } })).ok()).toBe(true);
    await toSubmit(page, 'fault:slow-insert');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.clock.runFor(2268);
    await expect(page.getByText('PROCESSING YOUR RESPONSE')).toBeVisible();
    await page.waitForTimeout(5000); // real time: the insert is held by the server, not the page's clock
    await expect(page.getByText('PROCESSING YOUR RESPONSE')).toBeVisible();
    await expect(page).toHaveURL(/\/thank-you\/completed$/, { timeout: 15_000 });
    await settle(request, 'a 10-second insert', ['fault:slow-insert'], 'row');
  });

  test.describe(() => {
    // The page's own path, offline then online, without the delivery worker: installed from
    // question 2 on and asked by the page whose code cannot load offline, it would attempt the
    // response while the test holds it offline or rewrites it, racing the page's retry (it can
    // end as the worker's email). The worker's side is worker.spec.ts's.
    test.use({ serviceWorkers: 'block' });

    test('offline during submit, then online: kept, then one row', async ({ page, context, request }) => {
      await toSubmit(page, 'fault:offline');
      await context.setOffline(true);
      await submit(page, 'completed');
      expect(await stack.rows(request)).toEqual([]);
      expect(await outboxCount(page)).toBe(1);
      await context.setOffline(false); // the browser's online event retries at once
      await rowsWhen(request, 1);
      await expect.poll(() => outboxCount(page)).toBe(0);
      await settle(request, 'offline, then online', ['fault:offline'], 'row');
    });

    test('an outbox entry solved before the split (one puzzle) is stored with that work when sent later', async ({
      page,
      context,
      request,
    }) => {
      await toSubmit(page, 'fault:old-work');
      await context.setOffline(true);
      await submit(page, 'completed');
      await expect.poll(() => outboxCount(page)).toBe(1);
      // As an outbox kept by an earlier build holds it: the first form's work for its row.
      const { id, completionTime } = await outboxEntry(page);
      const single = solveWorkV1(id, completionTime);
      await outboxEntry(page, { workNonce: single });
      await page.close(); // closed before going online: the next visit reads the entry as written
      await context.setOffline(false);
      await context.clock.fastForward('01:00:00'); // beyond any backoff, as faults-lib's visitLater
      const later = await context.newPage();
      await later.goto('/');
      const [row] = await rowsWhen(request, 1);
      expect(row).toMatchObject({ id, work_nonce: single });
      await expect.poll(() => outboxCount(later)).toBe(0);
      await settle(request, 'outbox work from before the split', ['fault:old-work'], 'row');
    });

    test('an outbox entry solved at 18, before the default became 19, is solved again and stored', async ({ page, context, request }) => {
      await toSubmit(page, 'fault:work-18');
      await context.setOffline(true);
      await submit(page, 'completed');
      await expect.poll(() => outboxCount(page)).toBe(1);
      // As the build before supabase/migrations/*_work_difficulty_19.sql kept it: work at 18.
      const { id, completionTime } = await outboxEntry(page);
      const old = solveWork(id, completionTime, 18);
      expect(defaultDifficulty()).toBe(19);
      await outboxEntry(page, { workNonce: old, workDifficulty: 18 });
      await page.close();
      await context.setOffline(false);
      await context.clock.fastForward('01:00:00');
      const later = await context.newPage();
      await later.goto('/');
      // Refused (PT428, difficulty=19), solved again at 19 and sent at once: one row, no email.
      const [row] = await rowsWhen(request, 1);
      expect(row).toMatchObject({ id });
      expect(row.work_nonce).not.toBe(old);
      expect(row.work_nonce).toBe(solveWork(id, completionTime, 19));
      await expect.poll(() => outboxCount(later)).toBe(0);
      await settle(request, 'outbox work at the old default 18', ['fault:work-18'], 'row');
    });
  });

  test('the tab closed during PROCESSING and reopened later: one row', async ({ page, context, request }) => {
    // The insert is held by the server for 3 s and commits after the tab is gone.
    expect((await request.post(`${STACK}/__stack/faults`, { data: { insert: 'delay:3000' } })).ok()).toBe(true);
    await toSubmit(page, 'fault:tab-closed');
    const sent = page.waitForRequest((r) => r.url().includes('/rest/v1/survey_responses') && r.method() === 'POST');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.clock.runFor(2268);
    await expect(page.getByText('PROCESSING YOUR RESPONSE')).toBeVisible();
    await sent;
    const heldUntil = Date.now() + 3000;
    await stack.faults(request, {});
    const later = await visitLater(context, page);
    await rowsWhen(request, 1);
    await expect.poll(() => outboxCount(later)).toBe(0);
    // The held insert may still be in the server when the retry has stored the row: let it land
    // (a 409 for the same id) before counting, so it can never fall into the next test's table.
    await later.waitForTimeout(Math.max(0, heldUntil - Date.now()) + 1000);
    await settle(request, 'tab closed during PROCESSING', ['fault:tab-closed'], 'row');
  });

  test('the tab closed before anything was sent: the next visit sends it', async ({ page, context, request }) => {
    await toSubmit(page, 'fault:closed-early');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('SUBMITTED')).toBeVisible();
    await expect.poll(() => outboxCount(page)).toBe(1); // kept at the click, before any call
    const later = await visitLater(context, page);
    await rowsWhen(request, 1);
    await expect.poll(() => outboxCount(later)).toBe(0);
    await settle(request, 'tab closed during SUBMITTED', ['fault:closed-early'], 'row');
  });

  test('a double submit: one row', async ({ page, request }) => {
    await toSubmit(page, 'fault:double');
    await page.getByRole('button', { name: 'Submit' }).dblclick();
    await page.clock.runFor(2268);
    await expect(page).toHaveURL(/\/thank-you\/completed$/);
    await rowsWhen(request, 1);
    await settle(request, 'double submit', ['fault:double'], 'row');
  });

  test('an insert that committed but whose answer was lost: asked again, 409, one row and no email', async ({ page, request }) => {
    // Once: the immediate re-ask gets the database's real answer (409 for this id).
    expect((await request.post(`${STACK}/__stack/faults`, { data: { insert: { fault: 'commit-drop', times: 1 } } })).ok()).toBe(true);
    await toSubmit(page, 'fault:commit-drop');
    await submit(page, 'completed');
    await rowsWhen(request, 1);
    expect(await outboxCount(page)).toBe(0);
    await settle(request, 'insert committed, answer lost', ['fault:commit-drop'], 'row');
  });

  test('twenty visitors at once, each with a photo named image.jpg in the same millisecond: twenty rows, each linked to its own photo', async ({
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(240_000);
    const at = Date.now(); // every visitor's clock shows this same millisecond
    const visitors = await Promise.all(Array.from({ length: 20 }, (_, i) => visitor(browser, baseURL!, at, i)));
    try {
      // All on step 8 first, then all submit together: twenty uploads of <at>_image.jpg race.
      await Promise.all(visitors.map(({ page }) => page.getByRole('button', { name: 'Submit' }).click()));
      await Promise.all(visitors.map(({ page }) => page.clock.runFor(2268)));
      await Promise.all(
        visitors.map(({ page }) =>
          expect(async () => {
            await page.clock.runFor(500);
            await expect(page).toHaveURL(/\/thank-you\/completed$/, { timeout: 250 });
          }).toPass({ timeout: 180_000 }),
        ),
      );
      const rows = await rowsWhen(request, 20);
      const objects = await stack.objects(request);
      expect(objects).toHaveLength(20);
      expect(objects.map((o) => o.name)).toContain(`${at + 60_000}_image.jpg`); // the name they all tried first
      for (const { key, photo } of visitors) {
        const row = rows.find((r) => r.question1_challenge === key)!;
        expect(row.media_file_name).toBe('image.jpg');
        const stored = Buffer.from(await (await request.get(`${STACK}/__stack/objects/survey_media/${row.media_file_url}`)).body());
        // Each row's object holds that visitor's pixels (the scan), never another's.
        expect(scan(stored).equals(scan(photo)), `${key} -> ${row.media_file_url}`).toBe(true);
      }
      expect(new Set(rows.map((r) => r.media_file_url)).size).toBe(20);
      await settle(
        request,
        'twenty visitors, image.jpg in one millisecond',
        visitors.map((v) => v.key),
        'row',
      );
    } finally {
      await Promise.all(visitors.map(({ context }) => context.close()));
    }
  });
});

/** The fixture photo with visitor `i`'s own pixels: one scan byte changed (never to 0xFF, a marker). */
function photoOf(i: number): Buffer {
  const photo = Buffer.from(PHOTO);
  photo[PHOTO.indexOf(Buffer.from([0xff, 0xda])) + 64] = 0x10 + i;
  return photo;
}

/** One visitor in their own browser context (own storage, own outbox), on step 8 with a photo. */
async function visitor(browser: Browser, baseURL: string, at: number, i: number) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  // Paused a minute ahead of the install time: far enough to stay in the future however long
  // twenty browser contexts take to start on a busy machine.
  await page.clock.install({ time: at });
  await page.clock.pauseAt(at + 60_000);
  const key = `fault:visitor-${i}`;
  await page.addInitScript((answers) => {
    localStorage.setItem('cookiesAccepted', 'true');
    localStorage.setItem('stepZeroAnswers', JSON.stringify(answers));
  }, seeded(key));
  const photo = photoOf(i);
  await page.goto('/survey/question/6');
  await page.getByRole('radio', { name: 'Yes' }).check();
  await page.setInputFiles('#attachment', { name: 'image.jpg', mimeType: 'image/jpeg', buffer: photo });
  await page.getByRole('button', { name: 'Next' }).click();
  await answerEnd(page, String(20 + i), 'Male');
  return { context, page, key, photo };
}
