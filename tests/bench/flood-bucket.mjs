// How much one script can store in the survey_media bucket per hour with the public anon key,
// under the default budget for uploads no row names (supabase/migrations/
// 20251123000000_unclaimed_upload_budget.sql). Measured, not computed: a throwaway local backend
// (tests/stack, the real migrations, loopback only) and a script that uploads as fast as it can,
// each file as large as the bucket takes (10 MiB), then smaller ones to fill what is left
// (halving down to 64 KiB), then waits for the next window.
//
// The hour is compressed: the operator's window (unclaimed_upload_window_seconds, an hour) is set
// to --window-seconds (6) and the script floods for --windows (4) whole windows, each standing for
// an hour; the budget stays the default. The figure is the bytes the bucket holds at the end
// divided by the number of windows, in MB of 1,048,576 bytes (the spec's MB).
// Prints `flood-bucket: <n> MB per hour` on stdout (details on stderr), writes
// target/bench/flood-bucket.json.
//   node tests/bench/flood-bucket.mjs [--window-seconds 6] [--windows 4]
import { mkdirSync, writeFileSync } from 'node:fs';
import { connectAsOwner, startStack } from '../stack/test/helpers.mjs';

const arg = (name, fallback) => (process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : fallback);
const WINDOW_S = arg('--window-seconds', 6);
const WINDOWS = arg('--windows', 4);
if (!(Number.isInteger(WINDOW_S) && WINDOW_S >= 2 && Number.isInteger(WINDOWS) && WINDOWS >= 1 && WINDOWS <= 20)) {
  console.error('usage: node tests/bench/flood-bucket.mjs [--window-seconds N>=2] [--windows 1..20]');
  process.exit(2);
}
const MB = 1024 * 1024;
const LARGEST = 10 * MB; // the bucket's file_size_limit
const SMALLEST = 64 * 1024;
const MAX_REQUESTS = 200 * WINDOWS; // the loop's bound, whatever happens

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const say = (line) => process.stderr.write(`[flood-bucket] ${line}\n`);

const stack = await startStack();
const db = await connectAsOwner(stack);
try {
  const {
    rows: [settings],
  } = await db.query('select unclaimed_upload_mb as mb from stepzero_private.settings');
  await db.query('update stepzero_private.settings set unclaimed_upload_window_seconds = $1', [WINDOW_S]);
  const key = stack.anonKey;

  let sent = 0;
  let n = 0;
  // Each as a script sends it: a raw POST under a name the engine could make (<ms>_<name>).
  const upload = async (bytes) => {
    sent += 1;
    const name = `${Date.now()}${String(n++ % 1000).padStart(3, '0')}_x.jpg`;
    const res = await stack.api(`/storage/v1/object/survey_media/${name}`, {
      method: 'POST',
      headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'image/jpeg' },
      body: Buffer.alloc(bytes, 0xff),
    });
    const body = await res.json();
    if (res.status === 200) return true;
    // Only the budget may refuse these (Storage's answer to a policy: statusCode "403").
    if (body.statusCode !== '403') throw new Error(`upload of ${bytes} bytes answered ${res.status} ${JSON.stringify(body)}`);
    return false;
  };

  // Windows start at multiples of the window length since the epoch, as the database counts
  // them: begin at the next start, end with the last window.
  const windowMs = WINDOW_S * 1000;
  const start = Math.ceil(Date.now() / windowMs) * windowMs;
  const end = start + WINDOWS * windowMs;
  await sleep(start - Date.now());
  let size = LARGEST;
  let slowest = 0;
  while (sent < MAX_REQUESTS) {
    const before = Date.now();
    // No upload that might be checked after the last window has ended.
    if (before + 2 * slowest >= end) break;
    const ok = await upload(size);
    slowest = Math.max(slowest, Date.now() - before);
    if (ok) continue;
    if (size > SMALLEST) {
      size = Math.max(SMALLEST, Math.floor(size / 2));
      continue;
    }
    // This window is full: wait for the next one, then start again with the largest files.
    const next = Math.ceil((Date.now() + 1) / windowMs) * windowMs;
    if (next >= end) break;
    await sleep(next - Date.now() + 20);
    size = LARGEST;
  }

  const objects = await stack.json('/__stack/objects/survey_media');
  const bytes = objects.reduce((sum, o) => sum + o.size, 0);
  const perHour = bytes / WINDOWS / MB;
  const result = {
    budgetMbPerHour: settings.mb,
    windowSeconds: WINDOW_S,
    windows: WINDOWS,
    requests: sent,
    stored: objects.length,
    storedBytes: bytes,
    mbPerHour: perHour,
  };
  mkdirSync('target/bench', { recursive: true });
  writeFileSync('target/bench/flood-bucket.json', JSON.stringify(result, null, 1));
  say(
    `${objects.length} of ${sent} uploads stored, ${(bytes / MB).toFixed(1)} MB in ${WINDOWS} windows of ${WINDOW_S} s, ` +
      `each standing for an hour (default budget ${settings.mb} MB per hour; slowest upload ${slowest} ms)`,
  );
  console.log(`flood-bucket: ${perHour.toFixed(1)} MB per hour`);
} finally {
  await db.end();
  await stack.stop();
}
