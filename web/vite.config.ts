/// <reference types="vitest/config" />
// Vite config for the site and its vitest suite. The app lives in web/, the engine is
// generated into ../pkg by `make pkg`; Vite must be allowed to serve files from the repo root.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { hostingFiles } from './deploy/vitePlugin.mjs';
import { prerenderPages } from './deploy/prerender.mjs';
import { serviceWorker } from './deploy/serviceWorker.mjs';
import { fileURLToPath } from 'node:url';

const webDir = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  root: webDir,
  envDir: webDir,
  // prerenderPages: every page that does not depend on the visitor's answers as HTML;
  // hostingFiles: _headers, _redirects and vercel.json for static hosts (web/deploy), after the
  // pages, whose inline head script the CSP allows by its hash.
  // serviceWorker: the delivery worker, sw.js (web/src/sw), built after the site.
  plugins: [react(), prerenderPages(), hostingFiles(), serviceWorker()],
  server: { fs: { allow: [repoRoot] } },
  // Pages other than the hero are their own chunks (App.tsx), each with its CSS. Every browser
  // that runs es2022 has modulepreload, so its polyfill is left out of the hero's first load.
  // The display font stays a file: a data: URL would be refused by the CSP's font-src 'self'
  // (web/src/styles/fonts.css; a prerendered page gets its bytes from its head script).
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
    assetsInlineLimit: (file) => (file.endsWith('.woff2') ? false : undefined),
  },
  test: {
    root: repoRoot,
    include: ['web/src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['web/src/test/setup.ts'],
    // jsdom gives modules http: URLs, so tests find repo files through this instead.
    env: { STEPZERO_ROOT: repoRoot },
    pool: 'threads',
    maxWorkers: 2,
  },
});
