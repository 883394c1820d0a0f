// Screens, routing and browser state in jsdom, with the real engine and fake backend calls.
import { act, createEvent, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { App, screens, SubmitOverlay } from './App';
import type { Answers } from './core';
import { readStartupState } from './state/storage';
import { fakePorts } from './test/fakePorts';

function open(path: string, stored: Answers | null = null) {
  if (stored) localStorage.setItem('stepZeroAnswers', JSON.stringify(stored));
  localStorage.setItem('cookiesAccepted', 'true');
  window.history.replaceState(null, '', path);
  const fake = fakePorts();
  render(<App startup={readStartupState()} ports={fake.ports} />);
  return fake;
}

/** The address bar changes with the screen; a lazy page may still be on its way. */
const at = (path: string) => vi.waitFor(() => expect(window.location.pathname).toBe(path));
const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));
const heading = () => screen.getByRole('heading', { level: 1 });
const yesSet: Answers = {
  question1: 'Talk to a stranger',
  question2: 'Instagram',
  question3: 'Yes',
  question4a: 'Neutral',
  question5a: 'Yes',
  question6: 'No',
  age: '30',
};

// The pages' chunks are loaded up front, so each renders at once, as on a later visit.
beforeAll(() => Promise.all([...Object.values(screens), SubmitOverlay].map((screen) => screen.preload())));
beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => vi.useRealTimers());

describe('hero', () => {
  it('Continue shows the intro for 3.5 s, then question 1', async () => {
    open('/');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('TELL US ABOUT YOUR CHALLENGE')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(3499);
    });
    expect(screen.getByText('TELL US ABOUT YOUR CHALLENGE')).toBeTruthy();
    expect(window.location.pathname).toBe('/survey/intro');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    await at('/survey/question/1');
    expect(heading().textContent).toBe('What challenge were you given?');
  });

  it('Not Interested stores the completion flags and opens its thank-you page', async () => {
    open('/');
    fireEvent.click(screen.getByRole('button', { name: 'Not Interested' }));
    await at('/thank-you/not-interested');
    expect(localStorage.getItem('surveyCompleted')).toBe('true');
    expect(localStorage.getItem('lastThankYouType')).toBe('not-interested');
    expect(Number(localStorage.getItem('surveyCompletionTime'))).toBeGreaterThan(0);
    expect(screen.getByText('Got it. Be sure to keep up with our socials in case you change your mind!')).toBeTruthy();
  });

  it('Continue within 60 s of a completed survey goes straight to its thank-you page', async () => {
    localStorage.setItem('surveyCompleted', 'true');
    localStorage.setItem('lastThankYouType', 'completed');
    localStorage.setItem('surveyCompletionTime', String(Date.now() - 5000));
    open('/');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await at('/thank-you/completed');
  });

  it('opening / clears the saved answers and the current question', () => {
    localStorage.setItem('stepZeroCurrentQuestion', '3');
    open('/', yesSet);
    expect(localStorage.getItem('stepZeroAnswers')).toBeNull();
    expect(localStorage.getItem('stepZeroCurrentQuestion')).toBeNull();
  });
});

describe('survey steps', () => {
  it('an empty answer shows the engine message, marks the field invalid and focuses it', () => {
    open('/survey/question/1');
    next();
    const input = screen.getByPlaceholderText('Enter your challenge');
    expect(screen.getByText('Please enter your challenge')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain('question1-error');
    expect(document.activeElement).toBe(input);
    expect(document.getElementById('question1-group')?.classList.contains('shake')).toBe(true);
  });

  it('Next saves the answer and moves on; Back returns', async () => {
    open('/survey/question/1');
    fireEvent.change(screen.getByPlaceholderText('Enter your challenge'), { target: { value: 'Sing in public' } });
    next();
    await at('/survey/question/2');
    expect(JSON.parse(localStorage.getItem('stepZeroAnswers')!)).toEqual({ question1: 'Sing in public' });
    expect(localStorage.getItem('stepZeroCurrentQuestion')).toBe('2');
  });

  it('a step change starts the step fresh: no old error, focus on its heading', async () => {
    open('/survey/question/1', { question1: 'Sing in public' });
    next();
    await at('/survey/question/2');
    next(); // question 2 left empty
    expect(document.querySelector('main .field-error')).not.toBeNull();
    await vi.waitFor(() => expect(document.title.startsWith('Error: ')).toBe(true));
    // Back through the browser's history: its popstate comes in a later task.
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Back' }));
      await at('/survey/question/1');
    });
    // Question 1 as new: no error, its heading focused.
    expect(document.querySelector('main .field-error')).toBeNull();
    await vi.waitFor(() => expect(document.title).toBe('Question 1 of 8 – Step Zero'));
    expect(document.activeElement).toBe(heading());
    next();
    await at('/survey/question/2');
    expect(document.querySelector('main .field-error')).toBeNull();
    expect(document.activeElement).toBe(heading());
  });

  it('Other on 4b leads to its own step with the Other... box', async () => {
    open('/survey/question/4b', { question1: 'a', question2: 'b', question3: 'Not Yet' });
    fireEvent.click(screen.getByLabelText('Other'));
    next();
    await at('/survey/question/4b-other');
    expect(screen.getByPlaceholderText('Other...')).toBeTruthy();
    next();
    expect(screen.getByText('Please provide a response')).toBeTruthy();
  });

  it('Yes on 5b reveals the email field with both of its messages', () => {
    open('/survey/question/5b', { question1: 'a', question2: 'b', question3: 'Not Yet', question4b: "I don't have time" });
    expect(screen.queryByLabelText('Email address')).toBeNull();
    fireEvent.click(screen.getByLabelText('Yes'));
    next();
    expect(screen.getByText('Please provide an email address')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'me@example' } });
    next();
    expect(screen.getByText('Please provide a valid email address')).toBeTruthy();
  });

  it('a deep link past the answers goes to the first step needing one', async () => {
    open('/survey/question/7', { question1: 'a' });
    await at('/survey/question/2');
  });

  it('reload restores the step and its answers', async () => {
    open('/survey/question/3', { question1: 'a', question2: 'b', question3: 'Yes' });
    await at('/survey/question/3');
    expect((screen.getByLabelText('Yes') as HTMLInputElement).checked).toBe(true);
  });

  it('/survey/location leads to the "where did you find it" question when reachable', async () => {
    open('/survey/location', { question1: 'a' });
    await at('/survey/question/2');
  });

  it('the age field keeps digits only', () => {
    open('/survey/question/7', { ...yesSet, age: undefined });
    const age = screen.getByLabelText('Age') as HTMLInputElement;
    fireEvent.change(age, { target: { value: '121' } });
    next();
    expect(screen.getByText('Please provide a valid age')).toBeTruthy();
  });
});

describe('submission', () => {
  it('shows SUBMITTED, then PROCESSING, inserts once, and ends on the thank-you page with flags', async () => {
    const fake = open('/survey/question/8', yesSet);
    // A select's change, as the browser sends it.
    const gender = screen.getByLabelText('Gender');
    fireEvent(gender, createEvent.change(gender, { target: { value: 'Female' } }));
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' })); // the guard ignores a second click
    expect(screen.getByText('SUBMITTED')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTime(2250);
    });
    expect(screen.getByText('PROCESSING YOUR RESPONSE')).toBeTruthy();
    expect(screen.getByText('Connecting to database...')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTime(18);
    });
    await act(async () => {
      await vi.runAllTimersAsync();
    });
    await at('/thank-you/completed');
    expect(fake.inserts).toHaveLength(1);
    expect(localStorage.getItem('lastThankYouType')).toBe('completed');
    expect(localStorage.getItem('surveyCompleted')).toBe('true');
  });

  it('gender and consent have separate messages', () => {
    open('/survey/question/8', yesSet);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Please provide a response')).toBeTruthy();
    expect(screen.getByText('You must acknowledge and agree to the Privacy Policy and Terms of Service to continue')).toBeTruthy();
  });
});

describe('pages and banner', () => {
  it('the cookie banner stores the choice and disappears', () => {
    window.history.replaceState(null, '', '/');
    render(<App startup={readStartupState()} ports={fakePorts().ports} />);
    fireEvent.click(screen.getByRole('button', { name: 'Necessary Only' }));
    expect(localStorage.getItem('cookiesAccepted')).toBe('necessary');
    expect(screen.queryByRole('button', { name: 'Accept All' })).toBeNull();
  });

  it('an unknown path shows not-found with a way home', () => {
    open('/nope');
    expect(heading().textContent).toBe('Page not found');
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });

  it('the privacy page has three tabs and the effective date', () => {
    open('/privacy#cookies');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Privacy Policy', 'Terms of Service', 'Cookies Policy']);
    expect(screen.getByRole('tab', { name: 'Cookies Policy' }).getAttribute('aria-selected')).toBe('true');
    // Every panel is in the page (prerendered), only the hash's one shown.
    expect(within(screen.getByRole('tabpanel')).getByText(/Effective date: 08\/20\/2025/)).toBeTruthy();
    expect(screen.getByRole('tabpanel').id).toBe('panel-cookies');
  });

  it('Foundations is shown but inert; the footer has the 2025 copyright and three social links', () => {
    open('/about');
    expect(screen.getByText('Foundations').getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText(/© 2025/)).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(
      expect.arrayContaining(['Avoid Comfort', 'Break Through', 'This is Step Zero']),
    );
  });
});
