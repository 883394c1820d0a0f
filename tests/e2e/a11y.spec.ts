// axe-core on every kind of screen, in the states that matter (errors shown, reveals open,
// cookie banner up). A fuller audit comes later; this keeps regressions out meanwhile.
import AxeBuilder from '@axe-core/playwright';
import { expect, openPage, test } from './helpers';

const upTo8 = { question1: 'a', question2: 'b', question3: 'Yes', question4a: 'Neutral', question5a: 'Yes', question6: 'Yes', age: '30' };
const upTo5b = { question1: 'a', question2: 'b', question3: 'Not Yet', question4b: 'Other', 'answer4b-other': 'x' };

const screens: { name: string; path: string; answers?: Record<string, unknown>; banner?: boolean; act?: (page: import('@playwright/test').Page) => Promise<void> }[] = [
  { name: 'hero with the cookie banner', path: '/', banner: true },
  { name: 'about', path: '/about' },
  { name: 'privacy, terms tab', path: '/privacy#terms' },
  { name: 'intro', path: '/survey/intro' },
  { name: 'question 1 with its error', path: '/survey/question/1', act: (page) => page.getByRole('button', { name: 'Next' }).click() },
  { name: 'question 5b with the email error', path: '/survey/question/5b', answers: upTo5b, act: async (page) => { await page.getByRole('radio', { name: 'Yes' }).check(); await page.getByRole('button', { name: 'Next' }).click(); } },
  { name: 'question 6 with a file', path: '/survey/question/6', answers: upTo8, act: async (page) => { await page.getByRole('radio', { name: 'Yes' }).check(); await page.setInputFiles('#attachment', { name: 'a.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(10) }); } },
  { name: 'question 7', path: '/survey/question/7', answers: upTo8 },
  { name: 'question 8 with both errors', path: '/survey/question/8', answers: upTo8, act: (page) => page.getByRole('button', { name: 'Submit' }).click() },
  { name: 'thank-you not-interested', path: '/thank-you/not-interested' },
  { name: 'not found', path: '/nope' },
];

for (const screen of screens) {
  test(`axe: ${screen.name}`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    // Real clock: axe schedules its own timers, which a paused fake clock would hold forever.
    await openPage(page, screen.path, { answers: screen.answers, banner: screen.banner, clock: false });
    await screen.act?.(page);
    // @axe-core/playwright types its page against a second copy of playwright-core: same API.
    const { violations } = await new AxeBuilder({ page: page as unknown as ConstructorParameters<typeof AxeBuilder>[0]['page'] }).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
