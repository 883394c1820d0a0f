// The email backup of spec point 7.3: up to emailAttempts sends, emailRetryMs apart. The engine
// decides what each answer means (classifyEmail): worth repeating, refused as it is (stop), or
// too large — then it is sent again at once with the file's details only, as spec point 5 does
// for a file over 40,960 bytes.
import { classifyEmail, constants, emailParams, type Answers, type FileInfo, type SurveyResponse } from '../core';
import { EmailConfigError, type OutboxPorts } from './ports';

/** True when EmailJS accepted the email. Never throws. */
export async function sendEmailBackup(
  answers: Answers,
  record: SurveyResponse,
  file: FileInfo | null,
  ports: OutboxPorts,
): Promise<boolean> {
  const { emailAttempts, emailRetryMs } = constants();
  let info = file;
  for (let attempt = 1; attempt <= emailAttempts; attempt += 1) {
    let failure;
    try {
      await ports.sendEmail(emailParams(answers, record, info));
      return true;
    } catch (error) {
      if (error instanceof EmailConfigError) {
        ports.log.error('Email backup not sent; the response stays in the outbox.', error);
        return false;
      }
      failure = answerOf(error);
    }
    ports.log.error(`Email backup attempt ${attempt} of ${emailAttempts} failed: ${`${failure.status} ${failure.text}`.trim()}`);
    const verdict = classifyEmail(failure.status, failure.text);
    if (verdict === 'tooLarge' && info?.base64) {
      info = { name: info.name, type: info.type, size: info.size, uploaded: info.uploaded };
      attempt -= 1; // the same attempt, lighter: at once, without the photo's bytes
      continue;
    }
    if (verdict !== 'retry') {
      ports.log.error(
        'The email service refused the backup as it is, so it is not repeated now; the response stays in the outbox for a later retry.',
      );
      return false;
    }
    if (attempt < emailAttempts) await ports.wait(emailRetryMs);
  }
  ports.log.error('Email backup failed on every attempt; the response stays in the outbox for a later retry.');
  return false;
}

/** EmailJS rejects with `{status, text}` (451, 403 and 429 carry the spec's texts); anything else had no answer. */
function answerOf(error: unknown): { status: number; text: string } {
  if (error && typeof error === 'object' && 'status' in error && typeof error.status === 'number') {
    const text = 'text' in error ? String(error.text ?? '') : '';
    return { status: error.status, text };
  }
  return { status: 0, text: error instanceof Error ? error.message : String(error) };
}
