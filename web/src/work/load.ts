// Starts the solver (pkg-work/) on the current thread, page or worker. Its wasm uses 128-bit SIMD
// (four tries per vector, about twice the hashes per second: core/src/work/lanes.rs), which
// every browser the site supports has; a WebAssembly without it gets the same solver built without
// SIMD (stepzero_work_scalar_bg.wasm, the same glue). Without WebAssembly (iOS Lockdown Mode, some
// managed browsers) it is the same solver translated to JavaScript at build time (pkg-work-js/,
// wasm2js), started the way web/src/core starts the translated engine: the glue's one
// WebAssembly.instantiate call is answered by the translated module.
import scalarWasm from '../../../pkg-work/stepzero_work_scalar_bg.wasm?url';
import { hasSimd } from './simd';

export type Solver = Pick<
  typeof import('../../../pkg-work/stepzero_work.js'),
  'solveWork' | 'solveWorkPart' | 'workShape' | 'joinWork' | 'verifyWork'
>;

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
