// Every row of the error catalogue (spec point 8) that the submission work can hit, with fakes
// for supabase-js and EmailJS. The e2e suite repeats the important ones against the real stack.
import { describe, expect, it, vi } from 'vitest';
import type { Answers, SurveyResponse } from '../core';
import { EmailConfigError, runSubmission, type Backend, type SubmitDeps } from './pipeline';

const NOW = Date.UTC(2026, 0, 2, 3, 4, 5);

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

function fakes(options: { backend?: Partial<Backend> | null; email?: () => Promise<void> } = {}) {
  const uploads: string[] = [];
  const inserts: SurveyResponse[] = [];
  const emails: Record<string, string>[] = [];
  const waits: number[] = [];
  const backend: Backend | null =
    options.backend === null
      ? null
      : {
          upload: async (name) => {
            uploads.push(name);
            return { error: null };
          },
          insert: async (record) => {
            inserts.push(record);
            return { error: null };
          },
          ...options.backend,
        };
  const log = { warn: vi.fn(), error: vi.fn() };
  const deps: SubmitDeps = {
    backend: async () => backend,
    sendEmail: async (params) => {
      emails.push(params);
      if (options.email) await options.email();
    },
    fileInfo: async (file, uploaded) => ({ name: file.name, type: file.type, size: file.size, uploaded }),
    wait: async (ms) => {
      waits.push(ms);
    },
    nowMs: () => NOW,
    userAgent: 'Vitest',
    log,
  };
  return { deps, uploads, inserts, emails, waits, log };
}

const photo = () => new File([new Uint8Array(1234)], 'My photo!.jpg', { type: 'image/jpeg' });

describe('runSubmission', () => {
  it('uploads the file, then inserts a row that names it, and sends no email', async () => {
    const f = fakes();
    const outcome = await runSubmission(yesAnswers, photo(), f.deps);
    expect(f.uploads).toEqual([`${NOW}_My_photo_.jpg`]);
    expect(f.inserts).toHaveLength(1);
    expect(f.inserts[0]).toMatchObject({ media_file_url: `${NOW}_My_photo_.jpg`, media_file_name: 'My photo!.jpg', question1_challenge: 'Talk to a stranger', survey_version: '3.0', user_agent: 'Vitest' });
    expect(f.emails).toHaveLength(0);
    expect(outcome).toEqual({ inserted: true, uploaded: true, emailed: false });
  });

  it('does not upload when question 6 is not Yes, even with a file in hand', async () => {
    const f = fakes();
    await runSubmission({ ...yesAnswers, question6: 'No' }, photo(), f.deps);
    expect(f.uploads).toEqual([]);
    expect(f.inserts[0]).toMatchObject({ media_file_url: null, media_file_name: null });
  });

  it('upload error: logged, the row is still saved with no file path', async () => {
    const f = fakes({ backend: { upload: async () => ({ error: { message: 'boom' } }) } });
    const outcome = await runSubmission(yesAnswers, photo(), f.deps);
    expect(f.inserts[0]).toMatchObject({ media_file_url: null, media_file_name: null });
    expect(f.log.error).toHaveBeenCalledWith(expect.stringContaining('upload failed'), { message: 'boom' });
    expect(outcome.uploaded).toBe(false);
  });

  it('insert error: logged, and exactly one email carries the answers', async () => {
    const f = fakes({ backend: { insert: async () => ({ error: { message: 'down' } }) } });
    const outcome = await runSubmission(yesAnswers, null, f.deps);
    expect(f.emails).toHaveLength(1);
    expect(f.emails[0]).toMatchObject({ question1_challenge: 'Talk to a stranger', question3_completed: 'Yes', question7_age: '34' });
    expect(f.log.error).toHaveBeenCalled();
    expect(outcome).toEqual({ inserted: false, uploaded: false, emailed: true });
  });

  it('email failing three times: three attempts 2000 ms apart, logged, no throw', async () => {
    const f = fakes({ backend: { insert: async () => ({ error: { message: 'down' } }) }, email: () => Promise.reject({ status: 429, text: 'Too Many Requests' }) });
    const outcome = await runSubmission(yesAnswers, null, f.deps);
    expect(f.emails).toHaveLength(3);
    expect(f.waits).toEqual([2000, 2000]);
    expect(f.log.error).toHaveBeenCalledWith(expect.stringContaining('429 Too Many Requests'));
    expect(outcome.emailed).toBe(false);
  });

  it('email succeeding on the second attempt stops there', async () => {
    let calls = 0;
    const f = fakes({ backend: { insert: async () => ({ error: {} }) }, email: async () => { calls += 1; if (calls === 1) throw { status: 451, text: 'Unavailable For Headless Browser' }; } });
    const outcome = await runSubmission(yesAnswers, null, f.deps);
    expect(f.emails).toHaveLength(2);
    expect(outcome.emailed).toBe(true);
  });

  it('backend client missing: warning logged, no upload, the email backup is used', async () => {
    const f = fakes({ backend: null });
    const outcome = await runSubmission(yesAnswers, photo(), f.deps);
    expect(f.log.warn).toHaveBeenCalledWith(expect.stringContaining('not configured'));
    expect(f.emails).toHaveLength(1);
    expect(f.emails[0]).toMatchObject({ file_name: 'My photo!.jpg' });
    expect(outcome).toEqual({ inserted: false, uploaded: false, emailed: true });
  });

  it('missing EmailJS configuration throws an error with a message, without retrying', async () => {
    const f = fakes({ backend: null, email: () => Promise.reject(new EmailConfigError('EmailJS is not configured: missing VITE_EMAILJS_PUBLIC_KEY')) });
    await expect(runSubmission(yesAnswers, null, f.deps)).rejects.toThrow('missing VITE_EMAILJS_PUBLIC_KEY');
    expect(f.emails).toHaveLength(1);
  });
});
