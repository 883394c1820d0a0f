-- Reminders, sent once, and how long addresses and unclaimed uploads are kept (issue #22;
-- docs/operate.md "Reminders", "Retention"; docs/guarantees.md "Privacy").
--
-- Who sends: `stepzero-ops remind`, run every hour by a scheduled CI job
-- (.github/workflows/reminders.yml) with the service-role key and the email service's key. It
-- asks claim_reminders for one due reminder at a time; the claim is recorded and committed
-- BEFORE the email goes, so a second run (overlapping, or after a run killed between the send
-- and the record) never sends it again: the one left risk is losing a reminder, never doubling
-- it. After the send (or a refusal for good) finish_reminder erases the address from the row.
--
-- The operator's settings, all in stepzero_private.settings (no redeploy; the next run sees them):
--   reminder_delay_days           7   a reminder is due this long after the row was stored
--   reminder_address_period_days  30  at most one reminder per address in this many days
--   reminder_daily_cap            100 at most this many reminders in any 24 hours
--   address_retention_days        30  every address is erased this long after its row was stored,
--                                     reminders switched on or not (the pg_cron job below)
--   upload_retention_days         45  an upload no row names is deleted (stepzero-ops
--                                     clean-uploads) once this old: the outbox tries a response
--                                     on 30 different days, plus time to import backup emails
alter table stepzero_private.settings
  add column reminder_delay_days integer not null default 7
    constraint settings_reminder_delay_range check (reminder_delay_days between 0 and 365),
  add column reminder_address_period_days integer not null default 30
    constraint settings_reminder_address_period_range check (reminder_address_period_days between 1 and 3650),
  add column reminder_daily_cap integer not null default 100
    constraint settings_reminder_daily_cap_range check (reminder_daily_cap between 0 and 100000),
  add column address_retention_days integer not null default 30
    constraint settings_address_retention_range check (address_retention_days between 1 and 365),
  add column upload_retention_days integer not null default 45
    constraint settings_upload_retention_range check (upload_retention_days between 31 and 3650),
  -- The key of the per-address hashes below: random per project, never leaves the database.
  add column reminder_address_key bytea not null default sha256(convert_to(gen_random_uuid()::text, 'UTF8'))
    constraint settings_reminder_address_key_length check (octet_length(reminder_address_key) = 32);
revoke all on table stepzero_private.settings from public, anon, authenticated;

-- An erased address: the row keeps its answers (5b stays Yes) and says when its address went.
-- The rule "an address exactly when 5b is Yes" becomes "an address, or its erasure, exactly
-- when 5b is Yes". Visitors cannot erase on insert: anon's INSERT is granted column by column
-- (20250820000000_survey_responses.sql) and address_erased_at is not among them.
alter table public.survey_responses
  add column address_erased_at timestamptz;
alter table public.survey_responses
  drop constraint survey_responses_reminder_email,
  add constraint survey_responses_reminder_email check (
    coalesce(question5b_reminder = 'Yes', false)
      = (question5b_email is not null or address_erased_at is not null)),
  add constraint survey_responses_address_erased check (
    address_erased_at is null or question5b_email is null);
-- ANALYZE keeps sample values of each column (pg_statistic); none of the addresses.
alter table public.survey_responses alter column question5b_email set statistics 0;

-- One line per reminder claimed: the response's id, its state, when. Nothing personal. Deleted
-- with its response (stepzero-ops forget removes what is scheduled for it with the row).
create table stepzero_private.reminders (
  response_id uuid primary key references public.survey_responses (id) on delete cascade,
  state text not null
    constraint reminders_state check (state in ('claimed', 'sent', 'failed', 'lost', 'skipped')),
  claimed_at timestamptz not null,
  finished_at timestamptz,
  constraint reminders_finished check ((state = 'claimed') = (finished_at is null))
);
revoke all on table stepzero_private.reminders from public, anon, authenticated;
create index reminders_claimed_at on stepzero_private.reminders (claimed_at);

-- The per-address period without the address: a keyed SHA-256 of the lower-cased address,
-- kept until the period ends (then deleted by erase_expired_addresses).
create table stepzero_private.reminder_addresses (
  address_hash bytea primary key,
  until timestamptz not null
);
revoke all on table stepzero_private.reminder_addresses from public, anon, authenticated;

create function stepzero_private.address_hash(address text) returns bytea
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select sha256(s.reminder_address_key || convert_to(lower(address), 'UTF8'))
    from stepzero_private.settings s
$$;
revoke all on function stepzero_private.address_hash(text) from public, anon, authenticated;

-- Retention, run every hour by pg_cron (below) and first by each claim: erases the address of
-- every row stored longer ago than address_retention_days, and of every claim a run never
-- finished within an hour (killed between send and record: never sent again, see above);
-- forgets expired per-address hashes. Answers how many addresses it erased.
create function stepzero_private.erase_expired_addresses() returns integer
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  erased integer;
begin
  with lost as (
    update stepzero_private.reminders m
       set state = 'lost', finished_at = now()
     where m.state = 'claimed' and m.claimed_at < now() - interval '1 hour'
     returning m.response_id
  )
  update public.survey_responses r
     set question5b_email = null, address_erased_at = now()
   where r.question5b_email is not null
     and (r.id in (select response_id from lost)
          or r.created_at < now() - make_interval(days => (select s.address_retention_days
                                                              from stepzero_private.settings s)));
  get diagnostics erased = row_count;
  delete from stepzero_private.reminder_addresses a where a.until <= now();
  return erased;
end
$$;
revoke all on function stepzero_private.erase_expired_addresses() from public, anon, authenticated;

-- What `stepzero-ops remind` calls (POST /rest/v1/rpc/claim_reminders): claims at most
-- max_count due reminders and answers each one's id and address. Due: 5b Yes, an address,
-- stored at least reminder_delay_days ago, never claimed. One claim at a time in the whole
-- database (an advisory lock, so the caps count every claim before it); each row is also locked
-- (FOR UPDATE SKIP LOCKED) against a concurrent forget. An address that had a reminder within
-- reminder_address_period_days gets none: its claim is 'skipped' and its address erased at once.
-- Nothing is claimed once reminder_daily_cap reminders were claimed in the last 24 hours.
create function public.claim_reminders(max_count integer)
  returns table (response_id uuid, email text)
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  settings stepzero_private.settings;
  due record;
  claimed integer := 0;
begin
  perform pg_advisory_xact_lock('pg_class'::regclass::oid::integer,
                                'stepzero_private.reminders'::regclass::oid::integer);
  perform stepzero_private.erase_expired_addresses();
  select * into settings from stepzero_private.settings;
  for due in
    select r.id, r.question5b_email
      from public.survey_responses r
     where r.question5b_email is not null
       and r.created_at <= now() - make_interval(days => settings.reminder_delay_days)
       and not exists (select 1 from stepzero_private.reminders m where m.response_id = r.id)
     order by r.created_at, r.id
       for update of r skip locked
  loop
    exit when claimed >= max_count;
    exit when (select count(*) from stepzero_private.reminders m
                where m.claimed_at > now() - interval '1 day' and m.state <> 'skipped')
              >= settings.reminder_daily_cap;
    insert into stepzero_private.reminder_addresses (address_hash, until)
      values (stepzero_private.address_hash(due.question5b_email),
              now() + make_interval(days => settings.reminder_address_period_days))
      on conflict (address_hash) do nothing;
    if not found then
      insert into stepzero_private.reminders (response_id, state, claimed_at, finished_at)
        values (due.id, 'skipped', now(), now());
      update public.survey_responses r
         set question5b_email = null, address_erased_at = now()
       where r.id = due.id;
      continue;
    end if;
    insert into stepzero_private.reminders (response_id, state, claimed_at)
      values (due.id, 'claimed', now());
    claimed := claimed + 1;
    response_id := due.id;
    email := due.question5b_email;
    return next;
  end loop;
end
$$;
revoke all on function public.claim_reminders(integer) from public, anon, authenticated;
grant execute on function public.claim_reminders(integer) to service_role;

-- What `stepzero-ops remind` calls after each send (POST /rest/v1/rpc/finish_reminder):
--   'sent'   the service took it;                       the address is erased
--   'failed' the service refused it for good (invalid); the address is erased
--   'retry'  the service took nothing (busy, down, key refused): the claim and the address's
--            period are given back, so the next run tries again
-- Answers whether the claim was still open (false: already finished, or its response forgotten).
create function public.finish_reminder(response_id uuid, outcome text) returns boolean
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  address text;
begin
  if outcome is null or outcome not in ('sent', 'failed', 'retry') then
    raise exception 'outcome must be sent, failed or retry, not %', outcome using errcode = '22023';
  end if;
  select r.question5b_email into address
    from public.survey_responses r
    join stepzero_private.reminders m on m.response_id = r.id
   where r.id = finish_reminder.response_id and m.state = 'claimed'
     for update of r, m;
  if not found then
    return false;
  end if;
  if outcome = 'retry' then
    delete from stepzero_private.reminders m where m.response_id = finish_reminder.response_id;
    delete from stepzero_private.reminder_addresses a
     where a.address_hash = stepzero_private.address_hash(address);
    return true;
  end if;
  update stepzero_private.reminders m
     set state = outcome, finished_at = now()
   where m.response_id = finish_reminder.response_id;
  update public.survey_responses r
     set question5b_email = null, address_erased_at = now()
   where r.id = finish_reminder.response_id;
  return true;
end
$$;
revoke all on function public.finish_reminder(uuid, text) from public, anon, authenticated;
grant execute on function public.finish_reminder(uuid, text) to service_role;

-- What `stepzero-ops clean-uploads` calls (POST /rest/v1/rpc/expired_unclaimed_uploads): the
-- names of the uploads no row names that were stored more than upload_retention_days ago. The
-- tool deletes them through the Storage API (hosted Supabase refuses a DELETE on
-- storage.objects, and that would leave the bytes).
create function public.expired_unclaimed_uploads() returns setof text
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select o.name
    from storage.objects o
   where o.bucket_id = 'survey_media'
     and o.created_at < now() - make_interval(days => (select s.upload_retention_days
                                                         from stepzero_private.settings s))
     and not exists (select 1 from public.survey_responses r where r.media_file_url = o.name)
   order by o.created_at, o.name
$$;
revoke all on function public.expired_unclaimed_uploads() from public, anon, authenticated;
grant execute on function public.expired_unclaimed_uploads() to service_role;

-- The address deadline holds with reminders switched off too: pg_cron (as hosted Supabase
-- installs it: Integrations -> Cron, or this statement) runs the retention every hour. Its
-- command names a function, no address; its run history (cron.job_run_details) holds the
-- command and "SELECT 1", nothing of a row.
create extension if not exists pg_cron with schema pg_catalog;
select cron.schedule('stepzero-erase-expired-addresses', '17 * * * *',
                     'select stepzero_private.erase_expired_addresses()');
