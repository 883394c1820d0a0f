// The after-paint queue carries the address bar, the title, the focus and (main.tsx) every
// Preact effect: one job that throws must not drop the others.
import { expect, test, vi } from 'vitest';
import { afterNextPaint, runQueuedNow } from './afterPaint';

test('a job that throws leaves the jobs after it to run, and its error is reported', () => {
  const reported: (() => void)[] = [];
  const microtask = vi.spyOn(globalThis, 'queueMicrotask').mockImplementation((callback) => void reported.push(callback));
  try {
    const after = vi.fn();
    afterNextPaint(() => {
      throw new Error('a job failed');
    });
    afterNextPaint(after);
    runQueuedNow();
    expect(after).toHaveBeenCalledOnce();
    expect(reported).toHaveLength(1);
    expect(reported[0]).toThrow('a job failed');
  } finally {
    microtask.mockRestore();
  }
});

test('a job runs once the frame after its paint is rendered, not while that paint is still rastered', () => {
  // A frame: each observer observing reports; a posted message is a task after it.
  let observers: (() => void)[] = [];
  const frame = () => {
    const reporting = observers;
    observers = [];
    reporting.forEach((report) => report());
  };
  class FakeResizeObserver {
    constructor(private readonly report: () => void) {}
    observe() {
      observers.push(this.report);
    }
    disconnect() {}
  }
  class FakeMessageChannel {
    port1: { onmessage: (() => void) | null } = { onmessage: null };
    port2 = { postMessage: () => setTimeout(() => this.port1.onmessage?.(), 0) };
  }
  vi.useFakeTimers();
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  vi.stubGlobal('MessageChannel', FakeMessageChannel);
  try {
    const job = vi.fn();
    afterNextPaint(job);
    frame(); // the frame that paints what the job follows
    vi.advanceTimersByTime(1);
    expect(job).not.toHaveBeenCalled();
    frame(); // the frame after it
    vi.advanceTimersByTime(1);
    expect(job).toHaveBeenCalledOnce();
  } finally {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  }
});
