-- Strangers cannot fill the storage bucket. A row costs its sender a proof of work
-- (20251122000100_one_row_and_work.sql); an upload cost nothing: with the public anon key a
-- script could POST /storage/v1/object/survey_media/<ms>_x.jpg, no row and no work, 10 MiB a
-- file, and about 100 of them fill a free-plan project's 1 GB (which then turns read-only).
--
-- The rule: uploads no row names yet ("unclaimed": no survey_responses.media_file_url equals
-- the object's name, the engine's "<ms>_<sanitised name>") may take at most
-- stepzero_private.settings.unclaimed_upload_mb per window (an hour, from the top of the
-- hour). Beyond it anon's uploads are refused (Storage's statusCode "403") until rows claim the
-- window's uploads or the next window starts. A visitor's row names its file seconds after the
-- upload, which gives the file's bytes back at once, so visitors' files never add up; during a
-- flood a visitor's file may be refused, and then the site does what the spec says for an
-- upload error: the row is saved with no file path (and the email backup carries the shrunk
-- photo when the insert fails too).
--
-- What the check can know. Read in supabase/storage (v1.70.6, src/storage/uploader.ts): an upload
-- asks the database before the file's bytes are read, with an INSERT INTO storage.objects as
-- the caller (metadata {mimetype, contentLength}) that is rolled back; the bytes then stream to
-- S3 and the row is written as the service role, past every policy. contentLength there is the
-- request's Content-Length: the whole body, multipart framing included, so never less than the
-- file; a request that declares none (chunked) leaves it out, and for such a raw body Storage
-- enforces no size limit at all. So:
--   * an upload is charged its declared length; one that declares none is refused;
--   * charges go to a ledger the rolled-back check cannot undo (a sequence: setval is not
--     transactional), so uploads still streaming count. Counting stored objects instead would
--     let a script start a thousand uploads at once, each checked against an empty bucket;
--   * a row that names an object stored in this window gives back the object's stored size
--     (metadata.size, written by Storage; never more than what its upload was charged);
--   * only Storage's plain upload route may insert for anon (storage.operation(): the route's
--     name, which Storage sets for every request, src/internal/database/postgres/scope.ts; the
--     site makes no other upload). A signed upload URL, a resumable
--     (TUS) or an S3 upload is checked when it starts and stores its bytes later as the service
--     role, past any count.
-- What it does not bound: files that rows name (each costs a row, and so the work); an object
-- whose upload was checked in one window, stored in the next and named by a row gives its
-- bytes back in a window it was not charged in (again only with a row); and what is stored
-- stays until a retention clean-up removes it (docs/operate.md, "Retention"): the bound is on
-- the rate.
-- The owner and the service role (an operator's own uploads) are not counted.

-- The default, 100 MB (of 1,048,576 bytes, as the spec's 10 MB attachment limit) an hour: ten
-- attachments of the largest size, far more than the site's own unclaimed uploads (a file
-- stays unclaimed only while its row is on the way, or when its insert failed and the
-- response went by email or waits in the visitor's outbox), while a flood needs at least ten
-- hours to fill a 1 GB bucket from empty: time for the operator to notice and clean up.
-- The operator's switches (no redeploy; the next upload sees them):
--   update stepzero_private.settings set unclaimed_upload_mb = 0;    -- refuse every anonymous upload
--   update stepzero_private.settings set unclaimed_upload_mb = 500;  -- a busy day
-- The window is an hour; tests and the bench (tests/bench/flood-bucket.mjs) shorten it.
alter table stepzero_private.settings
  add column unclaimed_upload_mb integer not null default 100
    constraint settings_unclaimed_upload_mb_range check (unclaimed_upload_mb between 0 and 1000000),
  add column unclaimed_upload_window_seconds integer not null default 3600
    constraint settings_unclaimed_upload_window_range check (unclaimed_upload_window_seconds between 1 and 86400);
revoke all on table stepzero_private.settings from public, anon, authenticated;

-- The window's charges: (window number mod 2^19) * 2^43 + bytes charged in that window, one
-- value, so that reading and writing it is one step. 2^19 windows of an hour are 59 years; 2^43
-- bytes are 8 TiB, more than any window is allowed to charge (see the check).
create sequence stepzero_private.unclaimed_upload_ledger minvalue 0 start 0;
revoke all on sequence stepzero_private.unclaimed_upload_ledger from public, anon, authenticated;

-- Whether an upload declaring `metadata.contentLength` bytes fits this window's budget; if so,
-- charges it. Security definer: anon can read neither storage.objects, nor the ledger, nor the
-- settings. Called last in the insert policy, so only an upload every other rule allows is
-- charged.
create function stepzero_private.charge_unclaimed_upload(metadata jsonb)
  returns boolean
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
declare
  bytes_per_mb constant bigint := 1048576;
  ledger_bytes constant bigint := 8796093022207;  -- 2^43 - 1
  ledger_windows constant bigint := 524288;        -- 2^19
  declared numeric;
  budget bigint;
  window_seconds integer;
  this_window bigint;
  ledger bigint;
  charged bigint := 0;
  claimed numeric;
begin
  if jsonb_typeof(metadata -> 'contentLength') is distinct from 'number' then
    return false;  -- no declared length: the size would be known only once stored, if ever
  end if;
  declared := ceil((metadata ->> 'contentLength')::numeric);
  select s.unclaimed_upload_mb * bytes_per_mb, s.unclaimed_upload_window_seconds
    into budget, window_seconds
    from stepzero_private.settings s;
  if declared < 0 or declared > budget then
    return false;
  end if;
  this_window := floor(extract(epoch from now()) / window_seconds);

  -- One check at a time reads and writes the ledger; the lock ends with the check's transaction.
  perform pg_advisory_xact_lock('pg_class'::regclass::oid::integer,
                                'stepzero_private.unclaimed_upload_ledger'::regclass::oid::integer);
  select last_value into ledger from stepzero_private.unclaimed_upload_ledger;
  if ledger >> 43 = this_window % ledger_windows then
    charged := ledger & ledger_bytes;
  end if;

  select coalesce(sum((o.metadata ->> 'size')::numeric), 0) into claimed
    from storage.objects o
   where o.bucket_id = 'survey_media'
     and o.created_at >= to_timestamp(this_window * window_seconds)
     and jsonb_typeof(o.metadata -> 'size') = 'number'
     and exists (select 1 from public.survey_responses r where r.media_file_url = o.name);

  if greatest(charged - claimed, 0) + declared > budget or charged + declared > ledger_bytes then
    return false;
  end if;
  perform setval('stepzero_private.unclaimed_upload_ledger',
                 ((this_window % ledger_windows) << 43) | (charged + declared::bigint));
  return true;
end
$$;

revoke all on function stepzero_private.charge_unclaimed_upload(jsonb) from public;
grant execute on function stepzero_private.charge_unclaimed_upload(jsonb) to anon;

-- Rows are looked up by the object they name (the check above, and the operator's query for
-- files no row points to).
create index survey_responses_media_file_url on public.survey_responses (media_file_url);

-- The insert policy of 20250820000100_survey_media_bucket.sql, with the route and the budget.
drop policy survey_media_anon_insert on storage.objects;

create policy survey_media_anon_insert
  on storage.objects
  for insert
  to anon
  with check (
    bucket_id = 'survey_media'
    and name ~ '^[0-9]{1,16}_[A-Za-z0-9._-]{1,200}$'
    and storage.operation() = 'storage.object.upload'
    and stepzero_private.charge_unclaimed_upload(metadata)
  );
