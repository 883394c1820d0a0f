-- survey_responses: one row per submitted survey (spec section 3).
-- Every value below is fixed in docs/CONTRACT.md; the engine (core/) owns the same rules.
-- The browser writes here directly with the public anon key, so these rules are the guard.

create table public.survey_responses (
  id                    uuid        primary key default gen_random_uuid(),
  created_at            timestamptz not null default now(),
  question1_challenge   text        not null,
  question2_source      text        not null,
  question3_completed   text        not null,
  question4a_discomfort text,
  question4b_reason     text,
  question4b_other      text,
  question5a_another    text,
  question5b_reminder   text,
  question5b_email      text,
  question6_consent     text        not null,
  question7_age         integer,
  question8_gender      text        not null,
  terms_consent         boolean     not null,
  completion_time       timestamptz not null,
  user_agent            text,
  ip_address            text        not null,
  survey_version        text        not null,
  media_file_url        text,
  media_file_name       text,

  -- Free text: non-empty, stored trimmed (no leading/trailing whitespace), at most 2000 characters.
  constraint survey_responses_q1_trimmed check (question1_challenge ~ '^\S' and question1_challenge ~ '\S$'),
  constraint survey_responses_q1_length  check (char_length(question1_challenge) <= 2000),
  constraint survey_responses_q2_trimmed check (question2_source ~ '^\S' and question2_source ~ '\S$'),
  constraint survey_responses_q2_length  check (char_length(question2_source) <= 2000),
  constraint survey_responses_q4b_other_trimmed check (question4b_other ~ '^\S' and question4b_other ~ '\S$'),
  constraint survey_responses_q4b_other_length  check (char_length(question4b_other) <= 2000),

  -- Choices: the spec's visible labels.
  constraint survey_responses_q3_choice  check (question3_completed in ('Yes', 'Not Yet')),
  constraint survey_responses_q4a_choice check (question4a_discomfort in
    ('Too Comfortable', 'Comfortable', 'Neutral', 'Uncomfortable', 'Really Uncomfortable')),
  constraint survey_responses_q4b_choice check (question4b_reason in
    ('I''m too nervous', 'I don''t have time', 'I don''t think it would benefit me',
     'I''m not interested', 'Other')),
  constraint survey_responses_q5a_choice check (question5a_another in ('Yes', 'No')),
  constraint survey_responses_q5b_choice check (question5b_reminder in ('Yes', 'No')),
  constraint survey_responses_q6_choice  check (question6_consent in ('Yes', 'No')),
  constraint survey_responses_gender_choice check (question8_gender in ('Male', 'Female', 'Non-Binary')),

  -- Email: the engine's pattern, at most 254 characters.
  constraint survey_responses_email_format check (
    char_length(question5b_email) <= 254
    and question5b_email ~ '^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$'),

  constraint survey_responses_age_range     check (question7_age between 1 and 120),
  constraint survey_responses_terms_consent check (terms_consent),
  constraint survey_responses_version       check (survey_version = '3.0'),
  constraint survey_responses_ip_address    check (ip_address = 'client-side'),
  constraint survey_responses_user_agent_length check (char_length(user_agent) <= 512),
  constraint survey_responses_media_url_format check (
    char_length(media_file_url) <= 255 and media_file_url ~ '^[0-9]+_[A-Za-z0-9._-]+$'),
  constraint survey_responses_media_name_length check (char_length(media_file_name) <= 255),

  -- Branches (spec section 4): the columns of a branch not taken are NULL.
  constraint survey_responses_branch_yes check (question3_completed <> 'Yes' or (
    question4a_discomfort is not null and question5a_another is not null
    and question4b_reason is null and question4b_other is null
    and question5b_reminder is null and question5b_email is null)),
  constraint survey_responses_branch_not_yet check (question3_completed <> 'Not Yet' or (
    question4b_reason is not null and question5b_reminder is not null
    and question4a_discomfort is null and question5a_another is null)),
  -- The free-text reason exactly when the reason is Other; the email exactly when 5b is Yes.
  constraint survey_responses_other_text check (
    coalesce(question4b_reason = 'Other', false) = (question4b_other is not null)),
  constraint survey_responses_reminder_email check (
    coalesce(question5b_reminder = 'Yes', false) = (question5b_email is not null)),
  -- A file is uploaded only when question 6 is Yes.
  constraint survey_responses_media_needs_consent check (
    media_file_url is null or question6_consent = 'Yes')
);

comment on table public.survey_responses is
  'Step Zero survey answers; written by anonymous visitors (insert only). Rules: docs/CONTRACT.md';

-- Privileges. Hosted Supabase grants anon and authenticated ALL on new public tables by
-- default, so take everything away first, then give anon INSERT on the listed columns only.
-- No SELECT: a client insert must not ask for the row back (no RETURNING / .select()).
revoke all on table public.survey_responses from public, anon, authenticated;
grant insert (
  id,
  question1_challenge, question2_source, question3_completed,
  question4a_discomfort, question4b_reason, question4b_other,
  question5a_another, question5b_reminder, question5b_email,
  question6_consent, question7_age, question8_gender, terms_consent,
  completion_time, user_agent, ip_address, survey_version,
  media_file_url, media_file_name
) on table public.survey_responses to anon;

-- Row-level security: anon may insert fresh responses, and nothing else.
-- completion_time must be within a day of the server's clock: visitors cannot back- or
-- forward-date rows (an operator importing old email backups bypasses RLS as the owner).
alter table public.survey_responses enable row level security;

create policy survey_responses_anon_insert
  on public.survey_responses
  for insert
  to anon
  with check (
    completion_time > now() - interval '1 day'
    and completion_time < now() + interval '1 day'
  );
