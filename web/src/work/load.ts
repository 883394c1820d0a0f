// Starts the solver (pkg-work/) on the current thread, page or worker. Its wasm uses 128-bit SIMD
// (four tries per vector, about twice the hashes per second: core/src/work/lanes.rs), which
// every browser the site supports has; a WebAssembly without it gets the same solver built without
// SIMD (stepzero_work_scalar_bg.wasm, the same glue). Without WebAssembly (iOS Lockdown Mode, some
// managed browsers) it is the same solver translated to JavaScript at build time (pkg-work-js/,
// wasm2js), started the way web/src/core starts the translated engine: the glue's one
// WebAssembly.instantiate call is answered by the translated module.
import scalarWasm from '../../../pkg-work/stepzero_work_scalar_bg.wasm?url';

export type Solver = Pick<
  typeof import('../../../pkg-work/stepzero_work.js'),
  'solveWork' | 'solveWorkPart' | 'workShape' | 'joinWork' | 'verifyWork'
>;

/** The smallest module with one SIMD instruction: `(func (result v128) i32.const 0 i32x4.splat)`. */
const SIMD_PROBE = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, 0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7b, 0x03, 0x02, 0x01, 0x00, 0x0a, 0x08, 0x01, 0x06,
  0x00, 0x41, 0x00, 0xfd, 0x11, 0x0b,
]);

/** Whether this thread's WebAssembly runs 128-bit SIMD (false without WebAssembly). */
export function hasSimd(): boolean {
  return typeof WebAssembly !== 'undefined' && WebAssembly.validate(SIMD_PROBE);
}

/** Which of the solver's wasm this thread runs: the glue's own (SIMD) or the scalar build's URL. */
export function solverWasm(simd = hasSimd()): string | undefined {
  return simd ? undefined : scalarWasm;
}

/**
 * `source`: the wasm's bytes (tests in Node, the service worker's cache), which the caller chose
 * with `solverWasm`. `translated`: use the JavaScript translation (default: when this thread has
 * no WebAssembly).
 */
export async function startSolver(source?: BufferSource, translated = typeof WebAssembly === 'undefined'): Promise<Solver> {
  if (translated) return startTranslated();
  const module = await import('../../../pkg-work/stepzero_work.js');
  const wasm = source ?? solverWasm();
  await module.default(wasm ? { module_or_path: wasm } : undefined);
  return module;
}

async function startTranslated(): Promise<Solver> {
  const [module, translated] = await Promise.all([
    import('../../../pkg-work-js/stepzero_work.js'),
    import('../../../pkg-work-js/stepzero_work_bg.js'),
  ]);
  const scope = globalThis as { WebAssembly?: unknown };
  const real = scope.WebAssembly;
  scope.WebAssembly = {
    instantiate: async (_module: unknown, imports: object) => ({ instance: { exports: translated.instantiate(imports) }, module: null }),
    Instance: class {},
  };
  try {
    await module.default({ module_or_path: translated as never });
  } finally {
    if (real === undefined) delete scope.WebAssembly;
    else scope.WebAssembly = real;
  }
  return module as unknown as Solver;
}
