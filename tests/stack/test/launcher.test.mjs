// The launcher: no process left behind, a clear message when the port is taken, and data
// that persists between runs of a non-throwaway stack.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStack, descendants, alive, launcher, validRow, sleep } from './helpers.mjs';

async function waitGone(pids, ms = 15000) {
  const deadline = Date.now() + ms;
  while (pids.some(alive) && Date.now() < deadline) await sleep(100);
  return pids.filter(alive);
}

function dataDirOf(stack) {
  return /data {6}(\S+)/.exec(stack.stderr)?.[1];
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  test(`${signal} stops PostgreSQL and PostgREST and removes the throwaway data`, async () => {
    const stack = await startStack();
    const pids = descendants(stack.child.pid);
    assert.ok(pids.length >= 3, `postgres, its workers and postgrest run (${pids.length})`);
    const dir = dataDirOf(stack);
    assert.ok(dir && existsSync(dir));
    await stack.stop(signal);
    assert.equal(stack.child.exitCode !== null || stack.child.signalCode !== null, true);
    assert.deepEqual(await waitGone(pids), []);
    assert.equal(existsSync(dir), false);
  });
}

test('when the launcher is killed outright, its services die with it', async () => {
  const stack = await startStack();
  const pids = descendants(stack.child.pid);
  const dir = dataDirOf(stack);
  await stack.stop('SIGKILL');
  assert.deepEqual(await waitGone(pids), []);
  rmSync(dir, { recursive: true, force: true });
});

test('a taken port is named, with its owner, and nothing is started', async () => {
  const blocker = net.createServer();
  await new Promise((r) => blocker.listen(0, '127.0.0.1', r));
  const { port } = blocker.address();
  try {
    const child = spawn(process.execPath, [launcher, '--throwaway', '--port', String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => {
      err += d;
    });
    const [code] = await once(child, 'exit');
    assert.equal(code, 1);
    assert.match(err, new RegExp(`port ${port} is already in use by pid ${process.pid}`));
    assert.match(err, /STACK_PORT=/);
  } finally {
    blocker.close();
  }
});

test('a stack with --data keeps its rows, objects and emails between runs', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'stepzero-persist-'));
  try {
    let stack = await startStack(['--port', '0', '--data', dir]);
    const headers = { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}`, 'content-type': 'application/json' };
    const ins = await stack.api('/rest/v1/survey_responses', { method: 'POST', headers, body: JSON.stringify(validRow()) });
    assert.equal(ins.status, 201);
    const up = await stack.api('/storage/v1/object/survey_media/1_keep.txt', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'text/plain' },
      body: 'kept',
    });
    assert.equal(up.status, 200);
    await stack.post('/api/v1.0/email/send', { user_id: 'k', service_id: 's', template_id: 't' });
    await stack.stop('SIGINT');

    stack = await startStack(['--port', '0', '--data', dir]);
    assert.equal((await stack.json('/__stack/rows/survey_responses')).length, 1);
    assert.deepEqual(await stack.json('/__stack/objects/survey_media'), [{ name: '1_keep.txt', size: 4, mimetype: 'text/plain' }]);
    assert.equal(await (await stack.api('/__stack/objects/survey_media/1_keep.txt')).text(), 'kept');
    assert.equal((await stack.json('/__stack/emails')).length, 1);
    await stack.stop('SIGINT');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('--exec runs a command against the stack and passes on its exit status', async () => {
  const child = spawn(
    process.execPath,
    [
      launcher,
      '--throwaway',
      '--port',
      '0',
      '--exec',
      'test -n "$STACK_URL" && test -n "$STACK_ANON_KEY" && test -S "$PGHOST/.s.PGSQL.$PGPORT" && exit 7',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const [code] = await once(child, 'exit');
  assert.equal(code, 7);
});

test('SIGTERM to the launcher alone also ends its --exec command and what it started', async () => {
  const child = spawn(process.execPath, [launcher, '--throwaway', '--port', '0', '--exec', 'sleep 300 & sleep 301; wait'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  while (!out.includes('stack ready')) await sleep(100);
  await sleep(300);
  const pids = descendants(child.pid);
  assert.ok(pids.length >= 5, `services and the command's processes run (${pids.length})`);
  child.kill('SIGTERM');
  await once(child, 'exit');
  assert.deepEqual(await waitGone(pids), []);
});

test('when its parent exits, the launcher stops everything and removes its data', async () => {
  // A parent that starts the stack, reports the launcher's pid once ready, then exits.
  const parentCode = `
    const { spawn } = require('node:child_process');
    const c = spawn(process.execPath, [${JSON.stringify(launcher)}, '--throwaway', '--port', '0'],
      { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    c.stderr.on('data', (d) => { err += d; });
    c.stdout.on('data', (d) => {
      if (/stack ready/.test(d)) {
        const dir = /data {6}(\\S+)/.exec(err)[1];
        process.stdout.write(JSON.stringify({ pid: c.pid, dir }) + '\\n');
        process.exit(0);
      }
    });`;
  const parent = spawn(process.execPath, ['-e', parentCode], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  parent.stdout.on('data', (d) => {
    out += d;
  });
  await once(parent, 'exit');
  const { pid, dir } = JSON.parse(out);
  const pids = [pid, ...descendants(pid)];
  assert.deepEqual(await waitGone(pids), []);
  assert.equal(existsSync(dir), false);
});
