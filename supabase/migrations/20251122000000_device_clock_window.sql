-- A visitor's device clock decides nothing. The insert policy used to refuse completion times
-- more than a day ahead of, or 31 days behind, the server's clock; a phone whose clock is off
-- (two days fast, forty days slow) was then refused on every retry, for good, and its response
-- could only travel by email. The row keeps the device's completion_time as the spec's record
-- says; created_at (set by the server, never by anon) is when the database received it.
-- The guards that remain are the CHECK constraints and the column grants.
drop policy survey_responses_anon_insert on public.survey_responses;

create policy survey_responses_anon_insert
  on public.survey_responses
  for insert
  to anon
  with check (true);

comment on column public.survey_responses.completion_time is
  'When the visitor submitted, by the visitor''s device clock (may be off; see created_at).';
comment on column public.survey_responses.created_at is
  'When the database received the row, by the server''s clock.';
