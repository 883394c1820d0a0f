// WCAG 2.2 AA: axe-core finds nothing on every screen and state — each question empty,
// with its error, with its reveal open; both overlays; the cookie banner; each thank-you type;
// the fallback screen; about; each privacy tab; not found — at a phone's and a desktop's width.
// Plus what axe cannot judge: titles, the progressbar, the disabled Foundations item, touch
// target sizes, and reduced motion (the shake and the intro keep their timing, lose their motion).
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, heading, openPage, stack, test } from './helpers';
import { emailOpenWithItsError, next, notYet, openFallbackScreen, questionStates, yes, type State } from './states';

/**
 * axe with WCAG 2.x A/AA rules (and 2.2) plus best practice; nothing may be reported. Legacy
 * mode: axe runs in the page in one call, where the default runs it per frame and opens a blank
 * page to merge the frames' results. The site has no frames; the blank page costs about 0.3 s a
 * call (figures: commit e3657d0).
 */
async function axe(page: Page, options: { pumpClock?: boolean } = {}) {
  // @axe-core/playwright types its page against a second copy of playwright-core: same API.
  const builder = new AxeBuilder({ page: page as unknown as ConstructorParameters<typeof AxeBuilder>[0]['page'] });
  const run = builder.setLegacyMode(true).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  // axe waits on its own zero-delay timers: with a paused fake clock (the overlays), move time on
  // a millisecond at a time so they fire while the overlay's 2.25 s never comes.
  let done = false;
  const pump = (async () => {
    while (options.pumpClock && !done) {
      await page.clock.runFor(1);
      await page.waitForTimeout(20);
    }
  })();
  const { violations } = await run.finally(() => (done = true));
  await pump;
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const states: State[] = [
  { name: 'hero with the cookie banner', path: '/', banner: true },
  { name: 'hero', path: '/' },
  { name: 'about', path: '/about' },
  { name: 'privacy: Privacy Policy tab', path: '/privacy#privacy' },
  { name: 'privacy: Terms of Service tab', path: '/privacy#terms' },
  { name: 'privacy: Cookies Policy tab', path: '/privacy#cookies' },
  { name: 'intro', path: '/survey/intro' },
  { name: 'thank-you completed', path: '/thank-you/completed' },
  { name: 'thank-you not-completed', path: '/thank-you/not-completed' },
  { name: 'thank-you not-interested', path: '/thank-you/not-interested' },
  { name: 'not found', path: '/nope' },
];

states.push(...questionStates);
states.push(
  {
    name: 'question 4b with Other chosen',
    path: '/survey/question/4b',
    answers: { ...notYet, question4b: undefined },
    act: (page) => page.getByRole('radio', { name: 'Other' }).check(),
  },
  emailOpenWithItsError,
  {
    name: 'question 6 with the attachment open and a file',
    path: '/survey/question/6',
    answers: { ...yes, question6: undefined },
    act: async (page) => {
      await page.getByRole('radio', { name: 'Yes' }).check();
      await page.setInputFiles('#attachment', { name: 'a.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(10) });
    },
  },
);

for (const width of [360, 1440]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 600 ? 740 : 900 } });
    for (const state of states) {
      test(`axe: ${state.name}`, async ({ page }) => {
        await page.emulateMedia({ reducedMotion: 'reduce' });
        // Real clock: axe schedules its own timers, which a paused fake clock would hold forever.
        await openPage(page, state.path, { answers: state.answers, banner: state.banner, clock: false });
        await expect(heading(page)).toBeVisible(); // the page, not its loading line
        await state.act?.(page);
        if (state.banner) await expect(page.getByRole('region', { name: 'Your privacy, your choice' })).toBeVisible();
        expect(await axe(page)).toEqual([]);
      });
    }
  });
}

test('axe: the fallback screen (local storage unreadable at start)', async ({ page }) => {
  await openFallbackScreen(page);
  expect(await axe(page)).toEqual([]);
});

test('axe: both submission overlays', async ({ page, request }) => {
  await openPage(page, '/survey/question/8', { answers: yes });
  await page.getByLabel('Gender').selectOption('Female');
  await page.getByRole('checkbox').check();
  // The insert is held so PROCESSING stays up while axe looks at it, however slow the machine
  // (the page's clock is paused, so the 10 s deadline does not end it either).
  await stack.faults(request, { insert: 'hold' });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('SUBMITTED')).toBeVisible();
  await expect(page.getByRole('dialog')).toBeFocused();
  expect(await axe(page, { pumpClock: true })).toEqual([]);
  await page.clock.runFor(2250);
  await expect(page.getByText('PROCESSING YOUR RESPONSE')).toBeVisible();
  expect(await axe(page, { pumpClock: true })).toEqual([]);
  // Let the held insert land before the next test resets the backend.
  await stack.faults(request, {});
  await expect(async () => {
    await page.clock.runFor(500);
    await expect(page).toHaveURL(/\/thank-you\/completed$/, { timeout: 250 });
  }).toPass({ timeout: 30_000 });
});

test('titles name the page and the step, and say "Error:" while a step is invalid', async ({ page }) => {
  await openPage(page, '/survey/question/1');
  await expect(page).toHaveTitle('Question 1 of 8 – Step Zero');
  await next(page);
  await expect(page).toHaveTitle('Error: Question 1 of 8 – Step Zero');
  await page.getByLabel('What challenge were you given?').fill('x');
  await expect(page).toHaveTitle('Question 1 of 8 – Step Zero');
  for (const [path, title] of [
    ['/about', 'About – Step Zero'],
    ['/privacy', 'Privacy, Terms and Cookies – Step Zero'],
    ['/nope', 'Page not found – Step Zero'],
  ]) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
  }
});

test('question 3 is "Question 3 of 8"; 4a, 4b and 4b-other are all question 4', async ({ page }) => {
  await openPage(page, '/survey/question/3', { answers: notYet });
  await expect(page).toHaveTitle('Question 3 of 8 – Step Zero');
  for (const step of ['4b', '4b-other']) {
    await page.goto(`/survey/question/${step}`);
    await expect(page).toHaveTitle('Question 4 of 8 – Step Zero');
  }
});

test('each route has its own meta description, and the share tags are there', async ({ page }) => {
  await openPage(page, '/');
  const description = () => page.locator('meta[name="description"]').getAttribute('content');
  const hero = await description();
  await page.goto('/about');
  await expect(heading(page)).toBeVisible();
  expect(await description()).not.toBe(hero);
  for (const selector of [
    'meta[property="og:title"]',
    'meta[property="og:image"]',
    'meta[name="twitter:card"]',
    'link[rel="manifest"]',
    'link[rel="apple-touch-icon"]',
  ]) {
    await expect(page.locator(selector)).toHaveCount(1);
  }
  for (const path of [
    '/robots.txt',
    '/manifest.webmanifest',
    '/og-image.png',
    '/icon-192.png',
    '/icon-512.png',
    '/apple-touch-icon.png',
    '/favicon.svg',
  ]) {
    expect((await page.request.get(path)).status(), path).toBe(200);
  }
});

test('the progress bar is a labelled progressbar with its value', async ({ page }) => {
  await openPage(page, '/survey/question/3', { answers: notYet });
  const bar = page.getByRole('progressbar', { name: 'Survey progress' });
  await expect(bar).toHaveAttribute('aria-valuenow', '33');
  await expect(bar).toHaveAttribute('aria-valuemin', '0');
  await expect(bar).toHaveAttribute('aria-valuemax', '100');
});

test('errors are tied to their field and announced', async ({ page }) => {
  await openPage(page, '/survey/question/8', { answers: yes });
  await page.getByRole('button', { name: 'Submit' }).click();
  const gender = page.getByLabel('Gender');
  await expect(gender).toBeFocused();
  await expect(gender).toHaveAttribute('aria-invalid', 'true');
  await expect(gender).toHaveAccessibleDescription('Error: Please provide a response');
  await expect(page.getByRole('checkbox')).toHaveAccessibleDescription(
    'Error: You must acknowledge and agree to the Privacy Policy and Terms of Service to continue',
  );
  await expect(page.locator('#gender-error')).toHaveText('Error: Please provide a response');
  await expect(page.locator('[aria-live="polite"]').filter({ has: page.locator('#gender-error') })).toHaveCount(1);
});

test('Foundations is exposed as a disabled item and takes no focus', async ({ page }) => {
  await openPage(page, '/about');
  const foundations = page.getByRole('link', { name: 'Foundations' });
  await expect(foundations).toBeDisabled();
  for (let i = 0; i < 8; i += 1) {
    await page.keyboard.press('Tab');
    await expect(foundations).not.toBeFocused();
  }
});

test('touch targets are at least 24 by 24 px at 360 px wide', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const small: string[] = [];
  await openPage(page, '/nope', { clock: false });
  for (const [path, answers] of [
    ['/', null],
    ['/about', null],
    ['/privacy', null],
    ['/thank-you/not-interested', null],
    ['/survey/question/3', notYet],
    ['/survey/question/8', yes],
  ] as const) {
    await page.evaluate((stored) => {
      localStorage.removeItem('cookiesAccepted'); // the banner's buttons are measured too
      if (stored) localStorage.setItem('stepZeroAnswers', JSON.stringify(stored));
    }, answers);
    await page.goto(path);
    await expect(heading(page)).toBeVisible();
    small.push(
      ...(await page.evaluate(() => {
        // Links inside a sentence are exempt (WCAG 2.5.8 "inline"); everything else is measured.
        const inline = (el: HTMLElement) => el.tagName === 'A' && el.parentElement!.textContent!.trim() !== el.textContent!.trim();
        const targets = [...document.querySelectorAll<HTMLElement>('button, a[href], select, input, textarea, label:has(input)')].filter(
          (el) => !inline(el),
        );
        return targets
          .filter(
            (el) =>
              el.getClientRects().length &&
              getComputedStyle(el).visibility !== 'hidden' &&
              !el.classList.contains('visually-hidden') &&
              el.getAttribute('type') !== 'file' &&
              el.getAttribute('type') !== 'text' &&
              el.className !== 'skip-link',
          )
          .map((el) => ({ el, box: el.getBoundingClientRect() }))
          .filter(({ box }) => box.width < 24 || box.height < 24)
          .map(
            ({ el, box }) =>
              `${location.pathname} ${el.tagName.toLowerCase()} "${el.textContent?.trim() || el.getAttribute('aria-label') || el.id}" ${Math.round(box.width)}x${Math.round(box.height)}`,
          );
      })),
    );
  }
  expect(small).toEqual([]);
});

/** The shake's duration: the class put on and its animation read in one task, so nothing (an
 *  animation's end, the app's own shake) can take the class off between the two. */
const shakeDuration = (page: Page) =>
  page.locator('#question1-group').evaluate((el) => {
    el.classList.add('shake');
    return parseFloat(getComputedStyle(el).animationDuration);
  });

test('an invalid field shakes when motion is allowed', async ({ page }) => {
  await openPage(page, '/survey/question/1');
  await next(page);
  await expect(page.getByText('Please enter your challenge')).toBeVisible();
  // The class comes off when the 0.42 s animation ends: put it back to read its duration (once
  // it is off: put back while the animation still ran, it would come off again).
  await expect(page.locator('#question1-group')).not.toHaveClass(/\bshake\b/);
  expect(await shakeDuration(page)).toBeGreaterThan(0.3);
});

test('reduced motion: the shake and the intro lose their movement, not their timing', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openPage(page, '/survey/question/1');
  await next(page);
  await expect(page.getByText('Please enter your challenge')).toBeVisible();
  expect(await shakeDuration(page)).toBeLessThan(0.01);

  await page.goto('/');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/survey\/intro$/);
  const title = page.getByRole('heading', { name: 'TELL US ABOUT YOUR CHALLENGE' });
  expect(await title.evaluate((el) => parseFloat(getComputedStyle(el).animationDuration))).toBeLessThan(0.01);
  await page.clock.runFor(3499);
  await expect(page).toHaveURL(/\/survey\/intro$/);
  await page.clock.runFor(1);
  await expect(page).toHaveURL(/\/survey\/question\/1$/);
});
