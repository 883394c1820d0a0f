// The response's reference on its thank-you page (issue #22): a completed or not-completed
// response shows "Your reference: XXXX-XXXX", the engine's reference of the stored row's id;
// Not Interested (nothing stored) and a deep link (no known response) show none; a reload of
// the page in the same tab, and the 60-second repeat-visit shortcut, show the same one.
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { answerEnd, answerStart, choose, expect, heading, openPage, rowsWhen, startSurvey, submit, submitNotYet, test } from './helpers';

// The engine's algorithm (core/src/reference.rs), held to its vectors below so it cannot drift.
const DIGITS = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
function reference(id: string): string | null {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const value = BigInt(`0x${id.replace(/-/g, '').slice(0, 10)}`);
  let out = '';
  for (let i = 0; i < 8; i += 1) out += (i === 4 ? '-' : '') + DIGITS[Number((value >> BigInt(35 - 5 * i)) & 31n)];
  return out;
}
const vectors = JSON.parse(readFileSync(new URL('../vectors/reference.json', import.meta.url), 'utf8')) as {
  reference: { name: string; id: string; reference: string | null }[];
};

test('the test port of the reference agrees with the engine vectors', () => {
  for (const vector of vectors.reference) {
    // The engine also refuses ids that are not v4-shaped UUIDs; the rows here always are.
    if (vector.reference !== null) expect(reference(vector.id), vector.name).toBe(vector.reference);
  }
});

const line = (page: Page) => page.getByText(/^Your reference:/);

async function expectReference(page: Page, id: unknown) {
  expect(typeof id).toBe('string');
  const expected = reference(id as string);
  expect(expected).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
  await expect(line(page)).toHaveText(`Your reference: ${expected}`);
  await expect(line(page)).toBeVisible();
  // A quiet line: not a live region or an alert, and not inside the page's live section.
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(await line(page).evaluate((node) => node.closest('[aria-live], [role="alert"], [role="status"]'))).toBeNull();
}

test('Yes path: the completed page shows the reference of the stored row; a reload keeps it', async ({ page, request }) => {
  await openPage(page, '/');
  await startSurvey(page);
  await answerStart(page);
  await choose(page, 'Yes');
  await choose(page, 'Really Uncomfortable');
  await choose(page, 'Yes');
  await page.getByRole('radio', { name: 'Yes' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await answerEnd(page, '27', 'Non-Binary');
  await submit(page, 'completed');
  await expect(heading(page)).toHaveText('Thank You');
  await expect(page.getByText('Congratulations on Taking Step One')).toBeVisible();
  const [row] = await rowsWhen(request, 1);
  await expectReference(page, row.id);

  await page.reload();
  await expect(heading(page)).toHaveText('Thank You');
  await expectReference(page, row.id);
  // The same axe rules as a11y.spec.ts find nothing with the line shown (axe waits on its own
  // timers: the page's clock runs again for it).
  await page.clock.resume();
  const builder = new AxeBuilder({ page: page as unknown as ConstructorParameters<typeof AxeBuilder>[0]['page'] });
  const { violations } = await builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  // Only the reference is kept for the tab, never the answers or the id (e2e-* is openPage's).
  expect(await page.evaluate(() => Object.keys(sessionStorage).filter((key) => !key.startsWith('e2e-')))).toEqual(['stepZeroReference']);
  expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem('stepZeroReference')))!)).toEqual({
    type: 'completed',
    reference: reference(row.id as string),
  });
});

test('Not Yet path: the not-completed page shows the reference; the repeat-visit shortcut shows it again', async ({ page, request }) => {
  await submitNotYet(page);
  await expect(heading(page)).toHaveText("Thanks for checking us out, maybe you'll take step one next time.");
  const [row] = await rowsWhen(request, 1);
  await expectReference(page, row.id);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/thank-you\/not-completed$/);
  await expectReference(page, row.id);
});

test('Not Interested shows no reference, and forgets an earlier one', async ({ page, request }) => {
  await openPage(page, '/');
  await page.evaluate(() =>
    sessionStorage.setItem('stepZeroReference', JSON.stringify({ type: 'not-interested', reference: 'ABCD-EFGH' })),
  );
  await page.getByRole('button', { name: 'Not Interested' }).click();
  await expect(page).toHaveURL(/\/thank-you\/not-interested$/);
  await expect(heading(page)).toHaveText('Got it. Be sure to keep up with our socials in case you change your mind!');
  await expect(page.getByText(/reference/i)).toHaveCount(0);
  expect(await page.evaluate(() => sessionStorage.getItem('stepZeroReference'))).toBeNull();
  expect(await rowsWhen(request, 0)).toEqual([]);
});

for (const type of ['completed', 'not-completed'] as const) {
  test(`a deep link to /thank-you/${type} shows no reference (no known response); its HTML has none`, async ({ page }) => {
    const response = await page.request.get(`/thank-you/${type}`);
    expect(await response.text()).not.toMatch(/Your reference/);
    await openPage(page, `/thank-you/${type}`);
    await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
    await expect(page.getByRole('link', { name: /Instagram/ }).first()).toBeVisible();
    await expect(page.getByText(/reference/i)).toHaveCount(0);
  });
}
