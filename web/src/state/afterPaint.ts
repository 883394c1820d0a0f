// Work a click must not wait for: what the visitor sees first (the next step), the address bar,
// the tab's title and the focus after it. history.pushState, document.title and focus() each
// cost a click on Next several milliseconds at 4x CPU slowdown, inside the click's task
// (docs/decisions.md, "Accessibility and speed"); run here, they follow the paint of the step,
// in the order asked. Preact's effects (useEffect) can be run from here too
// (`runPreactEffectsAfterPaint`), so `runQueuedNow` also runs the effects of a render not painted yet.
import { options } from 'preact';

const queue: (() => void)[] = [];
let batch = 0;
let channel: MessageChannel | null = null;
/** What each posted message runs, in the order posted (one per message). */
const afterMessages: (() => void)[] = [];
let pagehideListened = false;

function run(which: number): void {
  if (which !== batch || queue.length === 0) return;
  batch += 1;
  for (const job of queue.splice(0)) {
    // One job's error must not drop the jobs after it: Preact's effects are one of them
    // (runPreactEffectsAfterPaint), and Preact asks for their next run only once the last one has happened.
    try {
      job();
    } catch (error) {
      queueMicrotask(() => {
        throw error; // reported as uncaught, as it would have been
      });
    }
  }
}

/** Whether this page can tell when a frame is painted (below); without it, a job waits for the
 *  queue's 100 ms timer. */
export function hasFrameSignal(): boolean {
  return typeof ResizeObserver === 'function' && typeof MessageChannel === 'function';
}

/**
 * Calls `done` once the next frame is painted. A ResizeObserver reports inside the frame's
 * rendering (after layout, before paint), and a message posted from there is a task after that
 * frame. Not requestAnimationFrame and a timer: those are what a test's fake clock stops (the
 * e2e tests pause the page's clock), and the history must follow the screen there too.
 */
function afterFrame(done: () => void): void {
  if (!hasFrameSignal()) return;
  if (!channel) {
    // One channel for the page: a new one per frame cost its first message about 1 ms.
    channel = new MessageChannel();
    channel.port1.onmessage = () => afterMessages.shift()?.();
  }
  const observer = new ResizeObserver(() => {
    observer.disconnect();
    afterMessages.push(done);
    channel?.port2.postMessage(null);
  });
  observer.observe(document.documentElement);
}

/** Runs `job` once the next frame is painted, outside the queue below: nothing runs it early
 *  (a navigation runs the queue in its own task), and a page that paints nothing, or has no
 *  frame signal (hasFrameSignal), never runs it.
 *  For work that may as well not happen: where a pressed button leads, built while it is held
 *  (QuestionScreen: a step, or the home page through App). */
export function afterPaintOnly(job: () => void): void {
  afterFrame(job);
}

/** Runs `job` after the next frame is painted, and the frame after it rendered: a hidden page
 *  paints none, so a timer and pagehide are the backstop. Jobs run in the order they were queued.
 *  Why a frame more: right after the frame's commit, its tiles are still being rastered on
 *  another thread, and the jobs (the history entry's work in the browser process too) took CPU
 *  from that raster. On the bench's 2 cores at 4x, question 1's Back (the hero's whole page
 *  rastered) measured 72 ms with the jobs after one frame and 56 after two (9 runs each, side by
 *  side, tests/bench/next-step.mjs). */
export function afterNextPaint(job: () => void): void {
  queue.push(job);
  if (queue.length > 1) return;
  const which = batch;
  afterFrame(() => {
    if (which === batch) afterFrame(() => run(which)); // not when run early meanwhile
  });
  setTimeout(() => run(which), 100);
  if (!pagehideListened) {
    pagehideListened = true;
    window.addEventListener('pagehide', runQueuedNow);
  }
}

/** Runs what is queued now (before something that must see it done). */
export function runQueuedNow(): void {
  run(batch);
}

/**
 * Preact runs effects (useEffect) once the frame they follow is painted, found by its own
 * requestAnimationFrame and a timer; from here they are run by this queue instead: a page whose
 * clock is paused (the e2e tests pause it) would otherwise never run them, and what runs the queue
 * early (a second navigation, Back's `cameFrom()`, pagehide) runs the effects still pending too.
 */
export function runPreactEffectsAfterPaint(): void {
  options.requestAnimationFrame = afterNextPaint;
}

/** Calls `job` once the page is idle, or after `timeoutMs` at the latest (200 ms where
 *  requestIdleCallback is missing: Safari); returns its cancel. */
export function whenIdle(job: () => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(job, 200);
    return () => clearTimeout(timer);
  }
  const idle = requestIdleCallback(job, { timeout: timeoutMs });
  return () => cancelIdleCallback(idle);
}
