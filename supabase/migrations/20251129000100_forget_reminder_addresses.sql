-- A deletion request also deletes the per-address period of the visitor's address (issue #22;
-- docs/operate.md "Data requests"; docs/decisions.md, "The operators' tool (stepzero-ops)").
-- The period is a keyed hash of the lower-cased address (stepzero_private.reminder_addresses,
-- 20251127000000_reminders_and_retention.sql),
-- kept until reminder_address_period_days end so that an address gets one reminder in that time.
-- It holds no address, but whoever knows an address and the key could tell it was given, so
-- `stepzero-ops forget` deletes it: for the address the operator typed, and for the address of
-- each response it deletes that still holds one. Answers how many periods it deleted. For the
-- service role only (security definer: the hashes and their key are in the private schema).
create function public.forget_reminder_addresses(addresses text[]) returns integer
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  removed integer;
begin
  delete from stepzero_private.reminder_addresses a
   where a.address_hash in (select stepzero_private.address_hash(x)
                              from unnest(addresses) x
                             where x is not null);
  get diagnostics removed = row_count;
  return removed;
end
$$;
revoke all on function public.forget_reminder_addresses(text[]) from public, anon, authenticated;
grant execute on function public.forget_reminder_addresses(text[]) to service_role;
