// What a script can do with the key every visitor holds: the anon key is read from the built
// bundle (as anyone would), and the attacks go straight to the local backend's REST API, with
// no browser and no supabase-js. Run by `make test-security` after the bundle scan:
//   SECURITY_BUNDLE=target/web-e2e node --test tests/security/attacks.mjs
import { test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { anonKeysIn } from './bundle-scan.mjs';
import { startStack, validRow } from '../stack/test/helpers.mjs';
import { defaultDifficulty, leadingZeroBits, sha256, solveWork, withWork } from '../stack/work.mjs';

const bundle = process.env.SECURITY_BUNDLE || 'target/web-e2e';
let stack;
let key;

before(async () => {
  [key] = anonKeysIn(bundle);
  assert.ok(key, `no anon key in ${bundle}: build the site first (make test-e2e)`);
  stack = await startStack();
});
after(async () => stack?.stop());
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
  // (1 in 2^difficulty would pass by chance; this nonce is checked not to)
  if (leadingZeroBits(sha256(`stepzero-work:v1:${donor.id}:${laterMs}:${donor.work_nonce}`)) < defaultDifficulty()) {
    assert.equal((await insert(forOtherTime)).status, 428);
  }
  assert.equal(await stored(), 0);
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
