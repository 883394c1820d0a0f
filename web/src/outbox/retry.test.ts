// The retry timer: never sooner than the engine's smallest delay, even when the due entry is
// held by another tab (it would otherwise spin at 0 ms, copying every kept file each pass).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { constants } from '../core';
import { fail, fakePorts, yesAnswers } from '../test/fakePorts';
import { keepAndDeliver } from '.';
import { withLock } from './lock';
import { retryOutbox, scheduleRetry } from './retry';
import { memoryOutbox, resilientStore, type OutboxStore } from './store';

afterEach(() => vi.useRealTimers());

describe('retry timer', () => {
  it('a due time in the past still waits the smallest retry delay', async () => {
    vi.useFakeTimers();
    const f = fakePorts();
    const spy = vi.spyOn(globalThis, 'setTimeout');
    scheduleRetry(f.ports, f.ports.nowMs() - 60_000);
    expect(spy).toHaveBeenLastCalledWith(expect.any(Function), constants().retryMinMs);
    expect(constants().retryMinMs).toBe(2500);
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
