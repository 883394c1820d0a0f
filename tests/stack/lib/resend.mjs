// The Resend stand-in (https://resend.com/docs/api-reference): POST /emails as the reminders'
// sender (`stepzero-ops remind`, STEPZERO_RESEND_URL=<stack>/resend) sees it. Checked against
// Resend's documentation: `Authorization: Bearer <key>` (401 missing_api_key when absent, 403
// invalid_api_key when not the key below); from, to, subject and one of text/html required
// (422 missing_required_field, 422 invalid_from_address); an optional Idempotency-Key of 1-256
// characters (400 invalid_idempotency_key) answers a repeated request with the first one's
// answer and sends nothing, and the same key with another payload is 409
// invalid_idempotent_request; success is 200 {"id": "<uuid>"}. Errors are
// {statusCode, name, message}.
// A `to` Resend cannot send to: 422 validation_error, "Invalid `to` field. The email address
// needs to follow the `email@example.com` or `Name <email@example.com>` format." That is what
// the API answers (reported with that status and text in
// https://github.com/resend/resend-python/issues/65); the errors page
// (https://resend.com/docs/api-reference/errors, `validation_error`) lists the name with status
// 400 and says the message names the field, so the status is not the whole answer: the field
// named in the message is. Resend's validation is stricter than the database's pattern; here,
// angle brackets and empty or odd domain labels (`a@gmail..com`) are refused, which the
// database takes. What it sends is kept for the tests (GET /__stack/resend-emails).
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { MAX_JSON_BODY, readBody, sendJson } from './http.mjs';
import { answerFault } from './faults.mjs';

/** The key the stand-in accepts (the local stack's own; never a real Resend key). */
export const RESEND_KEY = 're_stepzero_local_stack';

const ADDRESS = /^[^\s@<>(),;:"[\]]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;
const FROM = /^(?:[^<>]*<([^\s@<>]+@[^\s@<>]+)>|([^\s@<>]+@[^\s@<>]+))$/;

const error = (res, statusCode, name, message) => sendJson(res, statusCode, { statusCode, name, message });

export class ResendStandIn {
  constructor() {
    this.reset();
  }

  reset() {
    /** Every mail sent: {id, idempotencyKey, from, to: [...], subject, text, html, headers}. */
    this.sent = [];
    this.idempotent = new Map();
  }

  /** Answers POST /emails; `fault` is what the test set for this call (faults.mjs), if any. */
  async send(req, res, fault) {
    if (req.method !== 'POST') {
      req.resume();
      return error(res, 405, 'method_not_allowed', 'Method is not allowed for the requested path.');
    }
    const auth = req.headers.authorization;
    if (!auth) {
      req.resume();
      return error(res, 401, 'missing_api_key', 'Missing API key in the authorization header.');
    }
    if (auth !== `Bearer ${RESEND_KEY}`) {
      req.resume();
      return error(res, 403, 'invalid_api_key', 'API key is invalid.');
    }
    const delay = /^delay:(\d+)$/.exec(String(fault))?.[1];
    if (fault !== undefined && delay === undefined) {
      req.resume();
      return answerFault(res, fault, (s) =>
        s === 429
          ? error(res, 429, 'rate_limit_exceeded', 'Too many requests. You can only make 2 requests per second.')
          : error(res, s, 'application_error', `${http.STATUS_CODES[s] ?? 'Error'} (fault set with /__stack/faults)`),
      );
    }
    let body;
    try {
      body = JSON.parse((await readBody(req, MAX_JSON_BODY)).toString('utf8'));
    } catch {
      return error(res, 422, 'validation_error', 'Invalid JSON body.');
    }
    const key = req.headers['idempotency-key'];
    if (key !== undefined && (key.length < 1 || key.length > 256)) {
      return error(res, 400, 'invalid_idempotency_key', 'The key must be between 1-256 chars.');
    }
    const missing = ['from', 'to', 'subject'].filter((f) => body?.[f] === undefined || body[f] === '');
    if (missing.length) return error(res, 422, 'missing_required_field', `Missing \`${missing.join('`, `')}\` field.`);
    if (typeof body.text !== 'string' && typeof body.html !== 'string') {
      return error(res, 422, 'missing_required_field', 'Missing `html` or `text` field.');
    }
    if (typeof body.from !== 'string' || !FROM.test(body.from.trim())) {
      return error(
        res,
        422,
        'invalid_from_address',
        'Invalid `from` field. The email address needs to follow the `email@example.com` or `Name <email@example.com>` format.',
      );
    }
    const to = Array.isArray(body.to) ? body.to : [body.to];
    if (to.length < 1 || to.length > 50 || !to.every((a) => typeof a === 'string' && ADDRESS.test(a))) {
      return error(
        res,
        422,
        'validation_error',
        'Invalid `to` field. The email address needs to follow the `email@example.com` or `Name <email@example.com>` format.',
      );
    }
    const payload = JSON.stringify(body);
    if (key !== undefined && this.idempotent.has(key)) {
      const first = this.idempotent.get(key);
      if (first.payload !== payload) {
        return error(res, 409, 'invalid_idempotent_request', 'Same idempotency key used with a different request payload.');
      }
      return sendJson(res, 200, { id: first.id });
    }
    const id = randomUUID();
    if (key !== undefined) this.idempotent.set(key, { id, payload });
    this.sent.push({
      id,
      idempotencyKey: key ?? null,
      from: body.from,
      to,
      subject: body.subject,
      text: body.text ?? null,
      html: body.html ?? null,
      headers: body.headers ?? null,
    });
    if (delay !== undefined) await new Promise((resolve) => setTimeout(resolve, Number(delay)));
    return sendJson(res, 200, { id });
  }
}
