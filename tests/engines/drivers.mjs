// The three engines and their WebDriver servers, all from Debian or crates.io (nothing here
// downloads a browser or a driver: WebdriverIO is given a running driver's host and port, so it
// never starts or fetches one). WebKitGTK needs a display: a private Xvfb (-displayfd picks a
// free one).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_FLAGS } from '../chromium.mjs';

const CHROMIUM_ARGS = [...CHROMIUM_FLAGS, '--headless=new'];
const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

// node_modules/.bin is skipped: webdriverio brings npm's `geckodriver` and `edgedriver`
// wrappers, which download a driver from a host we cannot (and must not) reach.
function which(name, first = []) {
  for (const dir of [...first, ...(process.env.PATH ?? '').split(':')]) {
    if (!dir || dir.includes('node_modules')) continue;
    if (existsSync(join(dir, name))) return join(dir, name);
  }
  return null;
}

export const ENGINES = {
  chromium: {
    driver: () => which('chromedriver'),
    args: (port) => [`--port=${port}`],
    capabilities: { browserName: 'chrome', 'goog:chromeOptions': { binary: '/usr/bin/chromium', args: CHROMIUM_ARGS } },
  },
  webkit: {
    driver: () => which('WebKitWebDriver'),
    args: (port) => [`--port=${port}`],
    display: true,
    capabilities: {
      browserName: 'MiniBrowser',
      'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
    },
  },
  firefox: {
    // crates.io's (scripts/ensure-cargo-bin.sh puts it in $CARGO_HOME/bin).
    driver: () => which('geckodriver', [join(process.env.CARGO_HOME ?? join(homedir(), '.cargo'), 'bin')]),
    args: (port) => ['--port', String(port), '--host', '127.0.0.1'],
    capabilities: {
      browserName: 'firefox',
      'moz:firefoxOptions': { binary: '/usr/bin/firefox-esr', args: ['-headless'] },
    },
  },
};

/** Starts Xvfb on a free display; resolves to { display, stop }. */
export async function startXvfb() {
  const child = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdio[3].on('data', (d) => {
    text += d;
  });
  const deadline = Date.now() + 15000;
  while (!/\d+\n/.test(text)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error('Xvfb did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
  return { display: `:${text.trim()}`, stop: () => stopChild(child) };
}

/** Starts an engine's WebDriver server on `port`; resolves when it answers /status. */
export async function startDriver(name, port, env = {}) {
  const engine = ENGINES[name];
  const bin = engine.driver();
  if (!bin) throw new Error(`${name}: its WebDriver server is not installed (make engines-deps)`);
  const child = spawn(bin, engine.args(port), { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr.on('data', (d) => {
    log = (log + d).slice(-4000);
  });
  const deadline = Date.now() + 20000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name}: ${bin} exited: ${log}`);
    try {
      const r = await fetch(`http://127.0.0.1:${port}/status`);
      if (r.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`${name}: ${bin} did not answer on port ${port}: ${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { stop: () => stopChild(child) };
}

export async function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await once(child, 'exit').catch(() => {});
  clearTimeout(timer);
}
