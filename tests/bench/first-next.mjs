// What the engine costs a first visitor (issue 47): a fresh load of /survey/question/1 on
// Lighthouse's slow-4G profile, an answer typed as soon as the field shows and Next clicked; the
// time from navigation start until question 2's heading is painted. The engine (wasm and glue)
// is fetched after the first paint, so the click waits for it (the head script queues a click
// made before the app is ready). Headless Debian Chromium through Playwright, throttled by the
// DevTools protocol as Lighthouse's devtools method does: Network.emulateNetworkConditions with
// mobileSlow4G (150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up) adjusted as Lighthouse adjusts it for
// per-request throttling (562.5 ms per request, 0.9 of each throughput; THROTTLE=raw sends 150 ms
// and the plain throughputs), Emulation.setCPUThrottlingRate 4. A new context per run (no
// cache, no service worker, nothing stored: the cookie banner shows, as it does for a first
// visit). The build is served by scripts/serve.mjs over HTTPS and HTTP/2, as the CDN serves it.
// "Painted": the heading's Element Timing entry (its elementtiming attribute set as it is inserted).
// Prints `first-next: /survey/question/1 Next answered median <ms> ms, worst <ms> ms (<n> runs; …)`
// with the median first contentful paint, app ready and engine fetched, and writes
// target/bench/first-next.json. Usage: node tests/bench/first-next.mjs [--dir web/dist] [--port 4462]
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium.mjs';
import { localCertificate } from './tls.mjs';
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { chromium } from '@playwright/test';
import { throttling } from 'lighthouse/core/config/constants.js';

const arg = (name, fallback) => (process.argv.includes(`--${name}`) ? process.argv[process.argv.indexOf(`--${name}`) + 1] : fallback);
const dir = arg('dir', 'web/dist');
const port = Number(arg('port', 4462));
const RUNS = Number(process.env.RUNS ?? 5);
const ROUTE = '/survey/question/1';
const NEXT_TITLE = 'Where did you find your challenge?';
const profile = throttling.mobileSlow4G;
const raw = process.env.THROTTLE === 'raw';
// What Network.emulateNetworkConditions takes: latency in ms, throughput in bytes per second.
const network = {
  offline: false,
  latency: raw ? profile.rttMs : profile.requestLatencyMs,
  downloadThroughput: Math.floor(((raw ? profile.throughputKbps : profile.downloadThroughputKbps) * 1024) / 8),
  uploadThroughput: Math.floor(((raw ? 750 : profile.uploadThroughputKbps) * 1024) / 8),
};

const TLS = localCertificate();
const server = spawn('node', ['scripts/serve.mjs', '--dir', dir, '--port', String(port), '--tls-key', TLS.key, '--tls-cert', TLS.cert], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise((resolve, reject) => {
  server.stdout.once('data', resolve);
  server.once('exit', (code) => reject(new Error(`serve.mjs exited with ${code}`)));
});
const origin = `https://127.0.0.1:${port}`;
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: [...CHROMIUM_FLAGS, `--ignore-certificate-errors-spki-list=${TLS.spki}`],
});

/** In the page, from its first script: when question 2's heading is painted, when the app says
 *  it is ready; times in ms since navigation start. */
function watch(title) {
  const marks = (window.__firstNext = {});
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.identifier === 'next-heading') marks.headingPainted ??= entry.renderTime || entry.loadTime;
  }).observe({ type: 'element', buffered: true });
  new MutationObserver(() => {
    if (document.documentElement.dataset.app === 'ready') marks.appReady ??= performance.now();
    for (const heading of document.querySelectorAll('h1')) {
      if (heading.textContent.trim() !== title || heading.hasAttribute('elementtiming')) continue;
      marks.headingInserted ??= performance.now();
      // Set before the frame that paints it; on the label too, whose text is what is painted.
      heading.setAttribute('elementtiming', 'next-heading');
      heading.querySelector('label')?.setAttribute('elementtiming', 'next-heading');
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-app'] });
}

async function run() {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  await context.addInitScript(watch, NEXT_TITLE);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', network);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdownMultiplier });
  try {
    await page.goto(`${origin}${ROUTE}`, { waitUntil: 'commit' });
    // The visitor types as soon as the field is there (the prerendered page has it), then clicks.
    const field = page.getByRole('textbox');
    await field.waitFor();
    const typedAt = await page.evaluate(() => performance.now());
    await field.pressSequentially('Say hello', { delay: 0 });
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    const clickedAt = await page.evaluate(() => performance.now());
    await page.waitForFunction(() => window.__firstNext.headingPainted, null, { timeout: 60_000, polling: 100 });
    const marks = await page.evaluate(() => ({
      ...window.__firstNext,
      firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      engine: performance
        .getEntriesByType('resource')
        .filter((entry) => /stepzero_core/.test(entry.name))
        .map((entry) => ({ name: new URL(entry.name).pathname, startTime: entry.startTime, responseEnd: entry.responseEnd })),
    }));
    if (!page.url().endsWith('/survey/question/2')) throw new Error(`Next led to ${page.url()}`);
    const engineFetched = marks.engine.length ? Math.max(...marks.engine.map((entry) => entry.responseEnd)) : null;
    return { ...marks, typedAt, clickedAt, engineFetched };
  } finally {
    await context.close();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const result = {
  route: ROUTE,
  runs: RUNS,
  throttling: { profile: 'mobileSlow4G', raw, network, cpuSlowdown: profile.cpuSlowdownMultiplier },
  loadBefore: loadavg(),
  results: [],
};
try {
  for (let i = 0; i < RUNS; i += 1) result.results.push(await run());
} finally {
  result.loadAfter = loadavg();
  await browser.close();
  server.kill();
}
const of = (key) => result.results.map((each) => each[key]).filter((value) => typeof value === 'number');
const ms = (values) => `${Math.round(median(values))} ms`;
result.medianMs = {
  nextAnswered: median(of('headingPainted')),
  firstContentfulPaint: median(of('firstContentfulPaint')),
  appReady: median(of('appReady')),
  engineFetched: median(of('engineFetched')),
  clicked: median(of('clickedAt')),
};
result.worstMs = Math.max(...of('headingPainted'));
mkdirSync('target/bench', { recursive: true });
writeFileSync('target/bench/first-next.json', JSON.stringify(result, null, 1) + '\n');
const how = raw
  ? `slow 4G as given (${network.latency} ms, ${profile.throughputKbps} kbit/s down, 750 up)`
  : `Lighthouse's slow 4G through DevTools (${network.latency} ms per request, ${Math.round(profile.downloadThroughputKbps)} kbit/s down, ${profile.uploadThroughputKbps} up)`;
console.log(
  `first-next: ${ROUTE} Next answered median ${ms(of('headingPainted'))}, worst ${Math.round(result.worstMs)} ms ` +
    `(question 2's heading painted, from navigation start; first contentful paint ${ms(of('firstContentfulPaint'))}, ` +
    `engine fetched ${ms(of('engineFetched'))}, app ready ${ms(of('appReady'))}; ${RUNS} runs, ${how}, ${profile.cpuSlowdownMultiplier}x CPU; ` +
    `load average ${result.loadBefore.map((n) => n.toFixed(2)).join(' ')} before)`,
);
