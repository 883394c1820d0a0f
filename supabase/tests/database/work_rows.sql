-- What the proof-of-work tests share, read with \ir by 05, 10 and 11 (pg_prove runs only the
-- *.test.sql files). A test sets `stepzero_test.agent` first: its rows carry it as their
-- user_agent, so it counts its own.

-- The hint of the error `sql` raises (the site reads the difficulty from it).
create function pg_temp.hint_of(sql text) returns text language plpgsql as $$
declare hint text;
begin
  execute sql;
  return null;
exception when others then
  get stacked diagnostics hint = pg_exception_hint;
  return hint;
end $$;

-- An insert of one valid response as the browser sends it.
create function pg_temp.row_sql(row_id text, completed text, nonce text) returns text language sql as $$
  select format($q$insert into public.survey_responses (id, question1_challenge, question2_source,
    question3_completed, question4a_discomfort, question5a_another, question6_consent,
    question8_gender, terms_consent, completion_time, user_agent, ip_address, survey_version,
    work_nonce) values (%L, 'Talk to a stranger', 'Instagram', 'Yes', 'Neutral', 'Yes', 'No',
    'Male', true, %L, %L, 'client-side', '3.0', %L)$q$, row_id, completed,
    current_setting('stepzero_test.agent'), nonce)
$$;
