// A private PostgreSQL cluster for the stack: initdb, start, Supabase bootstrap, migrations.
// Unix socket only (listen_addresses = ''), in <data>/run, so parallel stacks never clash.
import { existsSync, mkdirSync, readdirSync, readFileSync, chownSync, chmodSync, openSync, closeSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import net from 'node:net';
import pg from 'pg';
import { serverUser, spawnTied, run, stopChild } from './proc.mjs';

const here = dirname(fileURLToPath(import.meta.url));
export const repoRoot = resolve(here, '../../..');
const bootstrapDir = join(here, '../bootstrap');
// STACK_MIGRATIONS_DIR: another copy of the migrations (tests/stack/mutate.mjs uses it).
const migrationsDir = process.env.STACK_MIGRATIONS_DIR || join(repoRoot, 'supabase/migrations');

export const AUTHENTICATOR_PASSWORD = 'stepzero-local-authenticator';

const INSTALL_HINT =
  'PostgreSQL server binaries (initdb, postgres) were not found.\n' +
  'Install them with: make stack-deps   (Debian/Ubuntu: apt-get install -y postgresql)\n' +
  'or point PG_BIN at a directory holding initdb and postgres (PostgreSQL 15 or newer).';

/** The directory holding initdb and postgres: $PG_BIN, else the newest /usr/lib/postgresql/N/bin. */
export function findPgBin() {
  const candidates = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  if (existsSync('/usr/lib/postgresql')) {
    const versions = readdirSync('/usr/lib/postgresql')
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    for (const v of versions) candidates.push(`/usr/lib/postgresql/${v}/bin`);
  }
  const found = candidates.find((d) => existsSync(join(d, 'initdb')) && existsSync(join(d, 'postgres')));
  if (!found) throw new Error(INSTALL_HINT);
  return found;
}

/** A TCP port nobody listens on right now (for names only; the cluster itself uses a socket). */
export function freePort() {
  return new Promise((res, rej) => {
    const srv = net.createServer();
    srv.on('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => res(port));
    });
  });
}

export class Cluster {
  /** @param {string} dataDir  the stack's data directory; the cluster lives in <dataDir>/pg */
  /** cronDatabase: the database pg_cron runs its jobs in (cron.database_name); hosted Supabase's
   *  is postgres, where the migrations create the extension. */
  constructor(dataDir, { durable = true, log = () => {}, cronDatabase = 'postgres' } = {}) {
    this.cronDatabase = cronDatabase;
    this.dataDir = resolve(dataDir);
    this.pgData = join(this.dataDir, 'pg');
    this.socketDir = join(this.dataDir, 'run');
    this.logFile = join(this.dataDir, 'postgres.log');
    this.durable = durable;
    this.log = log;
    this.user = serverUser();
    this.bin = findPgBin();
    this.port = null;
    this.child = null;
  }

  /** Connection settings for node-postgres as `user` over the unix socket. */
  connection(user = 'postgres') {
    return {
      host: this.socketDir,
      port: this.port,
      database: 'postgres',
      user,
      password: user === 'authenticator' ? AUTHENTICATOR_PASSWORD : undefined,
    };
  }

  /** libpq URI (PostgREST's PGRST_DB_URI). */
  uri(user = 'authenticator') {
    const pw = user === 'authenticator' ? `:${AUTHENTICATOR_PASSWORD}` : '';
    return `postgresql://${user}${pw}@/postgres?host=${encodeURIComponent(this.socketDir)}&port=${this.port}`;
  }

  owned(dir, mode) {
    mkdirSync(dir, { recursive: true });
    if (this.user) chownSync(dir, this.user.uid, this.user.gid);
    chmodSync(dir, mode);
  }

  /** Creates the cluster when missing. Returns true when it was created now. */
  async init() {
    mkdirSync(this.dataDir, { recursive: true });
    chmodSync(this.dataDir, 0o755); // the postgres user must reach pg/ and run/
    this.owned(this.socketDir, 0o700);
    if (existsSync(join(this.pgData, 'PG_VERSION'))) return false;
    this.owned(this.pgData, 0o700);
    this.log(`creating a PostgreSQL cluster in ${this.pgData}`);
    await run(
      join(this.bin, 'initdb'),
      ['-D', this.pgData, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8', '--no-sync', '--no-instructions'],
      { user: this.user },
    );
    return true;
  }

  async start() {
    this.port = await freePort();
    const fd = openSync(this.logFile, 'a');
    if (this.user) chownSync(this.logFile, this.user.uid, this.user.gid);
    const settings = [
      'listen_addresses=',
      `unix_socket_directories=${this.socketDir}`,
      `port=${this.port}`,
      'max_connections=40',
      'shared_buffers=32MB',
      // pg_cron loaded as hosted Supabase loads it (the migrations create the extension and
      // schedule the address retention); jobs run in background workers, as the cluster
      // listens on no TCP port for pg_cron's default libpq connection.
      'shared_preload_libraries=pg_cron',
      `cron.database_name=${this.cronDatabase}`,
      'cron.use_background_workers=on',
    ];
    if (!this.durable) settings.push('fsync=off', 'synchronous_commit=off', 'full_page_writes=off');
    const args = ['-D', this.pgData];
    for (const s of settings) args.push('-c', s);
    // SIGINT = fast shutdown, also sent by the kernel if this process dies.
    this.child = spawnTied(join(this.bin, 'postgres'), args, {
      user: this.user,
      deathSignal: 'SIGINT',
      stdio: ['ignore', fd, fd],
    });
    closeSync(fd);
    let exited = null;
    this.child.on('exit', (code, signal) => {
      exited = signal ?? code;
    });
    const deadline = Date.now() + 30000;
    for (;;) {
      if (exited !== null) {
        throw new Error(`PostgreSQL exited (${exited}) while starting; see ${this.logFile}:\n` + tail(this.logFile));
      }
      try {
        const c = new pg.Client(this.connection());
        await c.connect();
        await c.end();
        return;
      } catch (e) {
        if (Date.now() > deadline) throw new Error(`PostgreSQL did not start: ${e.message}\n${tail(this.logFile)}`, { cause: e });
        await sleep(100);
      }
    }
  }

  /** Supabase's roles and storage schema (once per cluster), then any new migration. */
  async prepare() {
    const c = new pg.Client(this.connection());
    await c.connect();
    try {
      const { rows } = await c.query("select to_regnamespace('storage') is not null as ready");
      // A new cluster gets every bootstrap file; one made earlier (make run keeps target/stack)
      // gets again those marked idempotent, so it also has what was added to the stand-in since.
      for (const f of readdirSync(bootstrapDir)
        .filter((n) => n.endsWith('.sql'))
        .sort()) {
        const sql = readFileSync(join(bootstrapDir, f), 'utf8');
        if (!rows[0].ready || sql.startsWith('-- Idempotent')) await c.query(sql);
      }
      await migrate(c, this.log);
    } finally {
      await c.end();
    }
  }

  async stop() {
    await stopChild(this.child, 'SIGINT', 15000);
    this.child = null;
  }
}

/** Applies supabase/migrations/*.sql not yet recorded, each in its own transaction. */
export async function migrate(client, log = () => {}) {
  const files = readdirSync(migrationsDir)
    .filter((n) => /^\d+_.*\.sql$/.test(n))
    .sort();
  const { rows } = await client.query('select version from supabase_migrations.schema_migrations');
  const done = new Set(rows.map((r) => r.version));
  for (const file of files) {
    const [version, ...rest] = file.replace(/\.sql$/, '').split('_');
    if (done.has(version)) continue;
    const sql = readFileSync(join(migrationsDir, file), 'utf8');
    log(`applying migration ${file}`);
    try {
      await client.query('begin');
      await client.query(sql);
      await client.query('insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)', [
        version,
        rest.join('_'),
        [sql],
      ]);
      await client.query('commit');
    } catch (e) {
      await client.query('rollback').catch(() => {});
      throw new Error(`migration ${file} failed: ${e.message}`, { cause: e });
    }
  }
}

function tail(file) {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-15).join('\n');
  } catch {
    return '';
  }
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
