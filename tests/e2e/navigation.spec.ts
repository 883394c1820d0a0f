// Routing: Back flow, the browser's back/forward buttons, reload and resume, deep links,
// /survey/intro and /survey/location, not-found, and Back on About and Privacy.
import { answerStart, appReady, atStep, back, choose, expect, heading, next, openPage, startSurvey, test } from './helpers';

test('Back walks the route in reverse, including 6 -> 5b on the Not Yet branch, and 1 -> home', async ({ page }) => {
  await openPage(page, '/');
  await startSurvey(page);
  await answerStart(page);
  await choose(page, 'Not Yet');
  await choose(page, 'Other');
  await page.getByPlaceholder('Other...').fill('Busy');
  await next(page);
  await choose(page, 'No');
  await atStep(page, '6', 'Do you consent to having your responses anonymously shared online?');
  await back(page);
  await atStep(page, '5b', 'Would you like to be reminded to complete your challenge?');
  await back(page);
  await atStep(page, '4b', 'Why not?');
  await back(page);
  await atStep(page, '3', 'Did you complete your challenge?');
  await expect(page.getByRole('radio', { name: 'Not Yet' })).toBeChecked();
  await back(page);
  await atStep(page, '2', 'Where did you find your challenge?');
  await back(page);
  await atStep(page, '1', 'What challenge were you given?');
  await expect(page.locator('#question1')).toHaveValue('Talk to a stranger at the bus stop');
  await back(page);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
});

test('Back from 6 goes to 5a on the Yes branch, from 5a to 4a', async ({ page }) => {
  await openPage(page, '/survey/question/6', {
    answers: { question1: 'a', question2: 'b', question3: 'Yes', question4a: 'Neutral', question5a: 'No' },
  });
  await back(page);
  await atStep(page, '5a', 'Would you complete another Step Zero challenge tomorrow?');
  await back(page);
  await atStep(page, '4a', 'How would you describe your level of discomfort while completing your challenge');
});

test("the browser's back and forward buttons move through the survey like Back and Next", async ({ page }) => {
  await openPage(page, '/');
  await startSurvey(page);
  await answerStart(page);
  await choose(page, 'Yes');
  await atStep(page, '4a', 'How would you describe your level of discomfort while completing your challenge');
  await page.goBack();
  await atStep(page, '3', 'Did you complete your challenge?');
  await page.goBack();
  await atStep(page, '2', 'Where did you find your challenge?');
  await page.goForward();
  await atStep(page, '3', 'Did you complete your challenge?');
  await page.goForward();
  await atStep(page, '4a', 'How would you describe your level of discomfort while completing your challenge');
  // In-page Back then the browser's Forward return to the same step.
  await back(page);
  await atStep(page, '3', 'Did you complete your challenge?');
  await page.goForward();
  await atStep(page, '4a', 'How would you describe your level of discomfort while completing your challenge');
  // Going back past question 1 leaves the intro out: it replaced itself.
  await page.goBack();
  await page.goBack();
  await page.goBack();
  await atStep(page, '1', 'What challenge were you given?');
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
});

test('reload restores the step and its answers, and stores the current question', async ({ page }) => {
  await openPage(page, '/');
  await startSurvey(page);
  await answerStart(page, 'Ask for a discount', 'TikTok');
  await page.getByRole('radio', { name: 'Yes' }).check();
  await page.reload();
  await atStep(page, '3', 'Did you complete your challenge?');
  await expect(page.getByRole('radio', { name: 'Yes' })).toBeChecked();
  await back(page);
  await expect(page.locator('#question2')).toHaveValue('TikTok');
  const stored = await page.evaluate(() => [
    JSON.parse(localStorage.getItem('stepZeroAnswers')!),
    localStorage.getItem('stepZeroCurrentQuestion'),
  ]);
  expect(stored).toEqual([{ question1: 'Ask for a discount', question2: 'TikTok', question3: 'Yes' }, '2']);
});

test('a deep link past the answers goes to the first step that needs one', async ({ page }) => {
  await openPage(page, '/survey/question/8', { answers: { question1: 'a', question2: 'b', question3: 'Yes' } });
  await atStep(page, '4a', 'How would you describe your level of discomfort while completing your challenge');
  await page.goto('/survey/question/4b');
  await atStep(page, '4a', 'How would you describe your level of discomfort while completing your challenge');
});

test('a deep link with no answers lands on question 1', async ({ page }) => {
  await openPage(page, '/survey/question/5b');
  await atStep(page, '1', 'What challenge were you given?');
});

test('/survey/intro shows the intro then question 1; /survey/location leads to question 2 when reachable', async ({ page }) => {
  await openPage(page, '/survey/intro');
  await expect(heading(page)).toHaveText('TELL US ABOUT YOUR CHALLENGE');
  await page.clock.runFor(3500);
  await atStep(page, '1', 'What challenge were you given?');
  await page.locator('#question1').fill('Dance');
  await next(page);
  await page.goto('/survey/location');
  await atStep(page, '2', 'Where did you find your challenge?');
});

test('an unknown path shows a not-found screen with a way home', async ({ page }) => {
  await openPage(page, '/does/not/exist');
  await expect(heading(page)).toHaveText('Page not found');
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
  await openPage(page, '/thank-you/maybe');
  await expect(heading(page)).toHaveText('Page not found');
});

test('About Back returns to the hero, the privacy page, or the thank-you page it came from', async ({ page }) => {
  await openPage(page, '/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
  await expect(heading(page)).toHaveText('About Step Zero');
  await back(page);
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();

  await page.goto('/privacy');
  // The prerendered page shows before the app takes it over: a click before that is a full page
  // load, with no in-app history for Back (the longer privacy page made that race visible).
  await appReady(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
  await back(page);
  await expect(heading(page)).toHaveText('Privacy, Terms and Cookies');

  await page.goto('/thank-you/not-interested');
  await appReady(page);
  await page.getByRole('link', { name: 'About', exact: true }).last().click();
  await expect(heading(page)).toHaveText('About Step Zero');
  await back(page);
  await expect(page).toHaveURL(/\/thank-you\/not-interested$/);
});

test('Privacy Back returns to the survey step (with its answers), a thank-you page, or About', async ({ page }) => {
  await openPage(page, '/survey/question/8', {
    answers: { question1: 'a', question2: 'b', question3: 'Yes', question4a: 'Neutral', question5a: 'Yes', question6: 'No', age: '30' },
  });
  await page.locator('#gender').selectOption('Female');
  await page.getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page.getByRole('tab', { name: 'Terms of Service' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(/binding individual arbitration under Florida law/)).toBeVisible();
  await back(page);
  await atStep(page, '8', 'Gender');
  await expect(page.locator('#gender')).toHaveValue('Female');

  // Each page is prerendered: a click before the app takes it over is a full load, with no
  // in-app history for Back (and a Back pressed on a page not yet live does nothing).
  await page.goto('/thank-you/completed');
  await appReady(page);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy and Terms' }).click();
  await back(page);
  await expect(page).toHaveURL(/\/thank-you\/completed$/);

  await page.goto('/about');
  await appReady(page);
  await page.getByRole('main').getByRole('link', { name: 'Privacy and Terms' }).click();
  await back(page);
  await expect(heading(page)).toHaveText('About Step Zero');
});

test('the exit button (x) goes home and clears the saved answers', async ({ page }) => {
  await openPage(page, '/survey/question/2', { answers: { question1: 'a' } });
  await page.getByRole('button', { name: 'Exit the survey' }).click();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
  // Forgotten once the hero is shown (state/useSurveyRoutes.ts).
  await expect.poll(() => page.evaluate(() => localStorage.getItem('stepZeroAnswers'))).toBeNull();
});
