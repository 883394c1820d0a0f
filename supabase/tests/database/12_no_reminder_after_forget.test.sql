-- No reminder for a response its respondent asked to delete
-- (supabase/migrations/*_no_reminder_after_forget.sql): once `stepzero-ops forget` has recorded
-- its id, a claim passes over the row still there, and writes no period for its address.
begin;
create extension if not exists pgtap with schema extensions;
set local search_path = public, extensions;
select plan(4);

update stepzero_private.settings set work_difficulty = 0;
create function pg_temp.response(row_id text, email text) returns void language plpgsql as $$
begin
  insert into public.survey_responses (id, created_at, question1_challenge, question2_source,
    question3_completed, question4b_reason, question5b_reminder, question5b_email, question6_consent,
    question8_gender, terms_consent, completion_time, user_agent, ip_address, survey_version, work_nonce)
  values (row_id::uuid, now() - interval '8 days', 'Talk to a stranger', 'Instagram', 'Not Yet', 'I''m too nervous',
    'Yes', email, 'No', 'Male', true, date_trunc('milliseconds', now()), 'pgtap-forget-remind', 'client-side', '3.0', '0');
end
$$;

select pg_temp.response('00000000-0000-4000-8000-0000000000f1', 'forget-me@example.org');
select pg_temp.response('00000000-0000-4000-8000-0000000000f2', 'keep-me@example.org');
set local role service_role;
-- forget's first step; its deletes have not run yet.
select is(public.forget_responses(array['00000000-0000-4000-8000-0000000000f1'::uuid]), 1, 'the id is recorded as forgotten');
select results_eq($$ select response_id::text, email from public.claim_reminders(5) $$,
  $$ values ('00000000-0000-4000-8000-0000000000f2', 'keep-me@example.org') $$,
  'a claim passes over the forgotten row still there, and takes the others');
reset role;
select is_empty($$ select 1 from stepzero_private.reminders where response_id = '00000000-0000-4000-8000-0000000000f1' $$,
  'no claim is recorded for it');
select is_empty($$ select 1 from stepzero_private.reminder_addresses
                    where address_hash = stepzero_private.address_hash('forget-me@example.org') $$,
  'and no period is written for its address');

select * from finish();
rollback;
