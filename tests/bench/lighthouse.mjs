// Lighthouse (mobile preset: simulated slow 4G and a 4x slower CPU) on the production
// build served by scripts/serve.mjs (the real CSP and security headers), in Debian's Chromium.
// RUNS runs per route (default 7), interleaved across routes (round after round, each route
// once per round); the run with the median performance score is kept.
// Prints `lighthouse <route>: perf <p> a11y <a> bp <b> seo <s> tbt <ms> ms` (total blocking time,
// the median of the runs: React's chunk must stay off the first paint's critical path) and
// `lcp <route>: <s> s` (median largest contentful paint of the runs) per route and writes
// target/bench/lighthouse.json plus each kept report as target/bench/lighthouse/<route>.json.
// Usage: node tests/bench/lighthouse.mjs [--dir web/dist] [--port 4460] [--compare <dir>]
//   --compare <dir>: a second build, served on the next port and measured in the same rounds,
//   each route's runs of the two builds taking turns (which goes first alternates round by
//   round), so a change in the shared machine's load falls on both alike; its lines say
//   `(compare)` and its kept reports are <route>.compare.json.
//   LANTERN=1: after each run, what Lighthouse's simulated LCP (Lantern) was made of: the bytes
//   of the requests it waited on, when the HTML ended, and how long after that the last
//   request and the last main-thread task ended (docs/performance.md).
import { CHROMIUM_FLAGS } from '../chromium.mjs';
import { localCertificate } from './tls.mjs';
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { request as plainRequest } from 'node:http';
import { loadavg } from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const arg = (name, fallback) => (process.argv.includes(`--${name}`) ? process.argv[process.argv.indexOf(`--${name}`) + 1] : fallback);
const dir = arg('dir', 'web/dist');
const port = Number(arg('port', 4460));
const compareDir = arg('compare', null);
const RUNS = Number(process.env.RUNS ?? 7);
const ROUTES = process.env.ROUTES ? process.env.ROUTES.split(',') : ['/', '/about', '/privacy', '/survey/question/1'];
// Served over HTTPS and HTTP/2, as the CDN serves it (PROTOCOL=http1 for plain HTTP/1.1).
const TLS = process.env.PROTOCOL === 'http1' ? null : localCertificate();
const FLAGS = ['--headless=new', ...CHROMIUM_FLAGS, ...(TLS ? [`--ignore-certificate-errors-spki-list=${TLS.spki}`] : [])];
const CATEGORIES = { performance: 'perf', accessibility: 'a11y', 'best-practices': 'bp', seo: 'seo' };

// The build, and the one it is compared with: each on its own port.
const builds = [
  { dir, port, label: '', file: '' },
  ...(compareDir ? [{ dir: compareDir, port: port + 1, label: ' (compare)', file: '.compare' }] : []),
];
const tlsArgs = TLS ? ['--tls-key', TLS.key, '--tls-cert', TLS.cert] : [];
for (const build of builds) {
  build.origin = `${TLS ? 'https' : 'http'}://127.0.0.1:${build.port}`;
  build.server = spawn('node', ['scripts/serve.mjs', '--dir', build.dir, '--port', String(build.port), ...tlsArgs], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    build.server.stdout.once('data', resolve);
    build.server.once('exit', (code) => reject(new Error(`serve.mjs exited with ${code}`)));
  });
}

// serve.mjs compresses each file on its first request, as a CDN keeps its compressed copies:
// every route and asset is asked for once first, so no run pays for that (the median server
// response time, which Lighthouse adds to the HTML's simulated arrival, would count it).
const warm = (build, path) =>
  new Promise((resolve) => {
    const options = { host: '127.0.0.1', port: build.port, path, headers: { 'accept-encoding': 'br' } };
    const ask = TLS ? request({ ...options, rejectUnauthorized: false }, done) : plainRequest(options, done);
    function done(response) {
      response.resume();
      response.on('end', resolve);
    }
    ask.on('error', resolve).end();
  });
for (const build of builds) {
  for (const path of [
    ...ROUTES,
    '/manifest.webmanifest',
    '/favicon.svg',
    ...readdirSync(`${build.dir}/assets`).map((file) => `/assets/${file}`),
  ])
    await warm(build, path);
}

const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: FLAGS });
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const summary = { runs: RUNS, protocol: TLS ? 'h2' : 'http/1.1', loadBefore: loadavg(), routes: {} };
if (compareDir) summary.compare = { dir: compareDir, routes: {} };
mkdirSync('target/bench/lighthouse', { recursive: true });

/** LANTERN=1: what the simulated LCP of one run waited on (Lighthouse's own computation, redone). */
async function lanternBreakdown(lhr, artifacts) {
  const { LanternLargestContentfulPaint } = await import('lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js');
  const data = {
    trace: artifacts.Trace,
    devtoolsLog: artifacts.DevtoolsLog,
    gatherContext: artifacts.GatherContext,
    settings: lhr.configSettings,
    URL: artifacts.URL,
    SourceMaps: artifacts.SourceMaps,
    HostDPR: artifacts.HostDPR,
    simulator: null,
  };
  const { pessimisticEstimate } = await LanternLargestContentfulPaint.request(data, {
    computedCache: new Map(),
    settings: lhr.configSettings,
  });
  const nodes = [...pessimisticEstimate.nodeTimings.entries()];
  const requests = nodes.filter(([node]) => node.type === 'network');
  const html = requests.find(([node]) => node.isMainDocument())[1].endTime;
  const after = (list) => Math.max(0, ...list.map(([, timing]) => timing.endTime - html));
  const bytes = requests.reduce((sum, [node]) => sum + node.request.transferSize, 0);
  return `${requests.length} requests, ${bytes} bytes; HTML in at ${html.toFixed(0)} ms, then requests ${after(requests).toFixed(0)} ms, main thread ${after(nodes.filter(([node]) => node.type === 'cpu')).toFixed(0)} ms`;
}

// One Lighthouse run of `route`; a run whose trace broke (NO_NAVSTART and the like on a busy
// machine) is run again.
async function runOnce(build, route) {
  let result;
  for (let attempt = 0; attempt < 3 && (!result || result.lhr.runtimeError); attempt += 1) {
    result = await lighthouse(`${build.origin}${route}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: Object.keys(CATEGORIES),
    });
  }
  const { lhr } = result;
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
  if (process.env.LANTERN) {
    const lcp = metrics['largest-contentful-paint'];
    const breakdown = await lanternBreakdown(lhr, result.artifacts).catch((error) => `not computed (${error.message})`);
    console.log(`lantern ${route}${build.label}: LCP ${Number.isFinite(lcp) ? (lcp / 1000).toFixed(2) : '-'} s; ${breakdown}`);
  }
  return { scores, metrics, failing, lhr };
}

try {
  // Interleaved: round after round, each route once per round, so a change in the shared
  // machine's load falls on every route alike; compared builds take turns within each route.
  const runsOf = builds.map(() => Object.fromEntries(ROUTES.map((route) => [route, []])));
  for (let i = 0; i < RUNS; i += 1) {
    for (const route of ROUTES) {
      const order = i % 2 ? [...builds.keys()].reverse() : [...builds.keys()];
      for (const b of order) runsOf[b][route].push(await runOnce(builds[b], route));
    }
  }
  for (const route of ROUTES) {
    for (const [b, build] of builds.entries()) {
      const runs = runsOf[b][route];
      const perf = median(runs.map((run) => run.scores.performance));
      const kept = runs.find((run) => run.scores.performance === perf);
      const name = route === '/' ? 'hero' : route.slice(1).replaceAll('/', '-');
      writeFileSync(`target/bench/lighthouse/${name}${build.file}.json`, JSON.stringify(kept.lhr));
      const routes = b === 0 ? summary.routes : summary.compare.routes;
      routes[route] = {
        scores: kept.scores,
        perfRuns: runs.map((run) => run.scores.performance),
        lcpRuns: runs.map((run) => run.metrics['largest-contentful-paint']),
        metrics: kept.metrics,
        failing: kept.failing,
      };
      const shown = Object.entries(CATEGORIES).map(
        ([id, short]) => `${short} ${(id === 'performance' ? perf : kept.scores[id]).toFixed(2)}`,
      );
      const tbt = median(runs.map((run) => run.metrics['total-blocking-time']).filter(Number.isFinite));
      routes[route].tbtMedian = tbt;
      console.log(`lighthouse ${route}${build.label}: ${shown.join(' ')} tbt ${Math.round(tbt)} ms`);
      if (kept.failing.length) console.log(`  not passing: ${kept.failing.join(', ')}`);
      // A run whose trace gave no LCP (a broken trace on a busy machine) is shown as `-` and left
      // out of the median.
      const lcpRuns = runs.map((run) => run.metrics['largest-contentful-paint']);
      const lcp = median(lcpRuns.filter(Number.isFinite));
      routes[route].lcpMedian = lcp;
      console.log(
        `lcp ${route}${build.label}: ${(lcp / 1000).toFixed(2)} s (runs ${lcpRuns.map((ms) => (Number.isFinite(ms) ? (ms / 1000).toFixed(2) : '-')).join(', ')})`,
      );
    }
  }
} finally {
  summary.loadAfter = loadavg();
  writeFileSync('target/bench/lighthouse.json', JSON.stringify(summary, null, 1) + '\n');
  await chrome.kill();
  for (const build of builds) build.server.kill();
}
console.log(
  `lighthouse: ${TLS ? 'HTTPS, HTTP/2' : 'HTTP/1.1'}, median of ${RUNS} runs per route, interleaved${compareDir ? `, compared with ${compareDir} run by run` : ''}; load average ${summary.loadBefore.map((n) => n.toFixed(2)).join(' ')} before, ${summary.loadAfter.map((n) => n.toFixed(2)).join(' ')} after`,
);
