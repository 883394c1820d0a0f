// Unmodified @supabase/supabase-js and @emailjs/browser against the local stack: the calls
// the site makes (plain insert, File upload, email send) and what the stack stored.
import { test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import emailjs from '@emailjs/browser';
import { startStack, validRow } from './helpers.mjs';

let stack;
let supabase;

before(async () => {
  stack = await startStack();
  supabase = createClient(stack.url, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  globalThis.location ??= new URL(stack.url); // the EmailJS SDK reads location.pathname
});
after(async () => {
  await supabase?.removeAllChannels();
  await stack?.stop();
});
beforeEach(async () => {
  assert.equal((await stack.post('/__stack/reset', {})).status, 200);
});

test('a plain insert (no .select()) is stored with the values sent', async () => {
  const row = validRow({ question7_age: 41 });
  const { error, status } = await supabase.from('survey_responses').insert(row);
  assert.equal(error, null);
  assert.equal(status, 201);
  const rows = await stack.json('/__stack/rows/survey_responses');
  assert.equal(rows.length, 1);
  assert.equal(rows[0].question7_age, 41);
  assert.equal(rows[0].question1_challenge, 'Talk to a stranger');
  assert.equal(new Date(rows[0].completion_time).toISOString(), row.completion_time);
  assert.match(rows[0].id, /^[0-9a-f-]{36}$/);
});

test('insert().select() is refused: anon may not read rows back', async () => {
  const { data, error } = await supabase.from('survey_responses').insert(validRow()).select();
  assert.equal(data, null);
  assert.equal(error.code, '42501');
  assert.deepEqual(Object.keys(error).sort(), ['code', 'details', 'hint', 'message']);
  assert.deepEqual(await stack.json('/__stack/rows/survey_responses'), []);
});

test('a retried insert with the same client id is refused, not duplicated', async () => {
  const row = validRow({ id: randomUUID() });
  assert.equal((await supabase.from('survey_responses').insert(row)).error, null);
  const again = await supabase.from('survey_responses').insert(row);
  assert.equal(again.status, 409);
  assert.equal(again.error.code, '23505');
  assert.equal((await stack.json('/__stack/rows/survey_responses')).length, 1);
});

test("a row breaking a CHECK is refused with PostgREST's error", async () => {
  const { error, status } = await supabase.from('survey_responses').insert(validRow({ question7_age: 0 }));
  assert.equal(status, 400);
  assert.equal(error.code, '23514');
  assert.match(error.message, /survey_responses_age_range/);
  assert.deepEqual(await stack.json('/__stack/rows/survey_responses'), []);
});

test('anon cannot read, update or delete responses', async () => {
  await supabase.from('survey_responses').insert(validRow());
  const read = await supabase.from('survey_responses').select('*');
  assert.equal(read.error.code, '42501');
  const upd = await supabase.from('survey_responses').update({ question7_age: 99 }).eq('question7_age', 30);
  assert.equal(upd.error.code, '42501');
  const del = await supabase.from('survey_responses').delete().eq('question7_age', 30);
  assert.equal(del.error.code, '42501');
  const rows = await stack.json('/__stack/rows/survey_responses');
  assert.equal(rows.length, 1);
  assert.equal(rows[0].question7_age, 30);
});

test('a File upload is stored with its bytes, size and type', async () => {
  const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
  const name = `${Date.now()}_my_photo.jpg`;
  const file = new File([bytes], 'my photo.jpg', { type: 'image/jpeg' });
  const { data, error } = await supabase.storage.from('survey_media').upload(name, file, { upsert: false });
  assert.equal(error, null);
  assert.equal(data.path, name);
  assert.equal(data.fullPath, `survey_media/${name}`);
  assert.deepEqual(await stack.json('/__stack/objects/survey_media'), [{ name, size: bytes.length, mimetype: 'image/jpeg' }]);
  const stored = new Uint8Array(await (await stack.api(`/__stack/objects/survey_media/${name}`)).arrayBuffer());
  assert.deepEqual(stored, bytes);
});

test('an upload then an insert referencing it: the submission the site makes', async () => {
  const name = `${Date.now()}_clip.mp4`;
  const up = await supabase.storage.from('survey_media').upload(name, new File([new Uint8Array(64)], 'clip.mp4', { type: 'video/mp4' }));
  assert.equal(up.error, null);
  const ins = await supabase.from('survey_responses').insert(
    validRow({
      question6_consent: 'Yes',
      media_file_url: up.data.path,
      media_file_name: 'clip.mp4',
    }),
  );
  assert.equal(ins.error, null);
  const [row] = await stack.json('/__stack/rows/survey_responses');
  assert.equal(row.media_file_url, name);
});

test('uploading an existing name again answers 400 "already exists"', async () => {
  const name = `${Date.now()}_twice.txt`;
  const file = () => new File(['hello'], 'twice.txt', { type: 'text/plain' });
  assert.equal((await supabase.storage.from('survey_media').upload(name, file())).error, null);
  const { error } = await supabase.storage.from('survey_media').upload(name, file());
  assert.equal(error.status, 400);
  assert.equal(error.statusCode, '409');
  assert.equal(error.message, 'The resource already exists');
  const upsert = await supabase.storage.from('survey_media').upload(name, file(), { upsert: true });
  assert.equal(upsert.error.statusCode, '403', 'an upsert is an overwrite: refused');
  assert.equal((await stack.json('/__stack/objects/survey_media')).length, 1);
});

test('anon cannot download, list or remove objects', async () => {
  const name = `${Date.now()}_secret.pdf`;
  await supabase.storage.from('survey_media').upload(name, new File(['%PDF-1.4'], 'secret.pdf', { type: 'application/pdf' }));
  const down = await supabase.storage.from('survey_media').download(name);
  assert.equal(down.data, null);
  assert.ok(down.error);
  const list = await supabase.storage.from('survey_media').list();
  assert.deepEqual(list.data, []);
  const rm = await supabase.storage.from('survey_media').remove([name]);
  assert.deepEqual(rm.data, []);
  assert.equal((await stack.json('/__stack/objects/survey_media')).length, 1);
});

test("an anon upload outside the engine's naming is refused by the policy", async () => {
  const { error } = await supabase.storage
    .from('survey_media')
    .upload('folder/photo.jpg', new File(['x'], 'photo.jpg', { type: 'image/jpeg' }));
  assert.equal(error.statusCode, '403');
  assert.match(error.message, /row-level security/);
  assert.deepEqual(await stack.json('/__stack/objects/survey_media'), []);
});

test('the EmailJS SDK sends and the stack keeps what it received', async () => {
  const params = { question1: 'Talk to a stranger', file_uploaded: 'No', file_size: '0' };
  emailjs.init({ publicKey: 'public_local', origin: stack.url }); // origin is honoured by init only
  const res = await emailjs.send('service_local', 'template_local', params);
  assert.equal(res.status, 200);
  assert.equal(res.text, 'OK');
  const emails = await stack.json('/__stack/emails');
  assert.equal(emails.length, 1);
  assert.equal(emails[0].user_id, 'public_local');
  assert.equal(emails[0].service_id, 'service_local');
  assert.equal(emails[0].template_id, 'template_local');
  assert.equal(emails[0].lib_version, '4.4.1');
  assert.deepEqual(emails[0].template_params, params);
});
