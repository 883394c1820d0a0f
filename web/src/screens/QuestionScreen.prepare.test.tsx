// A press on Next or Back builds the step it leads to, hidden, once the pressed button is
// painted; the click then shows that very subtree instead of building the step in its own task
// (docs/decisions.md, "Accessibility and speed"). Its own file: the page's frame signal (a
// ResizeObserver and a message channel, ../test/frames.ts) is faked here, frame by frame.
import { act, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { App, screens, SubmitOverlay } from '../App';
import type { Answers } from '../core';
import { readStartupState } from '../state/storage';
import { QUESTIONS } from '../survey/questions';
import { fakePorts, yesAnswers } from '../test/fakePorts';
import { FakeMessageChannel, FakeResizeObserver, forgetFrames, frame } from '../test/frames';

// jsdom has no PointerEvent: its fields the page reads, over a MouseEvent (which has `button`).
class FakePointerEvent extends MouseEvent {
  readonly isPrimary: boolean;
  readonly pointerType: string;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.isPrimary = init.isPrimary ?? false;
    this.pointerType = init.pointerType ?? '';
  }
}
const mouse = { isPrimary: true, button: 0, pointerType: 'mouse' };
const press = (name: string, init: PointerEventInit = mouse) => fireEvent.pointerDown(screen.getByRole('button', { name }), init);

/** One frame painted, and the tasks posted from it run. */
async function paint() {
  await act(async () => {
    frame();
    await vi.advanceTimersByTimeAsync(1);
  });
}

beforeAll(() => Promise.all([...Object.values(screens), SubmitOverlay].map((each) => each.preload())));
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  vi.stubGlobal('MessageChannel', FakeMessageChannel);
  vi.stubGlobal('PointerEvent', FakePointerEvent);
  localStorage.setItem('cookiesAccepted', 'true');
});
afterEach(() => {
  forgetFrames();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
});

function open(step: string, answers: Answers) {
  localStorage.setItem('stepZeroAnswers', JSON.stringify(answers));
  window.history.replaceState(null, '', `/survey/question/${step}`);
  render(<App startup={readStartupState()} ports={fakePorts().ports} />);
}
const steps = () => [...document.querySelectorAll<HTMLElement>('form.question .question__step')];
const prepared = () => document.querySelector<HTMLElement>('.question__step--prepared');

test('a press on Next builds the next step hidden and inert, and the click shows that same subtree', async () => {
  open('3', yesAnswers);
  press('Next');
  expect(prepared(), 'nothing before the pressed button is painted').toBeNull();
  await paint();
  const built = prepared();
  expect(built?.textContent).toContain(QUESTIONS['4a'].title);
  expect(built?.hasAttribute('inert')).toBe(true);

  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  await vi.waitFor(() => expect(window.location.pathname).toBe('/survey/question/4a'));
  expect(steps()).toEqual([built]);
  expect(built?.className).toBe('question__step');
  expect(built?.hasAttribute('inert')).toBe(false);
  expect(screen.getByRole('heading', { name: QUESTIONS['4a'].title })).toBeTruthy();
});

test('a press on Back builds the previous step', async () => {
  open('7', yesAnswers);
  press('Back');
  await paint();
  const built = prepared();
  expect(built?.textContent).toContain(QUESTIONS['6'].title);
  fireEvent.click(screen.getByRole('button', { name: 'Back' }));
  await vi.waitFor(() => expect(window.location.pathname).toBe('/survey/question/6'));
  expect(steps()).toEqual([built]);
});

test('a step that would not pass, or a click that came before the paint, builds nothing', async () => {
  open('1', {});
  press('Back');
  press('Next');
  await paint();
  expect(prepared(), 'question 1 unanswered, and Back leads home: no step').toBeNull();

  fireEvent.input(screen.getByRole('textbox'), { target: { value: 'Ask for a discount' } });
  press('Next');
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  await vi.waitFor(() => expect(window.location.pathname).toBe('/survey/question/2'));
  await paint();
  expect(prepared(), 'the press was for question 1, which is gone').toBeNull();
  expect(steps()).toHaveLength(1);
});

const preparedPage = () => document.querySelector<HTMLElement>('.app__page--prepared');
const pages = () => [...document.querySelectorAll<HTMLElement>('.app > .app__page')];

test('a press on Back at question 1 builds the home page unseen; the click shows that same page, and its heading then takes the focus', async () => {
  open('1', yesAnswers);
  const focus = vi.spyOn(HTMLElement.prototype, 'focus');
  press('Back');
  expect(preparedPage(), 'nothing before the pressed button is painted').toBeNull();
  await paint();
  const built = preparedPage();
  const title = built?.querySelector('h1');
  expect(title?.textContent).toBe('Step Zero');
  expect(built?.hasAttribute('inert')).toBe(true);
  await paint();
  await paint();
  expect(focus.mock.contexts, 'a page built ahead does not ask for the focus').not.toContain(title);
  focus.mockRestore();
  // Nothing of the home page's arrival happens while it is only built: the survey is kept.
  expect(JSON.parse(localStorage.getItem('stepZeroAnswers') ?? '{}')).toEqual(yesAnswers);
  expect(screen.getByRole('textbox')).toHaveProperty('value', yesAnswers.question1);

  fireEvent.click(screen.getByRole('button', { name: 'Back' }));
  await vi.waitFor(() => expect(window.location.pathname).toBe('/'));
  expect(pages()).toEqual([built]);
  expect(built?.className).toBe('app__page');
  expect(built?.hasAttribute('inert')).toBe(false);
  expect(screen.getByRole('heading', { name: 'Step Zero' })).toBe(title);
  await paint();
  await paint();
  expect(document.activeElement).toBe(title);
});

test('a page built for a press is dropped by a route change', async () => {
  open('1', yesAnswers);
  press('Back');
  await paint();
  expect(preparedPage()).not.toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  await vi.waitFor(() => expect(window.location.pathname).toBe('/survey/question/2'));
  expect(preparedPage()).toBeNull();
  expect(pages()).toHaveLength(1);
});

test('a press on the exit builds the home page too; given up, it is dropped', async () => {
  open('4a', yesAnswers);
  const exit = screen.getByRole('button', { name: 'Exit the survey' });
  press('Exit the survey');
  await paint();
  expect(preparedPage()?.querySelector('h1')?.textContent).toBe('Step Zero');
  fireEvent.pointerLeave(exit, mouse);
  expect(preparedPage()).toBeNull();
  expect(pages()).toHaveLength(1);

  press('Exit the survey');
  await paint();
  const built = preparedPage();
  fireEvent.click(exit);
  await vi.waitFor(() => expect(window.location.pathname).toBe('/'));
  expect(pages()).toEqual([built]);
});

test('a press given up drops what it built: a mouse leaving the button, a cancelled touch; a touch lifting keeps it', async () => {
  open('3', yesAnswers);
  const next = screen.getByRole('button', { name: 'Next' });
  press('Next');
  await paint();
  expect(prepared()).not.toBeNull();
  fireEvent.pointerLeave(next, mouse);
  expect(prepared()).toBeNull();

  press('Next', { isPrimary: true, button: 0, pointerType: 'touch' });
  await paint();
  fireEvent.pointerLeave(next, { isPrimary: true, pointerType: 'touch' }); // the finger lifts: its click follows
  expect(prepared()).not.toBeNull();
  fireEvent.pointerCancel(next, { isPrimary: true, pointerType: 'touch' }); // the touch became a scroll
  expect(prepared()).toBeNull();

  press('Next');
  fireEvent.pointerLeave(next, mouse); // given up before the press was painted
  await paint();
  expect(prepared()).toBeNull();
});

test('only the main button of the primary pointer prepares', async () => {
  open('3', yesAnswers);
  press('Next', { isPrimary: true, button: 2, pointerType: 'mouse' });
  press('Next', { isPrimary: false, button: 0, pointerType: 'touch' });
  await paint();
  expect(prepared()).toBeNull();
});
