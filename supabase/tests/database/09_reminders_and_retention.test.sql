-- Reminders and retention (supabase/migrations/*_reminders_and_retention.sql): the operator's
-- settings; the claim (one due reminder at a time, never twice, the per-address period and the
-- daily cap) and its record; the erasure of addresses (after the reminder, and by pg_cron after
-- address_retention_days); the uploads clean-up's list. Only the service role may claim, finish
-- or list; the API roles can read or write none of the private tables.
begin;
create extension if not exists pgtap with schema extensions;
-- pgrowlocks: the row locks this session holds (the claim's FOR UPDATE), seen from the session itself.
create extension if not exists pgrowlocks with schema extensions;
set local search_path = public, extensions;
select plan(115);

-- A Not Yet response asking for a reminder to `email`, stored `age` ago (as the owner, who may
-- set created_at; any work passes at difficulty 0).
update stepzero_private.settings set work_difficulty = 0;
create function pg_temp.response(row_id text, email text, age interval) returns void language plpgsql as $$
begin
  insert into public.survey_responses (id, created_at, question1_challenge, question2_source,
    question3_completed, question4b_reason, question5b_reminder, question5b_email, question6_consent,
    question8_gender, terms_consent, completion_time, user_agent, ip_address, survey_version, work_nonce)
  values (row_id::uuid, now() - age, 'Talk to a stranger', 'Instagram', 'Not Yet', 'I''m too nervous',
    case when email is null then 'No' else 'Yes' end, email, 'No', 'Male', true,
    date_trunc('milliseconds', now()), 'pgtap-reminders', 'client-side', '3.0', '0');
end
$$;
create function pg_temp.email_of(row_id text) returns text language sql as $$
  select question5b_email from public.survey_responses where id = row_id::uuid
$$;

-- The settings: defaults, ranges, one place.
select col_not_null('stepzero_private', 'settings', c, c || ' is always set')
  from unnest(array['reminder_delay_days', 'reminder_address_period_days', 'reminder_daily_cap',
                    'address_retention_days', 'upload_retention_days', 'reminder_address_key']) c;
select col_default_is('stepzero_private', 'settings', 'reminder_delay_days', '7', 'a reminder is due 7 days after the row');
select col_default_is('stepzero_private', 'settings', 'reminder_address_period_days', '30', 'one per address in 30 days');
select col_default_is('stepzero_private', 'settings', 'reminder_daily_cap', '100', 'at most 100 in 24 hours');
select col_default_is('stepzero_private', 'settings', 'address_retention_days', '30', 'addresses kept 30 days at most');
select col_default_is('stepzero_private', 'settings', 'upload_retention_days', '45', 'unclaimed uploads kept 45 days');
select col_has_default('stepzero_private', 'settings', 'reminder_address_key', 'the hash key is made by the database');
select is(octet_length((select reminder_address_key from stepzero_private.settings)), 32, 'a 32-byte key');
select throws_ok($$ update stepzero_private.settings set reminder_delay_days = -1 $$, '23514', null, 'no negative delay');
select throws_ok($$ update stepzero_private.settings set reminder_address_period_days = 0 $$, '23514', null, 'a period of a day at least');
select throws_ok($$ update stepzero_private.settings set reminder_daily_cap = -1 $$, '23514', null, 'no negative cap');
select throws_ok($$ update stepzero_private.settings set address_retention_days = 366 $$, '23514', null, 'addresses never kept over a year');
select throws_ok($$ update stepzero_private.settings set upload_retention_days = 30 $$, '23514', null,
  'uploads never deleted before the outbox''s 30 days');
select throws_ok($$ update stepzero_private.settings set reminder_address_key = '\x01' $$, '23514', null, 'the key is 32 bytes');
-- A reminder is due before its address is erased, or none would ever go
-- (supabase/migrations/20251129000000_reminder_before_erasure.sql).
select throws_ok($$ update stepzero_private.settings set reminder_delay_days = 30 $$, '23514', null,
  'no delay as long as the address retention');
select throws_ok($$ update stepzero_private.settings set address_retention_days = 7 $$, '23514', null,
  'no address retention as short as the delay');
select lives_ok($$ update stepzero_private.settings set reminder_delay_days = 29 $$, 'a delay a day shorter is taken');
update stepzero_private.settings set reminder_delay_days = 7, address_retention_days = 30;

-- Shapes of the private tables: nothing personal.
select columns_are('stepzero_private', 'reminders', array['response_id', 'state', 'claimed_at', 'finished_at'],
  'a reminder''s record holds its response id, state and times');
select columns_are('stepzero_private', 'reminder_addresses', array['address_hash', 'until'],
  'the per-address period holds a keyed hash and its end, no address');
select col_is_pk('stepzero_private', 'reminders', 'response_id', 'one reminder per response');
select col_is_pk('stepzero_private', 'reminder_addresses', 'address_hash', 'one period per address');
select col_not_null('stepzero_private', 'reminders', 'state', 'a record has its state');
select col_not_null('stepzero_private', 'reminders', 'claimed_at', 'and its claim time');
select col_not_null('stepzero_private', 'reminder_addresses', 'until', 'a period has its end');
select pg_temp.response('00000000-0000-4000-8000-0000000000a0', 'shape@example.org', '1 day');
select throws_ok($$ insert into stepzero_private.reminders values ('00000000-0000-4000-8000-0000000000a0', 'claimed', null, null) $$,
  '23502', null, 'a claim without its time is refused');
select throws_ok($$ insert into stepzero_private.reminders values ('00000000-0000-4000-8000-0000000000a0', null, now(), now()) $$,
  '23502', null, 'a record without a state is refused');
select throws_ok($$ insert into stepzero_private.reminders values ('00000000-0000-4000-8000-0000000000a0', 'opened', now(), now()) $$,
  '23514', null, 'only the known states');
select throws_ok($$ insert into stepzero_private.reminders values ('00000000-0000-4000-8000-0000000000a0', 'sent', now(), null) $$,
  '23514', null, 'a finished reminder has its end time');
select throws_ok($$ insert into stepzero_private.reminders values ('00000000-0000-4000-8000-0000000000a9', 'claimed', now(), null) $$,
  '23503', null, 'a reminder belongs to a stored response');
select throws_ok($$ insert into stepzero_private.reminder_addresses values ('\x00', null) $$, '23502', null,
  'a period without its end is refused');
select lives_ok($$ insert into stepzero_private.reminders values ('00000000-0000-4000-8000-0000000000a0', 'claimed', now(), null) $$,
  'a claim is recorded');
select throws_ok($$ insert into stepzero_private.reminders values ('00000000-0000-4000-8000-0000000000a0', 'claimed', now(), null) $$,
  '23505', null, 'a response is claimed once');
delete from public.survey_responses where id = '00000000-0000-4000-8000-0000000000a0';
select is((select count(*) from stepzero_private.reminders where response_id = '00000000-0000-4000-8000-0000000000a0'),
  0::bigint, 'forgetting a response removes what was scheduled for it');

-- An erased address: 5b stays Yes, the address goes; both at once is refused.
select pg_temp.response('00000000-0000-4000-8000-0000000000a1', 'erase@example.org', '1 day');
select lives_ok($$ update public.survey_responses set question5b_email = null, address_erased_at = now()
                   where id = '00000000-0000-4000-8000-0000000000a1' $$, 'an address can be erased');
select throws_ok($$ update public.survey_responses set question5b_email = 'back@example.org'
                    where id = '00000000-0000-4000-8000-0000000000a1' $$, '23514', null,
  'an erased row holds no address');
select throws_ok($$ update public.survey_responses set address_erased_at = null
                    where id = '00000000-0000-4000-8000-0000000000a1' $$, '23514', null,
  '5b Yes still needs an address or its erasure');
select is((select attstattarget from pg_attribute where attrelid = 'public.survey_responses'::regclass
            and attname = 'question5b_email')::integer, 0, 'ANALYZE keeps no sample of the addresses');

-- Who may do what.
select ok(has_function_privilege('service_role', f, 'EXECUTE'), f || ': the service role may call it')
  from unnest(array['public.claim_reminders(integer)', 'public.finish_reminder(uuid, text)',
                    'public.expired_unclaimed_uploads()', 'public.forget_reminder_addresses(text[])']) f;
select ok(not has_function_privilege(r, f, 'EXECUTE'), f || ': ' || r || ' may not call it')
  from unnest(array['public.claim_reminders(integer)', 'public.finish_reminder(uuid, text)',
                    'public.expired_unclaimed_uploads()', 'stepzero_private.address_hash(text)',
                    'stepzero_private.erase_expired_addresses()', 'public.forget_reminder_addresses(text[])']) f,
       unnest(array['anon', 'authenticated']) r;
select ok((select prosecdef from pg_proc where oid = f::regprocedure), f || ' is security definer')
  from unnest(array['public.claim_reminders(integer)', 'public.finish_reminder(uuid, text)',
                    'public.expired_unclaimed_uploads()', 'stepzero_private.address_hash(text)',
                    'stepzero_private.erase_expired_addresses()', 'public.forget_reminder_addresses(text[])']) f;
select ok(not has_table_privilege(r, t, 'SELECT, INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER')
          and not has_any_column_privilege(r, t, 'SELECT, INSERT, UPDATE, REFERENCES'),
  r || ' has no privilege on ' || t)
  from unnest(array['stepzero_private.reminders', 'stepzero_private.reminder_addresses']) t,
       unnest(array['anon', 'authenticated']) r;
select ok(not has_column_privilege('anon', 'public.survey_responses', 'address_erased_at', 'INSERT'),
  'a visitor cannot send an erased address (the rule "an address when 5b is Yes" holds for inserts)');
set local role anon;
select throws_ok($$ select * from public.claim_reminders(1) $$, '42501', null, 'anon cannot claim');
reset role;

-- The claim: due (7 days old), not young, oldest first; recorded before it is answered.
select pg_temp.response('00000000-0000-4000-8000-0000000000b1', 'due@example.org', '8 days');
select pg_temp.response('00000000-0000-4000-8000-0000000000b2', 'young@example.org', '6 days');
select pg_temp.response('00000000-0000-4000-8000-0000000000b3', 'Due@Example.org', '9 days');
select pg_temp.response('00000000-0000-4000-8000-0000000000b4', 'other@example.org', '10 days');
set local role service_role;
select results_eq($$ select response_id::text, email from public.claim_reminders(1) $$,
  $$ values ('00000000-0000-4000-8000-0000000000b4', 'other@example.org') $$, 'the oldest due reminder is claimed');
reset role;
-- The two locks, as one session can see them (a second session's view is make test-ops's two runs).
select ok(exists (select 1 from pg_locks l
                   where l.locktype = 'advisory' and l.pid = pg_backend_pid() and l.granted
                     and l.classid = 'pg_class'::regclass::oid
                     and l.objid = 'stepzero_private.reminders'::regclass::oid and l.objsubid = 2),
  'the claim holds the one claim lock of the database to the end of its transaction');
select is((select l.modes::text from extensions.pgrowlocks('public.survey_responses') l
             join public.survey_responses r on r.ctid = l.locked_row
            where r.id = '00000000-0000-4000-8000-0000000000b4'),
  '{"For Update"}', 'and its row, against a concurrent forget (FOR UPDATE SKIP LOCKED)');
select is((select state from stepzero_private.reminders where response_id = '00000000-0000-4000-8000-0000000000b4'),
  'claimed', 'its claim is recorded');
set local role service_role;
select results_eq($$ select response_id::text, email from public.claim_reminders(5) $$,
  $$ values ('00000000-0000-4000-8000-0000000000b3', 'Due@Example.org') $$,
  'a claimed one is not claimed again; the same address (any case) gets one reminder; a young one waits');
reset role;
select is((select state from stepzero_private.reminders where response_id = '00000000-0000-4000-8000-0000000000b1'),
  'skipped', 'the second response with that address is skipped');
select is(pg_temp.email_of('00000000-0000-4000-8000-0000000000b1'), null, 'and its address erased at once');
select is(pg_temp.email_of('00000000-0000-4000-8000-0000000000b2'), 'young@example.org', 'the young one keeps its address');
select isnt((select address_hash from stepzero_private.reminder_addresses limit 1), convert_to('due@example.org', 'UTF8'),
  'the period keeps a hash, not the address');
select is((select until from stepzero_private.reminder_addresses
            where address_hash = stepzero_private.address_hash('due@example.org')),
  now() + interval '30 days', 'the period runs reminder_address_period_days from the claim');
-- Later in the period, another response with that address: none either.
select pg_temp.response('00000000-0000-4000-8000-0000000000b6', 'DUE@example.org', '8 days');
set local role service_role;
select is_empty($$ select * from public.claim_reminders(5) $$, 'an address in its period gets no second reminder');
reset role;
select is((select state from stepzero_private.reminders where response_id = '00000000-0000-4000-8000-0000000000b6'),
  'skipped', 'that response is skipped');
select is(pg_temp.email_of('00000000-0000-4000-8000-0000000000b6'), null, 'its address erased');

-- Finishing: sent erases the address; again is a no-op; retry gives the claim back.
set local role service_role;
select is(public.finish_reminder('00000000-0000-4000-8000-0000000000b3', 'sent'), true, 'the send is recorded');
select is(public.finish_reminder('00000000-0000-4000-8000-0000000000b3', 'sent'), false, 'once');
select is(public.finish_reminder('00000000-0000-4000-8000-0000000000b4', 'retry'), true, 'a retry gives the claim back');
select throws_ok($$ select public.finish_reminder('00000000-0000-4000-8000-0000000000b4', 'opened') $$, '22023', null,
  'only sent, failed or retry');
reset role;
select is(pg_temp.email_of('00000000-0000-4000-8000-0000000000b3'), null, 'after the send the address is erased');
select isnt((select address_erased_at from public.survey_responses where id = '00000000-0000-4000-8000-0000000000b3'),
  null, 'with its time');
select is((select count(*) from stepzero_private.reminders where response_id = '00000000-0000-4000-8000-0000000000b4'),
  0::bigint, 'the retried claim is gone');
set local role service_role;
select results_eq($$ select response_id::text from public.claim_reminders(1) $$,
  $$ values ('00000000-0000-4000-8000-0000000000b4') $$, 'and the next run claims it again (its period given back too)');
reset role;

-- The daily cap: 2 claims counted (b3 sent, b4 claimed; b1 and b6 skipped do not count); a cap
-- of 2 stops the next one.
update stepzero_private.settings set reminder_daily_cap = 2;
select pg_temp.response('00000000-0000-4000-8000-0000000000b5', 'capped@example.org', '8 days');
set local role service_role;
select is((select count(*) from public.claim_reminders(5)), 0::bigint, 'nothing over the daily cap');
reset role;
-- Any 24 hours: a claim 25 hours old no longer counts.
update stepzero_private.reminders set claimed_at = now() - interval '25 hours'
 where response_id = '00000000-0000-4000-8000-0000000000b3';
set local role service_role;
select results_eq($$ select response_id::text from public.claim_reminders(5) $$,
  $$ values ('00000000-0000-4000-8000-0000000000b5') $$, 'a claim older than 24 hours no longer counts');
reset role;
select pg_temp.response('00000000-0000-4000-8000-0000000000b7', 'refused@example.org', '8 days');
set local role service_role;
select is((select count(*) from public.claim_reminders(5)), 0::bigint, 'the cap again (b4 and b5 in the last 24 hours)');
reset role;
update stepzero_private.settings set reminder_daily_cap = 3;
set local role service_role;
select results_eq($$ select response_id::text from public.claim_reminders(5) $$,
  $$ values ('00000000-0000-4000-8000-0000000000b7') $$, 'a higher cap lets the next one go');
-- Refused for good by the email service: recorded as failed, the address erased.
select is(public.finish_reminder('00000000-0000-4000-8000-0000000000b7', 'failed'), true, 'a refusal is recorded');
reset role;
select is((select state from stepzero_private.reminders where response_id = '00000000-0000-4000-8000-0000000000b7'),
  'failed', 'as failed');
select is(pg_temp.email_of('00000000-0000-4000-8000-0000000000b7'), null, 'and its address is erased');

-- Retention: a claim left open for an hour is lost, never sent again, its address erased; an
-- address older than address_retention_days is erased, by the function pg_cron runs.
update stepzero_private.reminders set claimed_at = now() - interval '2 hours'
 where response_id = '00000000-0000-4000-8000-0000000000b4';
select pg_temp.response('00000000-0000-4000-8000-0000000000c1', 'old@example.org', '31 days');
select pg_temp.response('00000000-0000-4000-8000-0000000000c2', 'recent@example.org', '29 days');
insert into stepzero_private.reminder_addresses values
  ('\x01', now() - interval '1 second'), ('\x02', now() + interval '1 day');
select is(stepzero_private.erase_expired_addresses(), 2, 'two addresses erased');
select is(pg_temp.email_of('00000000-0000-4000-8000-0000000000b4'), null, 'the open claim''s address');
select is((select state from stepzero_private.reminders where response_id = '00000000-0000-4000-8000-0000000000b4'),
  'lost', 'marked lost: never sent again');
select is(pg_temp.email_of('00000000-0000-4000-8000-0000000000c1'), null, 'the address older than 30 days');
select is(pg_temp.email_of('00000000-0000-4000-8000-0000000000c2'), 'recent@example.org', 'a younger one stays');
select is(pg_temp.email_of('00000000-0000-4000-8000-0000000000b5'), 'capped@example.org',
  'a claim open for less than an hour keeps its address');
select is((select array_agg(address_hash order by address_hash) from stepzero_private.reminder_addresses
            where address_hash in ('\x01', '\x02')), array['\x02'::bytea],
  'a period that ended is forgotten, one still running kept');
update stepzero_private.settings set address_retention_days = 28;
select is(stepzero_private.erase_expired_addresses(), 1, 'a shorter address_retention_days erases sooner');
select is(pg_temp.email_of('00000000-0000-4000-8000-0000000000c2'), null, 'the 29-day-old address then');
-- Each claim erases first: an address past its retention is never claimed, cron or not.
update stepzero_private.settings set address_retention_days = 30, reminder_daily_cap = 100;
select pg_temp.response('00000000-0000-4000-8000-0000000000c3', 'stale@example.org', '31 days');
set local role service_role;
select is_empty($$ select * from public.claim_reminders(5) $$, 'an address past its retention is not claimed');
reset role;
select is(pg_temp.email_of('00000000-0000-4000-8000-0000000000c3'), null, 'but erased by the claim');
select is((select schedule || ' ' || command from cron.job where jobname = 'stepzero-erase-expired-addresses'),
  '17 * * * * select stepzero_private.erase_expired_addresses()', 'pg_cron runs it every hour; its command holds no address');

-- A deletion request drops the period of the visitor's address (stepzero-ops forget;
-- supabase/migrations/20251129000100_forget_reminder_addresses.sql), any case, and no other.
insert into stepzero_private.reminder_addresses
  values (stepzero_private.address_hash('gone@example.org'), now() + interval '20 days');
set local role service_role;
select is(public.forget_reminder_addresses(array['Gone@Example.org', null]), 1, 'the period of the address is deleted');
select is(public.forget_reminder_addresses(array['Gone@Example.org']), 0, 'once');
reset role;
select ok(exists (select 1 from stepzero_private.reminder_addresses where address_hash = '\x02'),
  'the other periods stay');

-- Uploads no row names, older than the retention: listed for the service role only.
insert into storage.buckets (id, name) values ('pgtap_other', 'pgtap_other');
insert into storage.objects (bucket_id, name, created_at) values
  ('survey_media', '1_old.jpg', now() - interval '46 days'),
  ('survey_media', '2_young.jpg', now() - interval '44 days'),
  ('survey_media', '3_named.jpg', now() - interval '46 days'),
  ('pgtap_other', '4_elsewhere.jpg', now() - interval '46 days');
update public.survey_responses set media_file_url = '3_named.jpg', media_file_name = 'named.jpg', question6_consent = 'Yes'
 where id = '00000000-0000-4000-8000-0000000000b2';
set local role service_role;
select results_eq($$ select n from public.expired_unclaimed_uploads() n
                     where n in ('1_old.jpg', '2_young.jpg', '3_named.jpg', '4_elsewhere.jpg') $$,
  $$ values ('1_old.jpg') $$, 'only an old upload no row names is listed, of the site''s bucket');
reset role;
update stepzero_private.settings set upload_retention_days = 47;
set local role service_role;
select is_empty($$ select n from public.expired_unclaimed_uploads() n where n = '1_old.jpg' $$,
  'a longer upload_retention_days keeps it');
reset role;

select * from finish();
rollback;
