// The gateway on :STACK_PORT: what Supabase's API gateway and EmailJS look like to a browser.
//   /rest/v1/*                 -> PostgREST (unix socket)
//   /storage/v1/object/...     -> Storage (storage.mjs), policies decide
//   /api/v1.0/email/send       -> EmailJS stand-in: keeps what it receives
//   /resend/emails             -> Resend stand-in (resend.mjs): the reminders' sender
//   /__stack/*                 -> test endpoints (testEndpoints.mjs: rows, objects, emails, faults, reset)
// Faults set by a test (faults.mjs) are taken here, at the call they name.
import http from 'node:http';
import { Transform } from 'node:stream';
import { appendFileSync, readFileSync, existsSync } from 'node:fs';
import pg from 'pg';
import { OPERATION, Storage, StorageError, declaredLength, parseObjectPath } from './storage.mjs';
import { verify, ANON_KEY, SERVICE_ROLE_KEY } from './jwt.mjs';
import { Faults, answerFault } from './faults.mjs';
import { MAX_JSON_BODY, TooLarge, drain, readBody, readJson, sendJson, sendText } from './http.mjs';
import { stackRoute } from './testEndpoints.mjs';
import { ResendStandIn } from './resend.mjs';

const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);
const EMAIL_FAULT_TEXT = {
  451: 'Unavailable For Headless Browser',
  403: 'Forbidden',
  429: 'Too Many Requests',
};
const EXPOSE = 'Content-Encoding, Content-Location, Content-Range, Content-Type, Date, Location, Server, Transfer-Encoding, Range-Unit';
export class Gateway {
  constructor({ cluster, postgrest, objectsDir, emailsFile, log = () => {} }) {
    this.postgrest = postgrest;
    this.emailsFile = emailsFile;
    this.log = log;
    this.admin = new pg.Pool({ ...cluster.connection('postgres'), max: 4 });
    this.api = new pg.Pool({ ...cluster.connection('authenticator'), max: 8 });
    for (const pool of [this.admin, this.api]) pool.on('error', () => {}); // shutdown races
    this.storage = new Storage({ admin: this.admin, api: this.api, dir: objectsDir });
    this.faults = new Faults();
    this.emails = loadEmails(emailsFile);
    this.resend = new ResendStandIn();
    this.server = http.createServer((req, res) => {
      this.handle(req, res).catch((e) => {
        this.log(`gateway error on ${req.method} ${req.url}: ${e.stack ?? e}`);
        if (!res.headersSent) sendJson(res, 500, { message: 'Internal gateway error' });
        else res.destroy();
      });
    });
  }

  /** Listens on 127.0.0.1:port; rejects with code EADDRINUSE when the port is taken. */
  listen(port) {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => {
        this.server.off('error', reject);
        resolve(this.server.address().port);
      });
    });
  }

  async close() {
    this.server.closeAllConnections?.();
    await new Promise((r) => this.server.close(() => r()));
    await Promise.allSettled([this.admin.end(), this.api.end()]);
  }

  async handle(req, res) {
    const [rawPath, query = ''] = req.url.split(/\?(.*)/s);
    // The "refuse" fault: the network is gone for every requester of the API (pages, workers,
    // the operators' tool), kept-alive connections too; the tests' own endpoints still answer.
    if (this.faults.refusing() && !rawPath.startsWith('/__stack/')) return req.socket.destroy();
    cors(req, res);
    if (req.method === 'OPTIONS') {
      res.writeHead(200, { 'Content-Length': '0' });
      return res.end();
    }
    if (rawPath.startsWith('/rest/v1/') || rawPath === '/rest/v1') return this.rest(req, res, rawPath, query);
    if (rawPath.startsWith('/storage/v1/')) return this.storageRoute(req, res, rawPath.slice('/storage/v1'.length), query);
    if (rawPath === '/api/v1.0/email/send') return this.email(req, res);
    if (rawPath === '/resend/emails') return this.resend.send(req, res, this.faults.take('resend'));
    if (rawPath.startsWith('/__stack/')) return stackRoute(this, req, res, rawPath.slice('/__stack'.length));
    return sendJson(res, 404, { message: 'no Route matched with those values' });
  }

  // ---- API key and JWT, as Supabase's gateway and services check them ----

  /** The verified claims of the request, or null after answering 401. */
  claims(req, res, query) {
    const apikey = req.headers.apikey ?? new URLSearchParams(query).get('apikey');
    if (!apikey) {
      sendJson(res, 401, { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' });
      return null;
    }
    if (apikey !== ANON_KEY && apikey !== SERVICE_ROLE_KEY) {
      sendJson(res, 401, { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' });
      return null;
    }
    const auth = req.headers.authorization ?? `Bearer ${apikey}`;
    const claims = verify(auth.replace(/^Bearer\s+/i, ''));
    if (!claims || !API_ROLES.has(claims.role)) {
      sendJson(res, 401, { message: 'Invalid JWT' });
      return null;
    }
    return claims;
  }

  // ---- /rest/v1 -> PostgREST ----

  async rest(req, res, rawPath, query) {
    if (!this.claims(req, res, query)) return;
    const path = rawPath.slice('/rest/v1'.length) || '/';
    let body = null; // the request body, when a fault had to read it first
    let dropAnswer = false;
    const insertFault = req.method === 'POST' && /^\/survey_responses\/?$/.test(path) ? this.faults.take('insert') : undefined;
    if (insertFault !== undefined) {
      if (insertFault === 'commit-drop') {
        dropAnswer = true; // the row is committed, then the answer is lost on the way back
      } else if (typeof insertFault === 'string' && insertFault.startsWith('delay:')) {
        // Read the whole body first, so the insert commits even if the caller has gone meanwhile.
        body = await readBody(req, MAX_JSON_BODY);
        await new Promise((resolve) => setTimeout(resolve, Number(insertFault.slice('delay:'.length))));
      } else if (insertFault === 'hold') {
        // Held, like "delay:<ms>", until the faults are next set: as long as the test needs.
        body = await readBody(req, MAX_JSON_BODY);
        await this.faults.changed();
      } else {
        req.resume();
        return answerFault(res, insertFault, (s) =>
          sendJson(res, s, {
            code: s >= 500 ? 'XX000' : 'PGRST000',
            details: null,
            hint: null,
            message: `${http.STATUS_CODES[s] ?? 'Error'} (fault set with /__stack/faults)`,
          }),
        );
      }
    }
    const headers = { ...req.headers, host: 'localhost' };
    const upstream = http.request(
      {
        socketPath: this.postgrest.socket,
        method: req.method,
        path: query ? `${path}?${query}` : path,
        headers,
      },
      (up) => {
        if (dropAnswer) {
          up.resume();
          return up.on('end', () => res.socket?.destroy());
        }
        const out = {};
        for (const [k, v] of Object.entries(up.headers)) {
          if (!k.startsWith('access-control-')) out[k] = v;
        }
        res.writeHead(up.statusCode, out);
        up.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) sendJson(res, 502, { message: 'An invalid response was received from the upstream server' });
    });
    if (body) upstream.end(body);
    else req.pipe(upstream);
  }

  // ---- /storage/v1 ----

  async storageRoute(req, res, path, query) {
    const claims = this.claims(req, res, query);
    if (!claims) return;
    try {
      const m = req.method;
      if (m === 'POST' && path.startsWith('/object/list/')) {
        const bucket = decodeURIComponent(path.slice('/object/list/'.length));
        const options = await readJson(req, StorageError);
        return sendJson(res, 200, await this.storage.list({ bucket, claims, options: options ?? {} }));
      }
      if ((m === 'POST' || m === 'PUT') && path.startsWith('/object/')) {
        return await this.upload(req, res, path.slice('/object/'.length), claims);
      }
      if (m === 'GET' && path.startsWith('/object/')) {
        const scoped = path.slice('/object/'.length);
        const { bucket, key } = parseObjectPath(scoped.replace(/^(authenticated|public)\//, ''));
        const operation = scoped.startsWith('public/') ? OPERATION.downloadPublic : OPERATION.download;
        const { bytes, mimetype } = await this.storage.download({ bucket, key, claims, operation });
        res.writeHead(200, { 'Content-Type': mimetype, 'Content-Length': bytes.length });
        return res.end(bytes);
      }
      if (m === 'DELETE' && /^\/object\/[^/]+\/?$/.test(path)) {
        const bucket = decodeURIComponent(path.slice('/object/'.length).replace(/\/$/, ''));
        const body = await readJson(req, StorageError);
        if (!body || !Array.isArray(body.prefixes)) {
          throw new StorageError(400, 'InvalidRequest', "body must have required property 'prefixes'");
        }
        return sendJson(res, 200, await this.storage.remove({ bucket, claims, names: body.prefixes.map(String) }));
      }
      req.resume();
      return sendJson(res, 404, { statusCode: '404', error: 'Not Found', message: `Route ${m}:${path} not found` });
    } catch (e) {
      if (e instanceof StorageError) {
        await drain(req); // answer after the upload is received, or browsers see a reset
        return sendJson(res, e.httpStatus, e.body());
      }
      throw e;
    }
  }

  async upload(req, res, rest, claims) {
    const { bucket: bucketId, key } = parseObjectPath(rest);
    let uploadFault = this.faults.take('upload');
    // "hold": nothing of the body is read (TCP holds back the sender) until the faults are next
    // set, then all of it at once: an upload still going for as long as a test needs it to be.
    if (uploadFault === 'hold') {
      await this.faults.changed();
      uploadFault = undefined;
    }
    // "trickle:<bytes per second>": the body is read no faster than that (a slow uplink).
    const trickle = /^trickle:(\d+)$/.exec(String(uploadFault))?.[1];
    const source = trickle === undefined ? req : throttled(req, Number(trickle));
    if (trickle === undefined && uploadFault !== undefined) {
      req.resume();
      return answerFault(res, uploadFault, (s) =>
        sendJson(res, s, {
          statusCode: String(s),
          error: http.STATUS_CODES[s] ?? 'Error',
          message: `${http.STATUS_CODES[s] ?? 'Error'} (fault set with /__stack/faults)`,
        }),
      );
    }
    const { bucket, limit, readLimit } = await this.storage.readLimit(bucketId);
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > readLimit) throw new StorageError(413, 'Payload too large', 'The object exceeded the maximum allowed size');
    let body;
    try {
      body = await readBody(source, readLimit);
    } catch (e) {
      if (e instanceof TooLarge) throw new StorageError(413, 'Payload too large', 'The object exceeded the maximum allowed size');
      throw e;
    }
    const upsert = req.method === 'PUT' || String(req.headers['x-upsert']).toLowerCase() === 'true';
    const out = await this.storage.upload({
      bucket,
      key,
      claims,
      contentType: req.headers['content-type'],
      body,
      upsert,
      limit,
      declared: declaredLength(req.headers),
      operation: req.method === 'PUT' ? OPERATION.update : OPERATION.upload,
    });
    return sendJson(res, 200, out);
  }

  // ---- EmailJS stand-in ----

  async email(req, res) {
    if (req.method !== 'POST') return sendText(res, 405, 'Method Not Allowed');
    const emailFault = this.faults.take('email');
    // "limit:<bytes>": EmailJS's size limit (its free plan's 50 KB), for bodies over it only.
    const sizeLimit = /^limit:(\d+)$/.exec(String(emailFault))?.[1];
    if (emailFault !== undefined && sizeLimit === undefined) {
      req.resume();
      return answerFault(res, emailFault, (s) => sendText(res, s, EMAIL_FAULT_TEXT[s] ?? http.STATUS_CODES[s] ?? 'Error'));
    }
    let body;
    try {
      body = JSON.parse((await readBody(req, sizeLimit === undefined ? MAX_JSON_BODY : Number(sizeLimit))).toString('utf8'));
    } catch (e) {
      if (e instanceof TooLarge) return sendText(res, 413, 'Variables size limit exceeded');
      return sendText(res, 400, 'The request body must be JSON');
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) return sendText(res, 400, 'The request body must be a JSON object');
    for (const field of ['user_id', 'service_id', 'template_id']) {
      if (typeof body[field] !== 'string' || body[field] === '') {
        return sendText(res, 400, `The ${field} parameter is required`);
      }
    }
    if (body.template_params != null && (typeof body.template_params !== 'object' || Array.isArray(body.template_params))) {
      return sendText(res, 400, 'The template_params parameter must be an object');
    }
    this.emails.push(body);
    if (this.emailsFile) appendFileSync(this.emailsFile, `${JSON.stringify(body)}\n`);
    return sendText(res, 200, 'OK');
  }
}

/** `req` read at `bytesPerSecond`: each chunk is passed on after its share of a second, and TCP holds back the sender. */
function throttled(req, bytesPerSecond) {
  const slow = new Transform({
    transform(chunk, _encoding, done) {
      setTimeout(() => done(null, chunk), (chunk.length / bytesPerSecond) * 1000);
    },
  });
  return req.pipe(slow);
}

function cors(req, res) {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Expose-Headers', EXPOSE);
  if (req.method === 'OPTIONS') {
    res.setHeader('Access-Control-Allow-Methods', 'GET,HEAD,PUT,PATCH,POST,DELETE,OPTIONS');
    res.setHeader(
      'Access-Control-Allow-Headers',
      req.headers['access-control-request-headers'] ?? 'authorization,apikey,content-type,x-client-info',
    );
    res.setHeader('Access-Control-Max-Age', '3600');
  }
}

function loadEmails(file) {
  if (!file || !existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .flatMap((l) => {
      try {
        return [JSON.parse(l)];
      } catch {
        return [];
      }
    });
}
