-- Responses wait in the visitor's outbox (IndexedDB) for up to 30 days when the database and
-- the email backup are both unreachable; a retry keeps the original completion_time. So the
-- insert policy accepts completion times up to 31 days old (30 days plus a day of clock skew),
-- and still refuses forward-dated rows.
drop policy survey_responses_anon_insert on public.survey_responses;

create policy survey_responses_anon_insert
  on public.survey_responses
  for insert
  to anon
  with check (
    completion_time > now() - interval '31 days'
    and completion_time < now() + interval '1 day'
  );
