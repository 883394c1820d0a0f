// How long a click on Next or Back takes to show the next step (issue #24 item 5): the Event
// Timing duration of the click's interaction — input to the next paint, what INP measures —
// in headless Debian Chromium under a 4x CPU slowdown (CDP Emulation.setCPUThrottlingRate).
// Every step, Next and Back, RUNS runs each (default 5), each on a fresh load of the step with
// stored answers that reach it and go on from it (`STEPS=2,4a` for some steps only), clicked as a
// hand does (the pointer rests on the button, then presses it for 80 ms); the intro transition (hero Continue) and
// Submit are left out (their waits are the spec's). The production build is served by
// scripts/serve.mjs with the real headers.
// Prints `next-step: <step> next median <ms> ms, worst <ms> ms; back median <ms> ms, worst <ms> ms`
// per step and writes target/bench/next-step.json. Event Timing reports only interactions of
// 16 ms or more (its smallest threshold), rounded to 8 ms: a shorter one is counted as 16.
// `--compare <dir>` measures another build in the same rounds, click by click (a before/after),
// and prints its lines as `next-step (compare): …`.
// Each line is followed by the browser's own share, the same click with no script behind it:
// `next-step floor: <step> next median <ms> ms; back median <ms> ms; the press alone median <ms> ms`. There the press swaps in the
// HTML the app showed after that click (the step's form, or the whole page when Back leaves the
// survey), so what is left is Chromium's: the events, style, layout and paint of that step. The
// line ends with the press alone: the pointerdown of those clicks (its own Event Timing entry),
// on which the site runs no script: the machine's input-to-paint for a button's pressed state.
// Usage: node tests/bench/next-step.mjs [--dir web/dist] [--port 4461] [--compare <dir>]
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium.mjs';
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { chromium } from '@playwright/test';

const arg = (name, fallback) => (process.argv.includes(`--${name}`) ? process.argv[process.argv.indexOf(`--${name}`) + 1] : fallback);
const dir = arg('dir', 'web/dist');
const port = Number(arg('port', 4461));
const RUNS = Number(process.env.RUNS ?? 5);
const SLOWDOWN = 4;
const THRESHOLD = 16; // Event Timing's smallest durationThreshold
// A tap or click holds the button down for about 100 ms (80 ms here, the short end); the pointer
// rests on the button for a moment before it presses.
const PRESS_MS = 80;
const HOVER_MS = 300;
// STEPS=2,4a runs only those steps.
const ONLY = process.env.STEPS?.split(',');

// Complete answers of each branch, so every step on it is reachable and its Next goes on.
const YES = { question1: 'a', question2: 'b', question3: 'Yes', question4a: 'Neutral', question5a: 'Yes', question6: 'No', age: '30' };
const NOT_YET = {
  question1: 'a',
  question2: 'b',
  question3: 'Not Yet',
  question4b: 'Other',
  'answer4b-other': 'x',
  question5b: 'No',
  question6: 'No',
  age: '30',
};
// [step, answers, press Next too] (step 8's Next is Submit: left out).
const STEPS = [
  ['1', YES, true],
  ['2', YES, true],
  ['3', YES, true],
  ['4a', YES, true],
  ['4b', NOT_YET, true],
  ['4b-other', NOT_YET, true],
  ['5a', YES, true],
  ['5b', NOT_YET, true],
  ['6', YES, true],
  ['7', YES, true],
  ['8', YES, false],
];

const compare = arg('compare', null);

async function serve(root, at) {
  const server = spawn('node', ['scripts/serve.mjs', '--dir', root, '--port', String(at)], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve, reject) => {
    server.stdout.once('data', resolve);
    server.once('exit', (code) => reject(new Error(`serve.mjs exited with ${code}`)));
  });
  return server;
}
const builds = [{ label: '', server: await serve(dir, port), origin: `http://127.0.0.1:${port}` }];
if (compare) builds.push({ label: ' (compare)', server: await serve(compare, port + 1), origin: `http://127.0.0.1:${port + 1}` });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });

/** A fresh page (its own context) on `step`, with `answers` stored and the app ready. */
async function openStep(origin, step, answers) {
  const context = await browser.newContext();
  await context.addInitScript(
    ([stored]) => {
      localStorage.setItem('cookiesAccepted', 'necessary');
      localStorage.setItem('stepZeroAnswers', stored);
    },
    [JSON.stringify(answers)],
  );
  const page = await context.newPage();
  await page.goto(`${origin}/survey/question/${step}`);
  await page.locator('html[data-app="ready"]').waitFor();
  await page.locator('form.question').waitFor();
  if (!page.url().endsWith(`/survey/question/${step}`)) throw new Error(`${step}: the engine sent the page to ${page.url()}`);
  return { context, page };
}

/** One click on `button` at `step`: the longest Event Timing duration of its interaction. With
 *  `swap` ({ scope, html }), the app never sees the click: the element `scope` gets `html`. */
async function measure(origin, step, answers, button, swap = null) {
  const { context, page } = await openStep(origin, step, answers);
  await page.evaluate(
    (threshold) =>
      new Promise((resolve) => {
        window.__interactions = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) if (entry.interactionId) window.__interactions.push([entry.name, entry.duration]);
        }).observe({ type: 'event', durationThreshold: threshold, buffered: false });
        // Start from a quiet page: what the load started (the outbox, idle work) is done.
        setTimeout(resolve, 500);
      }),
    THRESHOLD,
  );
  if (swap)
    await page.evaluate(
      ([button, { scope, html }]) => {
        const target = [...document.querySelectorAll('button')].find((each) => each.textContent === button);
        const swapIn = (event) => {
          event.preventDefault();
          event.stopImmediatePropagation();
          document.querySelector(scope).innerHTML = html;
          window.__swapped = true;
        };
        target.addEventListener('click', swapIn, { capture: true, once: true });
        // Nor the press: the floor is the browser alone, without even the app's root listeners.
        target.addEventListener('pointerdown', (event) => event.stopImmediatePropagation(), { capture: true, once: true });
      },
      [button, swap],
    );
  // Where to click, found before the slowdown: page.mouse sends the raw input only, without
  // the checks (and the page listener) of a locator's click, which would run in the measure.
  const target = page.getByRole('button', { name: button, exact: true });
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  // A hand's click: the pointer is on the button before it presses (the hover's work is done),
  // and the button is held for PRESS_MS. page.mouse.click would send move, down and up at once,
  // so the press would wait for the hover's handlers and its frame would merge with the click's.
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForTimeout(HOVER_MS);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
  const before = page.url();
  await page.mouse.down();
  await page.waitForTimeout(PRESS_MS);
  await page.mouse.up();
  if (swap) await page.waitForFunction(() => window.__swapped);
  else await page.waitForURL((url) => url.href !== before);
  // The entry is reported after the paint that follows the click's handlers.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 200)))));
  const durations = await page.evaluate(() => window.__interactions);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await context.close();
  const press = durations.filter(([name]) => name === 'pointerdown').map(([, ms]) => ms);
  presses.push(Math.max(THRESHOLD, ...press));
  return Math.max(THRESHOLD, ...durations.map(([, ms]) => ms));
}

/** What the app shows after `button` at `step`, clicked unthrottled: the HTML the floor swaps in. */
async function destination(origin, step, answers, button) {
  const { context, page } = await openStep(origin, step, answers);
  const before = page.url();
  await page.getByRole('button', { name: button, exact: true }).click();
  await page.waitForURL((url) => url.href !== before);
  const inSurvey = new URL(page.url()).pathname.startsWith('/survey/question/');
  const scope = inSurvey ? 'form.question' : '#root';
  await page.locator(inSurvey ? 'form.question' : 'h1').waitFor();
  await page.waitForTimeout(300);
  const html = await page.locator(scope).evaluate((element) => element.innerHTML);
  await context.close();
  return { scope, html };
}

/** The pointerdown of every click measured for the current step (app and floor): the press. The
 *  app's only script on it asks for the step it leads to be built after its frame, so its
 *  duration is Chromium's, input to the next paint of a button pressed. */
const presses = [];
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const shown = (ms) => (ms <= THRESHOLD ? `≤${THRESHOLD}` : String(Math.round(ms)));
const result = {
  slowdown: SLOWDOWN,
  runs: RUNS,
  loadBefore: loadavg(),
  steps: {},
  ...(compare && { compare: { dir: compare, steps: {} } }),
};
const summary = (runs) =>
  Object.fromEntries(
    Object.entries(runs)
      .filter(([, values]) => values.length)
      .map(([what, values]) => [what, { medianMs: median(values), worstMs: Math.max(...values), runsMs: values }]),
  );
try {
  for (const [step, answers, withNext] of STEPS.filter(([step]) => !ONLY || ONLY.includes(step))) {
    const runs = builds.map(() => ({ next: [], back: [] }));
    const floor = { next: [], back: [] };
    const buttons = withNext ? ['Next', 'Back'] : ['Back'];
    const swaps = {};
    for (const button of buttons) swaps[button] = await destination(builds[0].origin, step, answers, button);
    // Next and Back take turns, run by run (and the builds, when compared, click by click; the
    // floor after the clicks it is the floor of).
    for (let i = 0; i < RUNS; i += 1) {
      for (const button of buttons) {
        for (const [b, build] of builds.entries()) runs[b][button.toLowerCase()].push(await measure(build.origin, step, answers, button));
        floor[button.toLowerCase()].push(await measure(builds[0].origin, step, answers, button, swaps[button]));
      }
    }
    for (const [b, build] of builds.entries()) {
      const steps = b === 0 ? result.steps : result.compare.steps;
      steps[step] = summary(runs[b]);
      const parts = Object.entries(steps[step]).map(
        ([what, { medianMs, worstMs }]) => `${what} median ${shown(medianMs)} ms, worst ${shown(worstMs)} ms`,
      );
      console.log(`next-step${build.label}: ${step} ${parts.join('; ')}`);
    }
    result.floor ??= {};
    result.floor[step] = summary(floor);
    result.press ??= {};
    result.press[step] = { medianMs: median(presses), runsMs: presses.splice(0) };
    const floorParts = Object.entries(result.floor[step]).map(([what, { medianMs }]) => `${what} median ${shown(medianMs)} ms`);
    console.log(`next-step floor: ${step} ${floorParts.join('; ')}; the press alone median ${shown(result.press[step].medianMs)} ms`);
  }
} finally {
  result.loadAfter = loadavg();
  await browser.close();
  for (const build of builds) build.server.kill();
}
mkdirSync('target/bench', { recursive: true });
writeFileSync('target/bench/next-step.json', JSON.stringify(result, null, 1) + '\n');
console.log(
  `next-step: Event Timing duration of the click (input to next paint), ${SLOWDOWN}x CPU slowdown, ${RUNS} runs per step and button; load average ${result.loadBefore.map((n) => n.toFixed(2)).join(' ')} before, ${result.loadAfter.map((n) => n.toFixed(2)).join(' ')} after`,
);
