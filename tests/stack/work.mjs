// The proof of work in Node (node:crypto), as a script would solve it: an implementation
// independent of the engine's (core/src/work.rs), so the tests also check that the two and the
// database agree on the message. Used by the stack, security and e2e tests.
import { createHash, hash as oneShot } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const migrations = fileURLToPath(new URL('../../supabase/migrations/', import.meta.url));

/**
 * The difficulty the database starts with (equal to the engine's): the default the last migration
 * that sets one gives the column (`work_difficulty integer not null default d`, or a later
 * `alter column work_difficulty set default d`).
 */
export function defaultDifficulty() {
  for (const file of readdirSync(migrations).sort().reverse()) {
    const m = /work_difficulty (?:integer not null|set) default (\d+)/.exec(readFileSync(migrations + file, 'utf8'));
    if (m) return Number(m[1]);
  }
  throw new Error('no work_difficulty default in supabase/migrations');
}

export function leadingZeroBits(hash) {
  let bits = 0;
  for (const byte of hash) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

/** SHA-256 of `text`: crypto.hash where Node has it (twice as fast as createHash per call). */
export const sha256 =
  typeof oneShot === 'function' ? (text) => oneShot('sha256', text, 'buffer') : (text) => createHash('sha256').update(text).digest();

/** The split of `difficulty` (core/src/work.rs `shape`): up to 32 parts, same expected total. */
export function workShape(difficulty) {
  const log = Math.min(5, difficulty);
  return [2 ** log, difficulty - log];
}

/** The first nonce from `start` whose hash after `prefix` has `bits` leading zero bits. */
function search(prefix, bits, start) {
  for (let nonce = start; ; nonce += 1) {
    if (leadingZeroBits(sha256(prefix + nonce)) >= bits) return nonce;
  }
}

const millis = (completionTime) => (typeof completionTime === 'number' ? completionTime : Date.parse(completionTime));

/**
 * The work the site sends: each sub-puzzle's first nonce from 0 for
 * `stepzero-work:v2:<id>:<ms>:<index>:<nonce>`, joined by commas in index order.
 */
export function solveWork(id, completionTime, difficulty = defaultDifficulty()) {
  const [parts, bits] = workShape(difficulty);
  const prefix = `stepzero-work:v2:${id.toLowerCase()}:${millis(completionTime)}:`;
  return Array.from({ length: parts }, (_, index) => search(`${prefix}${index}:`, bits, 0)).join(',');
}

/**
 * The first form (one puzzle of `difficulty` bits, `stepzero-work:v1:<id>:<ms>:<nonce>`): the
 * first nonce from `start`, as rows solved before the split still carry it.
 */
export function solveWorkV1(id, completionTime, difficulty = defaultDifficulty(), start = 0) {
  return String(search(`stepzero-work:v1:${id.toLowerCase()}:${millis(completionTime)}:`, difficulty, start));
}

/** `row` with its work (it must have `id` and `completion_time`). */
export function withWork(row, difficulty = defaultDifficulty()) {
  return { ...row, work_nonce: solveWork(row.id, row.completion_time, difficulty) };
}
