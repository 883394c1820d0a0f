// The retry timer: never sooner than the engine's smallest delay, even when the due entry is
// held by another tab (it would otherwise spin at 0 ms, copying every kept file each pass).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { constants } from '../core';
import { fakePorts } from '../test/fakePorts';
import { withLock } from './lock';
import { retryOutbox, scheduleRetry } from './retry';

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
