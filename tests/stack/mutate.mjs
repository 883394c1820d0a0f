#!/usr/bin/env node
// Proves the SQL tests guard every rule: removes one rule at a time from a copy of
// supabase/migrations and expects `pg_prove` to fail. Prints the rules no test noticed.
//   node tests/stack/mutate.mjs        (about 5 s per rule)
import { readFileSync, writeFileSync, mkdtempSync, rmSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { repoRoot } from './lib/cluster.mjs';

const dir = join(repoRoot, 'supabase/migrations');
const files = readdirSync(dir).filter((f) => f.endsWith('.sql')).sort();
const original = Object.fromEntries(files.map((f) => [f, readFileSync(join(dir, f), 'utf8')]));

/** [label, file, transform]: each removes exactly one rule. */
const mutations = [];
const table = files.find((f) => f.includes('survey_responses'));
const bucket = files.find((f) => f.includes('bucket'));

for (const m of original[table].matchAll(/^ {2}constraint (\S+)/gm)) {
  mutations.push([`drop CHECK ${m[1]}`, table, (s) => dropConstraint(s, m[1])]);
}
for (const m of original[table].matchAll(/^ {2}(\w+)\s+\w+\s+(primary key|not null)/gm)) {
  mutations.push([`drop ${m[2]} on ${m[1]}`, table,
    (s) => s.replace(new RegExp(`^( {2}${m[1]}\\s+\\w+\\s+)${m[2]} ?`, 'm'), '$1')]);
}
for (const m of original[table].matchAll(/^ {2}(\w+)\s+\w+.*?(default [^,\n]+)/gm)) {
  mutations.push([`drop ${m[2]} on ${m[1]}`, table, (s) => s.replace(m[0], m[0].replace(m[2], ''))]);
}
const stmt = (label, file, re) => mutations.push([label, file, (s) => s.replace(re, '')]);
stmt('remove REVOKE', table, /^revoke all[^;]*;/m);
stmt('remove GRANT insert', table, /^grant insert[^;]*;/m);
stmt('remove enable row level security', table, /^alter table public\.survey_responses enable row level security;/m);
stmt('remove the insert policy', table, /^create policy survey_responses_anon_insert[^;]*;/m);
mutations.push(['policy check -> true', table, (s) => s.replace(/with check \(\s*completion_time[^;]*\);/, 'with check (true);')]);
mutations.push(['policy for all commands', table, (s) => s.replace(/(survey_responses_anon_insert[\s\S]*?)for insert\s+/, '$1')]);
mutations.push(['policy for every role', table, (s) => s.replace(/(survey_responses_anon_insert[\s\S]*?)to anon\s+/, '$1')]);
mutations.push(['bucket public', bucket, (s) => s.replace(/^ {2}false,/m, '  true,')]);
mutations.push(['bucket without size limit', bucket, (s) => s.replace(/^ {2}10485760,/m, '  null,')]);
mutations.push(['bucket allows image/svg+xml', bucket, (s) => s.replace("'image/avif',", "'image/avif', 'image/svg+xml',")]);
mutations.push(['bucket without pdf', bucket, (s) => s.replace("'application/pdf',", '')]);
mutations.push(['bucket without allowed types', bucket, (s) => s.replace(/array\[[\s\S]*?\]\n\)/, 'null\n)')]);
stmt('remove the storage policy', bucket, /^create policy survey_media_anon_insert[^;]*;/m);
mutations.push(['storage policy any bucket', bucket, (s) => s.replace(/bucket_id = 'survey_media'\s+and /, '')]);
mutations.push(['storage policy any name', bucket, (s) => s.replace(/\s+and name ~ '[^']*'/, '')]);
mutations.push(['storage policy for all commands', bucket, (s) => s.replace(/(survey_media_anon_insert[\s\S]*?)for insert\s+/, '$1')]);
mutations.push(['storage policy for every role', bucket, (s) => s.replace(/(survey_media_anon_insert[\s\S]*?)to anon\s+/, '$1')]);

function dropConstraint(s, name) {
  const lines = s.split('\n');
  const start = lines.findIndex((l) => l.startsWith(`  constraint ${name} `));
  let end = start + 1;
  while (!/^ {2}(constraint|--)|^\);/.test(lines[end])) end++;
  lines.splice(start, end - start);
  return lines.join('\n').replace(/,(\s*(?:--[^\n]*\n\s*)*)\);/, '$1);');
}

const survivors = [];
let n = 0;
for (const [label, file, transform] of mutations) {
  const mutated = transform(original[file]);
  n++;
  if (mutated === original[file]) {
    survivors.push(`${label} (mutation did not apply)`);
    continue;
  }
  const tmp = mkdtempSync(join(tmpdir(), 'stepzero-mutant-'));
  for (const f of files) writeFileSync(join(tmp, f), f === file ? mutated : original[f]);
  const r = spawnSync(process.execPath, [join(repoRoot, 'tests/stack/stack.mjs'), '--throwaway', '--db-only',
    '--exec', 'pg_prove -Q supabase/tests/database/*.test.sql'],
  { cwd: repoRoot, env: { ...process.env, STACK_MIGRATIONS_DIR: tmp }, encoding: 'utf8' });
  rmSync(tmp, { recursive: true, force: true });
  const caught = r.status !== 0;
  const why = /migration .* failed/.test(r.stderr) ? ' (migration no longer applies!)' : '';
  process.stdout.write(`${caught ? 'caught ' : 'MISSED '} ${n}/${mutations.length} ${label}${why}\n`);
  if (!caught || why) survivors.push(label + why);
}
process.stdout.write(survivors.length ? `\nNot caught:\n  ${survivors.join('\n  ')}\n` : '\nevery rule removal made a test fail\n');
process.exit(survivors.length ? 1 : 0);
