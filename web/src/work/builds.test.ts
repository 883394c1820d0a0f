// The solver's two wasm builds (core/work.mk): with SIMD (four nonces per vector) and without.
// Natively `cargo test` checks the four-lane loop on plain arrays; here the real simd128 build
// must find exactly the nonce the scalar build finds, window by window, and load.ts must pick
// the scalar build where WebAssembly has no SIMD.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { solverWasm, type Solver } from './load';
import { hasSimd } from './simd';

/** A fresh copy of the glue started with one build's bytes (the glue keeps one instance). */
async function build(file: string): Promise<Solver> {
  vi.resetModules();
  const module = await import('../../../pkg-work/stepzero_work.js');
  await module.default({ module_or_path: readFileSync(join(process.env.STEPZERO_ROOT!, 'pkg-work', file)) });
  return module;
}

/** A small deterministic generator (xorshift32), so a failing window reproduces. */
function random(seed: number): (below: number) => number {
  let x = seed;
  return (below) => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % below;
  };
}

const uuid = (next: (below: number) => number) =>
  `${next(2 ** 32)
    .toString(16)
    .padStart(8, '0')}-0000-4000-8000-${next(2 ** 32)
    .toString(16)
    .padStart(12, '0')}`;

afterEach(() => vi.unstubAllGlobals());

describe.skipIf(typeof WebAssembly === 'undefined')("the solver's SIMD and scalar builds", () => {
  it('find the same first nonce in every window, across digit counts and near 2^53', async () => {
    const simd = await build('stepzero_work_bg.wasm');
    const scalar = await build('stepzero_work_scalar_bg.wasm');
    const next = random(0x5eed);
    const starts = [0, 1, 3, 999_999_995, 9_999_999_998, 2 ** 53 - 10_000];
    let found = 0;
    for (let i = 0; i < 300; i += 1) {
      const id = uuid(next);
      const ms = next(2 ** 31) * 1000 + next(1000);
      const index = next(32);
      const bits = 2 + next(9);
      const start = i < starts.length * 20 ? starts[i % starts.length] + next(8) : next(2 ** 31);
      const budget = next(5_000);
      const got = simd.solveWorkPart(id, ms, index, bits, start, budget);
      expect(got, `${id} ${ms} part ${index}, ${bits} bits, ${start} + ${budget}`).toBe(
        scalar.solveWorkPart(id, ms, index, bits, start, budget),
      );
      if (got !== null) found += 1;
    }
    expect(found).toBeGreaterThan(100); // most windows hold a solution: the lanes' hits are compared, not only misses
    const single = simd.solveWork(uuid(next), 1_763_850_000_123, 12, 0, 1 << 20);
    expect(single).not.toBeNull();
  });

  it('this WebAssembly has SIMD, so the glue loads its own (SIMD) wasm', () => {
    expect(hasSimd()).toBe(true);
    expect(solverWasm()).toBeUndefined();
  });

  it('a WebAssembly without SIMD is given the scalar build', () => {
    vi.stubGlobal('WebAssembly', { validate: () => false });
    expect(hasSimd()).toBe(false);
    expect(solverWasm()).toMatch(/stepzero_work_scalar_bg\.wasm$/);
  });
});
