-- The proof of work split into sub-puzzles (core/src/work.rs): at difficulty d, k = 2^min(d, 5)
-- parts (32 from d = 5 up) of d - log2 k bits each, part i solved by a nonce such that SHA-256 of
--   stepzero-work:v2:<id>:<completion_time in epoch ms>:<i>:<nonce>
-- starts with that many zero bits; work_nonce holds the k nonces joined by commas in index order.
-- The expected cost is k × 2^(d - log2 k) = 2^d hashes, as before, so work_difficulty keeps its
-- meaning for the operator; the solve time is a sum of k draws, so few visitors wait long.
-- The first form (one nonce for stepzero-work:v1:…, the whole difficulty in one hash) costs the
-- same and stays valid: rows solved before this change and still waiting in visitors' outboxes
-- are stored when they are sent (docs/decisions.md, "Abuse resistance").

alter table public.survey_responses drop constraint survey_responses_work_nonce_format;
-- One nonce, or up to 32 joined by commas (core/src/work.rs, `is_nonce` and MAX_WORK_CHARS).
alter table public.survey_responses add constraint survey_responses_work_nonce_format
  check (work_nonce ~ '^[0-9]{1,20}(,[0-9]{1,20}){0,31}$');

create or replace function stepzero_private.check_work(row_id uuid, completed timestamptz, nonce text)
  returns void
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  difficulty integer := (select work_difficulty from stepzero_private.settings);
  ms bigint := floor(extract(epoch from completed) * 1000)::bigint;
  -- The split (work.rs `shape`): parts × 2^part_bits = 2^difficulty.
  parts integer := 1 << least(difficulty, 5);
  part_bits integer := difficulty - least(difficulty, 5);
  nonces text[];
begin
  if nonce ~ '^[0-9]{1,20}$' then
    -- The first form: one puzzle of the whole difficulty.
    if left(('x' || encode(extensions.digest(convert_to(format('stepzero-work:v1:%s:%s:%s',
        row_id::text, ms, nonce), 'UTF8'), 'sha256'), 'hex'))::bit(256)::text, difficulty)
        = repeat('0', difficulty) then
      return;
    end if;
  elsif nonce ~ '^[0-9]{1,20}(,[0-9]{1,20})*$' then
    nonces := string_to_array(nonce, ',');
    if cardinality(nonces) = parts and (
      select bool_and(left(('x' || encode(extensions.digest(convert_to(format(
               'stepzero-work:v2:%s:%s:%s:%s', row_id::text, ms, part.i - 1, part.n), 'UTF8'),
               'sha256'), 'hex'))::bit(256)::text, part_bits) = repeat('0', part_bits))
        from unnest(nonces) with ordinality as part(n, i)) then
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
