-- Who may do what to survey_responses: anon inserts the listed columns, nothing else;
-- RLS is on everywhere in public; the insert policy does not depend on the device's clock.
begin;
create extension if not exists pgtap with schema extensions;
set local search_path = public, extensions;
select plan(29);

-- The insertable columns (everything but created_at).
create function pg_temp.insert_columns() returns setof text language sql as $$
  values ('id'), ('question1_challenge'), ('question2_source'), ('question3_completed'),
    ('question4a_discomfort'), ('question4b_reason'), ('question4b_other'),
    ('question5a_another'), ('question5b_reminder'), ('question5b_email'),
    ('question6_consent'), ('question7_age'), ('question8_gender'), ('terms_consent'),
    ('completion_time'), ('user_agent'), ('ip_address'), ('survey_version'),
    ('media_file_url'), ('media_file_name'), ('work_nonce')
$$;

-- Every privilege `who` holds on anything in schema public, as (object, privilege).
create function pg_temp.privileges(who text) returns table (object text, privilege text) language sql as $$
  select c.relname::text, p
    from pg_class c
    cross join unnest(array['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER']) p
   where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm', 'f')
     and (case when p in ('SELECT', 'INSERT', 'UPDATE', 'REFERENCES')
               then has_any_column_privilege(who, c.oid, p) else has_table_privilege(who, c.oid, p) end)
  union all
  select c.relname || '.' || a.attname, p
    from pg_class c
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    cross join unnest(array['SELECT', 'INSERT', 'UPDATE', 'REFERENCES']) p
   where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm', 'f')
     and has_column_privilege(who, c.oid, a.attnum, p)
  union all
  select c.relname::text, p
    from pg_class c cross join unnest(array['USAGE', 'SELECT', 'UPDATE']) p
   where c.relnamespace = 'public'::regnamespace and c.relkind = 'S'
     and has_sequence_privilege(who, c.oid, p)
  union all
  select f.oid::regprocedure::text, 'EXECUTE'
    from pg_proc f
   where f.pronamespace = 'public'::regnamespace and has_function_privilege(who, f.oid, 'EXECUTE')
$$;

-- Shape.
select columns_are('public', 'survey_responses', array(select pg_temp.insert_columns()) || array['created_at', 'address_erased_at'],
  'survey_responses has the columns of spec section 3, id, created_at and address_erased_at (when its address was erased)');
select col_default_is('public', 'survey_responses', 'created_at', 'now()', 'created_at defaults to now()');

-- Privileges equal the allowlist.
select set_eq(
  $$ select * from pg_temp.privileges('anon') $$,
  $$ select 'survey_responses' as object, 'INSERT' as privilege
     union all select 'survey_responses.' || c, 'INSERT' from pg_temp.insert_columns() c $$,
  'anon holds INSERT on the listed columns of survey_responses and nothing else in public');
select is_empty($$ select * from pg_temp.privileges('authenticated') $$, 'authenticated holds nothing in public');
select ok(not has_schema_privilege('anon', 'public', 'CREATE'), 'anon cannot create objects in public');

-- RLS and the policy.
select is_empty(
  $$ select c.relname from pg_class c
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relrowsecurity $$,
  'row-level security is on for every table in public');
select ok((select relrowsecurity from pg_class where oid = 'public.survey_responses'::regclass),
  'row-level security is on for survey_responses');
select policies_are('public', 'survey_responses', array['survey_responses_anon_insert'],
  'survey_responses has only the anon insert policy');
select policy_cmd_is('public', 'survey_responses', 'survey_responses_anon_insert', 'insert',
  'the policy is for INSERT');
select policy_roles_are('public', 'survey_responses', 'survey_responses_anon_insert', array['anon'],
  'the policy is for anon');
select ok((select coalesce(with_check, '') not like '%completion_time%'
             from pg_policies where tablename = 'survey_responses' and policyname = 'survey_responses_anon_insert'),
  'the policy does not judge the device clock (completion_time)');

-- What anon can and cannot do (the calls a visitor's browser could make).
-- The proof of work has its own tests (05); here difficulty 0 lets any nonce pass, so each
-- rule is seen alone.
update stepzero_private.settings set work_difficulty = 0;
set local role anon;

select lives_ok($$
  insert into public.survey_responses (id, question1_challenge, question2_source, question3_completed,
    question4a_discomfort, question5a_another, question6_consent, question7_age, question8_gender,
    terms_consent, completion_time, user_agent, ip_address, survey_version, work_nonce)
  values ('00000000-0000-4000-8000-000000000001', 'Talk to a stranger', 'Instagram', 'Yes',
    'Uncomfortable', 'Yes', 'No', 30, 'Male', true, now(), 'pgtap-anon', 'client-side', '3.0', '0')
$$, 'anon inserts a valid response (the plain insert the site makes)');

select throws_ok($$
  insert into public.survey_responses (id, question1_challenge, question2_source, question3_completed,
    question4a_discomfort, question5a_another, question6_consent, question8_gender,
    terms_consent, completion_time, ip_address, survey_version, work_nonce)
  values ('00000000-0000-4000-8000-000000000001', 'Again', 'Instagram', 'Yes', 'Neutral', 'No', 'No',
    'Male', true, now(), 'client-side', '3.0', '0')
$$, '23505', 'duplicate key value violates unique constraint "survey_responses_pkey"',
  'a retry with the same id is refused, not duplicated');

select throws_ok($$
  insert into public.survey_responses (question1_challenge, question2_source, question3_completed,
    question4a_discomfort, question5a_another, question6_consent, question8_gender,
    terms_consent, completion_time, ip_address, survey_version, work_nonce)
  values ('x', 'y', 'Yes', 'Neutral', 'No', 'No', 'Male', true, now(), 'client-side', '3.0', '0')
  returning id
$$, '42501', 'permission denied for table survey_responses', 'anon cannot insert ... returning');

select throws_ok($$ select * from public.survey_responses $$,
  '42501', 'permission denied for table survey_responses', 'anon cannot select');
select throws_ok($$ select count(*) from public.survey_responses $$,
  '42501', 'permission denied for table survey_responses', 'anon cannot count');
select throws_ok($$ update public.survey_responses set question7_age = 99 $$,
  '42501', 'permission denied for table survey_responses', 'anon cannot update');
select throws_ok($$ delete from public.survey_responses $$,
  '42501', 'permission denied for table survey_responses', 'anon cannot delete');
select throws_ok($$ truncate public.survey_responses $$,
  '42501', 'permission denied for table survey_responses', 'anon cannot truncate');

select throws_ok($$
  insert into public.survey_responses (question1_challenge, question2_source, question3_completed,
    question4a_discomfort, question5a_another, question6_consent, question8_gender,
    terms_consent, completion_time, ip_address, survey_version, created_at)
  values ('x', 'y', 'Yes', 'Neutral', 'No', 'No', 'Male', true, now(), 'client-side', '3.0', '2020-01-01')
$$, '42501', 'permission denied for table survey_responses', 'anon cannot set created_at');

select lives_ok($$
  insert into public.survey_responses (question1_challenge, question2_source, question3_completed,
    question4a_discomfort, question5a_another, question6_consent, question8_gender,
    terms_consent, completion_time, ip_address, survey_version, user_agent, work_nonce)
  values ('x', 'y', 'Yes', 'Neutral', 'No', 'No', 'Male', true, now() - interval '40 days', 'client-side', '3.0', 'clock-slow', '0')
$$, 'a device clock forty days slow is stored, keeping its completion time');

select lives_ok($$
  insert into public.survey_responses (question1_challenge, question2_source, question3_completed,
    question4a_discomfort, question5a_another, question6_consent, question8_gender,
    terms_consent, completion_time, ip_address, survey_version, work_nonce)
  values ('x', 'y', 'Yes', 'Neutral', 'No', 'No', 'Male', true, now() - interval '29 days', 'client-side', '3.0', '0')
$$, 'an outbox retry 29 days later keeps its completion time and is stored');

select lives_ok($$
  insert into public.survey_responses (question1_challenge, question2_source, question3_completed,
    question4a_discomfort, question5a_another, question6_consent, question8_gender,
    terms_consent, completion_time, ip_address, survey_version, user_agent, work_nonce)
  values ('x', 'y', 'Yes', 'Neutral', 'No', 'No', 'Male', true, now() + interval '2 days', 'client-side', '3.0', 'clock-fast', '0')
$$, 'a device clock two days fast is stored');

select throws_ok($$
  insert into public.survey_responses (question1_challenge, question2_source, question3_completed,
    question4a_discomfort, question5a_another, question6_consent, question8_gender,
    terms_consent, completion_time, ip_address, survey_version, work_nonce)
  values ('x', 'y', 'Yes', 'Neutral', 'No', 'No', 'Male', false, now(), 'client-side', '3.0', '0')
$$, '23514', null, 'the CHECKs apply to anon too (consent false)');

reset role;
set local role authenticated;
select throws_ok($$
  insert into public.survey_responses (question1_challenge, question2_source, question3_completed,
    question4a_discomfort, question5a_another, question6_consent, question8_gender,
    terms_consent, completion_time, ip_address, survey_version, work_nonce)
  values ('x', 'y', 'Yes', 'Neutral', 'No', 'No', 'Male', true, now(), 'client-side', '3.0', '0')
$$, '42501', 'permission denied for table survey_responses', 'authenticated cannot insert (the site uses no sign-in)');
reset role;

select is((select count(*) from public.survey_responses where user_agent = 'pgtap-anon'), 1::bigint,
  'exactly the one valid anon row was stored');
select is((select question7_age from public.survey_responses where id = '00000000-0000-4000-8000-000000000001'), 30,
  'its values were stored as sent');
select ok((select created_at > now() - interval '1 minute' from public.survey_responses
            where id = '00000000-0000-4000-8000-000000000001'), 'created_at was set by the server');
select ok((select bool_and(created_at > now() - interval '1 minute') from public.survey_responses
            where user_agent in ('clock-slow', 'clock-fast')), 'a wrong device clock still gets the server''s receipt time');

select * from finish();
rollback;
