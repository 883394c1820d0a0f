// Hardening: the served headers and hosting rules, a whole survey with zero CSP
// violations, answers holding HTML or script stored verbatim and never rendered as HTML, and
// the honeypot that quietly keeps a bot's response out of the database.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { APP_ROUTES, builtInlineScriptHashes, inlineScriptHashes, ROUTE_FILES, securityHeaders } from '../../web/deploy/hosting.mjs';
import { answerEnd, expect, openPage, rowsWhen, STACK, stack, submit, test } from './helpers';

// The build under test (make test-e2e writes target/web-e2e; E2E_DIST points elsewhere for a local run).
const DIST = process.env.E2E_DIST ?? 'target/web-e2e';
const inlineScripts = builtInlineScriptHashes(DIST);
const expected = securityHeaders({ supabaseUrl: STACK, emailOrigin: STACK, inlineScripts });
const PHOTO = readFileSync(new URL('./fixtures/photo-gps.jpg', import.meta.url));

const XSS_1 = '<img src=x onerror="alert(1)"> & "quotes"';
const XSS_2 = '<script>alert(2)</script><b>bold</b>';

/** Records every CSP violation of every document the tab loads (kept in sessionStorage across loads). */
async function watchCsp(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const seen = JSON.parse(sessionStorage.getItem('e2e-csp') ?? '[]') as string[];
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${location.pathname}`);
      sessionStorage.setItem('e2e-csp', JSON.stringify(seen));
    });
  });
}
const violations = (page: Page) => page.evaluate(() => JSON.parse(sessionStorage.getItem('e2e-csp') ?? '[]') as string[]);

/** Questions 1 to 5 (the Yes path) answered with `question1` and `question2`. */
const seeded = (question1: string, question2 = 'A friend') => ({
  question1,
  question2,
  question3: 'Yes',
  question4a: 'Neutral',
  question5a: 'Yes',
});

// Every header the site must send, named here rather than read from hosting.mjs: a header
// removed there fails this list instead of leaving the checks below with one fewer to check.
const REQUIRED_HEADERS = [
  'Content-Security-Policy',
  'Cross-Origin-Opener-Policy',
  'Permissions-Policy',
  'Referrer-Policy',
  'Strict-Transport-Security',
  'X-Content-Type-Options',
  'X-Frame-Options',
];

test.describe('headers and hosting rules', () => {
  test('web/deploy/hosting.mjs gives every header the site must send, HSTS for two years', () => {
    expect(Object.keys(expected).sort()).toEqual(REQUIRED_HEADERS);
    expect(expected['Strict-Transport-Security']).toBe('max-age=63072000');
    expect(expected['X-Frame-Options']).toBe('DENY');
    expect(expected['Cross-Origin-Opener-Policy']).toBe('same-origin');
  });

  test('the site is served with the CSP and the other security headers from web/deploy/hosting.mjs', async ({ request }) => {
    for (const path of ['/', '/survey/question/3', '/thank-you/completed']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const headers = response.headers();
      for (const [name, value] of Object.entries(expected)) expect(headers[name.toLowerCase()], `${path} ${name}`).toBe(value);
    }
    const csp = expected['Content-Security-Policy'];
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(new RegExp(`connect-src 'self' ${STACK.replace(/[.]/g, '\\.')}(;|$)`));
    expect(csp).not.toContain("'unsafe-inline'");
    expect(expected['X-Content-Type-Options']).toBe('nosniff');
    expect(expected['Referrer-Policy']).toBeTruthy();
    expect(expected['Permissions-Policy']).toContain('camera=()');
  });

  test('every route is served its file (a prerendered page or the shell); a missing asset and an unknown path are real 404s', async ({
    request,
  }) => {
    for (const { route, file } of ROUTE_FILES) {
      const path = route.replace(':step', '4b-other');
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(await response.text(), path).toBe(readFileSync(join(DIST, file), 'utf8'));
    }
    const notFound = readFileSync(join(DIST, '404.html'), 'utf8');
    for (const path of ['/assets/missing-0000.js', '/favicon-nope.png', '/survey/nope/1', '/wp-login.php', '/thank-you/nope']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      expect(response.headers()['content-security-policy'], path).toBe(expected['Content-Security-Policy']);
      expect(await response.text(), path).toBe(notFound);
    }
  });

  test('the build carries the same rules for Netlify/Cloudflare (_headers, _redirects) and Vercel (vercel.json)', () => {
    const headersFile = readFileSync(join(DIST, '_headers'), 'utf8');
    for (const [name, value] of Object.entries(expected)) expect(headersFile).toContain(`  ${name}: ${value}\n`);
    const redirects = readFileSync(join(DIST, '_redirects'), 'utf8').trim().split('\n');
    // Prerendered pages are found at their route as files (about.html is /about); the survey's
    // routes are rewritten to the shell's URL (Cloudflare turns `.html` into a 308); tests/hosts proves them.
    // Question 1's page comes before the `:step` rule that would catch it (first match wins).
    expect(redirects).toEqual([
      '/survey/intro  /shell  200',
      '/survey/location  /shell  200',
      '/survey/question/1  /question-1  200',
      '/survey/question/:step  /shell  200',
    ]);
    for (const { file } of ROUTE_FILES) expect(existsSync(join(DIST, file)), file).toBe(true);
    const vercel = JSON.parse(readFileSync(join(DIST, 'vercel.json'), 'utf8'));
    expect(vercel.rewrites.map((r: { source: string }) => r.source)).toEqual(APP_ROUTES);
    expect(vercel.rewrites.map((r: { destination: string }) => r.destination)).toEqual(ROUTE_FILES.map(({ file }) => `/${file}`));
    const all = vercel.headers.find((h: { source: string }) => h.source === '/(.*)');
    expect(Object.fromEntries(all.headers.map((h: { key: string; value: string }) => [h.key, h.value]))).toEqual(expected);
    expect(existsSync(join(DIST, '404.html'))).toBe(true);
    // The one inline script: the head script, the same on every page, allowed by its hash alone.
    expect(inlineScripts).toHaveLength(1);
    expect(expected['Content-Security-Policy']).toContain(`script-src 'self' 'wasm-unsafe-eval' ${inlineScripts[0]};`);
    for (const file of [...new Set(ROUTE_FILES.map((entry) => entry.file)), '404.html']) {
      const html = readFileSync(join(DIST, file), 'utf8');
      expect(html.match(/<script(?![^>]*\bsrc=)[^>]*>/g), file).toHaveLength(1);
      expect(inlineScriptHashes([html]), file).toEqual(inlineScripts);
    }
  });

  test('an inline script is allowed by the hash of the text the browser hashes', () => {
    // The value of `printf abc | openssl dgst -sha256 -binary | base64`; a script with src has none.
    expect(inlineScriptHashes(['<script>abc</script><script src="/x.js"></script>'])).toEqual([
      "'sha256-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0='",
    ]);
  });
});

test('the whole survey, with a photo uploaded, runs with zero CSP violations', async ({ page, request }) => {
  await watchCsp(page);
  // Chromium also reports each violation on the console (workers included): a second net.
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await openPage(page, '/');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.clock.runFor(3500);
  await page.getByLabel('What challenge were you given?').fill('Sing in public');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Where did you find your challenge?').fill('A poster');
  await page.getByRole('button', { name: 'Next' }).click();
  for (const option of ['Yes', 'Uncomfortable', 'Yes']) {
    await page.getByRole('radio', { name: option, exact: true }).check();
    await page.getByRole('button', { name: 'Next' }).click();
  }
  await page.getByRole('radio', { name: 'Yes' }).check();
  await page.setInputFiles('#attachment', { name: 'cups.jpg', mimeType: 'image/jpeg', buffer: PHOTO });
  await page.getByRole('button', { name: 'Next' }).click();
  await answerEnd(page, '40', 'Non-Binary');
  await submit(page, 'completed');
  const [row] = await rowsWhen(request, 1);
  expect(row.media_file_url).toMatch(/_cups\.jpg$/);
  for (const path of ['/about', '/privacy#cookies']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  expect(await violations(page)).toEqual([]);
  expect(refused).toEqual([]);
});

test.describe('answers holding HTML or script', () => {
  test('are stored verbatim in the row and never rendered as HTML', async ({ page, request }) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await openPage(page, '/survey/question/1', { answers: seeded(XSS_1, XSS_2) });
    await expect(page.getByLabel('What challenge were you given?')).toHaveValue(XSS_1);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByLabel('Where did you find your challenge?')).toHaveValue(XSS_2);
    await page.goto('/survey/question/6');
    await page.getByRole('radio', { name: 'No' }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await answerEnd(page, '22', 'Female');
    await submit(page, 'completed');
    const [row] = await rowsWhen(request, 1);
    expect(row).toMatchObject({ question1_challenge: XSS_1, question2_source: XSS_2 });
    expect(dialogs).toEqual([]);
    expect(await page.locator('img[src="x"], b').count()).toBe(0);
    expect(await page.evaluate(() => document.body.innerHTML.includes('<script>alert(2)'))).toBe(false);
  });

  test('go verbatim into the email backup (the repo template escapes them)', async ({ page, request }) => {
    await stack.faults(request, { insert: 500 });
    await openPage(page, '/survey/question/6', { answers: seeded(XSS_1, XSS_2) });
    await page.getByRole('radio', { name: 'No' }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await answerEnd(page, '22', 'Female');
    await submit(page, 'completed');
    const [email] = await stack.emails(request);
    expect(email.template_params).toMatchObject({ question1_challenge: XSS_1, question2_source: XSS_2 });
    const template = readFileSync('web/deploy/emailjs-template.html', 'utf8');
    expect(template).toContain('{{question1_challenge}}');
    expect(template).not.toContain('{{{');
  });
});

test('a filled honeypot: the thank-you page as usual, and nothing stored, emailed or kept', async ({ page, request }) => {
  await openPage(page, '/survey/question/6', { answers: seeded('a bot') });
  await page.getByRole('radio', { name: 'No' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await answerEnd(page, '22', 'Female');
  const trap = page.locator('#sz-leave-empty');
  await expect(trap).toHaveAttribute('tabindex', '-1');
  await expect(trap).toHaveAttribute('autocomplete', 'off');
  await expect(page.locator('[aria-hidden="true"]:has(#sz-leave-empty)')).toHaveCount(1);
  await trap.fill('http://spam.example', { force: true }); // what a form-filling bot does
  await submit(page, 'completed');
  await page.clock.runFor(60_000);
  expect(await stack.rows(request)).toEqual([]);
  expect(await stack.emails(request)).toEqual([]);
  expect(await page.evaluate(async () => (await indexedDB.databases()).some((db) => db.name === 'stepzero-outbox'))).toBe(false);
});
