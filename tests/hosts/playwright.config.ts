// The production build as Cloudflare Pages serves it: `wrangler pages dev` (Cloudflare's own
// local Pages server, workerd inside) reads the build's _headers and _redirects as Pages does.
// Debian's Chromium drives it against a throwaway local backend. Ports: HOSTS_PORT (wrangler),
// E2E_STACK_PORT (the stack; tests/e2e/helpers reads it).
import { CHROMIUM_FLAGS } from '../chromium.mjs';
import { defineConfig } from '@playwright/test';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

const port = Number(process.env.HOSTS_PORT ?? 4397);
const stackPort = Number(process.env.E2E_STACK_PORT ?? 64397);
// No newer than the runtime wrangler 4.86 ships (workerd 2026-04-26), which refuses later dates.
const compatibilityDate = '2026-04-20';

export default defineConfig({
  testDir: '.',
  outputDir: '../../target/hosts-results',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: CHROMIUM_FLAGS,
    },
  },
  webServer: [
    {
      command: `node tests/stack/stack.mjs --port ${stackPort} --throwaway`,
      cwd: repoRoot,
      url: `http://127.0.0.1:${stackPort}/__stack/health`,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // It warns that it cannot reach Cloudflare (Request.cf); nothing else goes out.
      command:
        `node_modules/.bin/wrangler pages dev target/web-hosts --ip 127.0.0.1 --port ${port} ` +
        `--compatibility-date ${compatibilityDate} --persist-to target/wrangler-state --log-level warn`,
      cwd: repoRoot,
      env: { WRANGLER_SEND_METRICS: 'false', CI: '1' },
      url: `http://127.0.0.1:${port}/`,
      timeout: 90_000,
      stdout: 'ignore',
      stderr: 'ignore',
    },
  ],
});
