#!/usr/bin/env node
// Proves the SQL tests guard every rule: one throwaway cluster gets Supabase's bootstrap and every
// migration; the rules are then read from the catalog (lib/mutations.mjs) and, for each one, a
// copy of that database (CREATE DATABASE ... TEMPLATE, a file copy) has exactly that rule
// removed or weakened and one SQL test file must fail on it (pg_prove). Exits 1 naming every mutation not caught.
//   node tests/stack/mutate.mjs [--jobs N] [--only TEXT]   (make test-mutations; MUTATE_JOBS=N also works)
// --only keeps the mutations whose label contains TEXT (a quick look while writing a test).
import { mkdtempSync, rmSync, readdirSync } from 'node:fs';
import { tmpdir, availableParallelism } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { Cluster, repoRoot } from './lib/cluster.mjs';
import { discover } from './lib/mutations.mjs';

const { values: opt } = parseArgs({ options: { jobs: { type: 'string' }, only: { type: 'string' } } });
const jobs = Math.max(1, Number(opt.jobs ?? process.env.MUTATE_JOBS ?? Math.min(2, availableParallelism())));
const started = Date.now();
const dataDir = mkdtempSync(join(tmpdir(), 'stepzero-mutate-'));
const cluster = new Cluster(dataDir, { durable: false });
let exitCode = 1;

try {
  await cluster.init();
  await cluster.start();
  await cluster.prepare();
  // pg_cron's launcher stays connected to its database, and CREATE DATABASE ... TEMPLATE needs
  // the template to itself: restart with pg_cron pointed at a database that does not exist (the
  // SQL tests read the cron schema's tables, copied with the rest; they need no running worker).
  await cluster.stop();
  cluster.cronDatabase = 'stepzero_no_cron';
  await cluster.start();
  const admin = new pg.Client({ ...cluster.connection(), database: 'template1' });
  await admin.connect();
  // Database-level settings (search_path) are not copied with a template: carry them over.
  const {
    rows: [settings],
  } = await admin.query(`select coalesce((select setconfig from pg_db_role_setting
    where setrole = 0 and setdatabase = (select oid from pg_database where datname = 'postgres')), '{}') as c`);
  await admin.query('create database mutate_base template postgres strategy file_copy');

  const base = new pg.Client({ ...cluster.connection(), database: 'mutate_base' });
  await base.connect();
  const mutations = (await discover(base)).filter((m) => !opt.only || m.label.includes(opt.only));
  await base.end();

  const env = {
    ...process.env,
    PGHOST: cluster.socketDir,
    PGPORT: String(cluster.port),
    PGUSER: 'postgres',
  };
  // Quiet for the mutants (only caught or not matters); the unmutated check prints each failing
  // test's diagnostics, so a failure there says what it saw.
  const prove = (db, files = testFiles(), { quiet = true } = {}) =>
    new Promise((done) => {
      const child = spawn('pg_prove', [...(quiet ? ['-Q'] : ['--failures', '--comments']), ...files], {
        cwd: repoRoot,
        env: { ...env, PGDATABASE: db },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (d) => {
        output += d;
      });
      child.stderr.on('data', (d) => {
        output += d;
      });
      child.on('close', (code) => done({ failed: code !== 0, output }));
    });

  /** A fresh copy of the migrated database with `sql` applied; null when sql is null. */
  async function copy(name, sql) {
    await admin.query(`create database ${name} template mutate_base strategy file_copy`);
    for (const s of settings.c) {
      const eq = s.indexOf('=');
      await admin.query(`alter database ${name} set ${s.slice(0, eq)} = '${s.slice(eq + 1).replaceAll("'", "''")}'`);
    }
    if (!sql) return;
    const c = new pg.Client({ ...cluster.connection(), database: name });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  }
  const drop = (name) => admin.query(`drop database if exists ${name} with (force)`);

  // A mutant is caught when one SQL test file fails on it, which is when `pg_prove` over all of
  // them fails: the files are independent (each one transaction, rolled back), so they run one
  // at a time and stop at the first that fails, instead of all ten for every mutant (most of
  // this suite's time). A mutant none catches still meets every file. The file that caught the
  // mutant before goes first: neighbouring mutants weaken the same table or function.
  let lastCatcher = null;
  async function proveUntilCaught(db) {
    const files = testFiles();
    const order = lastCatcher ? [lastCatcher, ...files.filter((f) => f !== lastCatcher)] : files;
    for (const file of order) {
      if ((await prove(db, [file])).failed) {
        lastCatcher = file;
        return { failed: true };
      }
    }
    return { failed: false };
  }

  // The unmutated schema must pass, or every "caught" below would mean nothing.
  await copy('mutate_check', null);
  const clean = await prove('mutate_check', testFiles(), { quiet: false });
  await drop('mutate_check');
  if (clean.failed) throw new Error(`the SQL tests fail on the unmutated schema:\n${clean.output}`);

  const missed = [];
  let next = 0;
  let done = 0;
  async function worker(w) {
    while (next < mutations.length) {
      const i = next++;
      const { label, sql } = mutations[i];
      const db = `mutant_${w}`;
      let line;
      try {
        await copy(db, sql);
        const r = await proveUntilCaught(db);
        line = r.failed ? 'caught ' : 'MISSED ';
        if (!r.failed) missed.push(label);
      } catch (e) {
        line = 'MISSED ';
        missed.push(`${label} (the mutation did not apply: ${e.message})`);
      } finally {
        await drop(db);
      }
      process.stdout.write(`${line} ${String(++done).padStart(3)}/${mutations.length} ${label}\n`);
    }
  }
  await Promise.all(Array.from({ length: jobs }, (_, w) => worker(w)));
  await admin.end();

  const secs = ((Date.now() - started) / 1000).toFixed(0);
  if (missed.length) {
    process.stdout.write(
      `\nmutations: ${mutations.length - missed.length} of ${mutations.length} caught; ` +
        `NOT caught (a rule no SQL test guards):\n  ${missed.join('\n  ')}\n`,
    );
  } else {
    process.stdout.write(`mutations: ${mutations.length} of ${mutations.length} caught (${secs} s, ${jobs} jobs)\n`);
    exitCode = 0;
  }
} catch (e) {
  process.stderr.write(`mutate: ${e.stack ?? e}\n`);
} finally {
  await cluster.stop().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);

function testFiles() {
  const dir = 'supabase/tests/database';
  return readdirSync(join(repoRoot, dir))
    .filter((f) => f.endsWith('.test.sql'))
    .sort()
    .map((f) => join(dir, f));
}
