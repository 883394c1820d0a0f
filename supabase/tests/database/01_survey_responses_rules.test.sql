-- The CHECK and NOT NULL rules of survey_responses (values: docs/CONTRACT.md).
-- Inserts run as the table owner, so RLS stays out of the way and each rule is seen alone;
-- every refusal names the constraint that must fire.
begin;
create extension if not exists pgtap with schema extensions;
set local search_path = public, extensions;
select plan(65);

-- A complete "Yes" response and a complete "Not Yet" response.
create function pg_temp.yes() returns jsonb language sql as $$
  select jsonb_build_object(
    'question1_challenge', 'Talk to a stranger', 'question2_source', 'Instagram',
    'question3_completed', 'Yes', 'question4a_discomfort', 'Uncomfortable',
    'question5a_another', 'Yes', 'question6_consent', 'Yes', 'question7_age', 30,
    'question8_gender', 'Female', 'terms_consent', true, 'completion_time', now(),
    'user_agent', 'pgTAP', 'ip_address', 'client-side', 'survey_version', '3.0',
    'media_file_url', '1724140800000_photo.jpg', 'media_file_name', 'photo.jpg')
$$;
create function pg_temp.not_yet() returns jsonb language sql as $$
  select jsonb_build_object(
    'question1_challenge', 'Sing in public', 'question2_source', 'A friend',
    'question3_completed', 'Not Yet', 'question4b_reason', 'Other',
    'question4b_other', 'It rained', 'question5b_reminder', 'Yes',
    'question5b_email', 'someone@example.com', 'question6_consent', 'No',
    'question7_age', null, 'question8_gender', 'Non-Binary', 'terms_consent', true,
    'completion_time', now(), 'user_agent', 'pgTAP', 'ip_address', 'client-side',
    'survey_version', '3.0')
$$;
create function pg_temp.ins(r jsonb) returns void language sql as $$
  insert into public.survey_responses (
    question1_challenge, question2_source, question3_completed, question4a_discomfort,
    question4b_reason, question4b_other, question5a_another, question5b_reminder,
    question5b_email, question6_consent, question7_age, question8_gender, terms_consent,
    completion_time, user_agent, ip_address, survey_version, media_file_url, media_file_name,
    work_nonce)
  select question1_challenge, question2_source, question3_completed, question4a_discomfort,
    question4b_reason, question4b_other, question5a_another, question5b_reminder,
    question5b_email, question6_consent, question7_age, question8_gender, terms_consent,
    completion_time, user_agent, ip_address, survey_version, media_file_url, media_file_name,
    work_nonce
  from jsonb_populate_record(null::public.survey_responses, r)
$$;
create function pg_temp.accepts(base jsonb, change jsonb, what text) returns text language sql as $$
  select lives_ok(format('select pg_temp.ins(%L::jsonb)', base || change), what)
$$;
create function pg_temp.refuses(base jsonb, change jsonb, rule text, what text) returns text language sql as $$
  select throws_ok(format('select pg_temp.ins(%L::jsonb)', base || change), '23514',
    format('new row for relation "survey_responses" violates check constraint "%s"', rule), what)
$$;
create function pg_temp.requires(col text) returns text language sql as $$
  select throws_ok(format('select pg_temp.ins(%L::jsonb)', pg_temp.yes() || jsonb_build_object(col, null)),
    '23502', format('null value in column "%s" of relation "survey_responses" violates not-null constraint', col),
    col || ' is required')
$$;

-- Valid rows, including every boundary value.
select pg_temp.accepts(pg_temp.yes(), '{}', 'a complete Yes response is stored');
select pg_temp.accepts(pg_temp.not_yet(), '{}', 'a complete Not Yet response is stored');
select pg_temp.accepts(pg_temp.yes(), '{"question7_age": 1}', 'age 1 is accepted');
select pg_temp.accepts(pg_temp.yes(), '{"question7_age": 120}', 'age 120 is accepted');
select pg_temp.accepts(pg_temp.yes(), jsonb_build_object(
  'question1_challenge', repeat('é', 2000), 'question2_source', repeat('x', 2000),
  'user_agent', repeat('u', 512), 'media_file_url', '1_' || repeat('a', 253),
  'media_file_name', repeat('n', 255)), 'texts at their maximum length are accepted');
select pg_temp.accepts(pg_temp.not_yet(), jsonb_build_object(
  'question4b_other', repeat('o', 2000),
  'question5b_email', repeat('a', 242) || '@example.com'), '2000-char reason and 254-char email are accepted');
select pg_temp.accepts(pg_temp.not_yet(), jsonb_build_object(
  'question4b_reason', 'I''m too nervous', 'question4b_other', null,
  'question5b_reminder', 'No', 'question5b_email', null), 'Not Yet without Other and without reminder');
select pg_temp.accepts(pg_temp.yes(), '{"media_file_url": null, "media_file_name": null, "user_agent": null}',
  'no attachment, no user agent');

-- Age 1..120 or null.
select pg_temp.refuses(pg_temp.yes(), '{"question7_age": 0}', 'survey_responses_age_range', 'age 0 is refused');
select pg_temp.refuses(pg_temp.yes(), '{"question7_age": 121}', 'survey_responses_age_range', 'age 121 is refused');
select pg_temp.refuses(pg_temp.yes(), '{"question7_age": -5}', 'survey_responses_age_range', 'a negative age is refused');

-- Choices.
select pg_temp.refuses(pg_temp.yes(), '{"question8_gender": "Other"}', 'survey_responses_gender_choice', 'unknown gender is refused');
select pg_temp.refuses(pg_temp.yes(), '{"question8_gender": "male"}', 'survey_responses_gender_choice', 'gender is case-sensitive');
select pg_temp.refuses(pg_temp.yes(), '{"question3_completed": "No"}', 'survey_responses_q3_choice', 'question 3 only Yes or Not Yet');
select pg_temp.refuses(pg_temp.yes(), '{"question4a_discomfort": "Very Uncomfortable"}', 'survey_responses_q4a_choice', 'unknown discomfort level is refused');
select pg_temp.refuses(pg_temp.not_yet(), '{"question4b_reason": "Bored", "question4b_other": null}', 'survey_responses_q4b_choice', 'unknown reason is refused');
select pg_temp.refuses(pg_temp.not_yet(), jsonb_build_object('question4b_reason', 'I’m too nervous', 'question4b_other', null),
  'survey_responses_q4b_choice', 'reasons use the ASCII apostrophe');
select pg_temp.refuses(pg_temp.yes(), '{"question5a_another": "Maybe"}', 'survey_responses_q5a_choice', 'question 5a only Yes or No');
select pg_temp.refuses(pg_temp.not_yet(), '{"question5b_reminder": "Maybe", "question5b_email": null}', 'survey_responses_q5b_choice', 'question 5b only Yes or No');
select pg_temp.refuses(pg_temp.not_yet(), '{"question6_consent": "Maybe"}', 'survey_responses_q6_choice', 'question 6 only Yes or No');

-- Fixed values.
select pg_temp.refuses(pg_temp.yes(), '{"terms_consent": false}', 'survey_responses_terms_consent', 'consent false is refused');
select pg_temp.refuses(pg_temp.yes(), '{"survey_version": "2.0"}', 'survey_responses_version', 'survey_version other than 3.0 is refused');
select pg_temp.refuses(pg_temp.yes(), '{"ip_address": "203.0.113.9"}', 'survey_responses_ip_address', 'ip_address other than client-side is refused');

-- Free text: trimmed, non-empty, at most 2000 characters.
select pg_temp.refuses(pg_temp.yes(), jsonb_build_object('question1_challenge', repeat('x', 2001)), 'survey_responses_q1_length', 'question 1 over 2000 characters is refused');
select pg_temp.refuses(pg_temp.yes(), '{"question1_challenge": ""}', 'survey_responses_q1_trimmed', 'empty question 1 is refused');
select pg_temp.refuses(pg_temp.yes(), '{"question1_challenge": "   "}', 'survey_responses_q1_trimmed', 'blank question 1 is refused');
select pg_temp.refuses(pg_temp.yes(), '{"question1_challenge": "padded "}', 'survey_responses_q1_trimmed', 'untrimmed question 1 is refused');
select pg_temp.refuses(pg_temp.yes(), jsonb_build_object('question2_source', repeat('x', 2001)), 'survey_responses_q2_length', 'question 2 over 2000 characters is refused');
select pg_temp.refuses(pg_temp.yes(), '{"question2_source": "\n"}', 'survey_responses_q2_trimmed', 'blank question 2 is refused');
select pg_temp.refuses(pg_temp.not_yet(), jsonb_build_object('question4b_other', repeat('x', 2001)), 'survey_responses_q4b_other_length', 'Other text over 2000 characters is refused');
select pg_temp.refuses(pg_temp.not_yet(), '{"question4b_other": " "}', 'survey_responses_q4b_other_trimmed', 'blank Other text is refused');

-- Email.
select pg_temp.refuses(pg_temp.not_yet(), '{"question5b_email": "not-an-email"}', 'survey_responses_email_format', 'email without @ is refused');
select pg_temp.refuses(pg_temp.not_yet(), '{"question5b_email": "a@b"}', 'survey_responses_email_format', 'email without a dot in the domain is refused');
select pg_temp.refuses(pg_temp.not_yet(), '{"question5b_email": "a@b.c"}', 'survey_responses_email_format', 'one-letter top-level domain is refused');
select pg_temp.refuses(pg_temp.not_yet(), '{"question5b_email": "a b@c.de"}', 'survey_responses_email_format', 'email with a space is refused');
select pg_temp.refuses(pg_temp.not_yet(), '{"question5b_email": "a@@c.de"}', 'survey_responses_email_format', 'email with two @ is refused');
select pg_temp.refuses(pg_temp.not_yet(), '{"question5b_email": "a@c.d3"}', 'survey_responses_email_format', 'digits in the top-level domain are refused');
select pg_temp.refuses(pg_temp.not_yet(), jsonb_build_object('question5b_email', repeat('a', 243) || '@example.com'),
  'survey_responses_email_format', 'email over 254 characters is refused');

-- Other lengths and the media name.
select pg_temp.refuses(pg_temp.yes(), jsonb_build_object('user_agent', repeat('u', 513)), 'survey_responses_user_agent_length', 'user agent over 512 characters is refused');
select pg_temp.refuses(pg_temp.yes(), '{"media_file_url": "../etc/passwd"}', 'survey_responses_media_url_format', 'media path must be a storage object name');
select pg_temp.refuses(pg_temp.yes(), jsonb_build_object('media_file_url', '1_' || repeat('a', 254)), 'survey_responses_media_url_format', 'media path over 255 characters is refused');
select pg_temp.refuses(pg_temp.yes(), jsonb_build_object('media_file_name', repeat('n', 256)), 'survey_responses_media_name_length', 'media file name over 255 characters is refused');
select pg_temp.refuses(pg_temp.yes(), '{"question6_consent": "No"}', 'survey_responses_media_needs_consent', 'a file only with consent to share (question 6 Yes)');

-- Branches: the columns of the branch not taken stay NULL; the branch taken is complete.
select pg_temp.refuses(pg_temp.yes(), '{"question4b_reason": "Other", "question4b_other": "x"}', 'survey_responses_branch_yes', 'Yes with a reason for not completing is refused');
select pg_temp.refuses(pg_temp.yes(), '{"question4a_discomfort": null}', 'survey_responses_branch_yes', 'Yes without discomfort level is refused');
select pg_temp.refuses(pg_temp.yes(), '{"question5a_another": null}', 'survey_responses_branch_yes', 'Yes without question 5a is refused');
select pg_temp.refuses(pg_temp.not_yet(), '{"question4a_discomfort": "Neutral"}', 'survey_responses_branch_not_yet', 'Not Yet with a discomfort level is refused');
select pg_temp.refuses(pg_temp.not_yet(), '{"question5b_reminder": null, "question5b_email": null}', 'survey_responses_branch_not_yet', 'Not Yet without question 5b is refused');
select pg_temp.refuses(pg_temp.not_yet(), '{"question4b_other": null}', 'survey_responses_other_text', 'Other without its text is refused');
select pg_temp.refuses(pg_temp.not_yet(), '{"question4b_reason": "I don''t have time"}', 'survey_responses_other_text', 'Other text without Other is refused');
select pg_temp.refuses(pg_temp.not_yet(), '{"question5b_email": null}', 'survey_responses_reminder_email', 'reminder Yes without email is refused');
select pg_temp.refuses(pg_temp.not_yet(), '{"question5b_reminder": "No"}', 'survey_responses_reminder_email', 'email without reminder Yes is refused');

-- Required columns.
select pg_temp.requires('question1_challenge');
select pg_temp.requires('question2_source');
select pg_temp.requires('question3_completed');
select pg_temp.requires('question6_consent');
select pg_temp.requires('question8_gender');
select pg_temp.requires('terms_consent');
select pg_temp.requires('completion_time');
select pg_temp.requires('ip_address');
select pg_temp.requires('survey_version');
select throws_ok($$
  insert into public.survey_responses (question1_challenge, question2_source, question3_completed,
    question4a_discomfort, question5a_another, question6_consent, question8_gender,
    terms_consent, completion_time, ip_address, survey_version, created_at)
  values ('x', 'y', 'Yes', 'Neutral', 'No', 'No', 'Male', true, now(), 'client-side', '3.0', null)
$$, '23502', null, 'created_at is required');

-- The server fills id and created_at.
select is((select count(*) from public.survey_responses where id is null or created_at is null), 0::bigint,
  'id and created_at are filled by default');
select col_default_is('public', 'survey_responses', 'id', 'gen_random_uuid()', 'id defaults to gen_random_uuid()');
select col_is_pk('public', 'survey_responses', 'id', 'id is the primary key');

select * from finish();
rollback;
