-- Idempotent: also run on every start of a cluster bootstrapped before this file existed.
-- storage.operation() as hosted projects have it (supabase/storage, migrations/tenant/
-- 0024-operation-function.sql): the name of the Storage API route serving the request, which
-- the Storage server sets per transaction (set_config('storage.operation', ...), its
-- src/internal/database/postgres/scope.ts) from the route's config, e.g.
-- 'storage.object.upload' for POST /object/<bucket>/<name>. The gateway here sets the same
-- names (lib/storage.mjs).
create or replace function storage.operation() returns text
language plpgsql stable as $$
begin
  return current_setting('storage.operation', true);
end $$;

grant execute on function storage.operation() to anon, authenticated, service_role;
