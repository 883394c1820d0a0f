// The shared test vectors (tests/vectors/*.json), also read by `cargo test`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export function vectors<T = Record<string, unknown>>(
  name: 'flow' | 'state' | 'validation' | 'records' | 'outbox' | 'outbox-age' | 'work',
): T {
  return JSON.parse(readFileSync(join(process.env.STEPZERO_ROOT!, `tests/vectors/${name}.json`), 'utf8')) as T;
}
