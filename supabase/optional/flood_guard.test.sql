-- The optional flood guard (flood_guard.sql, next to this file): applied here inside the test's
-- transaction, so the deployed schema is untouched. It lives here, not in supabase/tests, because
-- `supabase test db` mounts only supabase/tests into its pg_prove container: the guard's own file
-- would not be there. `make test-sql` runs it with the others.
begin;
create extension if not exists pgtap with schema extensions;
set local search_path = public, extensions;
select plan(7);

\ir flood_guard.sql

select ok(
  exists (select 1 from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
           where r.rolname = 'authenticator'
             and 'pgrst.db_pre_request=public.survey_flood_guard' = any (s.setconfig)),
  'PostgREST is told to call the guard before each request');

set local stepzero.max_inserts_per_minute = '2';
set local request.method = 'POST';
set local request.path = '/survey_responses';

create function pg_temp.add_response() returns void language sql as $$
  insert into public.survey_responses (question1_challenge, question2_source, question3_completed,
    question4a_discomfort, question5a_another, question6_consent, question8_gender,
    terms_consent, completion_time, ip_address, survey_version)
  values ('x', 'y', 'Yes', 'Neutral', 'No', 'No', 'Male', true, now(), 'client-side', '3.0')
$$;

set local role anon;
select lives_ok('select public.survey_flood_guard()', 'an empty minute lets a response in');
reset role;
select pg_temp.add_response();
select pg_temp.add_response();

set local role anon;
select throws_ok('select public.survey_flood_guard()', 'PT429',
  'Too many responses right now; please try again in a minute',
  'the third response in a minute with a limit of 2 is refused with 429');

set local request.method = 'GET';
select lives_ok('select public.survey_flood_guard()', 'other methods pass');
set local request.method = 'POST';
set local request.path = '/other';
select lives_ok('select public.survey_flood_guard()', 'other paths pass');
reset role;

set local stepzero.max_inserts_per_minute = '3';
set local request.path = '/survey_responses';
select lives_ok('select public.survey_flood_guard()', 'raising the limit lets responses in again');

select ok(
  not exists (select 1 from information_schema.columns
               where table_schema = 'public' and column_name ~* '(ip|fingerprint|client)'
                 and table_name <> 'survey_responses'),
  'the guard keeps no per-visitor data');

select * from finish();
rollback;
