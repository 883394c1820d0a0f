// A Vite plugin that writes the prerendered pages into the build (paint before script): every
// page of web/deploy/hosting.mjs's ROUTE_FILES marked `prerender`, and the not-found page, is
// rendered with React's server renderer (web/src/prerender/render.tsx, loaded through a Vite
// server in SSR mode, so it is the same code as the browser's) into a copy of the built
// index.html, with its own title, description and stylesheets. The survey's steps share the
// shell (shell.html): the loading line and cookie banner every survey route shows while the
// engine is on its way, with the app's modules preloaded (it starts at once). Each page also
// gets web/src/prerender/head.js inline, a tiny script that lets CSS show what only the
// browser knows before the app runs; a prerendered page has no module script of its own: its
// head script asks for the app once the page has painted.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createServer, minify } from 'vite';
import { NOT_FOUND, ROUTE_FILES } from './hosting.mjs';
import { pageStyles } from './pageStyles.mjs';

const webDir = fileURLToPath(new URL('..', import.meta.url));
const wasmPath = fileURLToPath(new URL('../../pkg/stepzero_core_bg.wasm', import.meta.url));

// The lazy chunk (App.tsx's `screens`) each prerendered route's page lives in; the others are
// in the entry chunk. Their CSS must be in the page's <head>, or its first paint is unstyled.
const SCREEN_CHUNKS = {
  '/privacy': 'PrivacyScreen',
  '/thank-you/': 'ThankYouScreen',
  '/survey/question/': 'QuestionScreen',
  '/404': 'NotFoundScreen',
};

const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The CSS files a chunk and its static imports bring, in order. */
function cssOf(bundle, chunk, seen = new Set()) {
  if (!chunk || seen.has(chunk.fileName)) return [];
  seen.add(chunk.fileName);
  return [...chunk.imports.flatMap((name) => cssOf(bundle, bundle[name], seen)), ...(chunk.viteMetadata?.importedCss ?? [])];
}

export function prerenderPages() {
  let config;
  return {
    name: 'stepzero-prerender',
    enforce: 'post', // after Vite's own HTML plugin has put index.html in the bundle
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async generateBundle(_, bundle) {
      const index = bundle['index.html'];
      // The shell's entry script (a prerendered page has none, below) must not take bandwidth
      // from what the shell's first paint needs.
      const shell = String(index.source).replace(
        '<script type="module" crossorigin',
        '<script type="module" fetchpriority="low" crossorigin',
      );
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry);
      const entryCss = new Set(cssOf(bundle, entry));
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
      // A prerendered page names no module script: its head script asks for the entry once the
      // page has painted (web/src/prerender/head.js).
      const entryTag = /<script type="module" fetchpriority="low" crossorigin src="[^"]+"><\/script>\s*/;
      if (!entryTag.test(shell)) throw new Error('prerender: the entry script is not where it was expected in index.html');
      // The whole stylesheet (what the shell links): a prerendered page links only the part of
      // it that can apply to its HTML (web/deploy/pageStyles.mjs), and its head script links
      // the whole one once the page has painted, before the app starts.
      const siteCss = [...new Set([...entryCss, ...appCss])];
      const stylesheetTag = /<link rel="stylesheet" crossorigin href="[^"]+">\s*/g;
      const pageCssFiles = new Map();
      const pageStylesheet = (files, html) => {
        const source = pageStyles(files.map((file) => String(bundle[file].source)).join('\n'), html);
        if (!pageCssFiles.has(source))
          pageCssFiles.set(source, this.getFileName(this.emitFile({ type: 'asset', name: 'page.css', source })));
        return `<link rel="stylesheet" crossorigin href="${config.base}${pageCssFiles.get(source)}">`;
      };
      // What the head script asks for once the page has painted: the whole stylesheet, the
      // entry, then main.tsx (preloaded; the entry preloads main.tsx's own imports).
      const appFiles = [...siteCss, entry.fileName, app.fileName].map((file) => `${config.base}${file}`);
      // Minified (every prerendered page waits for it), for any browser since 2015 (the page's
      // HTML is for every browser; the app itself is es2022).
      const headSource = String(readFileSync(new URL('../src/prerender/head.js', import.meta.url)));
      const minified = await minify('head.js', headSource, { compress: { target: 'es2015' } });
      if (minified.errors.length) throw new Error(`prerender: head.js: ${minified.errors.map((error) => error.message).join('; ')}`);
      for (const placeholder of ['__APP_FILES__', '__DISPLAY_FONT_BASE64__'])
        if (!minified.code.includes(placeholder)) throw new Error(`prerender: head.js has no ${placeholder} once minified`);
      // Inline (the CSP allows it by its hash, web/deploy/hosting.mjs): a script the page fetches
      // is asked for in the navigation's own task, which Lighthouse's simulation then counts
      // whole before the paint (figures: commit 1b395b4;
      // docs/decisions.md, "Accessibility and speed").
      const headScript = minified.code
        .replace('__APP_FILES__', appFiles.join(' '))
        .replace(
          '__DISPLAY_FONT_BASE64__',
          readFileSync(new URL('../src/styles/fonts/anton-display.woff2', import.meta.url)).toString('base64'),
        );
      if (headScript.includes('</script')) throw new Error('prerender: the head script cannot be inlined as it is');

      const page = ({ route, html, title, description, shell: isShell = false }) => {
        const screen = Object.entries(SCREEN_CHUNKS).find(([prefix]) => route.startsWith(prefix))?.[1];
        const chunk = screen && chunks.find((item) => item.name === screen && item.isDynamicEntry);
        const links = isShell
          ? `${preloads}${stylesheets(appCss)}`
          : pageStylesheet([...new Set([...siteCss, ...cssOf(bundle, chunk)])], html);
        return (
          (isShell ? shell : shell.replace(entryTag, '').replace(stylesheetTag, ''))
            .replace(/<title>[^<]*<\/title>/, (original) => (title === null ? original : `<title>${escapeHtml(title)}</title>`))
            // Replacements are functions: page text may hold `$&` or `$'`, which a string
            // replacement would expand.
            .replace(/(<meta name="description" content=")[^"]*"/, (_, start) => `${start}${escapeHtml(description)}"`)
            // Inline, first in <head>: it runs before the first paint in every browser.
            .replace('<meta charset="UTF-8" />', () => `<meta charset="UTF-8" />\n    <script>${headScript}</script>`)
            .replace('</head>', () => `${links}</head>`)
            // The shell serves every survey route, so it names none (main.tsx reads the URL).
            .replace('<div id="root"></div>', () => `<div id="root" ${isShell ? 'data-shell' : `data-path="${route}"`}>${html}</div>`)
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
  };
}
