// What a script can do with the key every visitor holds: the anon key is read from the built
// bundle (as anyone would), and the attacks go straight to the local backend's REST and Storage
// APIs, with no browser and no supabase-js (a visitor, where one is needed, is supabase-js, as
// the site). The operator's settings are set as an operator would, in SQL on the database.
// Run by `make test-security` after the bundle scan:
//   SECURITY_BUNDLE=target/web-e2e node --test tests/security/attacks.mjs
import { test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { anonKeysIn } from './bundle-scan.mjs';
import { connectAsOwner, startStack, validRow } from '../stack/test/helpers.mjs';
import { defaultDifficulty, leadingZeroBits, sha256, solveWork, solveWorkV1, withWork } from '../stack/work.mjs';

const bundle = process.env.SECURITY_BUNDLE || 'target/web-e2e';
let stack;
let key;
let db;

before(async () => {
  [key] = anonKeysIn(bundle);
  assert.ok(key, `no anon key in ${bundle}: build the site first (make test-e2e)`);
  stack = await startStack();
  db = await connectAsOwner(stack);
});
after(async () => {
  await db?.end();
  await stack?.stop();
});
beforeEach(async () => {
  assert.equal((await stack.post('/__stack/reset', {})).status, 200);
});

/** POST to PostgREST as a script would: the key from the bundle, any JSON body. */
async function insert(body) {
  const send = () =>
    stack.api('/rest/v1/survey_responses', {
      method: 'POST',
      headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json', prefer: 'return=minimal' },
      body: JSON.stringify(body),
    });
  // Solving blocks this thread for seconds; a kept-alive socket the server closed meanwhile
  // fails before anything is sent. Sending again is safe: the row's id makes a repeat a 409.
  const res = await send().catch(send);
  const text = await res.text();
  return { status: res.status, error: text ? JSON.parse(text) : null };
}

const stored = async () => (await stack.json('/__stack/rows/survey_responses')).length;

/** A nonce that is not valid work for this row (checked, not assumed). */
function wrongNonce(row, difficulty) {
  for (let n = 0; ; n += 1) {
    const hash = sha256(`stepzero-work:v1:${row.id}:${Date.parse(row.completion_time)}:${n}`);
    if (leadingZeroBits(hash) < difficulty) return String(n);
  }
}

test('the bundle holds exactly one key, and it is the anon key', () => {
  assert.equal(anonKeysIn(bundle).length, 1);
});

test('an array of 1,000 valid rows, each with valid work, stores nothing', async () => {
  // Lowered so the test can solve 1,000 rows quickly; what is refused is the count, not the work.
  await stack.post('/__stack/work-difficulty', { difficulty: 4 });
  const rows = Array.from({ length: 1000 }, () => withWork(validRow({ work_nonce: null }), 4));
  const { status, error } = await insert(rows);
  assert.equal(status, 400);
  assert.equal(error.code, 'PT400');
  assert.match(error.message, /One response per request: this request inserts 1000 rows/);
  assert.equal(await stored(), 0);
});

test('an array of 1,000 rows without work stores nothing either', async () => {
  const rows = Array.from({ length: 1000 }, () => validRow({ work_nonce: null }));
  const { status, error } = await insert(rows);
  assert.equal(status, 428);
  assert.equal(error.code, 'PT428');
  assert.equal(await stored(), 0);
});

test('a row with no work is refused, and the answer names the difficulty', async () => {
  const { status, error } = await insert(validRow({ work_nonce: null }));
  assert.equal(status, 428);
  assert.equal(error.code, 'PT428');
  assert.equal(error.message, 'Proof of work missing');
  assert.equal(error.hint, `difficulty=${defaultDifficulty()}`);
  const { status: omitted } = await insert((({ work_nonce: _omitted, ...rest }) => rest)(validRow({ work_nonce: null })));
  assert.equal(omitted, 428, 'leaving the column out is the same as null');
  assert.equal(await stored(), 0);
});

test('a row with wrong work is refused', async () => {
  const row = validRow({ work_nonce: null });
  const { status, error } = await insert({ ...row, work_nonce: wrongNonce(row, defaultDifficulty()) });
  assert.equal(status, 428);
  assert.equal(error.message, 'Proof of work insufficient');
  assert.equal(await stored(), 0);
});

test('work done for another id, or another time, is refused', async () => {
  const donor = validRow();
  const forOtherId = { ...validRow({ work_nonce: null }), completion_time: donor.completion_time, work_nonce: donor.work_nonce };
  assert.equal((await insert(forOtherId)).status, 428);
  const laterMs = Date.parse(donor.completion_time) + 1;
  const forOtherTime = { ...donor, completion_time: new Date(laterMs).toISOString() };
  // (every one of the 32 parts would have to pass by chance: 1 in 2^(13 × 32))
  assert.equal((await insert(forOtherTime)).status, 428);
  assert.equal(await stored(), 0);
});

test('split work with its parts out of order, or one part short, is refused', async () => {
  const row = validRow();
  const parts = row.work_nonce.split(',');
  assert.equal(parts.length, 32);
  const swapped = [parts[1], parts[0], ...parts.slice(2)].join(',');
  if (parts[0] !== parts[1]) assert.equal((await insert({ ...row, work_nonce: swapped })).status, 428);
  assert.equal((await insert({ ...row, work_nonce: parts.slice(1).join(',') })).status, 428);
  assert.equal(await stored(), 0);
});

test('a row solved before the split (one puzzle of the whole difficulty) is still stored', async () => {
  const row = validRow({ work_nonce: null });
  const old = { ...row, work_nonce: solveWorkV1(row.id, row.completion_time) };
  assert.equal((await insert(old)).status, 201);
  assert.equal(await stored(), 1);
});

test('a valid row with valid work is stored exactly once', async () => {
  const row = validRow();
  assert.equal((await insert(row)).status, 201);
  const again = await insert(row);
  assert.equal(again.status, 409);
  assert.equal(again.error.code, '23505');
  const rows = await stack.json('/__stack/rows/survey_responses');
  assert.equal(rows.length, 1);
  assert.equal(rows[0].id, row.id);
  assert.equal(rows[0].work_nonce, row.work_nonce);
});

test('the operator raises the difficulty: the answer says so, and work at the new one passes', async () => {
  await stack.post('/__stack/work-difficulty', { difficulty: 20 });
  const row = validRow({ work_nonce: null });
  const weak = { ...row, work_nonce: wrongNonce(row, 20) };
  const refused = await insert(weak);
  assert.equal(refused.status, 428);
  assert.equal(refused.error.hint, 'difficulty=20');
  const splitAtOld = { ...row, work_nonce: solveWork(row.id, row.completion_time, defaultDifficulty()) };
  assert.equal((await insert(splitAtOld)).status, 428, 'split work of the old difficulty is not enough');
  assert.equal((await insert({ ...row, work_nonce: solveWork(row.id, row.completion_time, 20) })).status, 201);
  assert.equal(await stored(), 1);
});

test('the operator settings are not reachable through the API', async () => {
  const res = await stack.api('/rest/v1/settings', {
    headers: { apikey: key, authorization: `Bearer ${key}`, 'accept-profile': 'stepzero_private' },
  });
  assert.equal(res.status, 406, 'stepzero_private is not an exposed schema');
  const rpc = await stack.api('/rest/v1/rpc/check_work', {
    method: 'POST',
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ row_id: randomUUID(), completed: new Date().toISOString(), nonce: '0' }),
  });
  assert.equal(rpc.status, 404, 'the check is no API function');
});

// ---- The storage bucket: what no row names yet is bounded (issue #23) ----

const KB = 1024;
const MB = 1024 * 1024;

/** The operator's switch, as they would run it in the SQL editor: the budget in MB per hour. */
const setBudget = (mb) => db.query('update stepzero_private.settings set unclaimed_upload_mb = $1', [mb]);

let uploads = 0;
/** A name as the engine makes them, unique in the test. */
const objectName = () => `${Date.now()}${String(uploads++ % 1000).padStart(3, '0')}_x.jpg`;

/** What a script sends: a raw POST of `bytes` bytes as a JPEG (Content-Length declared). */
async function scriptUpload(bytes, name = objectName()) {
  const res = await stack.api(`/storage/v1/object/survey_media/${name}`, {
    method: 'POST',
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'image/jpeg' },
    body: Buffer.alloc(bytes, 0xff),
  });
  return { name, status: res.status, body: await res.json() };
}

const storedObjects = async () => stack.json('/__stack/objects/survey_media');
const storedBytes = async () => (await storedObjects()).reduce((sum, o) => sum + o.size, 0);

/** Storage's answer to an upload a policy refused (HTTP 400, statusCode "403"). */
function assertRefused(r) {
  assert.equal(r.status, 400, JSON.stringify(r.body));
  assert.equal(r.body.statusCode, '403');
  assert.match(r.body.message, /row-level security/);
}

/** A visitor as the site is one: supabase-js uploads the File, then inserts the row naming it. */
async function visitor(bytes, { expectUpload = true } = {}) {
  const supabase = createClient(stack.url, key, { auth: { persistSession: false, autoRefreshToken: false } });
  const name = objectName();
  const file = new File([Buffer.alloc(bytes, 0xd8)], 'photo.jpg', { type: 'image/jpeg' });
  const upload = await supabase.storage.from('survey_media').upload(name, file, { cacheControl: '3600', upsert: false });
  assert.equal(upload.error === null, expectUpload, JSON.stringify(upload.error));
  // The spec's path for an upload error: the response is saved with no file path.
  const row = validRow({
    question6_consent: 'Yes',
    media_file_url: upload.error ? null : name,
    media_file_name: upload.error ? null : 'photo.jpg',
  });
  const insert = await supabase.from('survey_responses').insert(row);
  assert.equal(insert.error, null, JSON.stringify(insert.error));
  return { name, row, uploaded: !upload.error };
}

test("a script's uploads stop being stored once the unclaimed budget is spent", async () => {
  await setBudget(1);
  const answers = [];
  for (let i = 0; i < 40; i += 1) answers.push(await scriptUpload(64 * KB));
  const stored = answers.filter((r) => r.status === 200);
  assert.equal(stored.length, 16, '1 MB holds sixteen 64 KB uploads, and no more');
  assert.ok(
    answers.slice(0, 16).every((r) => r.status === 200),
    'the first sixteen were stored',
  );
  for (const r of answers.slice(16)) assertRefused(r);
  assert.equal(await storedBytes(), MB);
  assert.deepEqual((await storedObjects()).map((o) => o.name).sort(), stored.map((r) => r.name).sort());
});

test('uploads started all at once are counted while they are under way, not only once stored', async () => {
  await setBudget(1);
  const answers = await Promise.all(Array.from({ length: 40 }, () => scriptUpload(64 * KB)));
  assert.equal(answers.filter((r) => r.status === 200).length, 16);
  assert.equal(await storedBytes(), MB);
});

test('an upload that declares no length (chunked) is refused: its size would be known only once stored', async () => {
  const body = new ReadableStream({
    start(controller) {
      controller.enqueue(new Uint8Array(64 * KB).fill(0xff));
      controller.close();
    },
  });
  const res = await stack.api(`/storage/v1/object/survey_media/${objectName()}`, {
    method: 'POST',
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'image/jpeg' },
    body,
    duplex: 'half',
  });
  assertRefused({ status: res.status, body: await res.json() });
  assert.deepEqual(await storedObjects(), []);
});

test("real visitors' uploads, each followed by its row, are stored and do not count against the budget", async () => {
  await setBudget(1);
  const visitors = [];
  for (let i = 0; i < 3; i += 1) visitors.push(await visitor(600 * KB));
  const objects = await storedObjects();
  assert.equal(objects.length, 3, '1.8 MB of claimed files, past a 1 MB budget');
  const rows = await stack.json('/__stack/rows/survey_responses');
  assert.deepEqual(rows.map((r) => r.media_file_url).sort(), visitors.map((v) => v.name).sort(), 'each file is named by its row');
  // What the visitors uploaded gave its bytes back (but the multipart framing: a few hundred
  // bytes each), so a script still finds nearly the whole budget, and then no more.
  const script = [];
  for (let i = 0; i < 17; i += 1) script.push(await scriptUpload(64 * KB));
  assert.equal(script.filter((r) => r.status === 200).length, 15);
  for (const r of script.slice(15)) assertRefused(r);
});

test("during a flood a visitor's file may be refused, and the response is still saved", async () => {
  await setBudget(1);
  for (let i = 0; i < 16; i += 1) assert.equal((await scriptUpload(64 * KB)).status, 200);
  const { row, uploaded } = await visitor(600 * KB, { expectUpload: false });
  assert.equal(uploaded, false);
  const rows = await stack.json('/__stack/rows/survey_responses');
  assert.deepEqual(
    rows.map((r) => [r.id, r.media_file_url]),
    [[row.id, null]],
  );
});

test('the default budget is 100 MB per hour: a script stores ten 10 MB files at most', async () => {
  const answers = [];
  for (let i = 0; i < 12; i += 1) answers.push(await scriptUpload(10 * MB - KB));
  assert.equal(answers.filter((r) => r.status === 200).length, 10);
  for (const r of answers.slice(10)) assertRefused(r);
  assert.ok((await storedBytes()) <= 100 * MB);
});
