-- Deletion requests (supabase/migrations/*_forgotten_responses.sql): the ids stepzero-ops
-- forget deleted are kept, with nothing personal; only the service role may record them, nobody
-- else may read or write them; and a forgotten id is refused for every role, with PT410 (HTTP
-- 410: a permanent refusal for the site's outbox).
begin;
create extension if not exists pgtap with schema extensions;
set local search_path = public, extensions;
select plan(26);

create function pg_temp.row_sql(row_id text) returns text language sql as $$
  select format($q$insert into public.survey_responses (id, question1_challenge, question2_source,
    question3_completed, question4a_discomfort, question5a_another, question6_consent,
    question8_gender, terms_consent, completion_time, user_agent, ip_address, survey_version,
    work_nonce) values (%L, 'Talk to a stranger', 'Instagram', 'Yes', 'Neutral', 'Yes', 'No',
    'Male', true, %L, 'pgtap-forget', 'client-side', '3.0', '0')$q$, row_id,
    date_trunc('milliseconds', now())::text)
$$;
-- Any work passes at difficulty 0: these tests are about the tombstones, not the work.
update stepzero_private.settings set work_difficulty = 0;

-- Shape: the id and when, nothing else.
select has_table('stepzero_private', 'forgotten_responses', 'the tombstones are kept');
select columns_are('stepzero_private', 'forgotten_responses', array['id', 'forgotten_at'],
  'a tombstone holds an id and a time, nothing personal');
select col_is_pk('stepzero_private', 'forgotten_responses', 'id', 'one tombstone per id');
select col_not_null('stepzero_private', 'forgotten_responses', 'forgotten_at', 'each has its time');
select throws_ok($$ insert into stepzero_private.forgotten_responses (id, forgotten_at)
                    values ('00000000-0000-4000-8000-0000000000f9', null) $$, '23502', null,
  'a tombstone without its time is refused');
select has_trigger('public', 'survey_responses', 'survey_responses_refuse_forgotten',
  'a trigger refuses forgotten ids');
select ok((select prosecdef from pg_proc where oid = 'public.forget_responses(uuid[])'::regprocedure),
  'recording is security definer (the service role cannot write the private schema)');
select is((select proconfig from pg_proc where oid = 'public.forget_responses(uuid[])'::regprocedure),
  array['search_path=""'], 'recording runs with an empty search_path');

-- Who may record, read or write.
select ok(has_function_privilege('service_role', 'public.forget_responses(uuid[])', 'EXECUTE'),
  'the service role (stepzero-ops forget) may record');
select ok(not has_function_privilege('anon', 'public.forget_responses(uuid[])', 'EXECUTE'),
  'anon may not record');
select ok(not has_function_privilege('authenticated', 'public.forget_responses(uuid[])', 'EXECUTE'),
  'authenticated may not record');
select ok(not has_table_privilege('anon', 'stepzero_private.forgotten_responses',
            'SELECT, INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER')
          and not has_any_column_privilege('anon', 'stepzero_private.forgotten_responses',
            'SELECT, INSERT, UPDATE, REFERENCES'),
  'anon has no privilege on the tombstones');
select ok(not has_table_privilege('authenticated', 'stepzero_private.forgotten_responses',
            'SELECT, INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER')
          and not has_any_column_privilege('authenticated', 'stepzero_private.forgotten_responses',
            'SELECT, INSERT, UPDATE, REFERENCES'),
  'authenticated has no privilege on the tombstones');
set local role anon;
select throws_ok($$ select public.forget_responses(array['00000000-0000-4000-8000-0000000000f1'::uuid]) $$,
  '42501', null, 'anon cannot record');
select throws_ok($$ select * from stepzero_private.forgotten_responses $$, '42501', null,
  'anon cannot read the tombstones');
select throws_ok($$ delete from stepzero_private.forgotten_responses $$, '42501', null,
  'anon cannot remove a tombstone');
reset role;
set local role authenticated;
select throws_ok($$ select public.forget_responses(array['00000000-0000-4000-8000-0000000000f1'::uuid]) $$,
  '42501', null, 'authenticated cannot record');
select throws_ok($$ delete from stepzero_private.forgotten_responses $$, '42501', null,
  'authenticated cannot remove a tombstone');
reset role;

-- A visitor's insert of an id nobody forgot is stored (the trigger reads the tombstones for anon).
set local role anon;
select lives_ok(pg_temp.row_sql('00000000-0000-4000-8000-0000000000f0'),
  'anon inserts a response nobody forgot');
reset role;

-- The service role records two ids (one twice): each once, with its time.
set local role service_role;
select is(public.forget_responses(array['00000000-0000-4000-8000-0000000000f1',
  '00000000-0000-4000-8000-0000000000f2', '00000000-0000-4000-8000-0000000000f1']::uuid[]), 2,
  'two ids recorded');
select is(public.forget_responses(array['00000000-0000-4000-8000-0000000000f1']::uuid[]), 0,
  'recording an id again is no error and adds nothing');
reset role;
select is((select count(*) from stepzero_private.forgotten_responses where forgotten_at is not null
            and id in ('00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-0000000000f2')),
  2::bigint, 'each recorded id has its time');

-- A forgotten id cannot come back: not from a visitor's outbox (anon), not from the import
-- (service role), not even as the owner.
set local role anon;
select throws_ok(pg_temp.row_sql('00000000-0000-4000-8000-0000000000f1'), 'PT410',
  'Response 00000000-0000-4000-8000-0000000000f1 was deleted at its respondent''s request',
  'anon: a forgotten response is refused for good (HTTP 410)');
reset role;
set local role service_role;
select throws_ok(pg_temp.row_sql('00000000-0000-4000-8000-0000000000f2'), 'PT410', null,
  'service role (the import): refused');
reset role;
select throws_ok(pg_temp.row_sql('00000000-0000-4000-8000-0000000000f1'), 'PT410', null,
  'owner: refused');
select is((select count(*) from public.survey_responses
            where id in ('00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-0000000000f2')),
  0::bigint, 'no forgotten response is stored');

select * from finish();
rollback;
