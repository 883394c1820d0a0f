// The bundle scanner catches what it must, and the EmailJS template escapes every answer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, readFileSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scan } from './bundle-scan.mjs';

const jwt = (payload) =>
  ['{"alg":"HS256","typ":"JWT"}', JSON.stringify(payload)].map((p) => Buffer.from(p).toString('base64url')).join('.') +
  '.c2lnbmF0dXJlLXNpZ25hdHVyZQ';

function buildWith(files) {
  const dir = mkdtempSync(join(tmpdir(), 'scan-'));
  mkdirSync(join(dir, 'assets'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

test('an anon key alone passes the scan', () => {
  const dir = buildWith({ 'assets/index.js': `const key="${jwt({ role: 'anon', iss: 'supabase' })}";` });
  assert.deepEqual(scan(dir), { problems: [], anonKeys: 1 });
  rmSync(dir, { recursive: true });
});

test('a service-role key, a secret key or a private key fails the scan', () => {
  const dir = buildWith({
    'assets/a.js': `x="${jwt({ role: 'service_role' })}"`,
    'assets/b.js': 'y="sb_secret_abcdef123"',
    'c.txt': '-----BEGIN PRIVATE KEY-----\nabc',
  });
  const { problems } = scan(dir);
  assert.equal(problems.filter((p) => p.includes('role service_role')).length, 1);
  assert.ok(problems.some((p) => p.includes('sb_secret_')));
  assert.ok(problems.some((p) => p.includes('private key')));
  rmSync(dir, { recursive: true });
});

const template = readFileSync(new URL('../../web/deploy/emailjs-template.html', import.meta.url), 'utf8');
const vectors = JSON.parse(readFileSync(new URL('../vectors/email.json', import.meta.url), 'utf8'));

test('the EmailJS template escapes every value (no triple braces)', () => {
  assert.doesNotMatch(template, /\{\{\{/);
  assert.match(template, /\{\{question1_challenge\}\}/);
});

test('the EmailJS template shows every parameter the engine sends, except the attachment body', () => {
  const keys = Object.keys(vectors.params.find((c) => c.expect).expect);
  for (const key of keys.filter((k) => k !== 'file_base64')) {
    assert.ok(template.includes(`{{${key}}}`), `template lacks {{${key}}}`);
  }
  assert.ok(!template.includes('{{file_base64}}'), 'the image travels as an attachment, not in the body');
});

test('the EmailJS template asks the operator to look up the response id before counting an email', () => {
  assert.match(template, /Before you count it, look up its id/);
  assert.match(template, /where id = '\{\{id\}\}'/);
});
