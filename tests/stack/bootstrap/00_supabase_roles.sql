-- Stand-in for what every hosted Supabase project already has before our migrations run:
-- the API roles, their default privileges and the extensions schema. Local use only; never
-- deployed. Mirrors supabase/postgres (migrations/db/init-scripts, roles.sql).

create role anon          nologin noinherit;
create role authenticated nologin noinherit;
create role service_role  nologin noinherit bypassrls;
create role authenticator login noinherit password 'stepzero-local-authenticator';
grant anon, authenticated, service_role to authenticator;

alter role anon          set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';

create schema if not exists extensions;
grant usage on schema extensions to anon, authenticated, service_role;
-- pgcrypto (digest) lives in extensions on hosted Supabase; Debian postgresql-contrib has it.
create extension if not exists pgcrypto with schema extensions;
alter database postgres set search_path = "$user", public, extensions;

-- Hosted Supabase gives the API roles broad default grants on everything created in public.
-- Our migration must revoke them; mirroring them here lets the tests prove that it does.
grant usage on schema public to anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  grant all on tables to anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  grant all on functions to anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  grant all on sequences to anon, authenticated, service_role;
-- The same defaults for objects supabase_admin creates (hosted: its dashboard and extensions).
create role supabase_admin nologin;
alter default privileges for role supabase_admin in schema public
  grant all on tables to anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public
  grant all on functions to anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public
  grant all on sequences to anon, authenticated, service_role;

-- PostgREST reloads its schema cache on this notification (as on hosted Supabase).
create or replace function extensions.pgrst_ddl_watch() returns event_trigger
language plpgsql as $$
begin
  notify pgrst, 'reload schema';
end $$;
create event trigger pgrst_ddl_watch on ddl_command_end
  execute function extensions.pgrst_ddl_watch();

-- What the Supabase CLI records for `supabase db push`.
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version    text primary key,
  statements text[],
  name       text
);
