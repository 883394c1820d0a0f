-- The proof of work split into sub-puzzles (supabase/migrations/*_work_split.sql; the engine's
-- side: core/src/work.rs): the shared vectors, the column's CHECK on the longer text, the split
-- through anon, and the first form (one puzzle) still stored: rows solved before the change and
-- waiting in visitors' outboxes are not lost.
begin;
create extension if not exists pgtap with schema extensions;
set local search_path = public, extensions;
select plan(21);

-- The split work for the row at `difficulty`, each part's first nonce from 0, in SQL (slow,
-- so only for small difficulties): 2^min(d, 5) parts of d - min(d, 5) bits.
create function pg_temp.solve_split(row_id uuid, completed timestamptz, difficulty integer) returns text
  language plpgsql as $$
declare
  parts integer := 1 << least(difficulty, 5);
  bits integer := difficulty - least(difficulty, 5);
  found text[] := '{}';
  n bigint;
begin
  for i in 0 .. parts - 1 loop
    n := 0;
    while left(('x' || encode(extensions.digest(format('stepzero-work:v2:%s:%s:%s:%s', row_id,
        floor(extract(epoch from completed) * 1000)::bigint, i, n), 'sha256'), 'hex'))::bit(256)::text,
        bits) <> repeat('0', bits) loop
      n := n + 1;
    end loop;
    found := found || n::text;
  end loop;
  return array_to_string(found, ',');
end $$;

-- The first form: one nonce for the whole difficulty.
create function pg_temp.solve_single(row_id uuid, completed timestamptz, difficulty integer) returns text
  language plpgsql as $$
declare n bigint := 0;
begin
  while left(('x' || encode(extensions.digest(format('stepzero-work:v1:%s:%s:%s', row_id,
      floor(extract(epoch from completed) * 1000)::bigint, n), 'sha256'), 'hex'))::bit(256)::text,
      difficulty) <> repeat('0', difficulty) loop
    n := n + 1;
  end loop;
  return n::text;
end $$;

\ir work_rows.sql
set local stepzero_test.agent = 'pgtap-split';

-- The shared vectors (tests/vectors/work.json, "split"): the database agrees with the engine.
update stepzero_private.settings set work_difficulty = 12;
select lives_ok($$ select stepzero_private.check_work('6f1c2e7a-3b4d-4e5f-8a9b-0c1d2e3f4a5b', to_timestamp(1763850000.123),
  '174,16,144,43,205,65,245,210,19,67,247,202,24,51,42,352,217,404,75,234,18,250,104,6,13,216,295,102,200,113,10,41') $$, 'the vector''s split work is valid at difficulty 12 (32 parts of 7 bits)');
select throws_ok($$ select stepzero_private.check_work('0b9f1c1e-6a1d-4a53-9a43-2f0e5c7d8e11', to_timestamp(1763850000.123),
  '174,16,144,43,205,65,245,210,19,67,247,202,24,51,42,352,217,404,75,234,18,250,104,6,13,216,295,102,200,113,10,41') $$, 'PT428', 'Proof of work insufficient', 'the same work for another id is refused');
select throws_ok($$ select stepzero_private.check_work('6f1c2e7a-3b4d-4e5f-8a9b-0c1d2e3f4a5b', to_timestamp(1763850000.124),
  '174,16,144,43,205,65,245,210,19,67,247,202,24,51,42,352,217,404,75,234,18,250,104,6,13,216,295,102,200,113,10,41') $$, 'PT428', 'Proof of work insufficient', 'the same work for another time is refused');
select throws_ok($$ select stepzero_private.check_work('6f1c2e7a-3b4d-4e5f-8a9b-0c1d2e3f4a5b', to_timestamp(1763850000.123),
  '16,174,144,43,205,65,245,210,19,67,247,202,24,51,42,352,217,404,75,234,18,250,104,6,13,216,295,102,200,113,10,41') $$, 'PT428', 'Proof of work insufficient',
  'two parts swapped are refused (each part is bound to its index)');
select throws_ok($$ select stepzero_private.check_work('6f1c2e7a-3b4d-4e5f-8a9b-0c1d2e3f4a5b', to_timestamp(1763850000.123),
  '174,16,144,43,205,65,245,210,19,67,247,202,24,51,42,352,217,404,75,234,18,250,104,6,13,216,295,102,200,113,10') $$, 'PT428', 'Proof of work insufficient', 'one part short is refused');
select throws_ok($$ select stepzero_private.check_work('6f1c2e7a-3b4d-4e5f-8a9b-0c1d2e3f4a5b', to_timestamp(1763850000.123),
  '174,16,144,43,205,65,245,210,19,67,247,202,24,51,42,352,217,404,75,234,18,250,104,6,13,216,295,102,200,113,10,41,0') $$, 'PT428', 'Proof of work insufficient', 'one part too many is refused');
select throws_ok($$ select stepzero_private.check_work('0b9f1c1e-6a1d-4a53-9a43-2f0e5c7d8e11', to_timestamp(1763850000.123),
  '10,0,17,4,0,36,8,9,2,2,8,4,7,9,3,0,24,22,11,0,5,2,16,18,7,0,10,3,4,0,5,1') $$, 'PT428', 'Proof of work insufficient',
  'split work of a lower difficulty (8) is refused at 12');
select throws_ok(format('select stepzero_private.check_work(%L, to_timestamp(1763850000.123), %L)',
  '0b9f1c1e-6a1d-4a53-9a43-2f0e5c7d8e11'::text, pg_temp.solve_split('0b9f1c1e-6a1d-4a53-9a43-2f0e5c7d8e11', to_timestamp(1763850000.123), 11)), 'PT428',
  'Proof of work insufficient', 'split work of one bit less (11: parts of 6 bits) is refused at 12');
update stepzero_private.settings set work_difficulty = 9;
select throws_ok($$ select stepzero_private.check_work('0b9f1c1e-6a1d-4a53-9a43-2f0e5c7d8e11',
  to_timestamp(1763850000.123), '79') $$, 'PT428', 'Proof of work insufficient',
  'the first form one bit short (the vector''s 8 zero bits) is refused at 9');
update stepzero_private.settings set work_difficulty = 8;
select lives_ok($$ select stepzero_private.check_work('0b9f1c1e-6a1d-4a53-9a43-2f0e5c7d8e11', to_timestamp(1763850000.123),
  '10,0,17,4,0,36,8,9,2,2,8,4,7,9,3,0,24,22,11,0,5,2,16,18,7,0,10,3,4,0,5,1') $$, 'the vector''s split work is valid at difficulty 8 (32 parts of 3 bits)');

-- Below 5 bits there are fewer parts, of 0 bits: any nonces, but exactly 2^d of them.
update stepzero_private.settings set work_difficulty = 3;
select lives_ok($$ select stepzero_private.check_work('0b9f1c1e-6a1d-4a53-9a43-2f0e5c7d8e11', to_timestamp(0), '0,0,0,0,0,0,0,0') $$,
  'at difficulty 3, eight parts of 0 bits');
select throws_ok($$ select stepzero_private.check_work('0b9f1c1e-6a1d-4a53-9a43-2f0e5c7d8e11', to_timestamp(0), '0,0,0,0') $$,
  'PT428', 'Proof of work insufficient', 'at difficulty 3, four parts are too few');

-- The column's CHECK: up to 32 nonces of up to 20 digits (the owner is exempt from the work).
select lives_ok(pg_temp.row_sql('00000000-0000-4000-8000-0000000000c1', now()::text, '18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615')
  || ' returning id', 'the longest work (32 nonces of 20 digits) fits the column');
select throws_ok(pg_temp.row_sql('00000000-0000-4000-8000-0000000000c2', now()::text, '18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,18446744073709551615,1'),
  '23514', null, '33 nonces do not');
select throws_ok(pg_temp.row_sql('00000000-0000-4000-8000-0000000000c3', now()::text, '1,,2'),
  '23514', null, 'an empty nonce in the list does not');

-- Through anon, at a difficulty SQL can solve quickly.
update stepzero_private.settings set work_difficulty = 8;
select date_trunc('milliseconds', now())::text as at \gset
select pg_temp.solve_split('00000000-0000-4000-8000-0000000000d1', :'at', 8) as split \gset
select pg_temp.solve_single('00000000-0000-4000-8000-0000000000d2', :'at', 8) as single \gset
select pg_temp.solve_split('00000000-0000-4000-8000-0000000000d3', :'at', 8) as weak \gset
set local role anon;
select lives_ok(pg_temp.row_sql('00000000-0000-4000-8000-0000000000d1', :'at', :'split'),
  'a row with split work is stored');
select lives_ok(pg_temp.row_sql('00000000-0000-4000-8000-0000000000d2', :'at', :'single'),
  'a row with the first form''s work (one puzzle, as in an outbox from before the split) is stored');
reset role;
update stepzero_private.settings set work_difficulty = 10;
set local role anon;
select is(pg_temp.hint_of(pg_temp.row_sql('00000000-0000-4000-8000-0000000000d3', :'at', :'weak')),
  'difficulty=10', 'split work solved at 8 is refused at 10, and the refusal asks for 10');
reset role;

select is((select work_nonce from public.survey_responses where id = '00000000-0000-4000-8000-0000000000d1'),
  :'split', 'the split work is stored with its row');
select is((select count(*) from public.survey_responses where user_agent = 'pgtap-split'
  and id in ('00000000-0000-4000-8000-0000000000d1', '00000000-0000-4000-8000-0000000000d2')), 2::bigint,
  'both anon rows were stored, the refused one was not');
select is((select count(*) from public.survey_responses where id = '00000000-0000-4000-8000-0000000000d3'),
  0::bigint, 'nothing of the refused row was stored');

select * from finish();
rollback;
