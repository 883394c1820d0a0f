#!/usr/bin/env node
// The static server of `make run` (and the e2e tests): serves a production build with the
// same rules a CDN gets from web/deploy/hosting.mjs — security headers on every response,
// each app route's file (its prerendered page, or the shell), files as they are, and a real
// 404 (the prerendered not-found page) for anything else.
// Usage: node scripts/serve.mjs --dir web/dist --port 5173 [--host 127.0.0.1]
//        [--tls-key key.pem --tls-cert cert.pem]: HTTPS with HTTP/2 (and HTTP/1.1), as a CDN
//        serves the site; the Lighthouse bench uses it (tests/bench/tls.mjs makes the pair).
import { createServer } from 'node:http';
import { createSecureServer } from 'node:http2';
import { existsSync, readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { builtInlineScriptHashes, routeFile, securityHeaders, CACHE_RULES } from '../web/deploy/hosting.mjs';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, arg, i, all) => (arg.startsWith('--') ? [...pairs, [arg.slice(2), all[i + 1]]] : pairs), []),
);
const root = resolve(args.dir ?? 'web/dist');
const port = Number(args.port ?? 5173);
const host = args.host ?? '127.0.0.1';
// The CSP allows the build's inline head script by its hash, read from its pages.
const headers = securityHeaders({
  supabaseUrl: process.env.VITE_SUPABASE_URL,
  emailOrigin: process.env.VITE_EMAILJS_ORIGIN,
  inlineScripts: existsSync(root) ? builtInlineScriptHashes(root) : [],
});

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
};

async function fileAt(path) {
  const full = normalize(join(root, decodeURIComponent(path)));
  if (full !== root && !full.startsWith(root + sep)) return null; // no escaping the build dir
  const info = await stat(full).catch(() => null);
  return info?.isFile() ? full : null;
}

function cacheControl(path) {
  const rule = CACHE_RULES.find((r) => (r.path.endsWith('*') ? path.startsWith(r.path.slice(0, -1)) : path === r.path));
  return rule?.value ?? 'no-cache';
}

if (Boolean(args['tls-key']) !== Boolean(args['tls-cert'])) {
  console.error('serve.mjs: --tls-key and --tls-cert go together');
  process.exit(2);
}
const tls = args['tls-key'] ? { key: readFileSync(args['tls-key']), cert: readFileSync(args['tls-cert']) } : null;

async function answer(req, res) {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  let file;
  let status = 200;
  try {
    const route = routeFile(path);
    file = (path !== '/' && (await fileAt(path))) || (route ? join(root, route) : null);
  } catch {
    file = null; // a malformed %-escape
  }
  if (!file) {
    status = 404;
    file = (await fileAt('/404.html')) ?? join(root, 'index.html');
  }
  const body = await readFile(file).catch(() => null);
  if (!body) {
    res.writeHead(500, headers).end('build missing: run make build');
    return;
  }
  const type = TYPES[extname(file)] ?? 'application/octet-stream';
  const encoding = encodingFor(type, String(req.headers['accept-encoding'] ?? ''));
  const sent = encoding ? await compressed(file, body, encoding) : body;
  res.writeHead(status, {
    ...headers,
    'Content-Type': type,
    'Cache-Control': status === 200 ? cacheControl(path) : 'no-cache',
    ...(encoding ? { 'Content-Encoding': encoding, Vary: 'Accept-Encoding' } : {}),
    'Content-Length': sent.length,
  });
  res.end(req.method === 'HEAD' ? undefined : sent);
}

/**
 * Text and wasm compressed as the CDNs do (Cloudflare Pages, Netlify and Vercel): Brotli when the
 * browser accepts it (Chromium asks for it over HTTPS only), else gzip.
 */
function encodingFor(type, accepted) {
  if (!/^(text\/|application\/(json|wasm|manifest\+json|xml)|image\/svg)/.test(type)) return null;
  if (/\bbr\b/.test(accepted)) return 'br';
  return /\bgzip\b/.test(accepted) ? 'gzip' : null;
}

// Each file compressed once (Brotli at its best quality takes a while on the larger scripts), as
// a CDN keeps its compressed copies.
const compressedCache = new Map();
async function compressed(file, body, encoding) {
  const key = `${encoding} ${file} ${(await stat(file)).mtimeMs}`;
  if (!compressedCache.has(key)) {
    const brotli = { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } };
    compressedCache.set(key, encoding === 'br' ? brotliCompressSync(body, brotli) : gzipSync(body));
  }
  return compressedCache.get(key);
}

const server = tls ? createSecureServer({ ...tls, allowHTTP1: true }, answer) : createServer(answer);

server.on('error', (error) => {
  console.error(error.code === 'EADDRINUSE' ? `port ${port} is already in use; set PORT to another` : String(error));
  process.exit(1);
});
server.listen(port, host, () => console.log(`serving ${root} at ${tls ? 'https' : 'http'}://${host}:${port}`));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
