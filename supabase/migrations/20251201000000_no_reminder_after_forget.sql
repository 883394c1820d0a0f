-- No reminder for a response its respondent asked to delete. `stepzero-ops forget` records the
-- ids first (public.forget_responses, 20251126000000_forgotten_responses.sql), then deletes the
-- addresses' reminder periods, the files and the rows; a `stepzero-ops remind` run between those
-- steps could claim a row still there, write its address's period back and send the reminder.
-- claim_reminders now passes over a forgotten id, so from the first step on no claim takes it.
-- (A claim made before the forget began may still be sending: the forget cannot call it back.)
-- The rest of the function is as 20251127000000_reminders_and_retention.sql made it.
create or replace function public.claim_reminders(max_count integer)
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
       and not exists (select 1 from stepzero_private.forgotten_responses f where f.id = r.id)
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
