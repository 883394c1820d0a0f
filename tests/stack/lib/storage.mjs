// Supabase Storage's object API, as far as the product and its tests use it. Every
// database step runs as the caller's role in a transaction, so storage RLS policies decide,
// and sees what storage-api's request scope sets: the JWT claims and the route's operation.
import { mkdirSync, writeFileSync, renameSync, rmSync, readFileSync, existsSync } from 'node:fs';
import { resolve, sep, dirname } from 'node:path';
import { randomUUID, createHash } from 'node:crypto';

export const GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024; // hosted Supabase's default
const MULTIPART_SLACK = 64 * 1024;

/** Supabase Storage's error body; HTTP status is 400 except for 500 (as storage-api renders). */
export class StorageError extends Error {
  constructor(statusCode, error, message, httpStatus) {
    super(message);
    this.statusCode = String(statusCode);
    this.error = error;
    this.httpStatus = httpStatus ?? (this.statusCode === '500' ? 500 : 400);
  }

  body() {
    return { statusCode: this.statusCode, error: this.error, message: this.message };
  }
}

const E = {
  invalidKey: (key) => new StorageError(400, 'InvalidKey', `Invalid key: ${key}`),
  noBucket: () => new StorageError(404, 'Bucket not found', 'Bucket not found'),
  noObject: () => new StorageError(404, 'not_found', 'Object not found'),
  tooLarge: () => new StorageError(413, 'Payload too large', 'The object exceeded the maximum allowed size'),
  mime: (t) => new StorageError(415, 'invalid_mime_type', `mime type ${t} is not supported`),
  rls: () => new StorageError(403, 'Unauthorized', 'new row violates row-level security policy'),
  duplicate: () => new StorageError(409, 'Duplicate', 'The resource already exists'),
  bad: (m) => new StorageError(400, 'InvalidRequest', m),
};

/**
 * The operation names storage-api gives its routes (src/http/routes/operations.ts) and sets as
 * `storage.operation` for every query of the request; policies read it with storage.operation().
 */
export const OPERATION = {
  upload: 'storage.object.upload', // POST /object/<bucket>/<name> (x-upsert or not)
  update: 'storage.object.upload_update', // PUT /object/<bucket>/<name>
  download: 'storage.object.get_authenticated', // GET /object/[authenticated/]<bucket>/<name>
  downloadPublic: 'storage.object.get_public', // GET /object/public/<bucket>/<name>
  list: 'storage.object.list', // POST /object/list/<bucket>
  remove: 'storage.object.delete_many', // DELETE /object/<bucket>
};

/**
 * The request's Content-Length as storage-api reads it for the permission check
 * (getKnownRequestContentLength in src/storage/uploader.ts): the whole body, multipart framing
 * included; undefined when the request declares none (chunked) or a value that is not a number.
 */
export function declaredLength(headers) {
  const n = Number(headers['content-length']);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

// storage-api's isValidKey: word characters and a few safe punctuation marks.
const KEY_CHARS = /^(\w|\/|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/;

/** Decodes "<bucket>/<key...>" from a raw (still percent-encoded) path; refuses traversal. */
export function parseObjectPath(raw) {
  const segments = raw.split('/');
  let decoded;
  try {
    decoded = segments.map((s) => decodeURIComponent(s));
  } catch {
    throw E.invalidKey(raw);
  }
  const [bucket, ...parts] = decoded;
  const key = parts.join('/');
  if (!bucket) throw E.noBucket();
  if (!key || parts.some((p) => p === '' || p === '.' || p === '..') || key.length > 1024 || !KEY_CHARS.test(key)) {
    throw E.invalidKey(key);
  }
  return { bucket, key };
}

export function mimeAllowed(allowed, mime) {
  if (!allowed || allowed.length === 0) return true;
  return allowed.some((a) => {
    const rule = a.toLowerCase();
    return rule.endsWith('/*') ? mime.startsWith(rule.slice(0, -1)) : rule === mime;
  });
}

export class Storage {
  /** @param admin pg.Pool as the owner; @param api pg.Pool as authenticator (switches role) */
  constructor({ admin, api, dir }) {
    this.admin = admin;
    this.api = api;
    this.dir = dir;
  }

  filePath(bucket, key) {
    const root = resolve(this.dir);
    const p = resolve(root, bucket, key);
    if (!p.startsWith(root + sep)) throw E.invalidKey(key);
    return p;
  }

  async bucket(id) {
    const { rows } = await this.admin.query('select id, file_size_limit, allowed_mime_types from storage.buckets where id = $1', [id]);
    if (!rows[0]) throw E.noBucket();
    return rows[0];
  }

  /**
   * Runs fn(client) in a transaction as `claims.role`; maps policy errors to Storage's.
   * Like storage-api's request scope, every transaction sets the claims, the route's
   * `operation` (OPERATION) and storage.allow_delete_query, so the schema's delete guard lets
   * the API (and only the API) delete; policies still decide.
   * `rollback: true` is storage-api's testPermission: the statement's effect is thrown away.
   */
  async asRole(claims, fn, { rollback = false, operation = '' } = {}) {
    const client = await this.api.connect();
    try {
      await client.query('begin');
      await client.query(`set local role ${claims.role}`); // role is from a verified allowlist
      await client.query(
        `select set_config('request.jwt.claims', $1, true), set_config('storage.operation', $2, true),
                set_config('storage.allow_delete_query', 'true', true)`,
        [JSON.stringify(claims), operation],
      );
      const result = await fn(client);
      await client.query(rollback ? 'rollback' : 'commit');
      return result;
    } catch (e) {
      await client.query('rollback').catch(() => {});
      if (e.code === '42501') throw E.rls();
      if (e.code === '23505') throw E.duplicate();
      throw e;
    } finally {
      client.release();
    }
  }

  /** Size limit for reading an upload body to the given bucket (file plus multipart framing). */
  async readLimit(bucketId) {
    const b = await this.bucket(bucketId);
    const limit = Math.min(Number(b.file_size_limit ?? GLOBAL_FILE_SIZE_LIMIT), GLOBAL_FILE_SIZE_LIMIT);
    return { bucket: b, limit, readLimit: limit + MULTIPART_SLACK };
  }

  /**
   * POST/PUT /object/<bucket>/<key>: body is multipart (supabase-js File/Blob) or raw bytes;
   * `declared` is the request's Content-Length (declaredLength), `operation` the route's.
   */
  async upload({ bucket, key, claims, contentType, body, upsert, limit, declared, operation = OPERATION.upload }) {
    const file = await parseUpload(contentType, body);
    if (file.bytes.length > limit) throw E.tooLarge();
    const mime = file.mimetype.split(';')[0].trim().toLowerCase();
    if (!mimeAllowed(bucket.allowed_mime_types, mime)) throw E.mime(file.mimetype);

    const id = randomUUID();
    const target = this.filePath(bucket.id, key);
    const temp = `${target}.${id}.part`;
    const metadata = {
      eTag: `"${createHash('md5').update(file.bytes).digest('hex')}"`,
      size: file.bytes.length,
      mimetype: file.mimetype,
      cacheControl: `max-age=${file.cacheControl ?? '3600'}`,
      lastModified: new Date().toISOString(),
      contentLength: file.bytes.length,
      httpStatusCode: 200,
    };
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(temp, file.bytes);
    const write = (c, meta) =>
      c.query(
        `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, version)
       values ($6, $1, $2, $3, $4, $5, $7)` +
          (upsert
            ? ` on conflict (bucket_id, name) do update
         set metadata = excluded.metadata, version = excluded.version, updated_at = now()`
            : ''),
        [bucket.id, key, uuidOrNull(claims.sub), claims.sub ?? null, meta, id, id],
      );
    try {
      // storage-api's order: the caller's permission check (an insert as the caller, rolled
      // back, with only what is known before the bytes are stored), then the row as the
      // service role. Policies therefore see {mimetype, contentLength}, as on hosted Supabase,
      // where contentLength is the request's declared length (multipart framing included) and
      // is left out when the request declares none (JSON drops the undefined).
      await this.asRole(claims, (c) => write(c, { mimetype: file.mimetype, contentLength: declared }), { rollback: true, operation });
      await this.asRole({ ...claims, role: 'service_role' }, (c) => write(c, metadata), { operation });
      renameSync(temp, target);
    } finally {
      rmSync(temp, { force: true });
    }
    return { Key: `${bucket.id}/${key}`, Id: id };
  }

  /** GET /object/<bucket>/<key>: the bytes, if the caller's SELECT policies allow. */
  async download({ bucket, key, claims, operation = OPERATION.download }) {
    await this.bucket(bucket);
    const rows = await this.asRole(
      claims,
      async (c) => (await c.query('select metadata from storage.objects where bucket_id = $1 and name = $2', [bucket, key])).rows,
      { operation },
    );
    if (!rows[0]) throw E.noObject();
    const p = this.filePath(bucket, key);
    if (!existsSync(p)) throw E.noObject();
    return { bytes: readFileSync(p), mimetype: rows[0].metadata?.mimetype ?? 'application/octet-stream' };
  }

  /** POST /object/list/<bucket>: what the caller may see under `prefix`. */
  async list({ bucket, claims, options }) {
    await this.bucket(bucket);
    const prefix = typeof options.prefix === 'string' ? options.prefix : '';
    const limit = Math.min(Number(options.limit) || 100, 1000);
    const offset = Number(options.offset) || 0;
    return this.asRole(
      claims,
      async (c) =>
        (
          await c.query(
            `select name, id, updated_at, created_at, last_accessed_at, metadata
         from storage.objects
        where bucket_id = $1 and starts_with(name, $2)
        order by name limit $3 offset $4`,
            [bucket, prefix, limit, offset],
          )
        ).rows,
      { operation: OPERATION.list },
    );
  }

  /** DELETE /object/<bucket> {prefixes}: removes what the caller's DELETE policies allow. */
  async remove({ bucket, claims, names }) {
    await this.bucket(bucket);
    const rows = await this.asRole(
      claims,
      async (c) =>
        (await c.query('delete from storage.objects where bucket_id = $1 and name = any($2) returning name, id, metadata', [bucket, names]))
          .rows,
      { operation: OPERATION.remove },
    );
    for (const r of rows) rmSync(this.filePath(bucket, r.name), { force: true });
    return rows.map((r) => ({ ...r, bucket_id: bucket }));
  }

  /** Test helper: every object of a bucket, as the owner sees them. */
  async objects(bucket) {
    const { rows } = await this.admin.query(
      `select name, (metadata->>'size')::bigint as size, metadata->>'mimetype' as mimetype
         from storage.objects where bucket_id = $1 order by created_at, name`,
      [bucket],
    );
    return rows.map((r) => ({ ...r, size: Number(r.size) }));
  }

  async rawObject(bucket, key) {
    const { rows } = await this.admin.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [bucket, key]);
    const p = this.filePath(bucket, key);
    if (!rows[0] || !existsSync(p)) throw E.noObject();
    return readFileSync(p);
  }

  async reset() {
    // The delete guard applies to the owner too: empty the table the way the API would.
    await this.admin.query(`begin; set local storage.allow_delete_query = 'true';
      delete from storage.objects; commit`);
    rmSync(this.dir, { recursive: true, force: true });
    mkdirSync(this.dir, { recursive: true });
  }
}

async function parseUpload(contentType, body) {
  const ct = String(contentType ?? '');
  if (/^multipart\/form-data/i.test(ct)) {
    let form;
    try {
      form = await new Request('http://local/', { method: 'POST', headers: { 'content-type': ct }, body }).formData();
    } catch {
      throw E.bad('Malformed multipart/form-data body');
    }
    let file = null;
    for (const [, value] of form.entries()) {
      if (typeof value !== 'string') {
        file = value;
        break;
      }
    }
    if (!file) throw E.bad('No file in the multipart/form-data body');
    const cacheControl = form.get('cacheControl');
    return {
      bytes: Buffer.from(await file.arrayBuffer()),
      mimetype: file.type || 'application/octet-stream',
      cacheControl: typeof cacheControl === 'string' ? cacheControl : null,
    };
  }
  if (body.length === 0) throw E.bad('No content provided');
  return { bytes: body, mimetype: ct || 'application/octet-stream', cacheControl: null };
}

function uuidOrNull(v) {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v ?? '') ? v : null;
}
