// `node tests/bench/image-profile.mjs <file> [runs]`: where the image wasm's time goes in
// headless Chromium: the bench page runs our routine on <file> under the V8 sampling
// profiler and this prints self time per wasm function. The names need a build that keeps
// them: `wasm-bindgen --keep-debug` into a directory of its own, without wasm-opt (which
// drops them and inlines across functions), then IMAGE_PKG=<that dir>/.
import { CHROMIUM_FLAGS } from '../chromium.mjs';
import { createServer } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { extname } from 'node:path';
import { chromium } from '@playwright/test';

const [file, runs = '10'] = process.argv.slice(2);
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm' };
const server = createServer((req, res) => {
  const url = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  let path = url === '/' ? 'tests/bench/image/page.html' : null;
  if (url.startsWith('/pkg-image/')) path = (process.env.IMAGE_PKG ?? 'pkg-image/') + url.slice(11);
  if (url.startsWith('/bic/')) path = 'node_modules/browser-image-compression/dist/' + url.slice(5);
  if (url === '/file/0') path = file;
  if (!path || !existsSync(path)) return res.writeHead(404).end();
  res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(readFileSync(path));
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS });
const page = await browser.newPage();
await page.goto(`http://127.0.0.1:${server.address().port}`);
await page.waitForFunction(() => window.ready === true);
const cdp = await page.context().newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await page.evaluate(() => window.runBench('/file/0', 'ours', 1));
await cdp.send('Profiler.start');
const r = await page.evaluate((n) => window.runBench('/file/0', 'ours', n), Number(runs));
const { profile } = await cdp.send('Profiler.stop');
await browser.close();
server.close();
const self = new Map();
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const dt = profile.timeDeltas;
let total = 0;
profile.samples.forEach((id, i) => {
  const name = byId.get(id).callFrame.functionName || '(anon)';
  const t = (dt[i + 1] ?? 0) / 1000;
  self.set(name, (self.get(name) ?? 0) + t);
  total += t;
});
const per = Number(runs) + 1;
console.log(`${file}: median ${r.median.toFixed(1)} ms; self time per run (ms), of ${(total / per).toFixed(1)} sampled:`);
[...self.entries()]
  .sort((a, b) => b[1] - a[1])
  .slice(0, 25)
  .forEach(([n, t]) => console.log(`${(t / per).toFixed(1).padStart(7)}  ${n.slice(0, 150)}`));
