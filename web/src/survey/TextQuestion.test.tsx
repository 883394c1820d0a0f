// Question 1 is prerendered empty (as for a first visit) and hydrated once the app is in. What
// its field shows then: the text typed into the HTML's field before that, else the answer the
// app holds (one stored by an earlier visit). Under StrictMode, as main.tsx hydrates.
import { act } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { expect, test, vi } from 'vitest';
import { QUESTIONS } from './questions';
import { TextQuestion } from './TextQuestion';

function question1(value: string, onChange: (value: string) => void) {
  return <TextQuestion name="question1" text={QUESTIONS['1']} value={value} onChange={onChange} shake={0} />;
}

/** The prerendered field, `typed` into (or not) before the app takes the page over. */
function prerendered(typed?: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(question1('', () => undefined));
  document.body.append(container);
  if (typed !== undefined) (container.querySelector('input') as HTMLInputElement).value = typed;
  return container;
}

test('an untouched prerendered field shows the stored answer once hydrated, which stays the answer', () => {
  const container = prerendered();
  const onChange = vi.fn();
  act(() => {
    hydrateRoot(container, <StrictMode>{question1('Earlier answer', onChange)}</StrictMode>); // as main.tsx takes the page over
  });
  expect((container.querySelector('input') as HTMLInputElement).value).toBe('Earlier answer');
  expect(onChange).not.toHaveBeenCalled();
});

test('text typed into the prerendered field before hydration is handed to the answers', () => {
  const container = prerendered('Talk to a stranger');
  const onChange = vi.fn();
  act(() => {
    hydrateRoot(container, <StrictMode>{question1('Earlier answer', onChange)}</StrictMode>); // as main.tsx takes the page over
  });
  expect((container.querySelector('input') as HTMLInputElement).value).toBe('Talk to a stranger');
  expect(onChange).toHaveBeenCalledExactlyOnceWith('Talk to a stranger');
});
