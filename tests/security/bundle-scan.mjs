#!/usr/bin/env node
// Fails when a built site carries any secret: every JWT in it must be an anon key, and no
// service-role key, Supabase secret key or private key may appear anywhere.
// Usage: node tests/security/bundle-scan.mjs <build dir> [more dirs]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const JWT = /eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g;
const FORBIDDEN = [
  [/sb_secret_[A-Za-z0-9_-]+/, 'a Supabase secret key (sb_secret_…)'],
  [/-----BEGIN [A-Z ]*PRIVATE KEY-----/, 'a private key'],
  [/service_role/, 'the text service_role'],
];

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

function jwtRole(token) {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
    return payload.role ?? '(no role)';
  } catch {
    return '(unreadable)';
  }
}

/** The problems found under `dir`, as readable lines; [] when clean. */
export function scan(dir) {
  const problems = [];
  let anonKeys = 0;
  for (const path of files(dir)) {
    const text = readFileSync(path).toString('latin1');
    for (const [pattern, what] of FORBIDDEN) {
      if (pattern.test(text)) problems.push(`${path}: contains ${what}`);
    }
    for (const token of text.match(JWT) ?? []) {
      const role = jwtRole(token);
      if (role === 'anon') anonKeys += 1;
      else problems.push(`${path}: a JWT with role ${role}`);
    }
  }
  return { problems, anonKeys };
}

/** Every distinct anon key (JWT with role anon) in the build under `dir`: what any visitor holds. */
export function anonKeysIn(dir) {
  const keys = new Set();
  for (const path of files(dir)) {
    for (const token of readFileSync(path).toString('latin1').match(JWT) ?? []) {
      if (jwtRole(token) === 'anon') keys.add(token);
    }
  }
  return [...keys];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dirs = process.argv.slice(2);
  if (dirs.length === 0) {
    console.error('usage: bundle-scan.mjs <build dir>…');
    process.exit(2);
  }
  let failed = false;
  for (const dir of dirs) {
    const { problems, anonKeys } = scan(dir);
    for (const line of problems) console.error(`bundle-scan: ${line}`);
    console.log(`bundle-scan: ${dir}: ${problems.length} problems, ${anonKeys} anon key(s)`);
    failed ||= problems.length > 0;
  }
  process.exit(failed ? 1 : 0);
}
