// Each screen gets its own document title and meta description, so history entries, tabs and
// shared links are distinguishable (WCAG 2.4.2). Survey steps set their title in QuestionScreen
// ("Question 3 of 8 – Step Zero", "Error: …" while the step shows an error): only the step
// knows its errors.
import { useEffect } from 'react';
import type { Route } from './router';

export const SITE = 'Step Zero';
export const pageTitle = (name: string, error = false): string => `${error ? 'Error: ' : ''}${name} – ${SITE}`;

const SURVEY = 'Eight short questions about the challenge you were given: did you take it on, and how did it feel?';
export const PAGES: Record<Route['name'], { title: string | null; description: string }> = {
  hero: {
    title: `${SITE}: become the best version of yourself`,
    description: 'Step Zero: take on the challenge you would normally avoid and become the best version of yourself.',
  },
  about: {
    title: pageTitle('About'),
    description: 'Step Zero is a movement for the uncomfortable: avoid comfort, break through, and start with step zero.',
  },
  privacy: {
    title: pageTitle('Privacy, Terms and Cookies'),
    description: "Step Zero's Privacy Policy, Terms of Service and Cookies Policy: what we collect, why, and your rights.",
  },
  intro: { title: pageTitle('Tell us about your challenge'), description: SURVEY },
  location: { title: pageTitle('Tell us about your challenge'), description: SURVEY },
  question: { title: null, description: SURVEY },
  'thank-you': { title: pageTitle('Thank you'), description: 'Thank you for taking part in Step Zero. Follow us for the next challenge.' },
  'not-found': { title: pageTitle('Page not found'), description: 'This page does not exist. Start again from the Step Zero home page.' },
};

/** Sets document.title while `title` is not null, once the screen that has it is shown. */
export function useTitle(title: string | null): void {
  useEffect(() => {
    if (title !== null) document.title = title;
  }, [title]);
}

export function useDocumentTitle(route: Route): void {
  const { title, description } = PAGES[route.name];
  useTitle(title);
  useEffect(() => {
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [description]);
}
