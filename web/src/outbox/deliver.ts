// One delivery attempt of an outbox entry: upload the file (under its fixed name), insert the
// row (the client id makes a repeat harmless), and, when the database did not take it, the email
// backup. The engine decides what every answer means (classifyUpload / classifyInsert).
import { buildRecord, classifyInsert, reveals, classifyUpload, emailParams, nextObjectName, retryDelayMs, uploadContentType, type Delivery, type SurveyResponse } from '../core';
import { withoutMetadata } from '../media/stripMetadata';
import { sendWithRetries } from '../submit/email';
import type { Backend, BackendResult, KeepDeps, SubmitDeps, SubmitOutcome } from '../submit/pipeline';
import { forget, save } from './enqueue';
import type { OutboxEntry, StoredFile } from './store';

// Twenty visitors naming a photo image.jpg in one millisecond need at most 19 moves; a bound
// keeps a saturated name (the engine returns it unchanged) from looping for ever.
const MAX_NAME_MOVES = 100;

export async function deliver(entry: OutboxEntry, deps: SubmitDeps, keep: KeepDeps): Promise<SubmitOutcome> {
  // Counted before trying: a tab closed mid-attempt leaves a backoff, not a retry on every reload.
  entry.attempts += 1;
  entry.nextAttemptMs = keep.nowMs() + retryDelayMs(entry.attempts, keep.random());
  await save(entry, keep);

  const backend = await deps.backend();
  if (!backend) deps.log.warn('Supabase is not configured (VITE_SUPABASE_URL / VITE_SUPABASE_ANON_KEY); using the email backup.');
  const attach = entry.file && reveals(entry.answers).attachment ? toFile(entry.file) : null;
  if (attach && backend && entry.upload === 'todo') await upload(entry, attach, backend, deps, keep);
  const uploaded = entry.upload === 'done';

  const record = buildRecord(entry.answers, {
    id: entry.id,
    completionTime: entry.completionTime,
    userAgent: entry.userAgent,
    mediaFileUrl: uploaded ? entry.objectName : null,
    mediaFileName: uploaded && attach ? attach.name : null,
  });

  if (backend && !entry.insertRefused) {
    const verdict = await insert(backend, record, deps);
    if (verdict === 'stored') {
      await forget(entry.id, keep);
      return { inserted: true, uploaded, emailed: false, kept: false };
    }
    if (verdict === 'refused') {
      entry.insertRefused = true; // the row will never be accepted as it is: only email can deliver it
      await save(entry, keep);
    }
  }

  const info = attach ? await deps.fileInfo(attach, uploaded) : null;
  const emailed = await sendWithRetries(emailParams(entry.answers, record, info), deps);
  if (emailed) {
    await forget(entry.id, keep);
  } else {
    // The backoff counts from the end of this attempt (the email's own retries take seconds).
    entry.nextAttemptMs = keep.nowMs() + retryDelayMs(entry.attempts, keep.random());
    await save(entry, keep);
  }
  return { inserted: false, uploaded, emailed, kept: !emailed };
}

async function upload(entry: OutboxEntry, file: File, backend: Backend, deps: SubmitDeps, keep: KeepDeps): Promise<void> {
  const contentType = uploadContentType(file.type, file.name);
  if (!contentType || !entry.objectName) {
    deps.log.error('Attachment upload failed; saving the response without a file.', `type "${file.type}" is not accepted`);
    entry.upload = 'gaveUp';
    return save(entry, keep);
  }
  const body = await withoutMetadata(file, deps.log);
  for (let moves = 0; moves <= MAX_NAME_MOVES; moves += 1) {
    // "Already exists" is ours only when an earlier send under this very name got no answer.
    const earlierUnanswered = entry.uploadUnanswered;
    entry.uploadUnanswered = true; // if the tab dies during the send, the next attempt knows
    await save(entry, keep);
    const answer = await backend.upload(entry.objectName, body, contentType);
    const status = statusOf(answer);
    const verdict = classifyUpload(status, answer.error ? messageOf(answer.error) : '', earlierUnanswered);
    entry.uploadUnanswered = earlierUnanswered || status === 0;
    if (verdict === 'nameTaken') {
      entry.objectName = nextObjectName(entry.objectName); // another visitor's file: never point at it
      entry.uploadUnanswered = false;
      continue;
    }
    if (verdict === 'stored') {
      entry.upload = 'done';
      entry.uploadUnanswered = false;
    } else {
      if (verdict === 'refused') entry.upload = 'gaveUp';
      deps.log.error('Attachment upload failed; saving the response without a file.', answer.error);
    }
    return save(entry, keep);
  }
  deps.log.error('Attachment upload failed; saving the response without a file.', 'no free object name');
  entry.upload = 'gaveUp';
  return save(entry, keep);
}

async function insert(backend: Backend, record: SurveyResponse, deps: SubmitDeps): Promise<Delivery> {
  let answer = await backend.insert(record);
  let verdict = classifyInsert(statusOf(answer), answer.code ?? '');
  if (verdict === 'retry' && statusOf(answer) === 0) {
    // No answer at all: the row may have been committed. Asking again with the same id is safe
    // (a duplicate answers 409, read as stored) and spares an email that would count it twice.
    answer = await backend.insert(record);
    verdict = classifyInsert(statusOf(answer), answer.code ?? '');
  }
  if (verdict !== 'stored') deps.log.error('Saving the response failed; sending the email backup.', answer.error);
  return verdict;
}

/** An accepted call is 200; a failure without a status got no answer (0). */
function statusOf(answer: BackendResult): number {
  if (!answer.error) return answer.status ?? 200;
  return answer.status ?? 0;
}

function messageOf(error: unknown): string {
  if (error && typeof error === 'object' && 'message' in error) return String((error as { message: unknown }).message);
  return String(error);
}

function toFile(stored: StoredFile): File {
  return new File([stored.bytes], stored.name, { type: stored.type, lastModified: stored.lastModified });
}
