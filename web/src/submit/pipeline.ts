// The work of spec point 4 "Submission", step 3, made durable (issue 6): the response enters
// the outbox before any network call (outbox/enqueue.ts), then one delivery attempt runs
// (outbox/deliver.ts). All I/O comes in through `deps`, so vitest drives every row of the
// error catalogue with fakes; the browser wiring (lazy supabase-js / EmailJS) is submit/services.ts.
import type { Answers, FileInfo, SurveyResponse } from '../core';
import { deliver } from '../outbox/deliver';
import { enqueue } from '../outbox/enqueue';
import { withLock } from '../outbox/lock';
import type { OutboxStore } from '../outbox/store';

export { EmailConfigError, describe } from './email';

/**
 * One call's answer. `error` null means accepted. Otherwise `status` is the HTTP status (0 or
 * absent: no answer came back), `code` the Postgres error code of an insert; the engine's
 * classifyInsert / classifyUpload decide what they mean.
 */
export interface BackendResult {
  error: unknown;
  status?: number;
  code?: string;
}

/** The two calls of spec point 7 we make through supabase-js. */
export interface Backend {
  upload(objectName: string, file: File, contentType: string): Promise<BackendResult>;
  insert(record: SurveyResponse): Promise<BackendResult>;
}

/** What a delivery attempt needs; loaded lazily with supabase-js and EmailJS. */
export interface SubmitDeps {
  /** null when the environment values are absent (spec point 8: warning, email backup). */
  backend(): Promise<Backend | null>;
  /** One EmailJS send; rejects on failure. Throws an Error at once when its config is missing. */
  sendEmail(params: Record<string, string>): Promise<void>;
  /** Metadata and, when small enough, the (shrunk) bytes for the email (spec point 5). */
  fileInfo(file: File, uploaded: boolean): Promise<FileInfo>;
  wait(ms: number): Promise<void>;
  nowMs(): number;
  userAgent: string;
  log: Pick<Console, 'warn' | 'error'>;
}

/** What keeping a response needs: in the main bundle, so it works even when a lazy chunk cannot load (offline). */
export interface KeepDeps {
  outbox: OutboxStore;
  newId(): string;
  /** In [0, 1): the retry jitter. */
  random(): number;
  nowMs(): number;
  userAgent: string;
  log: Pick<Console, 'warn' | 'error'>;
}

export interface SubmitOutcome {
  inserted: boolean;
  uploaded: boolean;
  emailed: boolean;
  /** Neither channel took it: it stays in the outbox for a later retry. */
  kept: boolean;
}

/** Keeps the response, waits for `startWork` (the overlay's waits), then one delivery attempt. */
export async function runSubmission(answers: Answers, file: File | null, deps: () => Promise<SubmitDeps>, keep: KeepDeps, startWork: Promise<void> = Promise.resolve()): Promise<SubmitOutcome | null> {
  const id = keep.newId();
  // Held from the moment the response is kept, so a drain in this or another tab leaves it alone.
  const result = await withLock(id, async () => {
    const entry = await enqueue(id, answers, file, keep);
    await startWork;
    return deliver(entry, await deps(), keep);
  });
  return result.skipped ? null : result.value;
}
