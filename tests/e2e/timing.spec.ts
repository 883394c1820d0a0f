// A few tests on the real clock, so the fixed waits of spec point 9 are checked as they are.
import { answerEnd, choose, expect, openPage, rowsWhen, stack, test } from './helpers';

test('real time: the intro lasts about 3.5 s before question 1', async ({ page }) => {
  await openPage(page, '/', { clock: false });
  const started = Date.now();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('TELL US ABOUT YOUR CHALLENGE')).toBeVisible();
  await expect(page).toHaveURL(/\/survey\/question\/1$/, { timeout: 10_000 });
  expect(Date.now() - started).toBeGreaterThanOrEqual(3400);
});

// PROCESSING lasts only as long as the real work (milliseconds locally), so it is observed in
// the fake-clock tests; here the point is the 2.25 s SUBMITTED screen on the real clock.
test('real time: SUBMITTED for about 2.25 s, then the thank-you page with the row stored', async ({ page, request }) => {
  await openPage(page, '/survey/question/3', { clock: false, answers: { question1: 'Run a 5k', question2: 'Gym' } });
  await choose(page, 'Yes');
  await choose(page, 'Comfortable');
  await choose(page, 'Yes');
  await choose(page, 'No');
  await answerEnd(page, '22', 'Female');
  const started = Date.now();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('SUBMITTED')).toBeVisible();
  await expect(page).toHaveURL(/\/thank-you\/completed$/);
  expect(Date.now() - started).toBeGreaterThanOrEqual(2250);
  const [row] = await rowsWhen(request, 1);
  expect(row).toMatchObject({ question1_challenge: 'Run a 5k', question4a_discomfort: 'Comfortable' });
});

test('real time: a failing email is retried 2 s apart (three attempts) before the thank-you page', async ({ page, request, logs }) => {
  await stack.faults(request, { insert: 500, email: 403 });
  await openPage(page, '/survey/question/3', { clock: false, answers: { question1: 'Run a 5k', question2: 'Gym' } });
  await choose(page, 'Not Yet');
  await choose(page, "I'm too nervous");
  await choose(page, 'No');
  await choose(page, 'No');
  await answerEnd(page, '22', 'Female');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('PROCESSING YOUR RESPONSE')).toBeVisible({ timeout: 5000 });
  const processing = Date.now();
  await expect(page).toHaveURL(/\/thank-you\/not-completed$/, { timeout: 15_000 });
  expect(Date.now() - processing).toBeGreaterThanOrEqual(3900);
  expect(logs.filter((line) => line.includes('Email backup attempt'))).toHaveLength(3);
  expect(logs.some((line) => line.includes('403'))).toBe(true);
});
