// The fonts of what a survey step leads to are ready before the visitor goes there
// (components/FontRehearsal.tsx): every text style of the hero and of every step (with its
// hints, revealed fields and errors) was laid out on question 1 already, by the step itself or by
// the rehearsal it lays out at idle. A style missed here is a font lookup inside a click
// (tests/bench/next-step.mjs).
import type { Page } from '@playwright/test';
import { back, expect, next, openPage, test } from './helpers';

interface Probe {
  /** Each text style drawn under `root` (its text, and its fields' values), outside the rehearsal
   *  unless `root` is it: "family weight style size". */
  textStyles(root: Element): string[];
  /** The rehearsal's styles, read when it came (it stays for one frame); null until then. */
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
        root.querySelectorAll('input:is([type=text], [type=email], :not([type])), select, textarea').forEach(add);
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
    await page.waitForFunction(() => (window as unknown as { probe: Probe }).probe.rehearsed !== null);
    await expect(page.locator('.font-rehearsal')).not.toBeAttached(); // gone after its frame
    const ready = [...(await page.evaluate(() => (window as unknown as { probe: Probe }).probe.rehearsed!)), ...(await drawn(page))];
    const needed = new Map<string, string>();
    const note = async (on: Page, where: string) => (await drawn(on)).forEach((style) => needed.set(style, needed.get(style) ?? where));

    await next(page); // no answer: its error
    await expect(page.locator('.field-error')).toBeVisible();
    await note(page, 'question 1 with its error');
    await back(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Step/);
    await note(page, 'the hero');
    for (const [step, answers] of STEPS) {
      const other = await page.context().newPage();
      await other.setViewportSize(viewport);
      await openPage(other, `/survey/question/${step}`, { clock: false, answers });
      await note(other, `question ${step}`);
      await other.close();
    }
    expect([...needed].filter(([style]) => !ready.includes(style)).map(([style, where]) => `${style} (${where})`)).toEqual([]);
  });
}
