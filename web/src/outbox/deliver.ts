// One delivery attempt of a kept response: upload the file (under its fixed name, without its
// metadata), insert the row (the client id makes a repeat harmless), and, when the database did
// not take it, the email backup. Each engine rule is asked once per attempt; what every answer
// means is the engine's. Nothing here throws for a failed call or code that cannot load: the
// outcome says whether the response is still kept.
import {
  buildRecord,
  classifyInsert,
  classifyUpload,
  daysSeen,
  giveUp,
  needsMetadataRemoval,
  nextObjectName,
  retryDelayMs,
  reveals,
  uploadContentType,
  workRefusal,
  type SurveyResponse,
} from '../core';
import { sendEmailBackup } from './email';
import { forget, readBytes, save } from './keep';
import { RoutineUnavailable, type Backend, type BackendResult, type OutboxPorts } from './ports';
import type { OutboxEntry, StoredFile } from './store';
import { insertWithWork, workForEmail, type Sent } from './work';

// Twenty visitors naming a photo image.jpg in one millisecond need at most 19 moves; a bound
// keeps a saturated name (the engine returns it unchanged) from looping for ever.
const MAX_NAME_MOVES = 100;

export interface DeliveryOutcome {
  inserted: boolean;
  uploaded: boolean;
  emailed: boolean;
  /** This attempt sent the email backup (not when the row was stored, or still waits for its work). */
  emailTried: boolean;
  /** Neither channel took it: it stays in the outbox for a later retry. */
  kept: boolean;
}

export async function deliver(entry: OutboxEntry, ports: OutboxPorts): Promise<DeliveryOutcome> {
  // Counted before trying: a tab closed mid-attempt leaves a backoff, not a retry on every reload.
  // Also the day it was tried on (the engine counts distinct days; the clock's distance never ages it).
  const now = ports.nowMs();
  entry.attempts += 1;
  entry.nextAttemptMs = now + retryDelayMs(entry.attempts, ports.random());
  entry.daysSeen = daysSeen(entry.daysSeen ?? 0, entry.lastTriedMs ?? NaN, now);
  entry.lastTriedMs = now;
  await save(entry, ports);

  const backend = await loadBackend(ports);
  const attach = entry.file && reveals(entry.answers).attachment ? toFile(entry.file) : null;
  if (attach && backend && entry.upload === 'todo') await upload(entry, attach, backend, ports);
  const uploaded = entry.upload === 'done';

  const meta = {
    id: entry.id,
    completionTime: entry.completionTime,
    userAgent: entry.userAgent,
    mediaFileUrl: uploaded ? entry.objectName : null,
    mediaFileName: uploaded && attach ? attach.name : null,
  };

  // Asked on every attempt: a refusal may pass (a schema cache, a rotated key), and a repeat of
  // a stored row can only answer 409. The row carries its proof of work (outbox/work.ts).
  const sent = backend ? await insertWithWork(entry, meta, (row) => insert(backend, row, ports), ports) : null;
  if (sent === 'alreadyStored' && attach && entry.upload === 'todo') return keepForTheFile(entry, ports);
  if (sent === 'stored' || sent === 'alreadyStored') {
    await forget(entry.id, ports);
    return { inserted: true, uploaded, emailed: false, emailTried: false, kept: false };
  }
  if (sent === 'forgotten') {
    // Deleted at its respondent's request while it waited here: neither stored nor emailed, or
    // the backup would bring the deleted answers back to the movement's mailbox.
    ports.log.warn(`The response ${entry.id} was deleted at its respondent's request; it is not sent again.`);
    await forget(entry.id, ports);
    return { inserted: false, uploaded, emailed: false, emailTried: false, kept: false };
  }
  if (sent === 'waiting') {
    // Not a failed attempt: the row waits for its work (a slow device), never for the email; the
    // next retry (the engine's smallest delay) waits for the same search again.
    entry.attempts -= 1;
    entry.nextAttemptMs = ports.nowMs();
    await save(entry, ports);
    return { inserted: false, uploaded, emailed: false, emailTried: false, kept: true };
  }
  // The email carries the work, so the operators' import can tell a visitor's email from a
  // forged one; without the database client no insert waited for it, so it is awaited here.
  const workNonce = entry.workNonce ?? (backend ? null : await workForEmail(entry, ports));
  const record = buildRecord(entry.answers, { ...meta, workNonce });

  const info = attach
    ? await ports.fileInfo(attach, uploaded).catch(() => ({ name: attach.name, type: attach.type, size: attach.size, uploaded }))
    : null;
  const emailed = await sendEmailBackup(entry.answers, record, info, ports);
  if (emailed) {
    await forget(entry.id, ports);
  } else {
    // The backoff counts from the end of this attempt (the email's own retries take seconds).
    entry.nextAttemptMs = ports.nowMs() + retryDelayMs(entry.attempts, ports.random());
    await save(entry, ports);
  }
  return { inserted: false, uploaded, emailed, emailTried: true, kept: !emailed };
}

/**
 * The row was stored before this attempt while the file's upload failed for now (a passing
 * failure). That row may be the one sent ahead of its file at pagehide (outbox/leave.ts), which
 * names the file's object: the file, uploaded later under that name, completes it (the late-file
 * rule, docs/guarantees.md, "A late file"). So the entry stays for the file, retried as any
 * kept response, until the outbox's giveUp (tries on 30 distinct days; the upload is the file's
 * last way, so its failure is the one giveUp asks about). A row stored by this attempt names no
 * file (the spec's "saved with no file path"), so nothing is kept for it.
 */
async function keepForTheFile(entry: OutboxEntry, ports: OutboxPorts): Promise<DeliveryOutcome> {
  if (giveUp(entry.daysSeen ?? 0, /* the upload, its last way, failed */ true)) {
    ports.log.error(
      `Giving up the file of the response ${entry.id}, whose row is stored: its upload failed on ${entry.daysSeen} distinct days.`,
    );
    await forget(entry.id, ports);
    return { inserted: true, uploaded: false, emailed: false, emailTried: false, kept: false };
  }
  await save(entry, ports);
  return { inserted: true, uploaded: false, emailed: false, emailTried: false, kept: true };
}

/** The backend, null when unconfigured or when its code could not load (then the email is tried). */
async function loadBackend(ports: OutboxPorts): Promise<Backend | null> {
  try {
    const backend = await ports.backend();
    if (!backend) ports.log.warn('Supabase is not configured (VITE_SUPABASE_URL / VITE_SUPABASE_ANON_KEY); using the email backup.');
    return backend;
  } catch (error) {
    ports.log.error('The database client could not load; trying the email backup.', error);
    return null;
  }
}

async function upload(entry: OutboxEntry, file: File, backend: Backend, ports: OutboxPorts): Promise<void> {
  const contentType = uploadContentType(file.type, file.name);
  if (!contentType || !entry.objectName) {
    ports.log.error('Attachment upload failed; saving the response without a file.', `type "${file.type}" is not accepted`);
    entry.upload = 'gaveUp';
    return save(entry, ports);
  }
  let body: File;
  try {
    body = await uploadBody(file, contentType, ports);
  } catch (error) {
    // Fails closed: a photo whose location could not be removed never leaves the device. When
    // only the routine could not be loaded now, a later attempt may (a row sent ahead names the
    // file: keepForTheFile); otherwise it is given up.
    if (error instanceof RoutineUnavailable)
      ports.log.error(`The image routine could not be loaded, so "${file.name}" is not uploaded in this attempt.`, error);
    else {
      ports.log.error(
        `The photo's metadata could not be removed, so "${file.name}" is not uploaded; saving the response without it.`,
        error,
      );
      entry.upload = 'gaveUp';
    }
    return save(entry, ports);
  }
  for (let moves = 0; moves <= MAX_NAME_MOVES; moves += 1) {
    // "Already exists" is ours only when an earlier send under this very name got no answer.
    const earlierUnanswered = entry.uploadUnanswered;
    entry.uploadUnanswered = true; // if the tab dies during the send, the next attempt knows
    await save(entry, ports);
    const answer = await backend.upload(entry.objectName, body).catch((error: unknown): BackendResult => ({ error }));
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
      ports.log.error('Attachment upload failed; saving the response without a file.', answer.error);
    }
    return save(entry, ports);
  }
  ports.log.error('Attachment upload failed; saving the response without a file.', 'no free object name');
  entry.upload = 'gaveUp';
  return save(entry, ports);
}

/**
 * What goes up: the file re-wrapped with the engine's content type (storage-js sends a File's
 * own type, and a typeless one as application/octet-stream, which the bucket refuses), and for a
 * photo — recognised by its first bytes, not only its declared type — without its metadata.
 */
async function uploadBody(file: File, contentType: string, ports: OutboxPorts): Promise<File> {
  const head = new Uint8Array(await readBytes(file.slice(0, 16)));
  const typed = (bytes: Blob) => new File([bytes], file.name, { type: contentType, lastModified: file.lastModified });
  if (!needsMetadataRemoval(head, file.type, file.name)) return typed(file);
  return typed(await ports.removeMetadata(typed(file)));
}

/** The engine's reading of the insert's answer, and the answer (a refusal may ask for more work). */
async function insert(backend: Backend, record: SurveyResponse, ports: OutboxPorts): Promise<Sent> {
  const ask = () => backend.insert(record).catch((error: unknown): BackendResult => ({ error }));
  let answer = await ask();
  let verdict = classifyInsert(statusOf(answer), answer.code ?? '', false);
  if (verdict === 'retry' && statusOf(answer) === 0) {
    // No answer at all: the row may have been committed. Asking again with the same id is safe
    // (a duplicate answers 409) and spares an email that would count it twice. The engine reads
    // a 409 now as that first row, this attempt's own (keepForTheFile then waits for no file).
    answer = await ask();
    verdict = classifyInsert(statusOf(answer), answer.code ?? '', true);
  }
  // A request for more work is answered by solving again (outbox/work.ts), not by the email.
  const taken = verdict === 'stored' || verdict === 'alreadyStored' || verdict === 'forgotten';
  if (!taken && workRefusal(answer.code ?? '', answer.hint ?? '') === null) {
    ports.log.error('Saving the response failed; sending the email backup.', answer.error);
  }
  return { verdict, answer };
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
