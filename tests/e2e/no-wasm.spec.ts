// A browser without WebAssembly (iOS Lockdown Mode, some managed browsers): the engine starts
// from its JavaScript translation (pkg-js/, wasm2js at build time) and the survey completes;
// a browser with WebAssembly never fetches that translation. A WebAssembly without SIMD gets
// the solver's build without it (web/src/work/load.ts).
import type { Page } from '@playwright/test';
import { answerEnd, answerStart, atStep, choose, expect, heading, openPage, rowsWhen, startSurvey, submit, test } from './helpers';

const TRANSLATED = /\/assets\/stepzero_core_bg-[^/]*\.js$/;
const SIMD_SOLVER = /\/assets\/stepzero_work_bg-[^/]*\.wasm$/;
const SCALAR_SOLVER = /\/assets\/stepzero_work_scalar_bg-[^/]*\.wasm$/;

function scripts(page: Page) {
  const urls: string[] = [];
  page.on('request', (r) => urls.push(new URL(r.url()).pathname));
  return urls;
}

async function yesPath(page: Page) {
  await startSurvey(page);
  await answerStart(page, 'Ask a question in class', 'A teacher');
  await choose(page, 'Yes');
  await atStep(page, '4a', 'How would you describe your level of discomfort while completing your challenge');
  await choose(page, 'Uncomfortable');
  await choose(page, 'Yes');
  await atStep(page, '6', 'Do you consent to having your responses anonymously shared online?');
  await choose(page, 'No');
  await answerEnd(page, '22', 'Male');
  await submit(page, 'completed');
  await expect(heading(page)).toHaveText('Thank You');
}

test('without WebAssembly the Yes path completes on the translated engine, and the row is stored', async ({ page, request }) => {
  await page.addInitScript(() => {
    delete (globalThis as { WebAssembly?: unknown }).WebAssembly;
  });
  const urls = scripts(page);
  await openPage(page, '/');
  await yesPath(page);
  const [row] = await rowsWhen(request, 1);
  expect(row).toMatchObject({ question1_challenge: 'Ask a question in class', question4a_discomfort: 'Uncomfortable', question7_age: 22 });
  expect(urls.some((u) => TRANSLATED.test(u))).toBe(true);
  expect(urls.filter((u) => u.endsWith('.wasm'))).toEqual([]);
  expect(await page.evaluate(() => typeof WebAssembly)).toBe('undefined');
});

test('with WebAssembly the translated engine is never fetched', async ({ page, request }) => {
  const urls = scripts(page);
  await openPage(page, '/');
  await yesPath(page);
  await rowsWhen(request, 1);
  expect(urls.some((u) => u.endsWith('.wasm'))).toBe(true);
  expect(urls.filter((u) => TRANSLATED.test(u))).toEqual([]);
});

test('without wasm SIMD the proof of work runs on the solver built without it, and the row is stored', async ({ page, request }) => {
  // The page's own thread is the one that is told: no Workers, so the page solves (as it does
  // where module workers are missing), and its WebAssembly refuses every SIMD module.
  await page.addInitScript(() => {
    delete (globalThis as { Worker?: unknown }).Worker;
    WebAssembly.validate = () => false;
  });
  const urls = scripts(page);
  await openPage(page, '/');
  await yesPath(page);
  await rowsWhen(request, 1); // the database checked the work
  expect(urls.filter((u) => SCALAR_SOLVER.test(u))).toHaveLength(1);
  expect(urls.filter((u) => SIMD_SOLVER.test(u))).toEqual([]);
});

test('with wasm SIMD the solver built without it is never fetched', async ({ page, request }) => {
  const urls = scripts(page);
  await openPage(page, '/');
  await yesPath(page);
  await rowsWhen(request, 1);
  expect(urls.some((u) => SIMD_SOLVER.test(u))).toBe(true);
  expect(urls.filter((u) => SCALAR_SOLVER.test(u))).toEqual([]);
});
