-- The budget for uploads no row names yet (supabase/migrations/*_unclaimed_upload_budget.sql):
-- per window, what anon may upload to survey_media minus what rows have claimed stays within
-- the operator's unclaimed_upload_mb; and what the API roles may touch of it (nothing).
-- Each check below is Storage's permission check as hosted Supabase makes it for an upload: an
-- insert as anon with metadata {mimetype, contentLength}, then rolled back (before the bytes
-- arrive); the stored row is then written without a policy (here by the owner).
begin;
create extension if not exists pgtap with schema extensions;
set local search_path = public, extensions;
select plan(59);

-- The ledger is a sequence, which no rollback undoes: start from an empty one whatever ran
-- before (and leave an empty one at the end).
do $$ begin perform setval('stepzero_private.unclaimed_upload_ledger', 0, false); end $$;

-- Storage's check of an upload to survey_media: 'allowed' or 'refused' (the insert is rolled
-- back either way, as storage-api's testPermission does).
create function pg_temp.check_upload(name text, metadata jsonb) returns text language plpgsql as $$
begin
  insert into storage.objects (bucket_id, name, metadata, version) values ('survey_media', name, metadata, '1');
  raise sqlstate 'SZ001';
exception
  when sqlstate 'SZ001' then return 'allowed';
  when insufficient_privilege then return 'refused';
end $$;
-- The same for a request declaring `declared` bytes (Content-Length).
create function pg_temp.check(declared bigint, name text default '1724140800000_photo.jpg') returns text
  language sql as $$
  select pg_temp.check_upload(name, jsonb_build_object('mimetype', 'image/jpeg', 'contentLength', declared))
$$;
-- What Storage writes once the bytes are stored: the object's row with its real size.
create function pg_temp.store(name text, size bigint, created timestamptz default now(),
                              bucket text default 'survey_media') returns void language sql as $$
  insert into storage.objects (bucket_id, name, metadata, created_at)
  values (bucket, name, jsonb_build_object('size', size, 'mimetype', 'image/jpeg', 'contentLength', size), created)
$$;
-- A response whose media_file_url names `name` (the owner inserts it: the claim is the same).
create function pg_temp.claim(name text) returns void language sql as $$
  insert into public.survey_responses (question1_challenge, question2_source, question3_completed,
    question4a_discomfort, question5a_another, question6_consent, question8_gender, terms_consent,
    completion_time, ip_address, survey_version, media_file_url, media_file_name)
  values ('Talk to a stranger', 'Instagram', 'Yes', 'Neutral', 'Yes', 'Yes', 'Male', true,
    now(), 'client-side', '3.0', name, 'photo.jpg')
$$;

-- Shape: the operator's settings, and a ledger and a check the API roles cannot reach.
select col_default_is('stepzero_private', 'settings', 'unclaimed_upload_mb', '100',
  'the budget defaults to 100 MB of unclaimed uploads');
select col_default_is('stepzero_private', 'settings', 'unclaimed_upload_window_seconds', '3600',
  'per hour');
select is((select unclaimed_upload_mb from stepzero_private.settings), 100, 'the settings row has the default budget');
select is((select unclaimed_upload_window_seconds from stepzero_private.settings), 3600, 'and the default window');
select ok((select prosecdef from pg_proc where oid = 'stepzero_private.charge_unclaimed_upload(jsonb)'::regprocedure),
  'the check is security definer (anon cannot read storage.objects, the ledger or the settings)');
select ok(has_function_privilege('anon', 'stepzero_private.charge_unclaimed_upload(jsonb)', 'EXECUTE'),
  'anon may run the check (its insert policy calls it)');
select ok(not has_function_privilege('authenticated', 'stepzero_private.charge_unclaimed_upload(jsonb)', 'EXECUTE'),
  'authenticated may not run it');
select ok(not has_table_privilege('anon', 'stepzero_private.settings', 'SELECT, INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER')
          and not has_any_column_privilege('anon', 'stepzero_private.settings', 'SELECT, INSERT, UPDATE, REFERENCES'),
  'anon holds no privilege on the settings');
select ok(not has_table_privilege('authenticated', 'stepzero_private.settings', 'SELECT, INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER')
          and not has_any_column_privilege('authenticated', 'stepzero_private.settings', 'SELECT, INSERT, UPDATE, REFERENCES'),
  'authenticated holds no privilege on the settings');
select ok(not has_sequence_privilege('anon', 'stepzero_private.unclaimed_upload_ledger', 'USAGE, SELECT, UPDATE'),
  'anon holds no privilege on the ledger');
select ok(not has_sequence_privilege('authenticated', 'stepzero_private.unclaimed_upload_ledger', 'USAGE, SELECT, UPDATE'),
  'authenticated holds no privilege on the ledger');
-- The settings are one row, with every setting set (null would be no rule at all).
select col_default_is('stepzero_private', 'settings', 'only_row', 'true', 'the settings row is the only row');
select throws_ok($$ update stepzero_private.settings set only_row = false $$, '23514', null,
  'and stays the only one');
select col_default_is('stepzero_private', 'settings', 'work_difficulty', '19',
  'the difficulty defaults to the engine''s (its own tests: 05)');
select throws_ok($$ update stepzero_private.settings set work_difficulty = null $$, '23502', null,
  'the difficulty cannot be unset');
select throws_ok($$ update stepzero_private.settings set unclaimed_upload_mb = null $$, '23502', null,
  'the budget cannot be unset');
select throws_ok($$ update stepzero_private.settings set unclaimed_upload_window_seconds = null $$, '23502', null,
  'the window cannot be unset');
select throws_ok($$ update stepzero_private.settings set unclaimed_upload_mb = -1 $$, '23514', null,
  'a negative budget is refused');
select throws_ok($$ update stepzero_private.settings set unclaimed_upload_mb = 1000001 $$, '23514', null,
  'a budget over 1,000,000 MB is refused');
select throws_ok($$ update stepzero_private.settings set unclaimed_upload_window_seconds = 0 $$, '23514', null,
  'a window shorter than a second is refused');
select throws_ok($$ update stepzero_private.settings set unclaimed_upload_window_seconds = 86401 $$, '23514', null,
  'a window longer than a day is refused');

set local role anon;
select throws_ok($$ select unclaimed_upload_mb from stepzero_private.settings $$, '42501', null,
  'anon cannot read the budget');
select throws_ok($$ update stepzero_private.settings set unclaimed_upload_mb = 1000000 $$, '42501', null,
  'anon cannot raise the budget');
select throws_ok($$ update stepzero_private.settings set unclaimed_upload_window_seconds = 1 $$, '42501', null,
  'anon cannot shorten the window');
select throws_ok($$ select last_value from stepzero_private.unclaimed_upload_ledger $$, '42501', null,
  'anon cannot read the ledger');
select throws_ok($$ select setval('stepzero_private.unclaimed_upload_ledger', 0, false) $$, '42501', null,
  'anon cannot empty the ledger');
reset role;
set local role authenticated;
select throws_ok($$ update stepzero_private.settings set unclaimed_upload_mb = 1000000 $$, '42501', null,
  'authenticated cannot raise the budget');
select throws_ok($$ select setval('stepzero_private.unclaimed_upload_ledger', 0, false) $$, '42501', null,
  'authenticated cannot empty the ledger');
reset role;

-- From here the operator's budget is 1 MB (1,048,576 bytes), and every check is an upload
-- request's (Storage sets storage.operation for it).
update stepzero_private.settings set unclaimed_upload_mb = 1;
set local storage.operation = 'storage.object.upload';
set local role anon;

-- What is refused costs nothing: a request that declares no length (chunked: Storage then
-- enforces no size at all), or a length that is not a count of bytes, or more than the whole
-- budget, or another route, or a name the engine does not make.
select is(pg_temp.check_upload('1724140800000_photo.jpg', '{"mimetype": "image/jpeg"}'), 'refused',
  'an upload that declares no length is refused');
select is(pg_temp.check_upload('1724140800000_photo.jpg', '{"mimetype": "image/jpeg", "contentLength": -1048576}'), 'refused',
  'a negative length is refused');
select is(pg_temp.check_upload('1724140800000_photo.jpg', '{"mimetype": "image/jpeg", "contentLength": "5"}'), 'refused',
  'a length that is not a number is refused');
select is(pg_temp.check(1048577), 'refused', 'an upload larger than the whole budget is refused');
select is(pg_temp.check(1, 'photo.jpg'), 'refused', 'a name the engine does not make is refused');
set local storage.operation = 'storage.object.sign_upload_url';
select is(pg_temp.check(1), 'refused',
  'a signed upload URL is refused (its bytes would come later through the service role)');
set local storage.operation = 'storage.tus.upload.create';
select is(pg_temp.check(1), 'refused', 'a resumable (TUS) upload is refused');
set local storage.operation = 'storage.object.upload_update';
select is(pg_temp.check(1), 'refused', 'an update (PUT) is refused');
set local storage.operation = '';
select is(pg_temp.check(1), 'refused', 'an insert outside any Storage route is refused');
set local storage.operation = 'storage.object.upload';
reset role;
set local role authenticated;
select is(pg_temp.check(1), 'refused', 'authenticated cannot upload (no sign-in on this site)');
reset role;
set local role anon;
select is(pg_temp.check(1048576), 'allowed', 'none of those was charged: the whole budget is still there');
select is(pg_temp.check(1), 'refused', 'and now it is spent');

-- A new window starts empty (here the operator changes its length; the hour passing does the same).
reset role;
update stepzero_private.settings set unclaimed_upload_window_seconds = 7;
set local role anon;
select is(pg_temp.check(614400), 'allowed', 'in a new window 600 KB is allowed');
select is(pg_temp.check(614400), 'refused',
  'a second 600 KB is refused although nothing is stored yet (the first is still streaming)');
select is(pg_temp.check(434176), 'allowed', 'what is left (434,176 bytes) is allowed, to the byte');
select is(pg_temp.check(1), 'refused', 'one byte more is refused');

-- Claims give the bytes back; the budget counts what no row names.
reset role;
update stepzero_private.settings set unclaimed_upload_window_seconds = 3600;
select pg_temp.store('1724140800000_a.jpg', 614400);
select pg_temp.store('1724140800000_b.jpg', 434176);
set local role anon;
select is(pg_temp.check(1048576), 'allowed',
  'back to the hour, a new window again: an object no row names counts in the window its upload was checked in, not again');
select is(pg_temp.check(1), 'refused', 'the hour''s budget is spent');
reset role;
select pg_temp.claim('1724140800000_a.jpg');
set local role anon;
select is(pg_temp.check(614400), 'allowed', 'a row naming an object of this window gives its bytes back');
select is(pg_temp.check(1), 'refused', 'exactly its bytes');
reset role;
select pg_temp.claim('1724140800000_a.jpg');
set local role anon;
select is(pg_temp.check(1), 'refused', 'a second row naming the same object gives nothing more');
reset role;
select pg_temp.store('1724140700000_old.jpg', 500000, now() - interval '2 hours');
select pg_temp.claim('1724140700000_old.jpg');
insert into storage.buckets (id, name) values ('elsewhere', 'elsewhere');
select pg_temp.store('1724140800000_c.jpg', 500000, now(), 'elsewhere');
select pg_temp.claim('1724140800000_c.jpg');
select pg_temp.store('1724140800000_d.jpg', 500000);
set local role anon;
select is(pg_temp.check(1), 'refused',
  'an object of an earlier window, one in another bucket, or one no row names, gives nothing back');
reset role;
select pg_temp.claim('1724140800000_b.jpg');
select pg_temp.claim('1724140800000_d.jpg');
set local role anon;
select is(pg_temp.check(934176), 'allowed', 'claiming the others gives back their bytes (434,176 + 500,000)');
select is(pg_temp.check(1), 'refused', 'and no more');
reset role;

-- The operator's switch: a budget of 0 refuses every upload anon makes; raising it lets them
-- in at once (a new window again, so that what was spent above does not hide the switch).
update stepzero_private.settings set unclaimed_upload_mb = 0, unclaimed_upload_window_seconds = 11;
set local role anon;
select is(pg_temp.check(1), 'refused', 'a budget of 0 refuses every upload');
reset role;
update stepzero_private.settings set unclaimed_upload_mb = 3;
set local role anon;
select is(pg_temp.check(1048576), 'allowed', 'raising it takes effect on the next upload');
reset role;

-- The checks stored nothing: Storage writes the row itself once the bytes are in.
select is((select count(*) from storage.objects where version = '1'), 0::bigint, 'no check left a row behind');

-- Concurrent checks take their turn: the ledger is read and written under a lock that is held
-- until the check's transaction ends, so no check reads a count another is about to change.
select ok(stepzero_private.charge_unclaimed_upload('{"contentLength": 0}'), 'a check of 0 bytes fits');
select is((select count(*) from pg_locks where locktype = 'advisory' and pid = pg_backend_pid()
            and classid = 'pg_class'::regclass::oid
            and objid = 'stepzero_private.unclaimed_upload_ledger'::regclass::oid and objsubid = 2), 1::bigint,
  'and holds the ledger''s lock after it returned (until the transaction ends)');

-- The owner and the service role upload without a budget (the operator's own files).
update stepzero_private.settings set unclaimed_upload_mb = 0;
select lives_ok($$ insert into storage.objects (bucket_id, name, metadata) values ('survey_media', '1724140800000_op.pdf', '{"size": 9}') $$,
  'the owner writes objects whatever the budget');
set local role service_role;
select lives_ok($$ insert into storage.objects (bucket_id, name, metadata) values ('survey_media', '1724140800000_sr.pdf', '{"size": 9}') $$,
  'so does the service role (Storage writes the stored row as it)');
reset role;

do $$ begin perform setval('stepzero_private.unclaimed_upload_ledger', 0, false); end $$;
select * from finish();
rollback;
