// Small HTTP helpers shared by the local backend's gateway (gateway.mjs) and its test
// endpoints (testEndpoints.mjs): answers in JSON or text, and request bodies read with a limit.

/** The largest JSON body the gateway reads (PostgREST and Storage JSON calls, test endpoints). */
export const MAX_JSON_BODY = 5 * 1024 * 1024;

/** A body went over the limit given to readBody. */
export class TooLarge extends Error {}

export function sendJson(res, status, body, headers = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

export function sendText(res, status, text) {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/** The whole body, refusing more than `limit` bytes (TooLarge). */
export function readBody(req, limit) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on('data', (c) => {
      size += c.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.resume();
        reject(new TooLarge());
      } else {
        chunks.push(c);
      }
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Waits until the request's body has been received (and thrown away). */
export function drain(req) {
  if (req.complete || req.readableEnded) return Promise.resolve();
  return new Promise((resolve) => {
    req.on('end', resolve);
    req.on('error', resolve);
    req.on('close', resolve);
    req.resume();
  });
}

/** The body parsed as JSON, null when empty; a bad body throws `new ErrorClass(400, …)`. */
export async function readJson(req, ErrorClass) {
  const text = (await readBody(req, MAX_JSON_BODY)).toString('utf8');
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    throw new ErrorClass(400, 'InvalidRequest', 'Body is not valid JSON');
  }
}
