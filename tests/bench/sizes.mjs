// Size budget of what visitors download: the engine wasm (raw and gzip) and, when a
// production build exists, the hero's first load. Prints a table and writes target/bench/sizes.json.
import { readFileSync, writeFileSync, mkdirSync, existsSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const gz = (bytes) => gzipSync(bytes, { level: 9 }).length;
const kb = (n) => (n / 1024).toFixed(1);
const rows = [];

const wasm = readFileSync('pkg/stepzero_core_bg.wasm');
const glue = readFileSync('pkg/stepzero_core.js');
rows.push({ item: 'engine wasm', bytes: wasm.length, gzip: gz(wasm) });
rows.push({ item: 'engine JS glue', bytes: glue.length, gzip: gz(glue) });

if (existsSync('web/dist/assets')) {
  for (const name of readdirSync('web/dist/assets')) {
    const bytes = readFileSync(join('web/dist/assets', name));
    rows.push({ item: `web/dist/assets/${name}`, bytes: bytes.length, gzip: gz(bytes) });
  }
}

console.log('item'.padEnd(48), 'bytes'.padStart(9), 'gzip'.padStart(9));
for (const row of rows) console.log(row.item.padEnd(48), String(row.bytes).padStart(9), String(row.gzip).padStart(9));
const engine = rows[0].gzip;
console.log(`budget: engine ${kb(engine)} KB gzip (target <= 40 KB)`);
mkdirSync('target/bench', { recursive: true });
writeFileSync('target/bench/sizes.json', JSON.stringify({ rows }, null, 1) + '\n');
