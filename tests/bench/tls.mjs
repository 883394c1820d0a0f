// A self-signed certificate for 127.0.0.1, so the Lighthouse bench can serve the build over
// HTTPS and HTTP/2 as every CDN does (over plain HTTP/1.1 the browser opens a new connection
// for each parallel request, one more round trip under Lighthouse's throttling). Chromium
// trusts it through --ignore-certificate-errors-spki-list, which names its public key.
// Made once with Debian's openssl into target/bench/tls/.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';

const DIR = 'target/bench/tls';

/** { key, cert, spki }: the files' paths and the base64 SHA-256 of the public key. */
export function localCertificate() {
  const key = `${DIR}/key.pem`;
  const cert = `${DIR}/cert.pem`;
  if (!existsSync(cert)) {
    mkdirSync(DIR, { recursive: true });
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '3650',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'ignore' },
    );
  }
  const publicKey = execFileSync('openssl', ['x509', '-in', cert, '-pubkey', '-noout']);
  const der = execFileSync('openssl', ['pkey', '-pubin', '-outform', 'der'], { input: publicKey });
  const spki = execFileSync('openssl', ['dgst', '-sha256', '-binary'], { input: der }).toString('base64');
  return { key, cert, spki };
}
