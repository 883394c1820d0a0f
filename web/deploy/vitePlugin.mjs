// A Vite plugin that writes the static-hosting files into the build, from web/deploy/hosting.mjs:
// `_headers` and `_redirects` (Netlify, Cloudflare Pages), `vercel.json` (Vercel), and
// `404.html` (the app, which renders its not-found screen, served with status 404).
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { headersFile, redirectsFile, vercelJson } from './hosting.mjs';
import { buildRefusal } from './buildConfig.mjs';

export function hostingFiles() {
  let env = {};
  return {
    name: 'stepzero-hosting-files',
    apply: 'build',
    configResolved(config) {
      env = config.env ?? {};
      const refusal = buildRefusal(env);
      if (refusal) throw Object.assign(new Error(refusal), { stack: refusal }); // the message, no trace
    },
    generateBundle() {
      const site = { supabaseUrl: env.VITE_SUPABASE_URL, emailOrigin: env.VITE_EMAILJS_ORIGIN };
      this.emitFile({ type: 'asset', fileName: '_headers', source: headersFile(site) });
      this.emitFile({ type: 'asset', fileName: '_redirects', source: redirectsFile() });
      this.emitFile({ type: 'asset', fileName: 'vercel.json', source: JSON.stringify(vercelJson(site), null, 2) + '\n' });
    },
    // index.html is written by Vite's own HTML plugin, so copy it once it is on disk.
    writeBundle(options) {
      if (options.dir) copyFileSync(join(options.dir, 'index.html'), join(options.dir, '404.html'));
    },
  };
}
