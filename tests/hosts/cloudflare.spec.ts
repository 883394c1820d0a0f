// The generated hosting rules (web/deploy/hosting.mjs) as Cloudflare Pages reads them, through
// its own local server: every route answers its file with 200 (no redirect), anything else the
// real 404 page with 404, every response carries the security headers, the engine's .wasm goes
// out as application/wasm, and a visitor can take the survey, reloading on the way.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { APP_ROUTES, builtInlineScriptHashes, ROUTE_FILES, routeFile, securityHeaders } from '../../web/deploy/hosting.mjs';
import {
  answerEnd,
  answerStart,
  atStep,
  choose,
  expect,
  heading,
  openPage,
  rowsWhen,
  stack,
  STACK,
  startSurvey,
  submit,
  test,
} from '../e2e/helpers';

const DIST = new URL('../../target/web-hosts/', import.meta.url);
const notFound = readFileSync(new URL('404.html', DIST), 'utf8');
const assets = readdirSync(new URL('assets/', DIST));
const expected = securityHeaders({ supabaseUrl: STACK, emailOrigin: STACK, inlineScripts: builtInlineScriptHashes(fileURLToPath(DIST)) });

/** Concrete paths for each route pattern (every step id the app has), with the file each serves. */
const SAMPLES: Record<string, string[]> = {
  ':step': ['1', '2', '3', '4a', '4b', '4b-other', '5a', '5b', '6', '7', '8'],
};
// A path's file is its first matching route's (question 1 has a page of its own before `:step`).
const routePaths = ROUTE_FILES.flatMap(({ route }) => {
  const param = route.match(/:[a-z]+/)?.[0];
  return (param ? SAMPLES[param].map((value) => route.replace(param, value)) : [route]).map((path) => ({ path, file: routeFile(path)! }));
});

function expectHeaders(headers: Record<string, string>, what: string) {
  for (const [name, value] of Object.entries(expected)) expect(headers[name.toLowerCase()], `${what}: ${name}`).toBe(value);
}

test('every route answers its file (a prerendered page or the shell) with 200 and the security headers, never a redirect', async ({
  request,
}) => {
  expect(routePaths.length).toBeGreaterThan(APP_ROUTES.length);
  for (const { path, file } of routePaths) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    expect(await response.text(), path).toBe(readFileSync(new URL(file, DIST), 'utf8'));
    expectHeaders(response.headers(), path);
  }
});

test('anything else is the real 404 page with status 404 and the same headers', async ({ request }) => {
  for (const path of [
    '/nope',
    '/survey',
    '/survey/nope/1',
    '/survey/question/4a/extra',
    '/thank-you',
    '/thank-you/nope',
    '/assets/missing-0000.js',
    '/wp-login.php',
  ]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).toBe(notFound);
    expectHeaders(response.headers(), path);
  }
});

test('assets: the engine as application/wasm, scripts as JavaScript, all cached for good', async ({ request }) => {
  const wasm = assets.filter((f) => f.endsWith('.wasm'));
  const js = assets.filter((f) => f.endsWith('.js'));
  expect(wasm.length).toBeGreaterThan(0);
  for (const [files, type] of [
    [wasm, /^application\/wasm$/],
    [js.slice(0, 3), /javascript/],
  ] as const) {
    for (const file of files) {
      const response = await request.get(`/assets/${file}`, { maxRedirects: 0 });
      expect(response.status(), file).toBe(200);
      expect(response.headers()['content-type'], file).toMatch(type);
      expect(response.headers()['cache-control'], file).toBe('public, max-age=31536000, immutable');
      expectHeaders(response.headers(), file);
    }
  }
});

test('the delivery worker: /sw.js is itself (never the SPA fallback), JavaScript, revalidated on every visit', async ({ request }) => {
  const response = await request.get('/sw.js', { maxRedirects: 0 });
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/javascript/);
  expect(response.headers()['cache-control']).toBe('no-cache');
  expect(await response.text()).toBe(readFileSync(new URL('sw.js', DIST), 'utf8'));
  expectHeaders(response.headers(), '/sw.js');
});

test('About and Privacy open as themselves; a survey step survives a reload; the survey completes', async ({ page, request }) => {
  await openPage(page, '/about');
  await expect(heading(page)).toHaveText('About Step Zero');
  await page.goto('/privacy');
  await expect(heading(page)).toHaveText('Privacy, Terms and Cookies');

  await page.goto('/');
  await startSurvey(page);
  await answerStart(page);
  await choose(page, 'Yes');
  await atStep(page, '4a', 'How would you describe your level of discomfort while completing your challenge');
  await page.reload();
  await atStep(page, '4a', 'How would you describe your level of discomfort while completing your challenge');
  await choose(page, 'Comfortable');
  await atStep(page, '5a', 'Would you complete another Step Zero challenge tomorrow?');
  await choose(page, 'Yes');
  await atStep(page, '6', 'Do you consent to having your responses anonymously shared online?');
  await page.getByRole('radio', { name: 'Yes' }).check();
  // A real photo: a fake one would (rightly) not be sent, its metadata cannot be removed.
  await page.setInputFiles('#attachment', {
    name: 'cdn.jpg',
    mimeType: 'image/jpeg',
    buffer: readFileSync(new URL('../e2e/fixtures/photo-gps.jpg', import.meta.url)),
  });
  await page.getByRole('button', { name: 'Next' }).click();
  await answerEnd(page, '31', 'Female');
  await submit(page, 'completed');
  await page.reload();
  await expect(heading(page)).toHaveText('Thank You');

  const [row] = await rowsWhen(request, 1);
  expect(row).toMatchObject({ question3_completed: 'Yes', question4a_discomfort: 'Comfortable', media_file_name: 'cdn.jpg' });
  expect((await stack.objects(request)).map((o) => o.mimetype)).toEqual(['image/jpeg']);
});
