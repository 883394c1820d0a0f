// The engine (wasm) is started after the first paint, so the hero never waits for it.
// Screens that need a survey rule wait for `ready`; a start that fails shows the fallback
// screen (spec point 8). `startEngine` itself starts the wasm only once.
import { useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';
import { startEngine } from '../core';

export type EngineStatus = 'idle' | 'loading' | 'ready' | 'failed';

let status: EngineStatus = 'idle';
let started: Promise<void> | null = null;
const listeners = new Set<() => void>();

function set(next: EngineStatus) {
  status = next;
  listeners.forEach((listener) => listener());
}

/**
 * Starts the engine (once); resolves when it is ready, rejects if it cannot start.
 * Tests in Node pass the wasm bytes (`source`): there is no URL to fetch there.
 */
export function loadEngine(source?: BufferSource): Promise<void> {
  started ??=
    (set('loading'),
    startEngine(source).then(
      () => set('ready'),
      (error: unknown) => {
        console.error('Could not start the survey engine.', error);
        set('failed');
        throw error;
      },
    ));
  return started;
}

/**
 * Runs `action` now when the engine is ready (keeps clicks synchronous), else once it is,
 * rendering its result at once (flushSync), as a click would: a page and the timers its
 * layout effects start appear in one task (plain effects follow the page's paint).
 */
export function withEngine(action: () => void): void {
  if (status === 'ready') action();
  else
    loadEngine().then(
      () => flushSync(action),
      () => undefined,
    );
}

/** Runs `action` once the engine is ready, without starting it (App starts it after paint). */
export function afterEngine(action: () => void): void {
  if (status === 'ready') return action();
  const listener = () => {
    if (status !== 'ready') return;
    listeners.delete(listener);
    action();
  };
  listeners.add(listener);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const engineStatus = (): EngineStatus => status;

export function useEngineStatus(): EngineStatus {
  return useSyncExternalStore(subscribe, engineStatus, engineStatus);
}
