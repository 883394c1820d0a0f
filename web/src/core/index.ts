// The only module that touches the generated engine (pkg/, built by `make pkg`).
// Every survey rule (flow, validation, limits, messages, record shape) lives in the Rust
// engine; this file starts the wasm once and re-exports its functions with the generated
// types (tsify), narrowing a few where the web side relies on a closed set of values.
// The JS glue and the wasm load only when startEngine() is called (after the hero's first
// paint), so they stay off the critical path: until then every function here forwards to a
// glue that is not there yet and throws.
import type * as Glue from '../../../pkg/stepzero_core.js';
import type { StepId } from '../../../pkg/stepzero_core.js';

export type {
  Answers,
  Choices,
  Constants,
  Delivery,
  EmailVerdict,
  ErrorCode,
  FieldError,
  FileInfo,
  RecordMeta,
  Reveals,
  StepErrors,
  StepId,
  SurveyResponse,
} from '../../../pkg/stepzero_core.js';

export type ThankYouType = 'completed' | 'not-completed' | 'not-interested';
export type CookieChoice = 'true' | 'false' | 'necessary';

/**
 * The route ids of spec point 2, in the engine's order, for parsing URLs before the engine
 * has loaded (the engine owns the flow). A test holds it equal to the engine's `stepIds()`.
 */
export const STEP_IDS: readonly StepId[] = ['1', '2', '3', '4a', '4b', '4b-other', '5a', '5b', '6', '7', '8'];

export function isStepId(value: string): value is StepId {
  return (STEP_IDS as readonly string[]).includes(value);
}

let started: Promise<void> | null = null;
let glue: typeof Glue | null = null;

/** Each property is a function that calls the loaded glue's function of that name. */
const engine = new Proxy({} as typeof Glue, {
  get: (_, name: string) =>
    (...args: unknown[]) => {
      if (!glue) throw new Error(`The survey engine is not started yet (${name}).`);
      return (glue[name as keyof typeof Glue] as (...a: unknown[]) => unknown)(...args);
    },
});

/**
 * Loads the glue and instantiates the wasm, once. In the browser the .wasm is fetched next
 * to the JS glue; tests in Node pass its bytes (`source`): there is no URL to fetch there.
 */
export function startEngine(source?: BufferSource): Promise<void> {
  started ??= typeof WebAssembly === 'undefined'
    ? startTranslated()
    : import('../../../pkg/stepzero_core.js').then(async (module) => {
      await module.default(source ? { module_or_path: source } : undefined);
      glue = module;
    });
  return started;
}

/**
 * Without WebAssembly (iOS Lockdown Mode, some managed browsers): the same engine translated to
 * JavaScript at build time (pkg-js/, binaryen's wasm2js), fetched only by such visitors. Its
 * wasm-bindgen glue instantiates through `WebAssembly.instantiate`, so that one call is answered
 * by the translated module while the glue starts, and `WebAssembly` is absent again after it
 * (code that needs real WebAssembly, such as the image routine, still sees it missing).
 */
async function startTranslated(): Promise<void> {
  const [module, translated] = await Promise.all([
    import('../../../pkg-js/stepzero_core.js'),
    import('../../../pkg-js/stepzero_core_bg.js'),
  ]);
  const scope = globalThis as { WebAssembly?: unknown };
  scope.WebAssembly = {
    instantiate: async (_module: unknown, imports: object) => ({ instance: { exports: translated.instantiate(imports) }, module: null }),
    Instance: class {},
  };
  try {
    await module.default({ module_or_path: translated });
  } finally {
    delete scope.WebAssembly;
  }
  glue = module as unknown as typeof Glue;
}

// Every function throws a JS Error on malformed input (unknown step id, wrongly typed answers).
export const {
  nextStep,
  previousStep,
  validateStep,
  validateAll,
  reachableStep,
  progress,
  stepIds,
  stepNumber,
  thankYouType,
  digitsOnly,
  reveals,
  shouldRestoreAnswers,
  buildRecord,
  storageObjectName,
  emailParams,
  // Delivery rules of the outbox: what an answer means, when to retry, names, ids.
  classifyInsert,
  classifyUpload,
  classifyEmail,
  needsMetadataRemoval,
  uuidV4,
  retryDelayMs,
  daysSeen,
  giveUp,
  isDue,
  nextObjectName,
  shouldStore,
  // The proof of work (core/src/work.rs): the difficulty to start with, how long a delivery
  // waits for it, and the database's refusal read as "solve again at difficulty d".
  defaultWorkDifficulty,
  workWaitMs,
  workRefusal,
  repeatVisitThankYou,
  // A response's short reference (core/src/reference.rs), shown on its thank-you page (#22).
  responseReference,
  parseCookieChoice,
  parseThankYouType,
  checkAttachment,
  uploadContentType,
} = engine;

/** Reads a value that is fixed for a build of the engine once, when first asked for after the
 *  engine has started (a throw before that caches nothing). */
function once<T>(read: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= read());
}

// The survey's option lists and constants never change while the page lives; each read crosses
// into the wasm and builds the whole table again, a cost a click's profile shows (figures:
// commit 1fba349).
export const choices = once(() => engine.choices());
export const constants = once(() => engine.constants());
