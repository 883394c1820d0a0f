// The retry timer: never sooner than the engine's smallest delay, even when the due entry is
// held by another tab (it would otherwise spin at 0 ms, copying every kept file each pass).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { constants } from '../core';
import { fail, fakePorts, yesAnswers } from '../test/fakePorts';
import { keepAndDeliver } from '.';
import { withLock } from './lock';
import type { BackendResult } from './ports';
import { retryOutbox, scheduleRetry } from './retry';
import { memoryOutbox, resilientStore, type OutboxStore } from './store';

afterEach(() => vi.useRealTimers());

/** An outbox entry as an earlier visit left it, its first attempt failed. */
async function keptEntry(f: ReturnType<typeof fakePorts>) {
  const other = fakePorts({ insert: [fail(500)], email: () => Promise.reject({ status: 500, text: 'down' }) });
  await keepAndDeliver({ ...yesAnswers, question1: 'From an earlier visit' }, null, other.ports, Promise.resolve());
  const [entry] = await other.ports.store.all();
  return { ...entry, id: '00000000-0000-4000-8000-0000000000aa', nextAttemptMs: f.ports.nowMs() };
}

describe('retry timer', () => {
  it('a due time in the past still waits the smallest retry delay', async () => {
    vi.useFakeTimers();
    const f = fakePorts();
    const spy = vi.spyOn(globalThis, 'setTimeout');
    scheduleRetry(f.ports, f.ports.nowMs() - 60_000);
    expect(spy).toHaveBeenLastCalledWith(expect.any(Function), constants().retryMinMs);
    expect(constants().retryMinMs).toBe(2500);
  });

  it('a due time beyond what a timer can wait (a clock set back weeks) waits at most the longest backoff', async () => {
    vi.useFakeTimers();
    const f = fakePorts();
    const spy = vi.spyOn(globalThis, 'setTimeout');
    // Browsers keep a timer's delay in 32 bits: 30 days would fire at once, and again, and again.
    scheduleRetry(f.ports, f.ports.nowMs() + 30 * 24 * 3600_000);
    expect(spy).toHaveBeenLastCalledWith(expect.any(Function), constants().retryMaxMs);
    expect(constants().retryMaxMs).toBe(3_600_000);
  });

  it('a drain that ends with nothing left of what it listed keeps the retry of a response kept meanwhile', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true }); // the solver's own timers run as in real time
    let answerFirst: (answer: BackendResult) => void = () => undefined;
    const f = fakePorts({
      insert: [() => new Promise<BackendResult>((resolve) => (answerFirst = resolve)), fail(500), { error: null }],
      email: () => Promise.reject({ status: 500, text: 'down' }),
    });
    // A response from an earlier visit, due: the load's drain delivers it, slowly.
    await f.ports.store.put({ ...(await keptEntry(f)), nextAttemptMs: f.ports.nowMs() - 1 });
    const drained = retryOutbox(f.ports);
    await vi.waitFor(() => expect(f.inserts).toHaveLength(1));
    // Meanwhile the visitor submits; the database and the email fail, so it is kept, with a retry.
    expect(await keepAndDeliver(yesAnswers, null, f.ports, Promise.resolve())).toMatchObject({ kept: true });
    answerFirst({ error: null });
    await drained;
    f.later(3_600_000);
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(f.inserts.map((row) => row.question1_challenge)).toEqual(['From an earlier visit', yesAnswers.question1, yesAnswers.question1]);
    expect(f.outbox.entries.size).toBe(0);
  });

  it('an entry held elsewhere is not retried in a tight loop', async () => {
    vi.useFakeTimers();
    const f = fakePorts();
    const entry = { id: 'x', createdMs: f.ports.nowMs(), nextAttemptMs: f.ports.nowMs() - 1 } as never;
    await f.ports.store.put(entry);
    const all = vi.spyOn(f.ports.store, 'all');
    // Held as another tab would hold it (this tab's guard stands in for Web Locks under jsdom).
    const held = await withLock('x', async () => {
      await retryOutbox(f.ports);
      const passes = all.mock.calls.length;
      await vi.advanceTimersByTimeAsync(100);
      return all.mock.calls.length - passes;
    });
    expect(held).toEqual({ skipped: false, value: 0 });
  });
});

describe('a retry whose read of IndexedDB goes unanswered', () => {
  const answers = yesAnswers;

  /** The database down at the first attempt, then up; the email refused (rate limited). */
  const downThenUp = () => ({
    insert: [fail(500, 'Internal Server Error', 'XX000'), { error: null }],
    email: () => Promise.reject({ status: 429, text: 'Too Many Requests' }),
  });

  /**
   * A response kept on "disk" after a failed first attempt, behind the page's resilient store
   * (a 10 ms wait); every read of the disk first awaits `beforeRead`.
   */
  async function keptOnDisk(beforeRead: () => Promise<void>) {
    const disk = memoryOutbox();
    const durable: OutboxStore = {
      put: disk.put,
      remove: disk.remove,
      all: async () => {
        await beforeRead();
        return disk.all();
      },
    };
    const log = { warn: vi.fn(), error: vi.fn() };
    const store = resilientStore(durable, log, { waitMs: () => 10, onAnswerAgain: () => void retryOutbox(f.ports) });
    const f = fakePorts({ store, ...downThenUp() });
    expect(await keepAndDeliver(answers, null, f.ports, Promise.resolve())).toMatchObject({ kept: true });
    expect(disk.entries.size).toBe(1);
    f.later(60_000); // past the backoff
    return { disk, f };
  }

  it('reads again once IndexedDB answers, and delivers what it had kept', async () => {
    // One read answers only after the store's wait (a busy phone, or a test's fake clock
    // jumping ahead): that pass sees nothing, which is not "nothing kept".
    let hangNextRead = false;
    let answerLate: () => void = () => undefined;
    const { disk, f } = await keptOnDisk(async () => {
      if (!hangNextRead) return;
      hangNextRead = false;
      await new Promise<void>((resolve) => (answerLate = resolve));
    });
    hangNextRead = true;
    await retryOutbox(f.ports);
    expect(f.inserts).toHaveLength(1); // the pass saw nothing

    answerLate();
    await vi.waitFor(() => expect(disk.entries.size).toBe(0));
    expect(f.inserts).toHaveLength(2);
  });

  it('an IndexedDB slower than the wait is waited for longer each time, so its entries are delivered', async () => {
    // Every read answers after 25 ms against a 10 ms wait: without a longer wait each retry
    // would miss it and ask for the next, for ever, and nothing on disk would be sent.
    let slow = false;
    let reads = 0;
    const { disk, f } = await keptOnDisk(async () => {
      reads += 1;
      if (slow) await new Promise((resolve) => setTimeout(resolve, 25));
    });
    slow = true;
    reads = 0;
    await retryOutbox(f.ports);
    await vi.waitFor(() => expect(disk.entries.size).toBe(0), { timeout: 2000 });
    expect(f.inserts).toHaveLength(2);
    // Waits of 10, 20, then 40 ms: the third is long enough, and a pass reads at most three
    // times (the list, the entry under its lock, the list again); a slow machine may need one
    // more doubling.
    expect(reads).toBeLessThanOrEqual(10);
  });

  it('a retry asked for while one runs runs after it, forced if either was', async () => {
    const f = fakePorts(downThenUp());
    expect(await keepAndDeliver(answers, null, f.ports, Promise.resolve())).toMatchObject({ kept: true });
    const first = retryOutbox(f.ports); // not due: nothing sent
    const online = retryOutbox(f.ports, true); // the browser came back online meanwhile
    await first;
    await online;
    await vi.waitFor(() => expect(f.outbox.entries.size).toBe(0));
    expect(f.inserts).toHaveLength(2);
  });
});

describe('ids', () => {
  it('without crypto.randomUUID the id is a v4 UUID from crypto.getRandomValues', async () => {
    const { newId } = await import('./browserPorts');
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      expect(newId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});
