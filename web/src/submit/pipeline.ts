// The work of spec point 4 "Submission", step 3, as one testable function. All I/O comes in
// through `deps`, so vitest can drive every row of the error catalogue (spec point 8) with
// fakes, and the browser wiring (lazy supabase-js / EmailJS) stays in submit/services.ts.
import { buildRecord, constants, emailParams, storageObjectName, type Answers, type FileInfo, type SurveyResponse } from '../core';
import { withoutMetadata } from '../media/stripMetadata';

export interface BackendResult {
  error: unknown;
}

/** The two calls of spec point 7 we make through supabase-js. */
export interface Backend {
  upload(objectName: string, file: File): Promise<BackendResult>;
  insert(record: SurveyResponse): Promise<BackendResult>;
}

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

export interface SubmitOutcome {
  inserted: boolean;
  uploaded: boolean;
  emailed: boolean;
}

/** Config errors are not worth retrying: the same send would fail the same way. */
export class EmailConfigError extends Error {}

export async function runSubmission(answers: Answers, file: File | null, deps: SubmitDeps): Promise<SubmitOutcome> {
  const backend = await deps.backend();
  if (!backend) deps.log.warn('Supabase is not configured (VITE_SUPABASE_URL / VITE_SUPABASE_ANON_KEY); using the email backup.');

  let mediaFileUrl: string | undefined;
  let mediaFileName: string | undefined;
  const attach = file && answers.question6 === 'Yes' ? file : null;
  if (attach && backend) {
    const objectName = storageObjectName(deps.nowMs(), attach.name);
    const { error } = await backend.upload(objectName, await withoutMetadata(attach, deps.log));
    if (error) {
      deps.log.error('Attachment upload failed; saving the response without a file.', error);
    } else {
      mediaFileUrl = objectName;
      mediaFileName = attach.name;
    }
  }

  const record = buildRecord(answers, {
    completionTime: new Date(deps.nowMs()).toISOString(),
    userAgent: deps.userAgent,
    mediaFileUrl,
    mediaFileName,
  });

  let inserted = false;
  if (backend) {
    const { error } = await backend.insert(record);
    if (error) deps.log.error('Saving the response failed; sending the email backup.', error);
    else inserted = true;
  }

  let emailed = false;
  if (!inserted) {
    const info = attach ? await deps.fileInfo(attach, mediaFileUrl !== undefined) : null;
    emailed = await sendWithRetries(emailParams(answers, record, info), deps);
  }
  return { inserted, uploaded: mediaFileUrl !== undefined, emailed };
}

async function sendWithRetries(params: Record<string, string>, deps: SubmitDeps): Promise<boolean> {
  const { emailAttempts, emailRetryMs } = constants();
  for (let attempt = 1; attempt <= emailAttempts; attempt += 1) {
    try {
      await deps.sendEmail(params);
      return true;
    } catch (error) {
      if (error instanceof EmailConfigError) throw error;
      deps.log.error(`Email backup attempt ${attempt} of ${emailAttempts} failed: ${describe(error)}`);
      if (attempt < emailAttempts) await deps.wait(emailRetryMs);
    }
  }
  deps.log.error('Email backup failed on every attempt; the response could not be saved.');
  return false;
}

/** EmailJS rejects with `{status, text}`; 451, 403 and 429 carry the SDK's texts (spec point 8). */
export function describe(error: unknown): string {
  if (error && typeof error === 'object' && 'status' in error) {
    const { status, text } = error as { status: number; text?: string };
    return `${status} ${text ?? ''}`.trim();
  }
  return error instanceof Error ? error.message : String(error);
}
