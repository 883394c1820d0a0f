-- The default difficulty raised from 18 to 19 (supabase/migrations/*_work_difficulty_19.sql):
-- the column's default and the stored setting are 19, the history records the change, a row
-- solved at 18 is refused with the hint the site re-solves from and is stored once solved at 19,
-- and an operator's own choice survives the migration.
begin;
create extension if not exists pgtap with schema extensions;
set local search_path = public, extensions;
select plan(15);

\ir work_rows.sql
set local stepzero_test.agent = 'pgtap-work-19';

-- The default and the stored setting.
select col_default_is('stepzero_private', 'settings', 'work_difficulty', '19',
  'the difficulty defaults to 19, the engine''s DEFAULT_DIFFICULTY');
select is((select work_difficulty from stepzero_private.settings), 19,
  'the stored setting, still at the old default 18, was raised to 19');

-- The history records the raise after the value it had (18).
select is((select array_agg(difficulty order by changed_at) from stepzero_private.work_difficulty_changes),
  array[18, 19], 'the history holds 18, then the raise to 19');
select max(changed_at) as raised_at from stepzero_private.work_difficulty_changes \gset
set local role service_role;
select is(public.work_difficulty_at(:'raised_at'::timestamptz - interval '1 microsecond'), 18,
  'the import asks 18 of an email sent before the raise');
select is(public.work_difficulty_at(:'raised_at'), 19, 'and 19 of one sent after it');
reset role;

-- A row in flight: solved at 18 (tests/vectors/work.json, split, the first nonces at 18 and 19
-- for this id and time), refused at 19 with the hint the site solves again from, then stored.
\set id '6f1c2e7a-3b4d-4e5f-8a9b-0c1d2e3f4a5b'
\set at '2025-11-22T22:20:00.123Z'
\set at18 '6235,139,7410,28871,9149,8387,2829,6227,575,19556,4953,17298,24232,1237,7850,41303,3015,3589,22614,6096,3728,8153,2508,1122,11197,12503,9570,906,26373,11910,10,6727'
\set at19 '24110,26069,9296,32468,13295,8387,2829,6227,25105,52710,4953,17298,42591,6329,7850,50677,3015,3589,22614,6096,3728,17716,12536,1122,11197,24857,9570,4795,26373,25336,7833,6727'
set local role anon;
select throws_ok(pg_temp.row_sql(:'id', :'at', :'at18'), 'PT428', 'Proof of work insufficient',
  'a row solved at 18 is refused at 19');
select is(pg_temp.hint_of(pg_temp.row_sql(:'id', :'at', :'at18')), 'difficulty=19',
  'the refusal asks for 19: the visitor''s outbox solves the row again');
select lives_ok(pg_temp.row_sql(:'id', :'at', :'at19'), 'the same row solved at 19 is stored');
reset role;
select is((select work_nonce from public.survey_responses where id = :'id'), :'at19',
  'it is stored once, with the work at 19');

-- The migration again (\ir: the file itself), over an operator's own value: it is kept.
update stepzero_private.settings set work_difficulty = 22;
select count(*) as changes from stepzero_private.work_difficulty_changes \gset
\ir ../../migrations/20251130000000_work_difficulty_19.sql
select is((select work_difficulty from stepzero_private.settings), 22,
  'an operator who chose another difficulty keeps it');
select is((select count(*) from stepzero_private.work_difficulty_changes), :changes::bigint,
  'and the history records no change');
update stepzero_private.settings set work_difficulty = 17;
\ir ../../migrations/20251130000000_work_difficulty_19.sql
select is((select work_difficulty from stepzero_private.settings), 17,
  'a difficulty lowered below the old default is kept too');
-- Over the old default: raised, and recorded.
update stepzero_private.settings set work_difficulty = 18;
select count(*) as changes from stepzero_private.work_difficulty_changes \gset
\ir ../../migrations/20251130000000_work_difficulty_19.sql
select is((select work_difficulty from stepzero_private.settings), 19, 'the old default 18 becomes 19');
select is((select difficulty from stepzero_private.work_difficulty_changes order by changed_at desc limit 1), 19,
  'the history records the raise');
select is((select count(*) from stepzero_private.work_difficulty_changes), :changes::bigint + 1,
  'once');

select * from finish();
rollback;
