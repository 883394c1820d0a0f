// The local backend's test side, kept apart from the gateway's Supabase and EmailJS look-alikes:
// the /__stack endpoints (rows, objects, emails, faults, reset) and the faults they set, which
// the gateway consults before answering an insert, an upload or an email.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { StorageError } from './storage.mjs';
import { MAX_JSON_BODY, readBody, sendJson } from './http.mjs';

const FAULT_KEYS = ['insert', 'upload', 'email'];
/** What the EmailJS stand-in says with a fault's status, as the real service words it. */
export const EMAIL_FAULT_TEXT = {
  451: 'Unavailable For Headless Browser', 403: 'Forbidden', 429: 'Too Many Requests',
};

/** The faults set with POST /__stack/faults, by call (insert, upload, email). */
export class Faults {
  constructor(log = () => {}) {
    this.log = log;
    this.set = {};
  }

  replace(body) {
    this.set = body;
    this.log(`faults now ${JSON.stringify(this.set)}`);
  }

  /**
   * The fault set for `call`, if any, counting down a `{fault, times}` one (cleared at zero).
   * `undefined` when the call should behave normally.
   */
  take(call) {
    const set = this.set[call];
    if (set === undefined) return undefined;
    if (typeof set !== 'object') return set;
    if (set.times !== undefined) {
      set.times -= 1;
      if (set.times <= 0) delete this.set[call];
    }
    return set.fault;
  }
}

/** Answers a fault: a status, or "drop" (the connection is cut without an answer). */
export function answerFault(res, value, answer) {
  if (value === 'drop') return res.socket?.destroy();
  return answer(value);
}

/** The /__stack endpoints of `gateway`. */
export async function stackRoute(gateway, req, res, path) {
  const m = req.method;
  let match;
  if (m === 'GET' && path === '/health') return sendJson(res, 200, { ok: true });
  if (m === 'GET' && (match = /^\/rows\/([A-Za-z_][A-Za-z0-9_]*)$/.exec(path))) {
    const { rows: found } = await gateway.admin.query(
      "select exists (select 1 from pg_tables where schemaname = 'public' and tablename = $1) as ok", [match[1]]);
    if (!found[0].ok) return sendJson(res, 404, { error: `no table public.${match[1]}` });
    const { rows } = await gateway.admin.query(
      `select coalesce(jsonb_agg(to_jsonb(t) order by t.created_at), '[]') as rows from public."${match[1]}" t`);
    return sendJson(res, 200, rows[0].rows);
  }
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
  if (path === '/faults' && m === 'GET') return sendJson(res, 200, gateway.faults.set);
  if (path === '/faults' && m === 'POST') {
    let body;
    try {
      body = JSON.parse((await readBody(req, MAX_JSON_BODY)).toString('utf8') || '{}');
    } catch {
      return sendJson(res, 400, { error: 'body must be JSON, e.g. {"insert":500}' });
    }
    const problem = faultProblem(body);
    if (problem) return sendJson(res, 400, { error: problem });
    gateway.faults.replace(body);
    return sendJson(res, 200, gateway.faults.set);
  }
  if (path === '/reset' && m === 'POST') {
    req.resume();
    await reset(gateway);
    return sendJson(res, 200, { ok: true });
  }
  req.resume();
  return sendJson(res, 404, { error: `no endpoint ${m} /__stack${path}` });
}

async function reset(gateway) {
  const { rows } = await gateway.admin.query(
    "select string_agg(format('%I.%I', schemaname, tablename), ', ') as t from pg_tables where schemaname = 'public'");
  if (rows[0].t) await gateway.admin.query(`truncate ${rows[0].t}`);
  await gateway.storage.reset();
  gateway.emails = [];
  if (gateway.emailsFile) writeFileSync(gateway.emailsFile, '');
  gateway.faults.replace({});
}

function faultProblem(body) {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'body must be an object such as {"insert":500}';
  for (const [k, v] of Object.entries(body)) {
    if (!FAULT_KEYS.includes(k)) return `unknown fault "${k}"; known: ${FAULT_KEYS.join(', ')}`;
    const value = v && typeof v === 'object' && !Array.isArray(v) ? v.fault : v;
    if (v && typeof v === 'object' && v.times !== undefined && !(Number.isInteger(v.times) && v.times > 0)) {
      return `fault "${k}": times must be a positive integer`;
    }
    const statusOrDrop = value === 'drop' || (Number.isInteger(value) && value >= 400 && value <= 599);
    const insertOnly = k === 'insert' && (value === 'commit-drop' || /^delay:\d{1,6}$/.test(String(value)));
    if (!statusOrDrop && !insertOnly) {
      return `fault "${k}" must be an HTTP status 400-599 or "drop" (insert also: "commit-drop", "delay:<ms>"), optionally as {"fault": ..., "times": n}`;
    }
  }
  return null;
}

export function loadEmails(file) {
  if (!file || !existsSync(file)) return [];
  return readFileSync(file, 'utf8').split('\n').filter(Boolean).flatMap((l) => {
    try { return [JSON.parse(l)]; } catch { return []; }
  });
}
