// Lighthouse (mobile preset: simulated slow 4G and a 4x slower CPU) on the production
// build served by scripts/serve.mjs (the real CSP and security headers), in Debian's Chromium.
// RUNS runs per route (default 7), interleaved across routes (round after round, each route
// once per round); the run with the median performance score is kept.
// Prints `lighthouse <route>: perf <p> a11y <a> bp <b> seo <s>` and `lcp <route>: <s> s` (median
// largest contentful paint of the runs) per route and writes
// target/bench/lighthouse.json plus each kept report as target/bench/lighthouse/<route>.json.
// Usage: node tests/bench/lighthouse.mjs [--dir web/dist] [--port 4460]
import { CHROMIUM_FLAGS } from '../chromium.mjs';
import { localCertificate } from './tls.mjs';
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const arg = (name, fallback) => (process.argv.includes(`--${name}`) ? process.argv[process.argv.indexOf(`--${name}`) + 1] : fallback);
const dir = arg('dir', 'web/dist');
const port = Number(arg('port', 4460));
const RUNS = Number(process.env.RUNS ?? 7);
const ROUTES = process.env.ROUTES ? process.env.ROUTES.split(',') : ['/', '/about', '/privacy', '/survey/question/1'];
// Served over HTTPS and HTTP/2, as the CDN serves it (PROTOCOL=http1 for plain HTTP/1.1).
const TLS = process.env.PROTOCOL === 'http1' ? null : localCertificate();
const FLAGS = ['--headless=new', ...CHROMIUM_FLAGS, ...(TLS ? [`--ignore-certificate-errors-spki-list=${TLS.spki}`] : [])];
const ORIGIN = `${TLS ? 'https' : 'http'}://127.0.0.1:${port}`;
const CATEGORIES = { performance: 'perf', accessibility: 'a11y', 'best-practices': 'bp', seo: 'seo' };

const tlsArgs = TLS ? ['--tls-key', TLS.key, '--tls-cert', TLS.cert] : [];
const server = spawn('node', ['scripts/serve.mjs', '--dir', dir, '--port', String(port), ...tlsArgs], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise((resolve, reject) => {
  server.stdout.once('data', resolve);
  server.once('exit', (code) => reject(new Error(`serve.mjs exited with ${code}`)));
});

const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: FLAGS });
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const summary = { runs: RUNS, protocol: TLS ? 'h2' : 'http/1.1', loadBefore: loadavg(), routes: {} };
mkdirSync('target/bench/lighthouse', { recursive: true });
// One Lighthouse run of `route`; a run whose trace broke (NO_NAVSTART and the like on a busy
// machine) is run again.
async function runOnce(route) {
  let lhr;
  for (let attempt = 0; attempt < 3 && (!lhr || lhr.runtimeError); attempt += 1) {
    const result = await lighthouse(`${ORIGIN}${route}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: Object.keys(CATEGORIES),
    });
    lhr = result.lhr;
  }
  const scores = Object.fromEntries(Object.keys(CATEGORIES).map((id) => [id, lhr.categories[id]?.score ?? 0]));
  const metrics = Object.fromEntries(
    ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'].map((id) => [
      id,
      lhr.audits[id]?.numericValue,
    ]),
  );
  const failing = Object.values(lhr.audits)
    .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
    .map((audit) => audit.id);
  return { scores, metrics, failing, lhr };
}

try {
  // Interleaved: round after round, each route once per round, so a change in the shared
  // machine's load falls on every route alike.
  const runsOf = Object.fromEntries(ROUTES.map((route) => [route, []]));
  for (let i = 0; i < RUNS; i += 1) for (const route of ROUTES) runsOf[route].push(await runOnce(route));
  for (const route of ROUTES) {
    const runs = runsOf[route];
    const perf = median(runs.map((run) => run.scores.performance));
    const kept = runs.find((run) => run.scores.performance === perf);
    const name = route === '/' ? 'hero' : route.slice(1).replaceAll('/', '-');
    writeFileSync(`target/bench/lighthouse/${name}.json`, JSON.stringify(kept.lhr));
    summary.routes[route] = {
      scores: kept.scores,
      perfRuns: runs.map((run) => run.scores.performance),
      lcpRuns: runs.map((run) => run.metrics['largest-contentful-paint']),
      metrics: kept.metrics,
      failing: kept.failing,
    };
    const shown = Object.entries(CATEGORIES).map(([id, short]) => `${short} ${(id === 'performance' ? perf : kept.scores[id]).toFixed(2)}`);
    console.log(`lighthouse ${route}: ${shown.join(' ')}`);
    if (kept.failing.length) console.log(`  not passing: ${kept.failing.join(', ')}`);
    // A run whose trace gave no LCP (a broken trace on a busy machine) is shown as `-` and left
    // out of the median.
    const lcpRuns = runs.map((run) => run.metrics['largest-contentful-paint']);
    const lcp = median(lcpRuns.filter(Number.isFinite));
    summary.routes[route].lcpMedian = lcp;
    console.log(
      `lcp ${route}: ${(lcp / 1000).toFixed(2)} s (runs ${lcpRuns.map((ms) => (Number.isFinite(ms) ? (ms / 1000).toFixed(2) : '-')).join(', ')})`,
    );
  }
} finally {
  summary.loadAfter = loadavg();
  writeFileSync('target/bench/lighthouse.json', JSON.stringify(summary, null, 1) + '\n');
  await chrome.kill();
  server.kill();
}
console.log(
  `lighthouse: ${TLS ? 'HTTPS, HTTP/2' : 'HTTP/1.1'}, median of ${RUNS} runs per route, interleaved; load average ${summary.loadBefore.map((n) => n.toFixed(2)).join(' ')} before, ${summary.loadAfter.map((n) => n.toFixed(2)).join(' ')} after`,
);
