// Starts the solver (pkg-work/) on the current thread, page or worker. Without WebAssembly (iOS
// Lockdown Mode, some managed browsers) it is the same solver translated to JavaScript at build
// time (pkg-work-js/, wasm2js), started the way web/src/core starts the translated engine: the
// glue's one WebAssembly.instantiate call is answered by the translated module.
export type Solver = Pick<
  typeof import('../../../pkg-work/stepzero_work.js'),
  'solveWork' | 'solveWorkPart' | 'workShape' | 'joinWork' | 'verifyWork'
>;

/**
 * `source`: the wasm's bytes (tests in Node, where there is no URL to fetch). `translated`: use
 * the JavaScript translation (default: when this thread has no WebAssembly).
 */
export async function startSolver(source?: BufferSource, translated = typeof WebAssembly === 'undefined'): Promise<Solver> {
  if (translated) return startTranslated();
  const module = await import('../../../pkg-work/stepzero_work.js');
  await module.default(source ? { module_or_path: source } : undefined);
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
