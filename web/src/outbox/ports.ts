// Everything a delivery touches outside the engine, as one typed object: the store that keeps
// responses, the two Supabase calls, the EmailJS send, the image work, the clock, ids and the
// log. The browser's is outbox/browserPorts.ts; tests pass fakes, or real calls to the local
// backend. What each answer means is the engine's (classifyInsert, classifyUpload, classifyEmail).
import type { FileInfo, SurveyResponse } from '../core';
import type { OutboxStore } from './store';

/**
 * One call's answer. `error` null means accepted. Otherwise `status` is the HTTP status (0 or
 * absent: no answer came back), `code` the Postgres error code of an insert.
 */
export interface BackendResult {
  error: unknown;
  status?: number;
  code?: string;
  /** An insert's error hint; the database names the proof-of-work difficulty it wants here. */
  hint?: string;
}

/** The two calls of spec point 7 made through supabase-js. */
export interface Backend {
  /** `file` already carries the type the bucket must see (storage-js sends the File's own). */
  upload(objectName: string, file: File): Promise<BackendResult>;
  insert(record: SurveyResponse): Promise<BackendResult>;
}

/** An EmailJS refusal, as its SDK rejects: the HTTP status (0: no answer) and the body. */
export interface EmailFailure {
  status: number;
  text: string;
}

export interface OutboxPorts {
  store: OutboxStore;
  /** null when the environment values are absent (spec point 8: warning, email backup). Rejects when its code cannot load. */
  backend(): Promise<Backend | null>;
  /** One EmailJS send; rejects with an EmailFailure-like value, or EmailConfigError when unconfigured. */
  sendEmail(params: Record<string, string>): Promise<void>;
  /** Metadata and, when small enough, the shrunk bytes for the email (spec point 5). */
  fileInfo(file: File, uploaded: boolean): Promise<FileInfo>;
  /**
   * The file without its metadata (location, camera...); rejects when that cannot be done, with
   * RoutineUnavailable when only the routine could not be loaded now (worth trying again later).
   */
  removeMetadata(file: File): Promise<Blob>;
  /**
   * The proof of work for a row (core/src/work.rs), off the main thread: the nonce for `id`,
   * `completionMs` and at least `difficulty`. One search per id is shared by every caller;
   * rejects when this browser cannot solve it.
   */
  work(id: string, completionMs: number, difficulty: number): Promise<string>;
  newId(): string;
  nowMs(): number;
  wait(ms: number): Promise<void>;
  /** In [0, 1): the retry jitter. */
  random(): number;
  userAgent: string;
  log: Pick<Console, 'warn' | 'error'>;
}

/** Config errors are not worth retrying: the same send would fail the same way. */
export class EmailConfigError extends Error {}

export { RoutineUnavailable } from '../media/unavailable';
