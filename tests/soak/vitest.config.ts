// The soak (make test-soak): its own vitest run, in Node (no DOM: the outbox needs none), one
// file, one worker, against a throwaway local stack the test starts itself.
import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export default defineConfig({
  root: repoRoot,
  server: { fs: { allow: [repoRoot] } },
  test: {
    root: repoRoot,
    include: ['tests/soak/**/*.test.ts'],
    environment: 'node',
    env: { STEPZERO_ROOT: repoRoot },
    pool: 'forks',
    // No Node Web Storage (on by default since Node 25): @emailjs/browser looks for localStorage
    // when it loads, which without --localstorage-file prints an ExperimentalWarning.
    execArgv: ['--no-experimental-webstorage'],
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 20 * 60_000,
    hookTimeout: 2 * 60_000,
  },
});
