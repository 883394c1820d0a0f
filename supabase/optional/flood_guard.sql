-- Optional flood guard (not applied by `supabase db push`; to turn it on, copy this file into
-- supabase/migrations/ with a timestamped name, or run it in the SQL editor).
--
-- PostgREST calls `db_pre_request` before every API request. This one refuses new responses
-- with HTTP 429 once more than `stepzero.max_inserts_per_minute` (default 120) rows arrived in
-- the last minute, across all visitors. It keeps no record of who sent what — no IP, no
-- fingerprint — so it protects the table from floods without tracking anyone. Visitors'
-- outboxes read 429 as "try again later" and retry with backoff, so no response is lost.
-- Tune it with: alter database postgres set stepzero.max_inserts_per_minute = '300';

create index if not exists survey_responses_created_at on public.survey_responses (created_at);

create or replace function public.survey_flood_guard() returns void
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  per_minute integer := coalesce(
    nullif(current_setting('stepzero.max_inserts_per_minute', true), '')::integer, 120);
  recent integer;
begin
  if current_setting('request.method', true) is distinct from 'POST'
     or current_setting('request.path', true) not like '%survey_responses%' then
    return;
  end if;
  select count(*) into recent
    from public.survey_responses
   where created_at > now() - interval '1 minute';
  if recent >= per_minute then
    raise sqlstate 'PT429'
      using message = 'Too many responses right now; please try again in a minute',
            hint = 'stepzero flood guard';
  end if;
end
$$;

revoke all on function public.survey_flood_guard() from public;
grant execute on function public.survey_flood_guard() to anon, authenticated;

alter role authenticator set pgrst.db_pre_request = 'public.survey_flood_guard';
notify pgrst, 'reload config';
