-- The difficulty an emailed row's work had to meet. The operators' import (stepzero-ops, with
-- the service role, which the database's own check exempts) checks the work of each emailed
-- row itself; at the engine's default it would let a forged email in for less work than an
-- insert costs while the operator has raised the difficulty (20251122000100_one_row_and_work.sql),
-- and at today's value it would refuse a real visitor's email sent before the raise. So the
-- database keeps when the difficulty changed, and the import asks which one was in force when
-- the email was sent (its Date header, written by the sending mail server).

-- Every value work_difficulty has taken, from when it took it. Appended by the trigger below,
-- never read by the API roles.
create table stepzero_private.work_difficulty_changes (
  changed_at timestamptz not null,
  difficulty integer not null
);
revoke all on table stepzero_private.work_difficulty_changes from public, anon, authenticated;

-- What was in force before this migration is not known: the history starts with today's value.
insert into stepzero_private.work_difficulty_changes (changed_at, difficulty)
  select now(), work_difficulty from stepzero_private.settings;

-- clock_timestamp(), not now(): two changes in one transaction stay in their order.
create function stepzero_private.record_work_difficulty_change() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  insert into stepzero_private.work_difficulty_changes (changed_at, difficulty)
    values (clock_timestamp(), new.work_difficulty);
  return null;
end
$$;

create trigger settings_work_difficulty_changes
  after update of work_difficulty on stepzero_private.settings
  for each row
  when (old.work_difficulty is distinct from new.work_difficulty)
  execute function stepzero_private.record_work_difficulty_change();

-- The difficulty in force at `sent_at`: the last change at or before it; null before the
-- history starts (the import then asks for the engine's default); today's when `sent_at` is
-- null (an email without a Date header). In the API's schema so that the import can call it
-- (POST /rest/v1/rpc/work_difficulty_at), for the service role only: security definer reads
-- the private schema, and EXECUTE is taken back from the API roles that hosted Supabase's
-- default privileges give it to.
create function public.work_difficulty_at(sent_at timestamptz) returns integer
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select case
    when sent_at is null then (select s.work_difficulty from stepzero_private.settings s)
    else (select c.difficulty from stepzero_private.work_difficulty_changes c
           where c.changed_at <= sent_at
           order by c.changed_at desc
           limit 1)
  end
$$;

revoke all on function public.work_difficulty_at(timestamptz) from public, anon, authenticated;
grant execute on function public.work_difficulty_at(timestamptz) to service_role;
