// Every validation message of spec point 5, shown under its field, the field marked invalid,
// shaken and focused; and nothing stored while a step is invalid.
import type { Page } from '@playwright/test';
import { atStep, expect, next, openPage, stack, test } from './helpers';

const upTo = {
  '2': { question1: 'a' },
  '3': { question1: 'a', question2: 'b' },
  '4a': { question1: 'a', question2: 'b', question3: 'Yes' },
  '4b': { question1: 'a', question2: 'b', question3: 'Not Yet' },
  '4b-other': { question1: 'a', question2: 'b', question3: 'Not Yet', question4b: 'Other' },
  '5a': { question1: 'a', question2: 'b', question3: 'Yes', question4a: 'Neutral' },
  '5b': { question1: 'a', question2: 'b', question3: 'Not Yet', question4b: "I'm not interested" },
  '6': { question1: 'a', question2: 'b', question3: 'Yes', question4a: 'Neutral', question5a: 'Yes' },
  '7': { question1: 'a', question2: 'b', question3: 'Yes', question4a: 'Neutral', question5a: 'Yes', question6: 'No' },
  '8': { question1: 'a', question2: 'b', question3: 'Yes', question4a: 'Neutral', question5a: 'Yes', question6: 'No', age: '30' },
};

// The shake class lives only as long as its 0.42 s animation, which a busy machine can finish
// before a check polls for it; so record every element that was given the class.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const shaken: string[] = [];
    Object.assign(window, { __shaken: shaken });
    new MutationObserver((changes) => {
      for (const change of changes) {
        const elements = [change.target, ...change.addedNodes].filter((n): n is Element => n instanceof Element);
        for (const element of elements) {
          for (const hit of [element, ...element.querySelectorAll('.shake')]) {
            if (hit.classList.contains('shake')) shaken.push(hit.id);
          }
        }
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['class'], childList: true });
  });
});

async function expectShaken(page: Page, id: string) {
  await expect
    .poll(() =>
      page.evaluate((groupId) => {
        const record = (window as unknown as { __shaken: string[] }).__shaken;
        const seen = record.includes(groupId) || document.getElementById(groupId)?.classList.contains('shake');
        record.length = 0; // the next check needs a shake of its own
        return seen;
      }, id),
    )
    .toBe(true);
}

async function expectError(page: Page, field: string, message: string, focusSelector: string) {
  const error = page.locator(`#${field}-error`);
  await expect(error).toHaveText(`Error: ${message}`);
  await expectShaken(page, `${field}-group`);
  await expect(page.locator(focusSelector)).toBeFocused();
  await expect(page.locator(focusSelector)).toHaveAttribute('aria-invalid', 'true');
}

test('question 1: empty and whitespace-only', async ({ page }) => {
  await openPage(page, '/survey/question/1');
  await next(page);
  await expectError(page, 'question1', 'Please enter your challenge', '#question1');
  await expect(page.locator('#question1')).toHaveAttribute('aria-describedby', /question1-error/);
  await page.locator('#question1').fill('   ');
  await next(page);
  await expectError(page, 'question1', 'Please enter your challenge', '#question1');
  await expect(page).toHaveURL(/question\/1$/);
});

test('question 2: empty', async ({ page }) => {
  await openPage(page, '/survey/question/2', { answers: upTo['2'] });
  await next(page);
  await expectError(page, 'question2', 'Please enter where you found it', '#question2');
});

for (const [step, field] of [
  ['3', 'question3'],
  ['4a', 'question4a'],
  ['4b', 'question4b'],
  ['5a', 'question5a'],
  ['5b', 'question5b'],
  ['6', 'question6'],
] as const) {
  test(`question ${step}: no option chosen`, async ({ page }) => {
    await openPage(page, `/survey/question/${step}`, { answers: upTo[step] });
    await next(page);
    await expectError(page, field, 'Please choose a response', `#${field}-0`);
  });
}

test('4b-other: empty text', async ({ page }) => {
  await openPage(page, '/survey/question/4b-other', { answers: upTo['4b-other'] });
  await next(page);
  await expectError(page, 'answer4b-other', 'Please provide a response', '#answer4b-other');
});

test('5b Yes: empty email, then a malformed one, then a good one', async ({ page }) => {
  await openPage(page, '/survey/question/5b', { answers: upTo['5b'] });
  await page.getByRole('radio', { name: 'Yes' }).check();
  await next(page);
  await expectError(page, 'answer5b-email', 'Please provide an email address', '#answer5b-email');
  for (const bad of ['me@example', 'me@example.c', 'me example@x.io', '@x.io']) {
    await page.locator('#answer5b-email').fill(bad);
    await next(page);
    await expectError(page, 'answer5b-email', 'Please provide a valid email address', '#answer5b-email');
  }
  await page.locator('#answer5b-email').fill('me@example.co');
  await next(page);
  await atStep(page, '6', 'Do you consent to having your responses anonymously shared online?');
});

test('age: digits only while typing; empty, 0 and 121 are refused; 120 passes', async ({ page }) => {
  await openPage(page, '/survey/question/7', { answers: upTo['7'] });
  const age = page.locator('#age');
  await age.click();
  await page.keyboard.type('1e-+.2');
  await expect(age).toHaveValue('12');
  await age.fill('');
  await next(page);
  await expectError(page, 'age', 'Please provide a valid age', '#age');
  for (const bad of ['0', '121']) {
    await age.fill(bad);
    await next(page);
    await expectError(page, 'age', 'Please provide a valid age', '#age');
  }
  await age.fill('120');
  await next(page);
  await atStep(page, '8', 'Gender');
});

test('8: gender and consent have separate messages; nothing is submitted', async ({ page, request }) => {
  await openPage(page, '/survey/question/8', { answers: upTo['8'] });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.locator('#gender-error')).toHaveText('Error: Please provide a response');
  await expect(page.locator('#termsConsent-error')).toHaveText(
    'Error: You must acknowledge and agree to the Privacy Policy and Terms of Service to continue',
  );
  await expect(page.locator('#gender')).toBeFocused();
  await page.locator('#gender').selectOption('Male');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.locator('#gender-error')).toHaveCount(0);
  await expectError(
    page,
    'termsConsent',
    'You must acknowledge and agree to the Privacy Policy and Terms of Service to continue',
    '#termsConsent',
  );
  await expect(page.getByText('SUBMITTED')).toHaveCount(0);
  expect(await stack.rows(request)).toEqual([]);
});
