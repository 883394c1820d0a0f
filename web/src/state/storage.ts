// The browser-stored keys of spec point 3, with their exact names. Reads at start-up may
// throw (storage disabled, quota, privacy mode): `readStartupState` lets that surface so the
// app can show the fallback screen (spec point 8). Later writes are best effort: a visitor
// must never lose the thank-you page because storage refused a write.
import type { Answers, StepId } from '../core';

export const KEYS = {
  cookiesAccepted: 'cookiesAccepted',
  surveyCompleted: 'surveyCompleted',
  lastThankYouType: 'lastThankYouType',
  answers: 'stepZeroAnswers',
  currentQuestion: 'stepZeroCurrentQuestion',
  completionTime: 'surveyCompletionTime',
} as const;

export interface StartupState {
  answers: Answers;
  cookiesAccepted: string | null;
}

/** Reads everything the app needs at start. Throws when localStorage cannot be read. */
export function readStartupState(): StartupState {
  const storage = window.localStorage;
  const cookiesAccepted = storage.getItem(KEYS.cookiesAccepted);
  return { answers: parseAnswers(storage.getItem(KEYS.answers)), cookiesAccepted };
}

/** Tampered or foreign JSON is treated as no answers; the engine validates values later. */
export function parseAnswers(raw: string | null): Answers {
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    const out: Record<string, string | boolean> = {};
    for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
      if (key === 'termsConsent') {
        if (typeof value === 'boolean') out[key] = value;
      } else if (typeof value === 'string') {
        out[key] = value;
      }
    }
    return out as Answers;
  } catch {
    return {};
  }
}

export function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch (error) {
    console.warn(`Could not store ${key}`, error);
  }
}

export function remove(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch (error) {
    console.warn(`Could not remove ${key}`, error);
  }
}

export const loadAnswers = (): Answers => parseAnswers(read(KEYS.answers));
export const saveAnswers = (answers: Answers): void => write(KEYS.answers, JSON.stringify(answers));
export const saveCurrentQuestion = (step: StepId): void => write(KEYS.currentQuestion, step);

/** Saved answers and the current question (hero Continue and opening /). */
export function clearSurvey(): void {
  remove(KEYS.answers);
  remove(KEYS.currentQuestion);
}

/** The completion flags of spec point 4 (submission step 4 and Not Interested). A kept
 *  response's reference (issue #22) is remembered for this tab only, never its answers; any
 *  other completion (Not Interested, a bot, nothing kept) forgets the previous one. */
export function storeCompletion(type: string, nowMs: number, reference: string | null = null): void {
  write(KEYS.surveyCompleted, 'true');
  write(KEYS.lastThankYouType, type);
  write(KEYS.completionTime, String(nowMs));
  rememberReference(reference ? { type, reference } : null);
}

/** The sessionStorage key of the reference shown on the thank-you page (not a spec key). */
export const REFERENCE_KEY = 'stepZeroReference';

export interface ShownReference {
  type: string;
  reference: string;
}

/** Best effort, like every later write: the thank-you page simply shows no reference. */
export function rememberReference(value: ShownReference | null): void {
  try {
    if (value) window.sessionStorage.setItem(REFERENCE_KEY, JSON.stringify(value));
    else window.sessionStorage.removeItem(REFERENCE_KEY);
  } catch (error) {
    console.warn(`Could not store ${REFERENCE_KEY}`, error);
  }
}

/** The reference of the response this tab completed for thank-you type `type`, or null
 *  (another type, another tab, a deep link, tampered storage: nothing is invented). */
export function rememberedReference(type: string): string | null {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(REFERENCE_KEY) ?? 'null');
    if (!parsed || typeof parsed !== 'object') return null;
    const { type: stored, reference } = parsed as Record<string, unknown>;
    return stored === type && typeof reference === 'string' && /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/.test(reference)
      ? reference
      : null;
  } catch {
    return null;
  }
}
