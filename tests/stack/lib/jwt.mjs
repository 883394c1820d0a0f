// HS256 JWTs for the local stack. The secret is public and local-only: it signs keys that
// work against this stack and nowhere else.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const JWT_SECRET = 'stepzero-local-stack-jwt-secret-do-not-use-in-production';

const b64url = (buf) => Buffer.from(buf).toString('base64url');

export function sign(payload, secret = JWT_SECRET) {
  const head = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = b64url(JSON.stringify(payload));
  const mac = createHmac('sha256', secret).update(`${head}.${body}`).digest();
  return `${head}.${body}.${b64url(mac)}`;
}

/** The payload of a valid, unexpired token signed with `secret`, or null. */
export function verify(token, secret = JWT_SECRET) {
  const parts = String(token ?? '').split('.');
  if (parts.length !== 3) return null;
  const want = createHmac('sha256', secret).update(`${parts[0]}.${parts[1]}`).digest();
  const got = Buffer.from(parts[2], 'base64url');
  if (got.length !== want.length || !timingSafeEqual(got, want)) return null;
  try {
    const head = JSON.parse(Buffer.from(parts[0], 'base64url'));
    const payload = JSON.parse(Buffer.from(parts[1], 'base64url'));
    if (head.alg !== 'HS256') return null;
    if (typeof payload.exp === 'number' && payload.exp * 1000 < Date.now()) return null;
    return payload;
  } catch {
    return null;
  }
}

/** The anon key: deterministic (fixed claims, fixed secret), valid until 2100. */
export const ANON_KEY = sign({ iss: 'stepzero-local', role: 'anon', iat: 1735689600, exp: 4102444800 });

/** The service-role key: what hosted Supabase gives the project's owner for servers and tools
 * (it bypasses RLS). Deterministic like the anon key; for the operator's tool and its tests,
 * never for the site's build. */
export const SERVICE_ROLE_KEY = sign({ iss: 'stepzero-local', role: 'service_role', iat: 1735689600, exp: 4102444800 });
