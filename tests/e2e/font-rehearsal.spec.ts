// The fonts of what a survey step leads to are ready before the visitor goes there
// (components/FontRehearsal.tsx): every text style of the hero and of every step (with its
// hints, revealed fields and errors) is drawn by every step (their frame) or laid out by the
// rehearsal at idle. A style missed here is a font lookup inside a click on a deep-linked step
// (tests/bench/next-step.mjs).
import type { Page } from '@playwright/test';
import { back, expect, next, openPage, test } from './helpers';

interface Probe {
  /** Each text style drawn under `root` (its text, and its fields' values), outside the rehearsal
   *  unless `root` is it: "family weight style size". */
  textStyles(root: Element): string[];
  /** The rehearsal's styles, read when it came (it stays a frame or two); null until then. */
  rehearsed: string[] | null;
}
const drawn = (page: Page) => page.evaluate(() => (window as unknown as { probe: Probe }).probe.textStyles(document.body));

const YES = {
  question1: 'Run a 5k',
  question2: 'Gym',
  question3: 'Yes',
  question4a: 'Neutral',
  question5a: 'Yes',
  question6: 'Yes',
  age: '30',
};
const NOT_YET = { ...YES, question3: 'Not Yet', question4b: 'Other', 'answer4b-other': 'Fear', question5b: 'Yes' };
const STEPS: [string, Record<string, string>][] = [
  ...['2', '3', '4a', '5a', '6', '7', '8'].map((step): [string, Record<string, string>] => [step, YES]),
  ...['4b', '4b-other', '5b'].map((step): [string, Record<string, string>] => [step, NOT_YET]),
];

test.beforeEach(async ({ context }) => {
  // Every page of the test: the step pages opened beside question 1 too.
  await context.addInitScript(() => {
    const probe: Probe = {
      textStyles(root) {
        const styles = new Set<string>();
        const add = (element: Element) => {
          if (!root.matches('.font-rehearsal') && element.closest('.font-rehearsal')) return;
          const style = getComputedStyle(element);
          styles.add(`${style.fontFamily.split(',')[0]} ${style.fontWeight} ${style.fontStyle} ${style.fontSize}`);
        };
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (node.textContent?.trim() && node.parentElement && !node.parentElement.closest('noscript, option')) add(node.parentElement);
        }
        root.querySelectorAll('input:not([type=radio], [type=checkbox], [type=file], [type=hidden]), select, textarea').forEach(add);
        return [...styles];
      },
      rehearsed: null,
    };
    (window as unknown as { probe: Probe }).probe = probe;
    new MutationObserver(() => {
      const rehearsal = document.querySelector('.font-rehearsal');
      if (rehearsal && !probe.rehearsed) probe.rehearsed = probe.textStyles(rehearsal);
    }).observe(document, { childList: true, subtree: true });
  });
});

for (const viewport of [
  { width: 360, height: 640 },
  { width: 360, height: 800 },
  { width: 1440, height: 900 },
]) {
  test(`at ${viewport.width}×${viewport.height}, question 1 lays out every text style of the hero and of the steps before a click needs it`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await openPage(page, '/survey/question/1', { clock: false });
    await page.locator('form.question').waitFor();
    await page.waitForFunction(() => (window as unknown as { probe: Probe }).probe.rehearsed !== null);
    await expect(page.locator('.font-rehearsal')).not.toBeAttached(); // gone after a frame or two
    // Ready before any click: the rehearsal's styles, and those every step draws (its frame). A
    // style only some steps draw is not: a deep link to another step has not drawn it.
    const rehearsed = await page.evaluate(() => (window as unknown as { probe: Probe }).probe.rehearsed!);
    let everyStep = await drawn(page);
    const needed = new Map<string, string>();
    const note = (styles: string[], where: string) => styles.forEach((style) => needed.set(style, needed.get(style) ?? where));
    note(everyStep, 'question 1');

    await next(page); // no answer: its error
    await expect(page.locator('main .field-error')).toBeVisible();
    note(await drawn(page), 'question 1 with its error');
    await back(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Step/);
    note(await drawn(page), 'the hero');
    for (const [step, answers] of STEPS) {
      const other = await page.context().newPage();
      await other.setViewportSize(viewport);
      await openPage(other, `/survey/question/${step}`, { clock: false, answers });
      await other.locator('form.question').waitFor(); // the step, not the loading line before it
      const styles = await drawn(other);
      note(styles, `question ${step}`);
      everyStep = everyStep.filter((style) => styles.includes(style));
      await other.close();
    }
    const ready = [...rehearsed, ...everyStep];
    expect([...needed].filter(([style]) => !ready.includes(style)).map(([style, where]) => `${style} (${where})`)).toEqual([]);
  });
}
