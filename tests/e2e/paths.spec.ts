// Every branch of the journey to each thank-you type, asserting what the backend stored.
import { PHOTO } from './faults-lib';
import { answerEnd, answerStart, atStep, choose, expect, openPage, rowsWhen, stack, startSurvey, submit, test, YES_PATH } from './helpers';

test('Yes branch with a photo: upload, then a row naming it; completed thank-you and flags', async ({ page, request }) => {
  await openPage(page, '/');
  await startSurvey(page);
  await answerStart(page);
  await choose(page, 'Yes');
  await atStep(page, '4a', 'How would you describe your level of discomfort while completing your challenge');
  await choose(page, 'Really Uncomfortable');
  await atStep(page, '5a', 'Would you complete another Step Zero challenge tomorrow?');
  await choose(page, 'Yes');
  await atStep(page, '6', 'Do you consent to having your responses anonymously shared online?');
  await page.getByRole('radio', { name: 'Yes' }).check();
  await page.setInputFiles('#attachment', { name: 'bus stop (1).jpg', mimeType: 'image/jpeg', buffer: PHOTO });
  await expect(page.getByText('bus stop (1).jpg')).toBeVisible();
  await expect(page.getByLabel('Selected')).toHaveText('✓');
  await page.getByRole('button', { name: 'Next' }).click();
  await answerEnd(page, '27', 'Non-Binary');
  await submit(page, 'completed');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank You');
  await expect(page.getByText('Congratulations on Taking Step One')).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');

  const [row] = await rowsWhen(request, 1);
  expect(row).toMatchObject({
    question1_challenge: YES_PATH.question1,
    question2_source: YES_PATH.question2,
    question3_completed: 'Yes',
    question4a_discomfort: 'Really Uncomfortable',
    question4b_reason: null,
    question5a_another: 'Yes',
    question5b_reminder: null,
    question6_consent: 'Yes',
    question7_age: 27,
    question8_gender: 'Non-Binary',
    terms_consent: true,
    ip_address: 'client-side',
    survey_version: '3.0',
    media_file_name: 'bus stop (1).jpg',
  });
  expect(row.media_file_url).toMatch(/^\d+_bus_stop__1_\.jpg$/);
  const objects = await stack.objects(request);
  expect(objects.map((o) => o.name)).toEqual([row.media_file_url]);
  // The photo itself, less its metadata (attachments.spec.ts checks what was taken out).
  expect(objects[0].size).toBeGreaterThan(PHOTO.length - 2048);
  expect(objects[0].size).toBeLessThan(PHOTO.length);
  expect(await stack.emails(request)).toEqual([]);
  const flags = await page.evaluate(() => [
    localStorage.getItem('surveyCompleted'),
    localStorage.getItem('lastThankYouType'),
    localStorage.getItem('surveyCompletionTime'),
  ]);
  expect(flags.slice(0, 2)).toEqual(['true', 'completed']);
  expect(Number(flags[2])).toBeGreaterThan(0);
  // Only the spec's keys: supabase-js kept no auth session (persistSession: false), and the
  // answers were cleared once the response was in.
  expect((await page.evaluate(() => Object.keys(localStorage))).sort()).toEqual([
    'cookiesAccepted',
    'lastThankYouType',
    'surveyCompleted',
    'surveyCompletionTime',
  ]);
});

test('Not Yet with Other and a reminder email: not-completed thank-you, row with 4b-other and email', async ({ page, request }) => {
  await openPage(page, '/');
  await startSurvey(page);
  await answerStart(page, 'Sing karaoke', 'Poster on campus');
  await choose(page, 'Not Yet');
  await atStep(page, '4b', 'Why not?');
  await choose(page, 'Other');
  await atStep(page, '4b-other', 'Why not?');
  await page.getByPlaceholder('Other...').fill('Lost my voice');
  await page.getByRole('button', { name: 'Next' }).click();
  await atStep(page, '5b', 'Would you like to be reminded to complete your challenge?');
  await page.getByRole('radio', { name: 'Yes' }).check();
  await page.getByLabel('Email address').fill('me@example.org');
  await page.getByRole('button', { name: 'Next' }).click();
  await atStep(page, '6', 'Do you consent to having your responses anonymously shared online?');
  await choose(page, 'No');
  await answerEnd(page, '19', 'Female');
  await submit(page, 'not-completed');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Thanks for checking us out, maybe you'll take step one next time.");

  const [row] = await rowsWhen(request, 1);
  expect(row).toMatchObject({
    question1_challenge: 'Sing karaoke',
    question3_completed: 'Not Yet',
    question4a_discomfort: null,
    question4b_reason: 'Other',
    question4b_other: 'Lost my voice',
    question5a_another: null,
    question5b_reminder: 'Yes',
    question5b_email: 'me@example.org',
    question6_consent: 'No',
    question7_age: 19,
    question8_gender: 'Female',
    media_file_url: null,
    media_file_name: null,
  });
  expect(await page.evaluate(() => localStorage.getItem('lastThankYouType'))).toBe('not-completed');
});

test('Not Yet with a listed reason and no reminder goes 4b -> 5b directly', async ({ page, request }) => {
  await openPage(page, '/');
  await startSurvey(page);
  await answerStart(page);
  await choose(page, 'Not Yet');
  await choose(page, "I don't think it would benefit me");
  await atStep(page, '5b', 'Would you like to be reminded to complete your challenge?');
  await choose(page, 'No');
  await choose(page, 'No');
  await answerEnd(page, '64', 'Male');
  await submit(page, 'not-completed');
  const [row] = await rowsWhen(request, 1);
  expect(row).toMatchObject({
    question4b_reason: "I don't think it would benefit me",
    question4b_other: null,
    question5b_reminder: 'No',
    question5b_email: null,
    question7_age: 64,
    question8_gender: 'Male',
  });
});

test('a file chosen on 6 is dropped when the answer leaves Yes, and Remove clears it', async ({ page, request }) => {
  await openPage(page, '/survey/question/6', {
    answers: { question1: 'a', question2: 'b', question3: 'Yes', question4a: 'Neutral', question5a: 'No' },
  });
  await page.getByRole('radio', { name: 'Yes' }).check();
  await page.setInputFiles('#attachment', { name: 'proof.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(100) });
  await expect(page.getByText('proof.pdf')).toBeVisible();
  await page.getByRole('button', { name: 'Remove proof.pdf' }).click();
  await expect(page.getByText('proof.pdf')).toHaveCount(0);
  await page.setInputFiles('#attachment', { name: 'proof.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(100) });
  await page.getByRole('radio', { name: 'No' }).check();
  await expect(page.getByRole('button', { name: 'Choose File' })).toHaveCount(0);
  await page.getByRole('radio', { name: 'Yes' }).check();
  await expect(page.getByText('proof.pdf')).toHaveCount(0);
  await page.getByRole('radio', { name: 'No' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await answerEnd(page, '40', 'Female');
  await submit(page, 'completed');
  const [row] = await rowsWhen(request, 1);
  expect(row).toMatchObject({ question6_consent: 'No', media_file_url: null });
  expect(await stack.objects(request)).toEqual([]);
});

test('an attachment over 10 MB is refused with the spec alert', async ({ page }) => {
  await openPage(page, '/survey/question/6', {
    answers: { question1: 'a', question2: 'b', question3: 'Yes', question4a: 'Neutral', question5a: 'No' },
  });
  await page.getByRole('radio', { name: 'Yes' }).check();
  const dialog = page.waitForEvent('dialog');
  void page.setInputFiles('#attachment', { name: 'big.mp4', mimeType: 'video/mp4', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
  const alert = await dialog;
  expect(alert.message()).toBe('File size is too large. Please select a file smaller than 10MB.');
  await alert.accept();
  await expect(page.getByText('big.mp4')).toHaveCount(0);
});
