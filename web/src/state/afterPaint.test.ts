// The after-paint queue carries the address bar, the title, the focus and (main.tsx) every
// Preact effect: one job that throws must not drop the others.
import { expect, test, vi } from 'vitest';
import { FakeMessageChannel, FakeResizeObserver, forgetFrames, frame } from '../test/frames';
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

// A frame (../test/frames.ts); a posted message is a task after it, a timer advanced by hand.
const messages = () => vi.advanceTimersByTime(1);
function withFrames(body: () => void) {
  vi.useFakeTimers();
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  vi.stubGlobal('MessageChannel', FakeMessageChannel);
  try {
    body();
  } finally {
    forgetFrames();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  }
}

test('a job runs once the frame after its paint is rendered, not while that paint is still rastered', () =>
  withFrames(() => {
    const job = vi.fn();
    afterNextPaint(job);
    frame(); // the frame that paints what the job follows
    messages();
    expect(job).not.toHaveBeenCalled();
    frame(); // the frame after it
    messages();
    expect(job).toHaveBeenCalledOnce();
  }));

test('jobs queued while earlier ones were run early wait for their own two frames, not the backstop', () =>
  withFrames(() => {
    const first = vi.fn();
    const second = vi.fn();
    afterNextPaint(first);
    frame(); // the first job's first frame: its message is posted, not yet run
    runQueuedNow(); // a navigation runs it early (a click comes before a posted message)
    afterNextPaint(second);
    messages(); // the first job's message, after the second job's observer
    frame();
    messages();
    frame();
    messages();
    expect(first).toHaveBeenCalledOnce();
    expect(second).toHaveBeenCalledOnce(); // within frames: the 100 ms backstop has not come
  }));
