// Fake delivery ports for unit tests: a backend answering from queues (the last answer
// repeats), an email that succeeds unless told otherwise, a clock the test moves, an in-memory
// store, and a record of every call. What goes over the wire is proven against the local
// backend by the e2e fault matrix, not here.
import { vi } from 'vitest';
import type { Answers, SurveyResponse } from '../core';
import type { BackendResult, OutboxPorts } from '../outbox/ports';
import { memoryOutbox, type OutboxStore } from '../outbox/store';
import { workFor } from '../work/pending';

export type Answer = BackendResult | (() => BackendResult | Promise<BackendResult>);
export const OK: BackendResult = { error: null };
export const fail = (status: number, message = 'down', code = ''): BackendResult => ({ error: { message, code }, status, code });

export const NOW = Date.UTC(2026, 0, 2, 3, 4, 5);

/** A complete Yes response without a file, as a visitor submits it. */
export const yesAnswers: Answers = {
  question1: 'Talk to a stranger',
  question2: 'Instagram',
  question3: 'Yes',
  question4a: 'Uncomfortable',
  question5a: 'Yes',
  question6: 'No',
  age: '34',
  gender: 'Female',
  termsConsent: true,
};

export interface FakeOptions {
  upload?: Answer[];
  insert?: Answer[];
  email?: (params: Record<string, string>) => Promise<void>;
  backend?: null;
  store?: OutboxStore;
}

export function fakePorts(options: FakeOptions = {}) {
  const uploads: { name: string; type: string; size: number }[] = [];
  const inserts: SurveyResponse[] = [];
  const emails: Record<string, string>[] = [];
  const waits: number[] = [];
  const queues = { upload: [...(options.upload ?? [OK])], insert: [...(options.insert ?? [OK])] };
  const take = (queue: Answer[]) => {
    const answer = queue.length > 1 ? queue.shift()! : queue[0];
    return typeof answer === 'function' ? answer() : answer;
  };
  let now = NOW;
  let ids = 0;
  const outbox = memoryOutbox();
  const log = { warn: vi.fn(), error: vi.fn() };
  const ports: OutboxPorts = {
    store: options.store ?? outbox,
    backend: async () =>
      options.backend === null
        ? null
        : {
            upload: async (name, file) => (uploads.push({ name, type: file.type, size: file.size }), take(queues.upload)),
            insert: async (record) => (inserts.push(record), take(queues.insert)),
          },
    sendEmail: async (params) => {
      emails.push(params);
      if (options.email) await options.email(params);
    },
    fileInfo: async (file, uploaded) => ({ name: file.name, type: file.type, size: file.size, uploaded }),
    removeMetadata: async (file) => file,
    // The real solver (on this thread in jsdom): every row a test sends carries valid work.
    work: (id, completionMs, difficulty) => workFor(id, completionMs, difficulty),
    newId: () => `00000000-0000-4000-8000-00000000000${(ids += 1)}`,
    nowMs: () => now,
    wait: async (ms) => void waits.push(ms),
    random: () => 1,
    userAgent: 'Vitest',
    log,
  };
  const later = (ms: number) => void (now += ms);
  return { ports, outbox, uploads, inserts, emails, waits, log, queues, later };
}
