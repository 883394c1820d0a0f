// Every row of the error catalogue (spec point 8) that a delivery can hit, and the outbox's own
// rules, with fake ports and an in-memory store (web/src/test/fakePorts.ts). The e2e fault
// matrix (tests/e2e/faults*.spec.ts) repeats them against the real local backend.
import { describe, expect, it } from 'vitest';
import { defaultWorkDifficulty, type Answers } from '../core';
import { loadSolver } from '../work/solve';
import { fail, fakePorts, NOW, OK, type FakeOptions } from '../test/fakePorts';
import { drainOutbox } from './drain';
import { keepAndDeliver } from '.';
import { EmailConfigError, RoutineUnavailable } from './ports';

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

/** The fakes, plus the two ways in: a submission (keep, then one attempt) and a retry pass. */
function fakes(options: FakeOptions = {}) {
  const f = fakePorts(options);
  const submit = (answers: Answers, file: File | null) => keepAndDeliver(answers, file, f.ports, Promise.resolve());
  const drain = (force = false) => drainOutbox(f.ports, { force });
  return { ...f, deps: f.ports, submit, drain };
}

const photo = (name = 'My photo!.jpg', type = 'image/jpeg') => new File([new Uint8Array(1234)], name, { type });
const exists = () => fail(400, 'The resource already exists');
const duplicate = () => fail(409, 'duplicate key value violates unique constraint', '23505');

describe('runSubmission', () => {
  it('uploads the file, then inserts a row with the client id that names it, and sends no email', async () => {
    const f = fakes();
    const outcome = await f.submit(yesAnswers, photo());
    expect(f.uploads).toEqual([{ name: `${NOW}_My_photo_.jpg`, type: 'image/jpeg', size: 1234 }]);
    expect(f.inserts).toHaveLength(1);
    expect(f.inserts[0]).toMatchObject({
      id: '00000000-0000-4000-8000-000000000001',
      media_file_url: `${NOW}_My_photo_.jpg`,
      media_file_name: 'My photo!.jpg',
      question1_challenge: 'Talk to a stranger',
      survey_version: '3.0',
      user_agent: 'Vitest',
    });
    expect(f.emails).toHaveLength(0);
    expect(outcome).toEqual({ inserted: true, uploaded: true, emailed: false, emailTried: false, kept: false });
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
    expect(outcome).toMatchObject({ inserted: true, uploaded: false, kept: false });
    expect(f.outbox.entries.size).toBe(0); // the row this attempt stored names no file: nothing waits for it
  });

  it("a response deleted at its respondent's request (410, PT410) leaves the outbox with no email", async () => {
    const f = fakes({ insert: [fail(410, "This response was deleted at its respondent's request", 'PT410')] });
    const outcome = await f.submit(yesAnswers, null);
    expect(f.inserts).toHaveLength(1);
    expect(f.emails).toHaveLength(0);
    expect(outcome).toMatchObject({ inserted: false, emailed: false, emailTried: false, kept: false });
    expect(f.outbox.entries.size).toBe(0);
  });

  it('insert error: logged, and exactly one email carries the answers', async () => {
    const f = fakes({ insert: [fail(500)] });
    const outcome = await f.submit(yesAnswers, null);
    expect(f.inserts).toHaveLength(1);
    expect(f.emails).toHaveLength(1);
    expect(f.emails[0]).toMatchObject({ question1_challenge: 'Talk to a stranger', question3_completed: 'Yes', question7_age: '34' });
    expect(f.log.error).toHaveBeenCalled();
    expect(outcome).toEqual({ inserted: false, uploaded: false, emailed: true, emailTried: true, kept: false });
    expect(f.outbox.entries.size).toBe(0);
  });

  it('email failing three times: three attempts 2000 ms apart, logged, kept in the outbox', async () => {
    const f = fakes({ insert: [fail(500)], email: () => Promise.reject({ status: 429, text: 'Too Many Requests' }) });
    const outcome = await f.submit(yesAnswers, null);
    expect(f.emails).toHaveLength(3);
    expect(f.waits).toEqual([2000, 2000]);
    expect(f.log.error).toHaveBeenCalledWith(expect.stringContaining('429 Too Many Requests'));
    expect(outcome).toMatchObject({ emailed: false, kept: true });
    expect([...f.outbox.entries.values()]).toMatchObject([
      { id: '00000000-0000-4000-8000-000000000001', attempts: 1, nextAttemptMs: NOW + 5000 },
    ]);
  });

  it('email succeeding on the second attempt stops there', async () => {
    let calls = 0;
    const f = fakes({
      insert: [fail(503)],
      email: async () => {
        calls += 1;
        if (calls === 1) throw { status: 451, text: 'Unavailable For Headless Browser' };
      },
    });
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
    expect(outcome).toEqual({ inserted: false, uploaded: false, emailed: true, emailTried: true, kept: false });
  });

  it('without the database client, the email still carries the proof of work (the import checks it)', async () => {
    const f = fakes({ backend: null });
    await f.submit(yesAnswers, null);
    const row = JSON.parse(f.emails[0].response_json) as { id: string; work_nonce?: string };
    expect(row.work_nonce).toMatch(/^[0-9]{1,20}(,[0-9]{1,20}){31}$/); // the split form: 32 parts
    const { verifyWork } = await loadSolver();
    expect(verifyWork(row.id, NOW, row.work_nonce!, defaultWorkDifficulty())).toBe(true);
  });

  it('missing EmailJS configuration: an error with a message is logged, not retried; the response is kept', async () => {
    const f = fakes({
      backend: null,
      email: () => Promise.reject(new EmailConfigError('EmailJS is not configured: missing VITE_EMAILJS_PUBLIC_KEY')),
    });
    const outcome = await f.submit(yesAnswers, null);
    expect(f.log.error).toHaveBeenCalledWith(
      expect.any(String),
      expect.objectContaining({ message: expect.stringContaining('missing VITE_EMAILJS_PUBLIC_KEY') }),
    );
    expect(f.emails).toHaveLength(1);
    expect(outcome).toMatchObject({ kept: true });
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
    expect(entry).toMatchObject({
      answers: yesAnswers,
      completionTime: new Date(NOW).toISOString(),
      userAgent: 'Vitest',
      objectName: `${NOW}_My_photo_.jpg`,
      upload: 'todo',
      uploadUnanswered: true,
    });
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

  it('a row already stored (sent ahead of its file at pagehide) while the upload fails for now: kept for the file, which completes that row later', async () => {
    const f = fakes({ upload: [fail(503), OK], insert: [duplicate()] });
    const outcome = await f.submit(yesAnswers, photo());
    expect(outcome).toEqual({ inserted: true, uploaded: false, emailed: false, emailTried: false, kept: true });
    expect(f.outbox.entries.size).toBe(1);
    f.later(60_000);
    expect(await f.drain()).toMatchObject({ delivered: 1, left: 0 });
    expect(f.uploads.map((u) => u.name)).toEqual([`${NOW}_My_photo_.jpg`, `${NOW}_My_photo_.jpg`]);
    expect(f.outbox.entries.size).toBe(0);
    expect(f.emails).toHaveLength(0);
  });

  it('a row this attempt stored after the upload failed, its answer lost and asked again (409): nothing waits for the file', async () => {
    const f = fakes({ upload: [fail(503)], insert: [fail(0), duplicate()] });
    const outcome = await f.submit(yesAnswers, photo());
    expect(f.inserts.map((row) => row.media_file_url)).toEqual([null, null]);
    expect(outcome).toMatchObject({ inserted: true, uploaded: false, kept: false });
    expect(f.outbox.entries.size).toBe(0);
  });

  it('the image routine not loading (offline, a deploy mid-way) is a passing failure: a row sent ahead still gets its photo', async () => {
    const f = fakes({ insert: [duplicate()] });
    let loads = false;
    f.ports.removeMetadata = async (file) => {
      if (!loads) throw new RoutineUnavailable('Failed to fetch');
      return file;
    };
    expect(await f.submit(yesAnswers, photo())).toMatchObject({ inserted: true, uploaded: false, kept: true });
    expect(f.uploads).toEqual([]); // fails closed: nothing went up without its metadata taken out
    loads = true;
    f.later(60_000);
    expect(await f.drain()).toMatchObject({ delivered: 1, left: 0 });
    expect(f.uploads.map((u) => u.name)).toEqual([`${NOW}_My_photo_.jpg`]);
  });

  it('a file that never goes up under its stored row is given up after tries on 30 distinct days, with an error', async () => {
    const f = fakes({ upload: [fail(503)], insert: [duplicate()] });
    await f.submit(yesAnswers, photo()); // the first day
    for (let day = 2; day < 30; day += 1) {
      f.later(24 * 3600_000);
      expect(await f.drain(true), `day ${day}`).toMatchObject({ left: 1 });
    }
    f.later(24 * 3600_000);
    expect(await f.drain(true)).toMatchObject({ delivered: 1, left: 0 });
    expect(f.uploads).toHaveLength(30);
    expect(f.emails).toHaveLength(0);
    expect(f.log.error).toHaveBeenCalledWith(expect.stringContaining('Giving up the file of the response'));
  });

  it('an insert whose answer was lost is asked again at once: 409 means stored, and no email', async () => {
    const f = fakes({ insert: [fail(0), fail(409, 'duplicate key value violates unique constraint', '23505')] });
    const outcome = await f.submit(yesAnswers, null);
    expect(f.inserts).toHaveLength(2);
    expect(f.inserts[0].id).toBe(f.inserts[1].id);
    expect(f.emails).toHaveLength(0);
    expect(outcome).toMatchObject({ inserted: true, kept: false });
  });

  it('a refusal is not final: the next attempt asks the database again, and a stored row sends no email', async () => {
    const f = fakes({
      insert: [fail(403, 'new row violates row-level security policy', '42501'), OK],
      email: () => Promise.reject({ status: 500, text: 'down' }),
    });
    await f.submit(yesAnswers, null);
    expect(f.emails).toHaveLength(3);
    f.later(60_000);
    expect(await f.drain()).toMatchObject({ delivered: 1, left: 0 });
    expect(f.inserts).toHaveLength(2);
    expect(f.inserts[1].id).toBe(f.inserts[0].id);
    expect(f.emails).toHaveLength(3);
  });

  it('an entry a fast clock scheduled weeks ahead is due once the clock is corrected: the next load retries it', async () => {
    const f = fakes({ insert: [fail(500), OK], email: () => Promise.reject({ status: 500 }) });
    f.later(20 * 24 * 3600_000); // the phone's clock 20 days fast at Submit
    await f.submit(yesAnswers, null);
    f.later(-20 * 24 * 3600_000 + 60_000); // corrected; the visitor comes back a minute later
    expect(await f.drain()).toMatchObject({ delivered: 1, left: 0 });
    expect(f.inserts).toHaveLength(2);
  });

  it('an entry whose next try cannot be read (no nextAttemptMs) is due, not left waiting for ever', async () => {
    const f = fakes({ insert: [fail(500), OK], email: () => Promise.reject({ status: 500 }) });
    await f.submit(yesAnswers, null);
    const [entry] = f.outbox.entries.values();
    delete (entry as { nextAttemptMs?: number }).nextAttemptMs;
    expect(await f.drain()).toMatchObject({ delivered: 1, left: 0 });
    expect(f.inserts).toHaveLength(2);
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
});

describe('phones, files and clocks', () => {
  it('a file that can no longer be read: kept and stored without it, with a warning', async () => {
    const f = fakes();
    const gone = photo();
    Object.defineProperty(gone, 'arrayBuffer', {
      value: () => Promise.reject(new DOMException('A requested file could not be read', 'NotReadableError')),
    });
    const outcome = await f.submit(yesAnswers, gone);
    expect(f.uploads).toEqual([]);
    expect(f.inserts[0]).toMatchObject({ media_file_url: null, media_file_name: null });
    expect(f.log.warn).toHaveBeenCalledWith(expect.stringContaining('could not be read'), expect.anything());
    expect(outcome).toMatchObject({ inserted: true, kept: false });
  });

  it('a typeless photo goes up as a File of the engine type, so storage-js puts that type on the wire', async () => {
    const f = fakes();
    await f.submit(yesAnswers, photo('IMG_0002.jpg', ''));
    expect(f.uploads[0].type).toBe('image/jpeg');
  });

  it('a photo whose metadata cannot be removed is not uploaded; the row is saved without it', async () => {
    const f = fakes();
    f.ports.removeMetadata = () => Promise.reject(new Error('timeout: no answer in 30000 ms'));
    const outcome = await f.submit(yesAnswers, photo('cups.jpg', 'image/jpg'));
    expect(f.uploads).toEqual([]);
    expect(f.inserts[0]).toMatchObject({ media_file_url: null });
    expect(f.log.error).toHaveBeenCalledWith(expect.stringContaining('not uploaded'), expect.any(Error));
    expect(outcome).toMatchObject({ inserted: true, uploaded: false });
  });

  it('a PDF is uploaded as chosen, without asking for metadata removal', async () => {
    const f = fakes();
    let asked = false;
    f.ports.removeMetadata = async (file) => ((asked = true), file);
    await f.submit(yesAnswers, new File(['%PDF-1.7 ...'], 'plan.pdf', { type: '' }));
    expect(asked).toBe(false);
    expect(f.uploads[0]).toMatchObject({ name: `${NOW}_plan.pdf`, type: 'application/pdf' });
  });

  it('an email refused as too large is sent again at once with the file details only', async () => {
    const f = fakes({
      insert: [fail(500)],
      email: async (params) => {
        if (params.file_base64) throw { status: 413, text: 'Variables size limit exceeded' };
      },
    });
    f.ports.fileInfo = async (file, uploaded) => ({
      name: file.name,
      type: file.type,
      size: file.size,
      uploaded,
      base64: 'QUJD',
      compressedSize: 3,
    });
    const outcome = await f.submit(yesAnswers, photo());
    expect(f.emails.map((e) => e.file_base64)).toEqual(['QUJD', '']);
    expect(f.waits).toEqual([]);
    expect(outcome).toMatchObject({ emailed: true, kept: false });
  });

  it('an email refused for its configuration is not repeated in that attempt; the response is kept', async () => {
    const f = fakes({ insert: [fail(500)], email: () => Promise.reject({ status: 400, text: 'The service ID is invalid' }) });
    const outcome = await f.submit(yesAnswers, null);
    expect(f.emails).toHaveLength(1);
    expect(outcome).toMatchObject({ kept: true });
  });

  it('a store that refuses every write (IndexedDB full): retried from memory on the next pass', async () => {
    const { resilientStore } = await import('./store');
    const full = {
      put: () => Promise.reject(new DOMException('full', 'QuotaExceededError')),
      remove: async () => undefined,
      all: async () => [],
    };
    const f = fakes({ insert: [fail(500), OK], email: () => Promise.reject({ status: 500, text: '' }) });
    f.ports.store = resilientStore(full, f.log);
    await f.submit(yesAnswers, null);
    expect(await f.ports.store.all()).toHaveLength(1);
    f.later(60_000);
    expect(await f.drain()).toMatchObject({ delivered: 1, left: 0 });
    expect(await f.ports.store.all()).toHaveLength(0);
  });

  it('a store that never answers (WebKit with a page of the site in its back-forward cache): delivered all the same', async () => {
    const { resilientStore } = await import('./store');
    const never = () => new Promise<never>(() => {});
    const hung = { put: never, remove: never, all: never };
    const f = fakes();
    f.ports.store = resilientStore(hung, f.log, { waitMs: () => 5 });
    expect(await f.submit(yesAnswers, null)).toMatchObject({ inserted: true, kept: false });
    expect(f.inserts).toHaveLength(1);
    expect(await f.ports.store.all()).toHaveLength(0);
  });

  it('a database an answer of 23505 under 400 counts as stored, not refused', async () => {
    const f = fakes({ insert: [fail(400, 'duplicate key value violates unique constraint', '23505')] });
    expect(await f.submit(yesAnswers, null)).toMatchObject({ inserted: true, kept: false });
    expect(f.emails).toHaveLength(0);
  });
});
