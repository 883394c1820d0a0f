-- The survey_media bucket and its storage.objects policy: anon adds files named as the
-- engine names them, and can never read, list, overwrite or delete any object.
-- Each insert below is Storage's permission check for an upload as hosted Supabase makes it:
-- storage.operation() names the upload route and metadata carries the declared contentLength,
-- so each refusal is the rule it names (the unclaimed-upload budget has its own tests, 06).
begin;
create extension if not exists pgtap with schema extensions;
set local search_path = public, extensions;
select plan(21);

select results_eq(
  $$ select public, file_size_limit, allowed_mime_types from storage.buckets where id = 'survey_media' $$,
  $$ values (false, 10485760::bigint, array[
       'image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/heic', 'image/heif',
       'image/bmp', 'image/tiff', 'image/avif', 'video/*', 'application/pdf', 'application/msword',
       'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'text/plain']::text[]) $$,
  'survey_media is private, limited to 10 MiB and to the attachment types of spec section 9');
select ok(not exists (select 1 from storage.buckets b, unnest(b.allowed_mime_types) t
                       where b.id = 'survey_media' and (t like 'image/svg%' or t in ('image/*', '*/*'))),
  'SVG is not allowed (it can carry script)');
select policies_are('storage', 'objects', array['survey_media_anon_insert'],
  'storage.objects has only the survey_media insert policy');
select policy_cmd_is('storage', 'objects', 'survey_media_anon_insert', 'insert', 'the policy is for INSERT');
select policy_roles_are('storage', 'objects', 'survey_media_anon_insert', array['anon'], 'the policy is for anon');

-- Fixtures, as the owner: another bucket, and an object somebody uploaded earlier (its
-- metadata as Storage stores it, the declared length included).
insert into storage.buckets (id, name) values ('elsewhere', 'elsewhere');
insert into storage.objects (bucket_id, name, metadata)
values ('survey_media', '1700000000000_earlier.jpg', '{"size": 3, "mimetype": "image/jpeg", "contentLength": 3}');

-- Storage's permission check for an upload of 5 bytes into `bucket` under `name`.
create function pg_temp.upload_sql(bucket text, name text) returns text language sql as $$
  select format($q$insert into storage.objects (bucket_id, name, metadata, version)
    values (%L, %L, '{"mimetype": "image/jpeg", "contentLength": 5}', '1')$q$, bucket, name)
$$;

-- What Storage sets for every query of an upload request (POST /object/<bucket>/<name>).
set local storage.operation = 'storage.object.upload';
set local role anon;

select lives_ok(pg_temp.upload_sql('survey_media', '1724140800000_my_photo.jpg'),
  'anon uploads into survey_media (a plain insert, as Storage does)');

select throws_ok(pg_temp.upload_sql('elsewhere', '1724140800000_x.jpg'),
  '42501', 'new row violates row-level security policy for table "objects"', 'anon cannot upload into another bucket');
select throws_ok(pg_temp.upload_sql('survey_media', 'folder/1724140800000_x.jpg'),
  '42501', 'new row violates row-level security policy for table "objects"', 'anon cannot upload into a folder');
select throws_ok(pg_temp.upload_sql('survey_media', '../1724140800000_x.jpg'),
  '42501', 'new row violates row-level security policy for table "objects"', 'anon cannot upload a name with ..');
select throws_ok(pg_temp.upload_sql('survey_media', 'photo.jpg'),
  '42501', 'new row violates row-level security policy for table "objects"', 'anon names must be <ms>_<sanitised name>');

select is((select count(*) from storage.objects), 0::bigint, 'anon lists no object');
select is((select count(*) from storage.objects where name = '1700000000000_earlier.jpg'), 0::bigint,
  'anon cannot read an object by name');

select throws_ok(pg_temp.upload_sql('survey_media', '1700000000000_earlier.jpg'),
  '23505', null, 'anon cannot overwrite an existing object by uploading it again');
select throws_ok(pg_temp.upload_sql('survey_media', '1700000000000_earlier.jpg')
  || ' on conflict (bucket_id, name) do update set metadata = excluded.metadata',
  '42501', null, 'anon cannot overwrite an object with an upsert');

update storage.objects set name = '1700000000000_renamed.jpg', metadata = '{}' where bucket_id = 'survey_media';
-- Storage's own guard refuses a delete outside its API (supabase/storage 0055); the API sets
-- storage.allow_delete_query on every request, and then the policies alone decide.
select throws_ok($$ delete from storage.objects where bucket_id = 'survey_media' $$,
  '42501', 'Direct deletion from storage tables is not allowed. Use the Storage API instead.',
  'a delete outside the Storage API is refused');
set local storage.allow_delete_query = 'true';
select lives_ok($$ delete from storage.objects where bucket_id = 'survey_media' $$,
  'a delete through the Storage API runs (and the policies decide what it removes)');

reset role;

select is((select metadata->>'size' from storage.objects where name = '1700000000000_earlier.jpg'), '3',
  'anon''s update changed nothing');
select is((select count(*) from storage.objects where bucket_id = 'survey_media'), 2::bigint,
  'anon''s delete removed nothing');
select is((select count(*) from storage.objects where name = '1724140800000_my_photo.jpg'), 1::bigint,
  'the upload anon was allowed is stored');

set local role authenticated;
select throws_ok(pg_temp.upload_sql('survey_media', '1724140800000_y.jpg'),
  '42501', 'new row violates row-level security policy for table "objects"', 'authenticated cannot upload (no sign-in on this site)');
reset role;

select is((select count(*) from storage.buckets where public), 0::bigint, 'no bucket is public');

select * from finish();
rollback;
