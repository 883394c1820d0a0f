// `node tests/bench/image-cpu.mjs <file> [runs] [<pkg dir>/ ...]`: builds of the image wasm side
// by side in Node (the same V8 as Chromium), each `shrinkImage` of <file> timed in this
// process's CPU time rather than on the wall clock, so a shared machine's other load weighs
// little; the builds take turns run by run. Prints each build's median CPU and wall time and
// the median of its per-run CPU ratio to the first build, and whether its JPEG is the first's
// byte for byte. Default: pkg-image/ alone. For a before and after, build the older commit's
// `make pkg-image` into a directory of its own and name it first.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const [file, runs = '15', ...given] = process.argv.slice(2);
if (!file) throw new Error('usage: node tests/bench/image-cpu.mjs <file> [runs] [<pkg dir>/ ...]');
const dirs = given.length ? given : ['pkg-image/'];
const bytes = new Uint8Array(readFileSync(file));
const options = { maxSide: 800, targetBytes: 40960, startQuality: 0.8, minQuality: 0.1 };
const builds = [];
for (const [i, dir] of dirs.entries()) {
  // A query per build: each import is its own module, with its own instance and memory.
  const glue = await import(`${pathToFileURL(dir).href}/stepzero_image.js?build=${i}`);
  glue.initSync({ module: readFileSync(`${dir}/stepzero_image_bg.wasm`) });
  builds.push(glue);
}
const cpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const outputs = builds.map((b) => b.shrinkImage(bytes, options).bytes); // and a warm-up
const times = builds.map(() => []);
for (let run = 0; run < Number(runs); run += 1) {
  for (let k = 0; k < builds.length; k += 1) {
    const i = (run + k) % builds.length;
    const [c0, w0] = [cpu(), performance.now()];
    builds[i].shrinkImage(bytes, options);
    times[i].push({ cpu: cpu() - c0, wall: performance.now() - w0 });
  }
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
console.log(`${file}: ${runs} runs each, load average ${load} after`);
dirs.forEach((dir, i) => {
  const t = times[i];
  const same = outputs[i].length === outputs[0].length && outputs[i].every((v, j) => v === outputs[0][j]);
  console.log(
    `  ${dir}: cpu ${median(t.map((x) => x.cpu)).toFixed(1)} ms, wall ${median(t.map((x) => x.wall)).toFixed(1)} ms, ` +
      `cpu vs ${dirs[0]} ${median(t.map((x, r) => x.cpu / times[0][r].cpu)).toFixed(3)}, same JPEG ${same}`,
  );
});
