// The visible wording of each survey step (spec point 2, word for word). Which steps exist,
// their order and their options come from the engine; this is only what the visitor reads.
import type { StepId } from '../core';

export interface QuestionText {
  title: string;
  hint?: string;
  placeholder?: string;
}

export const QUESTIONS: Record<StepId, QuestionText> = {
  '1': { title: 'What challenge were you given?', placeholder: 'Enter your challenge' },
  '2': { title: 'Where did you find your challenge?', hint: 'For example a friend, a poster or a social media post.' },
  '3': { title: 'Did you complete your challenge?' },
  '4a': { title: 'How would you describe your level of discomfort while completing your challenge' },
  '4b': { title: 'Why not?' },
  '4b-other': { title: 'Why not?', hint: 'You chose Other. Tell us in your own words.', placeholder: 'Other...' },
  '5a': { title: 'Would you complete another Step Zero challenge tomorrow?' },
  '5b': { title: 'Would you like to be reminded to complete your challenge?' },
  '6': { title: 'Do you consent to having your responses anonymously shared online?' },
  '7': { title: 'Age' },
  '8': { title: 'Gender' },
};
