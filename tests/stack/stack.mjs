#!/usr/bin/env node
// The local backend: PostgreSQL + PostgREST + gateway. See tests/stack/README.md.
//
//   node tests/stack/stack.mjs [--port 54321] [--data target/stack] [--throwaway]
//                              [--db-only] [--exec "<command>"]
//
// Prints one line on stdout when ready:  stack ready http://127.0.0.1:<port> anon=<jwt>
// Stops everything on SIGINT/SIGTERM/SIGHUP, when its parent dies, or when --exec ends.
import { mkdtempSync, rmSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, relative } from 'node:path';
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { Cluster, repoRoot } from './lib/cluster.mjs';
import { PostgREST } from './lib/postgrest.mjs';
import { Gateway } from './lib/gateway.mjs';
import { ANON_KEY, SERVICE_ROLE_KEY } from './lib/jwt.mjs';
import { livePpid, portOwner } from './lib/proc.mjs';

const { values: opt } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.STACK_PORT || '54321' },
    data: { type: 'string' },
    throwaway: { type: 'boolean', default: false },
    'db-only': { type: 'boolean', default: false },
    exec: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (opt.help) {
  process.stdout.write('usage: node tests/stack/stack.mjs [--port N] [--data DIR] [--throwaway] [--db-only] [--exec CMD]\n');
  process.exit(0);
}

const say = (line) => process.stderr.write(`[stack] ${line}\n`);
const port = Number(opt.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  say(`--port must be a TCP port number, got "${opt.port}"`);
  process.exit(2);
}
const dataDir = opt.throwaway ? mkdtempSync(join(tmpdir(), 'stepzero-stack-')) : resolve(opt.data ?? join(repoRoot, 'target/stack'));

let cluster = null;
let postgrest = null;
let gateway = null;
let stopping = null;
let execChild = null;

async function shutdown(code) {
  if (stopping) return stopping;
  stopping = (async () => {
    // The --exec command runs in its own process group: end the whole group (sh and what it
    // started), whether we were stopped by Ctrl-C, a plain SIGTERM or a dead parent.
    if (execChild && execChild.exitCode === null) {
      try {
        process.kill(-execChild.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
    }
    try {
      await gateway?.close();
    } catch {
      /* already gone */
    }
    try {
      await postgrest?.stop();
    } catch {
      /* already gone */
    }
    try {
      await cluster?.stop();
    } catch {
      /* already gone */
    }
    if (opt.throwaway) {
      try {
        rmSync(dataDir, { recursive: true, force: true });
      } catch {
        /* best effort */
      }
    }
    process.exit(code);
  })();
  return stopping;
}

// A parent that died closes our pipes: writing must not crash the clean-up.
process.stdout.on('error', () => {});
process.stderr.on('error', () => {});
process.on('uncaughtException', (e) => {
  say(`unexpected error: ${e.stack ?? e}`);
  shutdown(1);
});

for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    say(`${sig}: stopping`);
    shutdown(sig === 'SIGINT' ? 0 : 143);
  });
}
const parent = livePpid();
setInterval(() => {
  if (livePpid() !== parent) {
    say('parent process gone: stopping');
    shutdown(1);
  }
}, 500).unref();

try {
  await main();
} catch (e) {
  say(e.message);
  await shutdown(1);
}

async function main() {
  if (join(dataDir, 'run/.s.PGSQL.65535').length > 100) {
    throw new Error(`data directory ${dataDir} is too deep for a unix socket path; pass a shorter --data`);
  }
  if (!opt['db-only'] && port !== 0) await assertPortFree(port);

  cluster = new Cluster(dataDir, { durable: !opt.throwaway, log: say });
  await cluster.init();
  await cluster.start();
  await cluster.prepare();

  let url = null;
  if (!opt['db-only']) {
    postgrest = new PostgREST(cluster);
    await postgrest.start();
    const objectsDir = join(dataDir, 'objects');
    mkdirSync(objectsDir, { recursive: true });
    gateway = new Gateway({
      cluster,
      postgrest,
      objectsDir,
      emailsFile: join(dataDir, 'emails.jsonl'),
      log: say,
    });
    let bound;
    try {
      bound = await gateway.listen(port);
    } catch (e) {
      if (e.code === 'EADDRINUSE') throw new Error(portTakenMessage(port), { cause: e });
      throw e;
    }
    url = `http://127.0.0.1:${bound}`;
  }
  describe(url);
  process.stdout.write(
    url ? `stack ready ${url} anon=${ANON_KEY}\n` : `stack ready db-only host=${cluster.socketDir} port=${cluster.port}\n`,
  );

  if (opt.exec) {
    const child = spawn('sh', ['-c', opt.exec], {
      // No stdin: in its own process group, a child reading the terminal would be stopped.
      stdio: ['ignore', 'inherit', 'inherit'],
      detached: true,
      env: {
        ...process.env,
        ...(url ? { STACK_URL: url, STACK_ANON_KEY: ANON_KEY, STACK_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY } : {}),
        PGHOST: cluster.socketDir,
        PGPORT: String(cluster.port),
        PGUSER: 'postgres',
        PGDATABASE: 'postgres',
        STACK_DATA: dataDir,
      },
    });
    execChild = child;
    child.on('exit', (code, signal) => shutdown(code ?? (signal ? 1 : 0)));
  }
}

function describe(url) {
  const rel = relative(process.cwd(), dataDir).startsWith('..') ? dataDir : relative(process.cwd(), dataDir) || '.';
  const lines = [];
  if (url) {
    lines.push(
      `REST      ${url}/rest/v1`,
      `Storage   ${url}/storage/v1  (bucket survey_media)`,
      `EmailJS   ${url}/api/v1.0/email/send  (use origin ${url})`,
      `Resend    STEPZERO_RESEND_URL=${url}/resend STEPZERO_RESEND_API_KEY=re_stepzero_local_stack  (stepzero-ops remind)`,
      `Test      ${url}/__stack/rows/survey_responses | objects/survey_media | emails | resend-emails | faults | reset`,
      `anon key  ${ANON_KEY}`,
      `service   node tests/stack/service-role-key.mjs  (the owner's key, for stepzero-ops)`,
    );
  }
  lines.push(
    `psql      psql -h ${cluster.socketDir} -p ${cluster.port} -U postgres postgres`,
    `data      ${rel}${opt.throwaway ? ' (throwaway: removed on exit)' : ' (kept between runs; make clean removes it)'}`,
    'Ctrl-C stops everything.',
  );
  for (const l of lines) say(l);
}

function portTakenMessage(p) {
  const who = portOwner(p);
  return (
    `port ${p} is already in use${who ? ` by ${who}` : ''}.\n` + `Stop that process, or choose another port: make stack STACK_PORT=${p + 1}`
  );
}

async function assertPortFree(p) {
  const net = await import('node:net');
  await new Promise((res, rej) => {
    const srv = net.createServer();
    srv.once('error', (e) => rej(e.code === 'EADDRINUSE' ? new Error(portTakenMessage(p)) : e));
    srv.listen(p, '127.0.0.1', () => srv.close(() => res()));
  });
}
