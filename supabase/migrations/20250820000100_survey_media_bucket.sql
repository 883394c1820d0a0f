-- survey_media: the private bucket for optional attachments (spec sections 3, 7.1, 9).
-- storage.buckets and storage.objects belong to hosted Supabase; this migration only adds
-- the project's bucket row and its policy. Values: docs/CONTRACT.md.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values (
  'survey_media',
  'survey_media',
  false,
  10485760,  -- 10 MiB
  array[
    -- images the engine accepts (SVG is refused: it can carry script)
    'image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/heic', 'image/heif',
    'image/bmp', 'image/tiff', 'image/avif',
    'video/*',
    'application/pdf',
    'application/msword',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'text/plain'
  ]
)
on conflict (id) do update set
  name = excluded.name,
  public = excluded.public,
  file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

-- Anonymous visitors may add objects to survey_media, named as the engine names them
-- ("<ms>_<sanitised name>": no folders, no "..", nothing but letters, digits, . _ -).
-- There is no SELECT, UPDATE or DELETE policy: nobody but the owner/service role can read,
-- list, overwrite (upsert) or remove objects.
create policy survey_media_anon_insert
  on storage.objects
  for insert
  to anon
  with check (
    bucket_id = 'survey_media'
    and name ~ '^[0-9]{1,16}_[A-Za-z0-9._-]{1,200}$'
  );
