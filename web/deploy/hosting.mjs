// Static hosting rules, from one source: the security headers (CSP and friends), which paths
// are the app's routes (served index.html with 200), and that everything else — a missing
// asset included — is a real 404. Used by the Vite build (to write Netlify/Cloudflare
// `_headers` + `_redirects` and Vercel's `vercel.json` into dist/) and by scripts/serve.mjs,
// the server of `make run`, so local and production behave alike.

/** The app's routes (spec section 2), as path patterns. */
export const APP_ROUTES = ['/', '/about', '/privacy', '/survey/intro', '/survey/location', '/survey/question/:step', '/thank-you/:type'];

const EMAILJS_ORIGIN = 'https://api.emailjs.com';

/** Whether `path` is one of the app's routes (a trailing slash is tolerated). */
export function isAppRoute(path) {
  const parts = path.replace(/\/+$/, '').split('/').filter(Boolean);
  return APP_ROUTES.some((route) => {
    const want = route.split('/').filter(Boolean);
    return (
      want.length === parts.length && want.every((seg, i) => (seg.startsWith(':') ? /^[A-Za-z0-9-]+$/.test(parts[i]) : seg === parts[i]))
    );
  });
}

function origin(url) {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
}

/**
 * The headers every response carries. `supabaseUrl` and `emailOrigin` are the site's
 * build-time config (VITE_SUPABASE_URL, VITE_EMAILJS_ORIGIN); only they may be connected to.
 */
export function securityHeaders({ supabaseUrl, emailOrigin } = {}) {
  const connect = ["'self'", origin(supabaseUrl), origin(emailOrigin) ?? EMAILJS_ORIGIN].filter(Boolean);
  const csp = [
    "default-src 'self'",
    // wasm needs 'wasm-unsafe-eval'; nothing else is evaluated, and there is no inline script.
    "script-src 'self' 'wasm-unsafe-eval'",
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
  };
}

/** Long caching for fingerprinted assets; none for the HTML shell. */
export const CACHE_RULES = [
  { path: '/assets/*', value: 'public, max-age=31536000, immutable' },
  { path: '/index.html', value: 'no-cache' },
];

/** Netlify and Cloudflare Pages: `_headers`. */
export function headersFile(config) {
  const lines = ['/*', ...Object.entries(securityHeaders(config)).map(([k, v]) => `  ${k}: ${v}`)];
  for (const rule of CACHE_RULES) lines.push(rule.path, `  Cache-Control: ${rule.value}`);
  return lines.join('\n') + '\n';
}

/**
 * Netlify and Cloudflare Pages: `_redirects`. Each route other than `/` is rewritten (status 200)
 * to `/`, never to `/index.html`: Cloudflare Pages canonicalises `/index.html` to `/` with a 308,
 * which would turn every deep link into a redirect to the hero. Nothing else gets a rule: both
 * hosts answer a path that matches no file with the root `404.html` and status 404 (and a
 * catch-all rule would shadow real files on Cloudflare, which applies rules before assets).
 */
export function redirectsFile() {
  // `:step` placeholders (one path segment on both hosts), not `*`, which also matches `a/b`.
  return (
    APP_ROUTES.filter((route) => route !== '/')
      .map((route) => `${route}  /  200`)
      .join('\n') + '\n'
  );
}

/** Vercel: `vercel.json` with the same headers, route rewrites and 404 page. */
export function vercelJson(config) {
  const headers = Object.entries(securityHeaders(config)).map(([key, value]) => ({ key, value }));
  return {
    cleanUrls: false,
    trailingSlash: false,
    rewrites: APP_ROUTES.map((route) => ({ source: route, destination: '/index.html' })),
    headers: [
      { source: '/(.*)', headers },
      ...CACHE_RULES.map((rule) => ({
        source: rule.path.replace('*', '(.*)'),
        headers: [{ key: 'Cache-Control', value: rule.value }],
      })),
    ],
  };
}
