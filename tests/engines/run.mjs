#!/usr/bin/env node
// The browser-engine matrix: the production build (target/web-engines) and a throwaway local
// backend, driven over WebDriver in Chromium, WebKitGTK (Safari's engine) and Firefox ESR.
// Prints `engines: chromium <n> ok, webkit <n> ok, firefox <n> ok`; a failure names the engine,
// the path and the step, and the run exits 1.
//   node tests/engines/run.mjs [--engines chromium,webkit,firefox] [--only <part of a path's name>]
//                              [--port P] [--stack-port S] [--driver-port D]
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { remote } from 'webdriverio';
import { ENGINES, startDriver, startXvfb, stopChild } from './drivers.mjs';
import { scenarios } from './scenarios.mjs';

const { values: opt } = parseArgs({
  options: {
    engines: { type: 'string', default: 'chromium,webkit,firefox' },
    port: { type: 'string', default: process.env.ENGINES_PORT ?? '4396' },
    'stack-port': { type: 'string', default: process.env.ENGINES_STACK_PORT ?? '64396' },
    'driver-port': { type: 'string', default: process.env.ENGINES_DRIVER_PORT ?? '4395' },
    dir: { type: 'string', default: 'target/web-engines' },
    only: { type: 'string', default: '' },
  },
});
const engines = opt.engines.split(',').filter(Boolean);
for (const e of engines) if (!ENGINES[e]) throw new Error(`unknown engine ${e}`);
const site = `http://127.0.0.1:${opt.port}`;
const stackUrl = `http://127.0.0.1:${opt['stack-port']}`;
const children = [];
const started = Date.now();

async function startStack() {
  const child = spawn(process.execPath, ['tests/stack/stack.mjs', '--port', opt['stack-port'], '--throwaway'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let err = '';
  child.stderr.on('data', (d) => {
    err = (err + d).slice(-4000);
  });
  for await (const line of createInterface({ input: child.stdout })) {
    if (line.startsWith('stack ready')) return;
  }
  throw new Error(`the local backend did not start:\n${err}`);
}

async function startSite() {
  const env = { ...process.env, VITE_SUPABASE_URL: stackUrl, VITE_EMAILJS_ORIGIN: stackUrl };
  const child = spawn(process.execPath, ['scripts/serve.mjs', '--dir', opt.dir, '--host', '127.0.0.1', '--port', opt.port], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  const deadline = Date.now() + 20000;
  for (;;) {
    try {
      if ((await fetch(`${site}/`)).ok) return;
    } catch {
      /* not yet */
    }
    if (Date.now() > deadline) throw new Error('the site server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Runs every scenario in one engine; returns the number that passed, throws on the first failure. */
async function runEngine(name, port) {
  const stops = [];
  let browser;
  let where = 'start its WebDriver server';
  const step = (s) => {
    where = s;
  };
  let current = 'setup';
  try {
    let env = {};
    if (ENGINES[name].display) {
      const x = await startXvfb();
      stops.push(x.stop);
      env = { DISPLAY: x.display };
    }
    const driver = await startDriver(name, port, env);
    stops.push(driver.stop);
    step('open a session');
    browser = await remote({
      hostname: '127.0.0.1',
      port,
      path: '/',
      logLevel: 'error',
      connectionRetryCount: 0,
      capabilities: { ...ENGINES[name].capabilities, 'wdio:enforceWebDriverClassic': true },
    });
    let ok = 0;
    for (const s of scenarios({ site, stackUrl }).filter((s) => s.name.includes(opt.only))) {
      current = s.name;
      const t0 = Date.now();
      await s.run(browser, step, name);
      ok++;
      process.stdout.write(`  ${name}: ${s.name} ok (${((Date.now() - t0) / 1000).toFixed(1)} s)\n`);
    }
    return ok;
  } catch (e) {
    const url = browser ? await browser.getUrl().catch(() => '?') : '-';
    throw new Error(`${name}: "${current}" failed at step "${where}" (page ${url}): ${e.message.split('\n')[0]}`, { cause: e });
  } finally {
    if (browser) await browser.deleteSession().catch(() => {});
    for (const stop of stops.reverse()) await stop();
  }
}

let code = 1;
try {
  await Promise.all([startStack(), startSite()]);
  const counts = [];
  const failures = [];
  // One engine at a time: the email path sets a backend fault that would fail another engine's
  // insert, and the machine has two cores.
  for (const [i, name] of engines.entries()) {
    try {
      counts.push(`${name} ${await runEngine(name, Number(opt['driver-port']) + i)} ok`);
    } catch (e) {
      failures.push(e.message);
      counts.push(`${name} FAILED`);
    }
  }
  process.stdout.write(`engines: ${counts.join(', ')} (${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
  if (failures.length) process.stdout.write(`\n${failures.join('\n')}\n`);
  else code = 0;
} catch (e) {
  process.stderr.write(`engines: ${e.stack ?? e}\n`);
} finally {
  for (const c of children.reverse()) await stopChild(c);
}
process.exit(code);
