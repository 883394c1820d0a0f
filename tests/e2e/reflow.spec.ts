// WCAG 1.4.10 Reflow and 1.4.12 Text Spacing (issue #25): at 320 CSS px wide (a 1280 px screen
// at 400% zoom) every page, survey step, error, overlay and fallback fits the width — no sideways
// scrolling, no clipped text — with and without the text-spacing overrides, and with long
// unbroken input. The cookie banner is a bottom sheet that leaves the hero's two buttons visible
// on a 360×640 phone, never hides content for good (the page scrolls everything clear of it)
// and moves nothing when it appears.
import type { Locator, Page } from '@playwright/test';
import { expect, heading, openPage, stack, test } from './helpers';
import { emailOpenWithItsError, notYet, openFallbackScreen, questionStates, yes, type State } from './states';

// The overrides of WCAG 1.4.12 (the W3C's own text-spacing bookmarklet). Injected as a <style>
// element, which the site's CSP refuses: the tests bypass it.
const TEXT_SPACING =
  '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } ' +
  'p { margin-bottom: 2em !important; }';
test.use({ bypassCSP: true });

const textSpacing = (page: Page) => page.addStyleTag({ content: TEXT_SPACING });

/** What does not reflow on the page as it is now: sideways scrolling, and clipped boxes. */
function reflowProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) problems.push(`the page is ${root.scrollWidth} px wide in a ${root.clientWidth} px viewport`);
    for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
      if (!el.getClientRects().length) continue; // not rendered (display: none, a hidden tab)
      const style = getComputedStyle(el);
      if (![style.overflowX, style.overflowY].some((value) => value === 'hidden' || value === 'clip')) continue;
      // Visually hidden text (.visually-hidden, the usual sr-only pattern: a 1×1 px box with
      // clip: rect(0 0 0 0)) is there for screen readers only and clips by design — nothing in
      // it is meant to be seen, so its clipping hides nothing from anyone.
      if (el.clientWidth <= 1 && el.clientHeight <= 1 && style.clip.startsWith('rect(')) continue;
      // A one-line text field (Chromium gives <input> overflow: clip) shows a long value by
      // scrolling it inside the field, under the caret: that is how a single line of input
      // works, not lost content. The field itself must still fit the width (checked above).
      if (el.tagName === 'INPUT') continue;
      if (el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight) {
        const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${[...el.classList].map((c) => `.${c}`).join('')}`;
        const text = (el.textContent ?? '').trim().slice(0, 40);
        problems.push(`${name} "${text}" clips ${el.scrollWidth}×${el.scrollHeight} of content to ${el.clientWidth}×${el.clientHeight}`);
      }
    }
    return problems;
  });
}

/** The page as it is, then again with the text-spacing overrides on. */
async function expectReflow(page: Page) {
  const plain = await reflowProblems(page);
  await textSpacing(page);
  const spaced = await reflowProblems(page);
  expect({ plain, 'with text spacing': spaced }).toEqual({ plain: [], 'with text spacing': [] });
}

// Long unbroken input: no spaces to wrap at.
const LONG_ANSWER = 'x'.repeat(2000);
const LONG_EMAIL = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`; // 254 characters
const LONG_FILE_NAME = `${'f'.repeat(196)}.jpg`; // 200 characters

const states: State[] = [
  { name: 'hero', path: '/' },
  { name: 'hero with the cookie banner', path: '/', banner: true },
  { name: 'about', path: '/about' },
  { name: 'about with the cookie banner', path: '/about', banner: true },
  { name: 'privacy: Privacy Policy tab', path: '/privacy#privacy' },
  { name: 'privacy: Terms of Service tab', path: '/privacy#terms' },
  { name: 'privacy: Cookies Policy tab', path: '/privacy#cookies' },
  { name: 'intro', path: '/survey/intro' },
  { name: 'thank-you completed', path: '/thank-you/completed' },
  {
    name: 'thank-you completed with the response reference',
    path: '/thank-you/completed',
    act: async (page) => {
      // What a submission leaves for its tab (reference.spec.ts checks it is the row's).
      await page.evaluate(() => sessionStorage.setItem('stepZeroReference', JSON.stringify({ type: 'completed', reference: 'WXYZ-7890' })));
      await page.reload();
      await expect(page.getByText('Your reference: WXYZ-7890')).toBeVisible();
    },
  },
  { name: 'thank-you not-completed', path: '/thank-you/not-completed' },
  { name: 'thank-you not-interested', path: '/thank-you/not-interested' },
  { name: 'thank-you not-interested with the cookie banner', path: '/thank-you/not-interested', banner: true },
  { name: 'not found (404)', path: '/nope' },
];

states.push(...questionStates);
states.push(
  { name: 'question 1 with the cookie banner', path: '/survey/question/1', banner: true },
  {
    name: 'question 1 with a 2,000-character answer without spaces',
    path: '/survey/question/1',
    act: (page) => page.getByLabel('What challenge were you given?').fill(LONG_ANSWER),
  },
  {
    name: 'question 2 with a 2,000-character answer without spaces',
    path: '/survey/question/2',
    answers: { question1: 'a' },
    act: (page) => page.getByLabel('Where did you find your challenge?').fill(LONG_ANSWER),
  },
  {
    name: 'question 4b-other with a 2,000-character answer without spaces',
    path: '/survey/question/4b-other',
    answers: { ...notYet, 'answer4b-other': undefined },
    act: (page) => page.getByLabel('Why not?').fill(LONG_ANSWER),
  },
  emailOpenWithItsError,
  {
    name: 'question 5b with a 254-character email address',
    path: '/survey/question/5b',
    answers: { ...notYet, question5b: undefined },
    act: async (page) => {
      await page.getByRole('radio', { name: 'Yes' }).check();
      await page.getByLabel('Email address').fill(LONG_EMAIL);
    },
  },
  {
    name: 'question 6 with a 200-character file name',
    path: '/survey/question/6',
    answers: { ...yes, question6: undefined },
    act: async (page) => {
      await page.getByRole('radio', { name: 'Yes' }).check();
      await page.setInputFiles('#attachment', { name: LONG_FILE_NAME, mimeType: 'image/jpeg', buffer: Buffer.alloc(10) });
      await expect(page.getByText(LONG_FILE_NAME)).toBeVisible();
    },
  },
);

test.describe('at 320 px', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  for (const state of states) {
    test(`reflow: ${state.name}`, async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' }); // the layout at rest, not mid-animation
      await openPage(page, state.path, { answers: state.answers, banner: state.banner });
      await expect(heading(page)).toBeVisible(); // the page, not its loading line
      await state.act?.(page);
      if (state.banner) await expect(page.getByRole('region', { name: 'Your privacy, your choice' })).toBeVisible();
      await expectReflow(page);
    });
  }

  test('reflow: the fallback screen', async ({ page }) => {
    await openFallbackScreen(page);
    await expectReflow(page);
  });

  test('reflow: both submission overlays', async ({ page, request }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openPage(page, '/survey/question/8', { answers: yes });
    await page.getByLabel('Gender').selectOption('Female');
    await page.getByRole('checkbox').check();
    // The insert is held so PROCESSING stays up while it is measured (the page's clock is paused).
    await stack.faults(request, { insert: 'hold' });
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('SUBMITTED')).toBeVisible();
    const plain = await reflowProblems(page);
    await textSpacing(page);
    const spaced = await reflowProblems(page);
    expect({ plain, 'with text spacing': spaced }, 'SUBMITTED').toEqual({ plain: [], 'with text spacing': [] });
    await page.clock.runFor(2250);
    await expect(page.getByText('PROCESSING YOUR RESPONSE')).toBeVisible();
    await expect(page.getByText('Connecting to database...')).toBeVisible();
    expect(await reflowProblems(page), 'PROCESSING, with text spacing').toEqual([]);
    // Let the held insert land before the next test resets the backend.
    await stack.faults(request, {});
    await expect(async () => {
      await page.clock.runFor(500);
      await expect(page).toHaveURL(/\/thank-you\/completed$/, { timeout: 250 });
    }).toPass({ timeout: 30_000 });
  });
});

const banner = (page: Page) => page.getByRole('region', { name: 'Your privacy, your choice' });

/** Whether a click at the centre of `target` reaches it (nothing drawn over it, in the viewport). */
const hitAtCentre = (target: Locator) =>
  target.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return hit === el || el.contains(hit);
  });

test.describe('the cookie banner at 360×640, on a first visit', () => {
  test.use({ viewport: { width: 360, height: 640 } });

  // Each page's main action lands without scrolling, clear of the banner: the hero's buttons,
  // the first question's and the thank-you page's.
  for (const [path, buttons] of [
    ['/', ['Continue', 'Not Interested']],
    ['/survey/question/1', ['Back', 'Next']],
    ['/thank-you/not-interested', ['Go Back', 'About']],
  ] as const) {
    test(`leaves ${buttons.join(' and ')} on ${path} visible and usable without scrolling`, async ({ page }) => {
      await openPage(page, path, { banner: true });
      await expect(banner(page)).toBeVisible();
      for (const name of buttons) {
        const button = page.locator('#main').getByRole(name === 'About' ? 'link' : 'button', { name, exact: true });
        expect(await hitAtCentre(button), `${name} is under the banner or off screen`).toBe(true);
      }
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    });
  }

  test('Not Interested, clicked where it shows, leads on', async ({ page }) => {
    await openPage(page, '/', { banner: true });
    await page.getByRole('button', { name: 'Not Interested' }).click();
    await expect(page).toHaveURL(/\/thank-you\/not-interested$/);
  });

  test('keeps its three choices and its Learn more link', async ({ page }) => {
    await openPage(page, '/', { banner: true });
    for (const name of ['Accept All', 'Necessary Only', 'Decline All'])
      expect(await hitAtCentre(banner(page).getByRole('button', { name })), name).toBe(true);
    await expect(banner(page).getByRole('link', { name: /^Learn more/ })).toHaveAttribute('href', '/privacy#cookies');
  });
});

// Focus never lands under the sheet (WCAG 2.4.11): the page keeps scroll padding as tall as it.
for (const size of [
  { width: 320, height: 640 },
  { width: 360, height: 640 },
]) {
  test.describe(`Tab through the page while the banner shows, at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });
    for (const path of ['/', '/about', '/privacy']) {
      test(`every control focused on ${path} is clear of the banner, with text spacing`, async ({ page }) => {
        await openPage(page, path, { banner: true });
        await expect(banner(page)).toBeVisible();
        await textSpacing(page);
        const under: string[] = [];
        for (let i = 0; i < 16; i += 1) {
          await page.keyboard.press('Tab');
          const hidden = await page.evaluate(() => {
            const focused = document.activeElement as HTMLElement | null;
            if (!focused || focused === document.body || focused.closest('.cookie-banner')) return null;
            const box = focused.getBoundingClientRect();
            const sheet = document.querySelector('.cookie-banner')!.getBoundingClientRect();
            // A control that fits above the sheet must be wholly clear of it; a taller one (a
            // policy's tab panel) must at least start above it.
            const clear = box.height <= sheet.top ? box.bottom <= sheet.top + 1 : box.top < sheet.top;
            return clear ? null : `${focused.tagName.toLowerCase()} "${focused.textContent?.trim().slice(0, 30)}"`;
          });
          if (hidden) under.push(hidden);
        }
        expect(under).toEqual([]);
      });
    }
  });
}

// Every page the banner can show on: scrolled to the end, the whole page is clear of it.
for (const size of [
  { width: 320, height: 640 },
  { width: 360, height: 640 },
  { width: 1440, height: 900 },
]) {
  test.describe(`while the banner shows, at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });
    for (const [path, answers] of [
      ['/', undefined],
      ['/about', undefined],
      ['/privacy#cookies', undefined],
      ['/thank-you/not-interested', undefined],
      ['/survey/question/1', undefined],
      ['/survey/question/8', yes],
      ['/nope', undefined],
    ] as const) {
      test(`every part of ${path} scrolls clear of the banner, with and without text spacing`, async ({ page }) => {
        await openPage(page, path, { banner: true, answers });
        await expect(heading(page)).toBeVisible();
        await expect(banner(page)).toBeVisible();
        const covered = () =>
          page.evaluate(() => {
            window.scrollTo(0, document.documentElement.scrollHeight);
            const sheet = document.querySelector('.cookie-banner')!.getBoundingClientRect();
            const content = document.querySelector('.app')!.getBoundingClientRect();
            // Overlap of the page (all of it, scrolled to its end) with the banner, in px.
            const overlap = Math.min(content.bottom, sheet.bottom) - Math.max(content.top, sheet.top);
            const sideBySide = content.right <= sheet.left || sheet.right <= content.left;
            return sideBySide ? 0 : Math.max(0, Math.round(overlap));
          });
        const plain = await covered();
        await textSpacing(page);
        const spaced = await covered();
        expect({ plain, 'with text spacing': spaced }, 'px of the page still under the banner at the end of the scroll').toEqual({
          plain: 0,
          'with text spacing': 0,
        });
      });
    }
  });
}

test.describe('the banner moves nothing when it appears', () => {
  test.use({ viewport: { width: 360, height: 640 } });

  /** The layout shifts of the page load so far, what moved, and every place the banner was
   *  painted at (the Layout Instability API leaves out a sticky box's own moves: watched apart). */
  async function recordShifts(page: Page) {
    await page.addInitScript(() => {
      const w = window as unknown as { shifts: number; moved: string[]; bannerTops: number[] };
      w.shifts = 0;
      w.moved = [];
      w.bannerTops = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          const shift = entry as unknown as { value: number; sources?: { node?: Node; previousRect: DOMRect; currentRect: DOMRect }[] };
          w.shifts += shift.value;
          for (const { node, previousRect: a, currentRect: b } of shift.sources ?? [])
            w.moved.push(`${(node as Element | undefined)?.outerHTML?.slice(0, 60) ?? node?.nodeName}: y ${a.y} -> ${b.y}`);
        }
      }).observe({ type: 'layout-shift', buffered: true });
      const watch = () => {
        const sheet = document.querySelector('.cookie-banner');
        const top = sheet?.getClientRects().length ? Math.round(sheet.getBoundingClientRect().top) : null;
        if (top !== null && !w.bannerTops.includes(top)) w.bannerTops.push(top);
        requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    });
    return () =>
      page.evaluate(async () => {
        await document.fonts.ready;
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        const w = window as unknown as { shifts: number; moved: string[]; bannerTops: number[] };
        return { shifts: w.shifts, moved: w.moved, 'banner painted at': w.bannerTops.length };
      });
  }

  for (const path of ['/', '/about', '/thank-you/not-interested', '/survey/question/1']) {
    test(`first visit to ${path}: no layout shift, the banner never moves`, async ({ page }) => {
      const shifts = await recordShifts(page);
      // A question waits for the engine: held a moment, its loading line (shorter than the step)
      // is painted first, as on a slow phone, and the step then replaces it under the banner.
      if (path.startsWith('/survey/'))
        await page.route(/\/assets\/stepzero_core_bg-[^/]+\.wasm$/, async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 700));
          await route.continue();
        });
      await page.goto(path);
      await expect(banner(page)).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
      await expect(heading(page)).toBeVisible();
      expect(await shifts()).toEqual({ shifts: 0, moved: [], 'banner painted at': 1 });
    });
  }

  test('a stored value that is not a choice: the banner comes late, and still moves nothing', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('cookiesAccepted', 'maybe'));
    const shifts = await recordShifts(page);
    await page.goto('/');
    await expect(banner(page)).toBeVisible();
    expect(await shifts()).toEqual({ shifts: 0, moved: [], 'banner painted at': 1 });
  });
});
