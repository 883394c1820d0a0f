// Browser-stored state: the cookie banner, Not Interested, the 60-second repeat-visit
// shortcut, opening / resets, and the fallback screen when storage cannot be read.
import { appReady, expect, heading, openPage, rowsWhen, startSurvey, submitNotYet, test } from './helpers';

for (const [button, value] of [
  ['Accept All', 'true'],
  ['Necessary Only', 'necessary'],
  ['Decline All', 'false'],
] as const) {
  test(`cookie banner: ${button} stores ${value} and the banner stays hidden`, async ({ page }) => {
    await openPage(page, '/', { banner: true });
    const banner = page.getByRole('region', { name: 'Your privacy, your choice' });
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: button }).click();
    await expect(banner).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('cookiesAccepted'))).toBe(value);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
    await expect(banner).toHaveCount(0);
  });
}

test('cookie banner: Learn more opens the cookies tab of the privacy page', async ({ page }) => {
  await openPage(page, '/about', { banner: true });
  await page.getByRole('link', { name: 'Learn more' }).click();
  await expect(page).toHaveURL(/\/privacy#cookies$/);
  await expect(page.getByRole('tab', { name: 'Cookies Policy' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: '2. The consent banner' })).toBeVisible();
  // Still no choice made: the banner is still offered.
  await expect(page.getByRole('button', { name: 'Decline All' })).toBeVisible();
});

test('Not Interested: flags stored, its thank-you page with Go Back and About', async ({ page, request }) => {
  await openPage(page, '/');
  await page.getByRole('button', { name: 'Not Interested' }).click();
  await expect(page).toHaveURL(/\/thank-you\/not-interested$/);
  await expect(heading(page)).toHaveText('Got it. Be sure to keep up with our socials in case you change your mind!');
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  const flags = await page.evaluate(() => [
    localStorage.getItem('surveyCompleted'),
    localStorage.getItem('lastThankYouType'),
    localStorage.getItem('surveyCompletionTime'),
  ]);
  expect(flags.slice(0, 2)).toEqual(['true', 'not-interested']);
  expect(Number(flags[2])).toBeGreaterThan(0);
  await expect(page.getByRole('main').getByRole('link', { name: /Instagram|TikTok|YouTube/ })).toHaveCount(3);
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
  // Not interested never shortcuts Continue.
  await startSurvey(page);
  expect(await rowsWhen(request, 0)).toEqual([]);
});

test('repeat visit: Continue within 60 s of finishing returns to that thank-you page; after 60 s it starts over', async ({
  page,
  request,
}) => {
  await submitNotYet(page);
  await rowsWhen(request, 1);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/thank-you\/not-completed$/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await page.clock.fastForward(60_000);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/survey\/intro$/);
});

test('opening / clears saved answers and the current question, but keeps the cookie choice', async ({ page }) => {
  await openPage(page, '/survey/question/3', { answers: { question1: 'a', question2: 'b' } });
  await page.getByRole('radio', { name: 'Yes' }).check();
  await page.goto('/');
  // The hero is painted from its HTML before the app runs: the reset is the app's, once it is live
  // and the hero painted (state/useSurveyRoutes.ts).
  await appReady(page);
  await expect
    .poll(() =>
      page.evaluate(() => [
        localStorage.getItem('stepZeroAnswers'),
        localStorage.getItem('stepZeroCurrentQuestion'),
        localStorage.getItem('cookiesAccepted'),
      ]),
    )
    .toEqual([null, null, 'true']);
  await page.goto('/survey/question/3');
  await expect(page).toHaveURL(/\/survey\/question\/1$/);
});

test('a localStorage read failure at start shows the fallback screen; Refresh Page reloads', async ({ page }) => {
  await page.addInitScript(() => {
    if (sessionStorage.getItem('broken-once')) return;
    sessionStorage.setItem('broken-once', '1');
    Storage.prototype.getItem = function () {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
  });
  await page.goto('/survey/question/2');
  await expect(heading(page)).toHaveText('Something went wrong. Please refresh the page or try again later.');
  await page.getByRole('button', { name: 'Refresh Page' }).click();
  // Only the first load is broken: after the refresh the survey starts normally.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('What challenge were you given?');
});
