// Where hosted Supabase's storage differs from a naive stand-in, the stack behaves as hosted:
// the upload permission check sees metadata {mimetype, contentLength} (storage-api's shape),
// contentLength being the request's declared length (left out when it declares none) and
// storage.operation() the route's name (supabase/storage src/storage/uploader.ts, scope.ts), a
// DELETE outside the Storage API is refused (storage 0055) while the API's own deletes work,
// and supabase_admin's default privileges grant the API roles as on hosted projects.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { connectAsOwner, startStack } from './helpers.mjs';

let stack;
let db;

before(async () => {
  stack = await startStack();
  db = await connectAsOwner(stack);
});

after(async () => {
  await db?.end();
  await stack?.stop();
});

const upload = (name, body) =>
  stack.api(`/storage/v1/object/${name}`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}`, 'content-type': 'text/plain' },
    body,
  });

test('the permission check inserts metadata as {mimetype, contentLength}, as storage-api does', async () => {
  await db.query(`insert into storage.buckets (id, name) values ('probe', 'probe');
    create policy probe_shape on storage.objects for insert to anon
      with check (bucket_id = 'probe' and metadata ?& array['mimetype', 'contentLength']
                  and not metadata ?| array['eTag', 'size', 'cacheControl']
                  and (metadata->>'contentLength')::int = 5)`);
  const r = await upload('probe/1_shape.txt', 'hello');
  assert.equal(r.status, 200, await r.text());
  const { rows } = await db.query("select metadata from storage.objects where name = '1_shape.txt'");
  assert.equal(rows[0].metadata.size, 5, 'the stored row (written as the service role) has the full metadata');
});

test("the check's contentLength is the request's Content-Length, framing included, or absent; storage.operation() is the route's", async () => {
  // Allows an object only when its name says what the check saw: "<contentLength>_<operation>".
  await db.query(`insert into storage.buckets (id, name) values ('seen', 'seen');
    create policy probe_seen on storage.objects for insert to anon
      with check (bucket_id = 'seen'
                  and name = coalesce(metadata->>'contentLength', 'none') || '_' || coalesce(storage.operation(), ''))`);
  const send = (name, body, headers = {}) =>
    stack.api(`/storage/v1/object/seen/${name}`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}`, 'content-type': 'text/plain', ...headers },
      body,
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    });
  const expectStatus = async (res, status) => assert.equal(res.status, status, await res.text());

  await expectStatus(await send('5_storage.object.upload', 'hello'), 200);
  await expectStatus(await send('4_storage.object.upload', 'hello'), 400); // the policy tells them apart
  const boundary = 'stepzero-probe';
  const multipart = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="cacheControl"\r\n\r\n3600\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name=""; filename="x.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n` +
      `--${boundary}--\r\n`,
  );
  await expectStatus(
    await send(`${multipart.length}_storage.object.upload`, multipart, {
      'content-type': `multipart/form-data; boundary=${boundary}`,
    }),
    200,
  );
  const chunked = new ReadableStream({
    start(c) {
      c.enqueue(new TextEncoder().encode('hello'));
      c.close();
    },
  });
  await expectStatus(await send('none_storage.object.upload', chunked), 200);
  const { rows } = await db.query("select name, (metadata->>'size')::int as size from storage.objects where bucket_id = 'seen'");
  assert.deepEqual(
    rows.map((r) => `${r.name} ${r.size}`).sort(),
    ['5_storage.object.upload 5', `${multipart.length}_storage.object.upload 5`, 'none_storage.object.upload 5'].sort(),
    'each stored with its real size',
  );
});

test('a DELETE outside the Storage API is refused; the API (reset) still deletes', async () => {
  await assert.rejects(
    db.query('delete from storage.objects'),
    (e) => e.code === '42501' && /Direct deletion from storage tables is not allowed/.test(e.message),
  );
  await assert.rejects(db.query("delete from storage.buckets where id = 'probe'"), (e) => e.code === '42501');
  assert.equal((await stack.post('/__stack/reset', {})).status, 200);
  const { rows } = await db.query('select count(*)::int as n from storage.objects');
  assert.equal(rows[0].n, 0);
});

test("objects supabase_admin creates in public get the API roles' grants by default, as on hosted", async () => {
  const { rows } = await db.query(`select d.defaclobjtype as type, d.defaclacl::text as acl from pg_default_acl d
    join pg_roles r on r.oid = d.defaclrole join pg_namespace n on n.oid = d.defaclnamespace
    where r.rolname = 'supabase_admin' and n.nspname = 'public' order by 1`);
  assert.deepEqual(
    rows.map((r) => r.type),
    ['S', 'f', 'r'],
  );
  for (const r of rows) for (const role of ['anon', 'authenticated', 'service_role']) assert.match(r.acl, new RegExp(`${role}=`));
});
