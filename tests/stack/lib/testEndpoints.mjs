// The local backend's test endpoints, under /__stack on the gateway's port. They exist only
// here (hosted Supabase has nothing like them) and let a test see and steer the backend:
//   GET  /__stack/health                 the stack is up
//   GET  /__stack/rows/<table>           every row of public.<table>, oldest first
//   GET  /__stack/objects/<bucket>       the bucket's objects; /<bucket>/<key> one object's bytes
//   GET  /__stack/emails                 what the EmailJS stand-in received
//   GET  /__stack/resend-emails          what the Resend stand-in sent (the reminders)
//   POST /__stack/settings               {"<setting>": value, ...}: the operator's settings row
//                                        (stepzero_private.settings), as they would update it
//   POST /__stack/backdate               {"rows": [ids], "objects": [names], "days": n}: those rows
//                                        and survey_media objects stored n days earlier
//   GET  /__stack/find/<text>            every table and column of every schema (pg_catalog and
//                                        the extensions' included) holding <text>, case-insensitive
//   GET|POST /__stack/faults             the faults set for the next calls (faults.mjs)
//   GET|POST /__stack/work-difficulty    the proof of work's difficulty, as an operator sets it
//   POST /__stack/reset                  empty tables, bucket and emails; faults, the operator's settings
//                                        (difficulty, upload budget) and the private counters back to default
import { writeFileSync } from 'node:fs';
import { StorageError } from './storage.mjs';
import { MAX_JSON_BODY, readBody, sendJson } from './http.mjs';

/** Answers `m path` (path without the /__stack prefix) for `gateway` (gateway.mjs). */
export async function stackRoute(gateway, req, res, path) {
  const m = req.method;
  let match;
  if (m === 'GET' && path === '/health') return sendJson(res, 200, { ok: true });
  if (m === 'GET' && (match = /^\/rows\/([A-Za-z_][A-Za-z0-9_]*)$/.exec(path))) return rows(gateway, res, match[1]);
  if (m === 'GET' && (match = /^\/objects\/([^/]+)$/.exec(path))) {
    return sendJson(res, 200, await gateway.storage.objects(decodeURIComponent(match[1])));
  }
  if (m === 'GET' && (match = /^\/objects\/([^/]+)\/(.+)$/.exec(path))) {
    try {
      const bytes = await gateway.storage.rawObject(decodeURIComponent(match[1]), decodeURIComponent(match[2]));
      res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': bytes.length });
      return res.end(bytes);
    } catch (e) {
      if (e instanceof StorageError) return sendJson(res, 404, e.body());
      throw e;
    }
  }
  if (m === 'GET' && path === '/emails') return sendJson(res, 200, gateway.emails);
  if (m === 'GET' && path === '/resend-emails') return sendJson(res, 200, gateway.resend.sent);
  if (m === 'POST' && path === '/settings') return settings(gateway, res, await jsonBody(req));
  if (m === 'POST' && path === '/backdate') return backdate(gateway, res, await jsonBody(req));
  if (m === 'GET' && (match = /^\/find\/(.+)$/.exec(path))) return find(gateway, res, decodeURIComponent(match[1]));
  if (path === '/faults' && m === 'GET') return sendJson(res, 200, gateway.faults.set);
  if (path === '/faults' && m === 'POST') {
    const body = await jsonBody(req);
    if (body === undefined) return sendJson(res, 400, { error: 'body must be JSON, e.g. {"insert":500}' });
    const problem = gateway.faults.replace(body);
    if (problem) return sendJson(res, 400, { error: problem });
    gateway.log(`faults now ${JSON.stringify(gateway.faults.set)}`);
    return sendJson(res, 200, gateway.faults.set);
  }
  // The operator's switch (docs/operate.md, "During an attack"), as they would run it in the SQL editor.
  if (path === '/work-difficulty' && m === 'GET') return sendJson(res, 200, await workDifficulty(gateway));
  if (path === '/work-difficulty' && m === 'POST') {
    const difficulty = (await jsonBody(req))?.difficulty;
    if (!Number.isInteger(difficulty) || difficulty < 0 || difficulty > 32) {
      return sendJson(res, 400, { error: 'body must be {"difficulty": <0..32>}' });
    }
    await gateway.admin.query('update stepzero_private.settings set work_difficulty = $1', [difficulty]);
    return sendJson(res, 200, await workDifficulty(gateway));
  }
  if (path === '/reset' && m === 'POST') {
    req.resume();
    await reset(gateway);
    return sendJson(res, 200, { ok: true });
  }
  req.resume();
  return sendJson(res, 404, { error: `no endpoint ${m} /__stack${path}` });
}

/** The body as JSON ({} when empty), or undefined when it is not JSON. */
async function jsonBody(req) {
  try {
    return JSON.parse((await readBody(req, MAX_JSON_BODY)).toString('utf8') || '{}');
  } catch {
    return undefined;
  }
}

async function rows(gateway, res, table) {
  const { rows: found } = await gateway.admin.query(
    "select exists (select 1 from pg_tables where schemaname = 'public' and tablename = $1) as ok",
    [table],
  );
  if (!found[0].ok) return sendJson(res, 404, { error: `no table public.${table}` });
  const { rows: all } = await gateway.admin.query(
    `select coalesce(jsonb_agg(to_jsonb(t) order by t.created_at), '[]') as rows from public."${table}" t`,
  );
  return sendJson(res, 200, all[0].rows);
}

async function workDifficulty(gateway) {
  const { rows: settings } = await gateway.admin.query('select work_difficulty from stepzero_private.settings');
  return { difficulty: settings[0].work_difficulty };
}

async function reset(gateway) {
  const { rows: tables } = await gateway.admin.query(
    "select string_agg(format('%I.%I', schemaname, tablename), ', ') as t from pg_tables where schemaname = 'public'",
  );
  // cascade: stepzero_private.reminders references the responses.
  if (tables[0].t) await gateway.admin.query(`truncate ${tables[0].t} cascade`);
  // Every setting of the operator's row back to its default, and every counter kept beside it
  // (the unclaimed-upload ledger, a sequence) back to its start: read from the catalog, so a
  // setting a migration adds is reset with no change here.
  const { rows: settings } = await gateway.admin.query(`select string_agg(format('%I = default', attname), ', ') as s
      from pg_attribute where attrelid = 'stepzero_private.settings'::regclass
       and attnum > 0 and not attisdropped and attname <> 'only_row'`);
  await gateway.admin.query(`update stepzero_private.settings set ${settings[0].s}`);
  await gateway.admin.query(`select setval(s.seqrelid, s.seqstart, false) from pg_sequence s
      join pg_class c on c.oid = s.seqrelid where c.relnamespace = 'stepzero_private'::regnamespace`);
  // The tombstones of `stepzero-ops forget`: a test's forgotten ids must not refuse the next test's rows.
  await gateway.admin.query('truncate stepzero_private.forgotten_responses');
  // The reminders' claims and per-address hashes (they reference the rows truncated above).
  await gateway.admin.query('truncate stepzero_private.reminders, stepzero_private.reminder_addresses');
  gateway.resend.reset();
  await gateway.storage.reset();
  gateway.emails = [];
  if (gateway.emailsFile) writeFileSync(gateway.emailsFile, '');
  gateway.faults.clear();
}

async function settings(gateway, res, body) {
  if (!body || typeof body !== 'object' || Array.isArray(body) || !Object.keys(body).length) {
    return sendJson(res, 400, { error: 'body must be {"<setting>": <value>, ...}' });
  }
  const { rows: columns } = await gateway.admin.query(`select attname from pg_attribute
      where attrelid = 'stepzero_private.settings'::regclass and attnum > 0 and not attisdropped`);
  const known = new Set(columns.map((c) => c.attname));
  const names = Object.keys(body);
  const unknown = names.find((n) => !known.has(n) || n === 'only_row');
  if (unknown) return sendJson(res, 400, { error: `no setting ${unknown}` });
  try {
    await gateway.admin.query(
      `update stepzero_private.settings set ${names.map((n, i) => `"${n}" = $${i + 1}`).join(', ')}`,
      names.map((n) => body[n]),
    );
  } catch (e) {
    return sendJson(res, 400, { error: e.message });
  }
  return sendJson(res, 200, { ok: true });
}

async function backdate(gateway, res, body) {
  const days = body?.days;
  const rows = body?.rows ?? [];
  const objects = body?.objects ?? [];
  if (!Number.isFinite(days) || !Array.isArray(rows) || !Array.isArray(objects)) {
    return sendJson(res, 400, { error: 'body must be {"rows": [ids], "objects": [names], "days": n}' });
  }
  await gateway.admin.query(
    `update public.survey_responses set created_at = created_at - make_interval(secs => $2 * 86400) where id::text = any($1)`,
    [rows, days],
  );
  await gateway.admin.query(
    `update storage.objects set created_at = created_at - make_interval(secs => $2 * 86400)
      where bucket_id = 'survey_media' and name = any($1)`,
    [objects, days],
  );
  return sendJson(res, 200, { ok: true });
}

async function find(gateway, res, text) {
  const { rows: tables } = await gateway.admin.query(`select n.nspname, c.relname from pg_class c
      join pg_namespace n on n.oid = c.relnamespace where c.relkind in ('r', 'p', 'm')
       and has_table_privilege(c.oid, 'SELECT') order by 1, 2`);
  const found = [];
  for (const t of tables) {
    const T = `"${t.nspname.replaceAll('"', '""')}"."${t.relname.replaceAll('"', '""')}"`;
    const { rows } = await gateway.admin.query(`select count(*)::int as n from ${T} x where strpos(lower(x::text), lower($1)) > 0`, [text]);
    if (rows[0].n > 0) found.push({ table: `${t.nspname}.${t.relname}`, rows: rows[0].n });
  }
  return sendJson(res, 200, { tables: tables.length, found });
}
