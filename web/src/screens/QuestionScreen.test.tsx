// A click on Next or Back never makes the page's first call of an engine function: V8 compiles a
// wasm function on its first call, and QuestionScreen makes those calls while the page is idle
// (docs/decisions.md, "Accessibility and speed"). Its own file: the engine and the option lists
// it caches start fresh here, as on a page load.
import { act, fireEvent, render, screen } from '@testing-library/preact';
import { beforeAll, expect, it, vi } from 'vitest';
import { App, screens, SubmitOverlay } from '../App';
import type { StepId } from '../core';
import { readStartupState } from '../state/storage';
import { fakePorts, yesAnswers } from '../test/fakePorts';

/** Every engine function the page has called, by name: the glue with each function wrapped. */
const called = new Set<string>();
vi.mock('../../../pkg/stepzero_core.js', async (importOriginal) => {
  const glue = await importOriginal<Record<string, unknown>>();
  const recorded =
    (name: string, call: (...args: unknown[]) => unknown) =>
    (...args: unknown[]) => {
      called.add(name);
      return call(...args);
    };
  return Object.fromEntries(
    Object.entries(glue).map(([name, value]) => [
      name,
      typeof value === 'function' && name !== 'default' && name !== 'initSync' ? recorded(name, value as never) : value,
    ]),
  );
});

beforeAll(() => Promise.all([...Object.values(screens), SubmitOverlay].map((each) => each.preload())));

/** Clicks `button` after the page's idle time; returns the engine functions it called first. */
async function firstCallsOf(button: 'Next' | 'Back', arrival: StepId): Promise<string[]> {
  // jsdom has no requestIdleCallback: a timer
  await act(async () => {
    await vi.advanceTimersByTimeAsync(1000);
  });
  const before = new Set(called);
  fireEvent.click(screen.getByRole('button', { name: button }));
  await vi.waitFor(() => expect(window.location.pathname).toBe(`/survey/question/${arrival}`));
  return [...called].filter((name) => !before.has(name));
}

it('no click on Next or Back through the survey is the first call of an engine function', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  try {
    localStorage.setItem('stepZeroAnswers', JSON.stringify(yesAnswers));
    localStorage.setItem('cookiesAccepted', 'true');
    window.history.replaceState(null, '', '/survey/question/1');
    render(<App startup={readStartupState()} ports={fakePorts().ports} />);
    const path: StepId[] = ['1', '2', '3', '4a', '5a', '6', '7', '8'];
    for (const [index, arrival] of path.slice(1).entries())
      expect({ next: `${path[index]} to ${arrival}`, first: await firstCallsOf('Next', arrival) }).toEqual({
        next: `${path[index]} to ${arrival}`,
        first: [],
      });
    for (const [index, arrival] of path.slice(0, -1).reverse().entries())
      expect({ back: `${path[path.length - 1 - index]} to ${arrival}`, first: await firstCallsOf('Back', arrival) }).toEqual({
        back: `${path[path.length - 1 - index]} to ${arrival}`,
        first: [],
      });
  } finally {
    vi.useRealTimers();
  }
});
