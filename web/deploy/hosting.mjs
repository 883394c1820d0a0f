// Static hosting rules, from one source: the security headers (CSP and friends), which file
// serves each of the app's routes (200), and that everything else — a missing asset included —
// is a real 404. Used by the Vite build (to write Netlify/Cloudflare `_headers` + `_redirects`
// and Vercel's `vercel.json` into dist/, and by web/deploy/prerender.mjs to know which pages to
// write) and by scripts/serve.mjs, the server of `make run`, so local and production behave alike.

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The app's routes (spec section 2) and the file of the build each is served from. Pages that
 * do not depend on the visitor's answers are prerendered HTML (`prerender`); the survey's steps
 * share `shell.html`, rendered in the browser (question 1 excepted: `question-1.html`). `file` is also what a host's pretty URL for it
 * is: `about.html` is `/about` on Netlify, Cloudflare Pages and Vercel's cleanUrls.
 */
export const ROUTE_FILES = [
  { route: '/', file: 'index.html', prerender: true },
  { route: '/about', file: 'about.html', prerender: true },
  { route: '/privacy', file: 'privacy.html', prerender: true },
  { route: '/thank-you/completed', file: 'thank-you/completed.html', prerender: true },
  { route: '/thank-you/not-completed', file: 'thank-you/not-completed.html', prerender: true },
  { route: '/thank-you/not-interested', file: 'thank-you/not-interested.html', prerender: true },
  { route: '/survey/intro', file: 'shell.html' },
  { route: '/survey/location', file: 'shell.html' },
  // Question 1 is every survey's first step and the engine always lets it open (reachableStep
  // is 1 whatever the answers), so its page is HTML like the others (issue #24 item 1). Its
  // file is not named for its route: it is rewritten, before the `:step` rule that would
  // otherwise catch it (a host applies its first matching rule).
  { route: '/survey/question/1', file: 'question-1.html', prerender: true },
  { route: '/survey/question/:step', file: 'shell.html' },
];

/** Any other path: the prerendered not-found page, served with status 404. */
export const NOT_FOUND = { route: '/404', file: '404.html', prerender: true };

/** The app's routes, as path patterns. */
export const APP_ROUTES = ROUTE_FILES.map((entry) => entry.route);

const EMAILJS_ORIGIN = 'https://api.emailjs.com';

/** The file serving `path` when it is one of the app's routes (a trailing slash is tolerated), else null. */
export function routeFile(path) {
  const parts = path.replace(/\/+$/, '').split('/').filter(Boolean);
  const entry = ROUTE_FILES.find(({ route }) => {
    const want = route.split('/').filter(Boolean);
    return (
      want.length === parts.length && want.every((seg, i) => (seg.startsWith(':') ? /^[A-Za-z0-9-]+$/.test(parts[i]) : seg === parts[i]))
    );
  });
  return entry?.file ?? null;
}

/** Whether `path` is one of the app's routes. */
export const isAppRoute = (path) => routeFile(path) !== null;

/** The URL a host serves `file` at without rewriting ("about.html" is "/about"). */
const prettyUrl = (file) => `/${file.replace(/(^|\/)index\.html$/, '$1').replace(/\.html$/, '')}`;

function origin(url) {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
}

/**
 * The CSP sources of the inline scripts in `pages` (HTML texts): each by the SHA-256 of its
 * text, as the browser hashes it. The build inlines only the head script (the same on every
 * page, web/deploy/prerender.mjs), so the CSP allows exactly that one.
 */
export function inlineScriptHashes(pages) {
  const hashes = new Set();
  for (const html of pages)
    for (const [, attributes, body] of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g))
      if (!/\ssrc=/.test(attributes ?? '')) hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  return [...hashes].sort();
}

/** The inline scripts' hashes of every HTML file in a build (`dir`), for a server that serves it. */
export function builtInlineScriptHashes(dir) {
  const pages = readdirSync(dir, { recursive: true })
    .filter((file) => String(file).endsWith('.html'))
    .map((file) => readFileSync(join(dir, String(file)), 'utf8'));
  return inlineScriptHashes(pages);
}

/**
 * The headers every response carries. `supabaseUrl` and `emailOrigin` are the site's
 * build-time config (VITE_SUPABASE_URL, VITE_EMAILJS_ORIGIN); only they may be connected to.
 * `inlineScripts` is inlineScriptHashes() of the build's pages: the inline scripts the CSP allows.
 */
export function securityHeaders({ supabaseUrl, emailOrigin, inlineScripts = [] } = {}) {
  const connect = ["'self'", origin(supabaseUrl), origin(emailOrigin) ?? EMAILJS_ORIGIN].filter(Boolean);
  const csp = [
    "default-src 'self'",
    // wasm needs 'wasm-unsafe-eval'; nothing else is evaluated. The one inline script (the head
    // script) is allowed by its hash, never by 'unsafe-inline'.
    ["script-src 'self' 'wasm-unsafe-eval'", ...inlineScripts].join(' '),
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src ${[...new Set(connect)].join(' ')}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    'Content-Security-Policy': csp,
    'Referrer-Policy': 'no-referrer',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'X-Frame-Options': 'DENY',
    // Two years, this host only: includeSubDomains and preload bind every subdomain of the
    // movement's domain for years, so they are the operator's choice (docs/deploy.md, "Hosting rules").
    'Strict-Transport-Security': 'max-age=63072000',
  };
}

/** Long caching for fingerprinted assets; none for the HTML shell. */
export const CACHE_RULES = [
  { path: '/assets/*', value: 'public, max-age=31536000, immutable' },
  { path: '/index.html', value: 'no-cache' },
  // The delivery worker: always revalidated, so a deploy (its kill switch too) reaches every browser.
  { path: '/sw.js', value: 'no-cache' },
];

/** Netlify and Cloudflare Pages: `_headers`. */
export function headersFile(config) {
  const lines = ['/*', ...Object.entries(securityHeaders(config)).map(([k, v]) => `  ${k}: ${v}`)];
  for (const rule of CACHE_RULES) lines.push(rule.path, `  Cache-Control: ${rule.value}`);
  return lines.join('\n') + '\n';
}

/**
 * Netlify and Cloudflare Pages: `_redirects`. A prerendered page is a file found at its route
 * (`about.html` is `/about`) and needs no rule; the survey's routes are rewritten (status 200)
 * to the shell's URL, `/shell`, never to `/shell.html`: Cloudflare Pages canonicalises `.html`
 * (and `/index.html` to `/`) with a 308, which would turn every deep link into a redirect.
 * Nothing else gets a rule: both hosts answer a path that matches no file with the root
 * `404.html` and status 404 (and a catch-all rule would shadow real files on Cloudflare, which
 * applies rules before assets).
 */
export function redirectsFile() {
  // `:step` placeholders (one path segment on both hosts), not `*`, which also matches `a/b`.
  const rewritten = ROUTE_FILES.filter(({ route, file }) => prettyUrl(file) !== route);
  return rewritten.map(({ route, file }) => `${route}  ${prettyUrl(file)}  200`).join('\n') + '\n';
}

/** Vercel: `vercel.json` with the same headers, route rewrites and 404 page. */
export function vercelJson(config) {
  const headers = Object.entries(securityHeaders(config)).map(([key, value]) => ({ key, value }));
  return {
    cleanUrls: false,
    trailingSlash: false,
    rewrites: ROUTE_FILES.map(({ route, file }) => ({ source: route, destination: `/${file}` })),
    headers: [
      { source: '/(.*)', headers },
      ...CACHE_RULES.map((rule) => ({
        source: rule.path.replace('*', '(.*)'),
        headers: [{ key: 'Cache-Control', value: rule.value }],
      })),
    ],
  };
}
