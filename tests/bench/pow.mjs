// The visitor's cost of the proof of work (core/src/work.rs): the wasm solver (pkg-work/) in
// headless Debian Chromium under a 4x CPU slowdown (CDP Emulation.setCPUThrottlingRate, a
// mid-range phone's pace), many samples, each with its own id and time.
// Prints `pow: difficulty <d>, median <ms> ms, p95 <ms> ms` (and the hash rate it rests on),
// writes target/bench/pow.json. Usage: node tests/bench/pow.mjs [--samples 60] [--difficulty d]
import { CHROMIUM_FLAGS } from '../chromium.mjs';
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { extname } from 'node:path';
import { chromium } from '@playwright/test';

const arg = (name, fallback) => (process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : fallback);
const SAMPLES = arg('--samples', 60);
// The engine's DEFAULT_DIFFICULTY unless asked for another.
const DIFFICULTY = arg(
  '--difficulty',
  Number(/pub const DEFAULT_DIFFICULTY: u32 = (\d+);/.exec(readFileSync('core/src/work.rs', 'utf8'))[1]),
);
const SLOWDOWN = 4;

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm' };
const server = createServer((req, res) => {
  const url = new URL(req.url, 'http://x').pathname;
  const path = url === '/' ? 'tests/bench/pow/page.html' : url.startsWith('/pkg-work/') ? url.slice(1) : null;
  if (!path || path.includes('..') || !existsSync(path)) return res.writeHead(404).end();
  res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(readFileSync(path));
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: CHROMIUM_FLAGS,
});
const page = await browser.newPage();
await page.goto(`http://127.0.0.1:${server.address().port}/`);
await page.waitForFunction(() => window.ready === true);
const cdp = await page.context().newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });

const samples = [];
const base = Date.now();
for (let i = 0; i < SAMPLES; i += 1) {
  samples.push(await page.evaluate(([id, ms, d]) => window.solveOnce(id, ms, d), [randomUUID(), base + i * 997, DIFFICULTY]));
}
await browser.close();
server.close();

const times = samples.map((s) => s.ms).sort((a, b) => a - b);
const at = (q) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)];
const tries = samples.reduce((sum, s) => sum + s.tries, 0);
const rate = tries / (samples.reduce((sum, s) => sum + s.ms, 0) / 1000);
const result = {
  difficulty: DIFFICULTY,
  slowdown: SLOWDOWN,
  samples: SAMPLES,
  medianMs: at(0.5),
  p95Ms: at(0.95),
  hashesPerSecond: rate,
  timesMs: times,
};
mkdirSync('target/bench', { recursive: true });
writeFileSync('target/bench/pow.json', JSON.stringify(result, null, 1));
console.log(
  `pow: difficulty ${DIFFICULTY}, median ${Math.round(result.medianMs)} ms, p95 ${Math.round(result.p95Ms)} ms` +
    `  (${SAMPLES} samples, ${SLOWDOWN}x CPU slowdown, ${Math.round(rate / 1000)}k hashes/s; expected ${Math.round((2 ** DIFFICULTY / rate) * 1000)} ms)`,
);
