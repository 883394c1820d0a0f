// The page's frame signal (state/afterPaint.ts) under the tests' control: a ResizeObserver
// reports inside a frame's rendering, and a message posted from there is a task after that
// frame (here a timer, which the test advances).
let observers: (() => void)[] = [];

export class FakeResizeObserver {
  constructor(private readonly report: () => void) {}
  observe() {
    observers.push(this.report);
  }
  disconnect() {}
}

export class FakeMessageChannel {
  port1: { onmessage: (() => void) | null } = { onmessage: null };
  port2 = { postMessage: () => setTimeout(() => this.port1.onmessage?.(), 0) };
}

/** A frame rendered: each observer observing reports, in the order observed. */
export function frame(): void {
  const reporting = observers;
  observers = [];
  reporting.forEach((report) => report());
}

/** Between tests: no observer carries over. */
export function forgetFrames(): void {
  observers = [];
}
