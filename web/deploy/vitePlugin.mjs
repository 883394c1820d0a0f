// A Vite plugin that writes the static-hosting files into the build, from web/deploy/hosting.mjs:
// `_headers` and `_redirects` (Netlify, Cloudflare Pages) and `vercel.json` (Vercel). The pages
// themselves, `404.html` included, are written by prerender.mjs; this plugin runs after it, as
// the CSP allows the pages' inline head script by its hash.
import { headersFile, inlineScriptHashes, redirectsFile, vercelJson } from './hosting.mjs';
import { buildRefusal } from './buildConfig.mjs';

export function hostingFiles() {
  let env = {};
  return {
    name: 'stepzero-hosting-files',
    apply: 'build',
    enforce: 'post', // listed after prerenderPages (also 'post'), so the pages are in the bundle
    configResolved(config) {
      env = config.env ?? {};
      const refusal = buildRefusal(env);
      if (refusal) throw Object.assign(new Error(refusal), { stack: refusal }); // the message, no trace
    },
    generateBundle(_, bundle) {
      const pages = Object.values(bundle)
        .filter((file) => file.type === 'asset' && file.fileName.endsWith('.html'))
        .map((file) => String(file.source));
      const site = { supabaseUrl: env.VITE_SUPABASE_URL, emailOrigin: env.VITE_EMAILJS_ORIGIN, inlineScripts: inlineScriptHashes(pages) };
      this.emitFile({ type: 'asset', fileName: '_headers', source: headersFile(site) });
      this.emitFile({ type: 'asset', fileName: '_redirects', source: redirectsFile() });
      this.emitFile({ type: 'asset', fileName: 'vercel.json', source: JSON.stringify(vercelJson(site), null, 2) + '\n' });
    },
  };
}
