// Where hosted Supabase's storage differs from a naive stand-in, the stack behaves as hosted:
// the upload permission check sees metadata {mimetype, contentLength} (storage-api's shape), a
// DELETE outside the Storage API is refused (storage 0055) while the API's own deletes work,
// and supabase_admin's default privileges grant the API roles as on hosted projects.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { startStack } from './helpers.mjs';

let stack;
let db;

before(async () => {
  stack = await startStack();
  const m = /psql -h (\S+) -p (\d+) -U postgres postgres/.exec(stack.stderr);
  assert.ok(m, 'the launcher names its database');
  db = new pg.Client({ host: m[1], port: Number(m[2]), user: 'postgres', database: 'postgres' });
  await db.connect();
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
