// Bad input, faults and CORS: the statuses and error shapes the hosted services use.
import { test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { createClient } from '@supabase/supabase-js';
import emailjs from '@emailjs/browser';
import { startStack, validRow } from './helpers.mjs';
import { SERVICE_ROLE_KEY } from '../lib/jwt.mjs';

let stack;
let supabase;
let headers;

before(async () => {
  stack = await startStack();
  supabase = createClient(stack.url, stack.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
  headers = { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}` };
  globalThis.location ??= new URL(stack.url);
  emailjs.init({ publicKey: 'public_local', origin: stack.url });
});
after(async () => {
  await supabase?.removeAllChannels();
  await stack?.stop();
});
beforeEach(async () => {
  assert.equal((await stack.post('/__stack/reset', {})).status, 200);
});

const upload = (name, body, type, extra = {}) => {
  const form = new FormData();
  form.append('cacheControl', '3600');
  form.append('', new File([body], 'f', { type }));
  return stack.api(`/storage/v1/object/${name}`, { method: 'POST', headers: { ...headers, ...extra }, body: form });
};

/** A request with the path exactly as written (fetch would resolve "..").*/
function rawRequest(method, path, hdrs, body) {
  return new Promise((resolve, reject) => {
    const u = new URL(stack.url);
    const req = http.request({ host: u.hostname, port: u.port, method, path, headers: hdrs }, (res) => {
      let text = '';
      res.on('data', (d) => {
        text += d;
      });
      res.on('end', () => resolve({ status: res.statusCode, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const storageShape = (body) => assert.deepEqual(Object.keys(body).sort(), ['error', 'message', 'statusCode']);

test("a malformed JSON insert gets PostgREST's 400 error", async () => {
  const res = await stack.api('/rest/v1/survey_responses', {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: '{"question1_challenge": ',
  });
  assert.equal(res.status, 400);
  const body = await res.json();
  assert.deepEqual(Object.keys(body).sort(), ['code', 'details', 'hint', 'message']);
  assert.equal(body.code, 'PGRST102');
});

test('requests without the API key are refused like the hosted gateway', async () => {
  const res = await stack.api('/rest/v1/survey_responses', { method: 'POST', body: '{}' });
  assert.equal(res.status, 401);
  assert.equal((await res.json()).message, 'No API key found in request');
  const bad = await stack.api('/rest/v1/survey_responses', { headers: { apikey: 'sb_publishable_nope' } });
  assert.equal(bad.status, 401);
  assert.equal((await bad.json()).message, 'Invalid API key');
});

test("the service-role key (the owner's tools) reads rows and inserts old rows with their ids; anon still reads nothing", async () => {
  const owner = { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'content-type': 'application/json' };
  const id = '5e1f0c4a-1b2c-4d3e-8f40-5a6b7c8d9e0f';
  const old = validRow({ id, completion_time: '2024-01-02T03:04:05.000Z' }); // outside anon's window
  const insert = await stack.api('/rest/v1/survey_responses', { method: 'POST', headers: owner, body: JSON.stringify(old) });
  assert.equal(insert.status, 201, await insert.text());
  const again = await stack.api('/rest/v1/survey_responses', { method: 'POST', headers: owner, body: JSON.stringify(old) });
  assert.equal(again.status, 409);
  assert.equal((await again.json()).code, '23505');
  const rows = await (await stack.api('/rest/v1/survey_responses?select=id,completion_time', { headers: owner })).json();
  assert.deepEqual(rows, [{ id, completion_time: '2024-01-02T03:04:05+00:00' }]);
  const anonRead = await stack.api('/rest/v1/survey_responses?select=id', { headers });
  assert.equal(anonRead.status, 401);
});

test('an unknown bucket is refused as "Bucket not found"', async () => {
  const res = await upload('no_such_bucket/1_a.txt', 'x', 'text/plain');
  assert.equal(res.status, 400);
  const body = await res.json();
  storageShape(body);
  assert.equal(body.statusCode, '404');
  assert.equal(body.message, 'Bucket not found');
});

test('object paths with ".." are refused as invalid keys', async () => {
  for (const path of ['/storage/v1/object/survey_media/../1_a.txt', '/storage/v1/object/survey_media/x/%2e%2e/1_a.txt']) {
    const res = await rawRequest('POST', path, { ...headers, 'content-type': 'text/plain' }, 'x');
    assert.equal(res.status, 400, path);
    storageShape(res.body);
    assert.equal(res.body.statusCode, '400');
    assert.match(res.body.message, /^Invalid key/);
  }
  assert.deepEqual(await stack.json('/__stack/objects/survey_media'), []);
});

test("a file over the bucket's 10 MiB limit is refused; exactly 10 MiB is accepted", async () => {
  const over = await upload('survey_media/1_big.mp4', new Uint8Array(10 * 1024 * 1024 + 1), 'video/mp4');
  assert.equal(over.status, 400);
  const body = await over.json();
  storageShape(body);
  assert.equal(body.statusCode, '413');
  assert.equal(body.message, 'The object exceeded the maximum allowed size');
  const exact = await upload('survey_media/2_big.mp4', new Uint8Array(10 * 1024 * 1024), 'video/mp4');
  assert.equal(exact.status, 200);
  assert.deepEqual(
    (await stack.json('/__stack/objects/survey_media')).map((o) => o.name),
    ['2_big.mp4'],
  );
});

test("types outside the bucket's list are refused (SVG, unknown bytes)", async () => {
  for (const type of ['image/svg+xml', 'application/octet-stream', 'text/html']) {
    const res = await upload('survey_media/1_file.bin', 'x', type);
    assert.equal(res.status, 400, type);
    const body = await res.json();
    storageShape(body);
    assert.equal(body.statusCode, '415');
    assert.equal(body.message, `mime type ${type} is not supported`);
  }
  for (const type of ['image/heic', 'video/quicktime', 'application/pdf', 'text/plain']) {
    assert.equal((await upload(`survey_media/1_ok.${type.split('/')[1]}`, 'x', type)).status, 200, type);
  }
});

test("a malformed multipart body is refused with Storage's error shape", async () => {
  const res = await stack.api('/storage/v1/object/survey_media/1_a.txt', {
    method: 'POST',
    headers: { ...headers, 'content-type': 'multipart/form-data; boundary=zzz' },
    body: 'garbage',
  });
  assert.equal(res.status, 400);
  storageShape(await res.json());
});

test('a malformed email body gets a 400 text answer', async () => {
  const res = await stack.api('/api/v1.0/email/send', { method: 'POST', body: '{not json' });
  assert.equal(res.status, 400);
  const missing = await stack.post('/api/v1.0/email/send', { user_id: 'k', template_id: 't' });
  assert.equal(missing.status, 400);
  assert.match(await missing.text(), /service_id/);
  assert.deepEqual(await stack.json('/__stack/emails'), []);
});

test('an insert fault applies to every insert until cleared', async () => {
  assert.equal((await stack.post('/__stack/faults', { insert: 500 })).status, 200);
  for (let i = 0; i < 2; i++) {
    const { error, status } = await supabase.from('survey_responses').insert(validRow());
    assert.equal(status, 500);
    assert.deepEqual(Object.keys(error).sort(), ['code', 'details', 'hint', 'message']);
  }
  assert.deepEqual(await stack.json('/__stack/faults'), { insert: 500 });
  await stack.post('/__stack/faults', {});
  assert.equal((await supabase.from('survey_responses').insert(validRow())).error, null);
  assert.equal((await stack.json('/__stack/rows/survey_responses')).length, 1);
});

test("an upload fault answers its status with Storage's error shape", async () => {
  await stack.post('/__stack/faults', { upload: 503 });
  const { error } = await supabase.storage.from('survey_media').upload('1_a.txt', new File(['x'], 'a.txt', { type: 'text/plain' }));
  assert.equal(error.status, 503);
  assert.equal(error.statusCode, '503');
  assert.deepEqual(await stack.json('/__stack/objects/survey_media'), []);
});

test('an email fault answers like EmailJS (429, 451, 403) until cleared', async () => {
  for (const [status, text] of [
    [429, 'Too Many Requests'],
    [451, 'Unavailable For Headless Browser'],
    [403, 'Forbidden'],
  ]) {
    await stack.post('/__stack/faults', { email: status });
    await assert.rejects(emailjs.send('service_local', 'template_local', { a: '1' }), (e) => {
      assert.equal(e.status, status);
      assert.equal(e.text, text);
      return true;
    });
  }
  await stack.post('/__stack/faults', {});
  assert.equal((await emailjs.send('service_local', 'template_local', { a: '1' })).status, 200);
  assert.equal((await stack.json('/__stack/emails')).length, 1);
});

test('a "drop" fault cuts the connection (a network error in the client)', async () => {
  await stack.post('/__stack/faults', { insert: 'drop' });
  const { error } = await supabase.from('survey_responses').insert(validRow());
  assert.ok(error);
  assert.match(error.message, /fetch failed|network|terminated|socket/i);
});

test('"commit-drop" commits the insert and cuts the answer; a repeat of the id answers 409', async () => {
  await stack.post('/__stack/faults', { insert: { fault: 'commit-drop', times: 1 } });
  const row = validRow({ id: '0b6f4a6e-3c1d-4f7e-9a2b-1c2d3e4f5a6b' });
  const lost = await supabase.from('survey_responses').insert(row);
  assert.ok(lost.error);
  assert.equal(lost.status, 0);
  assert.equal((await stack.json('/__stack/rows/survey_responses')).length, 1);
  assert.deepEqual(await stack.json('/__stack/faults'), {}, 'a {times: 1} fault clears itself');
  const again = await supabase.from('survey_responses').insert(row);
  assert.equal(again.status, 409);
  assert.equal(again.error.code, '23505');
  assert.equal((await stack.json('/__stack/rows/survey_responses')).length, 1);
});

test('"delay:<ms>" holds the insert, then stores it', async () => {
  await stack.post('/__stack/faults', { insert: 'delay:300' });
  const started = Date.now();
  const { error } = await supabase.from('survey_responses').insert(validRow());
  assert.equal(error, null);
  assert.ok(Date.now() - started >= 290);
  assert.equal((await stack.json('/__stack/rows/survey_responses')).length, 1);
  await stack.post('/__stack/faults', {});
});

// Holds one call with `faults`, checks it is neither answered nor stored for a second, then
// sets the faults again (which releases it) and checks it is answered and stored once.
async function checkHeldUntilFaultsSet(faults, send, storedPath, what) {
  await stack.post('/__stack/faults', faults);
  let settled = false;
  const sent = send().finally(() => {
    settled = true;
  });
  await new Promise((r) => setTimeout(r, 1000));
  assert.equal(settled, false, `the ${what} was answered while held`);
  assert.equal((await stack.json(storedPath)).length, 0);
  await stack.post('/__stack/faults', {});
  assert.equal((await sent).error, null);
  assert.equal((await stack.json(storedPath)).length, 1);
}

test('"hold" holds the insert until the faults are next set, then stores it', async () => {
  await checkHeldUntilFaultsSet(
    { insert: 'hold' },
    async () => supabase.from('survey_responses').insert(validRow()),
    '/__stack/rows/survey_responses',
    'insert',
  );
});

test('"trickle:<bytes per second>" reads an upload no faster than that, then stores it', async () => {
  await stack.post('/__stack/faults', { upload: 'trickle:65536' });
  const started = Date.now();
  const { error } = await supabase.storage
    .from('survey_media')
    .upload('1_slow.txt', new File([new Uint8Array(196_608).fill(120)], 'slow.txt', { type: 'text/plain' }));
  assert.equal(error, null);
  // 192 KiB at 64 KiB/s: the last 64 KiB chunk may be read without a wait, so at least 2 s.
  assert.ok(Date.now() - started >= 1900, `took ${Date.now() - started} ms`);
  assert.equal((await stack.json('/__stack/objects/survey_media')).length, 1);
});

test('"hold" reads none of an upload until the faults are next set, then stores it', async () => {
  await checkHeldUntilFaultsSet(
    { upload: 'hold' },
    () =>
      supabase.storage
        .from('survey_media')
        .upload('1_held.txt', new File([new Uint8Array(196_608).fill(120)], 'held.txt', { type: 'text/plain' })),
    '/__stack/objects/survey_media',
    'upload',
  );
});

test('"refuse": every API request has its connection cut for that long, whoever sends it; the test endpoints still answer', async () => {
  assert.equal((await stack.post('/__stack/faults', { refuse: 1500 })).status, 200);
  const cut = await fetch(`${stack.url}/rest/v1/survey_responses`, { method: 'POST', headers: { ...headers, connection: 'close' } }).then(
    () => 'answered',
    (e) => String(e.cause?.code ?? e.message),
  );
  assert.notEqual(cut, 'answered');
  assert.equal((await stack.json('/__stack/rows/survey_responses')).length, 0);
  await new Promise((r) => setTimeout(r, 1600));
  assert.equal((await supabase.from('survey_responses').insert(validRow())).error, null);
  assert.equal((await stack.json('/__stack/rows/survey_responses')).length, 1);
});

test('"refuse" must be a duration in milliseconds', async () => {
  const res = await stack.post('/__stack/faults', { refuse: 'soon' });
  assert.equal(res.status, 400);
  assert.match(await res.text(), /milliseconds/);
});

test('a {fault, times} setting applies that many times, then the call works again', async () => {
  await stack.post('/__stack/faults', { upload: { fault: 500, times: 2 } });
  const file = () => new File(['x'], 'a.txt', { type: 'text/plain' });
  assert.equal((await supabase.storage.from('survey_media').upload('1_a.txt', file())).error.status, 500);
  assert.equal((await supabase.storage.from('survey_media').upload('1_a.txt', file())).error.status, 500);
  assert.equal((await supabase.storage.from('survey_media').upload('1_a.txt', file())).error, null);
});

test('bad fault settings are refused and change nothing', async () => {
  await stack.post('/__stack/faults', { email: 429 });
  for (const body of [
    { select: 500 },
    { insert: 200 },
    { insert: 'slow' },
    { email: 'commit-drop' },
    { insert: 'delay:x' },
    { insert: { fault: 500, times: 0 } },
    [1],
  ]) {
    assert.equal((await stack.post('/__stack/faults', body)).status, 400, JSON.stringify(body));
  }
  assert.deepEqual(await stack.json('/__stack/faults'), { email: 429 });
});

test('reset empties rows, objects, emails and faults', async () => {
  await supabase.from('survey_responses').insert(validRow());
  await upload('survey_media/1_a.txt', 'x', 'text/plain');
  await stack.post('/api/v1.0/email/send', { user_id: 'k', service_id: 's', template_id: 't' });
  await stack.post('/__stack/faults', { email: 429 });
  assert.equal((await stack.post('/__stack/reset', {})).status, 200);
  assert.deepEqual(await stack.json('/__stack/rows/survey_responses'), []);
  assert.deepEqual(await stack.json('/__stack/objects/survey_media'), []);
  assert.deepEqual(await stack.json('/__stack/emails'), []);
  assert.deepEqual(await stack.json('/__stack/faults'), {});
});

test('CORS: preflights echo the requested headers; answers allow any origin', async () => {
  const pre = await stack.api('/storage/v1/object/survey_media/1_a.txt', {
    method: 'OPTIONS',
    headers: {
      origin: 'http://127.0.0.1:5173',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization,apikey,content-profile,x-client-info,x-upsert',
    },
  });
  assert.equal(pre.status, 200);
  assert.equal(pre.headers.get('access-control-allow-origin'), '*');
  assert.equal(pre.headers.get('access-control-allow-headers'), 'authorization,apikey,content-profile,x-client-info,x-upsert');
  assert.match(pre.headers.get('access-control-allow-methods'), /POST/);
  for (const path of ['/rest/v1/survey_responses', '/api/v1.0/email/send']) {
    const res = await stack.api(path, { method: 'POST', headers: { origin: 'http://127.0.0.1:5173', ...headers }, body: '{}' });
    assert.equal(res.headers.get('access-control-allow-origin'), '*', path);
  }
});
