// Each screen gets its own document title, so history entries and tabs are distinguishable.
import { useEffect } from 'react';
import type { Route } from './router';

function titleFor(route: Route): string {
  switch (route.name) {
    case 'hero':
      return 'Step Zero: become the best version of yourself';
    case 'about':
      return 'About - Step Zero';
    case 'privacy':
      return 'Privacy, Terms and Cookies - Step Zero';
    case 'intro':
    case 'location':
      return 'Survey - Step Zero';
    case 'question':
      return `Question ${route.step} - Step Zero`;
    case 'thank-you':
      return 'Thank you - Step Zero';
    default:
      return 'Page not found - Step Zero';
  }
}

export function useDocumentTitle(route: Route): void {
  useEffect(() => {
    document.title = titleFor(route);
  }, [route]);
}
