// A submitted response enters the outbox whole (answers, the record's facts, the file's bytes)
// before any network call, so neither a failed call nor a closed tab can lose it.
import { buildRecord, defaultWorkDifficulty, reveals, storageObjectName, type Answers } from '../core';
import { hold, noteWork, release } from './held';
import type { OutboxPorts } from './ports';
import type { OutboxEntry, StoredFile } from './store';

export async function keepResponse(id: string, answers: Answers, file: File | null, ports: OutboxPorts): Promise<OutboxEntry> {
  const now = ports.nowMs();
  const completionTime = new Date(now).toISOString();
  // The engine validates the answers and the id now: a response it would refuse never enters.
  const record = buildRecord(answers, { id, completionTime, userAgent: ports.userAgent });
  // The engine's rule: a file goes with the response only when question 6 is Yes.
  const stored = file && reveals(answers).attachment ? await readFile(file, ports) : null;
  const entry: OutboxEntry = {
    id: record.id ?? id,
    createdMs: now,
    answers,
    completionTime,
    userAgent: ports.userAgent,
    file: stored,
    // Fixed here, once: every retry uploads under this name unless another visitor's file has it.
    objectName: stored ? storageObjectName(now, stored.name) : null,
    upload: 'todo',
    uploadUnanswered: false,
    attempts: 0,
    nextAttemptMs: now,
    daysSeen: 0,
    lastTriedMs: null,
    workNonce: null,
    workDifficulty: defaultWorkDifficulty(),
  };
  // The proof of work starts now, at the click, and runs while SUBMITTED shows; the insert waits for it.
  // Noted for the page's leaving too (leave.ts): a row can go ahead with it before the insert asks.
  const difficulty = entry.workDifficulty!;
  const solving = ports.work(entry.id, now, difficulty);
  solving.catch(() => undefined);
  await ports.store.put(entry);
  hold(entry);
  solving.then(
    (nonce) => noteWork(entry.id, nonce, difficulty),
    () => undefined,
  );
  return entry;
}

/**
 * The file's bytes, or null when they can no longer be read (moved, renamed or deleted since it
 * was chosen, a cloud copy gone): like a failed upload (spec point 8), the response goes on
 * without the file.
 */
async function readFile(file: File, ports: OutboxPorts): Promise<StoredFile | null> {
  try {
    return { bytes: await readBytes(file), name: file.name, type: file.type, lastModified: file.lastModified };
  } catch (error) {
    ports.log.warn(
      `The attached file "${file.name}" could not be read (moved or deleted since it was chosen); the response is kept without it.`,
      error,
    );
    return null;
  }
}

/** Blob.arrayBuffer, or FileReader where it is missing (Safari before 14, jsdom). */
export function readBytes(file: Blob): Promise<ArrayBuffer> {
  if (typeof file.arrayBuffer === 'function') return file.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file);
  });
}

/** Writes the entry back; a store that fails entirely is logged, the attempt goes on. */
export async function save(entry: OutboxEntry, ports: Pick<OutboxPorts, 'store' | 'log'>): Promise<void> {
  hold(entry);
  try {
    await ports.store.put(entry);
  } catch (error) {
    ports.log.warn('Could not update the kept response.', error);
  }
}

export async function forget(id: string, ports: Pick<OutboxPorts, 'store' | 'log'>): Promise<void> {
  release(id);
  try {
    await ports.store.remove(id);
  } catch (error) {
    ports.log.warn('Could not remove a delivered response from the outbox; a retry will find it stored.', error);
  }
}
