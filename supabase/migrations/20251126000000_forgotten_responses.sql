-- Deletion requests (issue #22, docs/operate.md "Data requests"). `stepzero-ops forget` deletes
-- a response and its file; the ids it forgot are kept here, and nothing else (no answer, no
-- address), so that the same response cannot come back: from a visitor's outbox, which may
-- still hold it and deliver it later, or from an emailed backup the operator imports later.

create table stepzero_private.forgotten_responses (
  id uuid primary key,
  forgotten_at timestamptz not null default now()
);
revoke all on table stepzero_private.forgotten_responses from public, anon, authenticated;

-- The refusal, for every role (the site's anon insert, the import's service role, the owner).
-- Security definer so that the API roles' inserts can read the tombstones they may not read.
-- SQLSTATE PT410: PostgREST answers HTTP 410 Gone, which the site's outbox classifies as a
-- permanent refusal (core/src/outbox.rs classify_insert: only 0, 408, 429 and 5xx are
-- retried; 409 and 23505 would count as stored), and stepzero-ops import reports as refused.
create function stepzero_private.survey_responses_refuse_forgotten() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  if exists (select 1 from stepzero_private.forgotten_responses f where f.id = new.id) then
    raise sqlstate 'PT410'
      using message = format('Response %s was deleted at its respondent''s request', new.id),
            hint = 'It is not stored again.';
  end if;
  return new;
end
$$;

create trigger survey_responses_refuse_forgotten
  before insert on public.survey_responses
  for each row
  execute function stepzero_private.survey_responses_refuse_forgotten();

-- What stepzero-ops forget calls (POST /rest/v1/rpc/forget_responses) before it deletes the
-- rows and their files: records each id (again is no error) and answers how many are new.
-- For the service role only: security definer writes the private schema, and EXECUTE is taken
-- back from the API roles that hosted Supabase's default privileges give it to.
create function public.forget_responses(ids uuid[]) returns integer
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  added integer;
begin
  insert into stepzero_private.forgotten_responses (id)
    select distinct unnest(ids)
    on conflict (id) do nothing;
  get diagnostics added = row_count;
  return added;
end
$$;

revoke all on function public.forget_responses(uuid[]) from public, anon, authenticated;
grant execute on function public.forget_responses(uuid[]) to service_role;
