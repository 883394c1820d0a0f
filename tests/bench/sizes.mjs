// Size budget of what visitors download, from the production build in web/dist:
// - hero: index.html plus the JS and CSS it makes the browser fetch before the first paint
//   (its module script, modulepreloads and stylesheets), gzip -9. Checked in Chromium too:
//   every JS/CSS request on `/` before any interaction is listed, and anything fetched before
//   the first paint that the HTML does not name is added to the hero.
// - engine: the wasm plus its JS glue, both fetched after the first paint, gzip -9.
// Prints a table and `budget: hero <KB> KB, engine <KB> KB` (KB = 1024 bytes); writes
// target/bench/sizes.json. Usage: node tests/bench/sizes.mjs [--dir web/dist]
import { CHROMIUM_FLAGS } from '../chromium.mjs';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const dir = process.argv.includes('--dir') ? process.argv[process.argv.indexOf('--dir') + 1] : 'web/dist';
const HERO_BUDGET = 80;
const ENGINE_BUDGET = 40;
const gz = (bytes) => gzipSync(bytes, { level: 9 }).length;
const kb = (n) => (n / 1024).toFixed(1);
const file = (path) => readFileSync(join(dir, path.replace(/^\//, '')));

if (!existsSync(join(dir, 'index.html'))) {
  console.error(`${dir}/index.html is missing: run make build first`);
  process.exit(1);
}

// What the HTML names for the first paint.
const html = readFileSync(join(dir, 'index.html'), 'utf8');
const named = new Set();
for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
  const src = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
  const rel = /\brel="([^"]+)"/.exec(tag)?.[1];
  if (!src) continue;
  if (tag.startsWith('<script') || rel === 'modulepreload' || rel === 'stylesheet') named.add(src);
}

// What Chromium actually fetches on `/` with no interaction (first paint, then 3 s of quiet).
async function fetchedOnHero() {
  const port = 4470 + Math.floor(Math.random() * 20);
  const server = spawn('node', ['scripts/serve.mjs', '--dir', dir, '--port', String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve) => server.stdout.once('data', resolve));
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_FLAGS,
  });
  try {
    const page = await browser.newPage();
    const seen = [];
    page.on('request', (request) => seen.push({ url: new URL(request.url()).pathname, type: request.resourceType(), at: Date.now() }));
    await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'load' });
    const paintedAt =
      Date.now() -
      (await page.evaluate(
        () => performance.now() - (performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? performance.now()),
      ));
    await page.waitForTimeout(3000);
    return seen.map((request) => ({ ...request, beforePaint: request.at <= paintedAt }));
  } finally {
    await browser.close();
    server.kill();
  }
}

const requests = await fetchedOnHero();
const rows = [];
const add = (group, path) => {
  const bytes = file(path);
  rows.push({ group, item: path, bytes: bytes.length, gzip: gz(bytes) });
};
add('hero', '/index.html');
for (const path of named) add('hero', path);
for (const request of requests) {
  if (!/\.(js|css|wasm)$/.test(request.url) || named.has(request.url) || rows.some((row) => row.item === request.url)) continue;
  add(request.beforePaint ? 'hero' : /stepzero_core/.test(request.url) ? 'engine' : 'after paint', request.url);
}
const wasm = readdirSync(join(dir, 'assets')).find((name) => /^stepzero_core_bg.*\.wasm$/.test(name));
if (!rows.some((row) => row.item === `/assets/${wasm}`)) add('engine (not fetched on /)', `/assets/${wasm}`);
for (const name of readdirSync(join(dir, 'assets')).filter((n) => /\.(js|css|wasm)$/.test(n))) {
  if (!rows.some((row) => row.item === `/assets/${name}`)) add('on demand', `/assets/${name}`);
}

const sum = (group) => rows.filter((row) => row.group.startsWith(group)).reduce((total, row) => total + row.gzip, 0);
console.log('group'.padEnd(12), 'item'.padEnd(54), 'bytes'.padStart(9), 'gzip'.padStart(9));
for (const row of rows) console.log(row.group.padEnd(12), row.item.padEnd(54), String(row.bytes).padStart(9), String(row.gzip).padStart(9));
const hero = sum('hero');
const engine = sum('engine');
console.log(`after first paint, before any interaction (not the hero): ${kb(sum('after paint'))} KB gzip`);
console.log(`budget: hero ${kb(hero)} KB, engine ${kb(engine)} KB`);
const over = [
  hero / 1024 > HERO_BUDGET && `hero over ${HERO_BUDGET} KB`,
  engine / 1024 > ENGINE_BUDGET && `engine over ${ENGINE_BUDGET} KB`,
].filter(Boolean);
if (over.length) console.log(`budget missed: ${over.join(', ')}`);
mkdirSync('target/bench', { recursive: true });
writeFileSync(
  'target/bench/sizes.json',
  JSON.stringify({ heroGzip: hero, engineGzip: engine, budgetKB: { hero: HERO_BUDGET, engine: ENGINE_BUDGET }, rows, requests }, null, 1) +
    '\n',
);
