// End-to-end tests: Debian's Chromium (nothing downloads a browser) against the production
// build in target/web-e2e (built by `make test-e2e` with the e2e stack's URL baked in) and a
// throwaway local backend. One worker: the tests share the stack's faults and rows.
import { CHROMIUM_FLAGS } from './tests/chromium.mjs';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4399);
const stackPort = Number(process.env.E2E_STACK_PORT ?? 64399);

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'target/e2e-results',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  workers: 1,
  fullyParallel: false,
  retries: 0,
  reporter: [['list']],
  // Prints the fault matrix's summary line (faults: <n> scenarios, ...) after the run.
  globalSetup: './tests/e2e/faults-summary.ts',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: CHROMIUM_FLAGS,
    },
  },
  metadata: { stackUrl: `http://127.0.0.1:${stackPort}` },
  webServer: [
    {
      command: `node tests/stack/stack.mjs --port ${stackPort} --throwaway`,
      url: `http://127.0.0.1:${stackPort}/__stack/health`,
      timeout: 120_000,
      // E2E_REUSE=1: use servers already running on these ports (local iteration only).
      reuseExistingServer: process.env.E2E_REUSE === '1',
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The server of `make run`: CSP and the other headers, route fallback and real 404s.
      command: `node scripts/serve.mjs --dir ${process.env.E2E_DIR ?? 'target/web-e2e'} --host 127.0.0.1 --port ${port}`,
      env: { VITE_SUPABASE_URL: `http://127.0.0.1:${stackPort}`, VITE_EMAILJS_ORIGIN: `http://127.0.0.1:${stackPort}` },
      url: `http://127.0.0.1:${port}/`,
      timeout: 60_000,
      // E2E_REUSE=1: use servers already running on these ports (local iteration only).
      reuseExistingServer: process.env.E2E_REUSE === '1',
    },
  ],
});
