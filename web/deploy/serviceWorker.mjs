// The delivery service worker (web/src/sw/sw.ts) as `sw.js` at the site's root, built after the
// site into the same directory: one classic script (every engine runs classic workers; module
// workers are not everywhere), with the outbox's code inside it, so it never loads the site's
// hashed chunks, and the wasm it needs as hashed files it caches itself (web/src/sw/assets.ts).
// The translated engine and solver (pkg-js, pkg-work-js: for browsers without WebAssembly) are
// left out: a worker without WebAssembly leaves the delivery to the page.
// VITE_SERVICE_WORKER=off, the kill switch: sw.js is then a worker that removes itself.
import { resolve } from 'node:path';
import { build, loadEnv } from 'vite';

const WORKER_FILE = 'sw.js';

/** What a switched-off deploy serves: it replaces any earlier worker and unregisters itself. */
export const SWITCHED_OFF_WORKER = `// Step Zero's delivery worker is switched off (VITE_SERVICE_WORKER=off): this one replaces any
// earlier worker, drops its caches and unregisters itself. Kept responses stay in IndexedDB for the page.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith('stepzero-delivery:')).map((name) => caches.delete(name))))
      .then(() => self.registration.unregister()),
  );
});
`;

function noTranslation() {
  return {
    name: 'stepzero-sw-no-translation',
    enforce: 'pre',
    resolveId(source) {
      return /pkg-(work-)?js\//.test(source) ? '\0stepzero-no-translation' : null;
    },
    load(id) {
      if (id !== '\0stepzero-no-translation') return null;
      return "export default () => { throw new Error('no WebAssembly in this worker'); };\nexport const instantiate = () => { throw new Error('no WebAssembly in this worker'); };\n";
    },
  };
}

export function serviceWorker() {
  let config;
  return {
    name: 'stepzero-service-worker',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr || process.env.STEPZERO_SW_BUILD) return;
      const outDir = resolve(config.root, config.build.outDir);
      const env = loadEnv(config.mode, config.envDir, 'VITE_');
      if ((process.env.VITE_SERVICE_WORKER ?? env.VITE_SERVICE_WORKER)?.trim() === 'off') {
        const { writeFileSync } = await import('node:fs');
        writeFileSync(resolve(outDir, WORKER_FILE), SWITCHED_OFF_WORKER);
        return;
      }
      process.env.STEPZERO_SW_BUILD = '1'; // this nested build must not build the worker again
      try {
        await build({
          configFile: false,
          root: config.root,
          envDir: config.envDir,
          mode: config.mode,
          logLevel: 'warn',
          plugins: [noTranslation()],
          build: {
            outDir,
            emptyOutDir: false,
            copyPublicDir: false,
            target: 'es2022',
            modulePreload: false,
            rollupOptions: {
              input: resolve(config.root, 'src/sw/sw.ts'),
              output: {
                format: 'iife',
                inlineDynamicImports: true,
                entryFileNames: WORKER_FILE,
                assetFileNames: 'assets/[name]-[hash][extname]',
              },
            },
          },
        });
      } finally {
        delete process.env.STEPZERO_SW_BUILD;
      }
    },
  };
}
