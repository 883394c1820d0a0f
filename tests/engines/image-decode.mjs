// Which engines decode for the image routine (core/src/image/browser.rs), measured rather
// than taken from a table: in Chromium, WebKitGTK and Firefox ESR over WebDriver, the image
// wasm's shrinkFile (as the worker runs it, here on the page's main thread) on a PNG and a
// WebP photograph and on the 2x1 orientation-6 probes, against the
// routine's own decode of the same file (size, who decoded, mean channel difference), plus
// what createImageBitmap does with imageOrientation 'none' and a requested size.
//   node tests/engines/image-decode.mjs [--engines chromium,webkit,firefox] [--port 4793]
//   (make engines-image). Exits non-zero when an engine's result differs from the routine's
//   own (another size, an error, a mean difference over 3 levels) or an engine cannot run.
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { remote } from 'webdriverio';
import { ENGINES, startDriver, startXvfb } from './drivers.mjs';

const { values } = parseArgs({
  options: { engines: { type: 'string', default: 'chromium,webkit,firefox' }, port: { type: 'string', default: '4793' } },
});
const OUT = 'target/engines-image';
mkdirSync(OUT, { recursive: true });
execFileSync('scripts/ensure-apt.sh', ['plasma-workspace-wallpapers', 'webp'], { stdio: 'inherit' });
const webp = `${OUT}/ColorfulCups.webp`;
if (!existsSync(webp))
  execFileSync('cwebp', ['-quiet', '-q', '85', '/usr/share/wallpapers/ColorfulCups/contents/images/2560x1600.jpg', '-o', webp]);
const FILES = {
  '/photo.png': '/usr/share/wallpapers/Altai/contents/images/5120x2880.png',
  '/photo.webp': webp,
};
const PAGE = `<!doctype html><title>image decode</title><script type="module">
import init, { shrinkFile, shrinkImage } from '/pkg-image/stepzero_image.js';
const PROBES = {
  png: 'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAGmVYSWZJSSoACAAAAAEAEgEDAAEAAAAGAAAAAAAAALdIESkAAAANSURBVHicY/jPAAT/AQcAAf/iI55ZAAAAAElFTkSuQmCC',
  webp: 'UklGRlIAAABXRUJQVlA4WAoAAAAIAAAAAQAAAAAAVlA4TBEAAAAvAQAAAA8Q87//8x8OMqL/AQBFWElGGgAAAElJKgAIAAAAAQASAQMAAQAAAAYAAAAAAAAA',
};
const out = {};
try {
  await init();
  const pixelsOf = async (bytes) => {
    const b = await createImageBitmap(new Blob([bytes], { type: 'image/jpeg' }));
    const c = new OffscreenCanvas(b.width, b.height).getContext('2d');
    c.drawImage(b, 0, 0);
    return c.getImageData(0, 0, b.width, b.height).data;
  };
  const files = { png: await (await fetch('/photo.png')).blob(), webp: await (await fetch('/photo.webp')).blob() };
  for (const [format, base64] of Object.entries(PROBES)) {
    const blob = new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type: 'image/' + format });
    for (const o of ['none', 'from-image']) {
      try { const b = await createImageBitmap(blob, { imageOrientation: o }); out[format + ' probe ' + o] = b.width + 'x' + b.height; } catch (e) { out[format + ' probe ' + o] = String(e); }
    }
    try { const b = await createImageBitmap(blob, { resizeWidth: 4, resizeHeight: 2, resizeQuality: 'high' }); out[format + ' resize 4x2'] = b.width + 'x' + b.height; } catch (e) { out[format + ' resize'] = String(e); }
    files[format + '-turned'] = blob;
  }
  for (const [name, file] of Object.entries(files)) {
    try {
      // One warm-up each, then 5 runs taking turns; the medians.
      const a = await shrinkFile(file, {});
      const bytes = new Uint8Array(await file.arrayBuffer());
      const b = shrinkImage(bytes, {});
      const ta = [], tb = [];
      for (let r = 0; r < 5; r++) {
        let t = performance.now();
        await shrinkFile(file, {});
        ta.push(performance.now() - t);
        t = performance.now();
        shrinkImage(new Uint8Array(await file.arrayBuffer()), {});
        tb.push(performance.now() - t);
      }
      const median = (v) => Math.round(v.sort((x, y) => x - y)[2]);
      const [pa, pb] = [await pixelsOf(a.bytes), await pixelsOf(b.bytes)];
      let sum = 0;
      for (let i = 0; i < pa.length; i++) sum += Math.abs(pa[i] - pb[i]);
      const mean = pa.length === pb.length ? sum / pa.length : Infinity;
      if (mean > 3 || a.width !== b.width || a.height !== b.height) out.mismatch = (out.mismatch ?? '') + name + ' ';
      out[name] = a.decodedBy + ' ' + a.width + 'x' + a.height + ' (wasm ' + b.width + 'x' + b.height + ') mean diff ' + (pa.length === pb.length ? (sum / pa.length).toFixed(2) : 'sizes differ') + ', median ' + median(ta) + ' ms vs the wasm alone ' + median(tb) + ' ms';
    } catch (e) { out[name] = 'error ' + (e.code ?? '') + ' ' + e; out.mismatch = (out.mismatch ?? '') + name + ' '; }
  }
} catch (e) { out.error = String(e); }
window.result = out;
</script>`;
const TYPES = { js: 'text/javascript', wasm: 'application/wasm', png: 'image/png', webp: 'image/webp' };
const server = createServer((req, res) => {
  const url = new URL(req.url, 'http://x').pathname;
  const path = url === '/' ? null : (FILES[url] ?? (url.startsWith('/pkg-image/') ? url.slice(1) : null));
  if (url === '/') return res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
  if (!path || !existsSync(path)) return res.writeHead(404).end();
  res.writeHead(200, { 'content-type': TYPES[path.split('.').pop()] ?? 'application/octet-stream' }).end(readFileSync(path));
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const site = `http://127.0.0.1:${server.address().port}/`;
const port = Number(values.port);
let failed = false;
for (const name of values.engines.split(',')) {
  const stops = [];
  try {
    let env = {};
    if (ENGINES[name].display) {
      const x = await startXvfb();
      stops.push(x.stop);
      env = { DISPLAY: x.display };
    }
    stops.push((await startDriver(name, port, env)).stop);
    const browser = await remote({
      hostname: '127.0.0.1',
      port,
      path: '/',
      logLevel: 'error',
      connectionRetryCount: 0,
      capabilities: { ...ENGINES[name].capabilities, 'wdio:enforceWebDriverClassic': true },
    });
    stops.unshift(() => browser.deleteSession());
    await browser.url(site);
    await browser.waitUntil(() => browser.execute(() => window.result !== undefined), { timeout: 60000 });
    const result = await browser.execute(() => window.result);
    console.log(`${name} (${browser.capabilities.browserVersion}):`);
    for (const [k, v] of Object.entries(result).sort()) console.log(`  ${k}: ${v}`);
    if (result.mismatch || result.error) failed = true;
  } catch (e) {
    console.log(`${name}: ${e.message}`);
    failed = true;
  } finally {
    for (const stop of stops) await stop();
  }
}
server.close();
if (failed) process.exitCode = 1;
