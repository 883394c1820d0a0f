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
