-- Floods cost the attacker, not the movement. The anon key is public, so anyone can script the
-- API; these rules make every stored row cost its sender CPU time, and nobody is tracked.
--   1. One response per request: a statement that inserts more than one row is refused.
--   2. Proof of work: each row carries `work_nonce`, such that SHA-256 of
--        stepzero-work:v1:<id>:<completion_time in epoch ms>:<work_nonce>
--      starts with at least `work_difficulty` zero bits (core/src/work.rs solves it; this
--      checks it with one hash). Work done for another id or time does not fit this row.
-- Both apply to the API roles (anon, authenticated). The owner and the service role, which
-- an operator uses to import emailed responses, are exempt. Rules: docs/CONTRACT.md.

-- pgcrypto's digest(); hosted Supabase has it in the extensions schema already (a no-op there).
create extension if not exists pgcrypto with schema extensions;

alter table public.survey_responses add column work_nonce text;
alter table public.survey_responses add constraint survey_responses_work_nonce_format
  check (work_nonce ~ '^[0-9]{1,20}$');
grant insert (work_nonce) on table public.survey_responses to anon;

-- The operator's settings live outside the API's schemas: PostgREST does not expose this
-- schema, and the API roles get no privilege on it. Raise the difficulty during an attack:
--   update stepzero_private.settings set work_difficulty = 20;
-- It takes effect on the next insert (no redeploy, no reconnect): visitors' browsers learn
-- the new value from the refusal below and solve again at once.
create schema if not exists stepzero_private;
revoke all on schema stepzero_private from public, anon, authenticated;

create table stepzero_private.settings (
  only_row        boolean primary key default true check (only_row),
  -- Expected work per row: 2^work_difficulty SHA-256 hashes. The site starts at the engine's
  -- DEFAULT_DIFFICULTY (core/src/work.rs); keep this equal to it unless under attack.
  work_difficulty integer not null default 18 check (work_difficulty between 0 and 32)
);
insert into stepzero_private.settings default values;
revoke all on table stepzero_private.settings from public, anon, authenticated;

-- 1. One response per request. PostgREST turns a JSON array body into one multi-row INSERT;
-- this sees the whole statement's rows at once and refuses it (HTTP 400, code PT400), so
-- nothing of it is stored.
create function stepzero_private.survey_responses_one_row() returns trigger
  language plpgsql
  set search_path = ''
as $$
declare
  inserted bigint;
begin
  if current_user not in ('anon', 'authenticated') then
    return null;
  end if;
  select count(*) into inserted from new_rows;
  if inserted > 1 then
    raise sqlstate 'PT400'
      using message = format('One response per request: this request inserts %s rows', inserted),
            hint = 'Send each response in its own request.';
  end if;
  return null;
end
$$;

create trigger survey_responses_one_row
  after insert on public.survey_responses
  referencing new table as new_rows
  for each statement
  execute function stepzero_private.survey_responses_one_row();

-- 2. The work. Security definer so it can read the settings; the caller's role comes from the
-- invoker trigger below, because inside a definer function current_user is the owner.
create function stepzero_private.check_work(row_id uuid, completed timestamptz, nonce text)
  returns void
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  difficulty integer := (select work_difficulty from stepzero_private.settings);
  bits text;
begin
  if nonce ~ '^[0-9]{1,20}$' then
    bits := ('x' || encode(extensions.digest(convert_to(format('stepzero-work:v1:%s:%s:%s',
      row_id::text, floor(extract(epoch from completed) * 1000)::bigint, nonce), 'UTF8'),
      'sha256'), 'hex'))::bit(256)::text;
    if left(bits, difficulty) = repeat('0', difficulty) then
      return;
    end if;
  end if;
  -- HTTP 428 Precondition Required; the hint tells the site which difficulty to solve for.
  raise sqlstate 'PT428'
    using message = case when nonce is null then 'Proof of work missing'
                         else 'Proof of work insufficient' end,
          hint = format('difficulty=%s', difficulty);
end
$$;

revoke all on function stepzero_private.check_work(uuid, timestamptz, text) from public;
grant usage on schema stepzero_private to anon, authenticated;
grant execute on function stepzero_private.check_work(uuid, timestamptz, text) to anon, authenticated;

create function stepzero_private.survey_responses_require_work() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') then
    perform stepzero_private.check_work(new.id, new.completion_time, new.work_nonce);
  end if;
  return new;
end
$$;

create trigger survey_responses_require_work
  before insert on public.survey_responses
  for each row
  execute function stepzero_private.survey_responses_require_work();
