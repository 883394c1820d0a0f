-- One response per request, and the proof of work each anonymous row must carry
-- (supabase/migrations/*_one_row_and_work.sql; the engine's side: core/src/work.rs).
begin;
create extension if not exists pgtap with schema extensions;
set local search_path = public, extensions;
select plan(27);

-- The first nonce from 0 whose hash has `difficulty` leading zero bits: the engine's solver,
-- in SQL (slow, so only for small difficulties).
create function pg_temp.solve(row_id uuid, completed timestamptz, difficulty integer) returns text
  language plpgsql as $$
declare n bigint := 0;
begin
  loop
    if left(('x' || encode(extensions.digest(format('stepzero-work:v1:%s:%s:%s', row_id,
         floor(extract(epoch from completed) * 1000)::bigint, n), 'sha256'), 'hex'))::bit(256)::text,
         difficulty) = repeat('0', difficulty) then
      return n::text;
    end if;
    n := n + 1;
  end loop;
end $$;

\ir work_rows.sql
set local stepzero_test.agent = 'pgtap-work';

-- Shape.
select has_column('public', 'survey_responses', 'work_nonce', 'survey_responses has work_nonce');
select has_trigger('public', 'survey_responses', 'survey_responses_one_row', 'the one-row trigger is there');
select has_trigger('public', 'survey_responses', 'survey_responses_require_work', 'the work trigger is there');
select is((select work_difficulty from stepzero_private.settings), 19,
  'the difficulty starts at the engine''s DEFAULT_DIFFICULTY (19; 18 until *_work_difficulty_19.sql, tested in 11)');
select policies_are('public', 'survey_responses', array['survey_responses_anon_insert'],
  'the work is checked by a trigger, not a second policy');

-- The shared vector (tests/vectors/work.json): the database agrees with the engine.
update stepzero_private.settings set work_difficulty = 16;
select lives_ok($$ select stepzero_private.check_work('0b9f1c1e-6a1d-4a53-9a43-2f0e5c7d8e11',
  to_timestamp(1763850000.123), '144006') $$, 'the engine''s vector is valid work at difficulty 16');
select throws_ok($$ select stepzero_private.check_work('6f1c2e7a-3b4d-4e5f-8a9b-0c1d2e3f4a5b',
  to_timestamp(1763850000.123), '144006') $$, 'PT428', 'Proof of work insufficient',
  'the same work for another id is refused');
select throws_ok($$ select stepzero_private.check_work('0b9f1c1e-6a1d-4a53-9a43-2f0e5c7d8e11',
  to_timestamp(1763850000.124), '144006') $$, 'PT428', 'Proof of work insufficient',
  'the same work for another completion time is refused');

-- The operator's settings are out of the API roles' reach.
set local role anon;
select throws_ok($$ select * from stepzero_private.settings $$, '42501', null,
  'anon cannot read the settings');
select throws_ok($$ update stepzero_private.settings set work_difficulty = 0 $$,
  '42501', null, 'anon cannot lower the difficulty');
reset role;
select throws_ok($$ update stepzero_private.settings set work_difficulty = 33 $$, '23514', null,
  'a difficulty above 32 is refused');
select throws_ok($$ insert into stepzero_private.settings (only_row) values (true) $$, '23505', null,
  'there is only one settings row');

-- Through anon, at a difficulty SQL can solve quickly.
update stepzero_private.settings set work_difficulty = 8;
select pg_temp.solve('00000000-0000-4000-8000-0000000000a1', date_trunc('milliseconds', now()), 8) as good \gset
select pg_temp.solve('00000000-0000-4000-8000-0000000000a2', date_trunc('milliseconds', now()), 8) as other \gset
select pg_temp.solve('00000000-0000-4000-8000-0000000000a3', date_trunc('milliseconds', now()), 8) as third \gset
select pg_temp.solve('00000000-0000-4000-8000-0000000000a4', date_trunc('milliseconds', now()), 8) as fourth \gset
select date_trunc('milliseconds', now())::text as at \gset
set local role anon;

select throws_ok(pg_temp.row_sql('00000000-0000-4000-8000-0000000000b1', :'at', null),
  'PT428', 'Proof of work missing', 'a row without work is refused');
select is(pg_temp.hint_of(pg_temp.row_sql('00000000-0000-4000-8000-0000000000b1', :'at', null)),
  'difficulty=8', 'the refusal tells the site the difficulty to solve for');
select throws_ok(pg_temp.row_sql('00000000-0000-4000-8000-0000000000a1', :'at', :'other'),
  'PT428', 'Proof of work insufficient', 'work done for another id is refused');
select throws_ok(pg_temp.row_sql('00000000-0000-4000-8000-0000000000a1', :'at', 'abc'),
  'PT428', 'Proof of work insufficient', 'a nonce that is not digits is refused');
select lives_ok(pg_temp.row_sql('00000000-0000-4000-8000-0000000000a1', :'at', :'good'),
  'a row with its own work is stored');
select throws_ok(pg_temp.row_sql('00000000-0000-4000-8000-0000000000a1', :'at', :'good'),
  '23505', null, 'the same row again is a duplicate, not a second row');

-- One response per request.
select throws_ok(format('insert into public.survey_responses (id, question1_challenge, question2_source,
    question3_completed, question4a_discomfort, question5a_another, question6_consent,
    question8_gender, terms_consent, completion_time, ip_address, survey_version, work_nonce)
  values (%L, ''a'', ''b'', ''Yes'', ''Neutral'', ''Yes'', ''No'', ''Male'', true, %L, ''client-side'', ''3.0'', %L),
         (%L, ''a'', ''b'', ''Yes'', ''Neutral'', ''Yes'', ''No'', ''Male'', true, %L, ''client-side'', ''3.0'', %L)',
  '00000000-0000-4000-8000-0000000000a3', :'at', :'third', '00000000-0000-4000-8000-0000000000a4', :'at', :'fourth'),
  'PT400', 'One response per request: this request inserts 2 rows',
  'two rows with valid work in one statement are refused');
reset role;

-- The operator raises the difficulty: work solved at the old one no longer passes.
update stepzero_private.settings set work_difficulty = 32;
set local role anon;
select is(pg_temp.hint_of(pg_temp.row_sql('00000000-0000-4000-8000-0000000000a3', :'at', :'third')),
  'difficulty=32', 'after the operator raises it, the refusal asks for the new difficulty');
reset role;

-- The operator (owner, service role) imports emailed responses without work, several at once.
select lives_ok($$ insert into public.survey_responses (question1_challenge, question2_source,
    question3_completed, question4a_discomfort, question5a_another, question6_consent,
    question8_gender, terms_consent, completion_time, ip_address, survey_version)
  select 'imported', 'email', 'Yes', 'Neutral', 'Yes', 'No', 'Male', true, now(), 'client-side', '3.0'
    from generate_series(1, 2) $$, 'the owner may insert several rows without work');
set local role service_role;
select lives_ok($$ insert into public.survey_responses (question1_challenge, question2_source,
    question3_completed, question4a_discomfort, question5a_another, question6_consent,
    question8_gender, terms_consent, completion_time, ip_address, survey_version)
  values ('imported', 'email', 'Yes', 'Neutral', 'Yes', 'No', 'Male', true, now(), 'client-side', '3.0') $$,
  'the service role may insert without work');
reset role;

select throws_ok($$ insert into public.survey_responses (question1_challenge, question2_source,
    question3_completed, question4a_discomfort, question5a_another, question6_consent,
    question8_gender, terms_consent, completion_time, ip_address, survey_version, work_nonce)
  values ('x', 'y', 'Yes', 'Neutral', 'Yes', 'No', 'Male', true, now(), 'client-side', '3.0', '12a') $$,
  '23514', null, 'a nonce that is not 1 to 20 digits is refused by its CHECK');

select is((select count(*) from public.survey_responses where user_agent = 'pgtap-work'), 1::bigint,
  'exactly the one valid anon row was stored');
select is((select work_nonce from public.survey_responses where id = '00000000-0000-4000-8000-0000000000a1'),
  :'good', 'its work was stored with it');
select is((select count(*) from public.survey_responses where id in
  ('00000000-0000-4000-8000-0000000000a3', '00000000-0000-4000-8000-0000000000a4')), 0::bigint,
  'nothing of the refused two-row statement was stored');
select is((select count(*) from public.survey_responses where question1_challenge = 'imported'), 3::bigint,
  'the operator''s imports were stored');

select * from finish();
rollback;
