// A Vite plugin that writes the prerendered pages into the build (paint before script): every
// page of web/deploy/hosting.mjs's ROUTE_FILES marked `prerender`, and the not-found page, is
// rendered with React's server renderer (web/src/prerender/render.tsx, loaded through a Vite
// server in SSR mode, so it is the same code as the browser's) into a copy of the built
// index.html, with its own title, description and stylesheets. The survey's steps share the
// shell (shell.html): the loading line and cookie banner every survey route shows while the
// engine is on its way, with the app's modules preloaded (it starts at once). Each page also
// gets web/src/prerender/head.js, a tiny blocking script that lets CSS show what only the
// browser knows before the app runs. Both it and the stylesheet every page shares are inline
// (allowed by their hashes in the CSP), so the first paint needs the HTML alone.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import { NOT_FOUND, ROUTE_FILES } from './hosting.mjs';

const webDir = fileURLToPath(new URL('..', import.meta.url));
const wasmPath = fileURLToPath(new URL('../../pkg/stepzero_core_bg.wasm', import.meta.url));

// The lazy chunk (App.tsx's `screens`) each prerendered route's page lives in; the others are
// in the entry chunk. Their CSS must be in the page's <head>, or its first paint is unstyled.
const SCREEN_CHUNKS = { '/privacy': 'PrivacyScreen', '/thank-you/': 'ThankYouScreen', '/404': 'NotFoundScreen' };

const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The CSS files a chunk and its static imports bring, in order. */
function cssOf(bundle, chunk, seen = new Set()) {
  if (!chunk || seen.has(chunk.fileName)) return [];
  seen.add(chunk.fileName);
  return [...chunk.imports.flatMap((name) => cssOf(bundle, bundle[name], seen)), ...(chunk.viteMetadata?.importedCss ?? [])];
}

export function prerenderPages() {
  let config;
  const inlinedCss = [];
  return {
    name: 'stepzero-prerender',
    enforce: 'post', // after Vite's own HTML plugin has put index.html in the bundle
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async generateBundle(_, bundle) {
      inlinedCss.length = 0;
      const index = bundle['index.html'];
      // The entry script is wanted only after the first paint (entry.ts), so it must not take
      // bandwidth from what the paint needs.
      const shell = String(index.source).replace(
        '<script type="module" crossorigin',
        '<script type="module" fetchpriority="low" crossorigin',
      );
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const entryCss = new Set(
        cssOf(
          bundle,
          chunks.find((chunk) => chunk.isEntry),
        ),
      );
      // The app itself (main.tsx), which entry.ts imports: its CSS is every page's.
      const app = chunks.find((chunk) => chunk.isDynamicEntry && chunk.facadeModuleId?.endsWith('/src/main.tsx'));
      const stylesheets = (files) =>
        files
          .filter((file) => !entryCss.has(file))
          .map((file) => `<link rel="stylesheet" crossorigin href="${config.base}${file}">`)
          .join('');
      const appCss = cssOf(bundle, app);
      // The shell starts the app at once: its modules are fetched with the entry, not after it,
      // yet behind what the first paint needs.
      const preloads = [app.fileName, ...app.imports]
        .map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${config.base}${file}">`)
        .join('');
      // Inline, like the stylesheet below: the first paint then needs the HTML alone, one round
      // trip less (the CSP allows both by their hashes, web/deploy/hosting.mjs).
      const headScript = String(readFileSync(new URL('../src/prerender/head.js', import.meta.url)))
        .replace(/^\s*\/\/.*\n/gm, '')
        .replace(
          '__DISPLAY_FONT_BASE64__',
          readFileSync(new URL('../src/styles/fonts/anton-display.woff2', import.meta.url)).toString('base64'),
        );
      const inlined = shell.replace(/<link rel="stylesheet" crossorigin href="([^"]+)">/g, (link, href) => {
        const file = href.slice(config.base.length);
        if (!entryCss.has(file)) return link;
        const css = String(bundle[file].source);
        // Every page carries it inline, so no chunk's preload list may ask for the file (Vite
        // reads these lists after this plugin) and nothing else needs it.
        for (const chunk of chunks) chunk.viteMetadata?.importedCss.delete(file);
        delete bundle[file];
        inlinedCss.push(file);
        return `<style>${css.trim()}</style>`;
      });

      const page = ({ route, html, title, description, shell: isShell = false }) => {
        const screen = Object.entries(SCREEN_CHUNKS).find(([prefix]) => route.startsWith(prefix))?.[1];
        const chunk = screen && chunks.find((item) => item.name === screen && item.isDynamicEntry);
        const links = isShell ? `${preloads}${stylesheets(appCss)}` : stylesheets([...new Set([...appCss, ...cssOf(bundle, chunk)])]);
        return (
          inlined
            .replace(/<title>[^<]*<\/title>/, (original) => (title === null ? original : `<title>${escapeHtml(title)}</title>`))
            .replace(/(<meta name="description" content=")[^"]*"/, `$1${escapeHtml(description)}"`)
            // A plain blocking script: it must run before the first paint in every browser.
            .replace('<meta charset="UTF-8" />', () => `<meta charset="UTF-8" />\n    <script>${headScript}</script>`)
            .replace('</head>', `${links}</head>`)
            // The shell serves every survey route, so it names none (main.tsx reads the URL).
            .replace('<div id="root"></div>', `<div id="root" ${isShell ? 'data-shell' : `data-path="${route}"`}>${html}</div>`)
        );
      };

      // A Vite server in SSR mode runs the app's own modules (TSX, CSS imports, env) in Node.
      const server = await createServer({
        configFile: config.configFile,
        root: webDir,
        mode: config.mode,
        logLevel: 'error',
        server: { middlewareMode: true, hmr: false, ws: false },
        optimizeDeps: { noDiscovery: true, include: [] },
        appType: 'custom',
      });
      try {
        const { renderPage, renderShell } = await server.ssrLoadModule('/src/prerender/render.tsx');
        // The shell first: it is what a survey route shows before the engine is started.
        this.emitFile({ type: 'asset', fileName: 'shell.html', source: page({ route: '/survey', shell: true, ...renderShell() }) });
        const wasm = readFileSync(wasmPath);
        for (const { route, file } of [...ROUTE_FILES.filter((entry) => entry.prerender), NOT_FOUND]) {
          const rendered = await renderPage(route, wasm);
          const source = page({ route, ...rendered });
          if (file === 'index.html') index.source = source;
          else this.emitFile({ type: 'asset', fileName: file, source });
        }
      } finally {
        await server.close();
      }
    },
    // A preload list that still names an inlined stylesheet would fail every page at runtime
    // ("Unable to preload CSS"): refuse the build instead, should Vite read the lists earlier.
    writeBundle(_, bundle) {
      for (const chunk of Object.values(bundle).filter((item) => item.type === 'chunk')) {
        const named = inlinedCss.find((file) => chunk.code.includes(file));
        if (named) throw new Error(`${chunk.fileName} still asks for ${named}, which every page has inline`);
      }
    },
  };
}
