// A Vite plugin that writes the static-hosting files into the build, from web/deploy/hosting.mjs:
// `_headers` and `_redirects` (Netlify, Cloudflare Pages) and `vercel.json` (Vercel). The pages
// themselves, `404.html` included, are written by prerender.mjs.
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
  };
}
