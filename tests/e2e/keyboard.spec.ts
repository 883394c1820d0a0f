// Keyboard only: the Yes, Not Yet and Not Interested paths end to end with no mouse;
// focus lands on each step's heading and, on an error, on the field; Enter moves on from a
// one-line field and adds a line in the textarea; the cookie banner is reachable and traps nothing.
import type { Locator, Page } from '@playwright/test';
import { expect, heading, openPage, rowsWhen, test } from './helpers';

/** Tabs forward until `target` has focus (at most 40 presses: it must be reachable). */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 40; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`not reachable with Tab: ${target}`);
}

/** Each step starts with focus on its heading (the question). */
async function atStep(page: Page, step: string, title: string) {
  await expect(page).toHaveURL(new RegExp(`/survey/question/${step}$`));
  await expect(heading(page)).toHaveText(title);
  await expect(heading(page)).toBeFocused();
}

async function typeAndEnter(page: Page, label: string, text: string) {
  await page.keyboard.press('Tab');
  await expect(page.getByLabel(label)).toBeFocused();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

/** Radios: Tab into the group, arrows to the option, then Tab on to Next and Enter. */
async function chooseByKeyboard(page: Page, option: string) {
  await page.keyboard.press('Tab');
  const radio = page.getByRole('radio', { name: option, exact: true });
  for (let i = 0; i < 6 && !(await radio.isChecked()); i += 1) await page.keyboard.press(i === 0 ? 'Space' : 'ArrowDown');
  await expect(radio).toBeChecked();
  await expect(radio).toBeFocused();
  await tabTo(page, page.getByRole('button', { name: 'Next' }));
  await page.keyboard.press('Enter');
}

async function startByKeyboard(page: Page) {
  await openPage(page, '/');
  await expect(heading(page)).toBeFocused();
  await tabTo(page, page.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/survey\/intro$/);
  await page.clock.runFor(3500);
  await atStep(page, '1', 'What challenge were you given?');
}

async function endByKeyboard(page: Page, type: 'completed' | 'not-completed') {
  await typeAndEnter(page, 'Age', '34');
  await atStep(page, '8', 'Gender');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Gender')).toBeFocused();
  await page.keyboard.press('ArrowDown'); // the first option; a closed select changes with arrows
  await expect(page.getByLabel('Gender')).not.toHaveValue('');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('checkbox')).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page.getByRole('checkbox')).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Submit' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('SUBMITTED')).toBeVisible();
  await page.clock.runFor(2250);
  await expect(async () => {
    await page.clock.runFor(500);
    await expect(page).toHaveURL(new RegExp(`/thank-you/${type}$`), { timeout: 250 });
  }).toPass({ timeout: 20_000 });
  await expect(heading(page)).toBeFocused();
}

test('Yes path with the keyboard only', async ({ page, request }) => {
  await startByKeyboard(page);
  await typeAndEnter(page, 'What challenge were you given?', 'Sing on the bus');
  await atStep(page, '2', 'Where did you find your challenge?');
  await typeAndEnter(page, 'Where did you find your challenge?', 'A poster');
  await atStep(page, '3', 'Did you complete your challenge?');
  await chooseByKeyboard(page, 'Yes');
  await atStep(page, '4a', 'How would you describe your level of discomfort while completing your challenge');
  await chooseByKeyboard(page, 'Uncomfortable');
  await atStep(page, '5a', 'Would you complete another Step Zero challenge tomorrow?');
  await chooseByKeyboard(page, 'Yes');
  await atStep(page, '6', 'Do you consent to having your responses anonymously shared online?');
  await chooseByKeyboard(page, 'No');
  await atStep(page, '7', 'Age');
  await endByKeyboard(page, 'completed');
  const [row] = await rowsWhen(request, 1);
  expect(row).toMatchObject({
    question1_challenge: 'Sing on the bus',
    question3_completed: 'Yes',
    question4a_discomfort: 'Uncomfortable',
    question7_age: 34,
  });
});

test('Not Yet path with the keyboard only; Enter in the Other box adds a line', async ({ page, request }) => {
  await startByKeyboard(page);
  await typeAndEnter(page, 'What challenge were you given?', 'Ask a question in class');
  await atStep(page, '2', 'Where did you find your challenge?');
  await typeAndEnter(page, 'Where did you find your challenge?', 'Teacher');
  await atStep(page, '3', 'Did you complete your challenge?');
  await chooseByKeyboard(page, 'Not Yet');
  await atStep(page, '4b', 'Why not?');
  await chooseByKeyboard(page, 'Other');
  await atStep(page, '4b-other', 'Why not?');
  await page.keyboard.press('Tab');
  const box = page.getByRole('textbox');
  await expect(box).toBeFocused();
  await page.keyboard.type('It was cancelled');
  await page.keyboard.press('Enter'); // a new line, not the next step
  await page.keyboard.type('twice');
  await expect(page).toHaveURL(/\/survey\/question\/4b-other$/);
  await expect(box).toHaveValue('It was cancelled\ntwice');
  await tabTo(page, page.getByRole('button', { name: 'Next' }));
  await page.keyboard.press('Enter');
  await atStep(page, '5b', 'Would you like to be reminded to complete your challenge?');
  await chooseByKeyboard(page, 'No');
  await atStep(page, '6', 'Do you consent to having your responses anonymously shared online?');
  await chooseByKeyboard(page, 'No');
  await atStep(page, '7', 'Age');
  await endByKeyboard(page, 'not-completed');
  const [row] = await rowsWhen(request, 1);
  expect(row).toMatchObject({ question3_completed: 'Not Yet', question4b_reason: 'Other', question4b_other: 'It was cancelled\ntwice' });
});

test('Not Interested with the keyboard only', async ({ page }) => {
  await openPage(page, '/');
  await tabTo(page, page.getByRole('button', { name: 'Not Interested' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/thank-you\/not-interested$/);
  await expect(heading(page)).toBeFocused();
  await tabTo(page, page.getByRole('button', { name: 'Go Back' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
});

test('an error moves focus to the field; Enter on a one-line field moves on once it is valid', async ({ page }) => {
  await openPage(page, '/survey/question/1');
  await expect(heading(page)).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  const field = page.getByLabel('What challenge were you given?');
  await expect(page.getByText('Please enter your challenge')).toBeVisible();
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('aria-describedby', /question1-error/);
  await page.keyboard.type('Dance');
  await page.keyboard.press('Enter');
  await atStep(page, '2', 'Where did you find your challenge?');
});

test('a choice error moves focus to the first option', async ({ page }) => {
  await openPage(page, '/survey/question/3', { answers: { question1: 'a', question2: 'b' } });
  await tabTo(page, page.getByRole('button', { name: 'Next' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Please choose a response')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Yes' })).toBeFocused();
});

test('the cookie banner is reachable with Tab, works with Enter, and traps nothing', async ({ page }) => {
  await openPage(page, '/', { banner: true });
  const banner = page.getByRole('region', { name: 'Your privacy, your choice' });
  await expect(banner).toBeVisible();
  const seen: string[] = [];
  for (let i = 0; i < 40; i += 1) {
    await page.keyboard.press('Tab');
    seen.push(await page.evaluate(() => (document.activeElement?.closest('.cookie-banner') ? 'banner' : 'page')));
  }
  // Tab reaches the banner, and goes on past it (back to the page), again and again.
  expect(seen).toContain('banner');
  const firstOut = seen.indexOf('page', seen.indexOf('banner'));
  expect(firstOut).toBeGreaterThan(0);
  await tabTo(page, banner.getByRole('button', { name: 'Necessary Only' }));
  await page.keyboard.press('Enter');
  await expect(banner).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('cookiesAccepted'))).toBe('necessary');
});

test('every page starts with focus on its heading', async ({ page }) => {
  await openPage(page, '/about');
  await expect(heading(page)).toBeFocused();
  await tabTo(page, page.getByRole('link', { name: 'Privacy and Terms' }).first());
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/privacy/);
  await expect(heading(page)).toBeFocused();
});
