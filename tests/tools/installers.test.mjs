// What `make test` installs on a machine that has never seen the project: each installer's dry
// run (`make install-plan`, STEPZERO_DRY_RUN=1) with an empty CARGO_HOME and tools directory.
// Each installer must ask the real tool, not a name on PATH: node_modules/.bin holds npm
// wrappers (webdriverio's `geckodriver`) that download from a host these machines cannot reach,
// and a fresh machine has such a wrapper before it has crates.io's geckodriver.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;
const pinnedNode = /^NODE_VERSION=(\S+)$/m.exec(readFileSync(join(root, 'scripts/ensure-node.sh'), 'utf8'))[1];
const lock = readFileSync(join(root, 'Cargo.lock'), 'utf8');
const bindgen = /name = "wasm-bindgen"\nversion = "([^"]+)"/.exec(lock)[1];
const wasmPack = /ensure-cargo-bin\.sh wasm-pack wasm-pack (\S+)$/m.exec(
  readFileSync(join(root, 'scripts/ensure-wasm-tools.sh'), 'utf8'),
)[1];
const escaped = (version) => version.replaceAll('.', '\\.');

function fakeProgram(dir, name, versionLine) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, name), `#!/bin/sh\necho '${versionLine}'\n`);
  chmodSync(join(dir, name), 0o755);
}

/** `make install-plan` with the given CARGO_HOME and tools directory; returns what it printed
 * (stdout and stderr: the Node installer speaks on stderr, its stdout is the Makefile's). */
function installPlan(cargoHome, tools, pathFirst) {
  const env = { ...process.env, CARGO_HOME: cargoHome, STEPZERO_TOOLS: tools };
  // Not the outer make's: its flags and jobserver are not this make's.
  delete env.MAKEFLAGS;
  delete env.MAKELEVEL;
  delete env.MFLAGS;
  env.PATH = `${pathFirst}:${process.env.PATH}`;
  const run = spawnSync('make', ['-s', '-C', root, 'install-plan'], { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  assert.equal(run.status, 0, `make install-plan failed:\n${run.stdout}${run.stderr}`);
  return run.stdout + run.stderr;
}

test('a fresh machine: every tool from crates.io and the pinned Node would be installed, whatever sits on PATH', (t) => {
  const scratch = mkdtempSync(join(tmpdir(), 'stepzero-install-plan-'));
  t.after(() => rmSync(scratch, { recursive: true, force: true }));
  const wrappers = join(scratch, 'npm-wrappers');
  // What webdriverio's npm packages put in node_modules/.bin, an older wasm-bindgen, and the
  // pinned wasm-pack's name outside CARGO_HOME (the installer asks CARGO_HOME's binary only).
  fakeProgram(wrappers, 'geckodriver', 'geckodriver (npm wrapper) would download a driver');
  fakeProgram(wrappers, 'wasm-bindgen', 'wasm-bindgen 0.0.1');
  fakeProgram(wrappers, 'wasm-pack', `wasm-pack ${wasmPack}`);

  const plan = installPlan(join(scratch, 'cargo'), join(scratch, 'tools'), wrappers);
  assert.match(plan, /would install: geckodriver \(crates\.io\)/);
  assert.match(plan, new RegExp(`would install: wasm-pack ${escaped(wasmPack)} \\(crates\\.io\\)`));
  assert.match(plan, new RegExp(`would install: wasm-bindgen-cli ${escaped(bindgen)} \\(crates\\.io\\)`));
  assert.match(plan, new RegExp(`would install: node ${pinnedNode.replaceAll('.', '\\.')} `));
  assert.match(plan, /install-plan: done/);
});

test('crates.io programs already in CARGO_HOME are kept; one at another version is replaced', (t) => {
  const scratch = mkdtempSync(join(tmpdir(), 'stepzero-install-plan-'));
  t.after(() => rmSync(scratch, { recursive: true, force: true }));
  const cargoBin = join(scratch, 'cargo', 'bin');
  fakeProgram(cargoBin, 'geckodriver', 'geckodriver 0.36.0 (a1b2c3 2025-01-01)');
  fakeProgram(cargoBin, 'wasm-bindgen', 'wasm-bindgen 0.2.1');
  fakeProgram(cargoBin, 'wasm-pack', `wasm-pack ${wasmPack}`);

  const plan = installPlan(join(scratch, 'cargo'), join(scratch, 'tools'), join(scratch, 'empty'));
  assert.doesNotMatch(plan, /would install: geckodriver/);
  assert.doesNotMatch(plan, /would install: wasm-pack/);
  assert.match(plan, new RegExp(`would install: wasm-bindgen-cli ${escaped(bindgen)} `));
});

test('a wasm-pack in CARGO_HOME at another version than the pinned one is replaced', (t) => {
  const scratch = mkdtempSync(join(tmpdir(), 'stepzero-install-plan-'));
  t.after(() => rmSync(scratch, { recursive: true, force: true }));
  fakeProgram(join(scratch, 'cargo', 'bin'), 'wasm-pack', 'wasm-pack 0.13.1');

  const plan = installPlan(join(scratch, 'cargo'), join(scratch, 'tools'), join(scratch, 'empty'));
  assert.match(plan, new RegExp(`would install: wasm-pack ${escaped(wasmPack)} \\(crates\\.io\\)`));
});
