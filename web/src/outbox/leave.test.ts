// What leaves with the page (leave.ts): the row ahead of its file, the email when the insert
// cannot be made here, and the keepalive budget. The wire (a closed tab, the real backend) is
// tested by tests/e2e/leave.spec.ts; here, what is chosen.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Answers } from '../core';
import { fakePorts, NOW, yesAnswers } from '../test/fakePorts';
import { workFor } from '../work/pending';
import { allHeld, release } from './held';
import { keepResponse } from './keep';
import { KEEPALIVE_BUDGET_BYTES, keepaliveBytesInFlight, sendWhatCanLeave, whatCanLeave } from './leave';

const settings = {
  supabaseUrl: 'https://project.supabase.co/',
  supabaseAnonKey: 'anon-key',
  emailPublicKey: 'public',
  emailServiceId: 'service',
  emailTemplateId: 'template',
  emailOrigin: null,
};
const noDatabase = { ...settings, supabaseUrl: null, supabaseAnonKey: null };

const long = '\u{1F600}'.repeat(2000); // 8,000 bytes of UTF-8 a field: a row of about 25 KB
const big: Answers = {
  ...yesAnswers,
  question1: long,
  question2: long,
  question3: 'Not Yet',
  question4a: undefined,
  question4b: 'Other',
  'answer4b-other': long,
  question5a: undefined,
  question5b: 'No',
};

afterEach(() => {
  for (const held of allHeld()) release(held.entry.id);
});

/** Keeps a response as a submission does, and waits for its work (solved at the click). */
async function kept(answers: Answers = yesAnswers, file: File | null = null, ports = fakePorts().ports) {
  const entry = await keepResponse(ports.newId(), answers, file, ports);
  await workFor(entry.id, NOW, entry.workDifficulty!);
  await Promise.resolve();
  return entry;
}

describe('whatCanLeave', () => {
  it('sends the row with its work as a PostgREST insert, naming the file ahead of it', async () => {
    const entry = await kept({ ...yesAnswers, question6: 'Yes' }, new File([new Uint8Array(10)], 'clip one.mp4', { type: 'video/mp4' }));
    const [row, ...more] = whatCanLeave(allHeld(), settings);
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      id: entry.id,
      channel: 'row',
      url: 'https://project.supabase.co/rest/v1/survey_responses',
      headers: { apikey: 'anon-key', Authorization: 'Bearer anon-key', Prefer: 'return=minimal' },
    });
    const record = JSON.parse(row.body);
    expect(record).toMatchObject({ id: entry.id, media_file_url: `${NOW}_clip_one.mp4`, media_file_name: 'clip one.mp4' });
    expect(record.work_nonce).toMatch(/\S/);
    expect(row.bytes).toBe(new TextEncoder().encode(row.body).byteLength);
  });

  it('names no file the outbox gave up uploading', async () => {
    const entry = await kept(
      { ...yesAnswers, question6: 'Yes' },
      new File([new Uint8Array(10)], 'a.exe', { type: 'application/x-msdownload' }),
    );
    entry.upload = 'gaveUp';
    expect(JSON.parse(whatCanLeave(allHeld(), settings)[0].body)).toMatchObject({ media_file_url: null, media_file_name: null });
  });

  it('sends the row even after the insert failed in this page, never the email: a second row answers 409, an email would be a second copy', async () => {
    const entry = await kept();
    expect(whatCanLeave(allHeld(), settings).map((r) => [r.id, r.channel])).toEqual([[entry.id, 'row']]);
  });

  it('sends no row with the work solved at the click once the database asked for more (it would answer 428)', async () => {
    const entry = await kept();
    expect(whatCanLeave(allHeld(), settings)).toHaveLength(1);
    // What outbox/work.ts does on a refusal asking for difficulty 20: the old work no longer holds.
    entry.workDifficulty = 20;
    entry.workNonce = null;
    expect(whatCanLeave(allHeld(), settings)).toEqual([]);
    entry.workNonce = '123';
    expect(JSON.parse(whatCanLeave(allHeld(), settings)[0].body)).toMatchObject({ work_nonce: '123' });
  });

  it("sends nothing while the row's work is not solved, where there is a database", async () => {
    const ports = fakePorts().ports;
    await keepResponse(ports.newId(), yesAnswers, null, { ...ports, work: () => new Promise<string>(() => undefined) });
    expect(whatCanLeave(allHeld(), settings)).toEqual([]);
  });

  it("sends the email backup, through EmailJS's REST call, on a site without a database", async () => {
    const entry = await kept();
    const [email] = whatCanLeave(allHeld(), noDatabase);
    expect(email).toMatchObject({ id: entry.id, channel: 'email', url: 'https://api.emailjs.com/api/v1.0/email/send' });
    const body = JSON.parse(email.body);
    expect(body).toMatchObject({ user_id: 'public', service_id: 'service', template_id: 'template' });
    expect(body.template_params.question1_challenge).toBe('Talk to a stranger');
    expect(body.template_params.response_json).toContain(entry.id);
  });

  it('sends the email when no database is configured, and nothing when neither is', async () => {
    await kept();
    expect(whatCanLeave(allHeld(), noDatabase).map((r) => r.channel)).toEqual(['email']);
    expect(whatCanLeave(allHeld(), { ...noDatabase, emailPublicKey: null })).toEqual([]);
  });

  it('keeps within the keepalive budget: oldest first, a smaller one after one that does not fit; what does not fit stays in the outbox', async () => {
    const ports = fakePorts().ports;
    const first = await kept(big, null, ports);
    const second = await kept(big, null, ports);
    await kept(big, null, ports); // a third row would pass 64 KB
    const small = await kept(yesAnswers, null, ports);
    const leaving = whatCanLeave(allHeld(), settings);
    expect(leaving.map((r) => [r.id, r.channel])).toEqual([
      [first.id, 'row'],
      [second.id, 'row'],
      [small.id, 'row'],
    ]);
    expect(leaving[0].bytes).toBeGreaterThan(24_000);
    expect(leaving.reduce((sum, r) => sum + r.bytes, 0)).toBeLessThanOrEqual(KEEPALIVE_BUDGET_BYTES);
  });

  it('sends each once per page, and nothing for a delivered response', async () => {
    const entry = await kept();
    const send = vi.fn(async (_url: string, _init: RequestInit) => new Response(null, { status: 201 }));
    sendWhatCanLeave(allHeld(), send as unknown as typeof fetch, settings);
    sendWhatCanLeave(allHeld(), send as unknown as typeof fetch, settings);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0][1]).toMatchObject({ method: 'POST', keepalive: true });
    release(entry.id);
    expect(whatCanLeave(allHeld(), settings)).toEqual([]);
  });

  it('shares the budget with the keepalive bodies an earlier hiding of the page still has in flight', async () => {
    const ports = fakePorts().ports;
    await kept(big, null, ports);
    await kept(big, null, ports);
    await kept(big, null, ports);
    const pending: { bytes: number; settle: () => void }[] = [];
    const send = vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((resolve) => {
          const bytes = new TextEncoder().encode(String(init.body)).byteLength;
          const entry = { bytes, settle: () => (pending.splice(pending.indexOf(entry), 1), resolve(new Response(null, { status: 201 }))) };
          pending.push(entry);
        }),
    );
    const inFlight = () => pending.reduce((sum, p) => sum + p.bytes, 0);
    sendWhatCanLeave(allHeld(), send as unknown as typeof fetch, settings); // hidden: two rows leave
    expect(send).toHaveBeenCalledTimes(2);
    await kept(big, null, ports); // the visitor comes back, submits again, and the page is hidden again
    sendWhatCanLeave(allHeld(), send as unknown as typeof fetch, settings);
    expect(inFlight()).toBeLessThanOrEqual(KEEPALIVE_BUDGET_BYTES);
    expect(send).toHaveBeenCalledTimes(2);
    for (const p of [...pending]) p.settle();
    await vi.waitFor(() => expect(keepaliveBytesInFlight()).toBe(0));
    sendWhatCanLeave(allHeld(), send as unknown as typeof fetch, settings); // the earlier ones done: the rest fits
    expect(send).toHaveBeenCalledTimes(4);
    expect(inFlight()).toBeLessThanOrEqual(KEEPALIVE_BUDGET_BYTES);
    for (const p of [...pending]) p.settle();
    await vi.waitFor(() => expect(keepaliveBytesInFlight()).toBe(0));
  });

  it('tries again at a later pagehide a send the browser refused', async () => {
    const entry = await kept();
    const send = vi.fn(async (_url: string, _init: RequestInit): Promise<Response> => {
      throw new TypeError('Failed to fetch');
    });
    sendWhatCanLeave(allHeld(), send as unknown as typeof fetch, settings);
    await new Promise((resolve) => setTimeout(resolve, 0)); // the refusal settles
    expect(
      allHeld()
        .find((item) => item.entry.id === entry.id)
        ?.sentAhead.has('row'),
    ).toBe(false);
    sendWhatCanLeave(allHeld(), send as unknown as typeof fetch, settings);
    expect(send).toHaveBeenCalledTimes(2);
    await vi.waitFor(() => expect(keepaliveBytesInFlight()).toBe(0));
  });
});
