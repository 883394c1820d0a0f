// The email backup of spec point 7.3: up to emailAttempts sends, emailRetryMs apart.
import { constants } from '../core';
import type { SubmitDeps } from './pipeline';

/** Config errors are not worth retrying: the same send would fail the same way. */
export class EmailConfigError extends Error {}

/** True when EmailJS accepted the params; throws only EmailConfigError. */
export async function sendWithRetries(params: Record<string, string>, deps: Pick<SubmitDeps, 'sendEmail' | 'wait' | 'log'>): Promise<boolean> {
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
  deps.log.error('Email backup failed on every attempt; the response stays in the outbox for a later retry.');
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
