// Every row of the error catalogue (spec point 8) that the submission work can hit, and the
// outbox's delivery rules (issue 6), with fakes for supabase-js and EmailJS and an in-memory
// outbox. The e2e suite (tests/e2e/faults.spec.ts) repeats them against the real stack.
import { describe, expect, it, vi } from 'vitest';
import type { Answers, SurveyResponse } from '../core';
import { drainOutbox } from '../outbox/drain';
import { memoryOutbox } from '../outbox/store';
import { EmailConfigError, runSubmission, type Backend, type BackendResult, type KeepDeps, type SubmitDeps } from './pipeline';

const NOW = Date.UTC(2026, 0, 2, 3, 4, 5);
const DAY = 24 * 60 * 60 * 1000;

const yesAnswers: Answers = {
  question1: 'Talk to a stranger',
  question2: 'Instagram',
  question3: 'Yes',
  question4a: 'Uncomfortable',
  question5a: 'Yes',
  question6: 'Yes',
  age: '34',
  gender: 'Female',
  termsConsent: true,
};

type Answer = BackendResult | (() => BackendResult);
const OK: BackendResult = { error: null };
const fail = (status: number, message = 'down', code = ''): BackendResult => ({ error: { message, code }, status, code });

/** Backend fakes answer from a queue (the last answer repeats), and record every call. */
function fakes(options: { upload?: Answer[]; insert?: Answer[]; email?: () => Promise<void>; backend?: null } = {}) {
  const uploads: { name: string; type: string; size: number }[] = [];
  const inserts: SurveyResponse[] = [];
  const emails: Record<string, string>[] = [];
  const waits: number[] = [];
  const queues = { upload: [...(options.upload ?? [OK])], insert: [...(options.insert ?? [OK])] };
  const take = (queue: Answer[]) => {
    const answer = queue.length > 1 ? queue.shift()! : queue[0];
    return typeof answer === 'function' ? answer() : answer;
  };
  const backend: Backend | null =
    options.backend === null
      ? null
      : {
          upload: async (name, file, type) => (uploads.push({ name, type, size: file.size }), take(queues.upload)),
          insert: async (record) => (inserts.push(record), take(queues.insert)),
        };
  let now = NOW;
  const log = { warn: vi.fn(), error: vi.fn() };
  const deps: SubmitDeps = {
    backend: async () => backend,
    sendEmail: async (params) => {
      emails.push(params);
      if (options.email) await options.email();
    },
    fileInfo: async (file, uploaded) => ({ name: file.name, type: file.type, size: file.size, uploaded }),
    wait: async (ms) => void waits.push(ms),
    nowMs: () => now,
    userAgent: 'Vitest',
    log,
  };
  const outbox = memoryOutbox();
  let ids = 0;
  const keep: KeepDeps = { outbox, newId: () => `00000000-0000-4000-8000-00000000000${(ids += 1)}`, random: () => 1, nowMs: () => now, userAgent: 'Vitest', log };
  const submit = (answers: Answers, file: File | null) => runSubmission(answers, file, async () => deps, keep);
  const drain = (force = false) => drainOutbox(async () => deps, keep, { force });
  const later = (ms: number) => void (now += ms);
  return { deps, keep, outbox, uploads, inserts, emails, waits, log, queues, submit, drain, later };
}

const photo = (name = 'My photo!.jpg', type = 'image/jpeg') => new File([new Uint8Array(1234)], name, { type });
const exists = () => fail(400, 'The resource already exists');

describe('runSubmission', () => {
  it('uploads the file, then inserts a row with the client id that names it, and sends no email', async () => {
    const f = fakes();
    const outcome = await f.submit(yesAnswers, photo());
    expect(f.uploads).toEqual([{ name: `${NOW}_My_photo_.jpg`, type: 'image/jpeg', size: 1234 }]);
    expect(f.inserts).toHaveLength(1);
    expect(f.inserts[0]).toMatchObject({ id: '00000000-0000-4000-8000-000000000001', media_file_url: `${NOW}_My_photo_.jpg`, media_file_name: 'My photo!.jpg', question1_challenge: 'Talk to a stranger', survey_version: '3.0', user_agent: 'Vitest' });
    expect(f.emails).toHaveLength(0);
    expect(outcome).toEqual({ inserted: true, uploaded: true, emailed: false, kept: false });
    expect(f.outbox.entries.size).toBe(0);
  });

  it('does not upload when question 6 is not Yes, even with a file in hand', async () => {
    const f = fakes();
    await f.submit({ ...yesAnswers, question6: 'No' }, photo());
    expect(f.uploads).toEqual([]);
    expect(f.inserts[0]).toMatchObject({ media_file_url: null, media_file_name: null });
  });

  it('a typeless file is uploaded with the type its extension stands for', async () => {
    const f = fakes();
    await f.submit(yesAnswers, photo('IMG_1.HEIC', ''));
    expect(f.uploads[0].type).toBe('image/heic');
  });

  it('upload error: logged, the row is still saved with no file path', async () => {
    const f = fakes({ upload: [fail(500, 'boom')] });
    const outcome = await f.submit(yesAnswers, photo());
    expect(f.inserts[0]).toMatchObject({ media_file_url: null, media_file_name: null });
    expect(f.log.error).toHaveBeenCalledWith(expect.stringContaining('upload failed'), { message: 'boom', code: '' });
    expect(outcome?.uploaded).toBe(false);
  });

  it('insert error: logged, and exactly one email carries the answers', async () => {
    const f = fakes({ insert: [fail(500)] });
    const outcome = await f.submit(yesAnswers, null);
    expect(f.inserts).toHaveLength(1);
    expect(f.emails).toHaveLength(1);
    expect(f.emails[0]).toMatchObject({ question1_challenge: 'Talk to a stranger', question3_completed: 'Yes', question7_age: '34' });
    expect(f.log.error).toHaveBeenCalled();
    expect(outcome).toEqual({ inserted: false, uploaded: false, emailed: true, kept: false });
    expect(f.outbox.entries.size).toBe(0);
  });

  it('email failing three times: three attempts 2000 ms apart, logged, kept in the outbox', async () => {
    const f = fakes({ insert: [fail(500)], email: () => Promise.reject({ status: 429, text: 'Too Many Requests' }) });
    const outcome = await f.submit(yesAnswers, null);
    expect(f.emails).toHaveLength(3);
    expect(f.waits).toEqual([2000, 2000]);
    expect(f.log.error).toHaveBeenCalledWith(expect.stringContaining('429 Too Many Requests'));
    expect(outcome).toMatchObject({ emailed: false, kept: true });
    expect([...f.outbox.entries.values()]).toMatchObject([{ id: '00000000-0000-4000-8000-000000000001', attempts: 1, nextAttemptMs: NOW + 5000 }]);
  });

  it('email succeeding on the second attempt stops there', async () => {
    let calls = 0;
    const f = fakes({ insert: [fail(503)], email: async () => { calls += 1; if (calls === 1) throw { status: 451, text: 'Unavailable For Headless Browser' }; } });
    const outcome = await f.submit(yesAnswers, null);
    expect(f.emails).toHaveLength(2);
    expect(outcome?.emailed).toBe(true);
  });

  it('backend client missing: warning logged, no upload, the email backup is used', async () => {
    const f = fakes({ backend: null });
    const outcome = await f.submit(yesAnswers, photo());
    expect(f.log.warn).toHaveBeenCalledWith(expect.stringContaining('not configured'));
    expect(f.emails).toHaveLength(1);
    expect(f.emails[0]).toMatchObject({ file_name: 'My photo!.jpg' });
    expect(outcome).toEqual({ inserted: false, uploaded: false, emailed: true, kept: false });
  });

  it('missing EmailJS configuration throws an error with a message, without retrying; the response is kept', async () => {
    const f = fakes({ backend: null, email: () => Promise.reject(new EmailConfigError('EmailJS is not configured: missing VITE_EMAILJS_PUBLIC_KEY')) });
    await expect(f.submit(yesAnswers, null)).rejects.toThrow('missing VITE_EMAILJS_PUBLIC_KEY');
    expect(f.emails).toHaveLength(1);
    expect(f.outbox.entries.size).toBe(1);
  });

  it('answers the engine refuses never enter the outbox', async () => {
    const f = fakes();
    await expect(f.submit({ ...yesAnswers, age: '' }, null)).rejects.toThrow();
    expect(f.outbox.entries.size).toBe(0);
    expect(f.inserts).toHaveLength(0);
  });
});

describe('the outbox', () => {
  it('keeps the whole response before any call: answers, record facts, the file bytes and its fixed name', async () => {
    const f = fakes({ insert: [fail(0)], upload: [fail(0)], email: () => Promise.reject({ status: 0 }) });
    await f.submit(yesAnswers, photo());
    const [entry] = f.outbox.entries.values();
    expect(entry).toMatchObject({ answers: yesAnswers, completionTime: new Date(NOW).toISOString(), userAgent: 'Vitest', objectName: `${NOW}_My_photo_.jpg`, upload: 'todo', uploadUnanswered: true });
    expect(entry.file?.bytes.byteLength).toBe(1234);
  });

  it('a retry after recovery inserts the same id and completion time once, and empties the outbox', async () => {
    const f = fakes({ insert: [fail(500)], email: () => Promise.reject({ status: 500 }) });
    await f.submit(yesAnswers, null);
    f.queues.insert.splice(0, 1, OK);
    f.later(60_000);
    expect(await f.drain()).toMatchObject({ delivered: 1, left: 0 });
    expect(f.inserts.map((row) => [row.id, row.completion_time])).toEqual([
      ['00000000-0000-4000-8000-000000000001', new Date(NOW).toISOString()],
      ['00000000-0000-4000-8000-000000000001', new Date(NOW).toISOString()],
    ]);
    expect(f.outbox.entries.size).toBe(0);
  });

  it('a retry never uploads a stored file twice, and the row names that file', async () => {
    const f = fakes({ insert: [fail(503)], email: () => Promise.reject({ status: 403 }) });
    await f.submit(yesAnswers, photo());
    f.queues.insert.splice(0, 1, OK);
    f.later(60_000);
    await f.drain();
    expect(f.uploads).toHaveLength(1);
    expect(f.inserts[1]).toMatchObject({ media_file_url: `${NOW}_My_photo_.jpg`, media_file_name: 'My photo!.jpg' });
  });

  it('a name another visitor took moves to the next free timestamp; the row never points at their file', async () => {
    const f = fakes({ upload: [exists(), exists(), OK] });
    await f.submit(yesAnswers, photo('image.jpg'));
    expect(f.uploads.map((u) => u.name)).toEqual([`${NOW}_image.jpg`, `${NOW + 1}_image.jpg`, `${NOW + 2}_image.jpg`]);
    expect(f.inserts[0].media_file_url).toBe(`${NOW + 2}_image.jpg`);
  });

  it('"already exists" after an upload whose answer was lost means ours: no new name, no second upload', async () => {
    const f = fakes({ upload: [fail(0), exists()], insert: [fail(500)], email: () => Promise.reject({ status: 500 }) });
    await f.submit(yesAnswers, photo('image.jpg'));
    f.queues.insert.splice(0, 1, OK);
    f.later(60_000);
    await f.drain();
    expect(f.uploads.map((u) => u.name)).toEqual([`${NOW}_image.jpg`, `${NOW}_image.jpg`]);
    expect(f.inserts.at(-1)?.media_file_url).toBe(`${NOW}_image.jpg`);
  });

  it('an insert whose answer was lost is asked again at once: 409 means stored, and no email', async () => {
    const f = fakes({ insert: [fail(0), fail(409, 'duplicate key value violates unique constraint', '23505')] });
    const outcome = await f.submit(yesAnswers, null);
    expect(f.inserts).toHaveLength(2);
    expect(f.inserts[0].id).toBe(f.inserts[1].id);
    expect(f.emails).toHaveLength(0);
    expect(outcome).toMatchObject({ inserted: true, kept: false });
  });

  it('a row the database refuses goes by email; a later retry does not insert it again', async () => {
    let emailUp = false;
    const f = fakes({ insert: [fail(400, 'check violation', '23514')], email: async () => { if (!emailUp) throw { status: 500 }; } });
    await f.submit(yesAnswers, null);
    emailUp = true;
    f.later(60_000);
    await f.drain();
    expect(f.inserts).toHaveLength(1);
    expect(f.emails).toHaveLength(4);
    expect(f.outbox.entries.size).toBe(0);
  });

  it('waits for the backoff unless forced (the browser came back online)', async () => {
    const f = fakes({ insert: [fail(500)], email: () => Promise.reject({ status: 500 }) });
    await f.submit(yesAnswers, null);
    f.later(1000);
    expect(await f.drain()).toMatchObject({ delivered: 0, left: 1, nextDueMs: NOW + 5000 });
    expect(f.inserts).toHaveLength(1);
    f.queues.insert.splice(0, 1, OK);
    expect(await f.drain(true)).toMatchObject({ delivered: 1, left: 0 });
  });

  it('each failed retry doubles the wait', async () => {
    const f = fakes({ insert: [fail(500)], email: () => Promise.reject({ status: 500 }) });
    await f.submit(yesAnswers, null);
    const due: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const [entry] = f.outbox.entries.values();
      due.push(entry.nextAttemptMs - NOW);
      f.later(entry.nextAttemptMs - f.deps.nowMs());
      await f.drain();
    }
    expect(due).toEqual([5000, 5000 + 10000, 5000 + 10000 + 20000]);
  });

  it('drops entries older than 30 days without sending them', async () => {
    const f = fakes({ insert: [fail(500)], email: () => Promise.reject({ status: 500 }) });
    await f.submit(yesAnswers, null);
    f.queues.insert.splice(0, 1, OK);
    f.later(30 * DAY);
    expect(await f.drain(true)).toMatchObject({ delivered: 0, left: 0 });
    expect(f.inserts).toHaveLength(1);
    expect(f.outbox.entries.size).toBe(0);
    expect(f.log.warn).toHaveBeenCalledWith(expect.stringContaining('older than 30 days'));
  });
});
