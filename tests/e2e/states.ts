// The page states the accessibility and reflow specs both walk: every question, empty and with
// its error(s) shown, from answers that reach it on the Yes or the Not Yet branch.
import type { Page } from '@playwright/test';
import { expect } from './helpers';

export const yes = {
  question1: 'a',
  question2: 'b',
  question3: 'Yes',
  question4a: 'Neutral',
  question5a: 'Yes',
  question6: 'No',
  age: '30',
};
export const notYet = {
  question1: 'a',
  question2: 'b',
  question3: 'Not Yet',
  question4b: 'Other',
  'answer4b-other': 'x',
  question5b: 'No',
  question6: 'No',
  age: '30',
};
export const next = (page: Page) => page.getByRole('button', { name: /^(Next|Submit)$/ }).click();

export type State = {
  name: string;
  path: string;
  answers?: Record<string, unknown>;
  banner?: boolean;
  act?: (page: Page) => Promise<void>;
};

// Each question with the answers before it (its own left out, so Next shows its error).
const questions: [step: string, answers: Record<string, unknown>][] = [
  ['1', {}],
  ['2', { question1: 'a' }],
  ['3', { question1: 'a', question2: 'b' }],
  ['4a', { ...yes, question4a: undefined }],
  ['4b', { ...notYet, question4b: undefined }],
  ['4b-other', { ...notYet, 'answer4b-other': undefined }],
  ['5a', { ...yes, question5a: undefined }],
  ['5b', { ...notYet, question5b: undefined }],
  ['6', { ...yes, question6: undefined }],
  ['7', { ...yes, age: undefined }],
  ['8', yes],
];

/** Every question empty, then with its error(s) shown (Next pressed). */
export const questionStates: State[] = questions.flatMap(([step, answers]) => [
  { name: `question ${step} empty`, path: `/survey/question/${step}`, answers },
  { name: `question ${step} with its error`, path: `/survey/question/${step}`, answers, act: next },
]);

/** Question 5b answered Yes with the email left empty, after Next: the field open with its error. */
export const emailOpenWithItsError: State = {
  name: 'question 5b with the email field open and its error',
  path: '/survey/question/5b',
  answers: { ...notYet, question5b: undefined },
  act: async (page) => {
    await page.getByRole('radio', { name: 'Yes' }).check();
    await next(page);
  },
};

/** The fallback screen: local storage that throws when read at start. */
export async function openFallbackScreen(page: Page) {
  await page.addInitScript(() => {
    Storage.prototype.getItem = () => {
      throw new Error('storage disabled');
    };
  });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Refresh Page' })).toBeVisible();
}
