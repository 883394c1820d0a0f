// Child processes of the stack: run as the right user, die with their parent, stop in order.
import { spawn, execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';

/** The uid/gid to run PostgreSQL as: "postgres" when we are root (initdb refuses root). */
export function serverUser() {
  if (process.getuid() !== 0) return null;
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    return { name: 'postgres', uid, gid };
  } catch {
    throw new Error(
      'running as root, but there is no "postgres" user to run PostgreSQL as.\n' +
        "Install Debian's postgresql package (it creates the user): make stack-deps",
    );
  }
}

/**
 * Spawns `cmd args` under setpriv so that it receives `deathSignal` when this process dies,
 * even by SIGKILL (prctl PR_SET_PDEATHSIG), optionally as another user.
 */
export function spawnTied(cmd, args, { user = null, deathSignal = 'SIGTERM', env, stdio } = {}) {
  const wrap = ['--pdeathsig', deathSignal];
  if (user) wrap.push('--reuid', String(user.uid), '--regid', String(user.gid), '--clear-groups');
  // detached: its own process group, so a terminal's Ctrl-C reaches only the launcher,
  // which then stops the services in order (PostgREST before PostgreSQL).
  return spawn('setpriv', [...wrap, '--', cmd, ...args], {
    env: env ?? process.env,
    stdio: stdio ?? ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
}

/** Runs a command to completion (as `user` when given); rejects with its output on failure. */
export function run(cmd, args, { user = null, env } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawnTied(cmd, args, { user, env, deathSignal: 'SIGKILL' });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve(out);
      else reject(new Error(`${cmd} failed (${signal ?? code}):\n${out}`));
    });
  });
}

/** Sends `signal`, waits up to `ms` for exit, then SIGKILL. */
export async function stopChild(child, signal, ms = 10000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), ms);
  await exited;
  clearTimeout(timer);
}

/** The parent pid as the kernel sees it now (process.ppid is cached at startup). */
export function livePpid() {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

/** "pid 123 (node server.js)" for whoever listens on TCP `port`, or null when unknown. */
export function portOwner(port) {
  try {
    const inodes = new Set();
    for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
      let text = '';
      try {
        text = readFileSync(table, 'utf8');
      } catch {
        continue;
      }
      for (const line of text.split('\n').slice(1)) {
        const f = line.trim().split(/\s+/);
        if (f.length < 10 || f[3] !== '0A') continue;
        if (parseInt(f[1].split(':')[1], 16) === port) inodes.add(f[9]);
      }
    }
    for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      let fds = [];
      try {
        fds = readdirSync(`/proc/${pid}/fd`);
      } catch {
        continue;
      }
      for (const fd of fds) {
        let link = '';
        try {
          link = readlinkSync(`/proc/${pid}/fd/${fd}`);
        } catch {
          continue;
        }
        const m = /^socket:\[(\d+)\]$/.exec(link);
        if (m && inodes.has(m[1])) {
          const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
          return `pid ${pid} (${cmd.slice(0, 120)})`;
        }
      }
    }
  } catch {
    /* best effort */
  }
  return null;
}
