// Shared e2e helpers: the local stack's test endpoints, starting a page, answering steps.
import { expect, type APIRequestContext, type Page, test as base } from '@playwright/test';

export const STACK = `http://127.0.0.1:${process.env.E2E_STACK_PORT ?? 64399}`;

export type Row = Record<string, unknown>;

export const stack = {
  async reset(request: APIRequestContext) {
    expect((await request.post(`${STACK}/__stack/reset`)).ok()).toBe(true);
    expect((await request.post(`${STACK}/__stack/faults`, { data: {} })).ok()).toBe(true);
  },
  async faults(request: APIRequestContext, faults: Record<string, unknown>) {
    expect((await request.post(`${STACK}/__stack/faults`, { data: faults })).ok()).toBe(true);
  },
  async rows(request: APIRequestContext): Promise<Row[]> {
    return (await request.get(`${STACK}/__stack/rows/survey_responses`)).json();
  },
  async objects(request: APIRequestContext): Promise<{ name: string; size: number; mimetype: string }[]> {
    return (await request.get(`${STACK}/__stack/objects/survey_media`)).json();
  },
  async emails(
    request: APIRequestContext,
  ): Promise<{ template_params: Record<string, string>; user_id: string; service_id: string; template_id: string }[]> {
    return (await request.get(`${STACK}/__stack/emails`)).json();
  },
};

/** Every test starts from an empty backend with no faults, and collects console errors. */
export const test = base.extend<{ logs: string[] }>({
  logs: [
    async ({ page, request }, use) => {
      await stack.reset(request);
      const logs: string[] = [];
      page.on('console', (message) => logs.push(`${message.type()}: ${message.text()}`));
      await use(logs);
      // The page goes first, while the test's faults still hold: what it sends as it closes (the
      // keepalive of a response still held) meets them, and lands before the next test's reset.
      await page.close();
      await stack.faults(request, {});
    },
    { auto: true },
  ],
});
export { expect };

/**
 * Opens `path` with a fake clock (so the 3.5 s / 2.25 s / 2 s waits can be skipped) and,
 * unless `banner` is set, a cookie choice already made so the banner stays out of the way.
 */
export async function openPage(
  page: Page,
  path: string,
  options: { clock?: boolean; banner?: boolean; answers?: Record<string, unknown>; clockOffsetMs?: number } = {},
) {
  if (options.clock !== false) {
    // Paused, not just installed: an installed clock still flows in real time, which would
    // let a busy machine race past the states the tests look at.
    // It starts at the real time: the database refuses completion times far from its clock.
    // (A test of a wrong device clock sets clockOffsetMs.)
    const start = Date.now() + (options.clockOffsetMs ?? 0);
    await page.clock.install({ time: start });
    await page.clock.pauseAt(start + 1000);
  }
  await page.addInitScript(
    ({ banner, answers }) => {
      // Only on the first load of the test: later reloads must see what the app stored.
      if (sessionStorage.getItem('e2e-seeded')) return;
      sessionStorage.setItem('e2e-seeded', '1');
      if (!banner) localStorage.setItem('cookiesAccepted', 'true');
      if (answers) localStorage.setItem('stepZeroAnswers', JSON.stringify(answers));
    },
    { banner: options.banner ?? false, answers: options.answers ?? null },
  );
  await page.goto(path);
  await appReady(page);
}

/** A prerendered page shows before its script: wait until the app has taken it over. */
export const appReady = (page: Page) => expect(page.locator('html')).toHaveAttribute('data-app', 'ready');

export const heading = (page: Page) => page.getByRole('heading', { level: 1 });
export const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();
export const back = (page: Page) => page.getByRole('button', { name: 'Back', exact: true }).click();

export async function atStep(page: Page, step: string, title: string) {
  await expect(page).toHaveURL(new RegExp(`/survey/question/${step}$`));
  await expect(heading(page)).toHaveText(title);
}

/** From the hero: Continue, then skip the intro with the fake clock. */
export async function startSurvey(page: Page) {
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/survey\/intro$/);
  await page.clock.runFor(3500);
  await atStep(page, '1', 'What challenge were you given?');
}

export async function fillText(page: Page, label: string | RegExp, value: string) {
  await page.getByLabel(label).fill(value);
  await next(page);
}

export async function choose(page: Page, option: string) {
  await page.getByRole('radio', { name: option, exact: true }).check();
  await next(page);
}

/**
 * Clicks Submit and drives the fake clock until the thank-you page shows. `slow`: the delivery
 * is still going at the PROCESSING deadline (a slow upload), so the page shows by the deadline
 * itself, 10 s of the fake clock: driven in steps 100 ms apart, not with toPass's default backoff
 * (up to a second apart, some 2.5 s of real time for each second of the fake clock). Otherwise
 * the steps are at most 500 ms apart: the fake clock still runs slower than the real one (each
 * 500 ms step takes the wait, the 250 ms look and the step itself), so the deadline does not
 * overtake real network I/O, but the email's attempts 2 s apart are not waited out at 2.5 times
 * their length.
 */
export async function submit(page: Page, type: 'completed' | 'not-completed', slow = false) {
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('SUBMITTED')).toBeVisible();
  await page.clock.runFor(2250);
  await expect(page.getByText('PROCESSING YOUR RESPONSE')).toBeVisible();
  await expect(page.getByText('Connecting to database...')).toBeVisible();
  // The work is real network I/O; between its steps only the email retries wait on the clock.
  await expect(async () => {
    await page.clock.runFor(500);
    await expect(page).toHaveURL(new RegExp(`/thank-you/${type}$`), { timeout: 250 });
  }).toPass(slow ? { timeout: 60_000, intervals: [100] } : { timeout: 20_000, intervals: [100, 250, 500] });
}

/** Waits until the backend holds `count` rows (the insert is asynchronous to the page). */
export async function rowsWhen(request: APIRequestContext, count: number): Promise<Row[]> {
  let rows: Row[] = [];
  await expect.poll(async () => (rows = await stack.rows(request)).length).toBe(count);
  return rows;
}

export const YES_PATH = {
  question1: 'Talk to a stranger at the bus stop',
  question2: 'A friend',
};

/** Answers 1-2 from question 1. */
export async function answerStart(page: Page, challenge = YES_PATH.question1, source = YES_PATH.question2) {
  await fillText(page, 'What challenge were you given?', challenge);
  await atStep(page, '2', 'Where did you find your challenge?');
  await fillText(page, 'Where did you find your challenge?', source);
  await atStep(page, '3', 'Did you complete your challenge?');
}

/** Answers 7 and 8 (age, gender, consent) but does not submit. */
export async function answerEnd(page: Page, age: string, gender: string) {
  await atStep(page, '7', 'Age');
  await page.getByLabel('Age').fill(age);
  await next(page);
  await atStep(page, '8', 'Gender');
  await page.getByLabel('Gender').selectOption(gender);
  await page.getByRole('checkbox').check();
}

/** From the hero along the Not Yet path ("I don't have time", no reminder, no file) to the not-completed page. */
export async function submitNotYet(page: Page) {
  await openPage(page, '/');
  await startSurvey(page);
  await answerStart(page);
  await choose(page, 'Not Yet');
  await choose(page, "I don't have time");
  await choose(page, 'No');
  await choose(page, 'No');
  await answerEnd(page, '33', 'Male');
  await submit(page, 'not-completed');
}

/** Closes the survey's tab as a visitor does, with another page (about:blank) keeping the browser up; that page. */
export async function closeTab(page: Page): Promise<Page> {
  const other = await page.context().newPage();
  await other.goto('about:blank');
  await page.close({ runBeforeUnload: false });
  return other;
}
