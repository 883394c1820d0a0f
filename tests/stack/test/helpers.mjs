// Starts a throwaway stack through the real launcher, as e2e tests and `make run` do.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { withWork } from '../work.mjs';

export const launcher = fileURLToPath(new URL('../stack.mjs', import.meta.url));

/** Spawns the launcher; resolves when it prints its ready line. */
export async function startStack(args = ['--throwaway', '--port', '0']) {
  const child = spawn(process.execPath, [launcher, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  const ready = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /^stack ready (\S+) anon=(\S+)$/m.exec(out);
      if (m) {
        // the summary on stderr comes first; wait for its last line too (pipes race)
        const done = () => stderr.includes('Ctrl-C stops everything.');
        if (done()) resolve({ url: m[1], anonKey: m[2] });
        else
          child.stderr.on('data', () => {
            if (done()) resolve({ url: m[1], anonKey: m[2] });
          });
      }
    });
    child.on('exit', (code) => reject(new Error(`stack exited (${code}) before ready:\n${stderr}`)));
  });
  const stack = {
    ...ready,
    child,
    get stderr() {
      return stderr;
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill(signal);
      await exited;
    },
    api: (path, init) => fetch(`${ready.url}${path}`, init),
    json: async (path) => (await fetch(`${ready.url}${path}`)).json(),
    post: (path, body) =>
      fetch(`${ready.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
  };
  return stack;
}

/** Every live descendant pid of `pid` (from /proc). */
/** A pg client connected to the stack's database as its owner, which the launcher names on stderr. */
export async function connectAsOwner(stack) {
  const m = /psql -h (\S+) -p (\d+) -U postgres postgres/.exec(stack.stderr);
  if (!m) throw new Error(`the launcher did not name its database:\n${stack.stderr}`);
  const db = new pg.Client({ host: m[1], port: Number(m[2]), user: 'postgres', database: 'postgres' });
  await db.connect();
  return db;
}

export function descendants(pid) {
  const children = new Map();
  for (const d of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(d));
    } catch {
      /* gone */
    }
  }
  const out = [];
  const walk = (p) => {
    for (const c of children.get(p) ?? []) {
      out.push(c);
      walk(c);
    }
  };
  walk(pid);
  return out;
}

export function alive(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/**
 * A complete, valid survey_responses row (question 3 = Yes), as the engine builds it, with its
 * own id and the proof of work for that id and time (unless `over` gives `work_nonce`).
 */
export function validRow(over = {}) {
  const row = {
    id: randomUUID(),
    question1_challenge: 'Talk to a stranger',
    question2_source: 'Instagram',
    question3_completed: 'Yes',
    question4a_discomfort: 'Uncomfortable',
    question4b_reason: null,
    question4b_other: null,
    question5a_another: 'Yes',
    question5b_reminder: null,
    question5b_email: null,
    question6_consent: 'No',
    question7_age: 30,
    question8_gender: 'Female',
    terms_consent: true,
    completion_time: new Date().toISOString(),
    user_agent: 'node:test',
    ip_address: 'client-side',
    survey_version: '3.0',
    media_file_url: null,
    media_file_name: null,
    ...over,
  };
  return 'work_nonce' in over ? row : withWork(row);
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
