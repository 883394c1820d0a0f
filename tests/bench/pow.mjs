// The visitor's cost of the proof of work (core/src/work.rs): the wasm solver (pkg-work/) in
// headless Debian Chromium under a 4x CPU slowdown (CDP Emulation.setCPUThrottlingRate, a
// mid-range phone's pace), many samples, each with its own id and time, its sub-puzzles solved
// on min(navigator.hardwareConcurrency, 4) workers as the site does (web/src/work/solve.ts).
// CDP throttling is per target: the page's rate does not slow its workers, so each worker is
// asked for its own Emulation.setCPUThrottlingRate through Target auto-attach; Chromium refuses
// it for workers, and then the workers pace themselves (pow/worker.js). A probe (hashes per
// second on the page and in each worker) is printed so that anyone can see the slowdown took.
// Prints `pow: difficulty <d>, median <ms> ms, p95 <ms> ms` (and the hash rate it rests on),
// writes target/bench/pow.json. Usage: node tests/bench/pow.mjs [--samples 200] [--difficulty d]
// [--workers n] [--parts k (compare another split of the same total)] [--unthrottled-workers]
// [--scalar (the solver's build without wasm SIMD, which browsers without it get)];
// POW_PKG=<dir>/ serves another build as /pkg-work/ (a before and after: run both back to back).
import { CHROMIUM_FLAGS } from '../chromium.mjs';
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { extname } from 'node:path';
import { chromium } from '@playwright/test';

const arg = (name, fallback) => (process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : fallback);
const SAMPLES = arg('--samples', 200);
const PARTS = arg('--parts', undefined);
const WORKERS = arg('--workers', undefined);
const THROTTLE_WORKERS = !process.argv.includes('--unthrottled-workers');
// The engine's DEFAULT_DIFFICULTY unless asked for another.
const DIFFICULTY = arg(
  '--difficulty',
  Number(/pub const DEFAULT_DIFFICULTY: u32 = (\d+);/.exec(readFileSync('core/src/work.rs', 'utf8'))[1]),
);
const SLOWDOWN = arg('--slowdown', 4);
const SCALAR = process.argv.includes('--scalar');
const PKG = process.env.POW_PKG ?? 'pkg-work/';

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm' };
const server = createServer((req, res) => {
  const url = new URL(req.url, 'http://x').pathname;
  const path =
    url === '/'
      ? 'tests/bench/pow/page.html'
      : url.startsWith('/pkg-work/')
        ? PKG + url.slice('/pkg-work/'.length)
        : url === '/tests/bench/pow/worker.js'
          ? url.slice(1)
          : null;
  if (!path || path.includes('..') || !existsSync(path)) return res.writeHead(404).end();
  // Cross-origin isolated: the workers' slowdown sleeps with Atomics.wait on a SharedArrayBuffer.
  res
    .writeHead(200, {
      'content-type': TYPES[extname(path)] ?? 'application/octet-stream',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-embedder-policy': 'require-corp',
    })
    .end(readFileSync(path));
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: CHROMIUM_FLAGS,
});
const page = await browser.newPage();
await page.goto(`http://127.0.0.1:${server.address().port}/${SCALAR ? '?scalar' : ''}`);
await page.waitForFunction(() => window.ready === true);
const cdp = await page.context().newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
// Each worker is its own target: attached as it starts (non-flat sessions, as Playwright's
// CDPSession cannot address a child session), and slowed down like the page.
const throttled = [];
let messageId = 0;
cdp.on('Target.attachedToTarget', ({ sessionId, targetInfo }) => {
  if (!THROTTLE_WORKERS || targetInfo.type !== 'worker') return;
  const message = { id: ++messageId, method: 'Emulation.setCPUThrottlingRate', params: { rate: SLOWDOWN } };
  throttled.push(
    new Promise((done) => {
      const reply = (event) => {
        const answer = JSON.parse(event.message);
        if (event.sessionId !== sessionId || answer.id !== message.id) return;
        cdp.off('Target.receivedMessageFromTarget', reply);
        done(answer.error ? `${targetInfo.url}: ${answer.error.message}` : 'ok');
      };
      cdp.on('Target.receivedMessageFromTarget', reply);
    }),
  );
  cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify(message) }).catch(() => {});
});
await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
const workers = WORKERS ?? (await page.evaluate(() => Math.min(navigator.hardwareConcurrency || 1, 4)));
await page.evaluate((n) => window.startWorkers(n), workers);
const throttleReplies = await Promise.all(throttled);
// Chromium 156 answers "Operation is only supported for pages, not workers": then the workers
// slow themselves down (worker.js says how).
const refused = throttleReplies.find((r) => r !== 'ok');
if (THROTTLE_WORKERS && (refused || throttleReplies.length < workers)) await page.evaluate((r) => window.slowWorkers(r), SLOWDOWN);
const probe = await page.evaluate(() => window.probe(1500));
const k = (n) => `${Math.round(n / 1000)}k`;
const how = !THROTTLE_WORKERS
  ? 'workers not slowed down'
  : refused
    ? `CDP refused the workers' rate (${refused.replace(/^.*: /, '')}), so each holds itself to 1/${SLOWDOWN} of its best pace`
    : `${throttleReplies.length} workers throttled by CDP`;
console.log(`pow probe: hashes/s on the page ${k(probe.main)}, in each worker ${probe.workers.map(k).join(', ')} (${how})`);

const samples = [];
const base = Date.now();
for (let i = 0; i < SAMPLES; i += 1) {
  samples.push(
    await page.evaluate(([id, ms, d, parts]) => window.solveOnce(id, ms, d, parts), [randomUUID(), base + i * 997, DIFFICULTY, PARTS]),
  );
}
await browser.close();
server.close();

const times = samples.map((s) => s.ms).sort((a, b) => a - b);
const at = (q) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)];
const tries = samples.reduce((sum, s) => sum + s.tries, 0);
const rate = tries / (samples.reduce((sum, s) => sum + s.ms, 0) / 1000);
const mean = samples.reduce((sum, s) => sum + s.ms, 0) / samples.length;
const result = {
  difficulty: DIFFICULTY,
  slowdown: SLOWDOWN,
  samples: SAMPLES,
  workers,
  parts: PARTS ?? 'engine',
  simd: !SCALAR,
  probe,
  meanMs: mean,
  medianMs: at(0.5),
  p95Ms: at(0.95),
  hashesPerSecond: rate,
  timesMs: times,
};
mkdirSync('target/bench', { recursive: true });
writeFileSync('target/bench/pow.json', JSON.stringify(result, null, 1));
console.log(
  `pow: difficulty ${DIFFICULTY}, median ${Math.round(result.medianMs)} ms, p95 ${Math.round(result.p95Ms)} ms` +
    ` (p95/mean ${(result.p95Ms / mean).toFixed(2)})  (${SAMPLES} samples, ${PARTS ?? "the engine's"} parts on ${workers} workers,` +
    ` ${SLOWDOWN}x CPU slowdown, ${SCALAR ? 'without SIMD, ' : ''}${Math.round(rate / 1000)}k hashes/s; expected ${Math.round((2 ** DIFFICULTY / rate) * 1000)} ms)`,
);
