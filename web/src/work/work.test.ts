// The proof of work in the browser code: the shared vectors through the solver wasm and the
// engine, the solver's bounds (cancel, timeout), and a delivery that solves again when the
// database asks for more (tests/security/attacks.mjs repeats the database's side for real).
import { describe, expect, it } from 'vitest';
import { defaultWorkDifficulty, workRefusal, type RecordMeta, type SurveyResponse } from '../core';
import { keepAndDeliver } from '../outbox';
import { insertWithWork, type Sent } from '../outbox/work';
import type { OutboxEntry } from '../outbox/store';
import { fakePorts } from '../test/fakePorts';
import { vectors } from '../test/vectors';
import { startSolver } from './load';
import { searchWork } from './search';
import { loadSolver, solveWork, workerCount } from './solve';

type VerifyCase = { name: string; id: string; completionMs: number; difficulty: number; nonce: string; sha256?: string; valid: boolean };
type SplitCase = {
  name: string;
  id: string;
  completionMs: number;
  difficulty: number;
  work: string;
  firstFromZero?: boolean;
  valid: boolean;
};
const work = vectors<{
  verify: VerifyCase[];
  split: SplitCase[];
  shape: { difficulty: number; parts: number; partBits: number }[];
  refusal: { code: string; hint: string; expect: number | null }[];
}>('work');

describe('work vectors', () => {
  work.verify.forEach((c) =>
    it(`verifyWork: ${c.name}`, async () => {
      const solver = await loadSolver();
      expect(solver.verifyWork(c.id, c.completionMs, c.nonce, c.difficulty)).toBe(c.valid);
      if (c.sha256) expect(String(solver.solveWork(c.id, c.completionMs, c.difficulty, 0, 1 << 24))).toBe(c.nonce);
    }),
  );
  work.split.forEach((c) =>
    it(`verifyWork (split): ${c.name}`, async () => {
      const solver = await loadSolver();
      expect(solver.verifyWork(c.id, c.completionMs, c.work, c.difficulty)).toBe(c.valid);
      if (c.firstFromZero) expect(await searchWork(solver, c)).toBe(c.work);
    }),
  );
  work.shape.forEach((c) =>
    it(`workShape(${c.difficulty})`, async () => {
      expect(Array.from((await loadSolver()).workShape(c.difficulty))).toEqual([c.parts, c.partBits]);
    }),
  );
  work.refusal.forEach((c) => it(`workRefusal(${c.code}, "${c.hint}")`, () => expect(workRefusal(c.code, c.hint)).toBe(c.expect)));
});

const ID = '0b9f1c1e-6a1d-4a53-9a43-2f0e5c7d8e11';
const MS = Date.UTC(2026, 0, 2, 3, 4, 5);

describe('solveWork', () => {
  it("finds work that the verifier (the database's check) accepts: 32 parts", async () => {
    const nonce = await solveWork(ID, MS, 12);
    expect(nonce.split(',')).toHaveLength(32);
    expect((await loadSolver()).verifyWork(ID, MS, nonce, 12)).toBe(true);
  });

  it("shares the parts among the device's cores, at most 4 workers", () => {
    expect(workerCount(8)).toBe(4);
    expect(workerCount(2)).toBe(2);
    expect(workerCount(1)).toBe(1);
    expect(workerCount(Number.NaN)).toBe(1);
    expect(workerCount(0)).toBe(1);
  });

  it('stops when the caller cancels or its time is up', async () => {
    const cancel = new AbortController();
    cancel.abort();
    await expect(solveWork(ID, MS, 30, { signal: cancel.signal })).rejects.toThrow(/cancelled/);
    await expect(solveWork(ID, MS, 30, { timeoutMs: 50 })).rejects.toThrow(/cancelled/);
  });

  it('without WebAssembly, the solver translated to JavaScript finds the same first nonce', async () => {
    const scope = globalThis as { WebAssembly?: unknown };
    const saved = scope.WebAssembly;
    delete scope.WebAssembly;
    try {
      const solver = await startSolver();
      const c = work.verify.find((v) => v.sha256 && v.difficulty === 12)!;
      expect(String(solver.solveWork(c.id, c.completionMs, c.difficulty, 0, 1 << 20))).toBe(c.nonce);
      expect(solver.verifyWork(c.id, c.completionMs, c.nonce, c.difficulty)).toBe(true);
      const split = work.split.find((v) => v.firstFromZero && v.difficulty === 12)!;
      expect(await searchWork(solver, split)).toBe(split.work);
    } finally {
      scope.WebAssembly = saved;
    }
  });

  it("starts from the engine's default difficulty", () => {
    expect(defaultWorkDifficulty()).toBe(19);
  });
});

/** A complete Yes response, as the survey stores it. */
const answers = {
  question1: 'a',
  question2: 'b',
  question3: 'Yes',
  question4a: 'Neutral',
  question5a: 'Yes',
  question6: 'No',
  age: '30',
  gender: 'Male',
  termsConsent: true,
} as const;

describe('insertWithWork', () => {
  const completionTime = new Date(MS).toISOString();
  const meta: RecordMeta = { id: ID, completionTime, userAgent: 'Vitest', mediaFileUrl: null, mediaFileName: null };
  const keep = () => fakePorts().ports;
  const entry = (over: Partial<OutboxEntry> = {}): OutboxEntry => ({
    id: ID,
    createdMs: MS,
    answers,
    completionTime,
    userAgent: 'Vitest',
    file: null,
    objectName: null,
    upload: 'todo',
    uploadUnanswered: false,
    attempts: 1,
    nextAttemptMs: MS,
    workNonce: null,
    workDifficulty: 8,
    ...over,
  });
  const asking = (difficulty: number): Sent => ({
    verdict: 'refused',
    answer: { error: { code: 'PT428' }, status: 428, code: 'PT428', hint: `difficulty=${difficulty}` },
  });
  const stored: Sent = { verdict: 'stored', answer: { error: null, status: 201 } };

  it('sends the row with its work, and keeps the work in the entry', async () => {
    const sent: SurveyResponse[] = [];
    const e = entry();
    expect(await insertWithWork(e, meta, async (r) => (sent.push(r), stored), keep())).toBe('stored');
    expect(sent).toHaveLength(1);
    expect((await loadSolver()).verifyWork(ID, MS, sent[0].work_nonce!, 8)).toBe(true);
    expect(e.workNonce).toBe(sent[0].work_nonce);
  });

  it('a retry reuses the kept work: no second solve', async () => {
    const sent: SurveyResponse[] = [];
    // '1' is not valid work at difficulty 8 for this id; a solver would never send it.
    await insertWithWork(entry({ workNonce: '1' }), meta, async (r) => (sent.push(r), stored), keep());
    expect(sent[0].work_nonce).toBe('1');
  });

  it('asked for more, it solves again at that difficulty and sends at once', async () => {
    const sent: SurveyResponse[] = [];
    const answers = [asking(12), stored];
    const e = entry();
    expect(await insertWithWork(e, meta, async (r) => (sent.push(r), answers.shift()!), keep())).toBe('stored');
    expect(sent).toHaveLength(2);
    expect((await loadSolver()).verifyWork(ID, MS, sent[1].work_nonce!, 12)).toBe(true);
    expect(e.workDifficulty).toBe(12);
  });

  it('an entry kept before the split (one puzzle, the first form) is sent with that work: no second solve', async () => {
    const sent: SurveyResponse[] = [];
    const single = String((await loadSolver()).solveWork(ID, MS, 8, 0, 1 << 20));
    const e = entry({ workNonce: single });
    expect(await insertWithWork(e, meta, async (r) => (sent.push(r), stored), keep())).toBe('stored');
    expect(sent.map((r) => r.work_nonce)).toEqual([single]);
    expect((await loadSolver()).verifyWork(ID, MS, single, 8)).toBe(true);
  });

  it('an entry solved at 18 by the build before the default became 19 is refused, solved again at 19 and stored', async () => {
    // A row in a visitor's outbox across the deploy (supabase/migrations/*_work_difficulty_19.sql).
    const solver = await loadSolver();
    const old = await solveWork(ID, MS, 18);
    expect(solver.verifyWork(ID, MS, old, 19)).toBe(false);
    const sent: SurveyResponse[] = [];
    const answers = [asking(defaultWorkDifficulty()), stored];
    const e = entry({ workNonce: old, workDifficulty: 18 });
    expect(await insertWithWork(e, meta, async (r) => (sent.push(r), answers.shift()!), keep())).toBe('stored');
    expect(sent[0].work_nonce).toBe(old);
    expect(sent).toHaveLength(2);
    expect(solver.verifyWork(ID, MS, sent[1].work_nonce!, 19)).toBe(true);
    expect(e.workDifficulty).toBe(19);
    expect(e.workNonce).toBe(sent[1].work_nonce);
  });

  it('refused although its work meets the asked difficulty: solving more cannot help (email)', async () => {
    const sent: SurveyResponse[] = [];
    expect(await insertWithWork(entry(), meta, async (r) => (sent.push(r), asking(8)), keep())).toBe('refused');
    expect(sent).toHaveLength(1);
  });

  it("work that takes longer than the engine's wait leaves the row waiting, not refused", async () => {
    const sent: SurveyResponse[] = [];
    const slow = entry({ id: '1b9f1c1e-6a1d-4a53-9a43-2f0e5c7d8e11', workDifficulty: 32 });
    const stop = new AbortController();
    const ports = { ...keep(), work: (id: string, ms: number, d: number) => solveWork(id, ms, d, { signal: stop.signal }) };
    const verdict = await insertWithWork(slow, { ...meta, id: slow.id }, async (r) => (sent.push(r), stored), ports);
    expect(verdict).toBe('waiting');
    expect(sent).toHaveLength(0);
    stop.abort(); // the search would otherwise run on for the rest of the file
  }, 15_000);
});

describe('a submission with the proof of work', () => {
  it('the row goes out with work at the default difficulty; asked for more, it is solved again and stored, with no email', async () => {
    const raised = defaultWorkDifficulty() + 1;
    const asked = { error: { code: 'PT428', hint: `difficulty=${raised}` }, status: 428, code: 'PT428', hint: `difficulty=${raised}` };
    const f = fakePorts({ insert: [asked, { error: null, status: 201 }] });
    const outcome = await keepAndDeliver({ ...answers }, null, f.ports, Promise.resolve());
    expect(outcome).toEqual({ inserted: true, uploaded: false, emailed: false, emailTried: false, kept: false });
    const solver = await loadSolver();
    const ms = Date.parse(f.inserts[0].completion_time);
    expect(f.inserts).toHaveLength(2);
    expect(solver.verifyWork(f.inserts[0].id!, ms, f.inserts[0].work_nonce!, defaultWorkDifficulty())).toBe(true);
    expect(solver.verifyWork(f.inserts[1].id!, ms, f.inserts[1].work_nonce!, raised)).toBe(true);
    expect(f.emails).toHaveLength(0);
    expect(f.log.error).not.toHaveBeenCalled();
  });
});
