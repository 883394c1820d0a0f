// The hero's fonts are ready before a survey step leaves for it (components/FontRehearsal.tsx):
// every text style the hero draws was laid out on question 1 already, by the step itself or by
// the rehearsal it lays out at idle. A style missed here is a font lookup inside the click on
// Back (tests/bench/next-step.mjs).
import { back, expect, openPage, test } from './helpers';

interface Probe {
  /** Each text style drawn under `root`, outside the rehearsal unless `root` is it: "family weight style size". */
  textStyles(root: Element): string[];
  /** The rehearsal's styles, read when it came (it stays for one frame); null until then. */
  rehearsed: string[] | null;
}

for (const viewport of [
  { width: 360, height: 640 },
  { width: 360, height: 800 },
  { width: 1440, height: 900 },
]) {
  test(`at ${viewport.width}×${viewport.height}, question 1 lays out every text style of the hero before its Back is pressed`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.addInitScript(() => {
      const probe: Probe = {
        textStyles(root) {
          const styles = new Set<string>();
          const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const element = node.parentElement;
            if (!node.textContent?.trim() || !element || element.closest('noscript')) continue;
            if (!root.matches('.font-rehearsal') && element.closest('.font-rehearsal')) continue;
            const style = getComputedStyle(element);
            styles.add(`${style.fontFamily.split(',')[0]} ${style.fontWeight} ${style.fontStyle} ${style.fontSize}`);
          }
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
    await openPage(page, '/survey/question/1', { clock: false, answers: { question1: 'Run a 5k' } });
    await page.waitForFunction(() => (window as unknown as { probe: Probe }).probe.rehearsed !== null);
    await expect(page.locator('.font-rehearsal')).not.toBeAttached(); // gone after its frame
    const rehearsed = await page.evaluate(() => (window as unknown as { probe: Probe }).probe.rehearsed!);
    const onQuestion1 = await page.evaluate(() => (window as unknown as { probe: Probe }).probe.textStyles(document.body));
    await back(page);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    const onHero = await page.evaluate(() => (window as unknown as { probe: Probe }).probe.textStyles(document.body));
    expect(onHero.filter((style) => !rehearsed.includes(style) && !onQuestion1.includes(style))).toEqual([]);
    expect(rehearsed.length).toBeGreaterThan(0);
  });
}
