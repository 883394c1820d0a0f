// The only module that touches the generated engine (pkg/, built by `make pkg`).
// Every survey rule (flow, validation, limits, messages, record shape) lives in the Rust
// engine; this file starts the wasm once and re-exports its functions with the generated
// types (tsify), narrowing a few where the web side relies on a closed set of values.
import init, * as engine from '../../../pkg/stepzero_core.js';
import type { StepId } from '../../../pkg/stepzero_core.js';

export type {
  Answers,
  Choices,
  Constants,
  Delivery,
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

/** The route ids of spec point 2, in route order (for parsing URLs only; the engine owns the flow). */
export const STEP_IDS: readonly StepId[] = ['1', '2', '3', '4a', '4b', '4b-other', '5a', '5b', '6', '7', '8'];

export function isStepId(value: string): value is StepId {
  return (STEP_IDS as readonly string[]).includes(value);
}

let started: Promise<void> | null = null;

/**
 * Instantiates the wasm once. In the browser the .wasm is fetched next to the JS glue;
 * tests in Node pass its bytes (`source`) because there is no URL to fetch there.
 */
export function startEngine(source?: BufferSource): Promise<void> {
  started ??= init(source ? { module_or_path: source } : undefined).then(() => undefined);
  return started;
}

// Every function throws a JS Error on malformed input (unknown step id, wrongly typed answers).
export const {
  nextStep,
  previousStep,
  validateStep,
  validateAll,
  reachableStep,
  progress,
  thankYouType,
  digitsOnly,
  reveals,
  choices,
  constants,
  shouldRestoreAnswers,
  buildRecord,
  storageObjectName,
  emailParams,
  // Delivery rules of the outbox (issue 6): what an answer means, when to retry, names.
  classifyInsert,
  classifyUpload,
  retryDelayMs,
  isExpired,
  nextObjectName,
  shouldStore,
} = engine;

// The generated types promise `null` for "none", but wasm-bindgen hands back `undefined` for a
// Rust `None`; normalise so `=== null` checks and the shared vectors hold.
export const repeatVisitThankYou = (...args: Parameters<typeof engine.repeatVisitThankYou>) => engine.repeatVisitThankYou(...args) ?? null;
export const parseCookieChoice = (raw: string | null) => engine.parseCookieChoice(raw) ?? null;
export const parseThankYouType = (raw: string) => engine.parseThankYouType(raw) ?? null;
export const checkAttachment = (...args: Parameters<typeof engine.checkAttachment>) => engine.checkAttachment(...args) ?? null;
export const uploadContentType = (mimeType: string, name: string) => engine.uploadContentType(mimeType, name) ?? null;
