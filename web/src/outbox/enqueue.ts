// A submitted response enters the outbox whole (answers, the record's facts, the file's bytes)
// before any network call, so neither a failed call nor a closed tab can lose it.
import { buildRecord, reveals, storageObjectName, type Answers } from '../core';
import type { KeepDeps } from '../submit/pipeline';
import type { OutboxEntry } from './store';

export async function enqueue(id: string, answers: Answers, file: File | null, keep: KeepDeps): Promise<OutboxEntry> {
  const now = keep.nowMs();
  const completionTime = new Date(now).toISOString();
  // The engine validates the answers and the id now: a response it would refuse never enters.
  const record = buildRecord(answers, { id, completionTime, userAgent: keep.userAgent });
  // The engine's rule: a file goes with the response only when question 6 is Yes.
  const attach = file && reveals(answers).attachment ? file : null;
  const entry: OutboxEntry = {
    id: record.id ?? id,
    createdMs: now,
    answers,
    completionTime,
    userAgent: keep.userAgent,
    file: attach ? { bytes: await readBytes(attach), name: attach.name, type: attach.type, lastModified: attach.lastModified } : null,
    // Fixed here, once: every retry uploads under this name unless another visitor's file has it.
    objectName: attach ? storageObjectName(now, attach.name) : null,
    upload: 'todo',
    uploadUnanswered: false,
    insertRefused: false,
    attempts: 0,
    nextAttemptMs: now,
  };
  await save(entry, keep);
  return entry;
}

/** Best effort: without a working store the response is still delivered from memory this once. */
export async function save(entry: OutboxEntry, keep: Pick<KeepDeps, 'outbox' | 'log'>): Promise<void> {
  try {
    await keep.outbox.put(entry);
  } catch (error) {
    keep.log.warn('Could not keep the response in the outbox (IndexedDB unavailable); it is only in this page.', error);
  }
}

export async function forget(id: string, keep: Pick<KeepDeps, 'outbox' | 'log'>): Promise<void> {
  try {
    await keep.outbox.remove(id);
  } catch (error) {
    keep.log.warn('Could not remove a delivered response from the outbox; a retry will find it stored.', error);
  }
}

/** The file's bytes; FileReader where Blob.arrayBuffer is missing (Safari before 14, jsdom). */
function readBytes(file: Blob): Promise<ArrayBuffer> {
  if (typeof file.arrayBuffer === 'function') return file.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file);
  });
}
