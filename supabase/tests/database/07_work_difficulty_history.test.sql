-- The difficulty's history and the question the operators' import asks of it
-- (supabase/migrations/*_work_difficulty_history.sql): which difficulty was in force when an
-- email was sent; and who may ask (the service role only) and read the history (nobody else).
begin;
create extension if not exists pgtap with schema extensions;
set local search_path = public, extensions;
select plan(27);

-- Shape.
select has_table('stepzero_private', 'work_difficulty_changes', 'the history is kept');
select col_not_null('stepzero_private', 'work_difficulty_changes', 'changed_at', 'each change has its time');
select col_not_null('stepzero_private', 'work_difficulty_changes', 'difficulty', 'each change has its value');
-- (the trigger would refuse a null difficulty too, which would hide a settings column that lost
-- its NOT NULL from 06's test of it)
select col_not_null('stepzero_private', 'settings', 'work_difficulty', 'the difficulty is never null');
select has_trigger('stepzero_private', 'settings', 'settings_work_difficulty_changes',
  'a trigger on the settings appends to it');
select ok((select prosecdef from pg_proc where oid = 'public.work_difficulty_at(timestamptz)'::regprocedure),
  'the question is security definer (the service role cannot read the private schema)');
select is((select difficulty from stepzero_private.work_difficulty_changes order by changed_at limit 1),
  18, 'the history starts with the difficulty in force when it was made');

-- Who may ask, and who may read the history.
select ok(has_function_privilege('service_role', 'public.work_difficulty_at(timestamptz)', 'EXECUTE'),
  'the service role (the import) may ask');
select ok(not has_function_privilege('anon', 'public.work_difficulty_at(timestamptz)', 'EXECUTE'),
  'anon may not ask (its default privilege on public functions is taken back)');
select ok(not has_function_privilege('authenticated', 'public.work_difficulty_at(timestamptz)', 'EXECUTE'),
  'authenticated may not ask');
select ok(not has_table_privilege('anon', 'stepzero_private.work_difficulty_changes',
            'SELECT, INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER')
          and not has_any_column_privilege('anon', 'stepzero_private.work_difficulty_changes',
            'SELECT, INSERT, UPDATE, REFERENCES'),
  'anon has no privilege on the history');
select ok(not has_table_privilege('authenticated', 'stepzero_private.work_difficulty_changes',
            'SELECT, INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER')
          and not has_any_column_privilege('authenticated', 'stepzero_private.work_difficulty_changes',
            'SELECT, INSERT, UPDATE, REFERENCES'),
  'authenticated has no privilege on the history');
set local role anon;
select throws_ok($$ select public.work_difficulty_at(now()) $$, '42501', null, 'anon cannot ask');
select throws_ok($$ select * from stepzero_private.work_difficulty_changes $$, '42501', null,
  'anon cannot read the history');
select throws_ok($$ insert into stepzero_private.work_difficulty_changes values (now(), 0) $$, '42501', null,
  'anon cannot write a lower difficulty into it');
reset role;
set local role authenticated;
select throws_ok($$ select public.work_difficulty_at(now()) $$, '42501', null, 'authenticated cannot ask');
select throws_ok($$ select * from stepzero_private.work_difficulty_changes $$, '42501', null,
  'authenticated cannot read the history');
reset role;

-- The operator raises the difficulty, then lowers it back: each change is recorded when made.
select min(changed_at) as started from stepzero_private.work_difficulty_changes \gset
select count(*) as before_changes from stepzero_private.work_difficulty_changes \gset
update stepzero_private.settings set work_difficulty = 22;
select max(changed_at) as raised from stepzero_private.work_difficulty_changes \gset
update stepzero_private.settings set work_difficulty = 22;
update stepzero_private.settings set unclaimed_upload_mb = 20;
select is((select count(*) from stepzero_private.work_difficulty_changes), (:before_changes + 1)::bigint,
  'a raise is recorded once; setting the same value again, or another setting, records nothing');
select is((select difficulty from stepzero_private.work_difficulty_changes where changed_at = :'raised'),
  22, 'the raise is recorded with its value');
update stepzero_private.settings set work_difficulty = 18;
select max(changed_at) as lowered from stepzero_private.work_difficulty_changes \gset
select ok(:'started'::timestamptz < :'raised'::timestamptz and :'raised'::timestamptz < :'lowered'::timestamptz,
  'the changes keep their order');

-- What the import is told, as the service role.
set local role service_role;
select is(public.work_difficulty_at(:'raised'::timestamptz - interval '1 microsecond'), 19,
  'sent just before the raise: the difficulty before it (the default, 19)');
select is(public.work_difficulty_at(:'raised'), 22, 'sent at the raise: the raised difficulty');
select is(public.work_difficulty_at(:'lowered'::timestamptz - interval '1 microsecond'), 22,
  'sent while it was raised: the raised difficulty');
select is(public.work_difficulty_at(:'lowered'::timestamptz + interval '1 hour'), 18,
  'sent after it was lowered: the lowered difficulty');
select is(public.work_difficulty_at(:'started'::timestamptz - interval '1 microsecond'), null::integer,
  'sent before the history starts: not known (the import asks for 18, the default then)');
reset role;
update stepzero_private.settings set work_difficulty = 26;
set local role service_role;
select is(public.work_difficulty_at(null), 26, 'no time given (an email without a Date): today''s difficulty');
select is(public.work_difficulty_at(:'lowered'::timestamptz + interval '1 microsecond'), 18,
  'a later change does not reach back');
reset role;

select * from finish();
rollback;
